/**
 * The app `catalogue serve` answers with, made from plain settings: the same app on the main
 * thread (one worker) or on each worker thread (`serve-worker.ts`), where the settings arrive
 * copied (structured clone) and the logger is the worker's.
 */
import { Catalogue, type CatalogueBackend, LiveCatalogue } from '@archive-catalogue/core'
import type { App, AppOptions, Logger } from '@archive-catalogue/http'
import type { SiteOptions } from '@archive-catalogue/site'

/** What is served, as data that can be sent to a worker thread: no functions. */
export interface ServedSettings {
  /** The API's options, its logger aside. */
  api: Omit<AppOptions, 'logger' | 'mountPath'>
  /** The discovery site's options (its `api` aside), or null for the API alone at `/`. */
  site: Omit<SiteOptions, 'api'> | null
}

/** Whether this thread's code was warmed: once is enough, a reload runs the same code. */
let warmed = false

/**
 * The API, or the site with the API under `/api`, over a backend; over a catalogue in memory,
 * the thread's code warmed first (the http package's `warmUp`), once per thread, through an app
 * of the same settings made for it alone: the served app's response cache and access log never
 * see its requests. With `--access-log` it says what it did; a warm-up that fails is logged and
 * the server serves without it.
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
    const errorsOnly: Logger = {
      info() {},
      error: (message, error) => logger.error(message, error),
    }
    try {
      const app = await madeApp(backend, { ...settings, api: quiet }, errorsOnly)
      const { warmUp } = await import('@archive-catalogue/http')
      const site = settings.site !== null
      const done = await warmUp(app, catalogue, { apiPath: site ? '/api' : '', pages: site })
      if (settings.api.accessLog) {
        logger.info(
          `Warmed up with ${done.requests} requests in ${Math.round(done.milliseconds)} ms` +
            (done.failed > 0 ? `, ${done.failed} not answered 200` : ''),
        )
      }
    } catch (error) {
      logger.error('The warm-up failed; serving without it', error)
    }
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
