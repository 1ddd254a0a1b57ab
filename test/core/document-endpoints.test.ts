/**
 * The lists and details of every document type, suggestions, citations and saved lists, on the
 * real corpus and the sample; lists against the brute-force evaluator.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { citationTitle, joinHierarchy } from '../../packages/core/src/api/citation.js'
import {
  type Catalogue,
  type CatalogueDocument,
  checkCatalogue,
  describeWarning,
  loadCatalogue,
  NotFoundError,
  responseSchemas,
} from '../../packages/core/src/index.js'
import { bruteList, type PlainDocument } from '../helpers/brute-force.js'
import { containsWord } from '../helpers/brute-text.js'
import { RAC, SAMPLE } from '../helpers/corpus.js'

let corpus: Catalogue
let sample: Catalogue
let sampleDocuments: CatalogueDocument[]

const readNdjson = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as CatalogueDocument)

beforeAll(async () => {
  corpus = (await loadCatalogue(RAC)).catalogue
  sample = (await loadCatalogue(SAMPLE)).catalogue
  sampleDocuments = readNdjson(SAMPLE)
})

const idOf = (uri: string) => uri.slice(uri.lastIndexOf('/') + 1)

describe('Catalogue', () => {
  describe('objects, agents and terms lists', () => {
    const cases: ['objects' | 'agents' | 'terms', string][] = [
      ['objects', ''],
      ['objects', 'genre=photographs&sort=-start_date'],
      ['objects', 'online=true&sort=title'],
      ['objects', 'start_date__range=1900__1920&sort=end_date'],
      ['objects', 'subject__exclude=Malaria&sort=-title'],
      ['agents', ''],
      ['agents', 'agent_type=person&sort=title'],
      ['agents', 'agent_type__in=organization__family&sort=-title'],
      ['agents', 'title__prefix=H&sort=title'],
      ['agents', 'title__wildcard=*Foundation&sort=-end_date'],
      ['agents', 'start_date__lt=1900&sort=start_date'],
      ['agents', 'sort=type,-title'],
      ['agents', 'title__exclude=Hall Foundation&agent_type=organization'],
      ['terms', ''],
      ['terms', 'term_type=geographic&sort=title'],
      ['terms', 'term_type__exclude=topical&sort=-title'],
      ['terms', 'title=Malaria'],
      ['terms', 'title__in=Malaria__Public health__Nowhere'],
    ]
    it.each(cases)('/%s?%s answers as the brute force on the sample', (endpoint, query) => {
      const params = new URLSearchParams(query)
      params.set('limit', '500')
      const page = sample[endpoint](params)
      const expected = bruteList(sampleDocuments as unknown as PlainDocument[], endpoint, [
        ...params,
      ])
      expect(page.count).toBe(expected.length)
      expect(page.results.map((item) => item.uri)).toEqual(expected.slice(0, 500))
      expect(page.facets).toEqual({})
    })

    it('narrows a list by the query', () => {
      const page = sample.agents({ query: 'foundation', limit: 500 })
      const expected = sampleDocuments.filter(
        (document) => document.type === 'agent' && containsWord(document as never, 'foundation'),
      )
      expect(page.count).toBe(expected.length)
      expect(new Set(page.results.map((item) => item.uri))).toEqual(
        new Set(expected.map((document) => document.uri)),
      )
    })

    it('refuses what the reference service does not allow on each list', () => {
      expect(() => sample.terms({ sort: 'start_date' })).toThrow(/unknown sort field/)
      // (Plain objects are typed per endpoint: these names only get through URLSearchParams.)
      const params = (query: string) => new URLSearchParams(query)
      expect(() => sample.agents(params('agent_type__gte=x'))).toThrow(/does not support/)
      // A filter of another list is ignored, as unknown parameters are.
      expect(sample.terms(params('agent_type=person')).count).toBe(sample.terms({}).count)
    })

    it('shows dates as null where there are none, as the reference does: terms, undated agents', () => {
      expect(sample.terms({ limit: 1 }).results[0]!.dates).toBeNull()
      const agents = sample.agents({ limit: 500 }).results
      const dated = agents.filter((agent) => agent.dates !== null)
      expect(dated.length).toBeGreaterThan(0)
      expect(dated.every((agent) => agent.dates!.length > 0)).toBe(true)
      expect(agents.some((agent) => agent.dates === null)).toBe(true)
    })
  })

  describe('a query of stop words only', () => {
    it('matches nothing and counts 0 hits, as Elasticsearch does, instead of everything', () => {
      expect(sample.search({ query: 'the' })).toMatchObject({ count: 0, results: [] })
      expect(sample.search({ query: 'of the | and' }).count).toBe(0)
      expect(sample.collections({ query: 'the' }).count).toBe(0)
      expect(sample.facets({ query: 'the' })).toMatchObject({
        online: { doc_count: 0 },
        min_date: { value: null },
        format: [],
      })
      const children = sample.children('xVJyUuJNfsVyjdZikFSn6G', { query: 'the' })
      expect(children.count).toBeGreaterThan(0)
      expect(children.results.every((item) => item.hit_count === 0)).toBe(true)
      // Punctuation or operators alone match nothing too, as in the reference; a blank query is
      // no query at all: everything, without hit counts.
      for (const query of ['!!', '((', '-', '|', '+++']) {
        expect(sample.search({ query }), query).toMatchObject({ count: 0, results: [] })
        expect(sample.collections({ query }).count, query).toBe(0)
      }
      expect(sample.search({ query: '  ' }).results[0]!.hit_count).toBeNull()
    })
  })

  describe('details', () => {
    const SHAPES = {
      collection: responseSchemas.collectionDetail,
      object: responseSchemas.objectDetail,
      agent: responseSchemas.agentDetail,
      term: responseSchemas.termDetail,
    }

    it('answers every document of the corpus and the sample in its schema’s key order', () => {
      for (const catalogue of [corpus, sample]) {
        for (let index = 0; index < catalogue.size; index++) {
          const document = catalogue.document(index)
          const { type, uri } = document
          const detail = catalogue.detail(type, idOf(uri)) as unknown as Record<string, unknown>
          // `files` as the document holds it, `[]` included (the reference's serializer).
          const expected = Object.keys(SHAPES[type].properties).filter(
            (key) => key !== 'files' || key in document,
          )
          expect(Object.keys(detail), uri).toEqual(expected)
          expect(detail.uri).toBe(uri)
        }
      }
    })

    it('shows an object’s files, `[]` when its document has none, and an agent’s own fields', () => {
      const online = sampleDocuments.find(
        (document) => document.type === 'object' && document.files && document.files.length > 0,
      )!
      expect(sample.object(idOf(online.uri)).files!.length).toBeGreaterThan(0)
      const documents = Array.from({ length: corpus.size }, (_, index) => corpus.document(index))
      const withNone = documents.find(
        (document) => document.type === 'object' && document.files?.length === 0,
      )!
      expect(corpus.object(idOf(withNone.uri)).files).toEqual([])
      const agent = corpus.agent('4HyzLLjm5KXGNaM2iKttoG')
      expect(agent).toMatchObject({
        title: 'Carol Kinzel Uht',
        agent_type: 'person',
        authorized_name: 'Uht, Carol Kinzel',
        offset: null,
        notes: null,
      })
      expect(corpus.term('2sikrnarrmY8ijRDvkShqg')).toMatchObject({
        term_type: 'topical',
        collections: null,
        objects: null,
      })
    })

    it('answers a list the document has empty as null, as the reference does', () => {
      // Every object of the corpus has `extents: []` and every agent but a few `dates: []`.
      const object = corpus.object('2tCPMsahXfUURDNEMLUFYs')
      expect(object.extents).toBeNull()
      const undated = corpus.agents({ limit: 500 }).results.find((item) => item.dates === null)!
      expect(corpus.agent(idOf(undated.uri)).dates).toBeNull()
      const dated = sample.agents({ limit: 500 }).results.find((item) => item.dates !== null)!
      expect(sample.agent(idOf(dated.uri)).dates!.length).toBeGreaterThan(0)
      expect(corpus.myList([object.uri])[0]!.items[0]!.extents).toBeNull()
    })

    it('answers `agents` as the document’s own list: null, though it names people', () => {
      const collection = corpus.collection('Zivy3B6P5nBaZ24Kb8cWEq')
      expect(collection.creators!.length).toBeGreaterThan(0)
      expect(collection.agents).toBeNull()
      for (let index = 0; index < corpus.size; index++) {
        const { type, uri } = corpus.document(index)
        if (type !== 'collection' && type !== 'object') continue
        expect(corpus.detail(type, idOf(uri)) as { agents: unknown }, uri).toMatchObject({
          agents: null,
        })
      }
    })

    it('is a NotFoundError for an unknown id or a document of another type', () => {
      expect(() => corpus.object('Zivy3B6P5nBaZ24Kb8cWEq')).toThrow(NotFoundError)
      expect(() => corpus.collection('2tCPMsahXfUURDNEMLUFYs')).toThrow(NotFoundError)
      expect(() => corpus.agent('2sikrnarrmY8ijRDvkShqg')).toThrow(NotFoundError)
      expect(() => corpus.term('nosuch')).toThrow(NotFoundError)
    })
  })

  describe('suggest', () => {
    /** Title words of the sample, from the documents (not from the engine). */
    let words: Map<string, number>
    beforeAll(() => {
      words = new Map()
      for (const document of sampleDocuments) {
        const seen = new Set(document.title.toLowerCase().match(/[a-z]+/g) ?? [])
        for (const word of seen) words.set(word, (words.get(word) ?? 0) + 1)
      }
    })

    it('suggests a title word for one- and two-letter typos', () => {
      const typos: [string, string][] = [
        ['malria', 'malaria'], // a deletion
        ['photogrphs', 'photographs'],
        ['fondation', 'foundation'],
        ['foudnation', 'foundation'], // a transposition counts as one edit
        ['corresppndence', 'correspondence'], // a substitution and an insertion
        ['agriclture', 'agriculture'],
      ]
      for (const [typo, word] of typos) {
        expect(words.has(word), word).toBe(true)
        const [entry] = sample.suggest(typo).title_suggest
        expect(entry!.text).toBe(typo)
        expect(
          entry!.options.map((option) => option.text),
          typo,
        ).toContain(word)
        const option = entry!.options.find((o) => o.text === word)!
        expect(option.freq).toBe(words.get(word))
      }
    })

    it('gives no options to a word in the titles, to a short word, or across the first letter', () => {
      const { title_suggest } = sample.suggest('Malaria the hte zoundation')
      expect(title_suggest.map((entry) => [entry.text, entry.offset, entry.length])).toEqual([
        ['malaria', 0, 7],
        ['the', 8, 3],
        ['hte', 12, 3],
        ['zoundation', 16, 10],
      ])
      expect(title_suggest.map((entry) => entry.options.length)).toEqual([0, 0, 0, 0])
    })

    it('ranks by distance, then frequency, at most five, with Elasticsearch’s score', () => {
      for (const word of ['recods', 'sceince', 'reprts', 'colection', 'pubic']) {
        const { options } = sample.suggest(word).title_suggest[0]!
        expect(options.length).toBeLessThanOrEqual(5)
        const distances = options.map((option) =>
          Math.round((1 - option.score) * Math.min(word.length, option.text.length)),
        )
        for (let i = 1; i < options.length; i++) {
          expect(
            distances[i]! > distances[i - 1]! || options[i]!.freq <= options[i - 1]!.freq,
          ).toBe(true)
          expect(distances[i]!).toBeGreaterThanOrEqual(distances[i - 1]!)
        }
        for (const option of options) {
          expect(option.text[0]).toBe(word[0])
          expect(option.score).toBeGreaterThanOrEqual(0.5)
        }
      }
    })

    it('answers an empty list for empty text', () => {
      expect(sample.suggest('')).toEqual({ title_suggest: [] })
      expect(sample.suggest('  ,, ')).toEqual({ title_suggest: [] })
    })
  })

  describe('citation', () => {
    it('joins title and dates, ancestors without repeated prefixes, repository and URL', () => {
      const object = sampleDocuments.find(
        (document) => document.type === 'object' && document.parent,
      ) as CatalogueDocument & { dates: { expression: string }[] }
      const citation = sample.citation('object', idOf(object.uri), {
        repositoryName: 'Example Archive',
        publicUrl: 'https://archive.example.org/',
        separator: ' | ',
      })
      const parts = citation.split(' | ')
      expect(parts[0]).toBe(`${object.title}, ${object.dates.map((d) => d.expression).join(', ')}`)
      expect(parts.at(-2)).toBe('Example Archive')
      expect(parts.at(-1)).toBe(`https://archive.example.org${object.uri}`)
      expect(parts.length).toBeGreaterThan(3)
    })

    it('leaves out what is empty: no ancestors at the top level, no name unless given', () => {
      expect(
        corpus.citation('collection', 'ntnzqFH9UU4BDwiYxgjaUN', { baseUrl: 'http://api' }),
      ).toBe(
        `${corpus.collection('ntnzqFH9UU4BDwiYxgjaUN').title}, ${corpus
          .collection('ntnzqFH9UU4BDwiYxgjaUN')
          .dates!.map((d) => d.expression)
          .join(', ')}; http://api/collections/ntnzqFH9UU4BDwiYxgjaUN`,
      )
      expect(corpus.citation('term', '2sikrnarrmY8ijRDvkShqg', { baseUrl: 'http://api' })).toBe(
        'Developing countries; http://api/terms/2sikrnarrmY8ijRDvkShqg',
      )
    })

    it('removes repeated prefixes as the reference service does', () => {
      expect(joinHierarchy(['Europe', 'Europe, France', 'Europe, France, Paris'], ', ')).toBe(
        'Europe, France, Paris',
      )
      expect(joinHierarchy(['Apple', 'Banana', 'Cherry'], ' > ')).toBe('Apple > Banana > Cherry')
      expect(joinHierarchy(['A', 'A-B', 'A-B-C'], '-')).toBe('A-B-C')
      expect(joinHierarchy(['A', 'A'], ' > ')).toBe('A')
      expect(citationTitle('foo', 'bar')).toBe('foo, bar')
      expect(citationTitle('foo', '')).toBe('foo')
      expect(citationTitle('', 'bar')).toBe('bar')
      expect(citationTitle('1950', '1950')).toBe('1950')
    })
  })

  describe('myList', () => {
    it('groups saved collections and objects by top-level collection, skipping the rest', () => {
      const objects = sampleDocuments.filter((document) => document.type === 'object')
      const [first, second] = [objects[0]!, objects.at(-1)!]
      const list = sample.myList([
        first.uri,
        '/objects/nosuch',
        '/agents/FfKNrySoKER3PujF3a3pRx',
        second.uri,
        `${first.uri}/`,
      ])
      expect(list.map((group) => group.title)).toEqual([first.group.title, second.group.title])
      expect(list[0]!.items.map((item) => item.uri)).toEqual([first.uri, first.uri])
      const item = list[0]!.items[0]!
      expect(item).toMatchObject({
        title: first.title,
        parent_ref: `/collections/${idOf((first as { parent: string }).parent)}`,
        online: (first as { online: boolean }).online,
      })
      expect(Object.keys(item)).toEqual(
        Object.keys(responseSchemas.myList.items.properties.items.items.properties),
      )
      expect(sample.myList([])).toEqual([])
    })
  })
})

describe('loading', () => {
  it('warns about a parent missing from the catalogue, keeps the document, names the line', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'catalogue-warn-'))
    const file = join(directory, 'catalogue.ndjson')
    const documents = readNdjson(SAMPLE).slice(0, 400)
    const orphan = documents.findIndex((document) => document.type === 'object')
    ;(documents[orphan] as { parent: string }).parent = '/collections/missing'
    writeFileSync(file, `${documents.map((document) => JSON.stringify(document)).join('\n')}\n`)
    const { catalogue, warnings } = await loadCatalogue(file)
    expect(warnings).toHaveLength(1)
    expect(describeWarning(warnings[0]!)).toBe(
      `${file}:${orphan + 1} (${documents[orphan]!.uri}) parent /collections/missing is not in the catalogue; the document is treated as top-level`,
    )
    expect(catalogue.size).toBe(400)
    expect(catalogue.ancestors('object', idOf(documents[orphan]!.uri))).toEqual({})
    const checked = await checkCatalogue(file)
    expect(checked.invalid).toEqual([])
    expect(checked.warnings.map(describeWarning)).toEqual(warnings.map(describeWarning))
  })

  it('has no warnings for the corpus and the sample', async () => {
    expect((await loadCatalogue(RAC)).warnings).toEqual([])
    expect((await loadCatalogue(SAMPLE)).warnings).toEqual([])
  })
})
