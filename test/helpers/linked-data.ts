/**
 * A page's schema.org data read as others read it: its `<script type="application/ld+json">`
 * elements parsed, and expanded by `jsonld` (npm; Digital Bazaar's processor, the reference
 * JSON-LD 1.1 implementation) offline: the document loader gives schema.org's context
 * (`test/fixtures/schemaorg/`, see its README) for every schema.org context URL and refuses any
 * other, so an expansion fails for a context the page should not name.
 */
import { readFileSync } from 'node:fs'
import jsonld from 'jsonld'

const CONTEXT = JSON.parse(
  readFileSync(new URL('../fixtures/schemaorg/schemaorgcontext.jsonld', import.meta.url), 'utf8'),
) as object
const SCHEMA_ORG = /^https?:\/\/schema\.org\/?$/

async function documentLoader(url: string) {
  if (!SCHEMA_ORG.test(url)) throw new Error(`no remote context but schema.org's: ${url}`)
  return { contextUrl: undefined, documentUrl: url, document: CONTEXT }
}

/** The JSON of each JSON-LD element of an HTML page, parsed. */
export function linkedDataOf(page: string): Record<string, unknown>[] {
  const found = page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)
  return [...found].map((match) => JSON.parse(match[1]!) as Record<string, unknown>)
}

/** A JSON-LD document expanded (throws where a processor would). */
export function expanded(data: object): Promise<Record<string, unknown>[]> {
  // Safe mode: a property or type the context cannot map, or a relative IRI, is an error rather
  // than silently dropped. (The typings are of jsonld 1.5; the call is the same.)
  const options = { documentLoader, safe: true }
  return jsonld.expand(data as jsonld.JsonLdDocument, options as never) as unknown as Promise<
    Record<string, unknown>[]
  >
}

/** Every `@type` in an expanded document, at any depth (full IRIs). */
export function typesIn(value: unknown, types = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) typesIn(item, types)
  else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '@type') for (const type of [inner].flat()) types.add(String(type))
      else typesIn(inner, types)
    }
  }
  return types
}
