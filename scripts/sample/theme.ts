/** What a top-level collection is about: shared by its series, subseries and objects. */
import type { Language } from '../../packages/core/src/documents/documents.js'
import type { AgentEntry } from './agents.js'
import { CITIES, COUNTRIES } from './places.js'
import type { Pools } from './pools.js'
import { topicsOf } from './prose.js'
import type { Random } from './random.js'
import type { TermEntry } from './terms.js'

export interface Theme {
  creators: AgentEntry[]
  /** Other agents the collection is about, named in notes and folder titles. */
  agents: AgentEntry[]
  places: string[]
  subjects: TermEntry[]
  /** The topical subjects without subdivisions, for titles and prose (`Public health`). */
  topics: string[]
  languages: Language[]
  /** Next audiovisual item number, for titles like `AV 6316 - AV 6367`. */
  nextAv: number
}

const LANGUAGES: readonly Language[] = [
  { expression: 'English', identifier: 'eng' },
  { expression: 'Spanish', identifier: 'spa' },
  { expression: 'Portuguese', identifier: 'por' },
  { expression: 'French', identifier: 'fre' },
  { expression: 'German', identifier: 'ger' },
  { expression: 'Chinese', identifier: 'chi' },
]

function languages(rng: Random): Language[] {
  const english = LANGUAGES[0] as Language
  const roll = rng.float()
  if (roll < 0.86) return [english]
  const other = LANGUAGES[rng.int(1, LANGUAGES.length - 1)] as Language
  return roll < 0.97 ? [english, other] : [other]
}

/** Chooses the creators, places, subjects and languages of a new top-level collection. */
export function makeTheme(rng: Random, pools: Pools): Theme {
  const creators = [pools.creator(rng)]
  if (rng.chance(0.2)) {
    const second = pools.creator(rng)
    if (second !== creators[0]) creators.push(second)
  }
  const agents: AgentEntry[] = []
  for (let i = rng.int(2, 8); i > 0; i--) {
    const agent = pools.subjectAgent(rng)
    if (!creators.includes(agent) && !agents.includes(agent)) agents.push(agent)
  }
  const places = [...rng.sample(CITIES, rng.int(1, 3)), ...rng.sample(COUNTRIES, rng.int(1, 3))]
  const subjects = pools.someTerms(rng, rng.int(2, 8))
  return {
    creators,
    agents,
    places,
    subjects,
    topics: topicsOf(subjects.map((term) => term.ref)),
    languages: languages(rng),
    nextAv: rng.int(1, 90) * 100,
  }
}
