/**
 * Where a stream of text goes: `process.stdout`, or anything with a `write` (a test's buffer).
 */
export interface Writer {
  write(chunk: string): unknown
  /** Streams have it: waiting for `drain` keeps a long `--ndjson` output out of memory. */
  once?(event: 'drain', listener: () => void): unknown
  /** Set on a terminal stream (progress bars are drawn on stderr only then). */
  isTTY?: boolean
  /** The terminal's width, when it is one. */
  columns?: number
}

/**
 * Everything the CLI reads from or writes to the outside world, passed in so that `runMain`
 * runs the same in a terminal, in a test and embedded in another program.
 */
export interface CliIo {
  stdout: Writer
  stderr: Writer
  /** Environment variables: `CATALOGUE`, `NO_COLOR`, `COLUMNS`. */
  env: Readonly<Record<string, string | undefined>>
  /** Whether stdout is a terminal: colours on, tables fitted to its width. */
  isTTY: boolean
  /** The terminal's width in columns; tables use `COLUMNS` or 80 when it is not given. */
  columns?: number | undefined
  /**
   * Aborting it stops a long-running command (`serve`). `bin.ts` leaves it out and lets the
   * HTTP package handle SIGINT and SIGTERM; tests and embedding programs pass their own.
   */
  signal?: AbortSignal | undefined
}

/** Writes text, waiting for the stream to drain when its buffer is full. */
export async function write(writer: Writer, text: string): Promise<void> {
  if (writer.write(text) === false && writer.once) {
    await new Promise<void>((resolve) => writer.once?.('drain', resolve))
  }
}
