/**
 * The byte layouts the catalogue keeps its data in: documents as UTF-8 with their shared parts
 * stored once, strings in one buffer, and variable-length integers. Each must give back
 * exactly what went in, for any input.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DocumentStoreBuilder } from '../../packages/core/src/document-store/document-store.js'
import { DocumentStoreInWorker } from '../../packages/core/src/document-store/document-store-in-worker.js'
import { SharedParts } from '../../packages/core/src/document-store/shared-parts.js'
import type { CatalogueDocument } from '../../packages/core/src/index.js'
import { ByteStrings, ByteStringsBuilder } from '../../packages/core/src/util/byte-strings.js'
import { GrowableArray } from '../../packages/core/src/util/growable-array.js'
import { readVarint, writeVarint } from '../../packages/core/src/util/varint.js'
import { corpusDocuments } from '../helpers/corpus.js'

/** A document-like object: shared fields (group, ancestors, terms…) among arbitrary others. */
const documentLike = fc.record(
  {
    uri: fc.string(),
    title: fc.string({ unit: 'binary' }),
    group: fc.jsonValue(),
    ancestors: fc.array(fc.jsonValue(), { maxLength: 4 }),
    terms: fc.array(fc.jsonValue(), { maxLength: 4 }),
    notes: fc.jsonValue(),
    extra: fc.dictionary(fc.string(), fc.jsonValue()),
  },
  { requiredKeys: ['uri'] },
)

describe('the document store', () => {
  it('gives back every document as it went in, for any documents', () => {
    fc.assert(
      fc.property(fc.array(documentLike, { minLength: 1, maxLength: 20 }), (documents) => {
        const builder = new DocumentStoreBuilder()
        for (const document of documents) builder.add(document as unknown as CatalogueDocument)
        const { store } = builder.build()
        expect(store.size).toBe(documents.length)
        documents.forEach((document, index) => {
          expect(JSON.parse(store.text(index))).toEqual(JSON.parse(JSON.stringify(document)))
        })
      }),
    )
  })

  it('stores a part that many documents share once, and the real corpus exactly', () => {
    const documents = ['agent', 'collection', 'object', 'term'].flatMap(corpusDocuments)
    const builder = new DocumentStoreBuilder()
    for (const document of documents) builder.add(document as CatalogueDocument)
    const { store } = builder.build()
    documents.forEach((document, index) => {
      expect(JSON.parse(store.text(index))).toEqual(document)
    })
    const { documentBytes, sharedBytes } = store.parts
    const whole = documents.reduce((sum, d) => sum + Buffer.byteLength(JSON.stringify(d)), 0)
    expect(documentBytes.length + sharedBytes.length).toBeLessThan(whole)
  })
})

describe('the worker that stores documents during a load', () => {
  it('has its script beside the loader, so loads use both cores', () => {
    expect(DocumentStoreInWorker.available()).toBe(true)
  })

  it('stores what it is sent, in order, and hands the arrays back', async () => {
    const documents = ['agent', 'collection', 'object', 'term'].flatMap(corpusDocuments)
    const stored = new DocumentStoreInWorker()
    for (const document of documents) stored.add(JSON.stringify(document))
    const { store, version } = await stored.build()
    const local = new DocumentStoreBuilder()
    for (const document of documents) local.add(document as CatalogueDocument)
    expect(version).toBe(local.build().version)
    expect(store.size).toBe(documents.length)
    documents.forEach((document, index) => {
      expect(JSON.parse(store.text(index))).toEqual(document)
    })
  })
})

describe('strings in one buffer', () => {
  it('gives back any strings, across growth of the buffer', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'binary', maxLength: 5000 }), { maxLength: 60 }),
        (strings) => {
          const builder = new ByteStringsBuilder()
          strings.forEach((value, index) => {
            expect(builder.add(value)).toBe(index)
          })
          const built = builder.build()
          // Its own buffer, trimmed: what a worker hands back holds no spare room.
          expect(built.bytes.buffer.byteLength).toBe(built.bytes.length)
          const stored = new ByteStrings(built)
          expect(stored.size).toBe(strings.length)
          strings.forEach((value, index) => {
            expect(stored.get(index)).toBe(value)
          })
        },
      ),
    )
  })
})

describe('the parts documents share', () => {
  it('gives each distinct part one id, in the order first seen, as a map of their texts does', () => {
    // Few letters, so texts repeat; thousands of them, so the table grows past its first size.
    const text = fc.string({ unit: fc.constantFrom('a', 'b', 'é', '𝒜', '"'), maxLength: 6 })
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 6000 }), (texts) => {
        const parts = new SharedParts()
        const ids = new Map<string, number>()
        for (const json of texts) {
          if (!ids.has(json)) ids.set(json, ids.size)
          expect(parts.idOf(json)).toBe(ids.get(json))
        }
        const stored = new ByteStrings(parts.build())
        expect(stored.size).toBe(ids.size)
        for (const [json, id] of ids) expect(stored.get(id)).toBe(json)
      }),
      { numRuns: 30 },
    )
  })
})

describe('variable-length integers', () => {
  it('read back as written, for any u32', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 2 ** 31 - 1 }), { maxLength: 600 }), (values) => {
        const bytes = new GrowableArray(Uint8Array, 1)
        for (const value of values) writeVarint(bytes, value)
        const written = bytes.toArray()
        const cursor = { at: 0 }
        const read: number[] = []
        while (cursor.at < written.length) read.push(readVarint(written, cursor))
        expect(read).toEqual(values)
      }),
    )
  })
})
