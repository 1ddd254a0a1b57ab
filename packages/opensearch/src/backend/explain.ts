/**
 * Why a document scores what it does on the node: Lucene's explanation of the score `/search`
 * ranks it by, for `catalogue explain --opensearch` and the ranking test's failures.
 *
 * It is asked as a search with `explain: true`, not of the `_explain` endpoint: both return
 * Lucene's `Weight.explain` tree, but `_explain` scores with the statistics of the one shard
 * holding the document, while a search ranks with the whole index's (`dfs_query_then_fetch`,
 * `cluster.ts`); on an index of several shards only the search explains the score the ranking
 * used. The document is picked by a `post_filter`, which leaves the query, and so the tree, as
 * `/search` asks it (`query-dsl.ts`).
 */
import {
  type Explanation,
  NotFoundError,
  type ParsedRequest,
  type TextLanguage,
} from '@archive-catalogue/core'
import { type Cluster, documentsByUri, searchIndex } from './cluster.js'
import { fullTextQuery } from './query-dsl.js'

/**
 * The node's explanation of the document's score for the request's query; null when the query
 * does not match it (or has nothing to search). A `NotFoundError` naming the uri when the index
 * holds no such document.
 */
export async function explain(
  cluster: Cluster,
  language: TextLanguage,
  request: ParsedRequest,
  uri: string,
  signal?: AbortSignal,
): Promise<Explanation | null> {
  const syntax = request.syntax
  const [stored, body] = await Promise.all([
    documentsByUri(cluster, [uri], signal, ['uri']),
    syntax
      ? searchIndex(
          cluster,
          {
            query: fullTextQuery(syntax, language),
            post_filter: { ids: { values: [uri] } },
            explain: true,
            size: 1,
            _source: false,
            track_total_hits: false,
          },
          signal,
          { scored: true },
        )
      : undefined,
  ])
  if (stored[0] === null) throw new NotFoundError(`No document ${uri} in ${cluster.name}.`)
  const hit = body?.hits.hits[0] as { _explanation?: LuceneExplanation } | undefined
  return hit?._explanation ? explanationOf(hit._explanation) : null
}

/** An explanation as the node writes it (`details` left out when there are none). */
interface LuceneExplanation {
  value: number
  description: string
  details?: LuceneExplanation[]
}

function explanationOf(node: LuceneExplanation): Explanation {
  return {
    value: node.value,
    description: node.description,
    details: (node.details ?? []).map(explanationOf),
  }
}
