/**
 * Notes in the shape ArchivesSpace exports them, and the administrative ones (access, use,
 * processing, acquisition, citation) whose wording is formulaic.
 */
import type { Note, NoteType } from '../../packages/core/src/documents/documents.js'
import type { Random } from './random.js'
import { capitalize } from './words.js'

const NOTE_TITLES: Partial<Record<NoteType, readonly string[]>> = {
  abstract: ['Abstract'],
  scopecontent: ['Scope and Contents', 'Scope and Content'],
  bioghist: ['Biographical / Historical', 'Biographical/Historical note'],
  accessrestrict: ['Conditions Governing Access'],
  userestrict: ['Conditions Governing Use'],
  arrangement: ['Arrangement'],
  processinfo: ['Processing Information'],
  acqinfo: ['Immediate Source of Acquisition'],
  prefercite: ['Preferred Citation'],
}

/** A note with one text subnote holding the paragraphs. */
export function makeNote(rng: Random, type: NoteType, paragraphs: string[]): Note {
  const titles = NOTE_TITLES[type] ?? [capitalize(type)]
  // Some exports wrap each paragraph in <p> instead of separating them with blank lines.
  const content = rng.chance(0.04)
    ? paragraphs.map((p) => `<p>${p}</p>`)
    : [paragraphs.join('\n\n')]
  return {
    type,
    title: rng.pick(titles),
    source: 'archivesspace',
    subnotes: [{ type: 'text', content, items: [] }],
  }
}

const OPEN = [
  'Open for research with select materials restricted as noted.' +
    ' Brittle or damaged items are available at the discretion of the archivist.',
  'Records are open for research in accordance with the terms of deposit,' +
    ' with select materials restricted as noted.',
  'Researchers interested in audiovisual material in this collection must use an access surrogate.',
]

const USE = [
  'Researchers are responsible for identifying and contacting copyright holders' +
    ' for permission to publish.',
  'Materials may be used for research and teaching; publication requires written permission.',
]

/** What an administrative note needs to know of its description. */
export interface AdminFacts {
  title: string
  /** Who gave the material (prose form: `the Hale Foundation`, `Mary Wilson`). */
  donor: string
  /** The last year of the material, null when undated. */
  end: number | null
}

/** An administrative note: access, use, processing, acquisition or preferred citation. */
export function adminNote(
  rng: Random,
  type: 'accessrestrict' | 'userestrict' | 'processinfo' | 'acqinfo' | 'prefercite',
  facts: AdminFacts,
): Note {
  const end = facts.end ?? 2000
  const later = (most: number) => Math.min(end + rng.int(0, most), 2020)
  let text: string
  switch (type) {
    case 'accessrestrict':
      text = rng.chance(0.15) ? `Closed until ${Math.max(end + 25, 2030)}.` : rng.pick(OPEN)
      break
    case 'userestrict':
      text = rng.pick(USE)
      break
    case 'processinfo':
      text = rng.pick([
        'Processing Level 3: Standard Processing.',
        'Processing Level 1: Minimal Processing.',
        `Processed in ${later(30)}; folder titles were transcribed from the originals.`,
      ])
      break
    case 'acqinfo':
      text = rng.chance(0.6)
        ? `Gift of ${facts.donor} in ${later(20)}.`
        : `Transferred from the offices of ${facts.donor}.`
      break
    case 'prefercite':
      text = `${facts.title}, Archive Center (synthetic sample).`
      break
  }
  return makeNote(rng, type, [text])
}
