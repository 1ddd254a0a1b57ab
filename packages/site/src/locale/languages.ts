/** The languages of the site's interface, and the locale each formats numbers and dates in. */

/** Every language the site speaks, English first: the one a reader gets when none fits. */
export const LANGUAGES = ['en', 'fr', 'de', 'es', 'nl', 'it'] as const

export type Language = (typeof LANGUAGES)[number]

export function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value)
}

/**
 * The `Intl` locale of each language. English writes dates day first (`2 March 1950`), as the
 * site spells "catalogue"; the others are their language's own.
 */
export const LOCALES: Readonly<Record<Language, string>> = {
  en: 'en-GB',
  fr: 'fr',
  de: 'de',
  es: 'es',
  nl: 'nl',
  it: 'it',
}
