/**
 * Text made as it is read from a backend that may answer at once (in memory) or later
 * (OpenSearch): a writer is a generator that yields its chunks of text and the backend's
 * answers it must wait for (`yield* settled(value)`), and {@link Chunks} runs it, waiting only
 * for answers that are promises. So a synchronous backend gives its first chunk synchronously
 * (an in-memory app answers without a promise, status and headers included), and every chunk
 * is an async iterator's for those who read them with `for await`.
 */

/** What a writer yields: a chunk of text, or an answer to wait for. */
export type Step = { text: string } | { wait: Promise<unknown> }

/** A writer: its chunks of text, and what it waits for. */
export type Writer = Generator<Step, void, unknown>

/** A backend's answer inside a writer: `const page = yield* settled(backend.children(…))`. */
export function* settled<T>(value: T | Promise<T>): Generator<Step, T, unknown> {
  if (value instanceof Promise) return (yield { wait: value }) as T
  return value
}

/** A chunk of text inside a writer: `yield* text('<c>')`. */
export function* text(chunk: string): Generator<Step, void, unknown> {
  if (chunk !== '') yield { text: chunk }
}

/**
 * Hands a writer on, each of its chunks of text through `change`, and stops at its first chunk
 * when `untilText`: then returns that chunk (undefined when it wrote none), so that what the
 * writer throws before it is written can still be answered otherwise.
 */
function* handOn(
  writer: Writer,
  change: (chunk: string) => string,
  untilText: boolean,
): Generator<Step, string | undefined, unknown> {
  let resume: () => IteratorResult<Step, void> = () => writer.next()
  for (;;) {
    const result = resume()
    if (result.done) return undefined
    const step = result.value
    if ('text' in step) {
      const chunk = change(step.text)
      if (untilText) return chunk
      yield { text: chunk }
      resume = () => writer.next()
      continue
    }
    let answer: unknown
    try {
      answer = yield step
    } catch (error) {
      resume = () => writer.throw(error)
      continue
    }
    resume = () => writer.next(answer)
  }
}

/** A writer's chunks, each through `change`. */
export function* mapText(writer: Writer, change: (chunk: string) => string): Writer {
  yield* handOn(writer, change, false)
}

/** Runs a writer to its first chunk of text and returns it; the rest is `yield* writer`. */
export function firstText(writer: Writer): Generator<Step, string | undefined, unknown> {
  return handOn(writer, (chunk) => chunk, true)
}

/** The chunks of a writer, synchronously while nothing is to be waited for. */
export class Chunks implements AsyncIterable<string> {
  private readonly writer: Writer
  private finished = false

  constructor(writer: Writer) {
    this.writer = writer
  }

  /**
   * The next chunk: at once when the writer waited for nothing to make it, else a promise. An
   * error of the writer (or of an answer it waited for) is thrown, or rejects.
   */
  next(): IteratorResult<string> | Promise<IteratorResult<string>> {
    return this.advance(() => this.writer.next())
  }

  /** Stops the writer (the client went away). */
  close(): void {
    if (this.finished) return
    this.finished = true
    this.writer.return()
  }

  [Symbol.asyncIterator](): AsyncIterator<string> {
    return {
      next: async () => this.next(),
      return: async () => {
        this.close()
        return { done: true, value: undefined }
      },
    }
  }

  private advance(
    step: () => IteratorResult<Step, void>,
  ): IteratorResult<string> | Promise<IteratorResult<string>> {
    if (this.finished) return { done: true, value: undefined }
    let result: IteratorResult<Step, void>
    try {
      result = step()
    } catch (error) {
      this.finished = true
      throw error
    }
    if (result.done) {
      this.finished = true
      return { done: true, value: undefined }
    }
    const value = result.value
    if ('text' in value) return { done: false, value: value.text }
    return value.wait.then(
      (answer) => this.advance(() => this.writer.next(answer)),
      (error: unknown) => this.advance(() => this.writer.throw(error)),
    )
  }
}
