/**
 * The JSON Schema files published for editors (`@archive-catalogue/core/schemas/*.json`): a
 * plain draft-07 validator, given only those files, accepts the real and sample documents and
 * refuses the invalid ones, as `validate` does.
 */
import { readFileSync } from 'node:fs'
import { Ajv } from 'ajv'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { jsonSchemaFiles, validateDocument } from '../../packages/core/src/index.js'
import { corpusDocuments, invalidFiles, SAMPLE } from '../helpers/corpus.js'

function validatorOf(file: string) {
  const ajv = new Ajv({ allErrors: true, strict: false })
  for (const [name, schema] of Object.entries(jsonSchemaFiles())) ajv.addSchema(schema, name)
  return ajv.getSchema(file)!
}

describe('jsonSchemaFiles', () => {
  it('accepts every real document through document.json', () => {
    const document = validatorOf('document.json')
    for (const type of ['agent', 'collection', 'object', 'term']) {
      for (const value of corpusDocuments(type))
        expect(document(value), String(value.uri)).toBe(true)
    }
  })

  it('accepts the sample as one array through catalogue.json', () => {
    const catalogue = validatorOf('catalogue.json')
    const documents = readFileSync(SAMPLE, 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line))
    expect(catalogue(documents)).toBe(true)
  })

  it.each(['agent', 'collection', 'object', 'term'])(
    'refuses what validate refuses in rac-invalid/%s',
    (type) => {
      const schema = validatorOf(`${type}.json`)
      for (const [name, value] of invalidFiles(type)) {
        expect(schema(value), name).toBe(validateDocument(value).length === 0)
      }
    },
  )

  it('describes the fields with a form of their own in the words validate uses', () => {
    type Node = { properties: Record<string, Node>; items: Node; description?: string }
    const files = jsonSchemaFiles() as unknown as Record<string, Node>
    const collection = files['collection.json']!.properties
    expect(collection.dates!.items.properties.begin!.description).toBe(
      'A date: write a year as YYYY, YYYY-MM or YYYY-MM-DD, or null when undated',
    )
    expect(collection.languages!.items.properties.identifier!.description).toBe(
      'A language code: a language is an ISO 639 code such as eng',
    )
    expect(files['term.json']!.properties.uri!.description).toBe(
      "A term's uri: write /terms/ then an id of letters, digits, - and _",
    )
    // Every pattern in the files is described: an editor never shows only a regular expression.
    const undescribed: string[] = []
    const visit = (node: unknown, where: string) => {
      if (typeof node !== 'object' || node === null) return
      const { pattern, description } = node as { pattern?: string; description?: string }
      if (pattern !== undefined && description === undefined) undescribed.push(where)
      for (const [key, value] of Object.entries(node)) visit(value, `${where}/${key}`)
    }
    for (const [name, file] of Object.entries(files)) visit(file, name)
    expect(undescribed).toEqual([])
  })

  it('writes patterns that match alike with and without the u flag (validate runs them without)', () => {
    // Every pattern: of a value, and of the names `patternProperties` admits.
    const patterns: string[] = []
    const visit = (node: unknown) => {
      if (typeof node !== 'object' || node === null) return
      const { pattern, patternProperties } = node as Record<string, unknown>
      if (typeof pattern === 'string') patterns.push(pattern)
      if (typeof patternProperties === 'object' && patternProperties !== null) {
        patterns.push(...Object.keys(patternProperties))
      }
      for (const value of Object.values(node)) visit(value)
    }
    visit(jsonSchemaFiles())
    expect(new Set(patterns).size).toBeGreaterThan(3)
    // Values a field may hold, and the same among characters beyond the basic plane and lone
    // surrogates, which the u flag reads as one character each and its absence as two or one.
    const seeds = ['1999', '1999-01-31', '-1.5', '/collections/a_b-9', 'eng', '', 'x\ny']
    const odd = ['😀', '😀😀', '\ud800', '\udc00x', 'a😀b']
    const samples = [...seeds, ...odd, ...seeds.flatMap((seed) => odd.map((o) => seed + o))]
    for (const pattern of new Set(patterns)) {
      expect(pattern).toMatch(/^[ -~]*$/)
      const withU = new RegExp(pattern, 'u')
      const without = new RegExp(pattern)
      for (const sample of samples)
        expect(without.test(sample), `${pattern} on ${sample}`).toBe(withU.test(sample))
      fc.assert(
        fc.property(fc.string({ unit: 'binary', maxLength: 6 }), (sample) => {
          expect(without.test(sample)).toBe(withU.test(sample))
        }),
        { numRuns: 300 },
      )
    }
  })

  it('names a draft-07 schema and a title in every file', () => {
    for (const [name, schema] of Object.entries(jsonSchemaFiles())) {
      expect(schema.$schema, name).toBe('http://json-schema.org/draft-07/schema#')
      expect(typeof schema.title).toBe('string')
    }
  })
})
