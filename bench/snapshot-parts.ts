/**
 * What each record of a snapshot file weighs on disk (the parts of `STORED_PARTS`, a list's
 * chunks added up), largest first; with `--compressibility`, what gzip (level 6) and brotli
 * (quality 5) would make of each, estimated from its first 4 MiB: where a codec would pay.
 *
 *   node --import tsx bench/snapshot-parts.ts catalogue.snapshot [--compressibility]
 */
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { compressibility: { type: 'boolean', default: false } },
})
const file = readFileSync(positionals[0]!)
const SAMPLE = 4 * 2 ** 20

/** Each record's bytes and, when asked, its estimated compressed bytes, by record name. */
const parts = new Map<string, { bytes: number; gzip: number; brotli: number }>()
// After the format line, each record: u32 name length, name, u8 kind, u32 × 2 payload length,
// payload, padding to 8 bytes (`catalogue-data/snapshot-file.ts`).
let at = file.indexOf(10) + 1
while (at < file.length) {
  const nameLength = file.readUInt32LE(at)
  const name = file.toString('utf8', at + 4, at + 4 + nameLength)
  const lengthAt = at + 4 + nameLength + 1
  const length = file.readUInt32LE(lengthAt) + file.readUInt32LE(lengthAt + 4) * 2 ** 32
  const payload = file.subarray(lengthAt + 8, lengthAt + 8 + length)
  at = lengthAt + 8 + length + ((8 - (length % 8)) % 8)
  const part = parts.get(name) ?? { bytes: 0, gzip: 0, brotli: 0 }
  part.bytes += length
  if (values.compressibility && length > 0) {
    const sample = payload.subarray(0, SAMPLE)
    const brotli = brotliCompressSync(sample, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5 },
    })
    part.gzip += (length * gzipSync(sample, { level: 6 }).length) / sample.length
    part.brotli += (length * brotli.length) / sample.length
  }
  parts.set(name, part)
}

const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1)
console.log(`${positionals[0]}: ${mib(file.length)} MiB\n`)
console.log(
  values.compressibility
    ? '| record | MiB | share | gzip 6 MiB | brotli 5 MiB |\n|---|---:|---:|---:|---:|'
    : '| record | MiB | share |\n|---|---:|---:|',
)
for (const [name, part] of [...parts].sort((a, b) => b[1].bytes - a[1].bytes)) {
  // Records under 0.1 MiB are left out.
  if (part.bytes < 0.1 * 2 ** 20) continue
  const share = `${((100 * part.bytes) / file.length).toFixed(1)}%`
  const estimates = values.compressibility ? ` ${mib(part.gzip)} | ${mib(part.brotli)} |` : ''
  console.log(`| ${name} | ${mib(part.bytes)} | ${share} |${estimates}`)
}
