#!/usr/bin/env node
import { runMain } from './main.js'

// A reader that stops early (`catalogue search x --ndjson | head`) is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0)
  throw error
})

process.exitCode = await runMain(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  isTTY: process.stdout.isTTY === true,
  columns: process.stdout.columns,
})
