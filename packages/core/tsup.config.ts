import { mkdirSync, writeFileSync } from 'node:fs'
import { defineConfig } from 'tsup'
import { jsonSchemaFiles } from './src/documents/json-schemas.js'

export default defineConfig({
  // The two doors (`.` and `./backend`, sharing their code in chunks) and the workers of a load
  // (the one that stores documents, those that read them), each a file of its own beside index.js.
  entry: {
    index: 'src/index.ts',
    'for-backends': 'src/for-backends.ts',
    'document-store-worker': 'src/document-store/document-store-worker.ts',
    'document-batch-worker': 'src/catalogue-data/document-batch-worker.ts',
  },
  format: ['esm'],
  target: 'node20',
  // `@internal` declarations (the catalogue's data, its constructor) stay out of the published types.
  dts: {
    entry: { index: 'src/index.ts', 'for-backends': 'src/for-backends.ts' },
    compilerOptions: { stripInternal: true },
  },
  clean: true,
  sourcemap: true,
  // The JSON Schemas editors validate documents with, published as `schemas/*.json`.
  async onSuccess() {
    mkdirSync('schemas', { recursive: true })
    for (const [name, schema] of Object.entries(jsonSchemaFiles())) {
      writeFileSync(`schemas/${name}`, `${JSON.stringify(schema, null, 2)}\n`)
    }
  },
})
