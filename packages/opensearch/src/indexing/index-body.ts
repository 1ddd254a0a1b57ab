/**
 * The settings and mapping of a catalogue index. The reference service's mapping (`rac_es`)
 * searches `title^5`, `description`, nested `notes.subnotes.content` and nested `terms.title`;
 * this one keeps those fields and analysis and adds what the API's filters, facets, sorts,
 * grouping and tree need, and what the query syntax needs beyond the reference (prefixes over
 * words as written, phrases that never run from one value into the next).
 */
import type { TextLanguage } from '@archive-catalogue/core'
import {
  analysisSettings,
  SORT_NORMALIZER,
  TEXT_ANALYZER,
  TITLE_WORDS_ANALYZER,
  WORDS_ANALYZER,
} from './analysis.js'

/** Where the values computed at push time live (see `derivedFields`); not in `_source`. */
export const DERIVED = 'derived'

/**
 * Lucene refuses a term over 32,766 bytes, and with it the whole document: a keyword longer than
 * this many characters (4 bytes each at most) is left out of the index instead.
 */
const KEYWORD_LIMIT = 8191

const keyword = { type: 'keyword', ignore_above: KEYWORD_LIMIT } as const

/** Words as written, with every prefix up to five characters indexed as a term of its own. */
const words = {
  type: 'text',
  analyzer: WORDS_ANALYZER,
  // `hist*` becomes one term lookup rather than a walk over every word beginning so.
  index_prefixes: { min_chars: 1, max_chars: 5 },
  // Positions: a prefix may end a phrase.
  index_options: 'positions',
} as const

/**
 * Analyzed text: the language's analyzer, positions for phrases, and 100 positions between
 * the values of an array, so no phrase runs from one note paragraph or term title into the next
 * (the core keeps its values apart the same way).
 */
function text(fields: Record<string, object> = {}) {
  return {
    type: 'text',
    analyzer: TEXT_ANALYZER,
    index_options: 'positions',
    position_increment_gap: 100,
    fields: { words: { ...words, position_increment_gap: 100 }, ...fields },
  } as const
}

/** The settings and mappings of a new catalogue index, for `indices.create`. */
export interface IndexBody {
  settings: Record<string, unknown>
  mappings: Record<string, unknown>
}

/**
 * The body that creates an index for a catalogue whose text is in `language`. The number of
 * replicas and the refresh interval are the loading ones (none, never): `pushCatalogue` sets
 * the serving ones once every document is in.
 * @example await client.indices.create({ index: 'catalogue-1', body: indexBody('english') })
 */
export function indexBody(
  language: TextLanguage = 'english',
  options: { shards?: number | undefined } = {},
): IndexBody {
  return {
    settings: {
      // A catalogue (a million documents, a few GB) fits one shard, and one shard scores
      // every document against the same term statistics.
      number_of_shards: options.shards ?? 1,
      number_of_replicas: 0,
      refresh_interval: '-1',
      // A document's notes, terms, creators and ancestors are nested documents: a long finding
      // aid must not fail its bulk on the default cap of 10,000.
      'mapping.nested_objects.limit': 100_000,
      analysis: analysisSettings(language),
    },
    mappings: {
      // Unknown fields stay in _source but are not indexed, so a document the schema allows
      // (extra fields included) never fails a bulk over a mapping conflict, and the mapping
      // never grows: `strict` would refuse documents the catalogue accepts.
      dynamic: false,
      // _source is the document exactly as pushed, for the core's shapers; derived values are
      // indexed only (a catalogue is reindexed by pushing it again, never from _source).
      _source: { excludes: [DERIVED] },
      properties: {
        uri: keyword,
        type: keyword,
        category: keyword,
        // title^5 in the reference's query; `keyword` for the agents' and terms' title
        // filter (exact, prefix, wildcard: as written), `sort` for sorting.
        // `suggest`: every word as written, for the spelling suggestions (`/search/suggest`).
        title: text({
          keyword,
          sort: { ...keyword, normalizer: SORT_NORMALIZER },
          suggest: {
            type: 'text',
            analyzer: TITLE_WORDS_ANALYZER,
            index_options: 'docs',
            norms: false,
          },
        }),
        // An agent's own description (the reference's `description` field).
        description: text(),
        agent_type: keyword,
        term_type: keyword,
        level: keyword,
        online: { type: 'boolean' },
        // The `genre` filter and the format facet.
        formats: keyword,
        // The order among siblings: any number (only the order counts).
        position: { type: 'double' },
        // As written (a bare id or a path); `derived.parent` is the resolved uri.
        parent: keyword,
        notes: {
          type: 'nested',
          properties: {
            type: keyword,
            title: text(),
            subnotes: { properties: { type: keyword, content: text() } },
          },
        },
        // The subject filter and facet read `terms.title.keyword`; full text `terms.title`.
        terms: { type: 'nested', properties: reference({ title: text({ keyword }) }) },
        // The creator filter, facet and sort (collections' creators).
        creators: { type: 'nested', properties: reference({ title: keyword }) },
        ancestors: { type: 'nested', properties: reference({ title: keyword }) },
        // One result per group on /search (collapse on group.identifier), and the group's own
        // title, dates and creators sort /search. Every /search counts its groups with a composite
        // aggregation on the identifier: its global ordinals are built as the push refreshes,
        // not by the first reader (0.7 s at 1M documents).
        group: {
          properties: {
            identifier: { ...keyword, eager_global_ordinals: true },
            category: keyword,
            title: { ...keyword, fields: { sort: { ...keyword, normalizer: SORT_NORMALIZER } } },
            creators: { properties: { title: keyword, identifier: keyword } },
          },
        },
        [DERIVED]: {
          properties: {
            // Years as integers, one per date: `start_date__gte=1950` is "any begin year ≥
            // 1950", a range on an array; sorts take the min (ascending) or max (descending).
            begin_years: { type: 'integer' },
            end_years: { type: 'integer' },
            group_begin_years: { type: 'integer' },
            group_end_years: { type: 'integer' },
            // The parent's uri (`/collections/<id>`) whether `parent` was an id or a path.
            parent: keyword,
            // The text of list items in notes, which the core searches with the notes.
            note_items: text(),
            // The `agent` filter: the names of the people, organizations, families and
            // creators a collection or an object names (none for agents and terms). An index
            // pushed before it had this field finds nothing by it: push the catalogue again.
            agents: keyword,
            // The document's index in catalogue order: ties in every sort, unsorted lists.
            order: { type: 'integer' },
            // OAI-PMH: a hash of the document's JSON and when that content was first pushed,
            // in seconds (`datestamps.ts`): harvests filter and report by it.
            content_hash: { type: 'long', index: false },
            datestamp: { type: 'long' },
          },
        },
      },
    },
  }
}

/** A link to another document (creator, subject, ancestor): its id, uri and type as keywords. */
function reference(fields: Record<string, object>) {
  return { identifier: keyword, uri: keyword, type: keyword, ...fields }
}
