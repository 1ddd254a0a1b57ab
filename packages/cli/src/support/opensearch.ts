/**
 * `--opensearch URL[,URL…] [--index NAME]` on the commands that read a catalogue: the same
 * answers from a catalogue pushed into OpenSearch (`catalogue push`) instead of one loaded in
 * memory. Several nodes spread the requests, and one that stops answering is left out.
 */
import {
  type CatalogueBackend,
  type CitationOptions,
  isTextLanguage,
  TEXT_LANGUAGES,
} from '@archive-catalogue/core'
import { openCatalogue } from './catalogue.js'
import type { OptionSpec } from './command.js'
import type { CliIo } from './io.js'
import { clusterUrl, openSearchUrls } from './opensearch-urls.js'
import { UsageError } from './usage-errors.js'

/** The options that read the catalogue from OpenSearch. */
export const openSearchOptions = {
  opensearch: {
    type: 'string',
    multiple: true,
    value: 'url',
    description:
      'answer from the catalogue pushed to OpenSearch at this URL; several nodes: URL,URL or repeat it',
  },
  index: {
    type: 'string',
    value: 'name',
    description: 'with --opensearch: the alias to read (default catalogue)',
  },
  sniff: {
    type: 'boolean',
    description:
      "with --opensearch: find the cluster's other nodes from those given, and use them too",
  },
} as const satisfies Record<string, OptionSpec>

/**
 * The OpenSearch backend of `--opensearch`, or undefined without it. The package is loaded only
 * then, so commands over a file never load the OpenSearch client.
 */
export async function openOpenSearch(
  values: { opensearch?: string[]; index?: string; language?: string; sniff?: boolean },
  command: string,
  options: { maxLimit?: number; baseUrl?: string; citation?: CitationOptions } = {},
) {
  const urls = await openSearchUrls(values.opensearch, command)
  if (urls === undefined) {
    if (values.index !== undefined)
      throw new UsageError('--index needs --opensearch <url>', command)
    if (values.sniff) throw new UsageError('--sniff needs --opensearch <url>', command)
    return undefined
  }
  const language = values.language
  if (language !== undefined && !isTextLanguage(language)) {
    throw new UsageError(
      `--language expects one of ${TEXT_LANGUAGES.join(', ')}, got '${language}'`,
      command,
    )
  }
  const { OpenSearchBackend } = await import('@archive-catalogue/opensearch')
  return OpenSearchBackend.open({
    url: clusterUrl(urls),
    ...(values.index !== undefined ? { index: values.index } : {}),
    ...(language !== undefined ? { language } : {}),
    ...(values.sniff ? { sniff: true } : {}),
    ...options,
  })
}

/**
 * The backend a catalogue-reading command answers from: OpenSearch with `--opensearch`, else the
 * catalogue loaded in memory (path, --catalogue, CATALOGUE or the sample). `close` ends the
 * OpenSearch client's connections (a no-op in memory).
 */
export async function openBackend(
  io: CliIo,
  values: {
    opensearch?: string[] | undefined
    index?: string | undefined
    catalogue?: string | undefined
    'skip-invalid'?: boolean | undefined
    language?: string | undefined
    format?: string | undefined
    sniff?: boolean | undefined
  },
  command: string,
): Promise<{ backend: CatalogueBackend; close: () => Promise<void> }> {
  const remote = await openOpenSearch(
    {
      ...(values.opensearch !== undefined ? { opensearch: values.opensearch } : {}),
      ...(values.index !== undefined ? { index: values.index } : {}),
      ...(values.language !== undefined ? { language: values.language } : {}),
      ...(values.sniff ? { sniff: true } : {}),
    },
    command,
  )
  if (remote) return { backend: remote, close: () => remote.close() }
  const { catalogue } = await openCatalogue(io, {
    path: values.catalogue,
    skipInvalid: values['skip-invalid'],
    language: values.language,
    format: values.format,
  })
  return { backend: catalogue, close: async () => {} }
}
