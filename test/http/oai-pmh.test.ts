/**
 * OAI-PMH 2.0 at `/oai`: every verb's answer validates against OAI-PMH.xsd with its records'
 * own schemas (oai_dc, EAD 2002, EAD3); a harvest by resumption tokens lists every collection
 * and object once; sets by top-level collection, type and online hold what they say; from and
 * until read the datestamps, which a reload keeps for the documents it did not change and moves
 * for those it did; a token from before a reload is refused; every error condition is answered
 * with its code, inside a 200; from and until read the years 0-99 as such; beside the site the
 * endpoint is /api/oai, and /oai is a page of the site.
 */
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Catalogue, LiveCatalogue, loadCatalogue } from '@archive-catalogue/core'
import { type App, createApp } from '@archive-catalogue/http'
import { createSite } from '@archive-catalogue/site'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { SAMPLE } from '../helpers/corpus.js'
import { oaiSchemaErrors } from '../helpers/oai-schema.js'
import { schemaErrors } from '../helpers/xml-schemas.js'

const TOP = 'xVJyUuJNfsVyjdZikFSn6G'
const REPOSITORY = 'archive-catalogue.local'
const id = (uri: string) => `oai:${REPOSITORY}:${uri.slice(1)}`

/** The values of an element in a response, in order. */
function values(xml: string, name: string): string[] {
  return [...xml.matchAll(new RegExp(`<${name}(?: [^>]*)?>([^<]*)</${name}>`, 'g'))].map(
    (match) => match[1]!,
  )
}

const sum = (counts: number[]) => counts.reduce((total, count) => total + count, 0)

function errorCodes(xml: string): string[] {
  return [...xml.matchAll(/<error code="(\w+)"/g)].map((match) => match[1]!)
}

async function oai(app: App, query: string): Promise<string> {
  const response = await app.request(`/oai?${query}`)
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toBe('text/xml; charset=utf-8')
  return response.text()
}

let sample: Promise<Catalogue> | undefined

/** The sample, loaded once for the file: no test changes it (the datestamps' own is a copy). */
function sampleCatalogue(): Promise<Catalogue> {
  sample ??= loadCatalogue(SAMPLE).then((loaded) => loaded.catalogue)
  return sample
}

/**
 * The answer to each row of a table, by the row's key, with the schema's complaints about it:
 * the whole table's answers are made at the first row's test and validated in one run
 * (test/helpers/oai-schema.ts: each run compiles EAD3's schema, about a second, so a table of
 * twenty answers checked one by one took twenty).
 */
function validatedTable(keys: readonly string[], answer: (key: string) => Promise<string>) {
  let table: Promise<{ xml: string; errors: string[] }[]> | undefined
  return async (key: string) => {
    table ??= (async () => {
      const answers: string[] = []
      for (const each of keys) answers.push(await answer(each))
      const errors = await oaiSchemaErrors(answers)
      return answers.map((xml, i) => ({ xml, errors: errors[i]! }))
    })()
    const at = keys.indexOf(key)
    expect(at, key).toBeGreaterThanOrEqual(0)
    return (await table)[at]!
  }
}

/** Every page of a list, following resumption tokens; the headers' identifiers. */
async function harvest(app: App, verb: string, query: string) {
  const identifiers: string[] = []
  const pages: string[] = []
  let next = `verb=${verb}&${query}`
  for (;;) {
    const xml = await oai(app, next)
    pages.push(xml)
    identifiers.push(...values(xml, 'identifier'))
    const token = values(xml, 'resumptionToken')[0]
    if (!token) break
    next = `verb=${verb}&resumptionToken=${encodeURIComponent(token)}`
  }
  return { identifiers, pages }
}

describe('OAI-PMH lists and their tokens', () => {
  it('refuses a token of one list in another, and never pages sets into an empty page', async () => {
    const catalogue = await sampleCatalogue()
    const tops = [...catalogue.data.uris].filter(
      (uri, index) =>
        uri.startsWith('/collections/') && catalogue.data.hierarchy.parentOf[index] === -1,
    )
    // A page exactly as long as the top-level collections: no next page, no empty one.
    const exact = createApp(catalogue, { oai: { pageSize: tops.length } })
    const sets = await oai(exact, 'verb=ListSets')
    expect(values(sets, 'resumptionToken')).toEqual([])
    expect(await schemaErrors(sets, 'oai-pmh')).toEqual([])
    // A smaller page: its token belongs to ListSets alone.
    const paged = createApp(catalogue, { oai: { pageSize: 2 } })
    const token = values(await oai(paged, 'verb=ListSets'), 'resumptionToken')[0]!
    expect(token).not.toBe('')
    const records = await oai(
      paged,
      `verb=ListRecords&resumptionToken=${encodeURIComponent(token)}`,
    )
    expect(errorCodes(records)).toEqual(['badResumptionToken'])
    const recordsToken = values(
      await oai(paged, 'verb=ListIdentifiers&metadataPrefix=oai_dc'),
      'resumptionToken',
    )[0]!
    for (const verb of ['ListSets', 'ListRecords']) {
      const answer = await oai(
        paged,
        `verb=${verb}&resumptionToken=${encodeURIComponent(recordsToken)}`,
      )
      expect(errorCodes(answer), verb).toEqual(['badResumptionToken'])
    }
  })
})

describe('OAI-PMH', () => {
  let catalogue: Catalogue
  let app: App
  let records: string[]

  beforeAll(async () => {
    catalogue = await sampleCatalogue()
    app = createApp(catalogue, { oai: { pageSize: 37 } })
    records = [...catalogue.data.uris].filter(
      (uri) => uri.startsWith('/collections/') || uri.startsWith('/objects/'),
    )
  })

  describe('every verb', () => {
    const queries = [
      'verb=Identify',
      'verb=ListMetadataFormats',
      `verb=ListMetadataFormats&identifier=${id(`/collections/${TOP}`)}`,
      'verb=ListSets',
      'verb=ListIdentifiers&metadataPrefix=oai_dc',
      'verb=ListRecords&metadataPrefix=oai_dc',
      'verb=ListRecords&metadataPrefix=oai_dc&set=online',
      'verb=ListRecords&metadataPrefix=ead',
      'verb=ListRecords&metadataPrefix=ead3',
      `verb=GetRecord&metadataPrefix=oai_dc&identifier=${id(`/collections/${TOP}`)}`,
      `verb=GetRecord&metadataPrefix=ead&identifier=${id(`/collections/${TOP}`)}`,
      `verb=GetRecord&metadataPrefix=ead3&identifier=${id(`/collections/${TOP}`)}`,
      'verb=Nope',
      'verb=ListRecords&metadataPrefix=oai_dc&until=1990-01-01',
    ]
    const answered = validatedTable(queries, (query) => oai(app, query))

    it.each(queries)('answers %s as OAI-PMH.xsd and its formats say', async (query) => {
      expect((await answered(query)).errors).toEqual([])
    })

    it('is checked for real: a record that breaks oai_dc fails', async () => {
      const xml = await oai(
        app,
        `verb=GetRecord&metadataPrefix=oai_dc&identifier=${id(`/collections/${TOP}`)}`,
      )
      const broken = xml.replace('<dc:title>', '<dc:tittle>').replace('</dc:title>', '</dc:tittle>')
      expect(await schemaErrors(broken, 'oai-pmh')).not.toEqual([])
    })

    it('answers a POST of the form as the GET', async () => {
      const response = await app.request('/oai', {
        method: 'POST',
        body: 'verb=ListMetadataFormats',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      })
      const text = await response.text()
      expect(values(text, 'metadataPrefix')).toEqual(['oai_dc', 'ead', 'ead3'])
    })

    it('identifies the repository', async () => {
      const xml = await oai(app, 'verb=Identify')
      expect(values(xml, 'protocolVersion')).toEqual(['2.0'])
      expect(values(xml, 'baseURL')).toEqual(['http://localhost/oai'])
      expect(values(xml, 'granularity')).toEqual(['YYYY-MM-DDThh:mm:ssZ'])
      expect(values(xml, 'deletedRecord')).toEqual(['no'])
    })
  })

  describe('lists', () => {
    it('lists every collection and object once by resumption tokens, headers and records alike', async () => {
      const identifiers = await harvest(app, 'ListIdentifiers', 'metadataPrefix=oai_dc')
      expect(identifiers.identifiers).toEqual(records.map(id))
      const listed = await harvest(app, 'ListRecords', 'metadataPrefix=oai_dc')
      expect(listed.identifiers).toEqual(records.map(id))
      expect(listed.pages.length).toBe(Math.ceil(records.length / 37))
      // The last page ends the list with an empty token naming its size.
      expect(listed.pages.at(-1)).toContain(`completeListSize="${records.length}"`)
    })

    it('lists the finding aids as ead, one a page, top-level collections only', async () => {
      const { identifiers, pages } = await harvest(app, 'ListRecords', 'metadataPrefix=ead')
      const tops = catalogue.topLevelCollections({ limit: 100 }).uris
      expect(identifiers).toEqual(tops.map(id))
      expect(pages).toHaveLength(tops.length)
      expect(pages[0]).toContain('<ead xmlns="urn:isbn:1-931666-22-9"')
    })

    it('keeps to a set: a top-level collection, a type, online', async () => {
      const documents = catalogue.documents(records)
      const group = await harvest(
        app,
        'ListIdentifiers',
        `metadataPrefix=oai_dc&set=collection:${TOP}`,
      )
      expect(group.identifiers).toEqual(
        documents
          .filter((d) => d!.group.identifier === `/collections/${TOP}`)
          .map((d) => id(d!.uri)),
      )
      const objects = await harvest(app, 'ListIdentifiers', 'metadataPrefix=oai_dc&set=type:object')
      expect(objects.identifiers).toEqual(
        records.filter((uri) => uri.startsWith('/objects/')).map(id),
      )
      const online = await harvest(app, 'ListIdentifiers', 'metadataPrefix=oai_dc&set=online')
      expect(online.identifiers).toEqual(
        documents.filter((d) => (d as { online: boolean }).online).map((d) => id(d!.uri)),
      )
      const sets = await oai(app, 'verb=ListSets')
      expect(values(sets, 'setSpec')).toContain(`collection:${TOP}`)
    })
  })

  describe('datestamps', () => {
    afterEach(() => {
      vi.useRealTimers()
    })

    it('keeps those of unchanged documents over a reload, moves the changed one, and refuses older tokens', async () => {
      const folder = mkdtempSync(join(tmpdir(), 'oai-datestamps-'))
      const file = join(folder, 'catalogue.ndjson')
      copyFileSync(SAMPLE, file)
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-01-01T00:00:00Z') })
      const live = await LiveCatalogue.open(file)
      const liveApp = createApp(live, { oai: { pageSize: 50 } })
      const first = await oai(liveApp, 'verb=ListIdentifiers&metadataPrefix=oai_dc')
      const token = values(first, 'resumptionToken')[0]!
      expect(values(first, 'datestamp').every((stamp) => stamp === '2026-01-01T00:00:00Z')).toBe(
        true,
      )

      // One collection's title changes; a reload a day later.
      const lines = readFileSync(file, 'utf8').split('\n')
      const at = lines.findIndex((line) => line.includes(`"uri":"/collections/${TOP}"`))
      lines[at] = lines[at]!.replace('"title":"', '"title":"Changed: ')
      writeFileSync(file, lines.join('\n'))
      vi.setSystemTime(new Date('2026-01-02T00:00:00Z'))
      expect((await live.reload()).ok).toBe(true)

      const changed = await oai(
        liveApp,
        'verb=ListIdentifiers&metadataPrefix=oai_dc&from=2026-01-02',
      )
      expect(values(changed, 'identifier')).toEqual([id(`/collections/${TOP}`)])
      const unchanged = await oai(
        liveApp,
        'verb=ListIdentifiers&metadataPrefix=oai_dc&until=2026-01-01',
      )
      expect(values(unchanged, 'identifier')).not.toContain(id(`/collections/${TOP}`))
      const record = await oai(
        liveApp,
        `verb=GetRecord&metadataPrefix=oai_dc&identifier=${id(`/collections/${TOP}`)}`,
      )
      expect(values(record, 'datestamp')).toEqual(['2026-01-02T00:00:00Z'])
      expect(values(await oai(liveApp, 'verb=Identify'), 'earliestDatestamp')).toEqual([
        '2026-01-01T00:00:00Z',
      ])
      // The list began before the reload: its token is refused, not continued over another catalogue.
      const resumed = await oai(
        liveApp,
        `verb=ListIdentifiers&resumptionToken=${encodeURIComponent(token)}`,
      )
      expect(errorCodes(resumed)).toEqual(['badResumptionToken'])
    })
  })

  describe('errors', () => {
    const agent = () => [...catalogue.data.uris].find((uri) => uri.startsWith('/agents/'))!

    const errorTable = [
      ['', 'badVerb'],
      ['verb=Identify&verb=Identify', 'badVerb'],
      ['verb=ListThings', 'badVerb'],
      ['verb=Identify&metadataPrefix=oai_dc', 'badArgument'],
      ['verb=ListRecords', 'badArgument'],
      ['verb=ListRecords&metadataPrefix=oai_dc&metadataPrefix=oai_dc', 'badArgument'],
      ['verb=ListRecords&metadataPrefix=oai_dc&from=2026-13-01', 'badArgument'],
      [
        'verb=ListRecords&metadataPrefix=oai_dc&from=2026-01-01&until=2026-01-01T00:00:00Z',
        'badArgument',
      ],
      ['verb=ListRecords&metadataPrefix=oai_dc&from=2026-02-01&until=2026-01-01', 'badArgument'],
      ['verb=ListRecords&metadataPrefix=oai_dc&set=nonsense', 'badArgument'],
      ['verb=ListRecords&resumptionToken=abc&metadataPrefix=oai_dc', 'badArgument'],
      ['verb=GetRecord&metadataPrefix=oai_dc', 'badArgument'],
      ['verb=ListRecords&resumptionToken=not-a-token', 'badResumptionToken'],
      ['verb=ListSets&resumptionToken=eyJ4IjoxfQ', 'badResumptionToken'],
      // An empty token is a token, and not one of this repository.
      ['verb=ListRecords&resumptionToken=', 'badResumptionToken'],
      ['verb=ListRecords&metadataPrefix=marc21', 'cannotDisseminateFormat'],
      [
        `verb=GetRecord&metadataPrefix=ead&identifier=${id('/collections/AaxB6eGC5APz8Hbftr5xNK')}`,
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
      [
        'verb=ListMetadataFormats&identifier=oai:archive-catalogue.local:objects/nope',
        'idDoesNotExist',
      ],
      ['verb=ListRecords&metadataPrefix=oai_dc&until=1990-01-01', 'noRecordsMatch'],
      [`verb=ListIdentifiers&metadataPrefix=oai_dc&set=collection:nope`, 'noRecordsMatch'],
    ] as const
    const errorAnswers = validatedTable(
      errorTable.map(([query]) => query),
      (query) => oai(app, query),
    )

    it.each(errorTable)('answers %s with %s', async (query, code) => {
      const { xml, errors } = await errorAnswers(query)
      expect(errorCodes(xml)).toEqual(expect.arrayContaining([code]))
      expect(errors).toEqual([])
      // After badVerb or badArgument the request element has no attributes.
      if (code === 'badVerb' || code === 'badArgument') expect(xml).toContain('<request>')
    })

    it('reads the years 0-99 of from and until as those years, not as 1900-1999', async () => {
      const list = 'verb=ListIdentifiers&metadataPrefix=oai_dc'
      // 0099 is before 1990: from after until (1999 would be a range, of nothing).
      const after = await oai(app, `${list}&from=1990-01-01&until=0099-12-31`)
      expect(errorCodes(after)).toEqual(['badArgument'])
      expect(after).toContain("'from' is after 'until'")
      // 0050 to 1949 is a range (1950 to 1949 would not be), of nothing.
      for (const range of [
        'from=0099-12-31&until=1990-01-01',
        'from=0050-01-01T00:00:00Z&until=1949-12-31T23:59:59Z',
      ]) {
        const empty = await oai(app, `${list}&${range}`)
        expect(errorCodes(empty), range).toEqual(['noRecordsMatch'])
      }
      // And from year 1 on, everything.
      const all = await oai(app, `${list}&from=0001-01-01`)
      expect(values(all, 'identifier')).toHaveLength(37 * 5)
    })

    const listToken = async () =>
      values(await oai(app, 'verb=ListIdentifiers&metadataPrefix=oai_dc'), 'resumptionToken')[0]!
    const altered = (token: string, fields: Record<string, unknown>) =>
      Buffer.from(
        JSON.stringify({
          ...(JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as object),
          ...fields,
        }),
      ).toString('base64url')

    // A token is read only when the list could have written it: its metadataPrefix and set are
    // the token's, not the harvester's (not cannotDisseminateFormat, nor badArgument).
    const alterations: [string, Record<string, unknown>][] = [
      ['a metadataPrefix of no format', { metadataPrefix: 'marc21' }],
      ['a metadataPrefix a format object inherits', { metadataPrefix: 'toString' }],
      ['no metadataPrefix', { metadataPrefix: undefined }],
      ['a set that does not exist', { set: 'nonsense' }],
      ['a field no list writes', { page: 3 }],
      ['a from of no day', { from: 1.5 }],
      ['a from past the year 9999', { from: 1e300 }],
      ['a from after its until', { from: 100, until: 99 }],
    ]
    const alteredAnswers = validatedTable(
      alterations.map(([alteration]) => alteration),
      async (alteration) => {
        const fields = alterations.find(([each]) => each === alteration)![1]
        const token = altered(await listToken(), fields)
        return oai(app, `verb=ListIdentifiers&resumptionToken=${token}`)
      },
    )

    it.each(alterations)(
      'answers a token altered to %s with badResumptionToken',
      async (alteration) => {
        const { xml, errors } = await alteredAnswers(alteration)
        expect(errorCodes(xml)).toEqual(['badResumptionToken'])
        expect(errors).toEqual([])
      },
    )

    // A forged count is not written back as the next token's cursor (OAI-PMH.xsd: a
    // nonNegativeInteger), nor a forged cursor read past the end (a <ListSets> of no set).
    const forgeries: [string, string, Record<string, unknown>][] = [
      ['ListIdentifiers', 'a count of -5', { listed: -5 }],
      ['ListIdentifiers', 'a count of 1.5', { listed: 1.5 }],
      ['ListIdentifiers', 'a count past its cursor', { listed: 5000 }],
      ['ListIdentifiers', 'a cursor past the last record', { cursor: '2147483647' }],
      ['ListIdentifiers', 'a cursor past any place', { cursor: '99999999999999999999' }],
      ['ListIdentifiers', 'a cursor of 400 digits', { cursor: '9'.repeat(400) }],
      ['ListIdentifiers', 'a cursor of leading zeros', { cursor: '0002' }],
      ['ListSets', 'a cursor past the last collection', { cursor: '1999' }],
      ['ListSets', 'a metadataPrefix', { metadataPrefix: 'oai_dc' }],
    ]
    const forgedAnswers = validatedTable(
      forgeries.map(([, forgery]) => forgery),
      async (forgery) => {
        const [verb, , fields] = forgeries.find(([, each]) => each === forgery)!
        const list = verb === 'ListSets' ? 'verb=ListSets' : `verb=${verb}&metadataPrefix=oai_dc`
        const paged = createApp(catalogue, { oai: { pageSize: 2 } })
        const token = altered(values(await oai(paged, list), 'resumptionToken')[0]!, fields)
        return oai(paged, `verb=${verb}&resumptionToken=${token}`)
      },
    )

    it.each(forgeries)('answers a %s token with %s with badResumptionToken', async (_, forgery) => {
      const { xml, errors } = await forgedAnswers(forgery)
      expect(errorCodes(xml)).toEqual(['badResumptionToken'])
      expect(errors).toEqual([])
    })

    it('counts the sets listed before a page of ListSets, the static ones too', async () => {
      const paged = createApp(catalogue, { oai: { pageSize: 2 } })
      const pages = (await harvest(paged, 'ListSets', '')).pages
      const sets = pages.map((page) => values(page, 'setSpec').length)
      const cursors = pages
        .slice(1)
        .map((page) => Number(/<resumptionToken[^>]* cursor="(\d+)"/.exec(page)?.[1]))
      expect(cursors).toEqual(sets.slice(0, -1).map((_, i) => sum(sets.slice(0, i + 1))))
      expect(pages.at(-1)).toContain(`completeListSize="${sum(sets)}"`)
    })

    it.each([
      ['metadataPrefix=oai_dc&metadataPrefix=oai_dc', "The argument 'metadataPrefix' is repeated."],
      ['resumptionToken=a&resumptionToken=b', "The argument 'resumptionToken' is repeated."],
      [
        'metadataPrefix=oai_dc&identifier=x&identifier=y',
        "ListRecords takes no argument 'identifier'.",
      ],
    ])('answers ListRecords with %s with the one error that is true', async (query, message) => {
      const xml = await oai(app, `verb=ListRecords&${query}`)
      expect(errorCodes(xml)).toEqual(['badArgument'])
      expect(xml).toContain(message)
    })

    it('answers noMetadataFormats for an agent, a document of the catalogue but no item', async () => {
      const xml = await oai(app, `verb=ListMetadataFormats&identifier=${id(agent())}`)
      expect(errorCodes(xml)).toEqual(['noMetadataFormats'])
    })
  })
})

describe('OAI-PMH beside the site', () => {
  let catalogue: Catalogue

  beforeAll(async () => {
    catalogue = await sampleCatalogue()
  })

  it('answers at /api/oai, its baseURL ending in /api/oai', async () => {
    const identified: string[] = []
    for (const [options, base] of [
      [{}, 'http://localhost/api/oai'],
      [
        { api: { baseUrl: 'https://archive.example.org/api' } },
        'https://archive.example.org/api/oai',
      ],
    ] as const) {
      const site = createSite(catalogue, options)
      const response = await site.request('/api/oai?verb=Identify')
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('text/xml; charset=utf-8')
      const xml = await response.text()
      expect(values(xml, 'baseURL')).toEqual([base])
      expect(xml).toContain(`<request verb="Identify">${base}</request>`)
      identified.push(xml)
      // Records' pages are the site's: dc:identifier and dc:relation without /api.
      const record = await (
        await site.request(
          `/api/oai?verb=GetRecord&metadataPrefix=oai_dc&identifier=${id(`/collections/${TOP}`)}`,
        )
      ).text()
      const root = base.replace(/\/api\/oai$/, '')
      expect(values(record, 'dc:identifier')).toContain(`${root}/collections/${TOP}`)
    }
    // Both answers valid, checked in one run of the validator.
    expect(await oaiSchemaErrors(identified)).toEqual([[], []])
    // A harvest follows its tokens there too.
    const site = createSite(catalogue, { api: { oai: { pageSize: 100 } } })
    const first = await (
      await site.request('/api/oai?verb=ListIdentifiers&metadataPrefix=oai_dc')
    ).text()
    const token = values(first, 'resumptionToken')[0]!
    expect(token).toMatch(/^[\w-]+$/)
    const next = await (
      await site.request(`/api/oai?verb=ListIdentifiers&resumptionToken=${token}`)
    ).text()
    expect(errorCodes(next)).toEqual([])
    expect(values(next, 'identifier').length).toBeGreaterThan(0)
  })

  it('leaves /oai to the site: a page not found, not OAI-PMH', async () => {
    const site = createSite(catalogue)
    for (const path of ['/oai', '/oai?verb=Identify']) {
      const response = await site.request(path)
      expect(response.status, path).toBe(404)
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
      const page = await response.text()
      expect(page).toContain('<title>Not found')
      expect(page).not.toContain('OAI-PMH')
    }
    // A harvester's POST there is refused as the site refuses any, not read as a form.
    const posted = await site.request('/oai', {
      method: 'POST',
      body: 'verb=Identify',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    })
    expect(posted.status).toBe(405)
    expect(await posted.text()).not.toContain('OAI-PMH')
  })
})
