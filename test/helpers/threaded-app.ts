/**
 * The module the worker threads of the `AppWorkers` tests import: the API over the shared
 * catalogue they are given, each answer naming the thread that made it (`x-thread`), `/crash`
 * stopping the thread, and data with `refuse` failing to open.
 */
import { threadId } from 'node:worker_threads'
import { openSharedCatalogue, type SharedCatalogue } from '@archive-catalogue/core'
import { createApp, type OpenedWorkerApp, type WorkerContext } from '@archive-catalogue/http'

/** What the tests send the workers. */
export interface ThreadedData {
  catalogue: SharedCatalogue
  refuse?: boolean
}

export function workerApp(data: ThreadedData, context: WorkerContext): OpenedWorkerApp {
  if (data.refuse) throw new Error('this catalogue is refused on purpose')
  const app = createApp(openSharedCatalogue(data.catalogue), { logger: context.logger })
  return {
    app: {
      maxBodyBytes: app.maxBodyBytes,
      handle(request) {
        // A thread that dies as an out-of-memory or a native crash would: at once, mid-request.
        if (request.url === '/crash') process.exit(3)
        const response = app.handle(request)
        return { ...response, headers: { ...response.headers, 'x-thread': String(threadId) } }
      },
    },
  }
}
