import type { PushProgress } from '@archive-catalogue/opensearch'
import cliProgress from 'cli-progress'
import { type Clock, systemClock } from './clock.js'
import { formatCount, formatDuration, plural } from './format.js'
import type { CliIo } from './io.js'
import type { Progress } from './progress.js'
import { UsageError } from './usage-errors.js'

/** Options of {@link pushProgress}. */
export interface PushProgressOptions {
  /**
   * Milliseconds between two lines when stderr is not a terminal.
   * @default `CATALOGUE_PROGRESS_INTERVAL_MS`, else 5000
   */
  intervalMs?: number | undefined
  /** What the rate, the time left and the lines go by. @default the system's */
  clock?: Clock | undefined
}

/** A line every 5 s: often enough to see a push move (or stall), few enough for a log. */
const DEFAULT_PROGRESS_INTERVAL_MS = 5000

/** The variable that sets the interval of the lines (tests set it low). */
const PROGRESS_INTERVAL_VARIABLE = 'CATALOGUE_PROGRESS_INTERVAL_MS'

/**
 * How far a push is, on stderr, from its first report on. On a terminal, a bar of the bytes read
 * with the documents read and indexed, the rate and the time left, cleared when the push ends.
 * Elsewhere (a cron job, a CI log), where a bar's carriage returns would make one endless line,
 * a plain line every few seconds with the same figures:
 *
 * `Pushing: 412,000 documents read (41%), 410,000 indexed, 3,420 documents/s, about 2 min 50 s left`
 *
 * The lines come from a timer, not from the reports, so a push held up by a busy cluster still
 * shows in the log, its rate falling. When it ends a last line gives the final figures, if any
 * line came before: a push shorter than the interval prints none (its summary is the command's).
 */
export function pushProgress(io: CliIo, options: PushProgressOptions = {}): Progress<PushProgress> {
  const intervalMs = options.intervalMs ?? intervalFromEnv(io.env) ?? DEFAULT_PROGRESS_INTERVAL_MS
  const clock = options.clock ?? systemClock
  const started = clock.now()
  const figures = (report: PushProgress) => pushFigures(report, (clock.now() - started) / 1000)
  return io.stderr.isTTY ? pushBar(io, figures) : pushLines(io, figures, intervalMs, clock)
}

/** A push at one moment, as an operator reads it. */
interface PushFigures {
  documents: number
  indexed: number
  /** The share of the bytes read, 0 to 1; undefined when the size is unknown. */
  share: number | undefined
  /** Documents indexed per second since the push began. */
  rate: number
  /** Whole seconds left; undefined before the first byte, 0 once every byte is read. */
  secondsLeft: number | undefined
  seconds: number
  /** What the push waits for once every document is in (`PushProgress.stage`). */
  stage: PushProgress['stage']
}

/** What a push's last steps are called where the time left would be. */
const STAGE_WORDS: Record<NonNullable<PushProgress['stage']>, string> = {
  merging: 'merging the segments',
  replicas: 'making the replicas',
}

function pushFigures(report: PushProgress, seconds: number): PushFigures {
  const { documents, indexed, bytesRead, totalBytes, stage } = report
  const known = totalBytes > 0 && bytesRead > 0
  // Bytes, not documents: the size of the whole is known from the start, its count is not. The
  // bytes left should take as long each as those read took (reading waits on the cluster, so
  // this is the indexing rate too).
  const secondsLeft = known
    ? Math.ceil((seconds * Math.max(totalBytes - bytesRead, 0)) / bytesRead)
    : undefined
  return {
    documents,
    indexed,
    share: totalBytes > 0 ? Math.min(bytesRead / totalBytes, 1) : undefined,
    rate: seconds > 0 ? indexed / seconds : 0,
    secondsLeft,
    seconds,
    stage,
  }
}

/** `, about 2 min 50 s left`, `, finishing` once every byte is read, or the stage reached. */
function leftWords({ secondsLeft, stage }: PushFigures, about: string): string {
  if (stage) return `, ${STAGE_WORDS[stage]}`
  if (secondsLeft === undefined) return ''
  return secondsLeft === 0 ? ', finishing' : `, ${about}${formatDuration(secondsLeft)} left`
}

/** `412,000 documents read (41%), 410,000 indexed, 3,420 documents/s, about 2 min 50 s left`. */
function describePush(figures: PushFigures, parts: { share: boolean; left: boolean }): string {
  const { share } = figures
  const shown = share === undefined || !parts.share ? '' : ` (${Math.floor(share * 100)}%)`
  const left = parts.left ? leftWords(figures, 'about ') : ''
  return (
    `${plural(figures.documents, 'document')} read${shown}, ` +
    `${formatCount(figures.indexed)} indexed, ${formatCount(Math.round(figures.rate))} documents/s${left}`
  )
}

/** The lines off a terminal: one per interval from the first report, and a last one. */
function pushLines(
  io: CliIo,
  figures: (report: PushProgress) => PushFigures,
  intervalMs: number,
  clock: Clock,
): Progress<PushProgress> {
  let latest: PushProgress | undefined
  let cancel: (() => void) | undefined
  let printed = false
  let stopped = false
  const tick = () => {
    if (!latest) return
    io.stderr.write(`Pushing: ${describePush(figures(latest), { share: true, left: true })}\n`)
    printed = true
  }
  return {
    update(report) {
      if (stopped) return
      latest = report
      cancel ??= clock.every(intervalMs, tick)
    },
    stop() {
      if (stopped) return
      stopped = true
      cancel?.()
      if (!printed || !latest) return
      const last = figures(latest)
      const line = describePush(last, { share: true, left: false })
      io.stderr.write(`Pushing: ${line}, ${formatDuration(last.seconds)} elapsed\n`)
    },
  }
}

/** The bar on a terminal, fitted to its width; cleared when stopped, drawn never again. */
function pushBar(
  io: CliIo,
  figures: (report: PushProgress) => PushFigures,
): Progress<PushProgress> {
  let bar: cliProgress.SingleBar | undefined
  let stopped = false
  return {
    update(report) {
      if (stopped) return
      const payload = { figures: figures(report) }
      if (bar) {
        bar.update(report.bytesRead, payload)
        return
      }
      const line = barLine()
      bar = new cliProgress.SingleBar({
        stream: io.stderr as NodeJS.WritableStream,
        format: (_options, params, payload: { figures: PushFigures }) =>
          line(params.progress, payload.figures, params.maxWidth),
        clearOnComplete: true,
        hideCursor: true,
      })
      bar.start(Math.max(report.totalBytes, 1), report.bytesRead, payload)
    },
    stop() {
      stopped = true
      bar?.stop()
    },
  }
}

/** Columns the words of the first line leave for their figures to grow (1,000 → 1,000,000). */
const HEADROOM = 10

/**
 * `Pushing ████░░░░ 41% | 412,000 documents read, …`: the words in full where they fit beside a
 * bar of 10, else short (`412,000 read, 410,000 indexed, 3,420/s, 2 min 50 s left`, on an 80
 * column terminal), and the bar in what they leave. The bar is sized at the first line with room
 * for the figures to grow, and after that only ever narrows (down to none): a bar whose width
 * follows the digits of the numbers jumps about. The terminal cuts what is still too wide.
 */
function barLine(): (progress: number, figures: PushFigures, width: number) => string {
  let size: number | undefined
  return (progress, figures, width) => {
    const share = Math.min(Math.max(progress, 0), 1)
    const percent = `${Math.floor(share * 100)}%`
    const full = describePush(figures, { share: false, left: true })
    // One column spare: a line as wide as the terminal wraps on some of them.
    const room = (text: string) => width - `Pushing  ${percent} | ${text}`.length - 1
    const text = room(full) >= 10 ? full : shortPush(figures)
    size = Math.max(Math.min(size ?? room(text) - HEADROOM, room(text), 30), 0)
    const done = Math.floor(share * size)
    const bar = size === 0 ? '' : `${'█'.repeat(done)}${'░'.repeat(size - done)} `
    return `Pushing ${bar}${percent} | ${text}`
  }
}

/** `412,000 read, 410,000 indexed, 3,420/s, 2 min 50 s left`. */
function shortPush(figures: PushFigures): string {
  const { documents, indexed, rate } = figures
  return `${formatCount(documents)} read, ${formatCount(indexed)} indexed, ${formatCount(Math.round(rate))}/s${leftWords(figures, '')}`
}

/** The interval of `CATALOGUE_PROGRESS_INTERVAL_MS`, when set. */
function intervalFromEnv(env: CliIo['env']): number | undefined {
  const value = env[PROGRESS_INTERVAL_VARIABLE]
  if (value === undefined || value === '') return undefined
  const ms = Number(value)
  // setInterval takes at most 2^31 - 1 ms, and makes a longer wait 1 ms: a day is plenty.
  if (!/^\d+$/.test(value) || ms < 1 || ms > 86_400_000) {
    throw new UsageError(
      `${PROGRESS_INTERVAL_VARIABLE} expects a whole number of milliseconds from 1 to 86400000, got '${value}'`,
      'push',
    )
  }
  return ms
}
