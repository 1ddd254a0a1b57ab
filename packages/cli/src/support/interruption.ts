import type { CliIo } from './io.js'
import { CommandError } from './usage-errors.js'

/**
 * The signal that stops the push: the caller's, else Ctrl-C or SIGTERM, caught so the push can
 * delete the index it was writing (the alias was never moved) before the command ends.
 */
export function interruption(io: CliIo): { signal: AbortSignal | undefined; dispose(): void } {
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
