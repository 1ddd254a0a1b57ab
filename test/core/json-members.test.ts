/**
 * `memberRanges` picks members of a JSON object's text by name without parsing the others (what
 * the in-memory engine parses of a record for its snippets): the members picked, parsed, are the
 * object's own, for any object `JSON.stringify` writes (as UTF-8), whitespace between tokens or
 * not.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { memberRanges } from '../../packages/core/src/document-store/json-members.js'

/** The members named, as the text of an object of them alone. */
function pickedText(json: string, names: string[]): string {
  const bytes = Buffer.from(json)
  const ranges = memberRanges(bytes, new Set(names))
  return `{${ranges.map(([start, end]) => bytes.toString('utf8', start, end)).join(',')}}`
}

const picked = (json: string, names: string[]): unknown => JSON.parse(pickedText(json, names))

describe('memberRanges', () => {
  it('picks the named members of any object, as parsing it whole would read them', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.jsonValue()),
        fc.array(fc.string()),
        fc.constantFrom(undefined, 1, '\t'),
        (object, extra, space) => {
          const names = [...Object.keys(object).filter((_, at) => at % 2 === 0), ...extra]
          const expected = Object.fromEntries(
            Object.entries(object).filter(([name]) => names.includes(name)),
          )
          expect(picked(JSON.stringify(object, null, space), names)).toEqual(expected)
        },
      ),
      { numRuns: 300, seed: 20261127 },
    )
  })

  it('stops once every name is found: what follows is not read', () => {
    // The text after `notes` is cut short: read, it would throw as unterminated.
    const json = '{"type":"collection","title":"A","notes":[],"children":["unterminated'
    expect(picked(json, ['title', 'notes'])).toEqual({ title: 'A', notes: [] })
    expect(() => picked(json, ['title', 'notes', 'description'])).toThrow(/Unterminated/)
  })

  it('reads escaped quotes and backslashes, and names written with escapes', () => {
    const json = '{"a\\"":"x\\\\","b":["\\"]",{"c":"}"}],"\\u0074erms":[1,2],"d":null}'
    expect(picked(json, ['terms', 'b'])).toEqual({ b: ['"]', { c: '}' }], terms: [1, 2] })
    expect(picked(json, ['a"', 'd'])).toEqual({ 'a"': 'x\\', d: null })
  })

  it("skips a store's references where values are", () => {
    const json = '{"group":\u00011a\u0002,"terms":[\u00012\u0002,\u00013\u0002],"title":"T"}'
    expect(pickedText(json, ['terms', 'title'])).toBe(
      '{"terms":[\u00012\u0002,\u00013\u0002],"title":"T"}',
    )
  })
})
