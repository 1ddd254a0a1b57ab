/**
 * The snippet maker both backends call (`api/snippets.ts`), on documents made for it: which
 * fields give a snippet and in what order, the words marked as the index reads them (stems,
 * phrases with their stop words, sloppy phrases, prefixes, fuzzy words, every Unicode form),
 * excluded words never marked, markup stripped, long texts cut around their words, and every
 * mark within its text, on the words it names.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SNIPPET_TEXT_BUDGET } from '../../packages/core/src/api/snippets.js'
import {
  analyzerFor,
  parseQuery,
  processTerm,
  type SnippetMaker,
  snippetMaker,
} from '../../packages/core/src/for-backends.js'
import type { CatalogueDocument, Snippet } from '../../packages/core/src/index.js'
import { inForm, UNICODE_FORMS } from '../helpers/unicode-forms.js'

/** A collection with these texts: its title, notes (`[title, paragraphs]`) and subjects. */
function collection(
  title: string,
  {
    notes = [],
    subjects = [],
    items = [],
  }: { notes?: [string, string[]][]; subjects?: string[]; items?: string[] } = {},
  uri = '/collections/c1',
): CatalogueDocument {
  return {
    uri,
    type: 'collection',
    title,
    notes: [
      ...notes.map(([noteTitle, content]) => ({
        type: 'scopecontent',
        title: noteTitle,
        source: 'archivesspace',
        subnotes: [{ type: 'text', content }],
      })),
      ...(items.length > 0
        ? [
            {
              type: 'odd',
              title: 'List',
              source: 'archivesspace',
              subnotes: [{ type: 'orderedlist', items: items.map((item) => ({ value: item })) }],
            },
          ]
        : []),
    ],
    terms: subjects.map((subject) => ({ title: subject, external_identifiers: [] })),
  } as unknown as CatalogueDocument
}

function maker(query: string, language: 'english' | 'french' = 'english'): SnippetMaker {
  const made = snippetMaker(parseQuery(query, analyzerFor(language)), analyzerFor(language))
  if (!made) throw new Error(`no snippets for ${query}`)
  return made
}

/** The marked stretches of a snippet, as the text shows them. */
const marked = (snippet: Snippet) =>
  snippet.marks.map(([start, end]) => snippet.text.slice(start!, end))

/** A snippet with its marks in brackets, to read. */
function bracketed(snippet: Snippet): string {
  let out = ''
  let at = 0
  for (const [start, end] of snippet.marks) {
    out += `${snippet.text.slice(at, start)}[${snippet.text.slice(start, end)}]`
    at = end!
  }
  return out + snippet.text.slice(at)
}

/** Marks in bounds, in order, apart. */
function expectWellFormed(snippet: Snippet) {
  let last = 0
  for (const mark of snippet.marks) {
    expect(mark).toHaveLength(2)
    const [start, end] = mark as [number, number]
    expect(Number.isInteger(start) && Number.isInteger(end)).toBe(true)
    expect(start).toBeGreaterThanOrEqual(last)
    expect(end).toBeGreaterThan(start)
    expect(end).toBeLessThanOrEqual(snippet.text.length)
    last = end
  }
}

describe('snippetMaker', () => {
  describe('what gives snippets', () => {
    it('is nothing without words to mark: no query, *, exclusions only, stop words only', () => {
      const english = analyzerFor('english')
      expect(snippetMaker(null, english)).toBeNull()
      for (const query of ['*', '-malaria', '-malaria -italy', 'the', '((']) {
        expect(snippetMaker(parseQuery(query), english), query).toBeNull()
      }
      expect(snippetMaker(parseQuery('malaria | -italy'), english)).not.toBeNull()
    })

    it('gives the fields of the record that show a word, title, note then subject, then the component', () => {
      const record = collection('Malaria records', {
        notes: [['Scope and Contents', ['Nothing here.', 'Reports on malaria in Brazil.']]],
        subjects: ['Yellow fever', 'Malaria'],
      })
      const component = collection('Malaria control files', {}, '/collections/c2')
      const snippets = maker('malaria').snippets(record, component)
      expect(snippets.map(bracketed)).toEqual([
        '[Malaria] records',
        'Reports on [malaria] in Brazil.',
        '[Malaria]',
        '[Malaria] control files',
      ])
      expect(snippets.map((snippet) => snippet.field)).toEqual([
        'title',
        'note',
        'subject',
        'component',
      ])
      expect(snippets[1]!.label).toBe('Scope and Contents')
      expect(snippets[3]!.uri).toBe('/collections/c2')
      // Keys in the schema's order; `label` and `uri` only where they belong.
      expect(snippets.map((snippet) => Object.keys(snippet))).toEqual([
        ['field', 'text', 'marks'],
        ['field', 'text', 'marks', 'label'],
        ['field', 'text', 'marks'],
        ['field', 'text', 'marks', 'uri'],
      ])
    })

    it('leaves out the fields that show no word, and a missing record or component', () => {
      const record = collection('Photographs', { subjects: ['Malaria'] })
      expect(maker('malaria').snippets(record, null).map(bracketed)).toEqual(['[Malaria]'])
      expect(maker('cholera').snippets(record, null)).toEqual([])
      expect(maker('malaria').snippets(null, null)).toEqual([])
    })

    it("shows a component's title, and where it shows a word when its title does not", () => {
      const component = collection(
        'Agriculture: photographs',
        { notes: [['Scope', ['Fields of maize.']]], subjects: ['Malaria'] },
        '/objects/o1',
      )
      const snippets = maker('malaria').snippets(null, component)
      expect(snippets).toEqual([
        { field: 'component', text: 'Agriculture: photographs', marks: [], uri: '/objects/o1' },
        { field: 'subject', text: 'Malaria', marks: [[0, 7]], uri: '/objects/o1' },
      ])
      // A title that shows a word is enough.
      expect(
        maker('agriculture')
          .snippets(null, component)
          .map((s) => s.field),
      ).toEqual(['component'])
    })

    it("gives an agent's title and description", () => {
      const agent = {
        uri: '/agents/a1',
        type: 'agent',
        title: 'Hoffmann Foundation',
        description: 'A foundation for <emph>rural</emph> health.',
        notes: [],
      } as unknown as CatalogueDocument
      expect(maker('foundation health').snippets(agent, null).map(bracketed)).toEqual([
        'Hoffmann [Foundation]',
        'A [foundation] for rural [health].',
      ])
    })

    it('chooses the paragraph or list item that shows the most of the query, then the first', () => {
      const record = collection('Records', {
        notes: [
          ['Scope', ['Malaria in Italy.', 'Malaria and yellow fever in Brazil.', 'Yellow fever.']],
        ],
        items: ['Malaria, yellow fever and Brazil: a list item.'],
      })
      const [note] = maker('malaria yellow brazil').snippets(record, null)
      expect(bracketed(note!)).toBe('[Malaria] and [yellow] fever in [Brazil].')
      // A tie goes to the first.
      const [first] = maker('malaria').snippets(record, null)
      expect(bracketed(first!)).toBe('[Malaria] in Italy.')
      const [item] = maker('item').snippets(record, null)
      expect(item).toMatchObject({ field: 'note', label: 'List' })
    })
  })

  describe('the words marked', () => {
    const mark = (query: string, text: string) =>
      maker(query).snippets(collection(text), null).map(bracketed)[0] ?? null

    it('marks a word by its stem, whatever its case', () => {
      expect(mark('photographs', 'Photograph of a PHOTOGRAPHING photography')).toBe(
        '[Photograph] of a [PHOTOGRAPHING] photography',
      )
      expect(mark("rockefeller's", "Rockefeller's and Rockefeller papers")).toBe(
        "[Rockefeller's] and [Rockefeller] papers",
      )
    })

    it('marks a phrase as one stretch, stop words inside, and only where it stands whole', () => {
      expect(mark('"history of medicine"', 'A history of medicine, a medicine history')).toBe(
        'A [history of medicine], a medicine history',
      )
      // A stop word keeps its place: any word may stand there, as the index finds it.
      expect(mark('"history of medicine"', 'History in medicine; history medicine')).toBe(
        '[History in medicine]; history medicine',
      )
      expect(mark('"medicine history"', 'history of medicine')).toBeNull()
    })

    it('marks the words of a sloppy phrase where they fit within the slop', () => {
      expect(mark('"nelson rockefeller"~2', 'Rockefeller, Nelson A. and Nelson Smith')).toBe(
        '[Rockefeller], [Nelson] A. and Nelson Smith',
      )
      expect(mark('"nelson rockefeller"~1', 'Rockefeller, Nelson')).toBeNull()
    })

    it('marks the words as written beginning with a prefix, never a stop word', () => {
      expect(mark('agricult*', 'Agricultural agriculture agri culture')).toBe(
        '[Agricultural] [agriculture] agri culture',
      )
      expect(mark('th*', 'The thesis')).toBe('The [thesis]')
    })

    it('marks the words within the edits of a fuzzy word, as their stems are', () => {
      expect(mark('malria~1', 'Malaria, malarias and malarial fevers')).toBe(
        '[Malaria], [malarias] and malarial fevers',
      )
      expect(mark('studies~1', 'Studies')).toBeNull() // studi is two edits away
      expect(mark('studies~2', 'Studies')).toBe('[Studies]')
    })

    it('never marks a word the query excludes', () => {
      expect(mark('malaria -italy', 'Malaria in Italy')).toBe('[Malaria] in Italy')
      expect(mark('malaria | -italy', 'Malaria in Italy')).toBe('[Malaria] in Italy')
      expect(mark('malaria -"yellow fever"', 'Malaria and yellow fever')).toBe(
        '[Malaria] and yellow fever',
      )
    })

    it('marks every Unicode form of a word, in the code units it is written in', () => {
      for (const form of UNICODE_FORMS) {
        for (const query of ['zurich', 'Zürich', inForm('Zürich', form)]) {
          const text = inForm('Offices in Zürich and Genève', form)
          const [snippet] = maker(query).snippets(collection(text), null)
          expect(snippet?.text, `${form} ${query}`).toBe(text)
          const [word, ...more] = marked(snippet!)
          expect(word?.normalize('NFKC'), `${form} ${query}`).toBe('Zürich')
          expect(more).toEqual([])
          expectWellFormed(snippet!)
        }
      }
      // A letter outside the BMP before the word: offsets count its two code units.
      const [snippet] = maker('malaria').snippets(collection('𝒜 malaria'), null)
      expect(snippet!.marks).toEqual([[3, 10]])
    })

    it("reads a language's stems", () => {
      const snippets = maker('bibliothèques', 'french').snippets(
        collection('La bibliothèque et les Bibliotheques'),
        null,
      )
      expect(snippets.map(bracketed)).toEqual(['La [bibliothèque] et les [Bibliotheques]'])
    })

    it('shows markup as a reader sees it: tags stripped, entities read, spaces collapsed', () => {
      const record = collection('Records', {
        notes: [
          ['Scope', ['<p>Reports on <emph render="italic">malaria</emph> &amp;\n\n  fever</p>']],
        ],
      })
      const [note] = maker('malaria fever').snippets(record, null)
      expect(bracketed(note!)).toBe('Reports on [malaria] & [fever]')
    })
  })

  describe('long texts', () => {
    const words = (count: number, word = 'lorem') => Array(count).fill(word).join(' ')

    it('cuts a long note around its words, between words, with an ellipsis at each cut', () => {
      const text = `${words(200)} malaria in the tropics ${words(200, 'ipsum')}`
      const [note] = maker('malaria').snippets(
        collection('Records', { notes: [['Scope', [text]]] }),
        null,
      )
      expect(note!.text.length).toBeLessThanOrEqual(162)
      expect(note!.text.startsWith('…')).toBe(true)
      expect(note!.text.endsWith('…')).toBe(true)
      expect(marked(note!)).toEqual(['malaria'])
      // Whole words only: every word shown is a word of the text.
      for (const word of note!.text.slice(1, -1).split(' ')) {
        expect(['lorem', 'ipsum', 'malaria', 'in', 'the', 'tropics']).toContain(word)
      }
      expectWellFormed(note!)
    })

    it('shows the stretch with the most of the query, its beginning when near the start', () => {
      const text = `Malaria first. ${words(100)} malaria and yellow fever together. ${words(100)}`
      const [note] = maker('malaria yellow').snippets(
        collection('R', { notes: [['S', [text]]] }),
        null,
      )
      expect(marked(note!)).toEqual(['malaria', 'yellow'])
      const [early] = maker('malaria').snippets(collection('R', { notes: [['S', [text]]] }), null)
      expect(early!.text.startsWith('Malaria first.')).toBe(true)
      expect(early!.text.endsWith('…')).toBe(true)
    })

    it('cuts a text without spaces without splitting a character', () => {
      // Each ideograph a word, and this one two code units.
      const text = `${'𠀀'.repeat(100)}malaria${'𠀀'.repeat(100)}`
      const [title] = maker('malaria').snippets(collection(text), null)
      expect(marked(title!)).toEqual(['malaria'])
      expect(title!.text.length).toBeLessThanOrEqual(162)
      // No half of a surrogate pair alone.
      expect(title!.text).not.toMatch(
        /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/,
      )
    })

    it('reads the start of a value the budget cuts without half a character or half a tag', () => {
      // The title leaves 11 units of the budget: the note is read from its first 44.
      const title = `${'a'.repeat(SNIPPET_TEXT_BUDGET - 17)} zebra`
      for (const note of [
        `zebra${' '.repeat(38)}😀 more`,
        `zebra <emph render="italic" id="a-long-identifier">malaria</emph>`,
      ]) {
        const snippets = maker('zebra').snippets(
          collection(title, { notes: [['Scope', [note]]] }),
          null,
        )
        const shown = snippets.find((snippet) => snippet.field === 'note')!
        expect(shown.text, note).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|<|>/)
        expect(marked(shown)).toEqual(['zebra'])
      }
    })

    it('reads a record up to its budget: a word beyond it is not marked', () => {
      const long = `${words(5000)} malaria`
      const record = collection('Records', { notes: [['Scope', [long]]], subjects: ['Malaria'] })
      // Subjects are read before notes, so the budget never hides them.
      expect(
        maker('malaria')
          .snippets(record, null)
          .map((s) => s.field),
      ).toEqual(['subject'])
    })
  })

  describe('every mark', () => {
    const VOCABULARY = [
      'malaria',
      'Malaria',
      'fever',
      'the',
      'of',
      'Zürich',
      'zurich',
      '𝒜',
      'x-ray',
      'health',
    ]

    it('lies within its text, in order, on a word of the query', () => {
      fc.assert(
        fc.property(
          fc.array(fc.constantFrom(...VOCABULARY), { minLength: 1, maxLength: 120 }),
          fc.constantFrom('malaria', 'fever', 'zurich', 'health', 'ray'),
          (text, query) => {
            const record = collection(text.join(' '), { notes: [['Scope', [text.join(', ')]]] })
            const term = processTerm(query)
            for (const snippet of maker(query).snippets(record, null)) {
              expectWellFormed(snippet)
              for (const word of marked(snippet)) expect(processTerm(word)).toBe(term)
              expect(snippet.text.length).toBeLessThanOrEqual(162)
            }
          },
        ),
      )
    })
  })
})
