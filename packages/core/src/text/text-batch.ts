/**
 * The text of a batch of documents tokenized and analyzed off the loading thread (a worker), in
 * a form that crosses threads cheaply: typed arrays of token ids local to the batch and the
 * batch's small dictionary of distinct tokens. `TextIndexBuilder.addAnalyzed` maps the ids to
 * the index's own.
 */

import { normalizeToken, tokenize } from '../analysis/analyze.js'
import type { Analyzer } from '../analysis/languages.js'
import type { SearchableText } from '../documents/document-fields.js'
import { GrowableArray } from '../util/growable-array.js'
import { writeVarint } from '../util/varint.js'
import { VALUE_BREAK } from './stored-text-index.js'

/** A batch's analyzed text (see the module's comment). */
export interface AnalyzedTexts {
  /** The batch's distinct tokens as written, in the order first seen. */
  tokens: string[]
  /** Each token's term, or null for one not indexed (a stop word). */
  terms: (string | null)[]
  /** Each token's word (lowercased, accents folded; '' for none). */
  words: string[]
  /** Each document's values: a token as its id + 1, {@link VALUE_BREAK} between two values. */
  forms: Uint32Array
  /** Where each document's forms start, and one past the last document's end. */
  formOffsets: Uint32Array
  /** Each document's layout, as `StoredTextIndex.layouts` holds it. */
  layouts: Uint8Array
  layoutOffsets: Uint32Array
}

/** Calls `visit` with each value of a document's text, in the order the index stores them. */
export function forEachValue(text: SearchableText, visit: (value: string) => void): void {
  visit(text.title)
  visit(text.description)
  for (const note of text.notes) for (const paragraph of note) visit(paragraph)
  for (const item of text.items) visit(item)
  for (const term of text.terms) visit(term)
}

/** Writes a document's layout: how many notes, each one's paragraphs, the items, the terms. */
export function writeLayout(out: GrowableArray<Uint8Array>, text: SearchableText): void {
  writeVarint(out, text.notes.length)
  for (const note of text.notes) writeVarint(out, note.length)
  writeVarint(out, text.items.length)
  writeVarint(out, text.terms.length)
}

/** The most tokens a worker remembers the analysis of: past it, it starts again. */
const REMEMBERED = 1 << 18

/** Collects the analyzed text of a batch's documents, one at a time, in the batch's order. */
export class TextBatchBuilder {
  private readonly analyzer: Analyzer
  /** Tokens analyzed before, in this batch or an earlier one, to their term and word. */
  private readonly analyzed = new Map<string, [term: string | null, word: string]>()
  private ids = new Map<string, number>()
  private texts = emptyTexts()

  constructor(analyzer: Analyzer) {
    this.analyzer = analyzer
  }

  add(text: SearchableText): void {
    let first = true
    const { forms } = this.texts
    forEachValue(text, (value) => {
      if (!first) forms.push(VALUE_BREAK)
      first = false
      for (const token of tokenize(value)) forms.push(this.idOf(token) + 1)
    })
    writeLayout(this.texts.layouts, text)
    this.texts.formOffsets.push(forms.length)
    this.texts.layoutOffsets.push(this.texts.layouts.length)
  }

  /** The batch so far; the builder starts a new one. */
  take(): AnalyzedTexts {
    const { tokens, terms, words, forms, formOffsets, layouts, layoutOffsets } = this.texts
    this.texts = emptyTexts()
    this.ids = new Map()
    if (this.analyzed.size > REMEMBERED) this.analyzed.clear()
    return {
      tokens,
      terms,
      words,
      forms: forms.toArray(),
      formOffsets: formOffsets.toArray(),
      layouts: layouts.toArray(),
      layoutOffsets: layoutOffsets.toArray(),
    }
  }

  private idOf(token: string): number {
    let id = this.ids.get(token)
    if (id !== undefined) return id
    id = this.texts.tokens.length
    this.ids.set(token, id)
    let analysis = this.analyzed.get(token)
    if (analysis === undefined) {
      const term = this.analyzer.processTerm(token)
      analysis = [term, term === null ? '' : normalizeToken(token)]
      this.analyzed.set(token, analysis)
    }
    this.texts.tokens.push(token)
    this.texts.terms.push(analysis[0])
    this.texts.words.push(analysis[1])
    return id
  }
}

function emptyTexts() {
  const texts = {
    tokens: [] as string[],
    terms: [] as (string | null)[],
    words: [] as string[],
    forms: new GrowableArray(Uint32Array, 1 << 16),
    formOffsets: new GrowableArray(Uint32Array),
    layouts: new GrowableArray(Uint8Array),
    layoutOffsets: new GrowableArray(Uint32Array),
  }
  texts.formOffsets.push(0)
  texts.layoutOffsets.push(0)
  return texts
}
