/**
 * The index's analysis (packages/opensearch/src/indexing/analysis.ts) against the core's:
 * OpenSearch's `_analyze` on a real index makes the terms the core's analyzer makes of the same
 * words, fixed ones and generated ones in every Unicode form, and where they differ, the test
 * says how.
 */
import { TEXT_LANGUAGES, type TextLanguage } from '@archive-catalogue/core'
import { analyzerFor, indexedText, normalizeToken, tokenize } from '@archive-catalogue/core/backend'
import { indexBody, TEXT_ANALYZER, WORDS_ANALYZER } from '@archive-catalogue/opensearch'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openSearchJson, openSearchNode } from '../helpers/opensearch.js'
import { inForm, UNICODE_FORMS } from '../helpers/unicode-forms.js'

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

/**
 * Texts of pieces an archival description holds, put together at random (seeded): words with
 * and without accents (composed and combining), abbreviations, decimals, numbers with commas,
 * apostrophes, hyphens, colons, underscores, other scripts, ligatures, full-width letters,
 * superscripts, a lone emoji, markup and entities.
 */
function generatedTexts(count: number): string[] {
  const pieces = [
    'Rockefeller',
    "O'Neil",
    'it’s',
    'José',
    'Jose\u0301',
    'Zürich',
    'Straße',
    'Ørsted',
    'N.Y.',
    'U.S.',
    'e.g.',
    '3.5',
    '1,000',
    '1950s-60s',
    'c1999',
    'a:b',
    'snake_case',
    'x²',
    '½',
    '\ufb01le',
    'ＡＢＣ',
    '１２３',
    '日本語',
    'カタカナ',
    'ภาษา',
    'שלום',
    'Москва',
    '٣٤',
    '🍌',
    '©',
    '<emph>Banana</emph>',
    '&eacute;t&eacute;',
    '&amp;',
    '-',
    '.',
    ',',
    ';',
    ':',
    "'",
    '’',
    '"',
    '(',
    ')',
    '/',
    '_',
    ' ',
    ' ',
    ' ',
    '\n',
  ]
  let seed = 20261125
  const next = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff
    return seed
  }
  return Array.from({ length: count }, () =>
    Array.from({ length: 1 + (next() % 10) }, () => pieces[next() % pieces.length]).join(''),
  )
}

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
          analyzerFor('english').analyze(indexedText(text)),
        )
      },
    )

    it('reads dotted words and decimals as UAX #29 does, on both backends', async () => {
      const text = 'U.S.A. 3.5 mm, N.Y. 1,000'
      // Snowball English stems `n.y` as any word ending in `y`.
      const expected = ['u.s.a', '3.5', 'mm', 'n.i', '1,000']
      expect(await analyze('english', TEXT_ANALYZER, text)).toEqual(expected)
      expect(analyzerFor('english').analyze(text)).toEqual(expected)
    })

    it("makes the core's terms of generated text in every Unicode form", async () => {
      const texts = generatedTexts(400)
      for (const text of texts) {
        const expected = analyzerFor('english').analyze(indexedText(text))
        expect(await analyze('english', TEXT_ANALYZER, text), JSON.stringify(text)).toEqual(
          expected,
        )
        for (const form of UNICODE_FORMS) {
          const written = inForm(text, form)
          expect(analyzerFor('english').analyze(indexedText(written)), form).toEqual(expected)
        }
      }
    })
  })

  describe('words as written', () => {
    it.each(ENGLISH)(
      'folds "%s" as the core matches prefixes: not stemmed, stop words left out',
      async (text) => {
        const english = analyzerFor('english')
        const expected = tokenize(indexedText(text))
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
