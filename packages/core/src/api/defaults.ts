/** What every backend and front end assumes when not told otherwise: said once, here. */
import type { TextLanguage } from '../analysis/languages.js'

export const API_DEFAULTS = {
  /** Public base URL of `next`/`previous` links when a call gives none. */
  baseUrl: 'http://localhost:8000',
  /** Largest page size: a larger `limit` is clamped to it. */
  maxLimit: 500,
  /** Page size when `limit` is not given (API.md §3). */
  limit: 50,
  /** The language of the catalogue's text. */
  language: 'english' as TextLanguage,
} as const
