/**
 * A Vitest reporter that writes the run's failures to `<folder>/<projects>.json`, for
 * `scripts/print-test-failures.ts` to list after both of `npm test`'s processes end. Vitest's own
 * JSON report loses a timeout's message ("Test timed out in 30000ms" becomes a placeholder), and
 * the default reporter's summary sits amid the other process's lines.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { Reporter, SerializedError, TestModule, Vitest } from 'vitest/node'

/** One failure: a test's, or a file's own (a hook or an import that threw), or the run's. */
export interface Failure {
  file?: string
  test?: string
  errors: string[]
}

/** What the reporter writes. */
export interface FailureReport {
  projects: string[]
  failures: Failure[]
}

export default class FailedTestsReporter implements Reporter {
  readonly #folder: string
  #projects: string[] = []
  #root = '.'

  constructor(options: { folder: string }) {
    this.#folder = options.folder
  }

  onInit(vitest: Vitest): void {
    this.#projects = vitest.projects.map((project) => project.name).sort()
    this.#root = vitest.config.root
  }

  onTestRunEnd(
    modules: ReadonlyArray<TestModule>,
    unhandled: ReadonlyArray<SerializedError>,
  ): void {
    const failures: Failure[] = []
    for (const module of modules) {
      const file = relative(this.#root, module.moduleId)
      const own = module.errors()
      if (own.length > 0) failures.push({ file, errors: own.map(describe) })
      for (const test of module.children.allTests()) {
        const result = test.result()
        if (result.state === 'failed') {
          failures.push({ file, test: test.fullName, errors: (result.errors ?? []).map(describe) })
        }
      }
    }
    if (unhandled.length > 0) failures.push({ errors: unhandled.map(describe) })
    const report: FailureReport = { projects: this.#projects, failures }
    mkdirSync(this.#folder, { recursive: true })
    writeFileSync(join(this.#folder, `${this.#projects.join('+')}.json`), JSON.stringify(report))
  }
}

/** The error's message, then the first lines of its stack that are not Vitest's own. */
function describe(error: SerializedError): string {
  const stack = (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line) && !/node_modules|<anonymous>/.test(line))
    .slice(0, 4)
  return [`${error.name ?? 'Error'}: ${error.message}`, ...stack].join('\n')
}
