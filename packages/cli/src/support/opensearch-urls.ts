import { UsageError } from './usage-errors.js'

/**
 * The nodes of `--opensearch`: each value may name several URLs separated by commas, and the
 * option may be repeated (`--opensearch URL1,URL2`, `--opensearch URL1 --opensearch URL2`).
 * Undefined when the option was not given.
 *
 * Every URL is checked, before anything connects, by the OpenSearch package's own `nodeUrls`
 * (loaded only here, when the option is given): a bad one is a usage error naming it and its
 * place, and a node given twice is kept once, so the client does not weigh it double.
 * @example await openSearchUrls(['http://a:9200,http://b:9200', 'http://a:9200/'], 'push') // ['http://a:9200', 'http://b:9200']
 */
export async function openSearchUrls(
  values: readonly string[] | undefined,
  command: string,
): Promise<string[] | undefined> {
  if (values === undefined || values.length === 0) return undefined
  const { nodeUrls, OpenSearchError } = await import('@archive-catalogue/opensearch')
  try {
    return nodeUrls(values, '--opensearch')
  } catch (error) {
    if (error instanceof OpenSearchError && error.code === 'E_BAD_URL') {
      throw new UsageError(error.message, command)
    }
    throw error
  }
}

/**
 * The URLs as the OpenSearch package takes them: one node's URL as a string (a single-node
 * client, as before lists were taken), several as an array.
 */
export function clusterUrl(urls: readonly string[]): string | string[] {
  return urls.length === 1 ? urls[0]! : [...urls]
}
