/**
 * A text analyzer per catalogue language: English by default; French, German, Spanish, Dutch and
 * Italian with Snowball stemming and their stop words; `none`. The language is the index's, and
 * a snapshot keeps it.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { analyzerFor } from '../../packages/core/src/for-backends.js'
import {
  Catalogue,
  loadSnapshot,
  saveSnapshot,
  TEXT_LANGUAGES,
} from '../../packages/core/src/index.js'
import { termDocument as term } from '../helpers/documents.js'

describe('analyzerFor', () => {
  it.each([
    ['french', "L'histoire des Bibliothèques", ['histoir', 'bibliothequ']],
    ['german', 'Die Geschichte der Bibliotheken', ['geschicht', 'bibliothek']],
    ['spanish', 'La historia de las bibliotecas', ['histori', 'bibliotec']],
    ['dutch', 'De geschiedenis van de bibliotheken', ['geschiedenis', 'bibliothek']],
    ['italian', "L'archivio delle biblioteche", ['archiv', 'bibliotec']],
    ['english', 'The history of the libraries', ['histori', 'librari']],
    ['none', 'The history of the Libraries', ['the', 'history', 'of', 'the', 'libraries']],
  ] as const)('analyzes %s text with its stop words and stems', (language, text, terms) => {
    expect(analyzerFor(language).analyze(text)).toEqual(terms)
  })

  it('knows the languages it lists', () => {
    for (const language of TEXT_LANGUAGES) expect(analyzerFor(language).language).toBe(language)
  })
})

describe('a catalogue in French', () => {
  const documents = [
    term('a1', 'Bibliothèques municipales'),
    term('a2', "L'histoire de la médecine"),
    term('a3', 'Les archives du port'),
  ]

  it('finds words through French stems, elisions and folded accents', () => {
    const catalogue = Catalogue.fromDocuments(documents, { language: 'french' })
    expect(catalogue.options.language).toBe('french')
    const uris = (query: string) =>
      catalogue.terms({ query, limit: 500 }).results.map((item) => item.uri)
    expect(uris('bibliotheque')).toEqual(['/terms/a1'])
    expect(uris('histoire')).toEqual(['/terms/a2'])
    expect(uris('médecines')).toEqual(['/terms/a2'])
    // A phrase keeps the places of the French stop words it spans.
    expect(uris('"histoire de la médecine"')).toEqual(['/terms/a2'])
    expect(uris('"histoire médecine"')).toEqual([])
    // French stop words only: a query that matches nothing.
    expect(catalogue.terms({ query: 'les de la' }).count).toBe(0)
  })

  it('is not matched the English way', () => {
    const english = Catalogue.fromDocuments(documents)
    // English keeps `les` as a word and does not take `l'` off `l'histoire`.
    expect(english.terms({ query: 'les' }).count).toBe(1)
    expect(english.terms({ query: 'histoire' }).count).toBe(0)
  })

  it('keeps its language in a snapshot and refuses another one', async () => {
    const catalogue = Catalogue.fromDocuments(documents, { language: 'french' })
    const file = join(mkdtempSync(join(tmpdir(), 'catalogue-lang-')), 'fr.snapshot')
    await saveSnapshot(catalogue, file)
    const restored = await loadSnapshot(file)
    expect(restored.options.language).toBe('french')
    expect(restored.terms({ query: 'bibliotheque' })).toEqual(
      catalogue.terms({ query: 'bibliotheque' }),
    )
    await expect(loadSnapshot(file, { language: 'german' })).rejects.toThrow(
      /was indexed in french; index the catalogue again for german/,
    )
  })
})

describe('a catalogue without analysis', () => {
  it('matches words as written, stop words included, without stemming', () => {
    const catalogue = Catalogue.fromDocuments([term('b1', 'The running man')], { language: 'none' })
    expect(catalogue.terms({ query: 'running' }).count).toBe(1)
    expect(catalogue.terms({ query: 'run' }).count).toBe(0)
    expect(catalogue.terms({ query: 'the' }).count).toBe(1)
  })
})
