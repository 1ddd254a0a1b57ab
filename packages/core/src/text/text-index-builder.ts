import { GrowableArray } from '../store/_growable-array.js'
import { normalizeToken, tokenize } from './analyze.js'
import type { Analyzer } from './languages.js'
import { scorePostings } from './score-postings.js'
import { NONE, type SearchableText, TEXT_FIELDS, type TextIndexParts } from './text-index-parts.js'
import { writeVarint } from './varint.js'

const FIELD_COUNT = TEXT_FIELDS.length
/** Term frequencies are packed in one u32 per posting: title 8 bits, text 16, terms 8. */
const FREQUENCY_CAPS = [0xff, 0xffff, 0xff] as const
const FREQUENCY_SHIFTS = [0, 8, 24] as const

/**
 * Indexes documents added one at a time, in catalogue order (a document's id is its position).
 * Each distinct token is analyzed once; each document's terms are appended to one posting log,
 * turned into compact sorted posting lists by {@link build}.
 */
export class TextIndexBuilder {
  private readonly analyzer: Analyzer
  /** Every distinct token as written, to its form id. */
  private readonly formIds = new Map<string, number>()
  private readonly formWords = new GrowableArray(Int32Array)
  private readonly formTerms = new GrowableArray(Int32Array)
  private readonly termIds = new Map<string, number>()
  private readonly terms: string[] = []
  private readonly wordIds = new Map<string, number>()
  private readonly words: string[] = []
  private readonly wordTerms = new GrowableArray(Uint32Array)
  /** One entry per (document, term): the posting log, in document order. */
  private readonly logTerms = new GrowableArray(Uint32Array, 1 << 16)
  private readonly logDocuments = new GrowableArray(Uint32Array, 1 << 16)
  private readonly logFrequencies = new GrowableArray(Uint32Array, 1 << 16)
  /** Distinct tokens per document and field (BM25's field length, as MiniSearch counts it). */
  private readonly fieldLengths = TEXT_FIELDS.map(() => new GrowableArray(Uint32Array))
  private readonly sequences = new GrowableArray(Uint8Array, 1 << 16)
  private readonly sequenceOffsets = new GrowableArray(Uint32Array)
  // Per-document scratch: the last (document, field) a form was seen in, the document's terms.
  private readonly formStamps = new GrowableArray(Int32Array)
  private readonly termStamps = new GrowableArray(Int32Array)
  private readonly termSlots = new GrowableArray(Uint32Array)
  private readonly documentTerms: number[] = []
  private readonly documentFrequencies: number[][] = TEXT_FIELDS.map(() => [])
  private documentCount = 0

  constructor(analyzer: Analyzer) {
    this.analyzer = analyzer
    this.sequenceOffsets.push(0)
  }

  add(text: SearchableText): void {
    const document = this.documentCount++
    const distinct = [0, 0, 0]
    let first = true
    const addValue = (field: number, value: string) => {
      if (!first) writeVarint(this.sequences, 0)
      first = false
      const stamp = document * FIELD_COUNT + field + 1
      for (const token of tokenize(value)) {
        const form = this.formOf(token)
        writeVarint(this.sequences, form + 1)
        if (this.formStamps.get(form) !== stamp) {
          this.formStamps.set(form, stamp)
          distinct[field]!++
        }
        const term = this.formTerms.get(form)
        if (term !== NONE) this.count(document, term, field)
      }
    }
    addValue(0, text.title)
    for (const value of text.text) addValue(1, value)
    for (const value of text.terms) addValue(2, value)
    for (let i = 0; i < this.documentTerms.length; i++) {
      let packed = 0
      for (let field = 0; field < FIELD_COUNT; field++) {
        const frequency = Math.min(this.documentFrequencies[field]![i]!, FREQUENCY_CAPS[field]!)
        packed += frequency * 2 ** FREQUENCY_SHIFTS[field]!
      }
      this.logTerms.push(this.documentTerms[i]!)
      this.logDocuments.push(document)
      this.logFrequencies.push(packed)
    }
    this.documentTerms.length = 0
    for (const frequencies of this.documentFrequencies) frequencies.length = 0
    distinct.forEach((length, field) => {
      this.fieldLengths[field]!.push(length)
    })
    this.sequenceOffsets.push(this.sequences.length)
  }

  /** Finishes the index's stored parts. The builder must not be used afterwards. */
  build(): TextIndexParts {
    const termRanks = ranks(this.terms)
    const wordRanks = ranks(this.words)
    const termCount = this.terms.length
    const termOffsets = new Uint32Array(termCount + 1)
    const logLength = this.logTerms.length
    for (let i = 0; i < logLength; i++) termOffsets[termRanks[this.logTerms.get(i)]! + 1]!++
    for (let t = 0; t < termCount; t++) termOffsets[t + 1]! += termOffsets[t]!
    // Scattered in log order, which is document order: each term's ids come out ascending.
    const postingIds = new Uint32Array(logLength)
    const frequencies = new Uint32Array(logLength)
    const cursor = termOffsets.slice(0, termCount)
    for (let i = 0; i < logLength; i++) {
      const at = cursor[termRanks[this.logTerms.get(i)]!]!++
      postingIds[at] = this.logDocuments.get(i)
      frequencies[at] = this.logFrequencies.get(i)
    }
    const fieldLengths = this.fieldLengths.map((lengths) => lengths.toArray())
    const postingScores = scorePostings({
      termOffsets,
      postingIds,
      documentCount: this.documentCount,
      fieldLengths,
      frequency: (posting, field) =>
        Math.floor(frequencies[posting]! / 2 ** FREQUENCY_SHIFTS[field]!) & FREQUENCY_CAPS[field]!,
    })
    const formCount = this.formTerms.length
    const formTerms = new Int32Array(formCount)
    const formWords = new Int32Array(formCount)
    for (let form = 0; form < formCount; form++) {
      const term = this.formTerms.get(form)
      const word = this.formWords.get(form)
      formTerms[form] = term === NONE ? NONE : termRanks[term]!
      formWords[form] = word === NONE ? NONE : wordRanks[word]!
    }
    const wordTerms = new Uint32Array(this.words.length)
    for (let word = 0; word < this.words.length; word++) {
      wordTerms[wordRanks[word]!] = termRanks[this.wordTerms.get(word)]!
    }
    const parts: TextIndexParts = {
      documentCount: this.documentCount,
      terms: sortedBy(this.terms, termRanks),
      termOffsets,
      postingIds,
      postingScores,
      words: sortedBy(this.words, wordRanks),
      wordTerms,
      formWords,
      formTerms,
      sequenceOffsets: this.sequenceOffsets.toArray(),
      sequences: this.sequences.toArray(),
    }
    return parts
  }

  /** The form of a token as written, analyzed the first time it is seen. */
  private formOf(token: string): number {
    let form = this.formIds.get(token)
    if (form !== undefined) return form
    form = this.formTerms.length
    this.formIds.set(token, form)
    this.formStamps.push(0)
    const term = this.analyzer.processTerm(token)
    const word = normalizeToken(token)
    if (term === null) {
      this.formTerms.push(NONE)
      this.formWords.push(NONE)
      return form
    }
    const termId = this.idOf(term, this.termIds, this.terms)
    this.termStamps.ensure(this.terms.length)
    this.termSlots.ensure(this.terms.length)
    this.formTerms.push(termId)
    if (word === '') {
      this.formWords.push(NONE)
      return form
    }
    let wordId = this.wordIds.get(word)
    if (wordId === undefined) {
      // A word keeps the term it first analyzed to.
      wordId = this.idOf(word, this.wordIds, this.words)
      this.wordTerms.push(termId)
    }
    this.formWords.push(wordId)
    return form
  }

  private idOf(value: string, ids: Map<string, number>, values: string[]): number {
    let id = ids.get(value)
    if (id === undefined) {
      id = values.length
      ids.set(value, id)
      values.push(value)
    }
    return id
  }

  /** Counts one occurrence of a term in a field of the current document. */
  private count(document: number, term: number, field: number): void {
    let slot: number
    if (this.termStamps.get(term) !== document + 1) {
      this.termStamps.set(term, document + 1)
      slot = this.documentTerms.length
      this.termSlots.set(term, slot)
      this.documentTerms.push(term)
      for (const frequencies of this.documentFrequencies) frequencies.push(0)
    } else {
      slot = this.termSlots.get(term)
    }
    this.documentFrequencies[field]![slot]!++
  }
}

/** Each value's rank in code-unit order. */
function ranks(values: readonly string[]): Uint32Array {
  const order = values.map((_, id) => id)
  order.sort((a, b) => (values[a]! < values[b]! ? -1 : values[a]! > values[b]! ? 1 : 0))
  const rank = new Uint32Array(values.length)
  order.forEach((id, position) => {
    rank[id] = position
  })
  return rank
}

function sortedBy(values: readonly string[], rank: Uint32Array): string[] {
  const sorted = new Array<string>(values.length)
  values.forEach((value, id) => {
    sorted[rank[id]!] = value
  })
  return sorted
}
