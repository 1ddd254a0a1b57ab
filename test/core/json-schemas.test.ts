/**
 * The JSON Schema files published for editors (`@archive-catalogue/core/schemas/*.json`): a
 * plain draft-07 validator, given only those files, accepts the real and sample documents and
 * refuses the invalid ones, as `validate` does.
 */
import { readFileSync } from 'node:fs'
import { Ajv } from 'ajv'
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

  it('writes every pattern in ASCII, which matches alike without the u flag (validate runs them so)', () => {
    const patterns = [
      ...JSON.stringify(jsonSchemaFiles()).matchAll(/"pattern":("(?:[^"\\]|\\.)*")/g),
    ]
    expect(patterns.length).toBeGreaterThan(3)
    for (const [, written] of patterns) {
      const pattern = JSON.parse(written!) as string
      expect(pattern).toMatch(/^[ -~]*$/)
      // No class of code points, no character beyond ASCII, no `.` (any code point, or unit).
      expect(pattern).not.toMatch(/\\[pPu]\{|\\u[0-9a-fA-F]{4}|(?:^|[^\\])\./)
    }
  })

  it('names a draft-07 schema and a title in every file', () => {
    for (const [name, schema] of Object.entries(jsonSchemaFiles())) {
      expect(schema.$schema, name).toBe('http://json-schema.org/draft-07/schema#')
      expect(typeof schema.title).toBe('string')
    }
  })
})
