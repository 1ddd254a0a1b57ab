/**
 * A full garbage collection of this thread, asked for where the server knows a large amount of
 * memory has just become garbage. A catalogue built on the main thread and copied to shared
 * memory for the workers leaves its own arrays behind (160 MiB at 100,000 documents), and a
 * thread that only passes requests on allocates too little to run a full collection of its own
 * for hours. V8's `gc` is exposed for the call, as Jest's `--logHeapUsage` does.
 */
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

let gc: (() => void) | undefined

/** Collects this thread's garbage now (a pause of tens of milliseconds at a million documents). */
export function collectGarbage(): void {
  if (gc === undefined) {
    setFlagsFromString('--expose-gc')
    gc = runInNewContext('gc') as () => void
  }
  gc()
}
