/**
 * Numbers as each language writes them (`12,345`, `12 345` with a narrow no-break space,
 * `12.345`): one `Intl.NumberFormat` per language, made once when the site loads, since making
 * one costs far more than formatting with it.
 */
import { LANGUAGES, type Language, LOCALES } from './languages.js'

const FORMATS = new Map<string, Intl.NumberFormat>(
  LANGUAGES.map((language) => [language, new Intl.NumberFormat(LOCALES[language])]),
)

/**
 * A number in a language's own writing: `formatNumber(12345, 'fr')` is `12 345`; in English for
 * a language the site does not speak.
 */
export function formatNumber(value: number, language: Language | string): string {
  return (FORMATS.get(language) ?? FORMATS.get('en')!).format(value)
}
