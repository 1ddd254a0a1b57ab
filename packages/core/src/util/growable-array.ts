/**
 * A typed array that grows as values are appended: a builder's posting log or byte stream
 * without a JavaScript number (8 bytes and a GC-visible slot) per value.
 */
type TypedArray = Uint8Array | Uint16Array | Uint32Array | Int32Array | Float32Array | Float64Array

interface TypedArrayType<T extends TypedArray> {
  new (length: number): T
}

export class GrowableArray<T extends TypedArray> {
  private values: T
  private readonly Type: TypedArrayType<T>
  length = 0

  constructor(Type: TypedArrayType<T>, capacity = 1024) {
    this.Type = Type
    this.values = new Type(capacity)
  }

  push(value: number): void {
    if (this.length === this.values.length) this.grow(this.length + 1)
    this.values[this.length++] = value
  }

  get(index: number): number {
    return this.values[index]!
  }

  set(index: number, value: number): void {
    this.values[index] = value
  }

  /** The values so far, trimmed to their length (a copy: the builder may go on). */
  toArray(): T {
    return this.values.slice(0, this.length) as T
  }

  /**
   * The values, trimmed to their length, for a builder's last read: the array is left empty,
   * so that its buffer (up to half again as long) can be collected while the build goes on.
   */
  take(): T {
    const values = this.toArray()
    this.values = new this.Type(0)
    this.length = 0
    return values
  }

  /** Room for `length` values; they read as 0 until set. */
  ensure(length: number): void {
    if (length > this.values.length) this.grow(length)
    if (length > this.length) this.length = length
  }

  private grow(needed: number): void {
    // Double while small, then grow by half: a 1M-document log is hundreds of MB.
    const capacity = Math.max(
      needed,
      this.values.length < 1 << 24 ? this.values.length * 2 : Math.ceil(this.values.length * 1.5),
    )
    const values = new this.Type(capacity)
    values.set(this.values)
    this.values = values
  }
}
