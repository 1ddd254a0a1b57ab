/**
 * A full garbage collection of this thread, asked for where the server knows a large amount of
 * memory has just become garbage: a catalogue built on the main thread and copied to shared
 * memory for the workers leaves its own arrays behind (160 MiB at 100,000 documents), and the
 * catalogue a reload replaced holds its shared arrays until every thread lets them go. A thread
 * that only passes requests on allocates too little to run a full collection of its own for
 * hours. V8's `gc` is exposed for the call, as Jest's `--logHeapUsage` does.
 */
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

let gc: (() => void) | undefined

/**
 * Collects this thread's garbage now (a pause of tens of milliseconds at a million documents).
 * Where V8 will not expose `gc` (another runtime), it does nothing: the collection would come
 * later, and the server must not stop for it. `--expose-gc` is then set for the process: worker
 * threads started after have a global `gc` too, which nothing calls.
 */
export function collectGarbage(): void {
  try {
    if (gc === undefined) {
      setFlagsFromString('--expose-gc')
      gc = runInNewContext('gc') as () => void
    }
    // Twice: the first frees the objects, the second returns the pages they emptied (served
    // from 100,000 documents of NDJSON, the main thread's heap was 49 MiB after two, 87 to
    // 106 after one).
    gc()
    gc()
  } catch {
    gc = () => {}
  }
}
