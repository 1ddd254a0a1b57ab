import { readFileSync } from 'node:fs'
import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import type {
  CatalogueDate,
  CatalogueDocument,
  CatalogueObject,
  Collection,
} from '../packages/core/src/documents/documents.js'
import { validateDocument } from '../packages/core/src/documents/validate.js'
import { catalogueMix, generateCatalogue } from '../scripts/sample/catalogue.js'
import { writeCatalogue } from '../scripts/sample/write.js'

/** The command data/README.md documents: `--count 2000 --seed 1`. */
const SAMPLE = { count: 2000, seed: 1 }

/** A stream that keeps what it is given; slow and with a small buffer, to exercise `drain`. */
class Collector extends Writable {
  text = ''
  constructor() {
    super({ highWaterMark: 1024, decodeStrings: false })
  }
  override _write(chunk: string, _encoding: string, done: () => void): void {
    this.text += chunk
    setImmediate(done)
  }
}

async function ndjson(count: number, seed: number): Promise<string> {
  const collector = new Collector()
  await writeCatalogue({ count, seed }, collector)
  return collector.text
}

type Archival = Collection | CatalogueObject

const sample = [...generateCatalogue(SAMPLE)]
const byUri = new Map(sample.map((doc) => [doc.uri, doc]))
const archival = sample.filter(
  (doc): doc is Archival => doc.type !== 'agent' && doc.type !== 'term',
)
const collections = sample.filter((doc): doc is Collection => doc.type === 'collection')

/** The collection a hierarchy identifier names: collections' parents are bare ids. */
function collectionAt(identifier: string | null | undefined): Collection | undefined {
  if (!identifier) return undefined
  const uri = identifier.startsWith('/collections/') ? identifier : `/collections/${identifier}`
  const doc = byUri.get(uri)
  return doc?.type === 'collection' ? doc : undefined
}

/** The first and last year of a description's dates, null when undated. */
function years(dates: readonly CatalogueDate[]): [number, number] | null {
  const begins = dates.flatMap((date) => (date.begin ? [Number(date.begin.slice(0, 4))] : []))
  const ends = dates.flatMap((date) => [date.end ?? date.begin].filter((d) => d != null))
  if (begins.length === 0) return null
  return [Math.min(...begins), Math.max(...ends.map((end) => Number(end?.slice(0, 4))))]
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

describe('generateCatalogue', () => {
  it('makes exactly `count` documents in the mix the options ask for', () => {
    const mix = catalogueMix(SAMPLE.count)
    const count = (type: CatalogueDocument['type']) => sample.filter((d) => d.type === type).length
    expect(sample).toHaveLength(SAMPLE.count)
    expect(count('agent')).toBe(mix.agents)
    expect(count('term')).toBe(mix.terms)
    expect(collections.filter((c) => c.parent === null)).toHaveLength(mix.topLevel)
    expect(count('collection') / SAMPLE.count).toBeGreaterThan(0.07)
    expect(count('object') / SAMPLE.count).toBeGreaterThan(0.75)
  })

  it('lists agents, then terms, then each collection followed by its descendants', () => {
    const order = sample.map((doc) => doc.type)
    const before = order.slice(0, order.indexOf('collection'))
    expect(before.every((type) => type === 'agent' || type === 'term')).toBe(true)
    expect(order.lastIndexOf('agent')).toBeLessThan(order.indexOf('term'))
    const seen = new Set<string>()
    for (const doc of archival) {
      if (doc.ancestors?.length) {
        expect(seen.has(`/collections/${doc.ancestors[0]?.identifier}`)).toBe(true)
      }
      seen.add(doc.uri)
    }
  })

  it('rejects a count below the minimum', () => {
    expect(() => catalogueMix(3)).toThrow(RangeError)
  })

  it('makes only documents that pass validateDocument', () => {
    const failures = sample.flatMap((doc) => {
      const problems = validateDocument(doc)
      return problems.length > 0 ? [{ uri: doc.uri, problems }] : []
    })
    expect(failures).toEqual([])
  })

  it('gives every document a unique uri with a 22-character alphanumeric id', () => {
    expect(byUri.size).toBe(sample.length)
    for (const doc of sample)
      expect(doc.uri).toMatch(/^\/(agent|collection|object|term)s\/[A-Za-z0-9]{22}$/)
  })

  it('points parents, ancestors, children and groups at generated collections', () => {
    for (const doc of archival) {
      const top = collectionAt(doc.group.identifier)
      expect(top?.parent, doc.uri).toBeNull()
      expect(doc.group.title).toBe(top?.title)
      expect(doc.group.creators).toEqual(top?.creators)
      expect(doc.group.dates).toEqual(top?.dates)
      const ancestors = doc.ancestors ?? []
      for (const ancestor of ancestors)
        expect(collectionAt(ancestor.identifier), doc.uri).toBeDefined()
      if (doc.type === 'collection' && doc.parent === null) {
        expect(ancestors).toEqual([])
        expect(doc.group.identifier).toBe(doc.uri)
        continue
      }
      // Nearest first: the parent, ..., the top-level collection.
      const parent = collectionAt(doc.parent)
      expect(parent, doc.uri).toBeDefined()
      expect(`/collections/${ancestors[0]?.identifier}`).toBe(parent?.uri)
      expect(`/collections/${ancestors.at(-1)?.identifier}`).toBe(doc.group.identifier)
      const siblings = parent?.children ?? []
      expect(siblings[doc.position]?.identifier, doc.uri).toBe(doc.uri.split('/')[2])
    }
    for (const collection of collections) {
      collection.children?.forEach((child, index) => {
        const type = child.type === 'object' ? 'objects' : 'collections'
        expect(byUri.get(`/${type}/${child.identifier}`)?.type).toBe(child.type)
        expect(child.order).toBe(index)
      })
    }
  })

  it('refers only to generated agents and terms; agents and terms are their own group', () => {
    for (const doc of archival) {
      const agents = [
        ...(doc.type === 'collection' ? doc.creators : []),
        ...(doc.people ?? []),
        ...(doc.organizations ?? []),
        ...(doc.families ?? []),
      ]
      for (const agent of agents)
        expect(byUri.get(`/agents/${agent.identifier}`)?.type).toBe('agent')
      for (const term of doc.terms ?? [])
        expect(byUri.get(`/terms/${term.identifier}`)?.type).toBe('term')
    }
    for (const doc of sample) {
      if (doc.type === 'agent' || doc.type === 'term') expect(doc.group.identifier).toBe(doc.uri)
    }
  })

  it("keeps children's dates within their parent's dates", () => {
    for (const doc of archival) {
      const own = years(doc.dates)
      const parent = years(collectionAt(doc.parent)?.dates ?? [])
      if (!own || !parent) continue
      expect(own[0], doc.uri).toBeGreaterThanOrEqual(parent[0])
      expect(own[1], doc.uri).toBeLessThanOrEqual(parent[1])
    }
  })
})

describe('writeCatalogue', () => {
  it('writes the same bytes for the same seed', async () => {
    const first = await ndjson(400, 7)
    expect(await ndjson(400, 7)).toBe(first)
    expect(first.split('\n')).toHaveLength(401)
  })

  it('writes a different catalogue for a different seed', async () => {
    expect(await ndjson(400, 8)).not.toBe(await ndjson(400, 7))
  })

  it('reports what it wrote', async () => {
    const collector = new Collector()
    const summary = await writeCatalogue({ count: 200, seed: 3 }, collector)
    expect(summary.documents).toBe(200)
    expect(Object.values(summary.byType).reduce((a, b) => a + b, 0)).toBe(200)
    expect(summary.bytes).toBe(Buffer.byteLength(collector.text))
  })

  // If this fails, regenerate the sample with the command in data/README.md.
  it('produced the committed data/sample.ndjson', () => {
    const committed = readFileSync(new URL('../data/sample.ndjson', import.meta.url), 'utf8')
    const expected = sample.map((doc) => `${JSON.stringify(doc)}\n`).join('')
    // Compare sizes first: a failing comparison of two 5 MB strings prints unreadably.
    expect(committed.length).toBe(expected.length)
    expect(committed === expected).toBe(true)
  })
})

describe('the spread of the sample', () => {
  it('has a long tail of creators: the most prolific creates far more than the median', () => {
    const counts = new Map<string, number>()
    for (const collection of collections) {
      for (const creator of collection.creators) {
        const id = creator.identifier ?? ''
        counts.set(id, (counts.get(id) ?? 0) + 1)
      }
    }
    const values = [...counts.values()]
    expect(Math.max(...values)).toBeGreaterThanOrEqual(10 * median(values))
  })

  it('has common subjects and a long tail of rare ones', () => {
    const counts = new Map<string, number>()
    for (const doc of archival) {
      for (const term of doc.terms ?? [])
        counts.set(term.title ?? '', (counts.get(term.title ?? '') ?? 0) + 1)
    }
    const values = [...counts.values()]
    expect(Math.max(...values)).toBeGreaterThanOrEqual(10 * median(values))
  })

  it('is mostly documents, with audio rare', () => {
    const formats = new Map<string, number>()
    for (const doc of archival)
      for (const f of doc.formats) formats.set(f, (formats.get(f) ?? 0) + 1)
    const documents = formats.get('documents') ?? 0
    for (const format of ['photographs', 'moving image', 'audio']) {
      expect(formats.get(format) ?? 0).toBeLessThan(documents / 2)
    }
    expect(formats.get('audio') ?? 0).toBeLessThan(documents / 10)
  })

  it('has 2% to 10% of its collections and objects online, with files on online objects', () => {
    const share = archival.filter((doc) => doc.online).length / archival.length
    expect(share).toBeGreaterThan(0.02)
    expect(share).toBeLessThan(0.1)
    for (const doc of archival) {
      if (doc.type === 'object' && doc.online) expect(doc.files?.length).toBeGreaterThan(0)
    }
  })

  it('has some undated descriptions, some full dates and some accented words', () => {
    const undated = archival.filter((doc) => doc.dates[0]?.expression === 'undated')
    expect(undated.length).toBeGreaterThan(10)
    expect(undated[0]?.dates[0]).toMatchObject({ begin: null, end: null, label: 'creation' })
    expect(archival.some((doc) => doc.dates[0]?.begin?.length === 10)).toBe(true)
    const text = JSON.stringify(sample)
    for (const word of ['México', 'Bogotá', 'São Paulo', 'Zürich', '<emph render=\\"italic\\">']) {
      expect(text).toContain(word)
    }
  })
})
