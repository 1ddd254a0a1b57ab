/**
 * The document schemas as JSON Schema files, for editors to validate catalogue documents as
 * they are typed: one per document type, `document.json` (any one document, chosen by its
 * `type`) and `catalogue.json` (an array of documents). The build writes them to the package's
 * `schemas/` folder (`@archive-catalogue/core/schemas/*.json`).
 */
import { DOCUMENT_TYPES, schemas } from './documents.js'
import { ruleOf } from './problem-messages.js'

const DRAFT = 'http://json-schema.org/draft-07/schema#'

/** File name → JSON Schema, ready to be written. */
export function jsonSchemaFiles(): Record<string, Record<string, unknown>> {
  const plain = (schema: unknown) => described(schema) as Record<string, unknown>
  const files: Record<string, Record<string, unknown>> = {}
  for (const type of DOCUMENT_TYPES) {
    files[`${type}.json`] = {
      $schema: DRAFT,
      title: `A catalogue document of type ${type}`,
      ...plain(schemas[type]),
    }
  }
  const byType = DOCUMENT_TYPES.map((type) => ({
    if: { properties: { type: { const: type } }, required: ['type'] },
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then, never awaited.
    then: { $ref: `${type}.json` },
  }))
  files['document.json'] = {
    $schema: DRAFT,
    title: 'A catalogue document of any type',
    type: 'object',
    required: ['type'],
    properties: { type: { enum: [...DOCUMENT_TYPES] } },
    allOf: byType,
  }
  files['catalogue.json'] = {
    $schema: DRAFT,
    title: 'A catalogue: an array of documents',
    type: 'array',
    items: { $ref: 'document.json' },
  }
  return files
}

/**
 * A schema as plain JSON, each field whose form has a rule of its own (a date, a uri, a language
 * code …) described in the words `validate` uses, which editors show on hover.
 */
function described(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(described)
  if (typeof schema !== 'object' || schema === null) return schema
  const copy: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(schema)) copy[key] = described(value)
  const rule = ruleOf(schema)
  if (rule !== undefined) copy.description = rule.charAt(0).toUpperCase() + rule.slice(1)
  return copy
}
