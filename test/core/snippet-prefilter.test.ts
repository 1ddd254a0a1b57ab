/**
 * The in-memory engine reads into words only the values of a record its index says can show a
 * word of the query (`text/showable-values.ts`); its snippets must be the bytes the snippet maker
 * gives from the whole documents, as the OpenSearch backend calls it. Generated queries (words,
 * phrases exact and sloppy, prefixes, fuzzy words, exclusions, ORs) over the corpus, the sample,
 * and the sample with records made to catch a wrong mapping: notes of paragraphs and list items
 * by turns, empty paragraphs, markup that joins what the index reads apart, values the budget
 * cuts within a word.
 */
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { SNIPPET_TEXT_BUDGET } from '../../packages/core/src/api/snippets.js'
import { analyzerFor, snippetMaker } from '../../packages/core/src/for-backends.js'
import {
  Catalogue,
  type CatalogueDocument,
  loadCatalogue,
  type Page,
  type SearchResult,
} from '../../packages/core/src/index.js'
import { RAC, SAMPLE } from '../helpers/corpus.js'
import { plainDocuments } from '../helpers/levels.js'
import { queryArbitrary } from '../helpers/query-arbitraries.js'

const RUNS = 60

/** The snippets of every result of a query, in memory, beside the maker's from whole documents. */
function bothSnippets(catalogue: Catalogue, query: string) {
  const params = new URLSearchParams({ query, snippets: 'true', limit: '500' })
  const page = catalogue.search(params) as Page<SearchResult>
  const maker = snippetMaker(catalogue.parse('search', params).query, analyzerFor('english'))
  return page.results.map((result) => {
    const component = result.snippets!.find((snippet) => snippet.field === 'component')
    const reference = maker
      ? maker.snippets(
          catalogue.get(result.uri) ?? null,
          component ? catalogue.get(component.uri!)! : null,
        )
      : []
    return { uri: result.uri, shown: result.snippets, reference }
  })
}

function expectSameSnippets(catalogue: Catalogue, query: string) {
  for (const { uri, shown, reference } of bothSnippets(catalogue, query)) {
    expect(JSON.stringify(shown), `${query} ${uri}`).toBe(JSON.stringify(reference))
  }
}

/** A paragraph note, a list note, and a note of both by turns, with empty paragraphs. */
function trickyNotes(words: string): object[] {
  const text = (content: string[]) => ({ type: 'text', content })
  const list = (items: string[]) => ({
    type: 'orderedlist',
    items: items.map((value, at) => (at % 2 ? { label: `(${at})`, value } : { value })),
  })
  const note = (title: string, subnotes: object[]) => ({
    type: 'odd',
    title,
    source: 'archivesspace',
    subnotes,
  })
  return [
    note('Items first', [list([`First item ${words}`, 'Second item']), text(['', words])]),
    note('Empty', [text([])]),
    note('By turns', [
      text([`One ${words}`, '']),
      list(['A list between paragraphs', words]),
      // Words the reader sees (`Correspondence`) that the index reads apart, before a value that
      // makes the record a result of `correspondence | tricky`.
      text(['<emph>Corre</emph>spondence', `Tricky ${words}`, 'corre spondence apart']),
      list([`<p>Item</p>in markup ${words}`]),
    ]),
  ]
}

/**
 * Records whose budget runs out within a word: a title, then a paragraph that leaves `left` code
 * units of the budget to the next, which begins with a long word (`Correspondence` read as
 * `Corre`), and a paragraph without a space.
 */
function cutNotes(left: number): { title: string; notes: object[] } {
  const title = 'Cut records'
  const length = SNIPPET_TEXT_BUDGET - title.length - left
  const filler = `${'papers of the foundation '.repeat(SNIPPET_TEXT_BUDGET / 20).slice(0, length - 1)}x`
  const content = [filler, 'Correspondence of the foundation', 'Correspondence'.repeat(2_000)]
  const subnotes = [{ type: 'text', content }]
  return { title, notes: [{ type: 'odd', title: 'Long', source: 'archivesspace', subnotes }] }
}

/**
 * The sample, its groups' own records (top collections, agents) given by turns tricky notes and
 * notes the budget cuts within a word (an agent then without its description, which the budget
 * reads first), and every seventh collection below tricky notes (a component shown by them).
 */
function trickySample(documents: CatalogueDocument[]): CatalogueDocument[] {
  let records = 0
  let components = 0
  return documents.map((document) => {
    const own = document.type === 'agent' || (document.type === 'collection' && !document.parent)
    if (own) {
      records++
      if (records % 3 === 0) {
        return { ...document, notes: trickyNotes(document.title) } as CatalogueDocument
      }
      if (records % 3 === 1) {
        const { description: _, ...rest } = document as CatalogueDocument & { description?: string }
        return { ...rest, terms: [], ...cutNotes(records % 16) } as CatalogueDocument
      }
      return document
    }
    if (document.type === 'collection' && ++components % 7 === 0) {
      return { ...document, notes: trickyNotes(document.title) } as CatalogueDocument
    }
    return document
  })
}

const FIXTURES: [string, () => Promise<Catalogue>][] = [
  ['the corpus', async () => (await loadCatalogue(RAC)).catalogue],
  ['the sample', async () => (await loadCatalogue(SAMPLE)).catalogue],
  [
    'the sample with tricky notes',
    async () =>
      Catalogue.fromDocuments(
        trickySample((await plainDocuments(SAMPLE)) as unknown as CatalogueDocument[]),
      ),
  ],
]

/** Words markup joins, words a cut makes, and common words, over the tricky records. */
const TRICKY_QUERIES = [
  'correspondence | tricky',
  'correspondence | cut',
  'corre | cut',
  'corr* | cut',
  'correspondance~2 | cut',
  'correspondence',
  'corre',
  'spondence',
  'corr*',
  'correspondance~2',
  'item',
  'papers foundation',
  '"papers of the foundation"',
  '"foundation papers"~3',
  'records -papers',
]

describe('snippets read through the index', () => {
  for (const [name, load] of FIXTURES) {
    describe(`on ${name}`, () => {
      let catalogue: Catalogue

      beforeAll(async () => {
        catalogue = await load()
      }, 60_000)

      it("are the maker's snippets of the whole documents, for generated queries", () => {
        fc.assert(
          fc.property(queryArbitrary(catalogue, { groups: true }), (query) => {
            expectSameSnippets(catalogue, query)
          }),
          { numRuns: RUNS, seed: 20261127 },
        )
      })

      it('are the same for words markup joins, words a cut makes and common words', () => {
        // With records kept from query to query, and with none kept, as on a server whose
        // cache is empty: each record is then read again, or not at all when the index says it
        // shows no word and nothing in it can show one the index reads apart (markup, a cut).
        // The generated queries above meet such records by the hundred.
        for (const share of [1, 0]) {
          catalogue.shareCaches(share)
          for (const query of TRICKY_QUERIES) expectSameSnippets(catalogue, query)
        }
        catalogue.shareCaches(1)
      })
    })
  }
})
