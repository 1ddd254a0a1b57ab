import { readFile } from 'node:fs/promises'
import { catalogueOptions } from '../support/catalogue.js'
import { defineCommand, onePositional } from '../support/command.js'
import { write } from '../support/io.js'
import { openBackend, openSearchOptions } from '../support/opensearch.js'
import { baseUrlOf, baseUrlOption } from '../support/params.js'
import { CommandError, EXIT } from '../support/usage-errors.js'

/** `catalogue get <api-path>`: any API request, answered by the HTTP app without a socket. */
export const get = defineCommand({
  name: 'get',
  summary: 'Print the response of any API path, exactly as the server sends it',
  args: '<api-path>',
  description:
    "Answers an API path and its query string with the HTTP package's own app (the same\n" +
    'code as `catalogue serve`, without a socket) and prints the body. With --data the\n' +
    'request is a POST of that JSON body (POST /mylist). A 400 prints its detail on stderr\n' +
    'and exits 2; a 404 exits 1.',
  options: {
    data: {
      type: 'string',
      short: 'd',
      value: 'json',
      description: 'POST this JSON body (or @file to read it from a file)',
    },
    ...catalogueOptions,
    ...openSearchOptions,
    ...baseUrlOption,
  },
  examples: [
    "catalogue get '/search?query=malaria&category=collection'",
    'catalogue get /collections/xVJyUuJNfsVyjdZikFSn6G',
    "catalogue get '/collections/xVJyUuJNfsVyjdZikFSn6G/children?query=malaria&limit=5'",
    "catalogue get '/search/suggest?title_suggest=malria'",
    'catalogue get /mylist --data \'{"list": ["/objects/kk2ukZzXhbJtq35nNEgmJJ"]}\'',
    "catalogue get '/facets?genre=photographs' | jq .format",
    "catalogue get '/search?limit=5' --base-url https://archive.example.org/api",
  ],
  async run({ values, positionals }, io) {
    const path = apiPath(onePositional(positionals, 'api-path', 'get'))
    const data = values.data === undefined ? undefined : await requestBody(values.data)
    const { backend, close } = await openBackend(io, values, 'get')
    let response: Response
    let body: string
    try {
      // Loaded on demand: the commands that never answer HTTP start without it.
      const { createApp } = await import('@archive-catalogue/http')
      const app = createApp(backend, { baseUrl: baseUrlOf(values['base-url']) })
      response = await app.request(
        path,
        data === undefined
          ? {}
          : { method: 'POST', body: data, headers: { 'Content-Type': JSON_TYPE } },
      )
      body = await response.text()
    } finally {
      await close()
    }
    if (response.status < 400) {
      await write(io.stdout, body.endsWith('\n') ? body : `${body}\n`)
      return EXIT.ok
    }
    await write(io.stderr, `${detailOf(body) ?? `HTTP ${response.status}`}\n`)
    return response.status === 400 ? EXIT.usage : EXIT.failure
  },
})

const JSON_TYPE = 'application/json'

/** The body of `--data`: the text itself, or the contents of the file after `@`. */
async function requestBody(data: string): Promise<string> {
  if (!data.startsWith('@')) return data
  const file = data.slice(1)
  return readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new CommandError(`Cannot read --data file ${file}: ${error.message}`)
  })
}

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
