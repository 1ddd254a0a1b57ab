import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type Catalogue,
  loadCatalogue,
  loadSnapshot,
  NotFoundError,
  saveSnapshot,
} from '../../packages/core/src/index.js'
import { corpusCases } from '../cases/corpus-cases.js'
import { badParameter, called } from '../cases/on-backend.js'
import { runCases } from '../cases/run-cases.js'
import { RAC } from '../helpers/corpus.js'

let catalogue: Catalogue

beforeAll(async () => {
  catalogue = (await loadCatalogue(RAC)).catalogue
})

function run(endpoint: 'search' | 'facets' | 'collections', query: string) {
  const params = new URLSearchParams(query)
  return endpoint === 'facets' ? catalogue.facets(params) : catalogue[endpoint](params)
}

describe('Catalogue', () => {
  runCases({
    request: ({ endpoint, query }) => `${endpoint}?${query}`,
    answer: ({ endpoint, query }) => called(() => run(endpoint, query)),
    refusal: badParameter,
    // Skips nothing: the in-memory catalogue answers every request of the table.
    skip: [],
  })

  describe('search', () => {
    it('gives hit counts per group only when there is a query', () => {
      const withQuery = catalogue.search({ query: 'audio' })
      expect(withQuery.results[0]).toMatchObject({ uri: '/collections/gfvm2HihpLwCTnKgpDtdhR' })
      expect(withQuery.results[0]!.hit_count).toBeGreaterThan(1)
      expect(withQuery.results[0]!.online_hit_count).toBe(0)
      const without = catalogue.search({ type: 'collection' })
      expect(without.results.every((result) => result.hit_count === null)).toBe(true)
    })

    it('never returns terms, but facets count them', () => {
      const search = catalogue.search({ query: 'developing countries' })
      expect(search.results.every((result) => !result.uri.startsWith('/terms/'))).toBe(true)
      expect(catalogue.facets({ query: 'developing countries', type: 'term' })).toMatchObject({
        min_date: { value: null },
      })
    })

    it('keeps result keys in the order of the reference service', () => {
      const result = catalogue
        .search({ query: 'reich' })
        .results.find((found) => found.uri === '/collections/gfvm2HihpLwCTnKgpDtdhR')
      expect(Object.keys(result!)).toEqual([
        'category',
        'dates',
        'hit_count',
        'online_hit_count',
        'title',
        'uri',
        'creators',
      ])
      expect(Object.keys(result!.dates[0]!)).toEqual([
        'end',
        'type',
        'begin',
        'label',
        'source',
        'expression',
      ])
    })

    it('builds absolute links that keep every parameter, sorted', () => {
      const page = catalogue.search(
        { query: 'rockefeller', category: '', limit: 5, offset: 5 },
        { baseUrl: 'https://example.org/api/' },
      )
      expect(page.next).toBe(
        'https://example.org/api/search?category=&limit=5&offset=10&query=rockefeller',
      )
      expect(page.previous).toBe(
        'https://example.org/api/search?category=&limit=5&query=rockefeller',
      )
    })

    it('clamps a limit over the maximum', () => {
      expect(catalogue.search({ limit: 10_000 }).results).toHaveLength(92)
      expect(catalogue.parse('search', { limit: 10_000 }).limit).toBe(500)
    })

    it('names, of two mistakes, a filter value before the page', () => {
      expect(() => catalogue.parse('search', { online: 'maybe', offset: '10000' })).toThrow(
        "parameter 'online'",
      )
    })

    it('clamps a limit of any number of digits, and names an offset past exact integers', () => {
      expect(catalogue.parse('children', { limit: '99999999999999999999' }).limit).toBe(500)
      expect(catalogue.parse('search', { limit: '9007199254740993' }).limit).toBe(500)
      expect(() => catalogue.parse('children', { offset: '99999999999999999999' })).toThrow(
        "Invalid value '99999999999999999999' for parameter 'offset': must be at most 9007199254740991",
      )
    })
  })

  describe('full text', () => {
    const groups = (query: string) => catalogue.search({ query }).count
    const collections = (query: string) =>
      catalogue.collections({ query }).results.map((r) => r.title)

    it('stems: tape finds Tapes, first because it is in the title', () => {
      expect(collections('tape')[0]).toBe('Original Audio Tapes')
      expect(collections('tape')).toEqual(collections('tapes'))
    })

    it('folds case and accents', () => {
      expect(collections('ÓRIGINAL')).toEqual(collections('original'))
      expect(collections('ÓRIGINAL')).toContain('Original Audio Tapes')
    })

    it('ignores stop words', () => {
      expect(collections('the original audio tapes')).toEqual(collections('original audio tapes'))
    })

    it('requires every word', () => {
      const both = collections('original congressional')
      expect(both.length).toBeLessThan(collections('original').length)
      for (const title of both) {
        expect(collections('original')).toContain(title)
        expect(collections('congressional')).toContain(title)
      }
    })

    it('matches an exact phrase only in sequence', () => {
      expect(collections('"audio tapes"')).toContain('Original Audio Tapes')
      expect(collections('"tapes audio"')).toEqual([])
    })

    it('excludes a word', () => {
      expect(collections('audio')).toContain('Original Audio Tapes')
      expect(collections('audio -tapes')).not.toContain('Original Audio Tapes')
      expect(collections('audio -tapes').length).toBeGreaterThan(0)
    })

    it('takes either side of |', () => {
      const either = new Set([...collections('congressional'), ...collections('tapes')])
      expect(new Set(collections('congressional | tapes'))).toEqual(either)
      expect(either.size).toBeGreaterThan(collections('congressional').length)
    })

    it('matches a prefix, also past the stem', () => {
      expect(collections('congress*')).toContain('Congressional Quarterly')
      expect(groups('rockefel*')).toBe(groups('rockefeller'))
    })

    it('degrades malformed syntax to the plain words', () => {
      expect(collections('"audio tapes')).toEqual(collections('audio tapes'))
      expect(collections('audio | ')).toContain('Original Audio Tapes')
    })

    it('ranks the title above the notes', () => {
      const [first] = catalogue.collections({ query: 'rockefeller' }).results
      expect(first!.title).toMatch(/Rockefeller/)
    })
  })

  describe('collection', () => {
    it('gives the detail in the key order of the reference service', () => {
      const detail = catalogue.collection('kqx4Z5uJzTUF2RhdKbF8bB')
      expect(Object.keys(detail)).toEqual([
        'uri',
        'title',
        'type',
        'category',
        'offset',
        'group',
        'external_identifiers',
        'level',
        'parent',
        'languages',
        'description',
        'extents',
        'formats',
        'online',
        'dates',
        'notes',
        'rights_statements',
        'agents',
        'creators',
        'terms',
      ])
      expect(detail).toMatchObject({ offset: 0, parent: 'gfvm2HihpLwCTnKgpDtdhR', level: 'series' })
    })

    it('gives a null offset to a top-level collection', () => {
      expect(catalogue.collection('ntnzqFH9UU4BDwiYxgjaUN').offset).toBeNull()
    })

    it('throws NotFoundError for an unknown id', () => {
      expect(() => catalogue.collection('nope')).toThrow(NotFoundError)
    })
  })

  describe('snapshot', () => {
    // Each test's snapshot in a folder of its own, removed after the tests.
    const folders: string[] = []
    const snapshotFile = () => {
      folders.push(mkdtempSync(join(tmpdir(), 'catalogue-snapshot-')))
      return join(folders.at(-1)!, 'rac.snapshot')
    }
    afterAll(() => {
      for (const folder of folders) rmSync(folder, { recursive: true, force: true })
    })

    it('restores a catalogue that answers every request identically', async () => {
      const file = snapshotFile()
      await saveSnapshot(catalogue, file)
      const { catalogue: restored } = await loadCatalogue(file)
      expect(restored.version).toBe(catalogue.version)
      for (const { endpoint, query, error } of corpusCases) {
        if (error) continue
        const params = new URLSearchParams(query)
        const again = endpoint === 'facets' ? restored.facets(params) : restored[endpoint](params)
        expect(again).toEqual(run(endpoint, query))
      }
      expect(restored.collection('kqx4Z5uJzTUF2RhdKbF8bB')).toEqual(
        catalogue.collection('kqx4Z5uJzTUF2RhdKbF8bB'),
      )
      expect(restored.search({ query: '"audio tapes"' })).toEqual(
        catalogue.search({ query: '"audio tapes"' }),
      )
    })

    it('restores every stored part as it was built', async () => {
      const file = snapshotFile()
      await saveSnapshot(catalogue, file)
      const restored = await loadSnapshot(file)
      const { stored } = catalogue.data
      expect(Object.keys(restored.data.stored).sort()).toEqual(Object.keys(stored).sort())
      for (const [name, part] of Object.entries(stored)) {
        expect(restored.data.stored[name as keyof typeof stored], name).toEqual(part)
      }
    })

    it('keeps the citation options it was saved with; those given to the load win field by field', async () => {
      const citation = {
        repositoryName: 'Example Archive',
        publicUrl: 'https://archive.example.org',
        separator: ' | ',
      }
      const { catalogue: cited } = await loadCatalogue(RAC, { citation })
      const file = snapshotFile()
      await saveSnapshot(cited, file)
      const id = 'ntnzqFH9UU4BDwiYxgjaUN'
      const answer = (await loadCatalogue(file)).catalogue.citation('collection', id)
      expect(answer).toBe(cited.citation('collection', id))
      expect(answer).toMatch(
        / \| Example Archive \| https:\/\/archive\.example\.org\/collections\/ntnzqFH9UU4BDwiYxgjaUN$/,
      )
      const renamed = await loadCatalogue(file, { citation: { repositoryName: 'Other Archive' } })
      expect(renamed.catalogue.citation('collection', id)).toBe(
        answer.replace('Example Archive', 'Other Archive'),
      )
    })

    // A record's name is the path its value is placed at: a crafted name must not reach
    // `Object.prototype` (`root.__proto__`, `root.constructor.prototype`) nor add a part.
    it.each(['__proto__.x', 'constructor.prototype.x', 'foo'])(
      'refuses a record named %s, naming the file and the record, and places nothing',
      async (name) => {
        const file = snapshotFile()
        await saveSnapshot(catalogue, file)
        const bytes = readFileSync(file)
        const { magic, records } = snapshotRecords(bytes)
        expect(snapshotBytes(magic, records).equals(bytes)).toBe(true)
        const crafted = records.map((record) =>
          record.name === 'version' ? { ...record, name } : record,
        )
        writeFileSync(file, snapshotBytes(magic, crafted))
        try {
          await expect(loadCatalogue(file)).rejects.toMatchObject({
            code: 'E_BAD_SNAPSHOT',
            message: `${file} is not a usable snapshot: unknown record '${name}'`,
          })
          expect(({} as Record<string, unknown>)['x']).toBeUndefined()
        } finally {
          delete (Object.prototype as Record<string, unknown>)['x']
        }
      },
    )

    it('refuses a record of the wrong kind, or a snapshot without one of the parts', async () => {
      const file = snapshotFile()
      await saveSnapshot(catalogue, file)
      const { magic, records } = snapshotRecords(readFileSync(file))
      // `size` as a byte array rather than JSON (the kind is the first byte after the name).
      const size = records.find((record) => record.name === 'size')!
      const retyped = Buffer.from(size.rest)
      retyped.writeUInt8(6, 0)
      writeFileSync(
        file,
        snapshotBytes(
          magic,
          records.map((record) => (record === size ? { ...record, rest: retyped } : record)),
        ),
      )
      await expect(loadCatalogue(file)).rejects.toThrow(
        `${file} is not a usable snapshot: the record 'size' holds the wrong kind of value`,
      )
      const without = records.filter((record) => record.name !== 'keys.titleRank')
      writeFileSync(file, snapshotBytes(magic, without))
      await expect(loadCatalogue(file)).rejects.toThrow(
        `${file} is not a usable snapshot: the record 'keys.titleRank' is missing`,
      )
    })

    it('refuses a snapshot of another format, or cut short, saying so', async () => {
      const file = snapshotFile()
      await saveSnapshot(catalogue, file)
      const bytes = readFileSync(file)
      // 8: the last format whose documents were not compressed.
      for (const version of [4, 8]) {
        const older = Buffer.from(bytes)
        older.write(`archive-catalogue snapshot ${version}\n`, 0, 'latin1')
        writeFileSync(file, older)
        await expect(loadCatalogue(file)).rejects.toThrow(
          `${file} is not a usable snapshot: written by another version (archive-catalogue snapshot ${version}); index the catalogue again`,
        )
      }
      writeFileSync(file, bytes.subarray(0, bytes.length - 1000))
      await expect(loadCatalogue(file)).rejects.toThrow(
        `${file} is not a usable snapshot: the file is truncated`,
      )
    })
  })
})

/** A snapshot record as it lies in the file: its name, then its kind, length, payload, padding. */
interface SnapshotRecord {
  name: string
  rest: Buffer
}

/**
 * The records of a snapshot file (see `catalogue-data/snapshot-file.ts`): after the format line, each is a u32
 * name length, the name, a u8 kind, a u64 payload length (two u32, low first), the payload and
 * padding to 8 bytes.
 */
function snapshotRecords(bytes: Buffer): { magic: Buffer; records: SnapshotRecord[] } {
  let position = bytes.indexOf(0x0a) + 1
  const magic = bytes.subarray(0, position)
  const records: SnapshotRecord[] = []
  while (position < bytes.length) {
    const nameLength = bytes.readUInt32LE(position)
    const name = bytes.toString('utf8', position + 4, position + 4 + nameLength)
    const head = position + 4 + nameLength
    const length = bytes.readUInt32LE(head + 1) + bytes.readUInt32LE(head + 5) * 2 ** 32
    const end = head + 9 + length + ((8 - (length % 8)) % 8)
    records.push({ name, rest: bytes.subarray(head, end) })
    position = end
  }
  return { magic, records }
}

/** A snapshot file of these records. */
function snapshotBytes(magic: Buffer, records: SnapshotRecord[]): Buffer {
  return Buffer.concat([
    magic,
    ...records.flatMap(({ name, rest }) => {
      const nameBytes = Buffer.from(name)
      const nameLength = Buffer.alloc(4)
      nameLength.writeUInt32LE(nameBytes.length, 0)
      return [nameLength, nameBytes, rest]
    }),
  ])
}
