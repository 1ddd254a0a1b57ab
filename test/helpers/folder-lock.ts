/**
 * A lock between processes for a one-time setup that two test files could start at once (the
 * unit and OpenSearch runs side by side, or two workers of one run): installing a Python tool
 * into the shared cache, unpacking the packaged Chromium. Only one process can make a folder;
 * the one that made it holds the lock and writes its pid there, so a lock left by a process
 * that died is taken over rather than waited on.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import { alive } from './process-alive.js'

/** How often a waiting process looks again. */
const RETRY_MS = 250

/** Tries once to take the lock: true when taken, false when a live process holds it. */
function tryLock(lock: string): boolean {
  try {
    mkdirSync(lock)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    let holder = Number.NaN
    try {
      holder = Number(readFileSync(join(lock, 'pid'), 'utf8'))
    } catch {
      // Made but its pid not written yet: its maker is alive, between two calls.
      return false
    }
    if (alive(holder)) return false
    rmSync(lock, { recursive: true, force: true })
    return tryLock(lock)
  }
  writeFileSync(join(lock, 'pid'), String(process.pid))
  return true
}

function waitedTooLong(lock: string, timeoutMs: number): Error {
  return new Error(`waited ${timeoutMs / 1000} s for ${lock}, held by another test process`)
}

/** Runs `work` holding the lock folder `lock`, waiting (up to `timeoutMs`) for another holder. */
export async function withFolderLock<T>(
  lock: string,
  work: () => Promise<T>,
  timeoutMs = 600_000,
): Promise<T> {
  const deadline = performance.now() + timeoutMs
  while (!tryLock(lock)) {
    if (performance.now() > deadline) throw waitedTooLong(lock, timeoutMs)
    await delay(RETRY_MS)
  }
  try {
    return await work()
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}

/** `withFolderLock` for synchronous work, sleeping the thread while another process holds it. */
export function withFolderLockSync<T>(lock: string, work: () => T, timeoutMs = 600_000): T {
  const deadline = performance.now() + timeoutMs
  const sleeper = new Int32Array(new SharedArrayBuffer(4))
  while (!tryLock(lock)) {
    if (performance.now() > deadline) throw waitedTooLong(lock, timeoutMs)
    Atomics.wait(sleeper, 0, 0, RETRY_MS)
  }
  try {
    return work()
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}
