/**
 * The reference service's recorded answers (test/fixtures/argo-responses/recorded.json): what an
 * opt-in must leave as it is, key for key.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { CORPUS } from './corpus.js'

interface Recording {
  url: string
  body: Record<string, unknown> & { results?: Record<string, unknown>[] }
}

const RECORDINGS = JSON.parse(
  readFileSync(join(CORPUS, 'argo-responses', 'recorded.json'), 'utf8'),
) as Recording[]

/** The first recorded answer whose URL holds `path` (`/facets?`); an error when there is none. */
export function recordedAnswer(path: string): Recording['body'] {
  const found = RECORDINGS.find((recording) => recording.url.includes(path))
  if (!found) throw new Error(`no recorded answer of ${path}`)
  return found.body
}

/** The keys of the reference's `/facets`, in its order. */
export const REFERENCE_FACETS_KEYS = Object.keys(recordedAnswer('/facets?'))

/** The keys of a reference `/search` result, in its order. */
export const REFERENCE_RESULT_KEYS = Object.keys(recordedAnswer('/search?').results![0]!)
