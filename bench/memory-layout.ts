/**
 * What a catalogue holds in memory, part by part: the bytes of its typed arrays and the
 * characters of its strings, summed under each field of the catalogue's data (and of the
 * document store and the text index, part by part). A string also costs V8 a header of about
 * 16 bytes and the pointer to it 8. DESIGN.md's byte counts come from here.
 *
 *   node --import tsx bench/memory-layout.ts catalogue.snapshot
 */
import { loadSnapshot } from '../packages/core/src/index.js'

const catalogue = await loadSnapshot(process.argv[2]!)
const data = catalogue.data as unknown as Record<string, unknown>

/** A number for each buffer seen, to tell two views of the same bytes. */
const bufferIds = new WeakMap<ArrayBufferLike, number>()
let buffers = 0

/**
 * Typed-array bytes and string characters reachable from a value (each object counted once, and
 * two views of the same bytes, such as a `Buffer` over a `Uint8Array`, once).
 */
function sizeOf(value: unknown, seen = new Set<unknown>()): { bytes: number; strings: number } {
  if (typeof value === 'string') return { bytes: 0, strings: value.length }
  if (value === null || typeof value !== 'object' || seen.has(value))
    return { bytes: 0, strings: 0 }
  seen.add(value)
  if (ArrayBuffer.isView(value)) {
    if (!bufferIds.has(value.buffer)) bufferIds.set(value.buffer, buffers++)
    const range = `${bufferIds.get(value.buffer)}:${value.byteOffset}:${value.byteLength}`
    if (seen.has(range)) return { bytes: 0, strings: 0 }
    seen.add(range)
    return { bytes: value.byteLength, strings: 0 }
  }
  const total = { bytes: 0, strings: 0 }
  const children =
    value instanceof Map ? [...value.keys(), ...value.values()] : Object.values(value)
  for (const child of children) {
    const size = sizeOf(child, seen)
    total.bytes += size.bytes
    total.strings += size.strings
  }
  return total
}

const rows: [string, { bytes: number; strings: number }][] = []
for (const [name, value] of Object.entries(data)) {
  // `stored` holds the parts listed one by one here; `types` is four strings referred to.
  if (name === 'stored' || name === 'types') continue
  if (name === 'documents' || name === 'text') {
    const parts = (value as { parts: Record<string, unknown> }).parts
    for (const [part, stored] of Object.entries(parts))
      rows.push([`${name}.${part}`, sizeOf(stored)])
  } else {
    rows.push([name, sizeOf(value)])
  }
}
const mib = (n: number) => (n / 2 ** 20).toFixed(1)
console.log(`${catalogue.size.toLocaleString('en')} documents\n`)
console.log('| part | typed arrays MiB | string chars M |\n|---|---:|---:|')
for (const [name, { bytes, strings }] of rows.sort(
  (a, b) => b[1].bytes + b[1].strings - (a[1].bytes + a[1].strings),
)) {
  // Parts under 0.1 MiB and 100,000 characters are left out.
  if (bytes < 0.1 * 2 ** 20 && strings < 100_000) continue
  console.log(`| ${name} | ${mib(bytes)} | ${(strings / 1e6).toFixed(1)} |`)
}
const total = rows.reduce(
  (sum, [, size]) => ({ bytes: sum.bytes + size.bytes, strings: sum.strings + size.strings }),
  { bytes: 0, strings: 0 },
)
console.log(`| total | ${mib(total.bytes)} | ${(total.strings / 1e6).toFixed(1)} |`)
