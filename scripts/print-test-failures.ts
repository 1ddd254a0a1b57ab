/**
 * Prints, after `npm test`'s two Vitest processes, every failure of both, from the reports that
 * test/failed-tests-reporter.ts wrote. The two processes' lines are interleaved, so one process's
 * own summary of failures can sit hundreds of lines above the end of the log, where a CI page
 * that shows the tail never reaches.
 *
 *   tsx scripts/print-test-failures.ts DIR PROCESSES   (PROCESSES: how many reports to expect)
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FailureReport } from '../test/failed-tests-reporter.js'

const [folder, expected] = process.argv.slice(2)
if (!folder || !expected) {
  console.error('Usage: tsx scripts/print-test-failures.ts DIR PROCESSES')
  process.exit(2)
}

const files = readdirSync(folder, { withFileTypes: true }).filter(
  (entry) => entry.isFile() && entry.name.endsWith('.json'),
)
console.log(`\n==> What failed, from the reports in ${folder}:`)
if (files.length < Number(expected)) {
  console.log(
    `\n${files.length} reports of ${expected}: a Vitest process ended before writing its own (see its output above)`,
  )
}
for (const entry of files) {
  const report = JSON.parse(readFileSync(join(folder, entry.name), 'utf8')) as FailureReport
  const projects = report.projects.join(', ')
  console.log(`\n[${projects}] ${report.failures.length} failures`)
  for (const { file, test, errors } of report.failures) {
    const where = [file ?? 'the run itself (an unhandled error)', test].filter(Boolean).join(' > ')
    console.log(`\n  ${where}`)
    for (const error of errors) console.log(error.replace(/^/gm, '    '))
  }
}
