/**
 * Plans one top-level collection with all its series, subseries and objects, so that each
 * document can list its children and ancestors when it is written.
 */
import type { Format } from '../../packages/core/src/documents/documents.js'
import { FORMATS } from '../../packages/core/src/documents/documents.js'
import { bulkDate, childSpan, creationDate, topSpan, undated, type YearSpan } from './dates.js'
import { describeCollection } from './describe.js'
import { makeId } from './ids.js'
import { type ArchivalNode, addAgent, addTerm, depthFirst, type Focus, newNode } from './node.js'
import { makeObject } from './objects.js'
import { agentRef, type Pools } from './pools.js'
import type { Random } from './random.js'
import { makeTheme, type Theme } from './theme.js'
import { seriesTitle, subseriesTitle, topTitle } from './titles.js'

/** Below this many descendants a collection holds its objects directly, without series. */
const SMALL_COLLECTION = 12
/** Share of a collection's descendants that are series and subseries (the rest are objects). */
const CONTAINER_SHARE = 0.11

/** Splits `total` into `parts.length` shares in proportion to heavy-tailed random weights. */
function split(rng: Random, total: number, parts: number, atLeastOne: boolean): number[] {
  if (parts === 0) return []
  const weights = Array.from({ length: parts }, () => rng.heavy())
  const base = atLeastOne && total >= parts ? 1 : 0
  const spare = total - base * parts
  const sum = weights.reduce((a, b) => a + b, 0)
  const shares = weights.map((w) => base + Math.floor((spare * w) / sum))
  let left = total - shares.reduce((a, b) => a + b, 0)
  for (let i = 0; left > 0; i = (i + 1) % parts, left--) shares[i] = (shares[i] ?? 0) + 1
  return shares
}

const dated = (rng: Random, span: YearSpan) => (span ? [creationDate(rng, span)] : [undated()])

const FOCUSES = ['documents', 'photographs', 'audiovisual'] as const

/** A title no sibling has: a few draws, then the index makes it distinct. */
function distinctTitle(parent: ArchivalNode, draw: () => string, suffix: string): string {
  const siblings = new Set(parent.children.map((child) => child.title))
  let title = draw()
  for (let attempt = 0; attempt < 5 && siblings.has(title); attempt++) title = draw()
  return siblings.has(title) ? `${title}, ${suffix}` : title
}

/** A series or subseries under `parent`. */
function container(
  rng: Random,
  pools: Pools,
  theme: Theme,
  parent: ArchivalNode,
  level: 'series' | 'subseries',
  index: number,
): ArchivalNode {
  // Subseries hold what their series holds; series are mostly paper, some photographs or AV.
  const focus: Focus =
    level === 'subseries' ? parent.focus : (FOCUSES[rng.weighted([87, 10.5, 2.5])] ?? 'documents')
  const title =
    level === 'series'
      ? distinctTitle(
          parent,
          () => seriesTitle(rng, focus, parent.title, index),
          `Series ${index + 1}`,
        )
      : distinctTitle(
          parent,
          () => subseriesTitle(rng, focus, theme, index),
          `Subseries ${index + 1}`,
        )
  const span = parent.span && rng.chance(0.98) ? childSpan(rng, parent.span, 60) : null
  const id = makeId(rng)
  const node = newNode({
    kind: 'collection',
    id,
    level,
    title,
    span,
    dates: dated(rng, span),
    parent,
  })
  node.focus = focus
  node.externalId = `/repositories/2/archival_objects/${++pools.archivalObjects}`
  // A series has its collection's creators, sometimes one more (an officer, a department).
  node.creators = [...parent.creators]
  if (rng.chance(0.2)) {
    const extra = agentRef(pools.creator(rng), 'creator')
    if (!node.creators.some((c) => c.identifier === extra.identifier)) node.creators.push(extra)
  }
  for (const creator of node.creators) addAgent(node, creator)
  if (rng.chance(0.4)) {
    const own = rng.chance(0.6) && theme.agents.length > 0
    addAgent(node, agentRef(own ? rng.pick(theme.agents) : pools.subjectAgent(rng), 'subject'))
  }
  if (rng.chance(0.5)) {
    const k = rng.int(1, 3)
    const terms = rng.chance(0.7) ? rng.sample(theme.subjects, k) : pools.someTerms(rng, k)
    for (const term of terms) addTerm(node, term.ref)
  }
  const feet = Number(parent.extents[0]?.value ?? '1') * (0.05 + rng.float() * 0.4)
  node.extents = [{ value: Math.max(0.05, feet).toFixed(2), type: 'Cubic Feet' }]
  if (focus === 'photographs') {
    node.extents.push({ value: String(rng.int(20, 2000)), type: 'Photographic Prints' })
  }
  node.languages = theme.languages
  parent.children.push(node)
  return node
}

/** The top-level collection itself. */
function topCollection(rng: Random, pools: Pools, theme: Theme, size: number): ArchivalNode {
  const first = theme.creators[0]
  if (!first) throw new Error('a collection needs a creator')
  const identifier = first.ref.identifier ?? ''
  const earlier = pools.collectionsBy.get(identifier) ?? 0
  pools.collectionsBy.set(identifier, earlier + 1)
  const span = rng.chance(0.03) ? null : topSpan(rng, size)
  const dates = dated(rng, span)
  const bulk = span && rng.chance(0.25) ? bulkDate(rng, span) : null
  if (bulk) dates.push(bulk)
  const title = topTitle(rng, first, earlier)
  const node = newNode({
    kind: 'collection',
    id: makeId(rng),
    level: 'collection',
    title,
    span,
    dates,
    parent: null,
  })
  node.externalId = `/repositories/2/resources/${++pools.resources}`
  node.creators = theme.creators.map((creator) => agentRef(creator, 'creator'))
  for (const creator of node.creators) addAgent(node, creator)
  for (const agent of rng.sample(theme.agents, rng.int(0, 4))) {
    addAgent(node, agentRef(agent, 'subject'))
  }
  for (const term of theme.subjects) addTerm(node, term.ref)
  // Cubic feet: a product of uniforms gives many small collections and a few very large ones.
  const feet = 0.25 + rng.float() * rng.float() * rng.float() * 600
  node.extents = [{ value: feet.toFixed(2), type: 'Cubic Feet' }]
  node.languages = theme.languages
  return node
}

/** Formats and online state of a collection are those of what it holds. */
function rollUp(node: ArchivalNode): void {
  if (node.kind === 'object') return
  const formats = new Set<Format>()
  let online = false
  for (const child of node.children) {
    rollUp(child)
    for (const format of child.formats) formats.add(format)
    online ||= child.online
  }
  if (formats.size === 0) formats.add(node.focus === 'photographs' ? 'photographs' : 'documents')
  node.formats = FORMATS.filter((format) => formats.has(format))
  node.online = online
}

/**
 * Plans a top-level collection of exactly `size` documents (itself included): series and
 * subseries when it is large enough, objects spread unevenly over the innermost containers.
 */
export function planCollection(rng: Random, pools: Pools, size: number): ArchivalNode {
  const theme = makeTheme(rng, pools)
  const top = topCollection(rng, pools, theme, size)
  const rest = size - 1
  let leaves: ArchivalNode[] = [top]
  let objects = rest
  if (rest >= SMALL_COLLECTION) {
    const containers = Math.max(1, Math.round(rest * CONTAINER_SHARE))
    objects = rest - containers
    // Half the containers are series, up to 30 (more than real collections have); the rest
    // are subseries.
    const seriesCount = Math.min(containers, Math.max(2, Math.min(30, Math.round(containers / 2))))
    const series = Array.from({ length: seriesCount }, (_, i) =>
      container(rng, pools, theme, top, 'series', i),
    )
    const subseriesPer = split(rng, containers - seriesCount, seriesCount, false)
    leaves = []
    series.forEach((parent, i) => {
      const count = subseriesPer[i] ?? 0
      if (count === 0) leaves.push(parent)
      for (let j = 0; j < count; j++) {
        leaves.push(container(rng, pools, theme, parent, 'subseries', j))
      }
    })
  }
  const perLeaf = split(rng, objects, leaves.length, true)
  leaves.forEach((leaf, i) => {
    // One container in sixteen is digitised (40% of its objects online), the rest barely.
    const onlineRate = rng.chance(0.06) ? 0.4 : 0.008
    for (let j = perLeaf[i] ?? 0; j > 0; j--) {
      leaf.children.push(makeObject(rng, pools, theme, leaf, onlineRate))
    }
  })
  let treePosition = 0
  for (const node of depthFirst(top)) {
    node.treePosition = treePosition++
    node.children.forEach((child, i) => {
      child.position = i
    })
  }
  rollUp(top)
  // Notes last: an arrangement note lists the series and subseries by title.
  for (const node of depthFirst(top)) {
    if (node.kind === 'collection') describeCollection(rng, node, theme)
  }
  return top
}
