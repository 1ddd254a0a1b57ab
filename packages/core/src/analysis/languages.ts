/**
 * Text analysis per catalogue language. `english` (the default) is the analysis of `analyze.ts`,
 * modelled on Elasticsearch's `english` analyzer. French, German, Spanish, Dutch and Italian
 * lowercase, remove elided articles (French and Italian `l'`, `d'` …), drop the language's stop
 * words (the `stopword` package's lists) and stem with the language's Snowball stemmer
 * (`snowball-stemmers`), then fold accents, so `Bibliothèques` and `bibliotheque` meet. `none`
 * only lowercases and folds accents: every word is kept as written.
 */
import snowball from 'snowball-stemmers'
import { deu, fra, ita, nld, spa } from 'stopword'
import { normalizeToken, processTerm, tokenize } from './analyze.js'
import { ENGLISH_STOP_WORDS } from './stop-words.js'
import { foldAccents } from './unicode-forms.js'

/** The languages a catalogue's text can be analyzed in. */
export const TEXT_LANGUAGES = [
  'english',
  'french',
  'german',
  'spanish',
  'dutch',
  'italian',
  'none',
] as const
export type TextLanguage = (typeof TEXT_LANGUAGES)[number]

/** How a catalogue's text and queries become index terms. */
export interface Analyzer {
  readonly language: TextLanguage
  /** One raw token → an index term, or null for a stop word. */
  processTerm(token: string): string | null
  /** Text → index terms in order (tokenize, then processTerm). */
  analyze(text: string): string[]
  /**
   * Text → the term at each position: every token takes one, and a removed stop word leaves
   * `null` in its place, so a phrase across it keeps its distance (Elasticsearch's positions).
   */
  positions(text: string): (string | null)[]
}

/** Elided articles and pronouns before an apostrophe (Lucene's French and Italian lists). */
const ELISIONS: Partial<Record<TextLanguage, ReadonlySet<string>>> = {
  french: new Set([
    'l',
    'm',
    't',
    'qu',
    'n',
    's',
    'j',
    'd',
    'c',
    'jusqu',
    'quoiqu',
    'lorsqu',
    'puisqu',
  ]),
  italian: new Set([
    'c',
    'l',
    'all',
    'dall',
    'dell',
    'nell',
    'sull',
    'coll',
    'pell',
    'gl',
    'agl',
    'dagl',
    'degl',
    'negl',
    'sugl',
    'un',
    'm',
    't',
    's',
    'v',
    'd',
  ]),
}

const SNOWBALL: Partial<Record<TextLanguage, { algorithm: string; stopWords: readonly string[] }>> =
  {
    french: { algorithm: 'french', stopWords: fra },
    german: { algorithm: 'german', stopWords: deu },
    spanish: { algorithm: 'spanish', stopWords: spa },
    dutch: { algorithm: 'dutch', stopWords: nld },
    italian: { algorithm: 'italian', stopWords: ita },
  }

/**
 * What a language's analysis removes and how it stems, for a search cluster to analyze text as
 * the core does: its stop words (lowercase; English's accent-free), the elided articles dropped
 * before an apostrophe, and its Snowball stemmer (null for `none`).
 */
export function languageRules(language: TextLanguage): {
  stopWords: readonly string[]
  elisions: readonly string[]
  snowball: string | null
} {
  if (language === 'english') {
    return { stopWords: [...ENGLISH_STOP_WORDS], elisions: [], snowball: 'english' }
  }
  if (language === 'none') return { stopWords: [], elisions: [], snowball: null }
  const { algorithm, stopWords } = SNOWBALL[language]!
  return {
    stopWords: [...new Set(stopWords.map((word) => word.toLowerCase()))],
    elisions: [...(ELISIONS[language] ?? [])],
    snowball: algorithm,
  }
}

const cache = new Map<TextLanguage, Analyzer>()

/** The analyzer of a language (one per process and language). */
export function analyzerFor(language: TextLanguage = 'english'): Analyzer {
  let analyzer = cache.get(language)
  if (!analyzer) {
    analyzer = withAnalyze(language, termProcessor(language))
    cache.set(language, analyzer)
  }
  return analyzer
}

/** Whether a string names a language of {@link TEXT_LANGUAGES}. */
export function isTextLanguage(value: string): value is TextLanguage {
  return (TEXT_LANGUAGES as readonly string[]).includes(value)
}

function termProcessor(language: TextLanguage): (token: string) => string | null {
  if (language === 'english') return processTerm
  if (language === 'none') return (token) => normalizeToken(token) || null
  const { algorithm, stopWords } = SNOWBALL[language]!
  const stemmer = snowball.newStemmer(algorithm)
  const stop = new Set(stopWords.map((word) => word.toLowerCase()))
  const elisions = ELISIONS[language]
  return (token) => {
    let word = token.toLowerCase().replace(/[\u2018\u2019\u02bc\uff07]/g, "'")
    const apostrophe = word.indexOf("'")
    if (elisions && apostrophe > 0 && elisions.has(word.slice(0, apostrophe))) {
      word = word.slice(apostrophe + 1)
    }
    if (word === '' || stop.has(word)) return null
    return foldAccents(stemmer.stem(word)) || null
  }
}

function withAnalyze(language: TextLanguage, process: (token: string) => string | null): Analyzer {
  return {
    language,
    processTerm: process,
    analyze(text) {
      const terms: string[] = []
      for (const token of tokenize(text)) {
        const term = process(token)
        if (term !== null) terms.push(term)
      }
      return terms
    },
    positions(text) {
      return tokenize(text).map(process)
    },
  }
}
