/**
 * The text analysis of an index, per catalogue language: the reference service's analyzer
 * (`rac_es`: `html_strip`, the standard tokenizer, lowercase, stop, snowball) made to give the
 * core's own terms (`packages/core/src/analysis/languages.ts`): the text in its compatibility
 * composition as the core reads it, and the core's stop words and elided articles, so that both
 * backends make the same terms of the same text.
 */
import type { TextLanguage } from '@archive-catalogue/core'
import {
  compatibilityMappings,
  foldingMappings,
  languageRules,
} from '@archive-catalogue/core/backend'

/** The analyzer of the catalogue's language, on titles, descriptions, notes and term titles. */
export const TEXT_ANALYZER = 'catalogue_text'
/** Words as written (lowercased, accents folded; no stop words, no stemming): for `word*`. */
export const WORDS_ANALYZER = 'catalogue_words'
/** Every word of a title as written, stop words too: what spelling suggestions are made from. */
export const TITLE_WORDS_ANALYZER = 'catalogue_title_words'
/** The normalizer of sort keys: titles sort lowercased and accent-free, as the core sorts them. */
export const SORT_NORMALIZER = 'catalogue_sort'

/** A character in a mapping rule: every UTF-16 unit escaped, so no rule holds syntax. */
const escaped = (text: string) =>
  Array.from({ length: text.length }, (_, at) => {
    return `\\u${text.charCodeAt(at).toString(16).padStart(4, '0')}`
  }).join('')

const asRules = (mappings: [string, string][]) =>
  mappings.map(([from, to]) => `${escaped(from)} => ${escaped(to)}`)

/** The rules, made once a process: they take a scan of every Unicode code point. */
let rules: { composition: string[]; folding: string[] } | undefined
const mappingRules = () => {
  rules ??= { composition: asRules(compatibilityMappings()), folding: asRules(foldingMappings()) }
  return rules
}

/** Markup first, then composition (an entity is composed as its character is), then folding. */
const FOLDED_TEXT = ['catalogue_html', 'catalogue_compose', 'catalogue_fold']

/**
 * The char filters of the language. English and `none` fold accents as the text is read, before
 * the stop words and the stemmer (the core's order); a language whose stemmer reads accents
 * folds them after it, with OpenSearch's ASCII folding (which folds a few rare letters the core
 * does not, and Greek and Cyrillic accents not at all).
 */
const charFilters = (language: TextLanguage) =>
  language === 'english' || language === 'none' ? FOLDED_TEXT : FOLDED_TEXT.slice(0, 2)

/**
 * The `analysis` settings of an index whose text is in `language`.
 * @example analysisSettings('french').analyzer.catalogue_text.filter // ['lowercase', 'catalogue_elision', …]
 */
export function analysisSettings(language: TextLanguage = 'english') {
  const { composition, folding } = mappingRules()
  return {
    filter: {
      // `Rockefeller's` → `Rockefeller`, as the core's normalizeToken does in every language.
      catalogue_possessive: { type: 'stemmer', language: 'possessive_english' },
      catalogue_folding: { type: 'asciifolding', preserve_original: false },
      ...languageFilters(language),
    },
    char_filter: {
      // Notes carry HTML and EAD markup: only their words are indexed (the reference strips it).
      catalogue_html: { type: 'html_strip' },
      // `José` with a combining accent, `ﬁ`, `Ａ`: one word in every Unicode form, as the core
      // composes it (NFKC).
      catalogue_compose: { type: 'mapping', mappings: composition },
      // `É` → `e`, `ß` → `ss`: the core's folding, one table for both backends.
      catalogue_fold: { type: 'mapping', mappings: folding },
    },
    analyzer: {
      [TEXT_ANALYZER]: {
        type: 'custom',
        tokenizer: 'standard',
        char_filter: charFilters(language),
        filter: textFilters(language),
      },
      [WORDS_ANALYZER]: {
        type: 'custom',
        tokenizer: 'standard',
        char_filter: charFilters(language),
        filter: wordsFilters(language),
      },
      [TITLE_WORDS_ANALYZER]: {
        type: 'custom',
        tokenizer: 'standard',
        char_filter: charFilters(language),
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
  // `none` keeps every word as written, as the core's does; its accents are folded as it reads.
  if (language === 'none') return ['catalogue_possessive', 'lowercase']
  // English folds accents before the stop words and the stemmer (the core's processTerm).
  if (language === 'english') {
    return ['catalogue_possessive', 'lowercase', 'catalogue_stop', 'catalogue_stemmer']
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
