/**
 * The attempts of one call to the cluster (`cluster/attempts.ts`), with real timers and a
 * request function that plays the nodes: one that hangs, one that answers late, one that never
 * answers. No node is needed: what is tested is when the call is sent again and which answer wins.
 */
import { errors } from '@opensearch-project/opensearch'
import { describe, expect, it } from 'vitest'
import { attempted, HEDGES } from '../../packages/opensearch/src/cluster/attempts.js'

const ATTEMPT_MS = 40

/** An attempt that never answers until the budget ends it, as the client's timeout does. */
function hangs(requestTimeout: number): Promise<never> {
  return new Promise((_, reject) =>
    setTimeout(
      () => reject(new errors.TimeoutError('Request timed out', {} as never)),
      requestTimeout,
    ),
  )
}

function plan(budgetMs: number, looks: { count: number }) {
  return {
    attemptTimeoutMs: ATTEMPT_MS,
    deadline: performance.now() + budgetMs,
    retries: 2,
    onTimeout: async () => {
      looks.count++
    },
    stop: AbortSignal.timeout(budgetMs),
  }
}

describe('attempted', () => {
  it('sends a call unanswered for an attempt’s time again, and again if the first look missed', async () => {
    const looks = { count: 0 }
    let sent = 0
    const answer = await attempted(
      ({ requestTimeout }) => {
        sent++
        // The first attempt and the first hedge reach nodes that hang.
        return sent <= 2 ? hangs(requestTimeout) : Promise.resolve('answered')
      },
      plan(2000, looks),
    )
    expect(answer).toBe('answered')
    expect(sent).toBe(3)
    expect(looks.count).toBe(2)
  })

  it('takes the first answer, a slow first attempt’s too', async () => {
    const looks = { count: 0 }
    let sent = 0
    const answer = await attempted(
      ({ requestTimeout }) => {
        sent++
        if (sent === 1) {
          return new Promise<string>((resolve) =>
            setTimeout(() => resolve('slow'), ATTEMPT_MS * 1.5),
          )
        }
        return hangs(requestTimeout)
      },
      plan(2000, looks),
    )
    expect(answer).toBe('slow')
    expect(sent).toBe(2)
  })

  it(`sends a call ${HEDGES} more times at most, and fails it when the budget runs out`, async () => {
    const looks = { count: 0 }
    let sent = 0
    const started = performance.now()
    const failure = await attempted(
      ({ requestTimeout }) => {
        sent++
        return hangs(requestTimeout)
      },
      plan(ATTEMPT_MS * 8, looks),
    ).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(errors.TimeoutError)
    expect(sent).toBe(1 + HEDGES)
    expect(looks.count).toBe(HEDGES)
    // Nothing waits past the budget (a margin for timers on a busy machine).
    expect(performance.now() - started).toBeLessThan(ATTEMPT_MS * 8 + 1000)
  })

  it('looks for no hung node and sends nothing more once its caller left', async () => {
    const looks = { count: 0 }
    let sent = 0
    const left = new AbortController()
    const pending = attempted(
      ({ requestTimeout }) => {
        sent++
        return hangs(Math.min(requestTimeout, ATTEMPT_MS * 4))
      },
      { ...plan(2000, looks), stop: left.signal },
    ).catch((error: unknown) => error)
    setTimeout(() => left.abort(), ATTEMPT_MS / 4)
    await new Promise((resolve) => setTimeout(resolve, ATTEMPT_MS * 3))
    expect(looks.count).toBe(0)
    expect(sent).toBe(1)
    expect(await pending).toBeInstanceOf(errors.TimeoutError)
  })

  it('sends a call a node refused to another at once, once per retry', async () => {
    const looks = { count: 0 }
    let sent = 0
    const answer = await attempted(
      () => {
        sent++
        return sent <= 2
          ? Promise.reject(new errors.ConnectionError('connect ECONNREFUSED'))
          : Promise.resolve('answered')
      },
      plan(2000, looks),
    )
    expect(answer).toBe('answered')
    expect(sent).toBe(3)
    expect(looks.count).toBe(0)
  })
})
