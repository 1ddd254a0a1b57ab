/**
 * Many OAI-PMH responses checked against the schema in one run of the validator: what
 * `schemaErrors(xml, 'oai-pmh')` (test/helpers/xml-schemas.ts) says of each, the same schema and
 * files, at the cost of one (a run compiles EAD3's schema, about a second: a table of forty
 * answers would take forty).
 */
import { schemaErrorsOfEach } from './xml-schemas.js'

/** The schema's complaints about each response, in order: empty for a valid one. */
export async function oaiSchemaErrors(responses: readonly string[]): Promise<string[][]> {
  if (responses.length === 0) return []
  const byName = await schemaErrorsOfEach(
    new Map(responses.map((response, i) => [`response ${i}`, response])),
    'oai-pmh',
  )
  return [...byName.values()]
}
