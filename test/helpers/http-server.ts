/**
 * The real server over the reference corpus, on 127.0.0.1 and a free port, for the HTTP suites.
 */
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { type Catalogue, type CatalogueDocument, loadCatalogue } from '@archive-catalogue/core'
import {
  type AppOptions,
  createApp,
  type Listening,
  type ListenOptions,
  listen,
} from '@archive-catalogue/http'
import { afterAll, beforeAll } from 'vitest'

/** The real corpus (`test/fixtures/rac`). */
export const corpusPath = fileURLToPath(new URL('../fixtures/rac', import.meta.url))

let corpus: Promise<Catalogue> | undefined

/** The corpus catalogue, loaded once per test file. */
export function corpusCatalogue(): Promise<Catalogue> {
  corpus ??= loadCatalogue(corpusPath).then((result) => result.catalogue)
  return corpus
}

/** One corpus document, parsed, e.g. `corpusDocument('collection', 'Zivy3B6P5nBaZ24Kb8cWEq')`. */
export async function corpusDocument(type: string, id: string): Promise<CatalogueDocument> {
  const text = await readFile(`${corpusPath}/${type}/${id}.json`, 'utf8')
  return JSON.parse(text) as CatalogueDocument
}

/** Options of a test server: the app's and the listener's, and the catalogue (the corpus's). */
export type ServerOptions = AppOptions &
  Omit<ListenOptions, 'port' | 'host'> & { catalogue?: Catalogue }

/** Starts a server on 127.0.0.1, port 0. Close it with `close()`. */
export async function startServer(options: ServerOptions = {}): Promise<Listening> {
  const { catalogue, signal, requestTimeout, headersTimeout, keepAliveTimeout, shutdownTimeout } =
    options
  const app = createApp(catalogue ?? (await corpusCatalogue()), options)
  return listen(app, {
    port: 0,
    host: '127.0.0.1',
    signal,
    requestTimeout,
    headersTimeout,
    keepAliveTimeout,
    shutdownTimeout,
  })
}

/** A server started before the suite's tests and closed after them. */
export function useServer(options: ServerOptions | (() => Promise<ServerOptions>) = {}): {
  readonly url: string
  readonly listening: Listening
} {
  let listening: Listening | undefined
  beforeAll(async () => {
    listening = await startServer(typeof options === 'function' ? await options() : options)
  })
  afterAll(async () => {
    await listening?.close()
  })
  return {
    get url() {
      if (!listening) throw new Error('The server is not started: use it inside a test')
      return listening.url
    },
    get listening() {
      if (!listening) throw new Error('The server is not started: use it inside a test')
      return listening
    },
  }
}
