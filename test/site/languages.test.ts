/**
 * The site in six languages, on real servers over the sample: each language's pages by the
 * `language` option and by the reader's `Accept-Language` (q-values, regions, `*`), with `<html
 * lang>`, `Content-Language` and `Vary` saying so; counts written as each language writes numbers;
 * a record's begin and end dates written out in French and German while the archive's own
 * expressions stay as written; error pages translated; the API untouched; no English left on any
 * page kind of another language; and axe-core in Chromium finding no violation on the French
 * search page.
 */
import { readFileSync } from 'node:fs'
import { Catalogue, type CatalogueDocument } from '@archive-catalogue/core'
import { type Listening, listen } from '@archive-catalogue/http'
import { createSite, LANGUAGES, type Language } from '@archive-catalogue/site'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CATALOGUES } from '../../packages/site/src/messages/catalogues.js'
import { en } from '../../packages/site/src/templates/messages.js'
import { violations } from '../helpers/axe.js'
import { launchChromium } from '../helpers/browser.js'
import { SAMPLE } from '../helpers/corpus.js'

/** Objects of the sample whose dates the tests set: no words of their own, or only ISO again. */
const DAY = 0
const MONTH_TO_YEAR = 1
const REPEATED = 2
const WRITTEN = '/objects/MgVhgrhVRYEpbiAcPp8h3M'

let documents: (CatalogueDocument & {
  dates?: Record<string, unknown>[]
  notes?: Record<string, unknown>[]
})[]
/** The uris of the objects whose dates were set, by the constants above. */
let dated: string[]

/** The sample, with three objects dated by begin and end alone (see `dated`). */
function datedCatalogue(): Catalogue {
  documents = readFileSync(SAMPLE, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
  const objects = documents.filter(
    (document) => document.type === 'object' && (document.dates ?? []).length > 0,
  )
  const set = (index: number, date: Record<string, unknown>) => {
    const object = objects[index]!
    object.dates = [{ ...object.dates![0], ...date }]
    return object.uri
  }
  dated = [
    set(DAY, { begin: '1950-03-02', end: null, expression: undefined }),
    set(MONTH_TO_YEAR, { begin: '1950-03', end: '1951', expression: undefined }),
    // As the EAD import writes a date that has a normal and no text.
    set(REPEATED, { begin: '1950-03-02', end: '1951-04', expression: '1950-03-02-1951-04' }),
  ]
  return Catalogue.fromDocuments(documents)
}

/** What each language's pages say: a few texts, and the sample's 1,598 objects as it writes them. */
const EXPECTED: Record<
  Language,
  { skip: string; searchLabel: string; sort: string; objects: string; results: RegExp }
> = {
  en: {
    skip: 'Skip to the content',
    searchLabel: 'Search the catalogue',
    sort: 'Sort by',
    objects: '1,598',
    results: /^[\d,]+ results for “photographs”$/,
  },
  fr: {
    skip: 'Aller au contenu',
    searchLabel: 'Rechercher dans le catalogue',
    sort: 'Trier par',
    // A narrow no-break space between the thousands.
    objects: '1\u202f598',
    results: /^[\d\u202f]+ résultats pour «\u00a0photographs\u00a0»$/,
  },
  de: {
    skip: 'Zum Inhalt springen',
    searchLabel: 'Im Katalog suchen',
    sort: 'Sortieren nach',
    objects: '1.598',
    results: /^[\d.]+ Ergebnisse für „photographs“$/,
  },
  es: {
    skip: 'Ir al contenido',
    searchLabel: 'Buscar en el catálogo',
    sort: 'Ordenar por',
    // Spanish groups thousands from five digits on.
    objects: '1598',
    results: /^[\d.]+ resultados para «photographs»$/,
  },
  nl: {
    skip: 'Naar de inhoud',
    searchLabel: 'Zoeken in de catalogus',
    sort: 'Sorteren op',
    objects: '1.598',
    results: /^[\d.]+ resultaten voor ‘photographs’$/,
  },
  it: {
    skip: 'Vai al contenuto',
    searchLabel: 'Cerca nel catalogo',
    sort: 'Ordina per',
    objects: '1598',
    results: /^[\d.]+ risultati per «photographs»$/,
  },
}

let negotiated: Listening
const fixed = new Map<Language, Listening>()
let browser: Browser

beforeAll(async () => {
  const catalogue = datedCatalogue()
  const options = { port: 0, host: '127.0.0.1' }
  negotiated = await listen(createSite(catalogue, { name: 'Test Archive' }), options)
  for (const language of LANGUAGES) {
    fixed.set(
      language,
      await listen(createSite(catalogue, { name: 'Test Archive', language }), options),
    )
  }
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
  await negotiated?.close()
  for (const server of fixed.values()) await server.close()
})

interface Read {
  status: number
  headers: Headers
  html: string
}

async function read(server: Listening, path: string, acceptLanguage?: string): Promise<Read> {
  const response = await fetch(`${server.url}${path}`, {
    headers: acceptLanguage === undefined ? {} : { 'Accept-Language': acceptLanguage },
  })
  return { status: response.status, headers: response.headers, html: await response.text() }
}

/** Entities as `ghtml` writes them (`&#34;`), read back. */
function decoded(text: string): string {
  return text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
}

/** A page's text as a reader meets it: its text nodes and the attributes read aloud or shown. */
function readerTexts(html: string): string[] {
  const nodes = [...html.matchAll(/>([^<]+)</g)].map((match) => match[1]!)
  const attributes = [
    ...html.matchAll(/\s(?:aria-label|placeholder|title|alt|data-copied|content)="([^"]*)"/g),
  ].map((match) => match[1]!)
  return [...nodes, ...attributes].map((text) => decoded(text).trim()).filter(Boolean)
}

function h1(html: string): string {
  return decoded(/<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1] ?? '')
}

/** Each page a language is checked on, in the shapes every language must fill. */
function expectLanguage(page: Read, language: Language) {
  const expected = EXPECTED[language]
  expect(page.status).toBe(200)
  expect(page.html).toContain(`<html lang="${language}">`)
  expect(page.headers.get('content-language')).toBe(language)
  const texts = readerTexts(page.html)
  expect(texts).toContain(expected.skip)
  expect(texts).toContain(expected.searchLabel)
}

describe('the site in six languages', () => {
  describe('by the language option', () => {
    it.each(LANGUAGES)(
      'writes the home and search pages in %s, whatever the browser asks',
      async (language) => {
        const server = fixed.get(language)!
        // The browser asks for another language: the option wins.
        const other = language === 'de' ? 'fr' : 'de'
        const home = await read(server, '/', other)
        expectLanguage(home, language)
        expect(home.html).toContain(`<strong>${EXPECTED[language].objects}</strong>`)
        expect(home.headers.get('vary')).toBe('Accept-Encoding')
        const search = await read(server, '/search?query=photographs', other)
        expectLanguage(search, language)
        expect(h1(search.html)).toMatch(EXPECTED[language].results)
        expect(
          readerTexts(search.html).some((text) => text.startsWith(EXPECTED[language].sort)),
        ).toBe(true)
        expect(search.headers.get('vary')).toBe('Accept-Encoding')
      },
    )

    it('refuses a language it does not speak, naming the option and the six', () => {
      expect(() => createSite(Catalogue.fromDocuments([]), { language: 'pt' as Language })).toThrow(
        "language must be one of en, fr, de, es, nl, it, got 'pt'",
      )
    })
  })

  describe("by the reader's Accept-Language", () => {
    it.each(LANGUAGES)(
      'writes the home and search pages in %s when the browser asks for it',
      async (language) => {
        const home = await read(negotiated, '/', `${language};q=0.9, ja;q=0.8`)
        expectLanguage(home, language)
        expect(home.html).toContain(`<strong>${EXPECTED[language].objects}</strong>`)
        expect(home.headers.get('vary')).toBe('Accept-Encoding, Accept-Language')
        const search = await read(negotiated, '/search?query=photographs', language)
        expectLanguage(search, language)
        expect(h1(search.html)).toMatch(EXPECTED[language].results)
      },
    )

    it.each([
      ['fr-CA,fr;q=0.9,en;q=0.8', 'fr'],
      ['de-AT', 'de'],
      ['en;q=0.5, es;q=0.9', 'es'],
      ['pt-BR, nl;q=0.3, it;q=0.2', 'nl'],
      // Equally wanted: the first written.
      ['it, fr', 'it'],
      ['pt, *;q=0.5', 'en'],
      // `*` is any language not named: English is refused here.
      ['en;q=0, *', 'fr'],
      ['fr;q=0, de;q=0.1', 'de'],
      // A q that is not one is no entry.
      ['fr;q=2, nl', 'nl'],
      ['NL-be', 'nl'],
      ['ja, zh', 'en'],
      ['', 'en'],
    ])('answers Accept-Language: %j in %s', async (header, language) => {
      const page = await read(negotiated, '/search?query=photographs', header)
      expect(page.html).toContain(`<html lang="${language}">`)
      expect(page.headers.get('content-language')).toBe(language)
      expect(page.headers.get('vary')).toBe('Accept-Encoding, Accept-Language')
    })

    it('answers in English when the browser names no language', async () => {
      const page = await read(negotiated, '/')
      expect(page.html).toContain('<html lang="en">')
    })
  })

  describe("a record's dates", () => {
    const datesOf = async (uri: string, language: Language) =>
      /<p class="muted">([^<]*)<\/p>/.exec((await read(fixed.get(language)!, uri)).html)?.[1] ?? ''

    it('writes a begin and end without words of their own in French and German', async () => {
      expect(await datesOf(dated[DAY]!, 'fr')).toContain('2 mars 1950')
      expect(await datesOf(dated[DAY]!, 'de')).toContain('2. März 1950')
      expect(await datesOf(dated[DAY]!, 'en')).toContain('2 March 1950')
      expect(await datesOf(dated[MONTH_TO_YEAR]!, 'fr')).toContain('mars 1950 – 1951')
      expect(await datesOf(dated[MONTH_TO_YEAR]!, 'de')).toContain('März 1950 – 1951')
      expect(await datesOf(dated[REPEATED]!, 'fr')).toContain('2 mars 1950 – avril 1951')
      expect(await datesOf(dated[REPEATED]!, 'de')).toContain('2. März 1950 – April 1951')
    })

    it('keeps the expressions as the archive wrote them, and a year a year', async () => {
      expect(await datesOf(WRITTEN, 'fr')).toContain('1897 February 21')
      const list = (await read(fixed.get('de')!, '/collections?sort=title')).html
      expect(list).toMatch(/<span class="muted">\d{4}(-\d{4})?<\/span>/)
    })
  })

  describe('the catalogue’s own language', () => {
    it('marks the catalogue’s text with its language where the page speaks another', async () => {
      const collection = documents.find(
        (document) => document.type === 'collection' && (document.notes ?? []).length > 0,
      )!
      const french = (await read(negotiated, collection.uri, 'fr')).html
      expect(french).toContain(`<h1 lang="en">`)
      expect(french).toMatch(/<h3 lang="en">[^<]+<\/h3><p lang="en">/)
      const search = (await read(negotiated, '/search?query=photographs', 'fr')).html
      expect(search).toMatch(/<a class="result-title" href="[^"]+" lang="en">/)
      expect(search).toMatch(/<h2>Sujet<\/h2><ul><li><a href="[^"]+" lang="en">/)
      // A level is named by the site, in the page's language.
      expect(search).not.toMatch(/<h2>Niveau de description<\/h2><ul><li><a href="[^"]+" lang=/)
      // In English, the catalogue's language is the page's: no part says it again.
      for (const path of [collection.uri, '/search?query=photographs']) {
        expect((await read(negotiated, path, 'en')).html.match(/ lang="/g)).toHaveLength(1)
      }
    })
  })

  describe('error pages', () => {
    it('says a page is missing in the reader’s language', async () => {
      const page = await read(negotiated, '/collections/nope', 'fr')
      expect(page.status).toBe(404)
      expect(h1(page.html)).toBe('Page introuvable')
      expect(page.headers.get('content-language')).toBe('fr')
    })

    it('names a bad parameter and its value in the reader’s language', async () => {
      const page = await read(negotiated, '/search?sort=nope', 'de')
      expect(page.status).toBe(400)
      expect(h1(page.html)).toBe('Diese Anfrage kann nicht beantwortet werden')
      expect(decoded(page.html)).toContain('„nope“ ist kein möglicher Wert für „sort“.')
    })

    it('answers another method in the reader’s language', async () => {
      const response = await fetch(`${negotiated.url}/search`, {
        method: 'DELETE',
        headers: { 'Accept-Language': 'es' },
      })
      expect(response.status).toBe(405)
      expect(h1(await response.text())).toBe('No se puede responder a esta solicitud')
    })
  })

  it('leaves the API as it is, whatever the language', async () => {
    const path = '/api/search?query=photographs'
    const english = await read(negotiated, path, 'en')
    const french = await read(negotiated, path, 'fr')
    expect(french.html).toBe(english.html)
    expect(french.headers.get('vary')).toBe('Accept, Accept-Encoding')
    expect(french.headers.get('content-language')).toBeNull()
  })

  describe('no English left', () => {
    /** The words a language writes as English does: these may stand on its pages. */
    const SAME_AS_ENGLISH: Record<Exclude<Language, 'en'>, string[]> = {
      fr: ['API', 'Type', 'Collection', 'Fonds', 'Dates', 'Pages', 'Description', 'Notes', 'URL'],
      de: ['API', 'Online', 'URL', 'In'],
      es: ['API', 'URL'],
      nl: ['Home', 'API', 'Online', 'URL', 'In'],
      it: ['Home', 'API', 'Online', 'URL', 'In', 'Note'],
    }

    /**
     * English's own texts (`whole`), and the words of more than one around a text's values
     * (`within`: `results for “`), but those a language writes alike.
     */
    function englishOnly(language: Exclude<Language, 'en'>) {
      const whole = new Set<string>()
      const within = new Set<string>()
      const walk = (value: unknown) => {
        if (typeof value === 'string') whole.add(value)
        else if (typeof value === 'function') {
          // Every value a marker, a count too (so plural): the words between are English's.
          const made = String(value('\u0000', '\u0000', '\u0000', '\u0000'))
          for (const part of made.split('\u0000').map((text) => text.trim())) {
            if (/\p{L}{2,} \p{L}{2,}/u.test(part)) within.add(part)
          }
        } else if (value && typeof value === 'object') Object.values(value).forEach(walk)
      }
      walk(en)
      for (const text of SAME_AS_ENGLISH[language]) whole.delete(text)
      return { whole, within }
    }

    /** Every kind of page, found through the API so that each is one the sample has. */
    async function pageKinds(): Promise<string[]> {
      const first = async (path: string) =>
        (
          (await (await fetch(`${negotiated.url}/api${path}`)).json()) as {
            results: { uri: string }[]
          }
        ).results[0]!.uri
      const collection = (await first('/search?query=photographs&type=collection')).replace(
        /\?.*/,
        '',
      )
      const child = (
        (await (await fetch(`${negotiated.url}/api${collection}/children?limit=1`)).json()) as {
          results: { uri: string }[]
        }
      ).results[0]?.uri
      // A branch of its contents opened in place, as its first "show" link opens it.
      const opened = /href="([^"#]*\?open=[^"#]*)/.exec(
        decoded((await read(negotiated, collection)).html),
      )?.[1]
      return [
        '/',
        '/search?query=photographs',
        '/search?query=photographs&type=collection&end_date__gte=1950&level=series&sort=title',
        '/search?query=photogrpahs+agricultre',
        collection,
        `${collection}?query=photographs`,
        ...(child ? [child] : []),
        ...(opened ? [opened] : []),
        WRITTEN,
        dated[DAY]!,
        await first('/agents?limit=1'),
        await first('/terms?limit=1'),
        // A creator's collections, and a subject's collections and objects, with their lists.
        '/agents/odkp8Yy7uBr442m7pZN8Hu',
        '/terms/KqeXe2Fbw4UUVtbfuprxAW',
        '/objects?subject=Public+health',
        '/collections?sort=title',
        '/objects?offset=40',
        '/mylist',
        '/collections/nope',
        '/search?sort=nope',
      ]
    }

    it.each(LANGUAGES.filter((language) => language !== 'en') as Exclude<Language, 'en'>[])(
      'finds none of English’s own texts on any kind of page in %s',
      async (language) => {
        const { whole, within } = englishOnly(language)
        // The archive's own words stay as written: the sample writes "undated" as a date, and
        // titles its notes ("Note").
        const written = new Set(
          documents.flatMap((document) => [
            ...(document.dates ?? []).map((date) => date['expression']),
            ...(document.notes ?? []).map((note) => note['title']),
          ]),
        )
        const left: string[] = []
        const seen = new Set<string>()
        for (const path of await pageKinds()) {
          const page = await read(negotiated, path, language)
          expect(page.html, path).toContain(`<html lang="${language}">`)
          for (const text of readerTexts(page.html)) {
            seen.add(text)
            if (whole.has(text) && !written.has(text)) left.push(`${path}: ${text}`)
            for (const part of within) {
              if (text.includes(part)) left.push(`${path}: ${text}`)
            }
            if (/\d (results?|matching)\b|\bPage \d+ of |\bNumber [\d,]+ of |\d of \d/.test(text)) {
              left.push(`${path}: ${text}`)
            }
          }
        }
        expect(left).toEqual([])
        // Each kind of page was there to be read: filters in use, the help when nothing
        // matched, a record's place and citation, paging, and the error pages.
        const t = CATALOGUES[language]
        for (const text of [
          t.activeFilters,
          t.queryHelp,
          t.whereItSits,
          t.citation,
          t.previous,
          t.notFound,
          t.badRequest,
        ]) {
          expect(seen).toContain(text)
        }
        // An agent's and a term's records, under headings with their counts.
        const { related } = t
        for (const heading of [
          related.collectionsOfAgent,
          related.objectsOfAgent,
          related.collectionsOnSubject,
          related.objectsOnSubject,
        ]) {
          expect(
            [...seen].some((text) => text.startsWith(`${heading} (`)),
            heading,
          ).toBe(true)
        }
      },
    )
  })

  it('finds no WCAG 2.1 AA violation on the French search page, asked for by the browser', async () => {
    const context = await browser.newContext({ locale: 'fr-FR', bypassCSP: true })
    const page = await context.newPage()
    await page.goto(`${negotiated.url}/search?query=photographs`)
    expect(await page.getAttribute('html', 'lang')).toBe('fr')
    expect(await page.locator('h1').textContent()).toMatch(EXPECTED.fr.results)
    expect(await violations(page)).toEqual([])
    await context.close()
  })
})
