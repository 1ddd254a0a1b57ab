/**
 * `collectGarbage`: what `catalogue serve --workers` runs once a build's arrays have been copied
 * to shared memory, so that the main thread does not keep them (it allocates too little to run a
 * full collection of its own). It must collect what nothing holds, without `--expose-gc`.
 */
import { setImmediate as nextTurn } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { collectGarbage } from '../../packages/cli/src/support/collect-garbage.js'

describe('collectGarbage', () => {
  it('frees an array nothing holds, in a process started without --expose-gc', async () => {
    expect(process.execArgv).not.toContain('--expose-gc')
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined()
    // A WeakRef keeps its target until the end of the turn that made it or read it last. The
    // target is small, so that making it asks for no collection of its own.
    const freed = new WeakRef({ made: 'for this test' })
    await nextTurn()
    expect(freed.deref() !== undefined).toBe(true)
    await nextTurn()
    collectGarbage()
    expect(freed.deref() === undefined).toBe(true)
    // And again: the function is made once.
    const again = new WeakRef({ made: 'again' })
    await nextTurn()
    collectGarbage()
    expect(again.deref() === undefined).toBe(true)
  })
})
