/**
 * The generated pages of `docs/` are what the code and the sample give today: a change of an
 * answer, a parameter, a schema or a message shows up here until `npm run docs` is run.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { generatedDocs } from '../scripts/docs/generate-docs.js'

describe('docs', () => {
  it('are current: npm run docs writes them', async () => {
    for (const [path, text] of Object.entries(await generatedDocs())) {
      const committed = readFileSync(fileURLToPath(new URL(`../${path}`, import.meta.url)), 'utf8')
      expect(committed, `${path} is out of date: run npm run docs`).toBe(text)
    }
  })

  it('show every routed path of the API', async () => {
    const { 'docs/api.md': api } = await generatedDocs()
    for (const path of [
      '/search/suggest',
      '/children',
      '/ancestors',
      '/minimap',
      '/citation',
      '/mylist',
    ]) {
      expect(api).toContain(path)
    }
    expect(api).not.toContain('"detail": "Internal server error."')
  })
})
