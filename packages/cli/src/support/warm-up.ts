/**
 * A server's code warmed before it listens (`core/src/warm-up-targets.ts` says why): the app's
 * own requests, asked once per thread, through an app of the same settings made for this alone,
 * so that the served app's response cache and access log never see them.
 */
import type { Catalogue } from '@archive-catalogue/core'
import { warmUpTargets } from '@archive-catalogue/core'
import type { App } from '@archive-catalogue/http'

/** The longest a warm-up may take: past it the remaining requests are left. */
export const WARM_UP_BUDGET_MS = 1500

/** The site's pages among the API's targets: searches and the documents' own pages. */
const PAGE = /^\/(search|collections|objects|agents|terms)(\/[^/?]+)?(\?|$)/

/** What a warm-up did. */
export interface WarmUp {
  requests: number
  milliseconds: number
}

/**
 * Asks `app` the catalogue's warm-up requests, the API's and, with the site, its pages (a page's
 * path is its API request's without `/api`), until they are done or the budget is spent.
 */
export async function warmUp(
  app: App,
  catalogue: Catalogue,
  site: boolean,
  budgetMs = WARM_UP_BUDGET_MS,
): Promise<WarmUp> {
  const started = performance.now()
  const targets = warmUpTargets(catalogue)
  // The API's answers first, each a few milliseconds at a million documents, then the pages,
  // which ask the same of the engine and render it (tens of milliseconds each).
  const paths = site
    ? [
        ...targets.map((target) => `/api${target}`),
        ...targets.filter((target) => PAGE.test(target)),
      ]
    : targets
  let requests = 0
  for (const path of paths) {
    if (performance.now() - started > budgetMs) break
    await (await app.request(path)).arrayBuffer()
    requests++
  }
  return { requests, milliseconds: performance.now() - started }
}
