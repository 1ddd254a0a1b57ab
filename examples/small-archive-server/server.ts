/**
 * The same server as `serve.sh`, embedded in a program of your own (to add routes, metrics…):
 * load, create the app with the public base URL, listen, reload the catalogue on SIGHUP without
 * stopping, stop gracefully on SIGINT and SIGTERM.
 *
 *   PUBLIC_URL=https://archive.example.org/api \
 *     node --import tsx examples/small-archive-server/server.ts
 *
 * (`node --import tsx` rather than `npx tsx`: npx does not pass SIGTERM on to the server.)
 */
import { fileURLToPath } from 'node:url'
import { LiveCatalogue } from '@archive-catalogue/core'
import { createApp, handleSignals, listen } from '@archive-catalogue/http'

const path = process.argv[2] ?? fileURLToPath(new URL('../../data/sample.ndjson', import.meta.url))
// A catalogue that can be replaced while it serves: a reload that fails keeps the old one.
const live = await LiveCatalogue.open(path, {
  onReload: (outcome) =>
    console.error(
      outcome.ok
        ? `Reloaded: ${outcome.result.catalogue.size} documents`
        : `Reload failed, still serving the old catalogue: ${String(outcome.error)}`,
    ),
})
process.on('SIGHUP', () => void live.reload())
const { catalogue, milliseconds } = live.loaded

const app = createApp(live, {
  // Links use this, not the Host header the proxy passes on.
  baseUrl: process.env['PUBLIC_URL'] ?? 'https://archive.example.org/api',
  accessLog: true,
  logger: { info: (line) => console.log(line), error: (message) => console.error(message) },
})
const server = await listen(app, { host: '127.0.0.1', port: Number(process.env['PORT'] ?? 8000) })
handleSignals(server)
console.log(
  `Serving ${catalogue.size} documents at ${server.url} (loaded in ${Math.round(milliseconds)} ms)`,
)
