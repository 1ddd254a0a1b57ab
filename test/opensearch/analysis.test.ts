/**
 * The index's analysis (packages/opensearch/src/analysis.ts) against the core's: OpenSearch's
 * `_analyze` on a real index makes the terms the core's analyzer makes of the same words, and
 * where they differ, the test says how.
 */
import { TEXT_LANGUAGES, type TextLanguage } from '@archive-catalogue/core'
import { analyzerFor, normalizeToken, stripHtml, tokenize } from '@archive-catalogue/core/backend'
import { indexBody, TEXT_ANALYZER, WORDS_ANALYZER } from '@archive-catalogue/opensearch'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openSearchJson, openSearchNode } from '../helpers/opensearch.js'

const node = openSearchNode('the OpenSearch analysis tests')
const RUN = `analysis-${Date.now().toString(36)}`

async function analyze(language: TextLanguage, analyzer: string, text: string): Promise<string[]> {
  const { tokens } = await openSearchJson<{ tokens: { token: string }[] }>(
    node.url,
    `/${RUN}-${language}/_analyze`,
    { body: { analyzer, text } },
  )
  return tokens.map(({ token }) => token)
}

/** Words of archival descriptions: plurals, derivations, possessives, accents, markup. */
const ENGLISH = [
  'Photographs of the Histories',
  "Rockefeller's foundations and the organizations they funded",
  'running generously; general reports, correspondence (1950–1965)',
  'Café, Zürich, Straße, naïve coöperation',
  'it’s the <emph render="italic">Banana</emph> growers&apos; association',
  'Medical education in China; public health nursing; malaria eradication',
]

describe.skipIf(node.skip)('the index analysis', () => {
  beforeAll(async () => {
    for (const language of TEXT_LANGUAGES) {
      await openSearchJson(node.url, `/${RUN}-${language}`, {
        method: 'PUT',
        body: indexBody(language),
      })
    }
  })
  afterAll(async () => {
    await fetch(`${node.url}/${RUN}-*`, { method: 'DELETE' })
  })

  describe('english', () => {
    it('turns "Photographs of the Histories" into the core\'s stems', async () => {
      const text = 'Photographs of the Histories'
      expect(await analyze('english', TEXT_ANALYZER, text)).toEqual(['photograph', 'histori'])
      expect(analyzerFor('english').analyze(text)).toEqual(['photograph', 'histori'])
    })

    it.each(ENGLISH)(
      'makes the core\'s terms of "%s" (snowball English is Porter2)',
      async (text) => {
        // The core strips markup before analysis; the index's html_strip does it as it reads.
        expect(await analyze('english', TEXT_ANALYZER, text)).toEqual(
          analyzerFor('english').analyze(stripHtml(text)),
        )
      },
    )

    it('splits dotted words and decimals as the core does (its word pattern, not UAX#29)', async () => {
      const text = 'U.S.A. 3.5 mm'
      expect(await analyze('english', TEXT_ANALYZER, text)).toEqual(['u', 's', '3', '5', 'mm'])
      expect(analyzerFor('english').analyze(text)).toEqual(['u', 's', '3', '5', 'mm'])
    })
  })

  describe('words as written', () => {
    it.each(ENGLISH)(
      'folds "%s" as the core matches prefixes: not stemmed, stop words left out',
      async (text) => {
        const english = analyzerFor('english')
        const expected = tokenize(stripHtml(text))
          .filter((token) => english.processTerm(token) !== null)
          .map(normalizeToken)
        expect(await analyze('english', WORDS_ANALYZER, text)).toEqual(expected)
      },
    )
  })

  describe('french', () => {
    it('drops elided articles, stems with accents, then folds them as the core does', async () => {
      const text = "L'histoire des bibliothèques d'Éléphants"
      expect(await analyze('french', TEXT_ANALYZER, text)).toEqual(
        analyzerFor('french').analyze(text),
      )
    })

    it("drops the core's stop words, not Lucene's list, which lacks some of them", async () => {
      // "où", "a" and "été" are stop words of the core's (the stopword package's) French list,
      // not of Lucene's `_french_`: the index is given the core's.
      for (const language of ['french', 'german', 'spanish', 'dutch', 'italian'] as const) {
        const text = 'les archives où il a été, der Archive, los archivos, het archief, gli archivi'
        expect(await analyze(language, TEXT_ANALYZER, text), language).toEqual(
          analyzerFor(language).analyze(text),
        )
      }
    })
  })

  describe('none', () => {
    it('keeps every word, lowercased and folded, as the core does', async () => {
      const text = 'Photographs of the Histories, Zürich'
      expect(await analyze('none', TEXT_ANALYZER, text)).toEqual(analyzerFor('none').analyze(text))
    })
  })
})
