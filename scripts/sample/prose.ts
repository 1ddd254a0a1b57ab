/**
 * English prose for notes, from sentence templates filled with the names, places, subjects and
 * years of the description at hand. A few sentences carry the light EAD markup that
 * ArchivesSpace exports keep (`<emph render="italic">`).
 */
import type { Reference } from '../../packages/core/src/documents/documents.js'
import { placeName } from './places.js'
import type { Random } from './random.js'
import { ACTIVITIES, PUBLICATIONS, RECORD_KINDS } from './vocabulary.js'
import { capitalize, englishList, words } from './words.js'

/** What a note can talk about. */
export interface ProseContext {
  /** `collection`, `series`, `subseries` or `file`. */
  unit: string
  /** Creators as prose names them (`Warren Weaver`, `the Hale Foundation`). */
  creators: readonly string[]
  /** Other people and organisations, the same way. */
  agents: readonly string[]
  /** Place headings (`Bogotá (Colombia)`). */
  places: readonly string[]
  /** Topics, without subdivisions (`Public health`, `Art, Modern`). */
  subjects: readonly string[]
  /** The years covered, null when undated. */
  span: readonly [number, number] | null
}

/** The topics of some subject references, without subdivisions, places or genres. */
export function topicsOf(terms: readonly Reference[]): string[] {
  const topics: string[] = []
  for (const term of terms) {
    const topic = term.type === 'topical' ? term.title?.split(' -- ')[0] : undefined
    if (topic && !topics.includes(topic)) topics.push(topic)
  }
  return topics
}

/** A topic as words inside a sentence: `Art, Modern` -> `modern art`, `Nursing` -> `nursing`. */
function lower(topic: string): string {
  if (/^African/.test(topic)) return topic
  const inverted = /^([^,]+), ([A-Z][a-z]+)$/.exec(topic)
  return (inverted ? `${inverted[2]} ${inverted[1]}` : topic).toLowerCase()
}

function publication(rng: Random): string {
  const title = rng.pick(PUBLICATIONS)
  return rng.chance(0.3) ? `<emph render="italic">${title}</emph>` : title
}

function years(span: ProseContext['span']): string {
  if (!span) return 'over the years'
  return span[0] === span[1] ? `in ${span[0]}` : `from ${span[0]} to ${span[1]}`
}

/** Sentences describing the contents of a description (abstract, scope and contents). */
export function scopeSentences(rng: Random, ctx: ProseContext, count: number): string[] {
  const kinds = () => englishList(rng.sample(RECORD_KINDS, rng.int(2, 3)))
  const subject = () => (ctx.subjects.length > 0 ? lower(rng.pick(ctx.subjects)) : 'philanthropy')
  const place = () => (ctx.places.length > 0 ? placeName(rng.pick(ctx.places)) : 'New York')
  const creator = () => (ctx.creators.length > 0 ? rng.pick(ctx.creators) : 'the foundation')
  const twoSubjects = () => {
    const pair = rng.sample(ctx.subjects, 2).map(lower)
    return pair.length === 2 ? `${pair[0]} and ${pair[1]}` : subject()
  }
  const people = () => englishList(rng.sample(ctx.agents.length > 0 ? ctx.agents : ctx.creators, 3))
  const templates: Array<() => string> = [
    () =>
      `This ${ctx.unit} contains ${kinds()} documenting the work of ${creator()}` +
      ` in ${twoSubjects()}.`,
    () => `Records include ${kinds()} relating to programs in ${place()} and ${place()}.`,
    () => `The material documents ${rng.pick(ACTIVITIES)} in ${place()} ${years(ctx.span)}.`,
    () => `Correspondents include ${people()}.`,
    () =>
      `Of particular note are reports on ${subject()} in ${place()}` +
      ` and a run of the ${publication(rng)}.`,
    () =>
      ctx.subjects.length > 1
        ? `Topics include ${englishList(rng.sample(ctx.subjects, 3).map(lower))}.`
        : `The chief topic is ${subject()}.`,
    () => `Also present are ${kinds()} on ${rng.pick(ACTIVITIES)}.`,
    () => `${capitalize(kinds())} describe ${subject()} in ${place()}.`,
  ]
  // Each template at most once per note: a note that repeats itself reads as generated.
  return rng.sample(templates, count).map((template) => template())
}

const FIELDS_OF_STUDY = words('medicine | agronomy | economics | public health | biology | law')
const BIRTHPLACES = words(`
  Boston (Mass.) | Chicago (Ill.) | México (Mexico) | Zürich (Switzerland) | São Paulo (Brazil)
  London (England) | Bogotá (Colombia)
`)
const FIELD_OFFICES = words(`
  Bogotá (Colombia) | México (Mexico) | New Delhi (India) | Paris (France) | Cali (Colombia)
  São Paulo (Brazil) | Genève (Switzerland) | Nairobi (Kenya) | Manila (Philippines)
`)
const PROGRAMS = words('public health | agriculture | the social sciences | the arts | nursing')

/** A biographical note on a person. */
export function personBiography(rng: Random, name: string, female: boolean, born: number): string {
  const pronoun = female ? 'She' : 'He'
  const sentences = [
    `${name} was born in ${born} in ${placeName(rng.pick(BIRTHPLACES))}.`,
    `${pronoun} studied ${rng.pick(FIELDS_OF_STUDY)} and joined the foundation's staff in` +
      ` ${born + rng.int(24, 40)}, serving in ${placeName(rng.pick(FIELD_OFFICES))}` +
      ' and later in New York.',
    `${pronoun} directed ${rng.pick(ACTIVITIES)} and wrote for the ${publication(rng)}.`,
  ]
  return sentences.slice(0, rng.int(2, 3)).join(' ')
}

/** A historical note on an organisation, `name` as prose names it (`the Hale Foundation`). */
export function organizationHistory(rng: Random, name: string, founded: number): string {
  const sentences = [
    `${capitalize(name)} was established in ${founded} to promote ${rng.pick(ACTIVITIES)}.`,
    `Its programs extended to ${placeName(rng.pick(FIELD_OFFICES))} and other field offices.`,
    `It was reorganized in ${founded + rng.int(5, 40)}, when its work in` +
      ` ${rng.pick(PROGRAMS)} passed to new divisions.`,
  ]
  return sentences.slice(0, rng.int(1, 3)).join(' ')
}
