import { FIELD, NONE, type TextIndexParts, VALUE_BREAK } from './text-index-parts.js'
import { readVarint } from './varint.js'

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
  /** Each token's word as written, or {@link NONE}. */
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

  constructor(private readonly parts: TextIndexParts) {}

  /** Reads document `id`. */
  read(id: number): void {
    const { layouts, layoutOffsets, sequences, sequenceOffsets } = this.parts
    this.count = 0
    this.instanceCount = 0
    // The layout: notes and each one's values, items, terms (see TextIndexParts.layouts).
    const layout = this.cursor
    layout.at = layoutOffsets[id]!
    const noteCount = readVarint(layouts, layout)
    const plan: number[] = [FIELD.title, 1, FIELD.description, 1]
    for (let note = 0; note < noteCount; note++) plan.push(FIELD.note, readVarint(layouts, layout))
    plan.push(FIELD.items, readVarint(layouts, layout))
    const termCount = readVarint(layouts, layout)
    for (let term = 0; term < termCount; term++) plan.push(FIELD.term, 1)
    // The tokens, value by value (a token takes a byte at least).
    const at = { at: sequenceOffsets[id]! }
    const end = sequenceOffsets[id + 1]!
    this.reserve(end - at.at, plan.length / 2 + 1)
    const { formTerms, formWords } = this.parts
    for (let step = 0; step < plan.length; step += 2) {
      this.startInstance(plan[step]!)
      let position = -1
      let length = 0
      for (let value = 0; value < plan[step + 1]!; value++) {
        if (value > 0) position += VALUE_GAP
        while (at.at < end) {
          const form = readVarint(sequences, at)
          if (form === VALUE_BREAK) break
          position++
          const term = formTerms[form - 1]!
          if (term !== NONE) length++
          this.terms[this.count] = term
          this.words[this.count] = formWords[form - 1]!
          this.positions[this.count] = position
          this.count++
        }
      }
      this.lengths[this.instanceCount - 1] = length
    }
    this.starts[this.instanceCount] = this.count
  }

  private startInstance(field: number): void {
    this.starts[this.instanceCount] = this.count
    this.fields[this.instanceCount] = field
    this.instanceCount++
  }

  private reserve(tokens: number, instances: number): void {
    if (tokens > this.terms.length) {
      const size = Math.max(tokens, this.terms.length * 2)
      this.terms = new Int32Array(size)
      this.words = new Int32Array(size)
      this.positions = new Int32Array(size)
    }
    if (instances > this.starts.length) {
      const size = Math.max(instances, this.starts.length * 2)
      this.starts = new Uint32Array(size)
      this.fields = new Uint8Array(size)
      this.lengths = new Uint32Array(size)
    }
  }
}
