/** The whole synthetic catalogue: agents, terms, then each collection with its descendants. */
import type {
  CatalogueDocument,
  DocumentType,
} from '../../packages/core/src/documents/documents.js'
import { type AgentEntry, generateAgents } from './agents.js'
import { ArchivalWriter } from './archival.js'
import { depthFirst } from './node.js'
import { planCollection } from './plan.js'
import { Pools } from './pools.js'
import { Random } from './random.js'
import { generateTerms, type TermEntry } from './terms.js'

/** Options of {@link generateCatalogue}. */
export interface CatalogueOptions {
  /** How many documents to make, exactly. At least {@link MIN_COUNT}. */
  count: number
  /** Any 32-bit unsigned integer; the same seed and count give the same catalogue. */
  seed: number
}

/** The smallest catalogue: one agent, one term and five small collections. */
export const MIN_COUNT = 10

/** How many documents of each kind a catalogue of `count` documents has. */
export interface CatalogueMix {
  agents: number
  terms: number
  /** Collections of every level and objects together. */
  archival: number
  /** Top-level collections (about one per 500 documents, at least 5). */
  topLevel: number
}

/** The mix of a catalogue: ~7% agents, ~3% terms, the rest collections (~10%) and objects. */
export function catalogueMix(count: number): CatalogueMix {
  if (!Number.isInteger(count) || count < MIN_COUNT) {
    throw new RangeError(`count must be an integer of at least ${MIN_COUNT}, got ${count}`)
  }
  const agents = Math.max(1, Math.round(count * 0.07))
  const terms = Math.max(1, Math.round(count * 0.03))
  const archival = count - agents - terms
  const topLevel = Math.min(archival, Math.max(5, Math.round(count / 500)))
  return { agents, terms, archival, topLevel }
}

/**
 * Generates a realistic synthetic catalogue, one document at a time, in the order a real export
 * would list them: agents, terms, then each top-level collection followed by its descendants,
 * depth-first. Only the agent and term references and one top-level collection at a time are
 * held in memory.
 * @example [...generateCatalogue({ count: 100, seed: 1 })].length // 100
 */
export function* generateCatalogue(options: CatalogueOptions): Generator<CatalogueDocument> {
  const mix = catalogueMix(options.count)
  const rng = new Random(options.seed >>> 0)
  const agents: AgentEntry[] = []
  const terms: TermEntry[] = []
  yield* generateAgents(rng, mix.agents, agents)
  yield* generateTerms(rng, mix.terms, terms)
  const pools = new Pools(rng, agents, terms)
  // Sizes of the top-level collections: a third are a handful of folders held directly, the
  // rest heavy-tailed, so that a few collections are very large.
  const weights = Array.from({ length: mix.topLevel }, () =>
    rng.chance(0.35) ? 0.005 + rng.float() * 0.05 : rng.heavy(),
  )
  const total = weights.reduce((a, b) => a + b, 0)
  const spare = mix.archival - mix.topLevel
  const sizes = weights.map((w) => 1 + Math.floor((spare * w) / total))
  let left = mix.archival - sizes.reduce((a, b) => a + b, 0)
  for (let i = 0; left > 0; i = (i + 1) % sizes.length, left--) sizes[i] = (sizes[i] ?? 0) + 1
  for (const size of sizes) {
    const top = planCollection(rng, pools, size)
    const writer = new ArchivalWriter(top)
    for (const node of depthFirst(top)) yield writer.document(node)
  }
}

/** Counts of documents by type. */
export type TypeCounts = Record<DocumentType, number>

/** Zero counts of every type, in a stable order. */
export function emptyCounts(): TypeCounts {
  return { agent: 0, term: 0, collection: 0, object: 0 }
}
