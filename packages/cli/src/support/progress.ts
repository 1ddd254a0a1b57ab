import type { ReadProgress } from '@archive-catalogue/core'
import cliProgress from 'cli-progress'
import type { CliIo } from './io.js'

/** A progress report on stderr: `update` from `onProgress`, `stop` when done (or failed). */
export interface Progress<Report = ReadProgress> {
  update(progress: Report): void
  stop(): void
}

const silent: Progress = { update() {}, stop() {} }

/**
 * A progress bar on stderr while a catalogue is read, only when stderr is a terminal. The bar
 * appears at the first report (after 1,000 documents), so small catalogues never flash one, and
 * is cleared when done so that the next line starts clean. Once stopped it stays stopped: a
 * reload of a served catalogue reports progress through the same callback, and must not draw a
 * bar between the server's log lines.
 *
 * Off a terminal a load prints nothing (a push prints a line every few seconds: see
 * `pushProgress`): a load takes seconds to a minute, and what a log needs, the documents and the
 * time it took, is in the line the command prints when it is done.
 */
export function loadingProgress(io: CliIo, label: string): Progress {
  if (!io.stderr.isTTY) return silent
  let bar: cliProgress.SingleBar | undefined
  let stopped = false
  return {
    update({ bytesRead, totalBytes, documents }) {
      if (stopped) return
      if (!bar) {
        bar = new cliProgress.SingleBar({
          stream: io.stderr as NodeJS.WritableStream,
          format: `${label} {bar} {percentage}% | {documents} documents`,
          barCompleteChar: '█',
          barIncompleteChar: '░',
          clearOnComplete: true,
          hideCursor: true,
        })
        bar.start(Math.max(totalBytes, 1), 0, { documents: 0 })
      }
      bar.update(bytesRead, { documents: documents.toLocaleString('en-US') })
    },
    stop() {
      stopped = true
      bar?.stop()
    },
  }
}
