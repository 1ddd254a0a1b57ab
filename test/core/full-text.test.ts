/**
 * Full text as API.md §4 says, in five behaviours the engine used to get wrong: phrases over a
 * removed stop word, phrases across separate values, prefixes over words as written, queries
 * without positive words, and operators read left to right. Each on small hand-made documents
 * and on the real corpus; then property tests against the reading of the contract in
 * `test/helpers/brute-query.ts` on random queries over the corpus and the sample.
 */
import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Explanation } from '../../packages/core/src/api/explanation.js'
import { tokenize } from '../../packages/core/src/for-backends.js'
import { Catalogue, type CatalogueDocument, loadCatalogue } from '../../packages/core/src/index.js'
import { DocumentTokens } from '../../packages/core/src/text/document-tokens.js'
import { QueryScorer } from '../../packages/core/src/text/query-scorer.js'
import { NONE } from '../../packages/core/src/text/stored-text-index.js'
import { bruteMatches, type TextDocument, valuesOf } from '../helpers/brute-query.js'
import { RAC, SAMPLE } from '../helpers/corpus.js'
import { termDocument as term, termWithNotes } from '../helpers/documents.js'

/** An agent whose description and notes are separate values. */
function agent(id: string, title: string, description: string, paragraphs: string[]) {
  return {
    uri: `/agents/${id}`,
    type: 'agent',
    title,
    category: 'person',
    agent_type: 'person',
    authorized_name: title,
    description,
    notes: [
      {
        type: 'bioghist',
        title: 'Biographical note',
        source: 'archivesspace',
        subnotes: [{ type: 'text', content: paragraphs }],
      },
    ],
    external_identifiers: [{ identifier: `/agents/people/${id}`, source: 'archivesspace' }],
    group: { identifier: `/agents/${id}`, title },
  } as CatalogueDocument
}

/** The uris a query matches, over every document. */
function matched(catalogue: Catalogue, query: string): string[] | null {
  const node = catalogue.parse('facets', { query }).query
  if (node === null) return null
  return Array.from(catalogue.data.text.evaluate(node).ids, (id) => catalogue.data.uris.get(id))
}

describe('full text', () => {
  const catalogue = Catalogue.fromDocuments([
    term('t1', 'History of medicine'),
    term('t2', 'History medicine'),
    term('t3', 'Medicine in history'),
    agent('a1', 'Ann Lee', 'Public health nurse', ['Worked on malaria.', 'Control programs.']),
    term('t4', 'Partners in health'),
    term('t5', 'Part of the archive'),
    term('t6', 'Archives and archival science'),
    term('t7', 'The arch of triumph'),
    term('t8', 'Running water'),
    term('t9', 'Runs of the press'),
  ])
  const q = (query: string) => matched(catalogue, query)

  describe('phrases over a removed stop word', () => {
    it('does not match across a stop word unless the phrase has one there too', () => {
      expect(q('"history medicine"')).toEqual(['/terms/t2'])
      expect(q('"history of medicine"')).toEqual(['/terms/t1'])
      // Any stop word holds the place: "in" stands where "of" did.
      expect(q('"medicine of history"')).toEqual(['/terms/t3'])
    })
  })

  describe('phrases across separate values', () => {
    it('never runs from one value into the next', () => {
      // "nurse" ends the description, "worked" begins the first paragraph of the notes.
      expect(q('"nurse worked"')).toEqual([])
      expect(q('"malaria control"')).toEqual([])
      expect(q('"public health nurse"')).toEqual(['/agents/a1'])
      expect(q('"control programs"')).toEqual(['/agents/a1'])
      // The title and the description are separate values too.
      expect(q('"lee public"')).toEqual([])
    })
  })

  describe('prefixes over words as written', () => {
    it('finds the words that begin with the prefix, never a shorter one', () => {
      expect(q('partn*')).toEqual(['/terms/t4'])
      expect(q('part*')).toEqual(['/terms/t4', '/terms/t5'])
      expect(q('archiv*')).toEqual(['/terms/t5', '/terms/t6'])
      // "arch" is shorter than the prefix: never found.
      expect(q('archi*')).toEqual(['/terms/t5', '/terms/t6'])
      // `runn*` finds "running" only, though "runs" shares its stem.
      expect(q('runn*')).toEqual(['/terms/t8'])
      expect(q('run*')).toEqual(['/terms/t8', '/terms/t9'])
    })
  })

  describe('queries without positive words', () => {
    it('matches nothing for stop words, everything but the exclusions, everything for *', () => {
      expect(q('the of')).toEqual([])
      const notHistory = ['/agents/a1', '/terms/t4', '/terms/t5', '/terms/t6', '/terms/t7']
      expect(q('-history')).toEqual([...notHistory, '/terms/t8', '/terms/t9'])
      expect(q('*')).toHaveLength(catalogue.size)
      expect(q('-history -health -archive -run')).toEqual(['/terms/t7'])
    })

    it('counts hits for them like any query', () => {
      const everything = catalogue.search({ query: '*' })
      expect(everything.results.every((result) => typeof result.hit_count === 'number')).toBe(true)
      expect(catalogue.search({ query: '-history' }).results[0]!.hit_count).toBe(1)
      expect(catalogue.search({ query: 'the' }).count).toBe(0)
    })
  })

  describe('operators left to right', () => {
    it('reads a b | c as (a b) | c, and a | -b as a or anything without b', () => {
      // (public health) | archives: "archive" has the stem of "archives".
      expect(q('public health | archives')).toEqual(['/agents/a1', '/terms/t5', '/terms/t6'])
      // (archives | public) health
      expect(q('archives | public health')).toEqual(['/agents/a1'])
      // history, or anything without medicine: every document here.
      expect(q('history | -medicine')).toEqual([...catalogue.data.uris])
      // medicine, or anything without partners: all but "Partners in health".
      expect(q('medicine | -partners')).toEqual(
        [...catalogue.data.uris].filter((uri) => uri !== '/terms/t4'),
      )
    })
  })
})

describe('full text on the real corpus', () => {
  let corpus: Catalogue
  beforeAll(async () => {
    corpus = (await loadCatalogue(RAC)).catalogue
  })

  it('answers each behaviour as the reading of the contract does', () => {
    const documents = Array.from({ length: corpus.size }, (_, i) =>
      valuesOf(corpus.document(i) as TextDocument),
    )
    for (const query of [
      '"nelson rockefeller"',
      '"rockefeller foundation"',
      '"history of the"',
      '"papers of nelson"',
      'rockefel*',
      'found*',
      'part*',
      'the',
      '-rockefeller',
      '*',
      'nelson rockefeller | audio',
      'audio | nelson rockefeller',
      'audio | -rockefeller',
      '-(nelson | audio) papers',
      '"nelson rockefeller"~2',
      '"rockefeller nelson"~2',
      '"rockefeller nelson"~1',
      '"papers nelson"~3',
      'rockefeler~1',
      'rokcefeller~1',
      'rockefellr~',
      'fondation~2 | nelsen~1',
      'nelson+rockefeller',
      '\\-rockefeller',
      '((',
      '-',
      '|',
      '+++',
    ]) {
      const engine = matched(corpus, query)
      const brute = [...corpus.data.uris].filter(
        (_, i) => bruteMatches(query, documents[i]!) === true,
      )
      expect(engine, query).toEqual(brute)
    }
  })
})

describe('full text against the reading of the contract', () => {
  for (const [name, load] of [
    ['the corpus', () => loadCatalogue(RAC)],
    ['the sample', () => loadCatalogue(SAMPLE)],
  ] as const) {
    it(`matches the same documents for random queries on ${name}`, async () => {
      const { catalogue } = await load()
      const values = Array.from({ length: catalogue.size }, (_, i) =>
        valuesOf(catalogue.document(i) as TextDocument),
      )
      const texts = values
        .flatMap((document) => document.map((value) => value.words.join(' ')))
        .filter((text) => text !== '')
      const textOf = fc.constantFrom(...texts)
      const word = textOf.chain((text) => fc.constantFrom(...tokenize(text)))
      const phrase = textOf.chain((text) => {
        const tokens = tokenize(text)
        return fc
          .tuple(fc.nat(tokens.length - 1), fc.integer({ min: 2, max: 4 }))
          .map(([start, length]) => `"${tokens.slice(start, start + length).join(' ')}"`)
      })
      const prefix = word
        .filter((w) => w.length >= 3)
        .chain((w) => fc.integer({ min: 3, max: w.length }).map((n) => `${w.slice(0, n)}*`))
      // A word misspelt by up to two edits (a letter changed, dropped, doubled or swapped with
      // the next), asked fuzzily: `word~N`, N from 0 to 3 (over 2 is 2), or `~` alone (2).
      const misspelt = fc
        .tuple(word, fc.array(fc.tuple(fc.nat(), fc.constantFrom(0, 1, 2, 3)), { maxLength: 2 }))
        .map(([w, edits]) =>
          edits.reduce((text, [at, edit]) => {
            const i = at % text.length
            if (edit === 0) return `${text.slice(0, i)}x${text.slice(i + 1)}`
            if (edit === 1 && text.length > 1) return text.slice(0, i) + text.slice(i + 1)
            if (edit === 2) return text.slice(0, i + 1) + text.slice(i)
            return (
              text.slice(0, i) + text.slice(i + 1, i + 2) + text.slice(i, i + 1) + text.slice(i + 2)
            )
          }, w),
        )
      const fuzzyWord = fc
        .tuple(misspelt, fc.constantFrom('~0', '~1', '~2', '~3', '~'))
        .map(([w, fuzziness]) => `${w}${fuzziness}`)
      // A phrase of words near one another, some skipped and some swapped, with a slop.
      const sloppy = fc
        .tuple(textOf, fc.nat(), fc.integer({ min: 2, max: 3 }), fc.boolean(), fc.nat(5))
        .map(([text, start, length, swap, slop]) => {
          const tokens = tokenize(text)
          const from = start % tokens.length
          const picked = tokens
            .slice(from, from + length + 1)
            .filter((_, i) => i !== 1 || length === 2)
          if (swap && picked.length > 1) picked.reverse()
          return `"${picked.join(' ')}"~${slop}`
        })
      const leaf = fc.oneof(
        { weight: 4, arbitrary: word },
        { weight: 2, arbitrary: phrase },
        { weight: 2, arbitrary: prefix },
        { weight: 2, arbitrary: fuzzyWord },
        { weight: 2, arbitrary: sloppy },
        { weight: 1, arbitrary: fc.constant('*') },
      )
      const { expression } = fc.letrec<{ expression: string; item: string }>((tie) => ({
        item: fc.oneof(
          { weight: 5, arbitrary: leaf },
          // `--a` is stray dashes in the engine's lexer, which the contract leaves open.
          { weight: 2, arbitrary: leaf.map((item) => `-${item}`) },
          { weight: 1, arbitrary: tie('expression').map((inner) => `(${inner})`) },
          { weight: 1, arbitrary: tie('expression').map((inner) => `-(${inner})`) },
        ),
        expression: fc
          .array(fc.tuple(fc.constantFrom(' ', ' | ', ' +', '+'), tie('item')), {
            minLength: 1,
            maxLength: 4,
          })
          .map((parts) => parts.map(([op, item], i) => (i === 0 ? item : `${op}${item}`)).join('')),
      }))
      fc.assert(
        fc.property(expression, (query) => {
          const engine = matched(catalogue, query)
          expect(engine).not.toBeNull()
          const brute = [...catalogue.data.uris].filter(
            (_, i) => bruteMatches(query, values[i]!) === true,
          )
          expect(engine).toEqual(brute)
        }),
        // The corpus is the real data: most runs go to it. The sample's 2,000 generated
        // documents (ten times the corpus) add a larger index to walk, which a few dozen
        // queries cover; each run there is a brute force over 2,000 documents (0.15 s alone).
        { numRuns: name === 'the sample' ? 50 : 300 },
      )
    }, 120_000)
  }
})

/** Words of the catalogue misspelt (a letter changed, dropped or doubled), asked fuzzily. */
function fuzzyWords(catalogue: Catalogue) {
  const words = catalogue.data.text.parts.words.filter((word) => /^[a-z]{3,}$/.test(word))
  return fc
    .tuple(fc.constantFrom(...words), fc.nat(), fc.constantFrom(0, 1, 2), fc.constantFrom(1, 2))
    .map(([word, at, edit, edits]) => {
      const i = 1 + (at % (word.length - 1))
      const misspelt =
        edit === 0
          ? `${word.slice(0, i)}x${word.slice(i + 1)}`
          : edit === 1
            ? word.slice(0, i) + word.slice(i + 1)
            : word.slice(0, i + 1) + word.slice(i)
      return `${misspelt}~${edits}`
    })
}

/** Every node of an explanation whose description matches `pattern`. */
function nodesOf(explanation: Explanation, pattern: RegExp): Explanation[] {
  const here = pattern.test(explanation.description) ? [explanation] : []
  return [...here, ...explanation.details.flatMap((detail) => nodesOf(detail, pattern))]
}

describe('fuzzy words, scored', () => {
  for (const [name, path] of [
    ['the corpus', RAC],
    ['the sample', SAMPLE],
  ] as const) {
    it(`scores a fuzzy word alone as reading every document back does, on ${name}`, async () => {
      // A fuzzy word alone reads only the places its terms' postings say it scores in
      // (`fuzzy-word-scores.ts`): each score the same to the bit as the whole document's.
      const { catalogue } = await loadCatalogue(path)
      const { text } = catalogue.data
      const readBack = new QueryScorer(text.parts, (prefix) => text.prefixTerms(prefix))
      fc.assert(
        fc.property(fuzzyWords(catalogue), (query) => {
          const node = catalogue.parse('search', { query }).query!
          const matches = text.evaluate(node)
          const scored = text.score(node, () => true)
          expect(scored.ids).toEqual(matches.ids)
          expect(scored.scores, query).toEqual(readBack.score(node, matches, true).scores)
        }),
        { numRuns: 150 },
      )
    })
  }

  it("adds a fuzzy word's terms in a place in the word's order, as its explanation lists them", async () => {
    // A place sums only the terms it holds; the explanation lists every term of the word there
    // in the word's order: the sum of its details is the value, to the bit.
    const { catalogue } = await loadCatalogue(RAC)
    const words = ['rockefeller', 'foundation', 'health', 'papers', 'nelson']
    const queries = fuzzyWords(catalogue).chain((fuzzy) =>
      fc.constantFrom(
        fuzzy,
        `${fuzzy} ${words[fuzzy.length % words.length]}`,
        `${fuzzy} | medcal~2`,
      ),
    )
    fc.assert(
      fc.property(queries, (query) => {
        const node = catalogue.parse('search', { query }).query!
        const ids = catalogue.data.text.evaluate(node).ids.slice(0, 20)
        for (const id of ids) {
          const uri = catalogue.data.uris.get(id)
          const explanation = catalogue.explain(query, uri)
          if (!explanation) continue
          for (const place of nodesOf(explanation, /^\S+~\d in /)) {
            let sum = Number.NaN
            for (const detail of place.details) {
              sum = Number.isNaN(sum) ? detail.value : sum + detail.value
            }
            expect(place.value, `${query} ${uri}`).toBe(sum)
          }
        }
      }),
      { numRuns: 60 },
    )
  })

  it("counts a document's terms by place as its tokens read back say", async () => {
    // `countSlots` reads a document for a query without phrases or prefixes: each place's field,
    // length and the query's terms counted there, as a reading of every token finds them.
    const { catalogue } = await loadCatalogue(RAC)
    const { parts } = catalogue.data.text
    const read = new DocumentTokens(parts)
    const counted = new DocumentTokens(parts)
    const size = catalogue.size
    fc.assert(
      fc.property(
        fc.nat(size - 1),
        fc.uniqueArray(fc.nat(parts.terms.length - 1), { maxLength: 40 }),
        fc.constantFrom(1, 2, undefined),
        (id, given, places) => {
          const terms = [...given]
          const slotOf = new Int32Array(parts.terms.length).fill(-1)
          terms.forEach((term, slot) => {
            slotOf[term] = slot
          })
          // A document's own terms, so that most places count something.
          read.read(id)
          for (let t = 0; t < read.count && terms.length < 60; t++) {
            const term = read.terms[t]!
            if (term !== NONE && slotOf[term] === -1) slotOf[term] = terms.push(term) - 1
          }
          const scratch = new Uint32Array(terms.length)
          counted.countSlots(id, slotOf, scratch, places)
          expect(scratch.every((count) => count === 0)).toBe(true)
          expect(counted.instanceCount).toBe(Math.min(read.instanceCount, places ?? Infinity))
          for (let i = 0; i < counted.instanceCount; i++) {
            expect(counted.fields[i]).toBe(read.fields[i])
            expect(counted.lengths[i]).toBe(read.lengths[i])
            const expected = new Map<number, number>()
            for (let t = read.starts[i]!; t < read.starts[i + 1]!; t++) {
              const slot = read.terms[t] === NONE ? -1 : slotOf[read.terms[t]!]!
              if (slot !== -1) expected.set(slot, (expected.get(slot) ?? 0) + 1)
            }
            const hits = new Map<number, number>()
            for (let h = counted.hitStarts[i]!; h < counted.hitStarts[i + 1]!; h++) {
              hits.set(counted.hitSlots[h]!, counted.hitCounts[h]!)
            }
            expect(hits).toEqual(expected)
          }
        },
      ),
      { numRuns: 500 },
    )
  })
})

// Reading the brute force's own inputs keeps it honest about what a document holds.
describe('valuesOf', () => {
  it('reads every value of a real document', () => {
    const document = JSON.parse(
      readFileSync(`${RAC}/agent/4HyzLLjm5KXGNaM2iKttoG.json`, 'utf8'),
    ) as TextDocument
    expect(valuesOf(document).map((value) => value.words.join(' '))).toEqual(['carol kinzel uht'])
  })
})

describe('markup in every searched field', () => {
  it('reads a title’s markup as html_strip does, as the OpenSearch index reads it', () => {
    const catalogue = Catalogue.fromDocuments([
      termWithNotes('marked', 'AT&amp;T <emph>Ba</emph>nana', ['<p>Letters</p>']),
      termWithNotes('plain', 'amp emph banana', []),
    ])
    const found = (query: string) => {
      const { ids } = catalogue.data.text.search(catalogue.parse('facets', { query }).query!)
      return Array.from(ids, (id) => catalogue.data.uris.get(id))
    }
    // `&amp;` is `&`, not the word `amp`; a tag is no word, and EAD's `<emph>` separates words.
    expect(found('amp')).toEqual(['/terms/plain'])
    expect(found('emph')).toEqual(['/terms/plain'])
    expect(found('nana')).toEqual(['/terms/marked'])
    expect(found('banana')).toEqual(['/terms/plain'])
  })
})
