/**
 * What validate says of a refused value, read as an archivist would: the value found and what is
 * expected in plain words, never a regular expression or a bare length.
 */
import { describe, expect, it } from 'vitest'
import { unphrasedRules } from '../../packages/core/src/documents/problem-messages.js'
import {
  type CatalogueDocument,
  exampleCatalogue,
  validateDocument,
} from '../../packages/core/src/index.js'
import { corpusDocuments, invalidFiles } from '../helpers/corpus.js'

type Mistake = (document: Record<string, unknown>) => void

/** The example catalogue's first document of a type, changed by `mistake`. */
function mistaken(type: CatalogueDocument['type'], mistake: Mistake): Record<string, unknown> {
  // Through JSON: the example's documents share their group's parts, which a clone would keep.
  const example = exampleCatalogue().find((each) => each.type === type)!
  const document = JSON.parse(JSON.stringify(example)) as Record<string, unknown>
  mistake(document)
  return document
}

const MISTAKES: [string, CatalogueDocument['type'], Mistake, string[]][] = [
  [
    'a date written as text',
    'collection',
    (d) => ((d.dates as { begin: unknown }[])[0]!.begin = 'c. 1920'),
    [
      '/dates/0/begin: "c. 1920" is not a date: write a year as YYYY, YYYY-MM or YYYY-MM-DD, or null when undated',
    ],
  ],
  [
    'a date written as a number',
    'collection',
    (d) => ((d.dates as { end: unknown }[])[0]!.end = 1965),
    [
      '/dates/0/end: 1965 is a number: expected a date in quotes; write a year as YYYY, YYYY-MM or YYYY-MM-DD, or null when undated',
    ],
  ],
  [
    'a language given by name',
    'collection',
    (d) => (d.languages = [{ expression: 'English', identifier: 'english' }]),
    [
      '/languages/0/identifier: "english" is not a language code: a language is an ISO 639 code such as eng',
    ],
  ],
  [
    'an extent that is not a number',
    'collection',
    (d) => (d.extents = [{ value: 'two', type: 'boxes' }]),
    [
      '/extents/0/value: "two" is not a quantity: write the number alone, such as "2" or "0.5" (the unit goes in type)',
    ],
  ],
  [
    'a value spelt otherwise than the list',
    'collection',
    (d) => (d.formats = ['Photographs']),
    [
      '/formats/0: "Photographs" is not one of: documents, audio, photographs, moving image (did you mean "photographs"?)',
    ],
  ],
  [
    'an empty list',
    'collection',
    (d) => (d.creators = []),
    ['/creators: the list is empty: give at least one creator'],
  ],
  ['an empty title', 'term', (d) => (d.title = null), ['/title: is null: expected text in quotes']],
  [
    'a number written as text, in a field that may be null',
    'collection',
    (d) => ((d.creators as { order?: unknown }[])[0]!.order = '1'),
    ['/creators/0/order: "1" is text: expected a number, such as 1 or 2.5, or null'],
  ],
  [
    'true or false written as a word',
    'object',
    (d) => (d.online = 'yes'),
    ['/online: "yes" is text: expected true or false'],
  ],
  [
    'a uri with a space',
    'term',
    (d) => (d.uri = '/terms/public health'),
    [
      '/uri: "/terms/public health" is not a term\'s uri: write /terms/ then an id of letters, digits, - and _',
    ],
  ],
  [
    'a uri of another type',
    'term',
    (d) => (d.uri = '/agents/public-health'),
    ['/type: "term" does not match the uri /agents/public-health, which is an agent\'s'],
  ],
  [
    'a category of another type',
    'term',
    (d) => (d.category = 'subjects'),
    ['/category: "subjects" should be "subject"'],
  ],
]

describe('validateDocument', () => {
  describe('messages', () => {
    it.each(MISTAKES)('names the value and what is expected for %s', (_, type, mistake, said) => {
      const problems = validateDocument(mistaken(type, mistake))
      expect(problems.map(({ path, message }) => `${path}: ${message}`)).toEqual(said)
    })

    it('says a part in a file of its own is a part, once, not every field a document lacks', () => {
      for (const [folder, part] of [
        ['date', 'a date'],
        ['extent', 'an extent'],
        ['external_identifier', 'an external identifier'],
        ['group', 'a group'],
        ['language', 'a language'],
        ['note', 'a note'],
        ['reference', 'a reference'],
      ]) {
        for (const [name, value] of invalidFiles(folder!)) {
          expect(validateDocument(value), `${folder}/${name}`).toEqual([
            {
              path: '',
              message: `this looks like ${part}, a part of a document, not a whole one (a document has a uri and a type: agent, collection, object, term)`,
            },
          ])
        }
      }
    })

    it('never takes a broken document for a part', () => {
      for (const type of ['agent', 'collection', 'object', 'term']) {
        for (const [name, value] of invalidFiles(type)) {
          const problems = validateDocument(value)
          expect(problems.length, name).toBeGreaterThan(0)
          expect(JSON.stringify(problems), name).not.toContain('looks like')
        }
        // A real document stripped to a few of its own fields is still a broken document.
        const [real] = corpusDocuments(type)
        const { uri, type: kind, title } = real as Record<string, unknown>
        expect(JSON.stringify(validateDocument({ uri, type: kind, title }))).not.toContain(
          'looks like',
        )
      }
      // A document with a reference's fields, or only a uri and a misspelt type.
      for (const broken of [
        { uri: '/terms/x', type: 'term', title: 'X', identifier: 'x' },
        { uri: '/agents/a', type: 'agent', title: 'A', role: 'creator' },
        { type: 'Collection', uri: '/collections/a' },
        { type: 'terms', title: 'X', identifier: 'x' },
      ]) {
        expect(JSON.stringify(validateDocument(broken)), JSON.stringify(broken)).not.toContain(
          'looks like',
        )
      }
      expect(validateDocument({ type: 'Collection', uri: '/collections/a' })).toEqual([
        {
          path: '/type',
          message:
            '"Collection" is not one of: agent, collection, object, term (did you mean "collection"?)',
        },
      ])
    })

    it('says a value that is not an object is not one', () => {
      for (const [value, shown] of [
        [null, 'null'],
        [[], '[]'],
        ['a title', '"a title"'],
        [7, '7'],
      ]) {
        expect(validateDocument(value)).toEqual([
          { path: '', message: `${shown} is not an object: a document is a JSON object, in { }` },
        ])
      }
    })

    it('shows no regular expression or bare length, on the invalid corpus and the mistakes', () => {
      const messages = [
        ...['agent', 'collection', 'object', 'term'].flatMap((type) =>
          invalidFiles(type).flatMap(([, value]) => validateDocument(value)),
        ),
        ...MISTAKES.flatMap(([, type, mistake]) => validateDocument(mistaken(type, mistake))),
      ].map((problem) => problem.message)
      expect(messages.length).toBeGreaterThan(40)
      for (const message of messages) {
        expect(message).not.toMatch(
          /\^|\$|\[0-9\]|\{4\}|must match|characters|must be (string|number|boolean|array|object)/,
        )
      }
    })

    it('has words for every pattern and length of the schemas', () => {
      expect(unphrasedRules()).toEqual([])
    })
  })
})
