/**
 * The app `catalogue serve` answers with, made from plain settings: the same app on the main
 * thread (one worker) or on each worker thread (`serve-worker.ts`), where the settings arrive
 * copied (structured clone) and the logger is the worker's.
 */
import { Catalogue, type CatalogueBackend, LiveCatalogue } from '@archive-catalogue/core'
import type { App, AppOptions, Logger } from '@archive-catalogue/http'
import type { SiteOptions } from '@archive-catalogue/site'
import { warmUp } from './warm-up.js'

/** What is served, as data that can be sent to a worker thread: no functions. */
export interface ServedSettings {
  /** The API's options, its logger aside. */
  api: Omit<AppOptions, 'logger' | 'mountPath'>
  /** The discovery site's options (its `api` aside), or null for the API alone at `/`. */
  site: Omit<SiteOptions, 'api'> | null
}

/** Whether this thread's code was warmed: once is enough, a reload runs the same code. */
let warmed = false
const silent: Logger = { info() {}, error() {} }

/**
 * The API, or the site with the API under `/api`, over a backend; over a catalogue in memory,
 * the thread's code warmed first (`warm-up.ts`), once per thread.
 */
export async function servedApp(
  backend: CatalogueBackend,
  settings: ServedSettings,
  logger: Logger,
): Promise<App> {
  const catalogue =
    backend instanceof LiveCatalogue
      ? backend.current
      : backend instanceof Catalogue
        ? backend
        : undefined
  if (catalogue && !warmed) {
    warmed = true
    const quiet = { ...settings.api, accessLog: false, responseCacheBytes: 0 }
    await warmUp(
      await madeApp(backend, { ...settings, api: quiet }, silent),
      catalogue,
      !!settings.site,
    )
  }
  return madeApp(backend, settings, logger)
}

async function madeApp(
  backend: CatalogueBackend,
  settings: ServedSettings,
  logger: Logger,
): Promise<App> {
  const api = { ...settings.api, logger }
  if (!settings.site) return (await import('@archive-catalogue/http')).createApp(backend, api)
  const { logo, ...site } = settings.site
  const { createSite } = await import('@archive-catalogue/site')
  return createSite(backend, {
    ...site,
    // A Buffer arrives on a worker as a plain Uint8Array.
    ...(logo ? { logo: { ...logo, data: Buffer.from(logo.data) } } : {}),
    api,
  })
}
