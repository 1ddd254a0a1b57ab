/**
 * The loading progress bar draws while the first load runs and never after it stopped: a served
 * catalogue's reloads report progress through the same callback, between the server's log lines.
 */
import { describe, expect, it } from 'vitest'
import type { CliIo } from '../../packages/cli/src/index.js'
import { loadingProgress } from '../../packages/cli/src/support/progress.js'

/** A terminal's io whose stderr is kept. */
function terminal(): { io: CliIo; written: () => string } {
  let written = ''
  const stderr = {
    isTTY: true,
    columns: 80,
    write(chunk: string) {
      written += chunk
      return true
    },
  }
  const io = { stdout: { write: () => true }, stderr, env: {}, isTTY: true } as unknown as CliIo
  return { io, written: () => written }
}

describe('loadingProgress', () => {
  it('draws on a terminal until stopped, and nothing after', () => {
    const { io, written } = terminal()
    const progress = loadingProgress(io, 'Loading')
    progress.update({ bytesRead: 10, totalBytes: 100, documents: 1000 })
    expect(written()).toContain('Loading')
    progress.stop()
    const afterStop = written().length
    progress.update({ bytesRead: 50, totalBytes: 100, documents: 5000 })
    expect(written().length).toBe(afterStop)
  })

  it('draws nothing after a stop that came before any report (a small first load)', () => {
    const { io, written } = terminal()
    const progress = loadingProgress(io, 'Loading')
    progress.stop()
    // A reload of a larger catalogue, reported through the same callback.
    progress.update({ bytesRead: 10, totalBytes: 100, documents: 1000 })
    expect(written()).toBe('')
  })
})
