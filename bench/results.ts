/**
 * Where every benchmark writes its figures: an entry appended to `<out>.json` (a JSON array of
 * runs) and a section appended to `<out>.md` (bench/RESULTS by default), and printed.
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs'

/** Appends one run's entry and its Markdown section; `head` starts a new Markdown file. */
export function appendResults(out: string, entry: unknown, markdown: string, head = ''): void {
  const json = `${out}.json`
  const earlier: unknown[] = existsSync(json) ? JSON.parse(readFileSync(json, 'utf8')) : []
  writeFileSync(json, `${JSON.stringify([...earlier, entry], null, 2)}\n`)
  if (head !== '' && !existsSync(`${out}.md`)) writeFileSync(`${out}.md`, head)
  appendFileSync(`${out}.md`, markdown)
  console.log(markdown)
}
