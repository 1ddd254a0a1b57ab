/**
 * Writes a synthetic, seeded archival catalogue as NDJSON.
 *
 *   npx tsx scripts/generate-sample.ts [--count N] [--seed S] [--out FILE]
 *
 * Same seed and count, same bytes. See data/README.md.
 */
import { createWriteStream } from 'node:fs'
import { finished } from 'node:stream/promises'
import { parseArgs } from 'node:util'
import { MIN_COUNT } from './sample/catalogue.js'
import { writeCatalogue } from './sample/write.js'

const USAGE = `Usage: npx tsx scripts/generate-sample.ts [--count N] [--seed S] [--out FILE]

Writes a synthetic archival catalogue (agents, terms, collections, objects) as NDJSON.

Options:
  --count N    number of documents, at least ${MIN_COUNT} (default 2000)
  --seed S     integer seed, 0 to 4294967295; same seed and count, same output (default 1)
  --out FILE   where to write, '-' for stdout (default data/sample.ndjson)
  --help       show this help
`

function fail(message: string): never {
  process.stderr.write(`generate-sample: ${message}\n\n${USAGE}`)
  process.exit(2)
}

function integer(name: string, text: string, min: number, max: number): number {
  if (!/^\d+$/.test(text)) fail(`--${name} must be a whole number, got '${text}'`)
  const value = Number(text)
  if (value < min || value > max) fail(`--${name} must be between ${min} and ${max}, got ${text}`)
  return value
}

async function main(): Promise<void> {
  let values: { count?: string; seed?: string; out?: string; help?: boolean }
  try {
    ;({ values } = parseArgs({
      options: {
        count: { type: 'string' },
        seed: { type: 'string' },
        out: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }))
  } catch (error) {
    fail((error as Error).message)
  }
  if (values.help) {
    process.stdout.write(USAGE)
    return
  }
  const count = integer('count', values.count ?? '2000', MIN_COUNT, 100_000_000)
  const seed = integer('seed', values.seed ?? '1', 0, 0xffffffff)
  const out = values.out ?? 'data/sample.ndjson'
  if (out === '') fail('--out must not be empty')

  const started = performance.now()
  const stream = out === '-' ? process.stdout : createWriteStream(out)
  if (stream !== process.stdout) {
    // Fail before generating anything when the file cannot be opened.
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve())
      stream.once('error', reject)
    })
  }
  const summary = await writeCatalogue({ count, seed }, stream)
  if (stream !== process.stdout) {
    stream.end()
    await finished(stream)
  }
  const seconds = (performance.now() - started) / 1000
  const types = Object.entries(summary.byType)
    .map(([type, n]) => `${type} ${n}`)
    .join(', ')
  const megabytes = (summary.bytes / 1024 / 1024).toFixed(1)
  process.stderr.write(
    `generate-sample: ${summary.documents} documents (${types}), ${megabytes} MB ` +
      `in ${seconds.toFixed(1)} s -> ${out === '-' ? 'stdout' : out}\n`,
  )
}

main().catch((error: unknown) => {
  // The reader went away (`... --out - | head`): nothing more to say.
  if ((error as NodeJS.ErrnoException).code === 'EPIPE') process.exit(0)
  process.stderr.write(`generate-sample: ${(error as Error).message ?? String(error)}\n`)
  process.exit(1)
})
