/** Where each document of a load was read (`DocumentSources`): given back as it was added. */
import { describe, expect, it } from 'vitest'
import { DocumentSources } from '../../packages/core/src/input/document-sources.js'
import type { DocumentSource } from '../../packages/core/src/input/read-documents.js'

describe('DocumentSources', () => {
  it('gives back each source as it was added, by position', () => {
    const added: DocumentSource[] = [
      { file: 'a.ndjson', line: 1 },
      { file: 'b.json', index: 0 },
      { file: 'a.ndjson', line: 2_000_000 },
      { file: 'finding-aid.xml', line: 12, column: 40 },
      { file: 'single.json' },
    ]
    const sources = new DocumentSources()
    expect(added.map((source) => sources.add(source))).toEqual([0, 1, 2, 3, 4])
    expect(added.map((_, position) => sources.get(position))).toEqual(added)
  })
})
