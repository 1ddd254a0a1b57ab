/** Agents: people, organisations and families, with the references later documents make. */
import type {
  Agent,
  CatalogueDate,
  Note,
  Reference,
} from '../../packages/core/src/documents/documents.js'
import { existenceDate } from './dates.js'
import { makeId } from './ids.js'
import {
  AGENCIES,
  DIVISIONS,
  FEMALE_FORENAMES,
  FIELDS,
  INITIALS,
  INSTITUTION_KINDS,
  MALE_FORENAMES,
  MINISTRIES,
  SURNAMES,
} from './names.js'
import { makeNote } from './notes.js'
import { CITIES, placeName } from './places.js'
import { organizationHistory, personBiography } from './prose.js'
import type { Random } from './random.js'

export type AgentCategory = Agent['category']

/** What later documents need of an agent: kept for every agent while the catalogue is made. */
export interface AgentEntry {
  /** The reference to the agent, `role: 'creator'`. */
  ref: Reference
  category: AgentCategory
  /** The name in direct order, for prose and titles (`Warren J. Weaver`, `Hale Foundation`). */
  name: string
}

/**
 * How prose names an agent: `Mary Wilson`, `the Hale family`, `the Council on Nursing`,
 * `the Population Program of the Fischer Foundation`, `the Fischer Foundation office in Cali`.
 */
export function inProse(entry: AgentEntry): string {
  if (entry.category === 'person') return entry.name
  const dot = entry.name.indexOf('. ')
  if (dot === -1) return `the ${entry.name}`
  const parent = entry.name.slice(0, dot)
  const part = entry.name.slice(dot + 2)
  if (part.includes(' (')) return `the ${parent} office in ${placeName(part)}`
  if (parent === 'United States' || !/ (Foundation|Fund|Trust)$/.test(parent)) return `the ${part}`
  return `the ${part} of the ${parent}`
}

const ARCHIVESSPACE_PATH: Record<AgentCategory, string> = {
  person: 'people',
  organization: 'corporate_entities',
  family: 'families',
}

interface Name {
  title: string
  authorized: string
  direct: string
  female: boolean
}

function personName(rng: Random): Name {
  const female = rng.chance(0.4)
  const forename = rng.pick(female ? FEMALE_FORENAMES : MALE_FORENAMES)
  const surname = rng.pick(SURNAMES)
  const given = rng.chance(0.6) ? `${forename} ${rng.pick(INITIALS)}.` : forename
  const authorized = `${surname}, ${given}`
  const direct = `${given} ${surname}`
  // ArchivesSpace titles are usually the authorized form, sometimes the direct one.
  return { title: rng.chance(0.85) ? authorized : direct, authorized, direct, female }
}

const SCOPES = ['American', 'International', 'Inter-American']

function organizationName(rng: Random, parents: readonly string[], first: boolean): string {
  const surname = () => rng.pick(SURNAMES)
  const city = () => rng.pick(CITIES)
  if (first) return `${surname()} Foundation`
  const patterns: Array<[number, () => string]> = [
    [14, () => `${surname()} ${rng.pick(['Foundation', 'Fund', 'Trust'])}`],
    [parents.length > 0 ? 16 : 0, () => `${rng.pick(parents)}. ${rng.pick(DIVISIONS)}`],
    [parents.length > 0 ? 12 : 0, () => `${rng.pick(parents)}. ${city()}`],
    [10, () => `University of ${placeName(city())}`],
    [8, () => `${surname()} ${rng.pick(['University', 'College'])}`],
    [8, () => `${rng.pick(['International', 'National', 'General'])} Board of ${rng.pick(FIELDS)}`],
    [8, () => `Council on ${rng.pick(FIELDS)}`],
    [6, () => `United States. ${rng.pick(AGENCIES)}`],
    [5, () => `${rng.pick(['Mexico', 'Colombia', 'Brazil', 'Chile'])}. ${rng.pick(MINISTRIES)}`],
    [6, () => `Institute of ${rng.pick(FIELDS)} (${placeName(city())})`],
    [7, () => `${rng.pick(SCOPES)} ${rng.pick(INSTITUTION_KINDS)} for ${rng.pick(FIELDS)}`],
  ]
  const pattern = patterns[rng.weighted(patterns.map(([weight]) => weight))]
  return pattern ? pattern[1]() : `${surname()} Foundation`
}

const CATEGORIES = ['person', 'organization', 'family'] as const

/** A name not used yet (a few tries; large catalogues accept a duplicate, as real ones have). */
function freshName(
  rng: Random,
  category: AgentCategory,
  foundations: readonly string[],
  first: boolean,
  seen: Set<string>,
): Name {
  let name: Name | undefined
  for (let attempt = 0; attempt < 8 && (!name || seen.has(name.title)); attempt++) {
    if (category === 'person') name = personName(rng)
    else {
      const title =
        category === 'family'
          ? `${rng.pick(SURNAMES)} family`
          : organizationName(rng, foundations, first)
      name = { title, authorized: title, direct: title, female: false }
    }
  }
  if (!name) throw new Error('unreachable: at least one name is drawn')
  seen.add(name.title)
  return name
}

/** Existence dates and a biographical or historical note, for some people and organisations. */
function lifeOf(rng: Random, entry: AgentEntry, female: boolean): [CatalogueDate[], Note[]] {
  if (entry.category === 'family' || !rng.chance(0.3)) return [[], []]
  const date = existenceDate(rng, entry.category === 'person')
  if (!rng.chance(0.5)) return [[date], []]
  const since = Number(date.begin)
  const text =
    entry.category === 'person'
      ? personBiography(rng, entry.name, female, since)
      : organizationHistory(rng, inProse(entry), since)
  return [[date], [makeNote(rng, 'bioghist', [text])]]
}

/**
 * Generates `count` agents, one at a time, and records in `entries` what later documents need
 * of each. The first agents are foundations: Zipf sampling over `entries` makes them the
 * catalogue's most prolific creators, as the founding bodies of a real archive are.
 */
export function* generateAgents(
  rng: Random,
  count: number,
  entries: AgentEntry[],
): Generator<Agent> {
  const seen = new Set<string>()
  const foundations: string[] = []
  const counters: Record<AgentCategory, number> = { person: 0, organization: 0, family: 0 }
  for (let i = 0; i < count; i++) {
    const category: AgentCategory =
      i < 3 ? 'organization' : (CATEGORIES[rng.weighted([55, 40, 5])] ?? 'person')
    const name = freshName(rng, category, foundations, i < 3, seen)
    if (category === 'organization' && / (Foundation|Fund|Trust)$/.test(name.title)) {
      foundations.push(name.title)
    }
    const id = makeId(rng)
    const uri = `/agents/${id}`
    const path = `/agents/${ARCHIVESSPACE_PATH[category]}/${++counters[category]}`
    const externalIdentifiers = [{ identifier: path, source: 'archivesspace' as const }]
    const ref: Reference = {
      external_identifiers: externalIdentifiers,
      identifier: id,
      relator: null,
      role: 'creator',
      title: name.title,
      type: category,
    }
    const entry: AgentEntry = { ref, category, name: name.direct }
    entries.push(entry)
    const [dates, notes] = lifeOf(rng, entry, name.female)
    yield {
      uri,
      type: 'agent',
      title: name.title,
      category,
      agent_type: category,
      authorized_name: name.authorized,
      description: null,
      dates,
      notes,
      // The real exports list the agent itself under its own kind.
      people: category === 'person' ? [ref] : [],
      organizations: category === 'organization' ? [ref] : [],
      families: category === 'family' ? [ref] : [],
      external_identifiers: externalIdentifiers,
      group: { category, creators: [ref], dates, identifier: uri, title: name.title },
    }
  }
}
