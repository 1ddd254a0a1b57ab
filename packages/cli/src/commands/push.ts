import {
  describeProblem,
  describeWarning,
  isTextLanguage,
  TEXT_LANGUAGES,
  type TextLanguage,
} from '@archive-catalogue/core'
import type { PushResult } from '@archive-catalogue/opensearch'
import { formatOf, formatOption, writeWarnings } from '../support/catalogue.js'
import { defineCommand, onePositional } from '../support/command.js'
import { formatCount, plural } from '../support/format.js'
import { interruption } from '../support/interruption.js'
import { write } from '../support/io.js'
import { clusterUrl, openSearchUrls } from '../support/opensearch-urls.js'
import { pushProgress } from '../support/push-progress.js'
import { withSkipInvalidHint } from '../support/refusals.js'
import { CommandError, EXIT, UsageError } from '../support/usage-errors.js'

/** `catalogue push <catalogue> --opensearch URL[,URL…]`: the catalogue into OpenSearch, behind an alias. */
export const push = defineCommand({
  name: 'push',
  summary: 'Push a catalogue into OpenSearch, behind an alias moved only when it is all in',
  args: '<catalogue>',
  description:
    'Reads a catalogue (NDJSON, JSON, a folder, EAD finding aids or a snapshot), validates every\n' +
    'document, and writes it in bulk into a new OpenSearch index <alias>-<time>. Only when every\n' +
    'document is in, each shard merged into one segment and the replicas made, is the alias\n' +
    'moved onto it, in one atomic action, and the old index deleted: readers of the alias never\n' +
    'see half a catalogue. Any invalid or refused document (named by file and line) refuses the\n' +
    'push; the new index is removed and the alias left as it was.\n' +
    'Give every node of the cluster (comma-separated, or --opensearch again): the push goes on\n' +
    'while one of them answers. On a terminal a bar shows the progress; elsewhere (a cron job,\n' +
    'a CI log) a line every 5 s does (CATALOGUE_PROGRESS_INTERVAL_MS sets the interval).',
  options: {
    opensearch: {
      type: 'string',
      multiple: true,
      value: 'url',
      description: 'the cluster (required): a node, e.g. http://127.0.0.1:9200; several: URL,URL',
    },
    index: {
      type: 'string',
      value: 'name',
      description: 'the alias readers search (default catalogue)',
    },
    language: {
      type: 'string',
      value: 'name',
      description: `language of the text: ${TEXT_LANGUAGES.join(', ')} (default english, or a snapshot's)`,
    },
    shards: {
      type: 'string',
      value: 'n',
      description: 'primary shards of the new index; more spread a large catalogue (default 1)',
    },
    replicas: {
      type: 'string',
      value: 'n|auto',
      description: 'copies of each shard once loaded; auto: 1 on two nodes or more (default auto)',
    },
    sniff: {
      type: 'boolean',
      description: "find the cluster's other nodes from those given, and push through them too",
    },
    'no-merge': {
      type: 'boolean',
      description:
        'leave the segments as loaded (default: each shard merged into one, read faster)',
    },
    format: formatOption,
    'skip-invalid': {
      type: 'boolean',
      description: 'push the valid documents and warn about the others instead of refusing',
    },
  },
  examples: [
    'catalogue push data/sample.ndjson --opensearch http://127.0.0.1:9200',
    'catalogue push export/ --opensearch http://search:9200 --index archive --skip-invalid',
    'catalogue push finding-aids/ --format ead --opensearch http://127.0.0.1:9200',
    'catalogue push export/ --opensearch http://node1:9200,http://node2:9200,http://node3:9200 --shards 3 --replicas 1',
  ],
  async run({ values, positionals }, io) {
    const path = onePositional(positionals, '<catalogue>', 'push')
    const urls = await openSearchUrls(values.opensearch, 'push')
    if (urls === undefined) throw new UsageError('missing --opensearch <url>', 'push')
    // Every usage error before the first request: nothing is created for a mistyped option.
    const options = {
      url: clusterUrl(urls),
      index: values.index,
      language: languageOf(values.language),
      format: formatOf(values.format, 'push'),
      skipInvalid: values['skip-invalid'],
      shards: shardsOf(values.shards),
      replicas: replicasOf(values.replicas),
      sniff: values.sniff,
      merge: !values['no-merge'],
    }
    // Loaded here, not at the top: the OpenSearch client is a fifth of every command's start.
    const { OpenSearchError, pushCatalogue } = await import('@archive-catalogue/opensearch')
    const progress = pushProgress(io)
    const interrupt = interruption(io)
    try {
      const result = await pushCatalogue(path, {
        ...options,
        onProgress: (report) => progress.update(report),
        onNotice: (message) => io.stderr.write(`${message}\n`),
        signal: interrupt.signal,
      })
      progress.stop()
      // What reading EAD warned about, capped as serve and validate cap theirs.
      writeWarnings(io, result.warnings.map(describeWarning))
      if (result.skipped.length > 0) {
        io.stderr.write(`Skipped ${plural(result.skipped.length, 'invalid document')} of ${path}\n`)
        writeWarnings(
          io,
          result.skipped.flatMap((document) =>
            document.problems.map((problem) => describeProblem(document, problem)),
          ),
        )
      }
      const seconds = result.milliseconds / 1000
      const rate = Math.round(result.documents / Math.max(seconds, 0.001))
      await write(
        io.stdout,
        `Pushed ${plural(result.documents, 'document')} to ${result.index} in ${seconds.toFixed(1)} s ` +
          `(${formatCount(rate)} documents/s)\n${aliasLines(result)}`,
      )
      return EXIT.ok
    } catch (error) {
      progress.stop()
      // The cluster's errors name the URL or the documents: a message, not a stack.
      if (error instanceof OpenSearchError) throw new CommandError(error.message, { cause: error })
      throw withSkipInvalidHint(error, 'push')
    } finally {
      interrupt.dispose()
    }
  },
})

/** Where the alias went, what was deleted, and what is still in the cluster. */
function aliasLines({ alias, index, previous, removed, left }: PushResult): string {
  const deleted = previous.filter((old) => !left.includes(old))
  const moved =
    previous.length === 0
      ? ' (new alias)'
      : deleted.length > 0
        ? `; deleted ${deleted.join(', ')}`
        : ''
  return (
    `Alias ${alias} → ${index}${moved}\n` +
    (removed.length > 0 ? `Removed ${removed.join(', ')}, left by failed pushes\n` : '') +
    (left.length > 0
      ? `Not deleted: ${left.join(', ')} (the next push removes it, unless a push is writing it)\n`
      : '')
  )
}

/** `--shards`: primary shards, a whole number from 1. */
function shardsOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const shards = wholeNumber(value)
  if (shards === undefined || shards < 1) {
    throw new UsageError(`--shards expects a whole number, 1 or more, got '${value}'`, 'push')
  }
  return shards
}

/** `--replicas`: a whole number from 0, or `auto` (one on two nodes or more, none on one). */
function replicasOf(value: string | undefined): number | 'auto' | undefined {
  if (value === undefined || value === 'auto') return value
  const replicas = wholeNumber(value)
  if (replicas === undefined) {
    throw new UsageError(
      `--replicas expects a whole number, 0 or more, or auto, got '${value}'`,
      'push',
    )
  }
  return replicas
}

function wholeNumber(value: string): number | undefined {
  const number = Number(value)
  return /^\d+$/.test(value) && Number.isSafeInteger(number) ? number : undefined
}

function languageOf(value: string | undefined): TextLanguage | undefined {
  if (value === undefined) return undefined
  if (!isTextLanguage(value)) {
    throw new UsageError(
      `--language expects one of ${TEXT_LANGUAGES.join(', ')}, got '${value}'`,
      'push',
    )
  }
  return value
}
