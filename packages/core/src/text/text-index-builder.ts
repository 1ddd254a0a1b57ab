import { normalizeToken, tokenize } from '../analysis/analyze.js'
import type { Analyzer } from '../analysis/languages.js'
import type { SearchableText } from '../documents/document-fields.js'
import { compareCodeUnits } from '../util/code-unit-order.js'
import { GrowableArray } from '../util/growable-array.js'
import { writeVarint } from '../util/varint.js'
import { scorePostings } from './score-postings.js'
import { NONE, type StoredTextIndex, VALUE_BREAK } from './stored-text-index.js'
import { type AnalyzedTexts, forEachValue, writeLayout } from './text-batch.js'

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
  private readonly sequences = new GrowableArray(Uint8Array, 1 << 16)
  private readonly sequenceOffsets = new GrowableArray(Uint32Array)
  private readonly layouts = new GrowableArray(Uint8Array, 1 << 16)
  private readonly layoutOffsets = new GrowableArray(Uint32Array)
  /** Per-document scratch: the last document each term was seen in. */
  private readonly termStamps = new GrowableArray(Int32Array)
  private documentCount = 0
  /** The batch {@link addAnalyzed} reads, and the form of each of its tokens (-1: not yet). */
  private batch: AnalyzedTexts | undefined
  private batchForms = new Int32Array(0)

  constructor(analyzer: Analyzer) {
    this.analyzer = analyzer
    this.sequenceOffsets.push(0)
    this.layoutOffsets.push(0)
  }

  /**
   * Adds a document: its values in the order `StoredTextIndex.sequences` describes, and its
   * layout (how many notes, paragraphs, items and terms).
   */
  add(text: SearchableText): void {
    const document = this.documentCount++
    let first = true
    forEachValue(text, (value) => {
      if (!first) writeVarint(this.sequences, VALUE_BREAK)
      first = false
      for (const token of tokenize(value)) this.addToken(this.formOf(token), document)
    })
    writeLayout(this.layouts, text)
    this.endDocument()
  }

  /**
   * Adds document `index` of a batch analyzed elsewhere (a worker): the same as {@link add} of
   * its text, each token's form looked up, or made with the worker's analysis, the first time
   * it is used here, so that forms, terms and words get the ids {@link add} would give them.
   */
  addAnalyzed(batch: AnalyzedTexts, index: number): void {
    if (batch !== this.batch) {
      this.batch = batch
      this.batchForms = new Int32Array(batch.tokens.length).fill(-1)
    }
    const document = this.documentCount++
    const { forms, formOffsets, layouts, layoutOffsets } = batch
    for (let at = formOffsets[index]!; at < formOffsets[index + 1]!; at++) {
      const local = forms[at]!
      if (local === VALUE_BREAK) {
        writeVarint(this.sequences, VALUE_BREAK)
        continue
      }
      let form = this.batchForms[local - 1]!
      if (form === -1) {
        form = this.formOfAnalyzed(batch, local - 1)
        this.batchForms[local - 1] = form
      }
      this.addToken(form, document)
    }
    for (let at = layoutOffsets[index]!; at < layoutOffsets[index + 1]!; at++) {
      this.layouts.push(layouts[at]!)
    }
    this.endDocument()
  }

  /** Finishes the index's stored parts. The builder must not be used afterwards. */
  build(): StoredTextIndex {
    const termRanks = ranks(this.terms)
    const wordRanks = ranks(this.words)
    const termCount = this.terms.length
    const termOffsets = new Uint32Array(termCount + 1)
    const logLength = this.logTerms.length
    for (let i = 0; i < logLength; i++) termOffsets[termRanks[this.logTerms.get(i)]! + 1]!++
    for (let t = 0; t < termCount; t++) termOffsets[t + 1]! += termOffsets[t]!
    // Scattered in log order, which is document order: each term's ids come out ascending.
    const postingIds = new Uint32Array(logLength)
    const cursor = termOffsets.slice(0, termCount)
    for (let i = 0; i < logLength; i++) {
      const at = cursor[termRanks[this.logTerms.get(i)]!]!++
      postingIds[at] = this.logDocuments.get(i)
    }
    // What is read no more is let go as the build goes on: the end of a build is its peak.
    this.logTerms.take()
    this.logDocuments.take()
    this.termStamps.take()
    this.formIds.clear()
    this.termIds.clear()
    this.wordIds.clear()
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
    const parts: StoredTextIndex = {
      documentCount: this.documentCount,
      terms: sortedBy(this.terms, termRanks),
      termOffsets,
      postingIds,
      postingScores: new Float32Array(logLength),
      postingFields: new Uint8Array(logLength),
      words: sortedBy(this.words, wordRanks),
      wordTerms,
      formWords,
      formTerms,
      sequenceOffsets: this.sequenceOffsets.take(),
      sequences: this.sequences.take(),
      layoutOffsets: this.layoutOffsets.take(),
      layouts: this.layouts.take(),
      fieldDocumentCounts: [],
      fieldLengths: [],
      fieldFrequencies: new Uint32Array(0),
    }
    // Scores need every document's statistics: computed from the finished token sequences.
    scorePostings(parts)
    return parts
  }

  /** The form of a token as written, analyzed the first time it is seen. */
  private formOf(token: string): number {
    const form = this.formIds.get(token)
    if (form !== undefined) return form
    const term = this.analyzer.processTerm(token)
    return this.newForm(token, term, term === null ? '' : normalizeToken(token))
  }

  /** The form of a batch's token, made with the batch's analysis when it is new. */
  private formOfAnalyzed(batch: AnalyzedTexts, token: number): number {
    const form = this.formIds.get(batch.tokens[token]!)
    if (form !== undefined) return form
    return this.newForm(batch.tokens[token]!, batch.terms[token]!, batch.words[token]!)
  }

  /** Adds a form with its analysis: its term (null: not indexed) and its word ('' for none). */
  private newForm(token: string, term: string | null, word: string): number {
    const form = this.formTerms.length
    this.formIds.set(token, form)
    if (term === null) {
      this.formTerms.push(NONE)
      this.formWords.push(NONE)
      return form
    }
    const termId = this.idOf(term, this.termIds, this.terms)
    this.termStamps.ensure(this.terms.length)
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

  /** A token of a document: its form in the sequence, its term once in the posting log. */
  private addToken(form: number, document: number): void {
    writeVarint(this.sequences, form + 1)
    const term = this.formTerms.get(form)
    if (term !== NONE && this.termStamps.get(term) !== document + 1) {
      this.termStamps.set(term, document + 1)
      this.logTerms.push(term)
      this.logDocuments.push(document)
    }
  }

  private endDocument(): void {
    this.sequenceOffsets.push(this.sequences.length)
    this.layoutOffsets.push(this.layouts.length)
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
}

/** Each value's rank in code-unit order. */
function ranks(values: readonly string[]): Uint32Array {
  const order = values.map((_, id) => id)
  order.sort((a, b) => compareCodeUnits(values[a]!, values[b]!))
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
