import { type ArrayMemory, newArray } from '../util/array-memory.js'
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
  /**
   * Whether the last document was read by {@link countSlots}: then no token is kept, and each
   * instance's counted slots are `hitSlots[hitStarts[i] .. hitStarts[i + 1]]`, each standing
   * `hitCounts` times there.
   */
  counted = false
  hitStarts = new Uint32Array(64)
  hitSlots = new Int32Array(256)
  hitCounts = new Uint32Array(256)
  private readonly cursor = { at: 0 }
  // Where the layout being read is (see StoredTextIndex.layouts): its document, the notes left
  // (-1 before the layout is read: a title or a description alone never reads it), the terms
  // left (-1 before the items), and the number of values of the instance begun last.
  private layoutOf = 0
  private notesLeft = -1
  private termsLeft = -1
  private values = 1

  constructor(private readonly parts: StoredTextIndex) {}

  /**
   * Reads document `id` (its tokens' words only when `words`).
   * @param instances how many instances to read: 1 the title alone, 2 with the description (no
   *   layout read for those)
   */
  read(id: number, words = true, instances = 2 ** 31): void {
    const { sequences, sequenceOffsets, formTerms, formWords } = this.parts
    const noteCount = this.begin(id, instances > 2)
    let at = sequenceOffsets[id]!
    const end = sequenceOffsets[id + 1]!
    this.reserve(end - at, noteCount)
    const { terms, positions, starts, fields, lengths } = this
    const wordsOf = this.words
    let count = 0
    let instance = 0
    while (instance < instances) {
      const field = this.nextField(instance)
      if (field === -1) break
      starts[instance] = count
      fields[instance] = field
      let position = -1
      let length = 0
      for (let value = 0; value < this.values; value++) {
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
    this.counted = false
  }

  /**
   * Reads document `id` as far as a query without phrases or prefixes needs it: each instance's
   * field and length, and how often each of the query's terms stands there (`slotOf[term]`, -1
   * for the others): the terms are counted as they are read, and no token is kept. A query of
   * words reads the places it needs only (`instances`), and no layout for the first two.
   * @param scratch a count per slot, all 0 (left so)
   * @param instances how many instances to read: 1 the title alone, 2 with the description
   */
  countSlots(id: number, slotOf: Int32Array, scratch: Uint32Array, instances = 2 ** 31): void {
    const { sequences, sequenceOffsets, formTerms } = this.parts
    // The title and the description need no layout, nor room for more instances.
    const noteCount = this.begin(id, instances > 2)
    let at = sequenceOffsets[id]!
    const end = sequenceOffsets[id + 1]!
    this.reserve(end - at, noteCount)
    const { fields, lengths, hitStarts, hitSlots, hitCounts } = this
    let hits = 0
    let instance = 0
    while (instance < instances) {
      const field = this.nextField(instance)
      if (field === -1) break
      hitStarts[instance] = hits
      fields[instance] = field
      let length = 0
      for (let value = 0; value < this.values; value++) {
        while (at < end) {
          let byte = sequences[at++]!
          let form = byte & 0x7f
          for (let shift = 7; byte & 0x80; shift += 7) {
            byte = sequences[at++]!
            form |= (byte & 0x7f) << shift
          }
          if (form === VALUE_BREAK) break
          const term = formTerms[form - 1]!
          if (term === NONE) continue
          length++
          const slot = slotOf[term]!
          if (slot !== -1 && scratch[slot]!++ === 0) hitSlots[hits++] = slot
        }
      }
      for (let hit = hitStarts[instance]!; hit < hits; hit++) {
        const slot = hitSlots[hit]!
        hitCounts[hit] = scratch[slot]!
        scratch[slot] = 0
      }
      lengths[instance] = length
      instance++
    }
    hitStarts[instance] = hits
    this.count = 0
    this.instanceCount = instance
    this.counted = true
  }

  /**
   * Starts reading document `id`, and its layout now (returning its number of notes) or, when
   * not `now`, only if an instance after the description is read (returning 0).
   */
  private begin(id: number, now: boolean): number {
    this.layoutOf = id
    this.notesLeft = -1
    this.termsLeft = -1
    if (now) this.readNoteCount()
    return Math.max(0, this.notesLeft)
  }

  private readNoteCount(): void {
    this.cursor.at = this.parts.layoutOffsets[this.layoutOf]!
    this.notesLeft = readVarint(this.parts.layouts, this.cursor)
  }

  /**
   * The field of the next instance, its number of values in `values` (the title and description
   * are one value each, then each note, the items, each term), or -1 past the last.
   */
  private nextField(instance: number): number {
    this.values = 1
    if (instance === 0) return FIELD.title
    if (instance === 1) return FIELD.description
    const { layouts } = this.parts
    if (this.notesLeft === -1) this.readNoteCount()
    if (this.notesLeft > 0) {
      this.notesLeft--
      this.values = readVarint(layouts, this.cursor)
      return FIELD.note
    }
    if (this.termsLeft === -1) {
      this.values = readVarint(layouts, this.cursor)
      this.termsLeft = readVarint(layouts, this.cursor)
      return FIELD.items
    }
    if (this.termsLeft > 0) {
      this.termsLeft--
      return FIELD.term
    }
    return -1
  }

  /**
   * Room for the tokens and instances of a document of `bytes` bytes of sequence and `notes`
   * notes, keeping what was read: a token takes a byte at least, and so does a term's instance.
   */
  private reserve(bytes: number, notes: number): void {
    const tokens = bytes
    const instances = notes + 4 + bytes
    if (tokens > this.terms.length) {
      const size = Math.max(tokens, this.terms.length * 2)
      this.terms = grown(this.terms, new Int32Array(size))
      this.words = grown(this.words, new Int32Array(size))
      this.positions = grown(this.positions, new Int32Array(size))
      this.hitSlots = grown(this.hitSlots, new Int32Array(size))
      this.hitCounts = grown(this.hitCounts, new Uint32Array(size))
    }
    if (instances > this.starts.length) {
      const size = Math.max(instances, this.starts.length * 2)
      this.starts = grown(this.starts, new Uint32Array(size))
      this.fields = grown(this.fields, new Uint8Array(size))
      this.lengths = grown(this.lengths, new Uint32Array(size))
      this.hitStarts = grown(this.hitStarts, new Uint32Array(size))
    }
  }
}

/** How many documents {@link touchAhead} reads ahead at a time. */
const TOUCHED_AHEAD = 8
/** What {@link touchAhead} read, kept so that its reads are made. */
let touched = 0

/**
 * Called for each document of `ids` before it is read, at index `index`: at every eighth, reads
 * the first byte of the tokens and of the layout of the next eight, so that their memory is on
 * its way before they are read one by one. Cache misses taken together overlap, where one
 * document read after another waits on each in turn: scoring the 50,000 documents of `"public
 * health"` at a million took 1.2 to 1.7 times as long without.
 */
export function touchAhead(parts: StoredTextIndex, ids: ArrayLike<number>, index: number): void {
  if (index % TOUCHED_AHEAD !== 0) return
  const { sequences, sequenceOffsets, layouts, layoutOffsets } = parts
  let sum = 0
  const end = Math.min(index + TOUCHED_AHEAD, ids.length)
  for (let i = index; i < end; i++) {
    const id = ids[i]!
    sum += sequences[sequenceOffsets[id]!]! + layouts[layoutOffsets[id]!]!
  }
  touched = sum
}

/**
 * Each document's title length as Lucene counts it (its indexed tokens; 65,535 for that many or
 * more), read from the first value of every token sequence: one pass, at start.
 * @param memory where the array is made
 */
export function titleLengths(parts: StoredTextIndex, memory: ArrayMemory = 'own'): Uint16Array {
  const { sequences, sequenceOffsets, formTerms, documentCount } = parts
  const lengths = newArray(Uint16Array, documentCount, memory)
  for (let id = 0; id < documentCount; id++) {
    let at = sequenceOffsets[id]!
    const end = sequenceOffsets[id + 1]!
    let length = 0
    while (at < end) {
      let byte = sequences[at++]!
      let form = byte & 0x7f
      for (let shift = 7; byte & 0x80; shift += 7) {
        byte = sequences[at++]!
        form |= (byte & 0x7f) << shift
      }
      if (form === VALUE_BREAK) break
      if (formTerms[form - 1] !== NONE) length++
    }
    lengths[id] = Math.min(length, 0xffff)
  }
  return lengths
}

function grown<T extends Int32Array | Uint32Array | Uint8Array>(from: T, to: T): T {
  to.set(from)
  return to
}
