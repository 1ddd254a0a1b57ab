/**
 * `catalogue serve --workers N` (N ≥ 2): the catalogue moved to shared memory as each load
 * finishes, and N worker threads answering over it (`AppWorkers`), swapped together on a reload.
 */
import {
  isShared,
  type LiveCatalogue,
  type LoadResult,
  openSharedCatalogue,
  type ReportedLoad,
  type SharedCatalogue,
  shareCatalogue,
} from '@archive-catalogue/core'
import type { AppWorkers, Logger } from '@archive-catalogue/http'
import { collectGarbage } from './collect-garbage.js'
import { type ServedData, serveWorkerUrl } from './serve-worker.js'
import type { ServedSettings } from './served-app.js'

/** The worker threads of `serve`, and the step of each load that hands the catalogue to them. */
export class ServeThreads {
  /** How many worker threads answer. */
  readonly size: number
  private readonly settings: ServedSettings
  private workers: AppWorkers | undefined
  /** The first load's catalogue, shared, until the workers start with it. */
  private first: SharedCatalogue | undefined

  constructor(size: number, settings: ServedSettings) {
    this.size = size
    this.settings = settings
  }

  /**
   * The `prepare` of the `LiveCatalogue`: the loaded catalogue's arrays moved to shared memory;
   * on a reload, opened on every worker before it is swapped in (a worker that cannot open it
   * fails the reload, and the old catalogue keeps serving everywhere). The main thread keeps a
   * catalogue over the same shared arrays (for the next reload's datestamps): a snapshot's as it
   * was read, a build's opened again over the copy.
   */
  readonly prepare = async (result: LoadResult): Promise<LoadResult> => {
    const copied = !isShared(result.catalogue)
    const catalogue = shareCatalogue(result.catalogue)
    if (this.workers) await this.workers.replace(this.data(catalogue, reportedLoad(result)))
    else this.first = catalogue
    // A catalogue opened over shared arrays (a snapshot's) is kept as it is; a build's is let go
    // for one over the arrays just shared.
    return copied ? { ...result, catalogue: openSharedCatalogue(catalogue) } : result
  }

  /** Starts the workers with the first load, as the app to listen with. */
  async start(logger: Logger, live: LiveCatalogue): Promise<AppWorkers> {
    const { AppWorkers } = await import('@archive-catalogue/http')
    const catalogue = this.first!
    this.first = undefined
    this.workers = await AppWorkers.start({
      workers: this.size,
      module: serveWorkerUrl(),
      data: this.data(catalogue, reportedHealth(live)),
      logger,
    })
    this.collectReplaced()
    return this.workers
  }

  /** After a reload, done or failed: what every worker's `/health` says of the load. */
  reloaded(live: LiveCatalogue): void {
    this.workers?.update(reportedHealth(live))
    this.collectReplaced()
  }

  /**
   * Frees what the main thread no longer holds, once the functions that read the load have
   * returned (hence the next turn of the event loop): a build's own arrays, copied to shared
   * memory, and the catalogue a reload replaced, whose shared arrays are freed only when every
   * thread has let them go. The main thread, which only passes requests on, would keep them.
   */
  private collectReplaced(): void {
    setImmediate(collectGarbage)
  }

  async close(): Promise<void> {
    await this.workers?.close()
  }

  private data(catalogue: SharedCatalogue, load: ReportedLoad): ServedData {
    return { catalogue, load, settings: this.settings, cacheShare: 1 / this.size }
  }
}

/** A load just made, as `/health` reports it until the live catalogue has swapped it in. */
function reportedLoad(result: LoadResult): ReportedLoad {
  return {
    loaded_at: new Date().toISOString(),
    load_milliseconds: Math.round(result.milliseconds),
    last_reload_error: null,
  }
}

function reportedHealth(live: LiveCatalogue): ReportedLoad {
  const { loaded_at, load_milliseconds, last_reload_error } = live.health()
  return { loaded_at, load_milliseconds, last_reload_error }
}
