/**
 * `Catalogue.explain`: a document's score as a tree. Its root is the score the ranking reads
 * (exactly, for generated queries over both catalogues) and its places add up to it; the tree
 * names the places, the fields and the words, with each word's BM25 inputs.
 */
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  BadParameterError,
  Catalogue,
  type Explanation,
  loadCatalogue,
  NotFoundError,
} from '../../packages/core/src/index.js'
import { RAC, SAMPLE } from '../helpers/corpus.js'
import { termDocument, termWithNotes } from '../helpers/documents.js'
import { queryArbitrary } from '../helpers/query-arbitraries.js'

/** A term document with notes of its own (the schema allows them on every type here). */
/** Every node of a tree, the root first. */
function nodes(explanation: Explanation): Explanation[] {
  return [explanation, ...explanation.details.flatMap(nodes)]
}

/** The node whose description starts with `start`, below `explanation`. */
function find(explanation: Explanation, start: string): Explanation {
  const found = nodes(explanation).find((node) => node.description.startsWith(start))
  if (!found) throw new Error(`no node "${start}…" in ${JSON.stringify(explanation, null, 1)}`)
  return found
}

/** Each document the query matches, with the score the ranking reads. */
function ranked(catalogue: Catalogue, query: string): Map<string, number> {
  const node = catalogue.parse('search', { query }).query
  const found = new Map<string, number>()
  if (!node) return found
  const matches = catalogue.data.text.search(node)
  matches.ids.forEach((id, i) => {
    found.set(catalogue.data.uris.get(id), matches.scores[i]!)
  })
  return found
}

describe('Catalogue', () => {
  describe('explain', () => {
    for (const [name, path, runs] of [
      ['the corpus', RAC, 60],
      ['the sample', SAMPLE, 40],
    ] as const) {
      describe(name, () => {
        let catalogue: Catalogue
        beforeAll(async () => {
          catalogue = (await loadCatalogue(path)).catalogue
        })

        it('gives the score the ranking reads, its places adding up to it (generated queries)', () => {
          const query = queryArbitrary(catalogue, {
            common: ['rockefeller', 'foundation', 'health', 'records', 'the'],
            groups: true,
          })
          fc.assert(
            fc.property(query, fc.nat(), (q, pick) => {
              const scores = ranked(catalogue, q)
              // At most 20 documents a query: the generated queries reach every kind of place.
              for (const [uri, score] of [...scores].slice(0, 20)) {
                const explanation = catalogue.explain(q, uri)
                expect(explanation?.value, `${q} ${uri}`).toBe(score)
                let sum = 0
                for (const place of explanation!.details) sum += place.value
                // The tree adds in float64; the ranking's shortcuts add the postings' float32
                // scores: they agree to a float32's precision.
                expect(Math.abs(sum - score), `${q} ${uri}`).toBeLessThanOrEqual(
                  Math.abs(score) * 2 ** -23,
                )
              }
              const other = catalogue.data.uris.get(pick % catalogue.size)
              if (!scores.has(other)) expect(catalogue.explain(q, other), q).toBeNull()
            }),
            { numRuns: runs },
          )
        })
      })
    }

    it('names the place, the field and the word, with its boost, idf and tf', () => {
      const catalogue = Catalogue.fromDocuments([
        termDocument('one', 'Malaria papers'),
        termDocument('two', 'Yellow fever papers'),
        termDocument('three', 'Hookworm'),
      ])
      const explanation = catalogue.explain('malaria', '/terms/one')!
      expect(explanation.description).toBe(
        '/terms/one for "malaria": sum of the places it matches in:',
      )
      const place = find(explanation, 'the title and description')
      expect(place.value).toBe(explanation.details[0]!.value)
      const leaf = find(explanation, '"malaria" in the title: boost × idf × tf')
      const [boost, idf, tf] = leaf.details
      expect(boost).toMatchObject({ value: 5, description: "boost, the title's weight" })
      expect(idf!.description).toMatch(/^idf = ln\(1 \+ \(N − n \+ 0\.5\) \/ \(n \+ 0\.5\)\)/)
      expect(idf!.details.map((detail) => [detail.value, detail.description])).toEqual([
        [1, 'n, titles holding "malaria"'],
        [3, 'N, titles in the catalogue'],
      ])
      expect(idf!.value).toBeCloseTo(Math.log(1 + (3 - 1 + 0.5) / (1 + 0.5)), 12)
      const inputs = Object.fromEntries(
        tf!.details.map((d) => [d.description.split(',')[0], d.value]),
      )
      // Titles of 2, 3 and 1 words.
      expect(inputs).toEqual({ freq: 1, k1: 1.2, b: 0.75, dl: 2, avgdl: 2 })
      expect(leaf.value).toBeCloseTo(boost!.value * idf!.value * tf!.value, 12)
      expect(explanation.value).toBe(Math.fround(leaf.value))
    })

    it('averages the notes that match, naming each, and says how many there are', () => {
      const catalogue = Catalogue.fromDocuments([
        termWithNotes('three', 'Papers', ['malaria in Italy', 'yellow fever', 'malaria, malaria']),
        termWithNotes('other', 'Letters', ['hookworm']),
      ])
      const explanation = catalogue.explain('malaria', '/terms/three')!
      const notes = find(explanation, 'notes: average over the 2 of 3 that match')
      expect(notes.details.map((note) => note.description)).toEqual([
        'note 1: "malaria" in this note: boost × idf × tf',
        'note 3: "malaria" in this note: boost × idf × tf',
      ])
      expect(notes.value).toBeCloseTo((notes.details[0]!.value + notes.details[1]!.value) / 2, 12)
      expect(find(notes.details[1]!, 'tf').details[0]).toMatchObject({
        value: 2,
        description: 'freq, occurrences in this note',
      })
    })

    it('explains a phrase, a prefix and a fuzzy word in their own terms', () => {
      const catalogue = Catalogue.fromDocuments([
        termDocument('one', 'History of medicine in Peking'),
        termDocument('two', 'Medicine'),
      ])
      const uri = '/terms/one'
      const phrase = catalogue.explain('"history of medicine"', uri)!
      expect(find(phrase, "idf, the phrase's words' idfs added").details).toHaveLength(2)
      expect(find(phrase, '"histori medicin" in the title')).toBeDefined()
      const prefix = catalogue.explain('pek*', uri)!
      expect(find(prefix, 'pek* in the title').value).toBe(5)
      const fuzzy = catalogue.explain('medicina~1', uri)!
      const word = find(fuzzy, 'medicina~1 in the title: sum of the words it matches there')
      expect(word.details.map((term) => term.description)).toEqual([
        '"medicin" in the title: boost × similarity × idf × tf',
      ])
      expect(find(word, 'similarity').value).toBeCloseTo(1 - 1 / 7, 12)
    })

    it('says why a document found only across places, or only by `*`, scores 0', () => {
      const catalogue = Catalogue.fromDocuments([
        termWithNotes('split', 'Nelson papers', ['Letters to Rockefeller']),
      ])
      const explanation = catalogue.explain('nelson rockefeller', '/terms/split')!
      expect(explanation.value).toBe(0)
      expect(explanation.description).toContain('no place holds the whole query')
      expect(explanation.details).toEqual([])
      expect(catalogue.explain('* -hookworm', '/terms/split')).toEqual({
        value: 0,
        description:
          '/terms/split for "* -hookworm": only `*` and exclusions, which match and score nothing',
        details: [],
      })
    })

    it('is null when the query does not match the document, or has nothing to search', () => {
      const catalogue = Catalogue.fromDocuments([termDocument('one', 'Malaria papers')])
      expect(catalogue.explain('hookworm', '/terms/one')).toBeNull()
      expect(catalogue.explain('the', '/terms/one')).toBeNull()
      expect(catalogue.explain('', '/terms/one')).toBeNull()
      expect(catalogue.explain('-malaria', '/terms/one')).toBeNull()
    })

    it('throws a NotFoundError naming the uri when there is no such document', () => {
      const catalogue = Catalogue.fromDocuments([termDocument('one', 'Malaria papers')])
      expect(() => catalogue.explain('malaria', '/terms/none')).toThrow(NotFoundError)
      expect(() => catalogue.explain('malaria', '/terms/none')).toThrow('/terms/none')
    })

    it('refuses a query the API refuses, naming it', () => {
      const catalogue = Catalogue.fromDocuments([termDocument('one', 'Malaria papers')])
      const long = 'malaria '.repeat(200)
      expect(() => catalogue.explain(long, '/terms/one')).toThrow(BadParameterError)
    })
  })
})
