/** Objects: the folders and items inside series, subseries and small collections. */

import type { CatalogueDate, Extent, Format } from '../../packages/core/src/documents/documents.js'
import { inProse } from './agents.js'
import { childSpan, creationDate, dayDate, undated, type YearSpan } from './dates.js'
import { makeId } from './ids.js'
import { type ArchivalNode, addAgent, addTerm, type Focus, newNode } from './node.js'
import { adminNote, makeNote } from './notes.js'
import { agentRef, type Pools } from './pools.js'
import { scopeSentences, topicsOf } from './prose.js'
import type { Random } from './random.js'
import type { Theme } from './theme.js'
import { objectTitle } from './titles.js'

const FORMAT_CHOICES: Record<Focus, ReadonlyArray<readonly [number, Format[]]>> = {
  documents: [
    [94, ['documents']],
    [5.7, ['documents', 'photographs']],
    [0.3, ['documents', 'audio']],
  ],
  photographs: [
    [60, ['photographs']],
    [25, ['documents', 'photographs']],
    [15, ['documents']],
  ],
  // Audiovisual series also hold the paper around the recordings: logs, transcripts, releases.
  audiovisual: [
    [40, ['moving image']],
    [15, ['audio']],
    [10, ['documents', 'audio']],
    [35, ['documents']],
  ],
}

function formatsFor(rng: Random, focus: Focus): Format[] {
  const choices = FORMAT_CHOICES[focus]
  const choice = choices[rng.weighted(choices.map(([weight]) => weight))]
  return choice ? [...choice[1]] : ['documents']
}

function extentsFor(rng: Random, focus: Focus): Extent[] {
  // Most real folders carry no extent at all.
  if (rng.chance(0.5)) return []
  if (focus === 'photographs')
    return [{ value: String(rng.int(1, 120)), type: 'Photographic Prints' }]
  if (focus === 'audiovisual') {
    return [{ value: String(rng.int(1, 4)), type: rng.pick(['Film Reels', 'Audio Cassettes']) }]
  }
  return [{ value: String(rng.int(1, 3)), type: 'Folders' }]
}

function objectDates(rng: Random, parent: YearSpan): [YearSpan, CatalogueDate[]] {
  if (!parent || rng.chance(0.03)) return [null, [undated()]]
  const span = childSpan(rng, parent, 5)
  if (rng.chance(0.06)) {
    const date = dayDate(rng, span)
    const year = Number(date.expression.slice(0, 4))
    return [[year, year], [date]]
  }
  return [span, [creationDate(rng, span)]]
}

/**
 * Makes one object under `leaf`. `onlineRate` is the leaf's share of digitised objects: online
 * material comes in runs (a digitised series), not scattered evenly.
 */
export function makeObject(
  rng: Random,
  pools: Pools,
  theme: Theme,
  leaf: ArchivalNode,
  onlineRate: number,
): ArchivalNode {
  const [span, dates] = objectDates(rng, leaf.span)
  const agent = rng.chance(0.5)
    ? rng.pick(theme.agents.length > 0 ? theme.agents : theme.creators)
    : pools.subjectAgent(rng)
  const { title, agent: named } = objectTitle(rng, leaf.focus, theme, span, agent)
  const id = makeId(rng)
  const node = newNode({ kind: 'object', id, level: null, title, span, dates, parent: leaf })
  node.focus = leaf.focus
  node.externalId = `/repositories/2/archival_objects/${++pools.archivalObjects}`
  node.formats = formatsFor(rng, leaf.focus)
  node.extents = extentsFor(rng, leaf.focus)
  node.languages = theme.languages
  if (named) addAgent(node, agentRef(named, 'subject'))
  if (rng.chance(0.06)) addAgent(node, agentRef(pools.subjectAgent(rng), 'subject'))
  if (rng.chance(0.2)) {
    const own = theme.subjects.length > 0 && rng.chance(0.7)
    const terms = own
      ? rng.sample(theme.subjects, rng.int(1, 2))
      : pools.someTerms(rng, rng.int(1, 2))
    for (const term of terms) addTerm(node, term.ref)
  }
  if (rng.chance(0.12)) {
    const ctx = {
      unit: 'file',
      creators: theme.creators.map(inProse),
      agents: theme.agents.map(inProse),
      places: theme.places,
      subjects: node.terms.length > 0 ? topicsOf(node.terms) : theme.topics,
      span,
    }
    node.notes.push(
      makeNote(rng, 'scopecontent', [scopeSentences(rng, ctx, rng.int(1, 2)).join(' ')]),
    )
    if (rng.chance(0.1)) {
      node.notes.push(
        adminNote(rng, 'accessrestrict', { title, donor: '', end: span?.[1] ?? null }),
      )
    }
  }
  node.online = rng.chance(onlineRate)
  if (node.online) {
    node.files = [
      {
        title,
        download: `https://iiif.example.org/pdfs/${id}`,
        manifest: `https://iiif.example.org/manifests/${id}`,
      },
    ]
  }
  return node
}
