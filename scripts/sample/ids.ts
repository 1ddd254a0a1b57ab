import type { Random } from './random.js'

/** The alphabet of the catalogue's ids: letters and digits without the look-alikes 0 O 1 I l. */
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/** Length of an id, as in the real catalogue (22 characters of a 57-letter alphabet). */
export const ID_LENGTH = 22

/**
 * A new random id. With 57^22 possible ids a collision is astronomically unlikely, so no set of
 * the ids already used is kept (it would cost ~100 MB at a million documents).
 */
export function makeId(rng: Random): string {
  let id = ''
  for (let i = 0; i < ID_LENGTH; i++) id += ALPHABET[rng.next() % ALPHABET.length]
  return id
}
