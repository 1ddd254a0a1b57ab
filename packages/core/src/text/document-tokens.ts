import { readVarint } from '../util/varint.js'
import { FIELD, NONE, type StoredTextIndex, VALUE_BREAK } from './stored-text-index.js'

/**
 * Positions between two values of one field, as the mapping's `position_increment_gap`: no
 * phrase (a slop is at most 10) reaches from one value into the next.
 */
const VALUE_GAP = 100

/**
 * One document's tokens read back from the index, each with its term, its word as written and
 * its position, grouped by field instance as Lucene indexes them: the title, the description,
 * each note (a nested document), the items, each term (a nested document). Reused from one
 * document to the next: reading allocates nothing once the arrays are large enough.
 */
export class DocumentTokens {
  /** Tokens read. */
  count = 0
  /** Each token's term, or {@link NONE} (a stop word keeps its position but is not indexed). */
  terms = new Int32Array(256)
  /** Each token's word as written, or {@link NONE} (when read with words). */
  words = new Int32Array(256)
  /** Each token's position in its instance (values apart by {@link VALUE_GAP}). */
  positions = new Int32Array(256)
  /** The first token of each instance, and one past the last at `instanceCount`. */
  starts = new Uint32Array(64)
  /** Each instance's field (`FIELD`). */
  fields = new Uint8Array(64)
  /** Each instance's length as Lucene counts it: its indexed tokens. */
  lengths = new Uint32Array(64)
  instanceCount = 0
  private readonly cursor = { at: 0 }

  constructor(private readonly parts: StoredTextIndex) {}

  /** Reads document `id` (its tokens' words only when `words`). */
  read(id: number, words = true): void {
    const { layouts, layoutOffsets, sequences, sequenceOffsets, formTerms, formWords } = this.parts
    // The layout (see StoredTextIndex.layouts): the number of notes and each one's values, then
    // the items' values and the number of terms; the title and description are one value each.
    const layout = this.cursor
    layout.at = layoutOffsets[id]!
    const noteCount = readVarint(layouts, layout)
    let at = sequenceOffsets[id]!
    const end = sequenceOffsets[id + 1]!
    // A token takes a byte at least; a term's instance takes a byte of the sequence at least.
    this.reserve(end - at, noteCount + 4 + (end - at))
    const { terms, positions, starts, fields, lengths } = this
    const wordsOf = this.words
    let count = 0
    let instance = 0
    let notesLeft = noteCount
    let termsLeft = -1
    for (;;) {
      // The next instance: its field and how many values it has.
      let field: number
      let values = 1
      if (instance === 0) field = FIELD.title
      else if (instance === 1) field = FIELD.description
      else if (notesLeft > 0) {
        notesLeft--
        field = FIELD.note
        values = readVarint(layouts, layout)
      } else if (termsLeft === -1) {
        field = FIELD.items
        values = readVarint(layouts, layout)
        termsLeft = readVarint(layouts, layout)
      } else if (termsLeft > 0) {
        termsLeft--
        field = FIELD.term
      } else break
      starts[instance] = count
      fields[instance] = field
      let position = -1
      let length = 0
      for (let value = 0; value < values; value++) {
        if (value > 0) position += VALUE_GAP
        while (at < end) {
          // A varint, read here: most forms take one or two bytes.
          let byte = sequences[at++]!
          let form = byte & 0x7f
          for (let shift = 7; byte & 0x80; shift += 7) {
            byte = sequences[at++]!
            form |= (byte & 0x7f) << shift
          }
          if (form === VALUE_BREAK) break
          position++
          const term = formTerms[form - 1]!
          if (term !== NONE) length++
          terms[count] = term
          if (words) wordsOf[count] = formWords[form - 1]!
          positions[count] = position
          count++
        }
      }
      lengths[instance] = length
      instance++
    }
    starts[instance] = count
    this.count = count
    this.instanceCount = instance
  }

  /** Room for this many tokens and instances, keeping what was read. */
  private reserve(tokens: number, instances: number): void {
    if (tokens > this.terms.length) {
      const size = Math.max(tokens, this.terms.length * 2)
      this.terms = grown(this.terms, new Int32Array(size))
      this.words = grown(this.words, new Int32Array(size))
      this.positions = grown(this.positions, new Int32Array(size))
    }
    if (instances > this.starts.length) {
      const size = Math.max(instances, this.starts.length * 2)
      this.starts = grown(this.starts, new Uint32Array(size))
      this.fields = grown(this.fields, new Uint8Array(size))
      this.lengths = grown(this.lengths, new Uint32Array(size))
    }
  }
}

function grown<T extends Int32Array | Uint32Array | Uint8Array>(from: T, to: T): T {
  to.set(from)
  return to
}
