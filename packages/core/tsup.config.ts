import { mkdirSync, writeFileSync } from 'node:fs'
import { defineConfig } from 'tsup'
import { jsonSchemaFiles } from './src/json-schemas.js'

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  target: 'node20',
  dts: true,
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
