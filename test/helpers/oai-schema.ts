/**
 * Many OAI-PMH responses checked against the schema in one run of the validator: what
 * `schemaErrors(xml, 'oai-pmh')` (test/helpers/xml-schemas.ts) says of each, the same schema and
 * files, at the cost of one (a run compiles EAD3's schema, about a second: a table of forty
 * answers would take forty).
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { validateXML } from 'xmllint-wasm'
import { SCHEMAS } from './xml-schemas.js'

const XSD = fileURLToPath(new URL('../fixtures/xsd/', import.meta.url))
const file = (fileName: string) => ({ fileName, contents: readFileSync(XSD + fileName, 'utf8') })

/** OAI-PMH.xsd with the schemas of the records' formats: oai_dc, EAD 2002, EAD3. */
const { schema: SCHEMA, imports: IMPORTS } = SCHEMAS['oai-pmh']

/** The schema's complaints about each response, in order: empty for a valid one. */
export async function oaiSchemaErrors(responses: readonly string[]): Promise<string[][]> {
  if (responses.length === 0) return []
  const names = responses.map((_, i) => `response-${i}.xml`)
  const result = await validateXML({
    xml: responses.map((contents, i) => ({ fileName: names[i]!, contents })),
    schema: [file(SCHEMA)],
    preload: IMPORTS.map(file),
  })
  const errors = names.map((): string[] => [])
  for (const error of result.errors) {
    const at = names.indexOf(error.loc?.fileName ?? '')
    // An error the validator cannot place counts against every response: none passes unseen.
    for (const [i, list] of errors.entries()) if (at === -1 || at === i) list.push(error.rawMessage)
  }
  return errors
}
