import type { ReadProgress } from '@archive-catalogue/core'
import cliProgress from 'cli-progress'
import type { CliIo } from './io.js'

/** A loading progress bar: `update` from `onProgress`, `stop` when done (or failed). */
export interface Progress {
  update(progress: ReadProgress): void
  stop(): void
}

const silent: Progress = { update() {}, stop() {} }

/**
 * A progress bar on stderr while a catalogue is read, only when stderr is a terminal. The bar
 * appears at the first report (after 1,000 documents), so small catalogues never flash one, and
 * is cleared when done so that the next line starts clean. Once stopped it stays stopped: a
 * reload of a served catalogue reports progress through the same callback, and must not draw a
 * bar between the server's log lines.
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
