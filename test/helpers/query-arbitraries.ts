/**
 * Generated full-text queries over a catalogue's own text (fast-check): its words, phrases of two
 * or three of its words (exact or sloppy), prefixes and fuzzy words of them, joined by spaces and
 * `|`, some negated, and with `groups`, parenthesized ORs. The differential tests of the two
 * backends (the documents found, their scores) draw from them.
 */
import fc from 'fast-check'
import { tokenize } from '../../packages/core/src/for-backends.js'
import type { Catalogue } from '../../packages/core/src/index.js'
import { type TextDocument, valuesOf } from './brute-query.js'

export function queryArbitrary(
  catalogue: Catalogue,
  options: { common?: readonly string[]; groups?: boolean } = {},
): fc.Arbitrary<string> {
  const texts = Array.from({ length: catalogue.size }, (_, i) =>
    valuesOf(catalogue.document(i) as TextDocument),
  )
    .flatMap((values) => values.map((value) => value.words.join(' ')))
    .filter((text) => text !== '')
  const text = fc.constantFrom(...texts)
  const word = text.chain((t) => fc.constantFrom(...tokenize(t)))
  const phrase = fc
    .tuple(text, fc.nat(), fc.integer({ min: 2, max: 3 }), fc.constantFrom('', '~1', '~3'))
    .map(([t, start, length, slop]) => {
      const tokens = tokenize(t)
      const from = start % tokens.length
      return `"${tokens.slice(from, from + length).join(' ')}"${slop}`
    })
  const prefix = word
    .filter((w) => w.length >= 3)
    .chain((w) => fc.integer({ min: 2, max: w.length }).map((n) => `${w.slice(0, n)}*`))
  const fuzzy = fc
    .tuple(word, fc.constantFrom('~1', '~2'))
    .filter(([w]) => w.length >= 3)
    .map(([w, edits]) => `${w.slice(0, -1)}${edits}`)
  const leaves = [word, phrase, prefix, fuzzy]
  if (options.common) leaves.push(fc.constantFrom(...options.common))
  const leaf = fc.oneof(...leaves)
  const items = [
    { weight: 4, arbitrary: leaf },
    { weight: 1, arbitrary: leaf.map((l) => `-${l}`) },
  ]
  if (options.groups) {
    items.push({ weight: 1, arbitrary: fc.tuple(leaf, leaf).map(([a, b]) => `(${a} | ${b})`) })
  }
  return fc
    .array(fc.tuple(fc.constantFrom(' ', ' | '), fc.oneof(...items)), {
      minLength: 1,
      maxLength: 3,
    })
    .map((parts) => parts.map(([op, part], i) => (i === 0 ? part : `${op}${part}`)).join(''))
}
