import {
  describeProblem,
  isTextLanguage,
  TEXT_LANGUAGES,
  type TextLanguage,
} from '@archive-catalogue/core'
import { OpenSearchError, pushCatalogue } from '@archive-catalogue/opensearch'
import { formatOf, formatOption, writeWarnings } from '../support/catalogue.js'
import { defineCommand, onePositional } from '../support/command.js'
import { formatCount, plural } from '../support/format.js'
import { type CliIo, write } from '../support/io.js'
import { loadingProgress } from '../support/progress.js'
import { CommandError, EXIT, UsageError } from '../support/usage-errors.js'

/** `catalogue push <catalogue> --opensearch URL`: the catalogue into OpenSearch, behind an alias. */
export const push = defineCommand({
  name: 'push',
  summary: 'Push a catalogue into OpenSearch, behind an alias moved only when it is all in',
  args: '<catalogue>',
  description:
    'Reads a catalogue (NDJSON, JSON, a folder, EAD finding aids or a snapshot), validates every\n' +
    'document, and writes it in bulk into a new OpenSearch index <alias>-<time>. Only when every\n' +
    'document is in is the alias moved onto it, in one atomic action, and the old index deleted:\n' +
    'readers of the alias never see half a catalogue. Any invalid or refused document (named by\n' +
    'file and line) refuses the push; the new index is removed and the alias left as it was.',
  options: {
    opensearch: {
      type: 'string',
      value: 'url',
      description: 'the cluster (required), e.g. http://127.0.0.1:9200',
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
  ],
  async run({ values, positionals }, io) {
    const path = onePositional(positionals, '<catalogue>', 'push')
    const url = values.opensearch
    if (url === undefined) throw new UsageError('missing --opensearch <url>', 'push')
    const progress = loadingProgress(io, 'Pushing')
    const interrupt = interruption(io)
    try {
      const result = await pushCatalogue(path, {
        url,
        index: values.index,
        language: languageOf(values.language),
        format: formatOf(values.format, 'push'),
        skipInvalid: values['skip-invalid'],
        onProgress: (report) => progress.update(report),
        signal: interrupt.signal,
      })
      progress.stop()
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
      const replaced =
        result.previous.length > 0 ? `; deleted ${result.previous.join(', ')}` : ' (new alias)'
      await write(
        io.stdout,
        `Pushed ${plural(result.documents, 'document')} to ${result.index} in ${seconds.toFixed(1)} s ` +
          `(${formatCount(rate)} documents/s)\n` +
          `Alias ${result.alias} → ${result.index}${replaced}\n`,
      )
      return EXIT.ok
    } catch (error) {
      progress.stop()
      // The cluster's errors name the URL or the documents: a message, not a stack.
      if (error instanceof OpenSearchError) throw new CommandError(error.message, { cause: error })
      throw error
    } finally {
      interrupt.dispose()
    }
  },
})

/**
 * The signal that stops the push: the caller's, else Ctrl-C or SIGTERM, caught so the push can
 * delete the index it was writing (the alias was never moved) before the command ends.
 */
function interruption(io: CliIo): { signal: AbortSignal | undefined; dispose(): void } {
  if (io.signal) return { signal: io.signal, dispose() {} }
  const controller = new AbortController()
  const stop = () =>
    controller.abort(
      new CommandError('Interrupted: the new index was removed and the alias left as it was'),
    )
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  return {
    signal: controller.signal,
    dispose() {
      process.off('SIGINT', stop)
      process.off('SIGTERM', stop)
    },
  }
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
