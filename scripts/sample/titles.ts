/** Titles of collections, series, subseries and folders, in archivists' conventions. */
import type { AgentEntry } from './agents.js'
import type { YearSpan } from './dates.js'
import type { Focus } from './node.js'
import { placeName } from './places.js'
import type { Random } from './random.js'
import type { Theme } from './theme.js'
import { FUNCTIONS } from './vocabulary.js'

/**
 * The title of a top-level collection from its first creator; `earlier` is how many collections
 * that creator already has, so that a prolific creator's collections get distinct titles.
 */
export function topTitle(rng: Random, creator: AgentEntry, earlier: number): string {
  const base = creator.name
  const kind = creator.category === 'organization' ? 'records' : 'papers'
  if (earlier === 0) return `${base} ${kind}`
  const variants = [
    () => `${base} ${kind}, ${rng.pick(FUNCTIONS)}`,
    () => `${base} ${kind}, RG ${earlier + 1}`,
    () => `${base} photographs`,
    () => `${base} oral histories`,
    () => `${base} ${kind}, ${rng.pick(FUNCTIONS).toLowerCase()}, series ${earlier * 100}`,
  ]
  return rng.pick(variants)()
}

const AUDIOVISUAL = [
  'Audiovisual materials',
  'Films',
  'Audio recordings',
  'Oral history interviews',
]

/** The title of a series. */
export function seriesTitle(rng: Random, focus: Focus, top: string, index: number): string {
  if (focus === 'photographs') {
    return rng.chance(0.6) ? 'Photographs' : `Photographs, Series ${index + 1}`
  }
  if (focus === 'audiovisual') return rng.pick(AUDIOVISUAL)
  const name = rng.pick(FUNCTIONS)
  const roll = rng.float()
  if (roll < 0.5) return name
  if (roll < 0.75) return `Series ${index + 1}: ${name}`
  return `${top}, ${name}, Series ${index + 1}`
}

/** The title of a subseries. */
export function subseriesTitle(rng: Random, focus: Focus, theme: Theme, index: number): string {
  if (focus === 'photographs') return `Photographs: ${placeName(rng.pick(theme.places))}`
  if (focus === 'audiovisual') return rng.pick(AUDIOVISUAL)
  const roll = rng.float()
  if (roll < 0.4) return rng.pick(theme.places)
  if (roll < 0.6 && theme.subjects.length > 0) return rng.pick(theme.subjects).title
  if (roll < 0.8) return `Subseries ${index + 1}: ${rng.pick(FUNCTIONS)}`
  return rng.pick(FUNCTIONS)
}

function spanText(span: YearSpan): string {
  if (!span) return 'undated'
  return span[0] === span[1] ? String(span[0]) : `${span[0]}-${span[1]}`
}

/** What an object's title names, so that the object can also list it. */
export interface ObjectTitle {
  title: string
  /** An agent the title names (a correspondent, a grantee). */
  agent?: AgentEntry
}

/** The title of a folder or item. */
export function objectTitle(
  rng: Random,
  focus: Focus,
  theme: Theme,
  span: YearSpan,
  agent: AgentEntry,
): ObjectTitle {
  const place = () => rng.pick(theme.places)
  const subject = () => (theme.topics.length > 0 ? rng.pick(theme.topics) : 'General')
  if (focus === 'photographs') {
    const forms = [
      () => `Photographs of ${placeName(place())}`,
      () => `${subject()}: photographs`,
      () => `Album, ${placeName(place())}, ${spanText(span)}`,
    ]
    return { title: rng.pick(forms)() }
  }
  if (focus === 'audiovisual') {
    const roll = rng.float()
    if (roll < 0.5) {
      const first = theme.nextAv
      theme.nextAv += rng.int(20, 60)
      return { title: `AV ${first} - AV ${theme.nextAv - 1}` }
    }
    if (roll < 0.8) return { title: `Interview with ${agent.name}`, agent }
    return { title: `${subject()} (film)` }
  }
  const roll = rng.float()
  if (roll < 0.22) return { title: agent.ref.title ?? agent.name, agent }
  if (roll < 0.38) return { title: `${subject()} -- ${place()}` }
  if (roll < 0.62) {
    const kind = rng.pick(['Correspondence', 'Reports', 'Minutes', 'Annual report', 'Budget'])
    return { title: `${kind}, ${spanText(span)}` }
  }
  if (roll < 0.72) return { title: subject() }
  if (roll < 0.85) return { title: `${rng.pick(FUNCTIONS)}: ${placeName(place())}` }
  return { title: `Grant files: ${agent.ref.title ?? agent.name}`, agent }
}
