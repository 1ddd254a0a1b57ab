import { UsageError } from './usage-errors.js'

/**
 * The nodes of `--opensearch`: each value may name several URLs separated by commas, and the
 * option may be repeated (`--opensearch URL1,URL2`, `--opensearch URL1 --opensearch URL2`).
 * Undefined when the option was not given.
 *
 * Every URL is checked here, before anything connects: the client would take `localhost:9200`
 * (a URL whose scheme is `localhost:`) and fail later with a raw `TypeError`. A node given twice
 * is kept once, in the place it was first given, so the client does not weigh it double.
 * @example openSearchUrls(['http://a:9200,http://b:9200', 'http://a:9200/'], 'push') // ['http://a:9200', 'http://b:9200']
 */
export function openSearchUrls(
  values: readonly string[] | undefined,
  command: string,
): string[] | undefined {
  if (values === undefined || values.length === 0) return undefined
  const given = values.flatMap((value) => value.split(',')).map((url) => url.trim())
  const nodes = new Map<string, string>()
  for (const [i, url] of given.entries()) {
    const key = nodeKey(url)
    if (key === undefined) {
      const which = given.length > 1 ? ` (the ${ordinal(i + 1)} of ${given.length})` : ''
      throw new UsageError(
        `--opensearch expects URLs such as http://127.0.0.1:9200, got '${url}'${which}`,
        command,
      )
    }
    if (!nodes.has(key)) nodes.set(key, url)
  }
  return [...nodes.values()]
}

/**
 * The URLs as the OpenSearch package takes them: one node's URL as a string (a single-node
 * client, as before lists were taken), several as an array.
 */
export function clusterUrl(urls: readonly string[]): string | string[] {
  return urls.length === 1 ? urls[0]! : [...urls]
}

/** What makes two URLs the same node (scheme and host case, a trailing slash); undefined for no URL. */
function nodeKey(url: string): string | undefined {
  if (!URL.canParse(url)) return undefined
  const parsed = new URL(url)
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined
  return parsed.href.replace(/\/+$/, '')
}

/** `1` → `1st`, `2` → `2nd`, `11` → `11th`, `23` → `23rd`. */
function ordinal(n: number): string {
  const tens = n % 100
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')
  return `${n}${suffix}`
}
