import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { analyze, processTerm } from '../../packages/core/src/analysis/analyze.js'
import { analyzerFor } from '../../packages/core/src/analysis/languages.js'
import type { QueryNode } from '../../packages/core/src/analysis/query-analysis.js'
import { analyzeQuery, parseQuery } from '../../packages/core/src/analysis/query-analysis.js'
import { parseQuerySyntax } from '../../packages/core/src/analysis/query-syntax.js'

const stemOf = (word: string): string => {
  const term = processTerm(word)
  if (term === null) throw new Error(`${word} is a stop word`)
  return term
}
const t = (word: string): QueryNode => ({ kind: 'term', term: stemOf(word) })
/** A phrase of consecutive words. */
const p = (...words: string[]): QueryNode => ({
  kind: 'phrase',
  terms: words.map(stemOf),
  positions: words.map((_, i) => i),
})
/** A phrase whose words stand at the given positions (a stop word between keeps its place). */
const pAt = (...words: [string, number][]): QueryNode => ({
  kind: 'phrase',
  terms: words.map(([word]) => stemOf(word)),
  positions: words.map(([, position]) => position),
})
const all: QueryNode = { kind: 'all' }
const nothing: QueryNode = { kind: 'nothing' }
const pre = (prefix: string): QueryNode => ({ kind: 'prefix', prefix })
const and = (...children: QueryNode[]): QueryNode => ({ kind: 'and', children })
const or = (...children: QueryNode[]): QueryNode => ({ kind: 'or', children })
const not = (child: QueryNode): QueryNode => ({ kind: 'not', child })

/** Checks the structural promises of QueryNode; returns the leaves. */
function checkTree(node: QueryNode, top = true): QueryNode[] {
  switch (node.kind) {
    case 'term':
      expect(node.term).not.toBe('')
      return [node]
    case 'prefix':
      expect(node.prefix).not.toBe('')
      return [node]
    case 'fuzzy':
      expect(node.word).not.toBe('')
      expect(node.edits).toBeGreaterThanOrEqual(1)
      expect(node.edits).toBeLessThanOrEqual(2)
      return [node]
    case 'phrase':
      if (node.slop !== undefined) {
        expect(node.slop).toBeGreaterThanOrEqual(1)
        expect(node.slop).toBeLessThanOrEqual(10)
      }
      expect(node.terms.length).toBeGreaterThanOrEqual(2)
      expect(node.positions).toHaveLength(node.terms.length)
      expect(node.positions[0]).toBe(0)
      for (let i = 1; i < node.positions.length; i++) {
        expect(node.positions[i]).toBeGreaterThan(node.positions[i - 1]!)
      }
      for (const term of node.terms) expect(term).not.toBe('')
      return [node]
    case 'not':
      expect(node.child.kind).not.toBe('not')
      return checkTree(node.child, false)
    case 'all':
      // `*` is absorbed by an OR and dropped from an AND: it only stands alone.
      expect(top).toBe(true)
      return [node]
    case 'nothing':
      expect(top).toBe(true)
      return []
    case 'and':
    case 'or': {
      expect(node.children.length).toBeGreaterThanOrEqual(2)
      const keys = node.children.map((child) => JSON.stringify(child))
      expect(new Set(keys).size).toBe(keys.length)
      return node.children.flatMap((child) => {
        expect(child.kind).not.toBe(node.kind)
        return checkTree(child, false)
      })
    }
  }
}

describe('query-syntax', () => {
  describe('parseQuery', () => {
    it('returns null when the query is empty or whitespace', () => {
      expect(parseQuery('')).toBeNull()
      expect(parseQuery('   \t\n ')).toBeNull()
    })

    it('returns an analyzed term when the query is one word', () => {
      expect(parseQuery('Bananas')).toEqual({ kind: 'term', term: 'banana' })
      expect(parseQuery('México')).toEqual(parseQuery('mexico'))
      expect(parseQuery("Rockefeller's")).toEqual(t('rockefeller'))
    })

    it('ANDs words separated by whitespace', () => {
      expect(parseQuery('apple  banana\tcherry')).toEqual(and(t('apple'), t('banana'), t('cherry')))
    })

    it('drops stop words when they appear as words', () => {
      expect(parseQuery('the history of the Rockefeller Foundation')).toEqual(
        and(t('history'), t('rockefeller'), t('foundation')),
      )
      // Stop words only: a query that matches nothing (Elasticsearch's answer when its analysis
      // leaves no terms), not "no query".
      expect(parseQuery('the of and')).toEqual({ kind: 'nothing' })
      expect(parseQuery('"of the"')).toEqual({ kind: 'nothing' })
      // Excluding everything, however bracketed, leaves nothing to AND with.
      expect(parseQuery('-* ab')).toEqual({ kind: 'nothing' })
      expect(parseQuery('-(*)ab')).toEqual({ kind: 'nothing' })
    })

    it('keeps OR, AND and NOT as ordinary (stop) words', () => {
      expect(parseQuery('apple OR banana')).toEqual(and(t('apple'), t('banana')))
      expect(parseQuery('apple NOT banana')).toEqual(and(t('apple'), t('banana')))
    })

    it('dedupes identical words when they repeat', () => {
      expect(parseQuery('apple Apples apple')).toEqual(t('apple'))
    })

    describe('phrases', () => {
      it('returns a phrase of analyzed terms when words are quoted', () => {
        expect(parseQuery('"Rockefeller Foundation"')).toEqual(p('rockefeller', 'foundation'))
      })

      it('keeps the place of a removed stop word inside the phrase', () => {
        expect(parseQuery('"history of the Foundation"')).toEqual(
          pAt(['history', 0], ['foundation', 3]),
        )
        expect(parseQuery('"history of medicine"')).toEqual(pAt(['history', 0], ['medicine', 2]))
        expect(parseQuery('"the history medicine"')).toEqual(p('history', 'medicine'))
      })

      it('returns a term when the phrase analyzes to one term', () => {
        expect(parseQuery('"the Foundation"')).toEqual(t('foundation'))
        expect(parseQuery('"of the" apple')).toEqual(t('apple'))
      })

      it('treats operators inside quotes as plain text', () => {
        expect(parseQuery('"apple | -banana (cherry*)"')).toEqual(p('apple', 'banana', 'cherry'))
      })

      it('accepts typographic double quotes', () => {
        expect(parseQuery('“Rockefeller Foundation” apple')).toEqual(
          and(p('rockefeller', 'foundation'), t('apple')),
        )
      })

      it('returns a phrase when a single word splits into several tokens', () => {
        expect(parseQuery('e-mail')).toEqual(p('e', 'mail'))
        expect(parseQuery('U.S.A.')).toEqual(t('u.s.a'))
        expect(parseQuery('1914-1918 war')).toEqual(and(p('1914', '1918'), t('war')))
      })

      it('ANDs a quoted phrase with the words around it', () => {
        expect(parseQuery('papers "Rockefeller Foundation" 1950')).toEqual(
          and(t('papers'), p('rockefeller', 'foundation'), t('1950')),
        )
      })
    })

    describe('exclusion', () => {
      it('negates a word when it starts with a dash', () => {
        expect(parseQuery('apple -banana')).toEqual(and(t('apple'), not(t('banana'))))
      })

      it('negates a phrase and a group', () => {
        expect(parseQuery('apple -"banana split"')).toEqual(
          and(t('apple'), not(p('banana', 'split'))),
        )
        expect(parseQuery('apple -(banana | cherry)')).toEqual(
          and(t('apple'), not(or(t('banana'), t('cherry')))),
        )
      })

      it('keeps the written order of positive and negative parts', () => {
        expect(parseQuery('-banana apple')).toEqual(and(not(t('banana')), t('apple')))
      })

      it('keeps a query of exclusions only: everything but them', () => {
        expect(parseQuery('-apple')).toEqual(not(t('apple')))
        expect(parseQuery('-apple -banana')).toEqual(and(not(t('apple')), not(t('banana'))))
        expect(parseQuery('-(apple banana)')).toEqual(not(and(t('apple'), t('banana'))))
        expect(parseQuery('-apple | -banana')).toEqual(or(not(t('apple')), not(t('banana'))))
      })

      it('cancels a double negation', () => {
        expect(parseQuery('-(-apple)')).toEqual(t('apple'))
        expect(parseQuery('cherry -(apple -banana)')).toEqual(
          and(t('cherry'), not(and(t('apple'), not(t('banana'))))),
        )
      })

      it('keeps a negated group of negations as written', () => {
        expect(parseQuery('cherry -(-apple -banana)')).toEqual(
          and(t('cherry'), not(and(not(t('apple')), not(t('banana'))))),
        )
      })

      it('keeps the negated side of an OR: either, or anything without it', () => {
        expect(parseQuery('apple | -banana')).toEqual(or(t('apple'), not(t('banana'))))
      })

      it('ignores a negated word that is only a stop word', () => {
        expect(parseQuery('apple -the')).toEqual(t('apple'))
      })

      it('keeps a dash inside a word as part of the word', () => {
        expect(parseQuery('apple-banana')).toEqual(p('apple', 'banana'))
      })
    })

    describe('OR', () => {
      it('returns an OR when words are separated by a bar with or without spaces', () => {
        expect(parseQuery('apple | banana')).toEqual(or(t('apple'), t('banana')))
        expect(parseQuery('apple|banana')).toEqual(or(t('apple'), t('banana')))
        expect(parseQuery('apple |banana| cherry')).toEqual(
          or(t('apple'), t('banana'), t('cherry')),
        )
      })

      it('applies operators left to right, a space being AND', () => {
        expect(parseQuery('apple | banana cherry')).toEqual(
          and(or(t('apple'), t('banana')), t('cherry')),
        )
        expect(parseQuery('cherry apple | banana')).toEqual(
          or(and(t('cherry'), t('apple')), t('banana')),
        )
        expect(parseQuery('public health | medicine')).toEqual(
          or(and(t('public'), t('health')), t('medicine')),
        )
        expect(parseQuery('apple | banana cherry | date')).toEqual(
          or(and(or(t('apple'), t('banana')), t('cherry')), t('date')),
        )
      })

      it('degrades to the other side when one side vanishes', () => {
        expect(parseQuery('apple | the')).toEqual(t('apple'))
        expect(parseQuery('the | of')).toEqual({ kind: 'nothing' })
        expect(parseQuery('apple | () banana')).toEqual(and(t('apple'), t('banana')))
      })

      it('ORs phrases, prefixes and groups', () => {
        expect(parseQuery('"new york" | boston*')).toEqual(or(p('new', 'york'), pre('boston')))
        expect(parseQuery('(apple banana) | cherry')).toEqual(
          or(and(t('apple'), t('banana')), t('cherry')),
        )
      })

      it('dedupes identical alternatives and unwraps a single one', () => {
        expect(parseQuery('apple | apples')).toEqual(t('apple'))
      })
    })

    describe('prefix', () => {
      it('returns a normalized, unstemmed prefix when a word ends with a star', () => {
        expect(parseQuery('Rockefel*')).toEqual(pre('rockefel'))
        expect(parseQuery('Méxic*')).toEqual(pre('mexic'))
        expect(parseQuery('foundations*')).toEqual(pre('foundations'))
        expect(parseQuery('bana** split')).toEqual(and(pre('bana'), t('split')))
      })

      it('keeps stop words as prefixes', () => {
        expect(parseQuery('the*')).toEqual(pre('the'))
      })

      it('drops a one-character prefix when the query has anything else', () => {
        expect(parseQuery('b* apple')).toEqual(t('apple'))
        expect(parseQuery('b* | apple')).toEqual(t('apple'))
      })

      it('keeps a one-character prefix when it is the only thing in the query', () => {
        expect(parseQuery('b*')).toEqual(pre('b'))
        expect(parseQuery('(b*) the')).toEqual(pre('b'))
      })

      it('reads a star alone as everything', () => {
        expect(parseQuery('*')).toEqual(all)
        expect(parseQuery('**')).toEqual(all)
        expect(parseQuery('apple * banana')).toEqual(and(t('apple'), t('banana')))
        expect(parseQuery('apple | *')).toEqual(all)
        expect(parseQuery('* -apple')).toEqual(not(t('apple')))
      })

      it('ANDs the leading tokens with a prefix on the last when the word splits', () => {
        expect(parseQuery('e-mai*')).toEqual(and(t('e'), pre('mai')))
        expect(parseQuery('new-yor*')).toEqual(and(t('new'), pre('yor')))
        expect(parseQuery('san-fran-cis*')).toEqual(and(p('san', 'fran'), pre('cis')))
      })

      it('treats a star inside a word as a separator', () => {
        expect(parseQuery('apple*banana')).toEqual(p('apple', 'banana'))
      })

      it('negates a prefix', () => {
        expect(parseQuery('apple -ban*')).toEqual(and(t('apple'), not(pre('ban'))))
      })
    })

    describe('groups', () => {
      it('groups with parentheses', () => {
        expect(parseQuery('(apple | banana) (cherry | date)')).toEqual(
          and(or(t('apple'), t('banana')), or(t('cherry'), t('date'))),
        )
        expect(parseQuery('apple | (banana cherry)')).toEqual(
          or(t('apple'), and(t('banana'), t('cherry'))),
        )
      })

      it('flattens nested groups of the same kind and unwraps single children', () => {
        expect(parseQuery('((apple))')).toEqual(t('apple'))
        expect(parseQuery('apple (banana (cherry))')).toEqual(
          and(t('apple'), t('banana'), t('cherry')),
        )
        expect(parseQuery('apple | (banana | (cherry | apple))')).toEqual(
          or(t('apple'), t('banana'), t('cherry')),
        )
      })

      it('ignores empty groups', () => {
        expect(parseQuery('()')).toEqual(nothing)
        expect(parseQuery('apple ( ) banana')).toEqual(and(t('apple'), t('banana')))
      })

      it('copes with very deep nesting', () => {
        const deep = `${'('.repeat(10_000)}apple banana${')'.repeat(10_000)}`
        expect(parseQuery(deep)).toEqual(and(t('apple'), t('banana')))
      })
    })

    describe('the rest of simple_query_string: ~, + and \\', () => {
      const fuzzy = (word: string, edits: number): QueryNode => ({ kind: 'fuzzy', word, edits })

      it('reads word~N as a fuzzy word, as written (lowercased, accents folded, not stemmed)', () => {
        expect(parseQuery('Médecines~1')).toEqual(fuzzy('medecines', 1))
        expect(parseQuery('rockefeler~2 foundation')).toEqual(
          and(fuzzy('rockefeler', 2), t('foundation')),
        )
        expect(parseQuery('-malria~1')).toEqual(not(fuzzy('malria', 1)))
      })

      it('reads ~ alone as 2, caps N at 2, and makes anything but a number the plain word', () => {
        expect(parseQuery('malria~')).toEqual(fuzzy('malria', 2))
        expect(parseQuery('malria~5')).toEqual(fuzzy('malria', 2))
        expect(parseQuery('malarias~0')).toEqual(t('malaria'))
        expect(parseQuery('malarias~x')).toEqual(t('malaria'))
        expect(parseQuery('malarias~-1')).toEqual(t('malaria'))
        // A `~` that starts a word is part of it, as in Lucene.
        expect(parseQuery('~banana')).toEqual(t('banana'))
      })

      it('reads "a phrase"~N as a phrase with slop N, capped at 10', () => {
        expect(parseQuery('"nelson rockefeller"~2')).toEqual({
          ...p('nelson', 'rockefeller'),
          slop: 2,
        })
        expect(parseQuery('"nelson rockefeller"~')).toEqual({
          ...p('nelson', 'rockefeller'),
          slop: 2,
        })
        expect(parseQuery('"nelson rockefeller"~50')).toEqual({
          ...p('nelson', 'rockefeller'),
          slop: 10,
        })
        expect(parseQuery('"nelson rockefeller"~0')).toEqual(p('nelson', 'rockefeller'))
        expect(parseQuery('"history of medicine"~1 health')).toEqual(
          and({ ...pAt(['history', 0], ['medicine', 2]), slop: 1 } as QueryNode, t('health')),
        )
        // One word in quotes is that word, whatever its slop.
        expect(parseQuery('"banana"~3')).toEqual(t('banana'))
      })

      it('reads + as AND, like a space', () => {
        expect(parseQuery('apple+banana')).toEqual(and(t('apple'), t('banana')))
        expect(parseQuery('+apple +banana')).toEqual(and(t('apple'), t('banana')))
        expect(parseQuery('apple | banana + cherry')).toEqual(
          and(or(t('apple'), t('banana')), t('cherry')),
        )
        expect(parseQuery('apple +-banana')).toEqual(and(t('apple'), not(t('banana'))))
      })

      it('makes the character after \\ plain text', () => {
        expect(parseQuery('\\-banana')).toEqual(t('banana'))
        expect(parseQuery('apple\\*')).toEqual(t('apple'))
        expect(parseQuery('\\*')).toEqual(nothing)
        expect(parseQuery('apple\\|banana')).toEqual(p('apple', 'banana'))
        expect(parseQuery('banana\\~1')).toEqual(p('banana', '1'))
        expect(parseQuery('"apple \\" banana" cherry')).toEqual(
          and(p('apple', 'banana'), t('cherry')),
        )
        expect(parseQuery('apple\\')).toEqual(t('apple'))
      })
    })

    describe('parseQuerySyntax: the query as written, before analysis', () => {
      it('keeps words, phrases, prefixes and fuzzy words as text, operators as nodes', () => {
        // Left to right: ((Photographs "history of" -Médecine~1) | archiv*) *
        expect(parseQuerySyntax('Photographs "history of" -Médecine~1 | archiv* *')).toEqual({
          kind: 'and',
          children: [
            {
              kind: 'or',
              children: [
                {
                  kind: 'and',
                  children: [
                    { kind: 'word', text: 'Photographs' },
                    { kind: 'phrase', text: 'history of', slop: 0 },
                    { kind: 'not', child: { kind: 'fuzzy', text: 'Médecine', edits: 1 } },
                  ],
                },
                { kind: 'prefix', text: 'archiv' },
              ],
            },
            { kind: 'all' },
          ],
        })
      })

      it('is null for a blank query and empty for operators only; stop words stay words', () => {
        expect(parseQuerySyntax('  ')).toBeNull()
        expect(parseQuerySyntax('(( | -')).toEqual({ kind: 'empty' })
        expect(parseQuerySyntax('the')).toEqual({ kind: 'word', text: 'the' })
      })

      it('is what parseQuery analyzes', () => {
        for (const query of ['a* *', 'public health | -medicine', '"a b"~2 c~1', 'the']) {
          expect(analyzeQuery(parseQuerySyntax(query)!, analyzerFor('english'))).toEqual(
            parseQuery(query),
          )
        }
      })

      it('drops a short prefix next to anything else, even next to *', () => {
        expect(parseQuery('a* *')).toEqual(all)
        expect(parseQuery('-(a* *)')).toEqual(nothing)
        expect(parseQuery('a* banana')).toEqual(t('banana'))
        expect(parseQuery('a*')).toEqual(pre('a'))
      })

      it('keeps short prefixes when nothing else is left, rather than leave nothing', () => {
        expect(parseQuery('a* b*')).toEqual(and(pre('a'), pre('b')))
        expect(parseQuery('a*(b*')).toEqual(and(pre('a'), pre('b')))
        expect(parseQuery('a* | b* ab')).toEqual(t('ab'))
      })
    })

    describe('malformed syntax', () => {
      it('treats the rest as plain words when a quote is unclosed', () => {
        expect(parseQuery('"Rockefeller Foundation')).toEqual(
          and(t('rockefeller'), t('foundation')),
        )
        expect(parseQuery('apple "banana | -cherry (date*')).toEqual(
          and(t('apple'), t('banana'), t('cherry'), t('date')),
        )
        expect(parseQuery('apple -"banana cherry')).toEqual(
          and(t('apple'), t('banana'), t('cherry')),
        )
        expect(parseQuery('"a" "banana')).toEqual(t('banana'))
      })

      it('ignores a stray bar when it has nothing on one side', () => {
        expect(parseQuery('| apple')).toEqual(t('apple'))
        expect(parseQuery('apple |')).toEqual(t('apple'))
        expect(parseQuery('apple || banana')).toEqual(or(t('apple'), t('banana')))
        expect(parseQuery('(apple |) banana')).toEqual(and(t('apple'), t('banana')))
        expect(parseQuery('|')).toEqual(nothing)
      })

      it('ignores a stray dash when it is alone or doubled', () => {
        expect(parseQuery('apple - banana')).toEqual(and(t('apple'), t('banana')))
        expect(parseQuery('apple -')).toEqual(t('apple'))
        expect(parseQuery('--apple banana')).toEqual(and(t('apple'), t('banana')))
        expect(parseQuery('apple -| banana')).toEqual(or(t('apple'), t('banana')))
        expect(parseQuery('(apple -) banana')).toEqual(and(t('apple'), t('banana')))
        expect(parseQuery('-')).toEqual(nothing)
      })

      it('ignores unbalanced parentheses as if they were whitespace', () => {
        expect(parseQuery('(apple banana')).toEqual(and(t('apple'), t('banana')))
        expect(parseQuery('apple) banana')).toEqual(and(t('apple'), t('banana')))
        expect(parseQuery('apple)banana')).toEqual(and(t('apple'), t('banana')))
        expect(parseQuery('((apple | banana) cherry')).toEqual(
          and(or(t('apple'), t('banana')), t('cherry')),
        )
        expect(parseQuery('apple -(banana cherry')).toEqual(
          and(t('apple'), t('banana'), t('cherry')),
        )
        expect(parseQuery(')(')).toEqual(nothing)
      })

      it('matches nothing when the query is only operators or punctuation, as the reference', () => {
        for (const query of [
          '"',
          '""',
          '-',
          '|',
          '(',
          ')',
          '((',
          '+++',
          '- | ( ) "',
          '-()',
          '!!',
        ]) {
          expect(parseQuery(query), query).toEqual(nothing)
        }
        expect(parseQuery('-the')).toEqual(nothing)
      })
    })

    describe('robustness', () => {
      const alphabet = fc.string({
        unit: fc.constantFrom(
          'a',
          'b',
          'ab',
          'the',
          '"',
          '-',
          '|',
          '*',
          '(',
          ')',
          ' ',
          '+',
          '~',
          '~1',
          '\\',
        ),
        maxLength: 40,
      })

      it('never throws and returns a well-formed tree for any string', () => {
        const arbitraries = [
          fc.string(),
          fc.string({ unit: 'binary' }),
          fc.string({ unit: 'grapheme' }),
          alphabet,
        ]
        for (const arbitrary of arbitraries) {
          fc.assert(
            fc.property(arbitrary, (query) => {
              const node = parseQuery(query)
              if (node === null) return
              const leaves = checkTree(node)
              // Only a query of stop words, or one that ANDs a negated `*` (`-*`, `-(a* *)`),
              // matches nothing;
              // the fuzziness after a `~` is not searched (`a~b` is `a`).
              if (node.kind === 'nothing') {
                // Left to right: `\x` is x (a `~` so escaped is punctuation), and an unescaped
                // `~` drops the rest of its token.
                const searched = query.replace(/\\([\s\S])|~[^\s()|+"]*/g, (_, escaped?: string) =>
                  escaped === undefined || escaped === '~' ? ' ' : escaped,
                )
                const negatesStar =
                  /-[(\s]*\*/.test(query) ||
                  (query.includes('-') && /(^|[\s(+|])\*+(?=$|[\s)+|])/.test(query))
                expect(analyze(searched).length === 0 || negatesStar).toBe(true)
              } else expect(leaves.length).toBeGreaterThan(0)
            }),
            { numRuns: 500 },
          )
        }
      })

      it('returns null for whitespace-only strings', () => {
        fc.assert(
          fc.property(fc.string({ unit: fc.constantFrom(' ', '\t', '\n', '\u00a0') }), (query) => {
            expect(parseQuery(query)).toBeNull()
          }),
        )
      })
    })
  })
})
