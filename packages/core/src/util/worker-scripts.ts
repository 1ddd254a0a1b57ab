/**
 * Starting a worker thread from a script beside the module that starts it, from the sources
 * (TypeScript, run by tsx in tests and scripts) as from the built package (JavaScript).
 */
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Worker, type WorkerOptions } from 'node:worker_threads'

/**
 * The script `name` beside the module at `moduleUrl` (its `import.meta.url`): `name.ts` beside
 * a source, `name.js` beside a built file.
 */
export function workerScript(name: string, moduleUrl: string): URL {
  return new URL(`./${name}.${moduleUrl.endsWith('.ts') ? 'ts' : 'js'}`, moduleUrl)
}

/**
 * Whether a worker's script is there: not when a bundler has folded the package into one file,
 * and then the work is done on the calling thread.
 */
export function hasWorkerScript(script: URL): boolean {
  return existsSync(fileURLToPath(script))
}

/** A worker running `script`; a TypeScript one registers tsx, as this process did, first. */
export function startWorker(script: URL, options: WorkerOptions = {}): Worker {
  if (!script.pathname.endsWith('.ts')) return new Worker(script, options)
  return new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(script.href)}) })`,
    { ...options, eval: true },
  )
}
