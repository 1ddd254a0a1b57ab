/**
 * Writes the generated pages of `docs/`: the API reference and the catalogue format, from the
 * code and the sample catalogue. Run: npm run docs (test/docs.test.ts checks they are current).
 */
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { apiReference } from './api-reference.js'
import { catalogueFormat } from './catalogue-format.js'

const root = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url))
const sample = root('data/sample.ndjson')

/** The generated pages: path in the repository → text. */
export async function generatedDocs(): Promise<Record<string, string>> {
  return {
    'docs/api.md': await apiReference(sample),
    'docs/catalogue-format.md': catalogueFormat(sample),
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [path, text] of Object.entries(await generatedDocs())) {
    writeFileSync(root(path), text)
    console.log(`wrote ${path} (${text.length.toLocaleString('en')} characters)`)
  }
}
