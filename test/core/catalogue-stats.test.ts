/**
 * `catalogue.stats()` at the scale of a real catalogue: its date coverage is counted in loops,
 * since spreading a value per record into `Math.min` overflows the stack past about 100,000
 * (the site's home page and `catalogue stats` failed at a million documents).
 */
import { describe, expect, it } from 'vitest'
import { Catalogue, type CatalogueDocument } from '../../packages/core/src/index.js'
import { sampleText } from '../helpers/documents.js'

const RECORDS = 200_000

describe('catalogue stats', () => {
  it(`counts the dates of ${RECORDS.toLocaleString('en')} dated records`, () => {
    const agent = sampleText()
      .split('\n')
      .map((line) => (line === '' ? null : (JSON.parse(line) as Record<string, unknown>)))
      .find((document) => document?.['type'] === 'agent')!
    const documents = Array.from({ length: RECORDS }, (_, i) => {
      const year = String(1800 + (i % 200))
      return {
        ...agent,
        uri: `/agents/a${i}`,
        // One title for all: the test is of the dates, and 200,000 distinct titles made the build
        // five times longer.
        title: 'Agent',
        dates: [{ begin: year, end: year, expression: year, label: 'existence', type: 'single' }],
      } as unknown as CatalogueDocument
    })
    const { dates } = Catalogue.fromDocuments(documents).stats()
    expect(dates).toMatchObject({ dated: RECORDS, undated: 0, min: 1800, max: 1999 })
    expect(dates.decades).toHaveLength(20)
    expect(dates.decades[0]).toEqual({ decade: 1800, documents: RECORDS / 20 })
  }, 120_000) // a build of 200,000 documents: about 12 s alone, three times that on a busy machine
})
