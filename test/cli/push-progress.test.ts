/**
 * A push's progress as an operator reads it: off a terminal (a cron job, a CI log) a plain line
 * every interval and a last one; on a terminal a bar with the same figures. Run on a clock turned
 * by hand, so the rates and times left are exact.
 */
import type { PushProgress } from '@archive-catalogue/opensearch'
import { describe, expect, it } from 'vitest'
import type { CliIo } from '../../packages/cli/src/index.js'
import type { Clock } from '../../packages/cli/src/support/clock.js'
import { pushProgress } from '../../packages/cli/src/support/push-progress.js'

/** An io whose stderr is kept: a terminal's or a pipe's. */
function stderrOf(
  isTTY: boolean,
  env: Record<string, string> = {},
): { io: CliIo; written: () => string } {
  let written = ''
  const stderr = {
    isTTY,
    columns: 120,
    write(chunk: string) {
      written += chunk
      return true
    },
  }
  const io = { stdout: { write: () => true }, stderr, env, isTTY } as unknown as CliIo
  return { io, written: () => written }
}

/** A clock turned by hand: `advance` moves the time and fires the timers due on the way. */
function manualClock() {
  let now = 0
  const timers: { ms: number; next: number; tick: () => void; cancelled: boolean }[] = []
  const clock: Clock = {
    now: () => now,
    every(ms, tick) {
      const timer = { ms, next: now + ms, tick, cancelled: false }
      timers.push(timer)
      return () => {
        timer.cancelled = true
      }
    },
  }
  const advance = (to: number) => {
    for (;;) {
      const due = timers
        .filter((timer) => !timer.cancelled && timer.next <= to)
        .sort((a, b) => a.next - b.next)[0]
      if (!due) break
      now = due.next
      due.next += due.ms
      due.tick()
    }
    now = to
  }
  return { clock, advance, timers }
}

/** The escape that starts a terminal's control sequences. */
const ESC = String.fromCharCode(27)

const report = (documents: number, bytesRead: number, indexed: number): PushProgress => ({
  documents,
  bytesRead,
  totalBytes: 100,
  indexed,
})

describe('pushProgress', () => {
  describe('off a terminal', () => {
    it('prints a line each interval with the figures, and a last one when stopped', () => {
      const { io, written } = stderrOf(false)
      const { clock, advance } = manualClock()
      const progress = pushProgress(io, { clock, intervalMs: 5000 })
      advance(1000)
      progress.update(report(20_000, 25, 18_000))
      advance(5999)
      expect(written()).toBe('')
      // The first line 5 s after the first report: 6 s in, a quarter of the bytes read.
      advance(6000)
      expect(written()).toBe(
        'Pushing: 20,000 documents read (25%), 18,000 indexed, 3,000 documents/s, about 18 s left\n',
      )
      advance(8000)
      progress.update(report(80_000, 100, 75_000))
      advance(11_000)
      progress.update(report(80_000, 100, 80_000))
      advance(15_000)
      progress.stop()
      expect(written().split('\n').slice(1)).toEqual([
        'Pushing: 80,000 documents read (100%), 75,000 indexed, 6,818 documents/s, finishing',
        'Pushing: 80,000 documents read (100%), 80,000 indexed, 5,333 documents/s, 15 s elapsed',
        '',
      ])
    })

    it('says what the push waits for once every document is in: the merge, then the replicas', () => {
      const { io, written } = stderrOf(false)
      const { clock, advance } = manualClock()
      const progress = pushProgress(io, { clock, intervalMs: 10_000 })
      progress.update(report(80_000, 100, 80_000))
      progress.update({ ...report(80_000, 100, 80_000), stage: 'merging' })
      advance(10_000)
      progress.update({ ...report(80_000, 100, 80_000), stage: 'replicas' })
      advance(20_000)
      progress.stop()
      expect(written().split('\n')).toEqual([
        'Pushing: 80,000 documents read (100%), 80,000 indexed, 8,000 documents/s, merging the segments',
        'Pushing: 80,000 documents read (100%), 80,000 indexed, 4,000 documents/s, making the replicas',
        'Pushing: 80,000 documents read (100%), 80,000 indexed, 4,000 documents/s, 20 s elapsed',
        '',
      ])
    })

    it('says the time left in minutes and seconds', () => {
      const { io, written } = stderrOf(false)
      const { clock, advance } = manualClock()
      const progress = pushProgress(io, { clock, intervalMs: 100_000 })
      progress.update(report(344_000, 41, 342_000))
      advance(100_000)
      progress.stop()
      expect(written().split('\n')[0]).toBe(
        'Pushing: 344,000 documents read (41%), 342,000 indexed, 3,420 documents/s, about 2 min 24 s left',
      )
    })

    it('repeats the line while no report comes, its rate falling (a busy cluster)', () => {
      const { io, written } = stderrOf(false)
      const { clock, advance } = manualClock()
      const progress = pushProgress(io, { clock, intervalMs: 1000 })
      progress.update(report(2000, 50, 2000))
      advance(2000)
      progress.stop()
      expect(written()).toContain('2,000 indexed, 2,000 documents/s')
      expect(written()).toContain('2,000 indexed, 1,000 documents/s')
    })

    it('prints nothing for a push shorter than the interval, and nothing after a stop', () => {
      const { io, written } = stderrOf(false)
      const { clock, advance, timers } = manualClock()
      const progress = pushProgress(io, { clock, intervalMs: 5000 })
      progress.update(report(192, 100, 192))
      advance(1200)
      progress.stop()
      progress.update(report(192, 100, 192))
      advance(60_000)
      expect(written()).toBe('')
      expect(timers.every((timer) => timer.cancelled)).toBe(true)
    })

    it('takes the interval from CATALOGUE_PROGRESS_INTERVAL_MS, the option before it', () => {
      const { clock, timers } = manualClock()
      pushProgress(stderrOf(false, { CATALOGUE_PROGRESS_INTERVAL_MS: '250' }).io, {
        clock,
      }).update(report(1, 1, 0))
      pushProgress(stderrOf(false, { CATALOGUE_PROGRESS_INTERVAL_MS: '250' }).io, {
        clock,
        intervalMs: 40,
      }).update(report(1, 1, 0))
      pushProgress(stderrOf(false).io, { clock }).update(report(1, 1, 0))
      expect(timers.map((timer) => timer.ms)).toEqual([250, 40, 5000])
    })

    it.each(['0', '2.5', 'soon', '100000000'])(
      'refuses CATALOGUE_PROGRESS_INTERVAL_MS=%s, naming it',
      (value) => {
        const { io } = stderrOf(false, { CATALOGUE_PROGRESS_INTERVAL_MS: value })
        expect(() => pushProgress(io)).toThrow(
          `CATALOGUE_PROGRESS_INTERVAL_MS expects a whole number of milliseconds from 1 to 86400000, got '${value}'`,
        )
      },
    )
  })

  describe('on a terminal', () => {
    it('draws a bar with the figures, no lines, and clears it when stopped', () => {
      const { io, written } = stderrOf(true)
      const { clock, advance, timers } = manualClock()
      const progress = pushProgress(io, { clock })
      advance(2000)
      progress.update(report(20_000, 25, 18_000))
      const drawn = written()
      expect(drawn).toContain(
        'Pushing █████░░░░░░░░░░░░░░░░░ 25% | ' +
          '20,000 documents read, 18,000 indexed, 9,000 documents/s, about 6 s left',
      )
      expect(drawn).not.toContain('\n')
      advance(30_000)
      progress.update(report(80_000, 100, 80_000))
      progress.stop()
      // The last figures are drawn once more, the bar as wide as at first (the numbers have room
      // to grow), then the line is cleared for what follows.
      expect(written().slice(drawn.length)).toContain(
        'Pushing ██████████████████████ 100% | ' +
          '80,000 documents read, 80,000 indexed, 2,667 documents/s, finishing',
      )
      const cleared = written().lastIndexOf(`${ESC}[2K`)
      expect(cleared).toBeGreaterThan(written().lastIndexOf('Pushing'))
      expect(timers).toEqual([])
      const afterStop = written().length
      progress.update(report(90_000, 100, 90_000))
      expect(written().length).toBe(afterStop)
    })

    it('names the stage on the bar, in short on a narrow terminal', () => {
      for (const [columns, words] of [
        [120, '80,000 documents read, 80,000 indexed, 40,000 documents/s, merging the segments'],
        [90, '80,000 read, 80,000 indexed, 40,000/s, merging the segments'],
      ] as const) {
        const { io, written } = stderrOf(true)
        ;(io.stderr as { columns: number }).columns = columns
        const { clock, advance } = manualClock()
        const progress = pushProgress(io, { clock })
        advance(2000)
        progress.update({ ...report(80_000, 100, 80_000), stage: 'merging' })
        expect(written()).toContain(`100% | ${words}`)
        progress.stop()
      }
    })

    it('fits the bar to a narrow terminal', () => {
      const { io, written } = stderrOf(true)
      ;(io.stderr as { columns: number }).columns = 90
      const { clock, advance } = manualClock()
      const progress = pushProgress(io, { clock })
      advance(2000)
      progress.update(report(20_000, 25, 18_000))
      progress.stop()
      const line = written()
        .split(ESC)
        .map((part) => part.replace(/^\[[\d;?]*[A-Za-z]|^[78]/, ''))
        .find((part) => part.startsWith('Pushing'))!
      expect(line).toMatch(/ 25% \| 20,000 read, 18,000 indexed, 9,000\/s, 6 s left$/)
      expect(line.length).toBeLessThan(90)
    })
  })
})
