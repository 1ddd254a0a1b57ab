/**
 * The one runner of the corpus case table (`corpus-cases.ts`), as Hono's
 * `router/common.case.test.ts` exports `runTest` for every router: each suite (the core, the
 * HTTP app, the CLI, the OpenSearch backend) calls `runCases` with an adapter saying how it
 * answers a case and which cases it skips, and why; the runner makes the same assertions on all.
 */
import { describe, expect, it } from 'vitest'
import { type CorpusCase, corpusCases } from './corpus-cases.js'

/** A JSON answer, as far as the cases read it. */
export type Body = Record<string, unknown>

/** What a suite got for a case: the body of an answer, or the refusal in the suite's terms. */
export type Outcome = { body: Body } | { refused: unknown }

/** Cases a suite does not run, and why: the reason is in the skipped test's title. */
export interface CaseSkip {
  reason: string
  /** Case names, as in `corpus-cases.ts`; a name not in the table fails the suite. */
  cases: readonly string[]
}

/** How one suite answers the case table. */
export interface CaseAdapter {
  /** The request as this suite makes it, for the test's title: `GET /search?limit=-1`. */
  request(one: CorpusCase): string
  /** Makes the request; an answer's body, or the refusal as this suite gives it back. */
  answer(one: CorpusCase): Outcome | Promise<Outcome>
  /** The refusal this suite gives for a bad request with `message`: over HTTP a 400 and `{detail}`. */
  refusal(message: string): unknown
  /** The cases this suite skips, each with its reason; `[]` when it runs them all. */
  skip: readonly CaseSkip[]
  /** An assertion of this suite's own on every case it runs (the same bytes as another suite). */
  alsoExpect?(one: CorpusCase): void | Promise<void>
}

/**
 * Runs every case of the table on one suite, in a `describe('on the corpus case table')`: a bad
 * request must be refused with the case's message in the suite's terms, any other answered with
 * the case's count, first result uris and facet values.
 * @example runCases({ ...overHttp(() => app), skip: [] })
 */
export function runCases(adapter: CaseAdapter): void {
  const reasons = skipReasons(adapter.skip)
  describe('on the corpus case table', () => {
    for (const one of corpusCases) {
      const title = `${adapter.request(one)} ${one.name}`
      const reason = reasons.get(one.name)
      if (reason !== undefined) {
        it.skip(`${title} (skipped: ${reason})`, () => {})
        continue
      }
      it(title, async () => {
        const outcome = await adapter.answer(one)
        if (one.error !== undefined) {
          expect(outcome).toEqual({ refused: adapter.refusal(one.error) })
        } else {
          expect(outcome).toEqual({ body: expect.any(Object) })
          expectAnswer((outcome as { body: Body }).body, one)
        }
        await adapter.alsoExpect?.(one)
      })
    }
  })
}

/** The answer holds what the case expects: its count, its first uris in order, its facets. */
function expectAnswer(body: Body, { count, uris, facets }: CorpusCase): void {
  if (count !== undefined) expect(body['count']).toBe(count)
  if (uris) {
    const results = body['results'] as { uri: string }[]
    expect(results.map((result) => result.uri).slice(0, uris.length)).toEqual(uris)
  }
  if (facets) expect(body).toMatchObject(facets)
}

/**
 * The reason of each skipped case, by name. Refuses, when the suite is collected, a skip naming
 * no case (a renamed case would otherwise run unnoticed, or its skip stay forever) and a case
 * that expects nothing (its test could not fail).
 */
function skipReasons(skip: readonly CaseSkip[]): Map<string, string> {
  const names = new Set(corpusCases.map((one) => one.name))
  const reasons = new Map<string, string>()
  for (const { reason, cases } of skip) {
    for (const name of cases) {
      if (!names.has(name)) throw new Error(`skip names no case of the table: '${name}'`)
      reasons.set(name, reason)
    }
  }
  for (const one of corpusCases) {
    const { count, uris, facets, error } = one
    if (count === undefined && !uris && !facets && error === undefined) {
      throw new Error(`the case '${one.name}' expects nothing: give a count, uris, facets or error`)
    }
  }
  return reasons
}
