/**
 * Prints, after `npm test`'s two Vitest processes, every failed test of both, read from their JSON
 * reports. The two processes' lines are interleaved, so one process's own summary of failures can
 * sit hundreds of lines above the end of the log, where a CI page that shows the tail never reaches.
 *
 *   tsx scripts/print-test-failures.ts DIR NAME...   (DIR/NAME.json: each Vitest process's report)
 */
import { existsSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

/** The parts of Vitest's JSON report (Jest's format) read here. */
interface JsonReport {
  numFailedTests: number
  testResults: {
    name: string
    status: string
    message: string
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[]
  }[]
}

/** Lines of a failure message shown: the error and the first frames of its stack. */
const MESSAGE_LINES = 12

const [folder, ...names] = process.argv.slice(2)
if (!folder || names.length === 0) {
  console.error('Usage: tsx scripts/print-test-failures.ts DIR NAME...')
  process.exit(2)
}

console.log(`\n==> Failed tests, from the reports in ${folder}:`)
for (const name of names) {
  const path = join(folder, `${name}.json`)
  if (!existsSync(path)) {
    console.log(`\n[${name}] no report: the process ended before writing ${path}`)
    continue
  }
  const report = JSON.parse(readFileSync(path, 'utf8')) as JsonReport
  const failedFiles = report.testResults.filter((file) => file.status === 'failed')
  console.log(`\n[${name}] ${report.numFailedTests} failed tests in ${failedFiles.length} files`)
  for (const file of failedFiles) {
    const failed = file.assertionResults.filter((test) => test.status === 'failed')
    // A file can fail with no failed test: a hook or an import threw.
    if (failed.length === 0) console.log(`\n  ${relative('.', file.name)}\n${indent(file.message)}`)
    for (const test of failed) {
      console.log(
        `\n  ${relative('.', file.name)} > ${test.fullName}\n${indent(test.failureMessages.join('\n'))}`,
      )
    }
  }
}

function indent(message: string): string {
  return message
    .split('\n')
    .slice(0, MESSAGE_LINES)
    .map((line) => `    ${line}`)
    .join('\n')
}
