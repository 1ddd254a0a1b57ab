import { catalogueOptions, openCatalogue } from '../_catalogue.js'
import { defineCommand, onePositional } from '../_command.js'
import { EXIT } from '../_errors.js'
import { write } from '../_io.js'
import { baseUrlOf, baseUrlOption } from '../_params.js'

/** `catalogue get <api-path>`: any API request, answered by the HTTP app without a socket. */
export const get = defineCommand({
  name: 'get',
  summary: 'Print the response of any API path, exactly as the server sends it',
  args: '<api-path>',
  description:
    "Answers an API path and its query string with the HTTP package's own app (the same\n" +
    'code as `catalogue serve`, without a socket) and prints the body. A 400 prints its detail\n' +
    'on stderr and exits 2; a 404 exits 1.',
  options: { ...catalogueOptions, ...baseUrlOption },
  examples: [
    "catalogue get '/search?query=rockefeller&category=collection'",
    'catalogue get /collections/3pnr9kariwnqpin5fohkv2hzs2',
    "catalogue get '/facets?genre=photographs' | jq .format",
    "catalogue get '/search?limit=5' --base-url https://archive.example.org/api",
  ],
  async run({ values, positionals }, io) {
    const path = apiPath(onePositional(positionals, 'api-path', 'get'))
    const { catalogue } = await openCatalogue(io, {
      path: values.catalogue,
      skipInvalid: values['skip-invalid'],
    })
    // Loaded on demand: the commands that never answer HTTP start without it.
    const { createApp } = await import('@archive-catalogue/http')
    const app = createApp(catalogue, { baseUrl: baseUrlOf(values['base-url']) })
    const response = await app.request(path)
    const body = await response.text()
    if (response.status < 400) {
      await write(io.stdout, body.endsWith('\n') ? body : `${body}\n`)
      return EXIT.ok
    }
    await write(io.stderr, `${detailOf(body) ?? `HTTP ${response.status}`}\n`)
    return response.status === 400 ? EXIT.usage : EXIT.failure
  },
})

/** `/search?…` as is; `search?…` and full URLs (`http://host/search?…`) reduced to it. */
function apiPath(given: string): string {
  if (/^https?:\/\//i.test(given)) {
    const url = new URL(given)
    return url.pathname + url.search
  }
  return given.startsWith('/') ? given : `/${given}`
}

/** The `detail` of an error body (`{"detail": "…"}`), if it has one. */
function detailOf(body: string): string | undefined {
  try {
    const detail = (JSON.parse(body) as { detail?: unknown }).detail
    return typeof detail === 'string' ? detail : undefined
  } catch {
    return undefined
  }
}
