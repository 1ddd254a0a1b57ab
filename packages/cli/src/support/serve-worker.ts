/**
 * The module each worker thread of `catalogue serve --workers N` imports (`AppWorkers`): the
 * catalogue opened over the memory the main thread shares, and the app `serve` answers with.
 */
import {
  openSharedCatalogue,
  type ReportedLoad,
  type SharedCatalogue,
} from '@archive-catalogue/core'
import type { OpenedWorkerApp, WorkerContext } from '@archive-catalogue/http'
import { type ServedSettings, servedApp } from './served-app.js'

/** A generation's data: the catalogue, what `/health` says of its load, and what is served. */
export interface ServedData {
  catalogue: SharedCatalogue
  load: ReportedLoad
  settings: ServedSettings
  /** The share of the engine's caches each worker keeps: 1/N of N, as of the response cache. */
  cacheShare: number
}

/** The app of a generation: `update` takes what `/health` says of the load after a reload. */
export async function workerApp(
  data: ServedData,
  context: WorkerContext,
): Promise<OpenedWorkerApp> {
  const catalogue = openSharedCatalogue(data.catalogue, data.cacheShare)
  catalogue.reportLoad(data.load)
  return {
    app: await servedApp(catalogue, data.settings, context.logger),
    update: (load) => catalogue.reportLoad(load as ReportedLoad),
  }
}

/**
 * This module's URL, for the workers to import: this file from the sources, else the bundle's
 * `serve-worker.js` (this code then runs from a chunk beside it in `dist/`).
 */
export function serveWorkerUrl(): URL {
  return import.meta.url.endsWith('.ts')
    ? new URL(import.meta.url)
    : new URL('./serve-worker.js', import.meta.url)
}
