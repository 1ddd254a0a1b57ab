/** The agents and terms a catalogue has made, and the long-tailed draws over them. */
import type { Reference } from '../../packages/core/src/documents/documents.js'
import type { AgentEntry } from './agents.js'
import type { Random } from './random.js'
import type { TermEntry } from './terms.js'
import { ZipfSampler } from './zipf.js'

/** All that the archival descriptions need from the agents and terms written before them. */
export class Pools {
  private readonly creatorRanks: ZipfSampler
  private readonly subjectRanks: ZipfSampler
  private readonly termRanks: ZipfSampler
  /** A second order of the agents, so that being written about is not tied to creating. */
  private readonly subjectOrder: Uint32Array
  /** ArchivesSpace ids of the archival descriptions (`/repositories/2/...`). */
  resources = 0
  archivalObjects = 0
  /** How many top-level collections each creator (by id) has, to vary their titles. */
  readonly collectionsBy = new Map<string, number>()

  constructor(
    rng: Random,
    readonly agents: readonly AgentEntry[],
    readonly terms: readonly TermEntry[],
  ) {
    this.creatorRanks = new ZipfSampler(agents.length, 1)
    this.subjectRanks = new ZipfSampler(agents.length, 2)
    this.termRanks = new ZipfSampler(terms.length, 1.5)
    this.subjectOrder = Uint32Array.from(rng.shuffle(agents.map((_, i) => i)))
  }

  /** A creator: a few agents create much of the catalogue, most agents nothing. */
  creator(rng: Random): AgentEntry {
    return this.agents[this.creatorRanks.draw(rng)] as AgentEntry
  }

  /** An agent a description is about (correspondent, grantee ...). */
  subjectAgent(rng: Random): AgentEntry {
    const index = this.subjectOrder[this.subjectRanks.draw(rng)] ?? 0
    return this.agents[index] as AgentEntry
  }

  /** Up to `k` distinct terms, common subjects most often. */
  someTerms(rng: Random, k: number): TermEntry[] {
    return this.termRanks.drawDistinct(rng, k).map((rank) => this.terms[rank] as TermEntry)
  }
}

/** The reference to an agent in the role it has in a description. */
export function agentRef(entry: AgentEntry, role: 'creator' | 'subject'): Reference {
  return role === 'creator' ? entry.ref : { ...entry.ref, role }
}
