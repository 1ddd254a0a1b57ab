/** Terms: subject headings, most topical, some geographic and genre/form. */
import type { Reference, Term } from '../../packages/core/src/documents/documents.js'
import { makeId } from './ids.js'
import { CITIES, COUNTRIES } from './places.js'
import type { Random } from './random.js'
import { GENRES, SUBDIVISIONS, TOPICS } from './vocabulary.js'

export type TermType = Term['term_type']

/** What later documents need of a term. */
export interface TermEntry {
  ref: Reference
  title: string
  termType: TermType
}

/** A heading of the given kind. */
function heading(rng: Random, kind: number): [string, TermType] {
  const place = () => (rng.chance(0.6) ? rng.pick(COUNTRIES) : rng.pick(CITIES))
  switch (kind) {
    case 0:
      return [`${rng.pick(TOPICS)} -- ${place()}`, 'topical']
    case 1:
      return [`${rng.pick(TOPICS)} -- ${rng.pick(SUBDIVISIONS)}`, 'topical']
    case 2:
      return [`${rng.pick(TOPICS)} -- ${place()} -- ${rng.pick(SUBDIVISIONS)}`, 'topical']
    case 3:
      return [place(), 'geographic']
    default:
      return [rng.pick(GENRES), 'genre_form']
  }
}

/**
 * Generates `count` terms and records them in `entries`. The broad topics come first: Zipf
 * sampling over `entries` then makes them the common subjects, and the subdivided headings
 * (`Public health -- México`) the long tail.
 */
export function* generateTerms(rng: Random, count: number, entries: TermEntry[]): Generator<Term> {
  // The first few broad topics keep their order (they lead the facets); the rest are shuffled.
  const broad = [...TOPICS.slice(0, 6), ...rng.shuffle(TOPICS.slice(6))]
  const broadCount = Math.min(broad.length, Math.ceil(count * 0.3))
  const seen = new Set<string>()
  for (let i = 0; i < count; i++) {
    let title = ''
    let termType: TermType = 'topical'
    if (i < broadCount) title = broad[i] ?? ''
    for (let attempt = 0; attempt < 8 && (title === '' || seen.has(title)); attempt++) {
      ;[title, termType] = heading(rng, rng.weighted([45, 20, 15, 14, 6]))
    }
    seen.add(title)
    const id = makeId(rng)
    const uri = `/terms/${id}`
    const externalIdentifiers = [
      { identifier: `/subjects/${i + 1}`, source: 'archivesspace' as const },
    ]
    const ref: Reference = {
      external_identifiers: externalIdentifiers,
      identifier: id,
      title,
      type: termType,
    }
    entries.push({ ref, title, termType })
    yield {
      uri,
      type: 'term',
      title,
      category: 'subject',
      term_type: termType,
      external_identifiers: externalIdentifiers,
      group: { category: 'subject', creators: [], dates: [], identifier: uri, title },
    }
  }
}
