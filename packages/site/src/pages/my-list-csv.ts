/**
 * A reader's list as CSV (`/mylist.csv?uri=…`), one row a record in the order of the list page:
 * RFC 4180 (a field in quotes when it holds a comma, a quote or a line break, quotes doubled,
 * lines ended by CRLF, a header row), in UTF-8 with a byte-order mark, without which Excel reads
 * the file in the machine's legacy code page and mangles every accent.
 */
import type { ListRead } from '../reads/my-list-reads.js'
import type { Messages } from '../templates/messages.js'

const BOM = '\uFEFF'

/** The CSV of the records read, their URLs on the site at `siteUrl` (no trailing slash). */
export function myListCsv(read: ListRead, t: Messages, siteUrl: string): string {
  const rows: string[][] = [[...t.myList.columns]]
  for (const group of read.groups) {
    for (const record of group.records) {
      rows.push([
        record.title,
        t.type[record.type],
        record.dates,
        group.title,
        record.parent?.title ?? '',
        record.extent,
        record.uri,
        `${siteUrl}${record.uri}`,
      ])
    }
  }
  return BOM + rows.map((row) => `${row.map(field).join(',')}\r\n`).join('')
}

/**
 * One field. A value a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, a tab or a carriage
 * return first) gets a leading `'`, as OWASP's advice on CSV injection has it: a catalogue's
 * titles are written by many hands, and the file is opened by readers.
 */
function field(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}
