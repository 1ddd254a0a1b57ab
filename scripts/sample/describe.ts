/** The notes of collections, series and subseries, written once their contents are known. */
import type { Note } from '../../packages/core/src/documents/documents.js'
import { inProse } from './agents.js'
import type { ArchivalNode } from './node.js'
import { type AdminFacts, adminNote, makeNote } from './notes.js'
import {
  organizationHistory,
  type ProseContext,
  personBiography,
  scopeSentences,
  topicsOf,
} from './prose.js'
import type { Random } from './random.js'
import type { Theme } from './theme.js'
import { englishList } from './words.js'

const ORDERS = [
  'Folders are arranged alphabetically by title.',
  'Arranged chronologically.',
  'Arranged alphabetically by correspondent, then chronologically.',
]

function arrangement(rng: Random, node: ArchivalNode): Note {
  const unit = node.level ?? 'collection'
  const parts = node.children.filter((child) => child.kind === 'collection')
  const titles = parts.map((part) => part.title)
  // Titles with commas in them are listed with semicolons, as archivists do.
  const list = titles.some((title) => title.includes(',')) ? titles.join('; ') : englishList(titles)
  const level = parts[0]?.level ?? 'series'
  let text = rng.pick(ORDERS)
  if (parts.length === 1) text = `The ${unit} has one ${level}: ${list}.`
  if (parts.length > 1) text = `The ${unit} is arranged in ${parts.length} ${level}: ${list}.`
  return makeNote(rng, 'arrangement', [text])
}

const paragraph = (rng: Random, ctx: ProseContext, min: number, max: number) =>
  scopeSentences(rng, ctx, rng.int(min, max)).join(' ')

/** The notes of a top-level collection: abstract, history, scope, arrangement, admin notes. */
function describeTop(rng: Random, node: ArchivalNode, theme: Theme, ctx: ProseContext): void {
  const notes = node.notes
  if (rng.chance(0.9)) notes.push(makeNote(rng, 'abstract', [paragraph(rng, ctx, 1, 2)]))
  const creator = theme.creators[0]
  if (creator && rng.chance(0.4)) {
    const since = (node.span?.[0] ?? 1900) - rng.int(20, 45)
    const text =
      creator.category === 'person'
        ? personBiography(rng, creator.name, rng.chance(0.4), since)
        : organizationHistory(rng, inProse(creator), since)
    notes.push(makeNote(rng, 'bioghist', [text]))
  }
  const paragraphs = [paragraph(rng, ctx, 2, 4)]
  if (rng.chance(0.4)) paragraphs.push(paragraph(rng, ctx, 1, 3))
  notes.push(makeNote(rng, 'scopecontent', paragraphs))
  notes.push(arrangement(rng, node))
  const facts: AdminFacts = {
    title: node.title,
    donor: ctx.creators[0] ?? 'the foundation',
    end: node.span?.[1] ?? null,
  }
  if (rng.chance(0.9)) notes.push(adminNote(rng, 'accessrestrict', facts))
  if (rng.chance(0.7)) notes.push(adminNote(rng, 'userestrict', facts))
  if (rng.chance(0.6)) notes.push(adminNote(rng, 'processinfo', facts))
  if (rng.chance(0.4)) notes.push(adminNote(rng, 'acqinfo', facts))
  if (rng.chance(0.4)) notes.push(adminNote(rng, 'prefercite', facts))
}

/** Writes the notes of a collection node (any level) from its theme and its children. */
export function describeCollection(rng: Random, node: ArchivalNode, theme: Theme): void {
  const ctx: ProseContext = {
    unit: node.level ?? 'collection',
    creators: theme.creators.map(inProse),
    agents: theme.agents.map(inProse),
    places: theme.places,
    subjects: node.terms.length > 0 ? topicsOf(node.terms) : theme.topics,
    span: node.span,
  }
  if (node.level === 'collection') {
    describeTop(rng, node, theme, ctx)
    return
  }
  const series = node.level === 'series'
  if (rng.chance(series ? 0.6 : 0.35)) {
    node.notes.push(makeNote(rng, 'scopecontent', [paragraph(rng, ctx, 1, series ? 2 : 1)]))
  }
  if (rng.chance(series ? 0.25 : 0.1)) node.notes.push(arrangement(rng, node))
  if (rng.chance(0.1)) {
    const facts = { title: node.title, donor: '', end: node.span?.[1] ?? null }
    node.notes.push(adminNote(rng, 'accessrestrict', facts))
  }
}

/** The plain text of a description's abstract, else of its scope and contents note. */
export function descriptionOf(node: ArchivalNode): string {
  const note =
    node.notes.find((n) => n.type === 'abstract') ??
    node.notes.find((n) => n.type === 'scopecontent')
  if (!note) return ''
  const text = note.subnotes.flatMap((subnote) => subnote.content ?? []).join('\n\n')
  return text.replace(/<[^>]+>/g, '')
}
