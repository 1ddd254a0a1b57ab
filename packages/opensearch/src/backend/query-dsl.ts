/**
 * The full-text query of API.md §4 in OpenSearch's query DSL. The query as written
 * (`request.syntax`) is shaped as every backend shapes it (the core's `readQuery`: what vanishes,
 * how operators combine), and its words, phrases, prefixes and fuzzy words become leaves that
 * OpenSearch analyzes with the index's own analyzers.
 *
 * Which documents match is the contract's reading, a filter: a leaf matches a document when it
 * matches any of its searchable values, and the operators combine documents, not fields: `-word`
 * excludes a document holding the word anywhere, `nelson rockefeller` needs both somewhere in it,
 * as the in-memory engine reads them. A phrase stays in one value (the mapping keeps 100
 * positions between the values of an array, and a slop is at most 10).
 *
 * How they score is the reference's query: the same tree asked of each place a document holds
 * text, the clauses added up — the title (× 5) and description together, each note (nested,
 * averaged over the notes that match), each term (nested, averaged); notes' list items are found
 * but score nothing, as the reference does not search them. The core's `QueryScorer` computes
 * the same scores in memory. Where a query matches a document exactly when one of its places
 * does (a word, a phrase, words joined by OR), the places' clauses are the filter as well.
 */
import type { TextLanguage } from '@archive-catalogue/core'
import {
  analyzerFor,
  FUZZY_EXPANSIONS,
  type QueryLeaves,
  type QuerySyntax,
  type QueryTree,
  readQuery,
} from '@archive-catalogue/core/backend'
import { DERIVED } from '../indexing/index-body.js'

type Dsl = Record<string, unknown>

/** What OpenSearch is asked of one searchable value. */
type TextLeaf =
  | { kind: 'text'; text: string; slop: number }
  | { kind: 'prefix'; prefix: string }
  | { kind: 'fuzzy'; word: string; edits: number }

/** The title weighs 5 times the other values, as in the reference's query. */
const TITLE_BOOST = 5

/**
 * The DSL of a full-text query as written, for an index whose text is in `language`.
 * @example fullTextQuery(parseQuerySyntax('malaria -italy')!, 'english')
 */
export function fullTextQuery(syntax: QuerySyntax, language: TextLanguage = 'english'): Dsl {
  const tree = readQuery(syntax, textLeaves(language))
  const inField =
    (field: string, boost = 1) =>
    (leaf: TextLeaf) =>
      leafQuery(leaf, field, boost)
  const titleAndDescription = placeQuery(tree, (leaf) => ({
    bool: {
      should: [leafQuery(leaf, 'title', TITLE_BOOST), leafQuery(leaf, 'description', 1)],
      minimum_should_match: 1,
    },
  }))
  const notes = {
    nested: {
      path: 'notes',
      query: placeQuery(tree, inField('notes.subnotes.content')),
      score_mode: 'avg',
    },
  }
  const terms = {
    nested: { path: 'terms', query: placeQuery(tree, inField('terms.title')), score_mode: 'avg' },
  }
  if (matchesInOnePlace(tree)) {
    // A document matches when one of its places does: the places that score, and the notes'
    // list items, which score nothing. Each place is read once, where a filter beside them
    // would read each twice (at a million documents, a common word's page took 0.6–0.8 of the
    // time, with the same groups and scores).
    const items = placeQuery(tree, inField(`${DERIVED}.note_items`))
    return {
      bool: {
        should: [
          titleAndDescription,
          notes,
          { constant_score: { filter: items, boost: 0 } },
          terms,
        ],
        minimum_should_match: 1,
      },
    }
  }
  return { bool: { filter: [treeQuery(tree)], should: [titleAndDescription, notes, terms] } }
}

/**
 * Whether a query matches a document exactly when it matches one place of it: a leaf, or leaves
 * joined by OR. An AND may find its words in different places, and an exclusion or `*` matches
 * every place, so those need the filter of the whole document.
 */
function matchesInOnePlace(node: QueryTree<TextLeaf>): boolean {
  switch (node.kind) {
    case 'or':
      return node.children.every(matchesInOnePlace)
    case 'all':
    case 'not':
    case 'and':
    case 'nothing':
      return false
    default:
      return true
  }
}

/**
 * The tree asked of one place (`leaf` says how a leaf reads there): what scores. An exclusion
 * or `*` matches anywhere and adds nothing (the filter has excluded the document already).
 */
function placeQuery(node: QueryTree<TextLeaf>, leaf: (leaf: TextLeaf) => Dsl): Dsl {
  switch (node.kind) {
    case 'all':
    case 'not':
      return { match_all: { boost: 0 } }
    case 'nothing':
      return { match_none: {} }
    case 'and':
      return { bool: { must: node.children.map((child) => placeQuery(child, leaf)) } }
    case 'or':
      return {
        bool: {
          should: node.children.map((child) => placeQuery(child, leaf)),
          minimum_should_match: 1,
        },
      }
    default:
      return leaf(node)
  }
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
    // Two texts are the same leaf when they analyze alike (`John` and `"john"~3`), as the core's
    // analyzed leaves are: each is kept, and scored, once.
    identity: (leaf) => {
      if (leaf.kind !== 'text') return JSON.stringify(leaf)
      const found = analyzer.positions(leaf.text)
      const first = found.findIndex((term) => term !== null)
      const terms = found.flatMap((term, at) => (term === null ? [] : [`${term}@${at - first}`]))
      return JSON.stringify({ terms, slop: terms.length > 1 ? leaf.slop : 0 })
    },
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
      // Words as written, stop words left out: `.words` (lowercased, accents folded). It
      // scores its boost wherever it matches, as Lucene's prefix query does.
      return {
        constant_score: { filter: { prefix: { [`${field}.words`]: leaf.prefix } }, boost },
      }
    case 'fuzzy':
      // Lucene rewrites a fuzzy word into a disjunction of its terms, which an OR would flatten
      // into its own and merge with the same terms of other leaves (their boosts added, one
      // leaf's statistics kept): a required clause beside the disjunction keeps it whole, and
      // each leaf scores on its own, as the core scores it.
      return {
        bool: {
          must: [fuzzyQuery(leaf, field, boost)],
          filter: [{ exists: { field } }],
        },
      }
  }
}

/** Lucene's fuzzy query on one field: the top terms by similarity, their frequencies blended. */
function fuzzyQuery(leaf: { word: string; edits: number }, field: string, boost: number): Dsl {
  return {
    fuzzy: {
      [field]: {
        value: leaf.word,
        fuzziness: leaf.edits,
        transpositions: true,
        prefix_length: 0,
        max_expansions: FUZZY_EXPANSIONS,
        rewrite: `top_terms_blended_freqs_${FUZZY_EXPANSIONS}`,
        boost,
      },
    },
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
