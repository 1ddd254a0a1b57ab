/**
 * XSD validation against the official schemas in `test/fixtures/xsd/` (copied from
 * /work/shared/corpus/xsd: see test/fixtures/README.md) with xmllint-wasm: libxml2's own
 * validator compiled to WebAssembly, so it runs offline with nothing to build, and loads a
 * schema's imports (`xlink.xsd` of EAD 2002, `simpledc20021212.xsd` and `xml.xsd` of `oai_dc`)
 * from the files given beside it.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { validateXML } from 'xmllint-wasm'

const XSD = fileURLToPath(new URL('../fixtures/xsd/', import.meta.url))
const file = (fileName: string) => ({ fileName, contents: readFileSync(XSD + fileName, 'utf8') })

/** The schema of each kind of document, and the files it imports. */
export const SCHEMAS = {
  ead3: { schema: 'ead3.xsd', imports: [] },
  ead2002: { schema: 'ead.xsd', imports: ['xlink.xsd'] },
  /** A response, its records' metadata checked too (oai_dc, EAD 2002, EAD3). */
  'oai-pmh': {
    schema: 'oai-pmh-with-formats.xsd',
    imports: [
      'OAI-PMH.xsd',
      'oai_dc.xsd',
      'simpledc20021212.xsd',
      'xml.xsd',
      'ead.xsd',
      'xlink.xsd',
      'ead3.xsd',
    ],
  },
  oai_dc: { schema: 'oai_dc.xsd', imports: ['simpledc20021212.xsd', 'xml.xsd'] },
  /** A sitemap file and a sitemap index (sitemaps.org 0.9). */
  sitemap: { schema: 'sitemap.xsd', imports: [] },
  siteindex: { schema: 'siteindex.xsd', imports: [] },
} as const

export type SchemaKind = keyof typeof SCHEMAS

/** The schema's complaints about a document: empty when it is valid. */
export async function schemaErrors(xml: string, kind: SchemaKind): Promise<string[]> {
  const { schema, imports } = SCHEMAS[kind]
  const result = await validateXML({
    xml: [{ fileName: 'document.xml', contents: xml }],
    schema: [file(schema)],
    preload: imports.map(file),
  })
  return result.errors.map((error) => error.rawMessage)
}

/**
 * The schema's complaints about each of several documents (by the name given), in one run of
 * the validator: a run compiles the schema, about 2 s of a core for EAD, which a run per
 * document pays again each time.
 */
export async function schemaErrorsOfEach(
  documents: ReadonlyMap<string, string>,
  kind: SchemaKind,
): Promise<Map<string, string[]>> {
  const { schema, imports } = SCHEMAS[kind]
  const names = [...documents.keys()]
  const fileName = (index: number) => `document-${index}.xml`
  const result = await validateXML({
    xml: names.map((name, index) => ({
      fileName: fileName(index),
      contents: documents.get(name)!,
    })),
    schema: [file(schema)],
    preload: imports.map(file),
  })
  const errors = new Map(names.map((name) => [name, [] as string[]]))
  for (const { rawMessage, loc } of result.errors) {
    // Placed by the validator, else by the file its message begins with ("… fails to
    // validate"); one that names none counts against every document: none passes unseen.
    const index = /^document-(\d+)\.xml\b/.exec(loc?.fileName ?? rawMessage)?.[1]
    const name = index === undefined ? undefined : names[Number(index)]
    for (const each of name === undefined ? names : [name]) errors.get(each)!.push(rawMessage)
  }
  return errors
}
