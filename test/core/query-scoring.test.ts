/**
 * The stages of scoring, as tantivy names them: the query bound to the index's statistics
 * (`QueryWeight`), one document scored with it (`DocumentScorer`), and the galloping search both
 * the scorer and the set operations step through postings with. test/core/ranking.test.ts holds
 * the scores themselves to the shortcuts and the reference.
 */
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { Catalogue, loadCatalogue } from '../../packages/core/src/index.js'
import { DocumentScorer } from '../../packages/core/src/text/document-scorer.js'
import { DocumentTokens } from '../../packages/core/src/text/document-tokens.js'
import { idf } from '../../packages/core/src/text/lucene-bm25.js'
import { QueryScorer } from '../../packages/core/src/text/query-scorer.js'
import { QueryWeight } from '../../packages/core/src/text/query-weight.js'
import { fieldScorers } from '../../packages/core/src/text/score-postings.js'
import { FIELD, TEXT_FIELDS } from '../../packages/core/src/text/stored-text-index.js'
import { gallopTo } from '../../packages/core/src/util/gallop.js'
import { RAC } from '../helpers/corpus.js'
import { termDocument } from '../helpers/documents.js'

describe('gallopTo', () => {
  it('finds the first id not below the target between any cursor and end', () => {
    const sorted = fc.uniqueArray(fc.nat(2000), { maxLength: 400 }).map((ids) => {
      return Uint32Array.from(ids.sort((a, b) => a - b))
    })
    fc.assert(
      fc.property(sorted, fc.nat(2100), fc.nat(), fc.nat(), (ids, target, a, b) => {
        const from = a % (ids.length + 1)
        const end = from + (b % (ids.length - from + 1))
        let expected = from
        while (expected < end && ids[expected]! < target) expected++
        expect(gallopTo(ids, target, from, end)).toBe(expected)
        if (end === ids.length) expect(gallopTo(ids, target, from)).toBe(expected)
      }),
      { numRuns: 2000 },
    )
  })
})

describe('QueryWeight', () => {
  const catalogue = Catalogue.fromDocuments([
    termDocument('one', 'Malaria papers'),
    termDocument('two', 'Malaria'),
    termDocument('three', 'Hookworm'),
  ])
  const parts = catalogue.data.text.parts
  const weightOf = (query: string, slotOf = new Int32Array(parts.terms.length).fill(-1)) =>
    new QueryWeight(catalogue.parse('search', { query }).query!, parts, slotOf)

  it("binds each word to its field's boost × idf, per field, once per query", () => {
    const leaf = weightOf('malaria').leaves[0]!
    expect(leaf.kind).toBe('term')
    if (leaf.kind !== 'term') return
    expect(leaf.weights[FIELD.title]).toBe(5 * idf(2, 3))
    // No description holds it: the idf of a word no document holds, weighed 1.
    expect(leaf.weights[FIELD.description]).toBe(idf(0, 0))
    expect(leaf.weights).toHaveLength(TEXT_FIELDS.length)
  })

  it("frees its terms' slots when released, for the next query", () => {
    const slotOf = new Int32Array(parts.terms.length).fill(-1)
    const weight = weightOf('malaria "malaria papers" hookworm', slotOf)
    expect(weight.slotTerms).toHaveLength(3)
    expect([...slotOf].filter((slot) => slot !== -1)).toHaveLength(3)
    weight.release()
    expect([...slotOf].every((slot) => slot === -1)).toBe(true)
  })

  it('reads a tree of words as words only, and one with an exclusion as not', () => {
    expect(weightOf('malaria | hookworm').onlyWords).toBe(true)
    expect(weightOf('malaria -hookworm').onlyWords).toBe(false)
    expect(weightOf('malaria -hookworm').emptyScore).toBeNaN()
    expect(weightOf('malaria | -hookworm').emptyScore).toBe(0)
  })
})

describe('DocumentScorer', () => {
  let catalogue: Catalogue
  beforeAll(async () => {
    catalogue = (await loadCatalogue(RAC)).catalogue
  })

  it('scores each document as the query scorer does when it reads them back', () => {
    const { text } = catalogue.data
    const scorer = new QueryScorer(text.parts, (prefix) => text.prefixTerms(prefix))
    const tokens = new DocumentTokens(text.parts)
    const scorers = fieldScorers(text.parts)
    for (const query of ['rockefeller', '"nelson rockefeller"~2', 'found* health', 'rockefelr~1']) {
      const node = catalogue.parse('search', { query }).query!
      const matches = text.evaluate(node)
      const readBack = scorer.score(node, matches, true)
      const weight = new QueryWeight(
        node,
        text.parts,
        new Int32Array(text.parts.terms.length).fill(-1),
      )
      const documents = new DocumentScorer(weight, tokens, scorers)
      expect(matches.ids.length, query).toBeGreaterThan(0)
      matches.ids.forEach((id, i) => {
        expect(Math.fround(documents.score(id)), query).toBe(readBack.scores[i])
      })
    }
  })
})
