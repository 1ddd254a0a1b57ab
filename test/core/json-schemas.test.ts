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

  it('names a draft-07 schema and a title in every file', () => {
    for (const [name, schema] of Object.entries(jsonSchemaFiles())) {
      expect(schema.$schema, name).toBe('http://json-schema.org/draft-07/schema#')
      expect(typeof schema.title).toBe('string')
    }
  })
})
