const FLAGS: Record<string, string> = {
  query: '--query',
  sort: '--sort',
  limit: '--limit',
  offset: '--offset',
}

// Written out rather than read from the core's parameter table: this is what a person types.
const FILTERS = [
  'agent',
  'category',
  'creator',
  'end_date',
  'genre',
  'online',
  'start_date',
  'subject',
  'type',
]

/**
 * The command line a person would type for a query string: `query=x` → `--query x`, filters →
 * `--filter name=value`. Unknown parameters, which the API ignores and the CLI refuses as
 * typos, are left out.
 * @example argvOf('query=audio&genre=photographs') // ['--query', 'audio', '--filter', 'genre=photographs']
 */
export function argvOf(query: string): string[] {
  return [...new URLSearchParams(query)].flatMap(([name, value]) => {
    const flag = FLAGS[name]
    if (flag) return [flag, value]
    return FILTERS.includes(name.split('__')[0]!) ? ['--filter', `${name}=${value}`] : []
  })
}
