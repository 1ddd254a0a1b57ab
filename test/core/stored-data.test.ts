/**
 * The byte layouts the catalogue keeps its data in: documents as UTF-8 with their shared parts
 * stored once and their own texts compressed in blocks, strings in one buffer, and
 * variable-length integers. Each must give back
 * exactly what went in, for any input.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { canonicalPieces } from '../../packages/core/src/document-store/canonical-pieces.js'
import {
  DocumentBlocks,
  DocumentBlocksBuilder,
} from '../../packages/core/src/document-store/document-blocks.js'
import { documentPieces } from '../../packages/core/src/document-store/document-pieces.js'
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
    const { blockBytes, dictionaryBytes, sharedBytes } = store.parts
    const whole = documents.reduce((sum, d) => sum + Buffer.byteLength(JSON.stringify(d)), 0)
    expect(blockBytes.length + dictionaryBytes.length + sharedBytes.length).toBeLessThan(whole)
  })

  it('says from its bytes whether a text, its shared parts joined, is short and lacks a byte', () => {
    // Markup in a shared part or in the document's own fields, and lengths about a bound.
    const markup = fc.constantFrom('', '<emph>', 'a < b', '&lt;')
    // Shared parts as short as `{}`, shorter than the reference that stands for them.
    const marked = fc.record({
      uri: fc.string(),
      title: fc.string({ unit: 'grapheme' }),
      group: fc.oneof(fc.constant({}), fc.record({ title: markup, identifier: fc.string() })),
      terms: fc.array(fc.oneof(fc.constant({}), fc.record({ title: markup })), { maxLength: 3 }),
      notes: fc.array(markup, { maxLength: 2 }),
    })
    fc.assert(
      fc.property(
        fc.array(marked, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 400 }),
        (documents, length) => {
          const builder = new DocumentStoreBuilder()
          for (const document of documents) builder.add(document as unknown as CatalogueDocument)
          const { store } = builder.build()
          documents.forEach((_, index) => {
            const text = store.text(index)
            const bytes = Buffer.byteLength(text)
            // Its length is the bound: a reference counted wrong is a byte or more off.
            for (const bound of [length, bytes, bytes + 1]) {
              const expected = bytes < bound && !text.includes('<')
              expect(store.shorterWithout(index, bound, 0x3c), `${bound} ${text}`).toBe(expected)
            }
          })
        },
      ),
    )
  })
})

describe('a document stored from its JSON text', () => {
  const SHORT_ESCAPES: Record<string, string> = { b: '08', f: '0c', n: '0a', r: '0d', t: '09' }
  /** The texts of one document as a file may hold it: as `JSON.stringify` writes it, and not. */
  const textsOf = (generated: object): string[] => {
    // Every escape, a solidus and a character beyond ASCII in each, whatever was generated.
    const document = { ...generated, controls: '\b\t\n\f\r\u0001\u001f"\\/é' }
    const text = JSON.stringify(document)
    return [
      text,
      JSON.stringify(document, null, 2),
      // Escapes `JSON.stringify` does not write: every non-ASCII character, a solidus.
      text.replace(
        /[\u0080-\uffff]/g,
        (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
      ),
      text.replace(/\//g, '\\/'),
      text.replace(/\\u00([01][0-9a-f])/g, (_, hex: string) => `\\u00${hex.toUpperCase()}`),
      ...Object.entries(SHORT_ESCAPES).map(([letter, hex]) =>
        text.replaceAll(`\\${letter}`, `\\u00${hex}`),
      ),
      // A name given twice (the parse keeps the last value, at the first place); a name that
      // is an array index (listed first); numbers written otherwise.
      text.replace('{', '{"uri":"/objects/first",'),
      text.replace('{', '{"title":{"a":1,"a":2},'),
      text.replace(/}$/, ',"7":true}'),
      text.replace('{', '{"n":1.0,"m":-0,"k":1e2,"j":12345678901234567890,'),
      text.replace('{', '{"n":-12,"m":0.5,"k":123456789012345,'),
      // A lone surrogate as it stands (JSON.stringify escapes it; UTF-8 cannot hold it).
      text.replace('{', '{"lone":"\ud800",'),
      // Spaces after the object (a line of a file keeps them), and an empty object's.
      `${text} `,
      `${text}\t`,
      '{} ',
    ]
  }

  /** The stored arrays and fingerprint of texts given whole, and given parsed. */
  const storedBothWays = (texts: string[]) => {
    const fromTexts = new DocumentStoreBuilder()
    const fromParsed = new DocumentStoreBuilder()
    for (const text of texts) {
      fromTexts.addText(text)
      fromParsed.add(JSON.parse(text) as CatalogueDocument, text)
    }
    return [fromTexts.build(), fromParsed.build()]
  }

  it('stores the same bytes as from the parsed document, however the text is written', () => {
    fc.assert(
      fc.property(fc.array(documentLike, { minLength: 1, maxLength: 8 }), (documents) => {
        const texts = documents.flatMap(textsOf)
        const [fromTexts, fromParsed] = storedBothWays(texts)
        expect(fromTexts!.version).toBe(fromParsed!.version)
        expect(fromTexts!.store.parts).toEqual(fromParsed!.store.parts)
      }),
      { numRuns: 20 },
    )
  })

  it('reads a text as it stands only when JSON.stringify would write it so', () => {
    fc.assert(
      fc.property(documentLike, (document) => {
        for (const text of textsOf(document)) {
          if (canonicalPieces(Buffer.from(text), [])) {
            expect(JSON.stringify(JSON.parse(text))).toBe(text)
          }
        }
      }),
    )
  })

  it('reads the real corpus as it stands, each shared part where the parsed one is', () => {
    const documents = ['agent', 'collection', 'object', 'term'].flatMap(corpusDocuments)
    for (const document of documents) {
      const text = JSON.stringify(document)
      const shared: number[] = []
      expect(canonicalPieces(Buffer.from(text), shared), text).toBe(true)
      const pieces = documentPieces(document as CatalogueDocument)
      const sharedTexts = pieces.filter((_, index) => index % 2 === 1)
      const bytes = Buffer.from(text)
      expect(
        sharedTexts.map((_, index) =>
          bytes.toString('utf8', shared[2 * index], shared[2 * index + 1]),
        ),
      ).toEqual(sharedTexts)
    }
    const [fromTexts, fromParsed] = storedBothWays(documents.map((d) => JSON.stringify(d)))
    expect(fromTexts!.store.parts).toEqual(fromParsed!.store.parts)
  })
})

describe("documents' own texts in compressed blocks", () => {
  /** Texts of many sizes and kinds: keys that repeat, unique words, a long one, non-ASCII. */
  const textAt = (index: number) =>
    `{"uri":"/objects/${index.toString(36)}","title":"Letter ${index} — é𝒜","n":${index}` +
    `${index % 997 === 0 ? `,"notes":"${'long note '.repeat(2000 + index)}"` : ''}}`

  it('gives back every text, across blocks and segments, in any order of reading', () => {
    // 40,000 texts: three segments of 16,384, each with a dictionary of its own.
    const count = 40_000
    const builder = new DocumentBlocksBuilder()
    for (let index = 0; index < count; index++) builder.add(textAt(index))
    const stored = builder.build()
    expect(stored.dictionaryOffsets.length - 1).toBe(
      Math.ceil(count / stored.documentsPerDictionary),
    )
    expect(stored.blockStarts[0]).toBe(0)
    expect(stored.blockStarts.at(-1)).toBe(count)
    const blocks = new DocumentBlocks(stored)
    expect(blocks.size).toBe(count)
    for (let index = 0; index < count; index++) expect(blocks.get(index)).toBe(textAt(index))
    for (let k = 0; k < 5000; k++) {
      const index = (k * 7919) % count
      expect(blocks.get(index)).toBe(textAt(index))
    }
    const whole = Buffer.byteLength(Array.from({ length: count }, (_, i) => textAt(i)).join(''))
    expect(stored.blockBytes.length + stored.dictionaryBytes.length).toBeLessThan(whole / 4)
  })

  // The blocks a snapshot holds are lz4-napi's format (its length, then an LZ4 block that may
  // refer into the dictionary): a version of the codec that wrote or read them otherwise would
  // need a new snapshot format.
  it('reads a block as the codec wrote it, referring into its dictionary', () => {
    const dictionary = Buffer.from(
      '{"uri":"/objects/a","type":"object","title":"Letters, 1920-1925","online":false}',
    )
    const text = '{"uri":"/objects/b","type":"object","title":"Letters, 1926-1930","online":true}'
    const block = Buffer.from('4f0000000d50001f6250001466362d313933305000603a747275657d', 'hex')
    const blocks = new DocumentBlocks({
      blockBytes: block,
      blockOffsets: Uint32Array.of(0, block.length),
      blockStarts: Uint32Array.of(0, 1),
      documentOffsets: Uint32Array.of(0, Buffer.byteLength(text)),
      dictionaryBytes: dictionary,
      dictionaryOffsets: Uint32Array.of(0, dictionary.length),
      documentsPerDictionary: 16_384,
    })
    expect(blocks.get(0)).toBe(text)
  })

  it('gives back any texts, one or a few', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'binary', maxLength: 9000 }), { minLength: 1, maxLength: 30 }),
        (texts) => {
          const builder = new DocumentBlocksBuilder()
          for (const text of texts) builder.add(text)
          const blocks = new DocumentBlocks(builder.build())
          expect(blocks.size).toBe(texts.length)
          for (let index = texts.length - 1; index >= 0; index--) {
            expect(blocks.get(index)).toBe(texts[index])
          }
        },
      ),
      { numRuns: 50 },
    )
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
