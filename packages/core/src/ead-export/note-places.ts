/**
 * Where each note type of the catalogue is written in a component, and under which element, so
 * that the importer (`ead/ead-fields.ts`) reads it back as the same type, title and paragraphs:
 * in the `did` (`abstract`, `physloc`, `materialspec`, a general note), in `physdesc`
 * (dimensions, physical facets: EAD 2002 only), as an element of its own beside the `did`, or,
 * for a type EAD has no element for in that place, as `odd` naming the type (`type` in EAD 2002,
 * `localtype` in EAD3), which the importer reads as that type. EAD3's `didnote` is text, one
 * paragraph: a general note of several is an `odd localtype="note"` beside the `did`.
 */
import type { NoteType } from '../documents/documents.js'
import type { EadEdition } from './edition.js'

export type NotePlace =
  /**
   * Inside the `did`: as text (its paragraphs joined by spaces), or as paragraphs (EAD 2002's
   * `note`).
   */
  | { in: 'did'; element: string; paragraphs?: boolean }
  /** Inside `did/physdesc` (EAD 2002). */
  | { in: 'physdesc'; element: string }
  /** Beside the `did`: `<element><head>…</head><p>…</p></element>`. */
  | { in: 'component'; element: string; odd?: string }

/** Description elements both editions have beside the `did`, each its own note type. */
const OWN_ELEMENTS = new Set<NoteType>([
  'scopecontent',
  'bioghist',
  'arrangement',
  'accessrestrict',
  'userestrict',
  'acqinfo',
  'custodhist',
  'processinfo',
  'relatedmaterial',
  'separatedmaterial',
  'odd',
  'prefercite',
  'altformavail',
  'appraisal',
  'accruals',
  'otherfindaid',
  'originalsloc',
  'phystech',
  'fileplan',
  'bibliography',
])

/** A note as its place depends on it: its type, and how many paragraphs it has. */
export interface PlacedNote {
  type: NoteType
  paragraphs: number
}

/** Where a note of this type (and this many paragraphs) goes in this edition. */
export function placeOf({ type, paragraphs }: PlacedNote, edition: EadEdition): NotePlace {
  switch (type) {
    case 'abstract':
    case 'physloc':
    case 'materialspec':
      return { in: 'did', element: type }
    case 'note':
      if (edition === 'ead2002') return { in: 'did', element: 'note', paragraphs: true }
      // EAD3's `didnote` holds no `p`: its paragraphs would be joined into one.
      return paragraphs > 1
        ? { in: 'component', element: 'odd', odd: type }
        : { in: 'did', element: 'didnote' }
    case 'dimensions':
    case 'physfacet':
      // EAD3's `physdesc` is text only; its dimensions live in `physdescstructured`, which
      // needs a quantity: an `odd` keeps the note instead.
      if (edition === 'ead2002') return { in: 'physdesc', element: type }
      return { in: 'component', element: 'odd', odd: type }
  }
  if (OWN_ELEMENTS.has(type)) return { in: 'component', element: type }
  return { in: 'component', element: 'odd', odd: type }
}

/**
 * Where each note of a description goes: the importer reads the `did`'s notes first, then
 * `physdesc`'s, then those beside the `did`, so a note that must keep its place after one
 * written further out goes beside the `did` too, as an `odd` naming its type (EAD 2002's
 * `note` there has no `head` for its title).
 */
export function placesOf(notes: readonly PlacedNote[], edition: EadEdition): NotePlace[] {
  const stages = { did: 0, physdesc: 1, component: 2 }
  let stage = 0
  return notes.map((note) => {
    const place = placeOf(note, edition)
    if (stages[place.in] >= stage) {
      stage = stages[place.in]
      return place
    }
    return { in: 'component', element: 'odd', odd: note.type }
  })
}
