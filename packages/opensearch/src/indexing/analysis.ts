/**
 * The text analysis of an index, per catalogue language: the reference service's analyzer
 * (`rac_es`: `html_strip`, lowercase, stop, snowball) made to give the core's own terms
 * (`packages/core/src/analysis/languages.ts`): the core's word tokenizer instead of the standard
 * one, and the core's stop words and elided articles, so that both backends make the same terms
 * of the same text.
 */
import type { TextLanguage } from '@archive-catalogue/core'
import { languageRules } from '@archive-catalogue/core/backend'

/** The analyzer of the catalogue's language, on titles, descriptions, notes and term titles. */
export const TEXT_ANALYZER = 'catalogue_text'
/** Words as written (lowercased, accents folded; no stop words, no stemming): for `word*`. */
export const WORDS_ANALYZER = 'catalogue_words'
/** Every word of a title as written, stop words too: what spelling suggestions are made from. */
export const TITLE_WORDS_ANALYZER = 'catalogue_title_words'
/** The normalizer of sort keys: titles sort lowercased and accent-free, as the core sorts them. */
export const SORT_NORMALIZER = 'catalogue_sort'

/**
 * The `analysis` settings of an index whose text is in `language`.
 * @example analysisSettings('french').analyzer.catalogue_text.filter // ['lowercase', 'catalogue_elision', …]
 */
export function analysisSettings(language: TextLanguage = 'english') {
  return {
    filter: {
      // `Rockefeller's` → `Rockefeller`, as the core's normalizeToken does in every language.
      catalogue_possessive: { type: 'stemmer', language: 'possessive_english' },
      catalogue_folding: { type: 'asciifolding', preserve_original: false },
      ...languageFilters(language),
    },
    tokenizer: {
      // The core's words (its WORD_RE), not the standard tokenizer's: a run of letters and
      // digits with apostrophes inside, split on every other character, so `N.Y.` is `n` and
      // `y` on both backends (UAX#29 keeps `n.y` whole).
      catalogue_tokens: {
        type: 'pattern',
        pattern:
          "[\\p{L}\\p{N}][\\p{L}\\p{N}\\p{M}]*(?:['\\u2018\\u2019\\uff07][\\p{L}\\p{N}\\p{M}]+)*",
        group: 0,
      },
    },
    char_filter: {
      // Notes carry HTML and EAD markup: only their words are indexed (the reference strips it).
      catalogue_html: { type: 'html_strip' },
    },
    analyzer: {
      [TEXT_ANALYZER]: {
        type: 'custom',
        tokenizer: 'catalogue_tokens',
        char_filter: ['catalogue_html'],
        filter: textFilters(language),
      },
      [WORDS_ANALYZER]: {
        type: 'custom',
        tokenizer: 'catalogue_tokens',
        char_filter: ['catalogue_html'],
        filter: wordsFilters(language),
      },
      [TITLE_WORDS_ANALYZER]: {
        type: 'custom',
        tokenizer: 'catalogue_tokens',
        char_filter: ['catalogue_html'],
        // The core's title words keep stop words: `with` is a word of the titles, no misspelling.
        filter: wordsFilters(language).filter((filter) => filter !== 'catalogue_stop'),
      },
    },
    normalizer: {
      [SORT_NORMALIZER]: { type: 'custom', filter: ['lowercase', 'asciifolding'] },
    },
  }
}

function languageFilters(language: TextLanguage): Record<string, object> {
  const { stopWords, elisions, snowball } = languageRules(language)
  if (snowball === null) return {}
  return {
    catalogue_stop: { type: 'stop', stopwords: stopWords },
    // OpenSearch names the algorithms as Lucene's Snowball classes: `English`, `French`…
    catalogue_stemmer: {
      type: 'snowball',
      language: snowball[0]!.toUpperCase() + snowball.slice(1),
    },
    ...(elisions.length > 0
      ? { catalogue_elision: { type: 'elision', articles: elisions, articles_case: true } }
      : {}),
  }
}

/** The filters in the core's order for the language. */
function textFilters(language: TextLanguage): string[] {
  // `none` keeps every word as written, as the core's does.
  if (language === 'none') return ['catalogue_possessive', 'lowercase', 'catalogue_folding']
  // English folds accents before the stop words and the stemmer (the core's processTerm).
  if (language === 'english') {
    return [
      'catalogue_possessive',
      'lowercase',
      'catalogue_folding',
      'catalogue_stop',
      'catalogue_stemmer',
    ]
  }
  // The other languages stem the word with its accents and fold them after, as the core does:
  // the French and German stemmers read them.
  return [
    'lowercase',
    ...(languageRules(language).elisions.length > 0 ? ['catalogue_elision'] : []),
    'catalogue_stop',
    'catalogue_stemmer',
    'catalogue_folding',
  ]
}

/**
 * The words as written that a prefix reads (the core's `normalizeToken`): no stemming and no
 * elision, and never a stop word, which the core's prefixes do not find either.
 */
function wordsFilters(language: TextLanguage): string[] {
  const kept = textFilters(language).filter(
    (filter) => filter !== 'catalogue_stemmer' && filter !== 'catalogue_elision',
  )
  return kept.includes('catalogue_possessive') ? kept : ['catalogue_possessive', ...kept]
}
