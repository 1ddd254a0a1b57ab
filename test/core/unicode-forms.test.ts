/**
 * The Unicode tables both backends read text with (`analysis/unicode-forms.ts`): the mapping
 * rules an OpenSearch index gets, applied as Lucene's `mapping` char filter applies them (left to
 * right, the longest match first), give the core's own composition and folding.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { normalizeToken } from '../../packages/core/src/analysis/analyze.js'
import {
  compatibilityMappings,
  composeCompatibility,
  foldingMappings,
} from '../../packages/core/src/analysis/unicode-forms.js'
import { inForm, UNICODE_FORMS } from '../helpers/unicode-forms.js'

/** Lucene's `mapping` char filter: at each position the longest rule that matches, else the character. */
function applyRules(rules: [string, string][], text: string): string {
  const byFrom = new Map(rules)
  const longest = Math.max(...rules.map(([from]) => from.length))
  let out = ''
  for (let at = 0; at < text.length; ) {
    let length = Math.min(longest, text.length - at)
    while (length > 0 && !byFrom.has(text.slice(at, at + length))) length--
    if (length === 0) {
      out += text[at]
      at++
    } else {
      out += byFrom.get(text.slice(at, at + length))
      at += length
    }
  }
  return out
}

/**
 * Letters with accents, composed and not, two accents on one letter, ligatures, full width. Not
 * what NFKC reorders or composes again (a compatibility character with accents after it, `ﬁ` +
 * U+0302; accents of two classes on a letter with no composed form of both, `ά` + U+0323): no
 * rule of one pass can.
 */
const PIECES = [
  'e',
  'E',
  'o',
  'a',
  'n',
  'ê',
  'é',
  'ệ',
  'ñ',
  'ø',
  'ß',
  'Ç',
  '\u0301',
  '\u0302',
  '\u0308',
  'ﬁ',
  'Ａ',
  '１',
  '²',
  '½',
  'ά',
  ' ',
  '.',
  '-',
]

const text = fc
  .array(fc.constantFrom(...PIECES), { maxLength: 12 })
  .map((pieces) => pieces.join(''))
  .filter((written) => !/[ﬁＡ１²½][\u0300-\u036f]/u.test(written))

describe('the mapping rules', () => {
  const composition = compatibilityMappings()
  const folding = foldingMappings()

  it('compose text as the core composes it, whatever form it was written in', () => {
    fc.assert(
      fc.property(text, fc.constantFrom(...UNICODE_FORMS), (written, form) => {
        const input = inForm(written, form)
        expect(applyRules(composition, input)).toBe(composeCompatibility(input))
      }),
      { numRuns: 2000 },
    )
  })

  it('fold a composed word as the core folds the word', () => {
    fc.assert(
      fc.property(text, (written) => {
        const composed = composeCompatibility(written)
        for (const word of composed.split(/[ .-]+/).filter((word) => word !== '')) {
          const folded = applyRules(folding, word).toLowerCase()
          expect(folded, JSON.stringify(word)).toBe(normalizeToken(word))
        }
      }),
      { numRuns: 2000 },
    )
  })

  it('have one rule for each text they map', () => {
    for (const rules of [composition, folding]) {
      expect(new Set(rules.map(([from]) => from)).size).toBe(rules.length)
    }
  })
})
