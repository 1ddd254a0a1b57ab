/**
 * The full-text query of API.md §4 in OpenSearch's query DSL. The query as written
 * (`request.syntax`) is shaped as every backend shapes it (the core's `readQuery`: what vanishes,
 * how operators combine), and its words, phrases, prefixes and fuzzy words become leaves that
 * OpenSearch analyzes with the index's own analyzers.
 *
 * A leaf matches a document when it matches any of its searchable values, and the operators
 * combine documents, not fields: `-word` excludes a document holding the word anywhere,
 * `nelson rockefeller` needs both somewhere in it, as the in-memory engine reads them. A phrase
 * stays in one value (the mapping keeps 100 positions between the values of an array, and a
 * slop is at most 10).
 */
import {
  analyzerFor,
  type QueryLeaves,
  type QuerySyntax,
  type QueryTree,
  readQuery,
  type TextLanguage,
} from '@archive-catalogue/core'
import { DERIVED } from './index-body.js'

type Dsl = Record<string, unknown>

/** What OpenSearch is asked of one searchable value. */
type TextLeaf =
  | { kind: 'text'; text: string; slop: number }
  | { kind: 'prefix'; prefix: string }
  | { kind: 'fuzzy'; word: string; edits: number }

/**
 * A fuzzy word reads at most this many index terms per field (Lucene's top terms by
 * similarity; the in-memory engine keeps a prefix's bound of its most frequent): below
 * OpenSearch's default limit of 1,024 clauses.
 */
const FUZZY_EXPANSIONS = 1000

/** The title weighs 5 times the other values, as in the reference's query. */
const TITLE_BOOST = 5

/**
 * The DSL of a full-text query as written, for an index whose text is in `language`.
 * @example fullTextQuery(parseQuerySyntax('malaria -italy')!, 'english')
 */
export function fullTextQuery(syntax: QuerySyntax, language: TextLanguage = 'english'): Dsl {
  return treeQuery(readQuery(syntax, textLeaves(language)))
}

/**
 * Leaves as OpenSearch reads them. Whether a word or phrase has anything to search is the
 * core's analysis of the same language (the index's analyzers are built to agree with it), so
 * `the | apple` vanishes to `apple` on both backends.
 */
function textLeaves(language: TextLanguage): QueryLeaves<TextLeaf> {
  const analyzer = analyzerFor(language)
  return {
    text: (text, slop) =>
      analyzer.positions(text).some((term) => term !== null) ? { kind: 'text', text, slop } : null,
    prefix: (prefix) => ({ kind: 'prefix', prefix }),
    fuzzy: (word, edits) => ({ kind: 'fuzzy', word, edits }),
  }
}

function treeQuery(node: QueryTree<TextLeaf>): Dsl {
  switch (node.kind) {
    case 'all':
      return { match_all: {} }
    case 'nothing':
      return { match_none: {} }
    case 'not':
      return { bool: { must_not: [treeQuery(node.child)] } }
    case 'and': {
      const positives = node.children.filter((child) => child.kind !== 'not')
      const negatives = node.children.flatMap((child) =>
        child.kind === 'not' ? [child.child] : [],
      )
      // A bool of must_not only matches every document the exclusions do not: `-a -b`.
      return {
        bool: {
          ...(positives.length > 0 ? { must: positives.map(treeQuery) } : {}),
          ...(negatives.length > 0 ? { must_not: negatives.map(treeQuery) } : {}),
        },
      }
    }
    case 'or':
      return { bool: { should: node.children.map(treeQuery), minimum_should_match: 1 } }
    default:
      return anyValue((field, boost) => leafQuery(node, field, boost))
  }
}

/** One leaf against one field (`boost` for the title). */
function leafQuery(leaf: TextLeaf, field: string, boost: number): Dsl {
  switch (leaf.kind) {
    case 'text':
      return { match_phrase: { [field]: { query: leaf.text, slop: leaf.slop, boost } } }
    case 'prefix':
      // Words as written, stop words left out: `.words` (lowercased, accents folded).
      return { prefix: { [`${field}.words`]: { value: leaf.prefix, boost } } }
    case 'fuzzy':
      return {
        fuzzy: {
          [field]: {
            value: leaf.word,
            fuzziness: leaf.edits,
            transpositions: true,
            prefix_length: 0,
            max_expansions: FUZZY_EXPANSIONS,
            boost,
          },
        },
      }
  }
}

/**
 * A leaf in any searchable value of a document: its title, an agent's description, its notes'
 * paragraphs and list items, its terms' titles. Notes and terms are nested documents, each
 * value of its own.
 */
function anyValue(leaf: (field: string, boost: number) => Dsl): Dsl {
  return {
    bool: {
      should: [
        leaf('title', TITLE_BOOST),
        leaf('description', 1),
        { nested: { path: 'notes', query: leaf('notes.subnotes.content', 1), score_mode: 'avg' } },
        leaf(`${DERIVED}.note_items`, 1),
        { nested: { path: 'terms', query: leaf('terms.title', 1), score_mode: 'avg' } },
      ],
      minimum_should_match: 1,
    },
  }
}
