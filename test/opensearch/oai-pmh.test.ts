/**
 * OAI-PMH on OpenSearch: the same records, sets and lists as the in-memory engine (datestamps
 * aside: each backend stamps its own loads), every answer valid; every error condition answered
 * with its code, byte for byte as in memory (the response date aside); the datestamps a push
 * keeps (the same content pushed again) and moves (a changed document); a token from before a
 * push refused as in memory; and a real harvester (Sickle) gets every record once, in each
 * format.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadCatalogue } from '@archive-catalogue/core'
import { type App, createApp, listen } from '@archive-catalogue/http'
import { OpenSearchBackend, pushCatalogue } from '@archive-catalogue/opensearch'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateCatalogue } from '../../scripts/sample/catalogue.js'
import { SAMPLE } from '../helpers/corpus.js'
import { harvestWithSickle } from '../helpers/oai-harvester.js'
import { oaiSchemaErrors } from '../helpers/oai-schema.js'
import { bothBackends, openSearchNode } from '../helpers/opensearch.js'
import { schemaErrors } from '../helpers/xml-schemas.js'

const node = openSearchNode('OAI-PMH on OpenSearch')
const TOP = 'xVJyUuJNfsVyjdZikFSn6G'
const id = (uri: string) => `oai:archive-catalogue.local:${uri.slice(1)}`

function values(xml: string, name: string): string[] {
  return [...xml.matchAll(new RegExp(`<${name}(?: [^>]*)?>([^<]*)</${name}>`, 'g'))].map(
    (match) => match[1]!,
  )
}

type Requester = { request(url: string): Promise<Response> }

/** An answer as both backends must give it alike: its date, and a token it echoes, left out. */
function comparable(xml: string, token?: string): string {
  const dated = xml.replace(/<responseDate>[^<]*<\/responseDate>/, '<responseDate/>')
  return token ? dated.replaceAll(token, 'TOKEN') : dated
}

function errorCodes(xml: string): string[] {
  return [...xml.matchAll(/<error code="(\w+)"/g)].map((match) => match[1]!)
}

/** A resumption token's fields, and a token of other fields. */
const tokenState = (token: string) =>
  JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as Record<string, unknown>
const tokenOf = (state: Record<string, unknown>) =>
  Buffer.from(JSON.stringify(state)).toString('base64url')

/** The first resumption token of a list. */
async function firstToken(app: App, query: string): Promise<string> {
  const token = values(await (await app.request(`/oai?${query}`)).text(), 'resumptionToken')[0]
  expect(token, query).toBeTruthy()
  return token!
}

async function harvest(app: Requester, query: string) {
  const identifiers: string[] = []
  const pages: string[] = []
  let next = query
  for (;;) {
    const xml = await (await app.request(`/oai?${next}`)).text()
    pages.push(xml)
    identifiers.push(...values(xml, 'identifier'))
    const token = values(xml, 'resumptionToken')[0]
    if (!token) break
    next = `verb=${query.split('&')[0]!.slice(5)}&resumptionToken=${encodeURIComponent(token)}`
  }
  return { identifiers, pages }
}

describe.skipIf(node.skip)('OAI-PMH on OpenSearch', () => {
  describe('on the sample', () => {
    const both = bothBackends(node, 'oai-sample', () => SAMPLE, { shards: 2 })

    it.each([
      'verb=ListIdentifiers&metadataPrefix=oai_dc',
      'verb=ListRecords&metadataPrefix=oai_dc&set=type:object',
      `verb=ListIdentifiers&metadataPrefix=oai_dc&set=collection:${TOP}`,
      'verb=ListIdentifiers&metadataPrefix=oai_dc&set=online',
      'verb=ListRecords&metadataPrefix=ead',
      'verb=ListSets',
    ])('lists what the in-memory engine lists for %s, every page valid', async (query) => {
      const memory = await harvest(createApp(both.catalogue, { oai: { pageSize: 40 } }), query)
      const cluster = await harvest(createApp(both.backend, { oai: { pageSize: 40 } }), query)
      expect(cluster.identifiers).toEqual(memory.identifiers)
      const specs = (pages: string[]) => pages.flatMap((page) => values(page, 'setSpec'))
      expect(specs(cluster.pages)).toEqual(specs(memory.pages))
      expect(cluster.identifiers.length + specs(cluster.pages).length).toBeGreaterThan(0)
      // The first three pages in one run of the validator: each run compiles the schemas anew.
      expect(await oaiSchemaErrors(cluster.pages.slice(0, 3))).toEqual(
        cluster.pages.slice(0, 3).map(() => []),
      )
    })

    it('gives a record and its formats as the in-memory engine does', async () => {
      const query = `verb=GetRecord&metadataPrefix=oai_dc&identifier=${id(`/collections/${TOP}`)}`
      const memory = await (await createApp(both.catalogue).request(`/oai?${query}`)).text()
      const cluster = await (await createApp(both.backend).request(`/oai?${query}`)).text()
      const withoutDates = (xml: string) =>
        xml.replace(/<(responseDate|datestamp)>[^<]*</g, '<$1><')
      expect(withoutDates(cluster)).toBe(withoutDates(memory))
    })

    describe('errors, as in memory', () => {
      let memory: App
      let cluster: App

      beforeAll(() => {
        memory = createApp(both.catalogue, { oai: { pageSize: 2 } })
        cluster = createApp(both.backend, { oai: { pageSize: 2 } })
      })

      /** Asks both; each answer a 200 of XML. */
      async function ask(query: string): Promise<{ memory: string; cluster: string }> {
        const answers = await Promise.all(
          [memory, cluster].map(async (app) => {
            const response = await app.request(`/oai?${query}`)
            expect(response.status, query).toBe(200)
            expect(response.headers.get('content-type')).toBe('text/xml; charset=utf-8')
            return response.text()
          }),
        )
        return { memory: answers[0]!, cluster: answers[1]! }
      }

      it('answers every error with its code, as the in-memory engine does, each answer valid', async () => {
        const uris = [...both.catalogue.data.uris]
        const inner = uris.find(
          (uri, i) =>
            uri.startsWith('/collections/') && both.catalogue.data.hierarchy.parentOf[i] !== -1,
        )!
        const object = uris.find((uri) => uri.startsWith('/objects/'))!
        const agent = uris.find((uri) => uri.startsWith('/agents/'))!
        const records = 'verb=ListRecords&metadataPrefix=oai_dc'
        const cases: [query: string, code: string][] = [
          ['', 'badVerb'],
          ['verb=Identify&verb=Identify', 'badVerb'],
          ['verb=ListThings', 'badVerb'],
          ['verb=identify', 'badVerb'],
          // Arguments missing, illegal, repeated.
          ['verb=ListRecords', 'badArgument'],
          ['verb=ListIdentifiers&metadataPrefix=', 'badArgument'],
          ['verb=GetRecord&metadataPrefix=oai_dc', 'badArgument'],
          [`verb=GetRecord&identifier=${id(`/collections/${TOP}`)}`, 'badArgument'],
          ['verb=Identify&metadataPrefix=oai_dc', 'badArgument'],
          ['verb=ListSets&set=online', 'badArgument'],
          ['verb=ListRecords&metadataPrefix=oai_dc&identifier=x', 'badArgument'],
          [`${records}&metadataPrefix=oai_dc`, 'badArgument'],
          [`${records}&set=online&set=online`, 'badArgument'],
          ['verb=ListRecords&resumptionToken=abc&metadataPrefix=oai_dc', 'badArgument'],
          // from and until: malformed, of two granularities, from after until, a set not there.
          [`${records}&from=2026-13-01`, 'badArgument'],
          [`${records}&until=2026-02-30`, 'badArgument'],
          [`${records}&from=yesterday`, 'badArgument'],
          [`${records}&from=2026-01-01T24:00:00Z`, 'badArgument'],
          [`${records}&until=2026-01-01T00:00:00`, 'badArgument'],
          [`${records}&from=2026-01-01&until=2026-01-01T00:00:00Z`, 'badArgument'],
          [`${records}&from=2026-02-01&until=2026-01-01`, 'badArgument'],
          [`${records}&from=2026-01-01T00:00:01Z&until=2026-01-01T00:00:00Z`, 'badArgument'],
          [`${records}&set=nonsense`, 'badArgument'],
          // The years 0-99 are those years: 0099 is before 1990 (1999 would not be).
          [`${records}&from=1990-01-01&until=0099-12-31`, 'badArgument'],
          [`${records}&from=0099-12-31&until=1990-01-01`, 'noRecordsMatch'],
          [`${records}&from=0050-01-01T00:00:00Z&until=1949-12-31T23:59:59Z`, 'noRecordsMatch'],
          ['verb=ListRecords&resumptionToken=', 'badResumptionToken'],
          ['verb=ListRecords&resumptionToken=not-a-token', 'badResumptionToken'],
          [`verb=ListSets&resumptionToken=${tokenOf({ x: 1 })}`, 'badResumptionToken'],
          ['verb=ListRecords&metadataPrefix=marc21', 'cannotDisseminateFormat'],
          ['verb=ListIdentifiers&metadataPrefix=marc21&set=online', 'cannotDisseminateFormat'],
          [
            `verb=GetRecord&metadataPrefix=marc21&identifier=${id(`/collections/${TOP}`)}`,
            'cannotDisseminateFormat',
          ],
          [`verb=GetRecord&metadataPrefix=ead&identifier=${id(inner)}`, 'cannotDisseminateFormat'],
          [
            `verb=GetRecord&metadataPrefix=ead3&identifier=${id(object)}`,
            'cannotDisseminateFormat',
          ],
          [
            `verb=GetRecord&metadataPrefix=oai_dc&identifier=${id('/collections/nope')}`,
            'idDoesNotExist',
          ],
          [
            'verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:elsewhere.org:collections/x',
            'idDoesNotExist',
          ],
          ['verb=GetRecord&metadataPrefix=oai_dc&identifier=not-an-identifier', 'idDoesNotExist'],
          [`verb=GetRecord&metadataPrefix=oai_dc&identifier=${id(agent)}`, 'idDoesNotExist'],
          [`verb=ListMetadataFormats&identifier=${id('/objects/nope')}`, 'idDoesNotExist'],
          [`verb=ListMetadataFormats&identifier=${id(agent)}`, 'noMetadataFormats'],
          // Lists of nothing: a date range, a set of no record, a format no record of a set has.
          [`${records}&until=1990-01-01`, 'noRecordsMatch'],
          [
            'verb=ListIdentifiers&metadataPrefix=oai_dc&from=2999-01-01T00:00:00Z',
            'noRecordsMatch',
          ],
          ['verb=ListIdentifiers&metadataPrefix=oai_dc&set=collection:nope', 'noRecordsMatch'],
          [
            `verb=ListIdentifiers&metadataPrefix=oai_dc&set=collection:${inner.slice(13)}`,
            'noRecordsMatch',
          ],
          ['verb=ListRecords&metadataPrefix=ead&set=type:object', 'noRecordsMatch'],
          [
            'verb=ListIdentifiers&metadataPrefix=ead3&set=online&until=2000-01-01',
            'noRecordsMatch',
          ],
        ]
        const answers: string[] = []
        for (const [query, code] of cases) {
          const answer = await ask(query)
          // One error: a repeated argument is not also a missing one.
          const codes = errorCodes(answer.cluster)
          expect({ query, codes }).toEqual({ query, codes: [code] })
          expect(comparable(answer.cluster), query).toBe(comparable(answer.memory))
          // After badVerb or badArgument the request element has no attributes (§3.2).
          if (code === 'badVerb' || code === 'badArgument')
            expect(answer.cluster).toContain('<request>')
          answers.push(answer.cluster)
        }
        const errors = await oaiSchemaErrors(answers)
        expect(cases.map(([query], i) => ({ query, errors: errors[i] }))).toEqual(
          cases.map(([query]) => ({ query, errors: [] })),
        )
      })

      it('is checked for real: an answer that breaks OAI-PMH.xsd fails, alone', async () => {
        const { cluster: answer } = await ask('verb=ListThings')
        const broken = answer.replace('code="badVerb"', 'code="badVerbs"')
        const errors = await oaiSchemaErrors([answer, broken])
        expect(errors[0]).toEqual([])
        expect(errors[1]).not.toEqual([])
      })

      it('refuses a token emptied, forged, altered, stale or of another list, as in memory', async () => {
        const tokens = await Promise.all(
          [memory, cluster].map(async (app) => ({
            sets: await firstToken(app, 'verb=ListSets'),
            identifiers: await firstToken(app, 'verb=ListIdentifiers&metadataPrefix=oai_dc'),
          })),
        )
        const changes: [
          what: string,
          list: string,
          token: (t: (typeof tokens)[number]) => string,
        ][] = [
          ['a ListSets token', 'ListRecords', (t) => t.sets],
          ['a ListSets token', 'ListIdentifiers', (t) => t.sets],
          ['a ListIdentifiers token', 'ListRecords', (t) => t.identifiers],
          ['a ListIdentifiers token', 'ListSets', (t) => t.identifiers],
          [
            'a cursor not a place',
            'ListIdentifiers',
            (t) => alter(t.identifiers, { cursor: 'abc' }),
          ],
          ['a count as text', 'ListIdentifiers', (t) => alter(t.identifiers, { listed: '2' })],
          ['no version', 'ListIdentifiers', (t) => alter(t.identifiers, { version: undefined })],
          [
            'a from as text',
            'ListIdentifiers',
            (t) => alter(t.identifiers, { from: '2026-01-01' }),
          ],
          [
            'a prefix not text',
            'ListIdentifiers',
            (t) => alter(t.identifiers, { metadataPrefix: 1 }),
          ],
          ['cut short', 'ListIdentifiers', (t) => t.identifiers.slice(0, -3)],
          // Stale: a list begun on another version of the catalogue (before a push, a reload).
          ['another version', 'ListIdentifiers', (t) => alter(t.identifiers, { version: 'older' })],
          ['another version', 'ListSets', (t) => alter(t.sets, { version: 'older' })],
        ]
        const answers: string[] = []
        for (const [what, verb, change] of changes) {
          const [mine, theirs] = tokens.map(change) as [string, string]
          const query = (token: string) =>
            `/oai?verb=${verb}&resumptionToken=${encodeURIComponent(token)}`
          const inMemory = await (await memory.request(query(mine))).text()
          const onCluster = await (await cluster.request(query(theirs))).text()
          expect({ what, verb, codes: errorCodes(onCluster) }).toEqual({
            what,
            verb,
            codes: ['badResumptionToken'],
          })
          expect(comparable(onCluster, theirs), what).toBe(comparable(inMemory, mine))
          answers.push(onCluster)
        }
        for (const errors of await oaiSchemaErrors(answers)) expect(errors).toEqual([])
      })

      it('pages past any cursor or date it holds as in memory, through the backend interface', async () => {
        const uris = (page: { records: { uri: string }[] }) => page.records.map((r) => r.uri)
        for (const asked of [
          { cursor: '99999999999999999999' },
          { cursor: '9'.repeat(400) },
          { cursor: '2147483648' },
          { cursor: 'abc' },
          { from: 1e300 },
          { until: -1e300 },
          { from: -1e300, until: 1e300 },
        ]) {
          const request = { limit: 3, ...asked }
          const [inMemory, onCluster] = [
            both.catalogue.harvest(request),
            await both.backend.harvest(request),
          ]
          expect(uris(onCluster), JSON.stringify(asked)).toEqual(uris(inMemory))
          expect(onCluster.next === null, JSON.stringify(asked)).toBe(inMemory.next === null)
        }
        for (const cursor of ['99999999999999999999', '2147483648', 'abc']) {
          const page = { cursor, limit: 3 }
          expect(await both.backend.topLevelCollections(page), cursor).toEqual(
            both.catalogue.topLevelCollections(page),
          )
        }
      })

      /** The token with some of its fields changed. */
      function alter(token: string, fields: Record<string, unknown>): string {
        return tokenOf({ ...tokenState(token), ...fields })
      }

      /** The answers of the forged tokens below, checked against the schema after them. */
      const forgedAnswers: { what: string; answer: string }[] = []

      // A forged cursor or date beyond a long never reaches the cluster (which would refuse
      // the search: a 503), nor restarts the list: refused as in memory.
      it.each([
        ['ListIdentifiers', 'a cursor past any place', { cursor: '99999999999999999999' }],
        ['ListIdentifiers', 'a cursor of 400 digits', { cursor: '9'.repeat(400) }],
        ['ListIdentifiers', 'a cursor past the last record', { cursor: '2147483647' }],
        ['ListIdentifiers', 'a from past any date', { from: 1e300 }],
        ['ListIdentifiers', 'an until before any date', { until: -1e300 }],
        ['ListSets', 'a cursor past any place', { cursor: '99999999999999999999' }],
        ['ListSets', 'a cursor past the last collection', { cursor: '2147483647' }],
        ['ListIdentifiers', 'a metadataPrefix of no format', { metadataPrefix: 'marc21' }],
        ['ListIdentifiers', 'a set that does not exist', { set: 'nonsense' }],
        ['ListIdentifiers', 'a negative count', { listed: -5 }],
      ])('answers a %s token with %s as in memory, not a 503', async (verb, what, fields) => {
        const list = verb === 'ListSets' ? 'verb=ListSets' : `verb=${verb}&metadataPrefix=oai_dc`
        const [mine, theirs] = await Promise.all(
          [memory, cluster].map(async (app) => alter(await firstToken(app, list), fields)),
        )
        const query = (token: string) => `/oai?verb=${verb}&resumptionToken=${token}`
        const onCluster = await cluster.request(query(theirs!))
        expect(onCluster.status).toBe(200)
        const inMemory = await (await memory.request(query(mine!))).text()
        const answer = await onCluster.text()
        expect(errorCodes(answer)).toEqual(['badResumptionToken'])
        expect(comparable(answer, theirs)).toBe(comparable(inMemory, mine))
        forgedAnswers.push({ what: `${verb}, ${what}`, answer })
      })

      // In one run of the validator: each run compiles the schemas anew (a second or two).
      it('answers each of those forged tokens with a response valid against the schema', async () => {
        expect(forgedAnswers.length).toBeGreaterThan(0)
        const errors = await oaiSchemaErrors(forgedAnswers.map(({ answer }) => answer))
        expect(forgedAnswers.map(({ what }, i) => ({ what, errors: errors[i] }))).toEqual(
          forgedAnswers.map(({ what }) => ({ what, errors: [] })),
        )
      })
    })

    // On this suite's push (two shards), not one of its own: the harvester reads it only.
    let expected: string[] = []
    harvestWithSickle(
      'harvests every record once from the cluster, by resumption tokens',
      async () => {
        expected = [...both.catalogue.data.uris]
          .filter((uri) => /^\/(collections|objects)\//.test(uri))
          .map(id)
        return listen(createApp(both.backend, { oai: { pageSize: 50 } }), { port: 0 })
      },
      ['oai_dc', 'ead', 'ead3'],
      (harvested) => {
        const identifiers = (prefix: string) =>
          harvested.records[prefix]!.map(([identifier]) => identifier)
        expect(identifiers('oai_dc')).toEqual(expected)
        expect(identifiers('identifiers')).toEqual(expected)
        const tops = both.catalogue.topLevelCollections({ limit: 100 }).uris.map(id)
        expect(tops).toHaveLength(5)
        expect(identifiers('ead')).toEqual(tops)
        expect(identifiers('ead3')).toEqual(tops)
      },
    )
  })

  describe('datestamps over pushes', () => {
    const alias = 'oai-datestamps'
    let file: string
    let backend: OpenSearchBackend
    /** The collection whose title the second push changes. */
    let changed: string

    beforeAll(async () => {
      file = join(mkdtempSync(join(tmpdir(), 'oai-pushes-')), 'catalogue.ndjson')
      // A generated catalogue of 300 documents, not the sample's 2,000: what is kept and what
      // moves is the same for every document, and each push and harvest is a seventh as long.
      const documents = [...generateCatalogue({ count: 300, seed: 5 })]
      changed = documents.find((document) => document.type === 'collection')!.uri
      writeFileSync(file, `${documents.map((document) => JSON.stringify(document)).join('\n')}\n`)
      await pushCatalogue(file, { url: node.url, index: alias })
      backend = await OpenSearchBackend.open({ url: node.url, index: alias, pollMs: 100 })
    }, 120_000)

    afterAll(async () => {
      await backend?.close()
      await fetch(`${node.url}/${alias}-*`, { method: 'DELETE' })
    })

    async function stamps(): Promise<Map<string, string>> {
      const { pages } = await harvest(
        createApp(backend, { oai: { pageSize: 500 } }),
        'verb=ListIdentifiers&metadataPrefix=oai_dc',
      )
      const found = new Map<string, string>()
      for (const page of pages) {
        const ids = values(page, 'identifier')
        const dates = values(page, 'datestamp')
        for (const [i, identifier] of ids.entries()) found.set(identifier, dates[i]!)
      }
      return found
    }

    async function pushAndWait(): Promise<void> {
      const before = backend.version
      await new Promise((resolve) => setTimeout(resolve, 1100))
      await pushCatalogue(file, { url: node.url, index: alias })
      for (let i = 0; i < 100 && backend.version === before; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    }

    it('keeps them for the same content, moves a changed document only, refuses older tokens', async () => {
      const first = await stamps()
      const app = createApp(backend, { oai: { pageSize: 50 } })
      const page = await (
        await app.request('/oai?verb=ListIdentifiers&metadataPrefix=oai_dc')
      ).text()
      const token = values(page, 'resumptionToken')[0]!
      const initial = backend.version
      await pushAndWait()
      expect(backend.version).not.toBe(initial)
      expect(await stamps()).toEqual(first)

      const lines = readFileSync(file, 'utf8').split('\n')
      const at = lines.findIndex((line) => line.includes(`"uri":"${changed}"`))
      lines[at] = lines[at]!.replace('"title":"', '"title":"Changed: ')
      writeFileSync(file, lines.join('\n'))
      const second = backend.version
      await pushAndWait()
      expect(backend.version).not.toBe(second)
      const third = await stamps()
      const moved = [...third].filter(([identifier, stamp]) => first.get(identifier) !== stamp)
      expect(moved.map(([identifier]) => identifier)).toEqual([id(changed)])
      expect(moved[0]![1] > first.get(id(changed))!).toBe(true)

      const resumed = await (
        await app.request(`/oai?verb=ListIdentifiers&resumptionToken=${encodeURIComponent(token)}`)
      ).text()
      expect(errorCodes(resumed)).toEqual(['badResumptionToken'])
      // As the in-memory engine refuses a token of a catalogue it no longer serves.
      const memory = createApp((await loadCatalogue(file)).catalogue, { oai: { pageSize: 50 } })
      const own = await firstToken(memory, 'verb=ListIdentifiers&metadataPrefix=oai_dc')
      const stale = tokenOf({ ...tokenState(own), version: 'before-a-reload' })
      const refused = await (
        await memory.request(`/oai?verb=ListIdentifiers&resumptionToken=${stale}`)
      ).text()
      expect(comparable(resumed, token)).toBe(comparable(refused, stale))
      expect(await schemaErrors(resumed, 'oai-pmh')).toEqual([])
      const since = await (
        await app.request(`/oai?verb=ListIdentifiers&metadataPrefix=oai_dc&from=${moved[0]![1]}`)
      ).text()
      expect(values(since, 'identifier')).toEqual([id(changed)])
    }, 120_000) // two pushes and three whole harvests: 10-30 s, longer on a busy CI machine
  })
})
