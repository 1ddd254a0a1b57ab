/**
 * The module the worker threads of the `AppWorkers` tests import: the API over the shared
 * catalogue they are given, each answer naming the thread that made it (`x-thread`); `/crash`
 * stops the thread, a streamed answer asked with `crash=stream` stops it after its first chunk,
 * `/log-error` logs an error, `/new-space` says the megabytes of the thread's young generation and
 * its bound, and data with `refuse` (or `refuseWhile` a file is there) fails to open.
 */
import { existsSync } from 'node:fs'
import { getHeapSpaceStatistics } from 'node:v8'
import { resourceLimits, threadId } from 'node:worker_threads'
import { openSharedCatalogue, type SharedCatalogue } from '@archive-catalogue/core'
import { createApp, type OpenedWorkerApp, type WorkerContext } from '@archive-catalogue/http'

/** What the tests send the workers. */
export interface ThreadedData {
  catalogue: SharedCatalogue
  refuse?: boolean
  /** A file whose presence makes a worker refuse to open: workers started later can fail. */
  refuseWhile?: string
}

export function workerApp(data: ThreadedData, context: WorkerContext): OpenedWorkerApp {
  if (data.refuse || (data.refuseWhile && existsSync(data.refuseWhile))) {
    throw new Error('this catalogue is refused on purpose')
  }
  const app = createApp(openSharedCatalogue(data.catalogue), { logger: context.logger })
  return {
    app: {
      maxBodyBytes: app.maxBodyBytes,
      handle(request) {
        // A thread that dies as an out-of-memory or a native crash would: at once, mid-request.
        if (request.url === '/crash') process.exit(3)
        if (request.url === '/new-space') return newSpace()
        if (request.url === '/log-error')
          context.logger.error('failed on purpose', new Error('boom'))
        const response = app.handle(request)
        const headers = { ...response.headers, 'x-thread': String(threadId) }
        if (response.stream && request.url.includes('crash=stream')) {
          return { ...response, headers, stream: firstChunkThenCrash(response.stream) }
        }
        return { ...response, headers }
      },
    },
  }
}

/** The size of the thread's young generation (V8's `new_space`), in MB. */
function newSpace() {
  const space = getHeapSpaceStatistics().find((each) => each.space_name === 'new_space')!
  return {
    status: 200,
    headers: { 'content-type': 'application/json', 'x-thread': String(threadId) },
    body: Buffer.from(
      JSON.stringify({
        megabytes: space.space_size / 2 ** 20,
        bound: resourceLimits.maxYoungGenerationSizeMb,
      }),
    ),
  }
}

async function* firstChunkThenCrash(
  stream: AsyncIterable<string | Buffer>,
): AsyncGenerator<string | Buffer> {
  for await (const chunk of stream) {
    yield chunk
    process.exit(3)
  }
}
