import { type Catalogue, loadCatalogue } from '@archive-catalogue/core'
import { createApp } from '@archive-catalogue/http'
import { corpus } from './cli-paths.js'

let loading: Promise<Catalogue> | undefined

/** The corpus as a catalogue, loaded once per test file. */
export function corpusCatalogue(): Promise<Catalogue> {
  loading ??= loadCatalogue(corpus).then((result) => result.catalogue)
  return loading
}

/**
 * What the HTTP app answers for a path over the corpus, with the CLI's default base URL: the
 * reference the CLI's `--json` and `get` output must equal.
 */
export async function apiResponse(path: string): Promise<{ status: number; body: string }> {
  const app = createApp(await corpusCatalogue(), { baseUrl: 'http://localhost:8000' })
  const response = await app.request(path)
  return { status: response.status, body: await response.text() }
}
