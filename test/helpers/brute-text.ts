/**
 * Whether a plain document contains a word, read the simple way: every text the API searches
 * (title, an agent's description, note contents and list items, term titles), analyzed, and
 * the word's own analysis looked for among the terms. For one-word queries only: phrases and
 * operators are the engine's query tests' business.
 */
import { analyze, indexedText, processTerm } from '../../packages/core/src/for-backends.js'

interface TextDocument {
  title: string
  description?: string | null
  notes?: { subnotes: { content?: (string | null)[]; items?: unknown[] }[] }[] | null
  terms?: { title?: string | null }[] | null
}

export function containsWord(document: TextDocument, word: string): boolean {
  const term = processTerm(word)
  if (term === null) return false
  const texts = [document.title, document.description ?? '']
  for (const note of document.notes ?? []) {
    for (const subnote of note.subnotes) {
      texts.push(...(subnote.content ?? []).filter((text): text is string => !!text))
      for (const item of subnote.items ?? []) {
        if (item && typeof item === 'object') {
          texts.push(...Object.values(item).filter((v): v is string => typeof v === 'string'))
        }
      }
    }
  }
  for (const reference of document.terms ?? []) texts.push(reference.title ?? '')
  return texts.some((text) => analyze(indexedText(text)).includes(term))
}
