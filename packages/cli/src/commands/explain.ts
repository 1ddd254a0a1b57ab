import type { ExplainSource, Explanation } from '@archive-catalogue/core'
import { catalogueOptions, openCatalogue } from '../support/catalogue.js'
import { defineCommand } from '../support/command.js'
import { renderExplanation } from '../support/explanation-tree.js'
import { styleFor } from '../support/format.js'
import { write } from '../support/io.js'
import { openOpenSearch, openSearchOptions } from '../support/opensearch.js'
import { printJson } from '../support/output.js'
import { CommandError, EXIT, UsageError } from '../support/usage-errors.js'

/** `catalogue explain <query> <uri>`: why a record scores what it does for a query. */
export const explain = defineCommand({
  name: 'explain',
  summary: 'Explain why a record ranks where it does for a query: its score as a tree',
  args: '<query> <uri>',
  description:
    'Prints the score relevance ranks the record by for the query (as `catalogue search`\n' +
    'and GET /search order them) and what it is made of: each place the query matches in\n' +
    '(the title and description, each note, each term), and for each word there its BM25:\n' +
    'boost, idf (how rare the word is) and tf (how often it stands there, for the length of\n' +
    "the text). With --opensearch, the node's own explanation (Lucene's). Exits 1 when there\n" +
    'is no such record or the query does not match it.',
  options: {
    ...catalogueOptions,
    ...openSearchOptions,
    json: {
      type: 'boolean',
      description: 'print the explanation as JSON, one line: {"value", "description", "details"}',
    },
  },
  examples: [
    'catalogue explain malaria /objects/6gV72AuVwAyGoBTn8zPudL',
    'catalogue explain "public health" /objects/NgqSQ8qF8DpmKN8aURM2Fy --json | jq .value',
    'catalogue explain "rockefel* -foundation" /agents/4bqRaq9iXJza39rB2mriKR -c test/fixtures/rac',
    'catalogue explain malaria /objects/6gV72AuVwAyGoBTn8zPudL --opensearch http://127.0.0.1:9200',
  ],
  async run({ values, positionals }, io) {
    if (positionals.length !== 2) {
      throw new UsageError(
        `expects a query and a uri (catalogue explain <query> <uri>), got ${positionals.length} argument${positionals.length === 1 ? '' : 's'}; quote a query of several words`,
        'explain',
      )
    }
    const query = positionals[0]!
    const uri = recordUri(positionals[1]!)
    const remote = await openOpenSearch(values, 'explain')
    let explainer: ExplainSource
    if (remote) explainer = remote
    else {
      const { catalogue } = await openCatalogue(io, {
        path: values.catalogue,
        skipInvalid: values['skip-invalid'],
        language: values.language,
        format: values.format,
      })
      explainer = catalogue
    }
    let explanation: Explanation | null
    try {
      explanation = await explainer.explain(query, uri)
    } finally {
      await remote?.close()
    }
    if (!explanation) {
      throw new CommandError(
        `The query "${query}" does not match ${uri}: it has no score there. (/search ranks a ` +
          'group, a top-level collection or agent, by the best-scoring record in it: explain that record.)',
      )
    }
    if (values.json) {
      await printJson(io, explanation)
      return EXIT.ok
    }
    const style = styleFor(io)
    await write(io.stdout, renderExplanation(explanation, style) + style.dim(HOW_TO_READ))
    return EXIT.ok
  },
})

/** Under the tree: what its numbers mean, for a reader who has not met BM25. */
const HOW_TO_READ =
  '\nA word scores boost × idf × tf in each place it stands: idf is higher the rarer the word\n' +
  '(n of N), tf the more often it stands there and the shorter the text is (dl against avgdl).\n' +
  "A record's places add up; its notes and its terms are each averaged over those that match.\n"

/** `/collections/abc` as is; `collections/abc` and full URLs (`https://host/collections/abc`) reduced to it. */
function recordUri(given: string): string {
  if (/^https?:\/\//i.test(given)) return new URL(given).pathname
  return given.startsWith('/') ? given : `/${given}`
}
