/**
 * A `catalogue serve` process started by a test or the load test: waits for its
 * `Serving … at http://127.0.0.1:PORT` line and keeps what it writes.
 */
import type { ChildProcess } from 'node:child_process'

/** A started server process: its URL and everything it wrote so far. */
export interface ServedProcess {
  child: ChildProcess
  url: string
  stdout: () => string
  stderr: () => string
}

/** Resolves once the child prints the URL it serves at; rejects with its stderr if it exits first. */
export function servedBy(child: ChildProcess): Promise<ServedProcess> {
  let stdout = ''
  let stderr = ''
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk
  })
  return new Promise((resolve, reject) => {
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk
      const match = /Serving .* at (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)
      if (match) {
        resolve({ child, url: match[1]!, stdout: () => stdout, stderr: () => stderr })
      }
    })
    child.once('exit', (code) => reject(new Error(`exited ${code} before serving:\n${stderr}`)))
  })
}
