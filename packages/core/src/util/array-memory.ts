/**
 * Where a catalogue's lasting arrays are made: in the thread's own memory, or in shared memory
 * (`SharedArrayBuffer`) that worker threads read without a copy. A catalogue served on workers
 * derives its arrays there at once: made in its own memory and copied, they would stay in the
 * loading thread as garbage until its next full collection, which an idle thread may not run.
 */
export type ArrayMemory = 'own' | 'shared'

/** A typed array type, as `Uint32Array`. */
interface TypedArrayType<T> {
  new (length: number): T
  new (buffer: SharedArrayBuffer): T
  readonly BYTES_PER_ELEMENT: number
}

/** A typed array of `length` zeros in the memory given. */
export function newArray<T>(Type: TypedArrayType<T>, length: number, memory: ArrayMemory): T {
  return memory === 'own'
    ? new Type(length)
    : new Type(new SharedArrayBuffer(length * Type.BYTES_PER_ELEMENT))
}
