import { mkdirSync, writeFileSync } from 'node:fs'
import { defineConfig } from 'tsup'
import { jsonSchemaFiles } from './src/documents/json-schemas.js'

export default defineConfig({
  // The worker that stores documents during a load is a file of its own beside index.js.
  entry: {
    index: 'src/index.ts',
    'document-store-worker': 'src/document-store/document-store-worker.ts',
  },
  format: ['esm'],
  target: 'node20',
  // `@internal` declarations (the catalogue's data, its constructor) stay out of the published types.
  dts: { entry: 'src/index.ts', compilerOptions: { stripInternal: true } },
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
