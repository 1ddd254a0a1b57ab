/** The EAD editions a finding aid is written in, and the one parameter that chooses one. */
import { BadParameterError } from '../util/catalogue-errors.js'

/** EAD3 (1.1.1, the default) or EAD 2002. */
export const EAD_EDITIONS = ['ead3', 'ead2002'] as const
export type EadEdition = (typeof EAD_EDITIONS)[number]

/**
 * The edition a request asks for: `ead3` when none is given; another value is a
 * `BadParameterError` naming the parameter (`edition` in the API, `--edition` in the CLI).
 * @example editionOf(new URLSearchParams('edition=ead2002').get('edition')) // 'ead2002'
 */
export function editionOf(value: string | null | undefined, parameter = 'edition'): EadEdition {
  const wanted = value?.trim().toLowerCase() ?? ''
  if (wanted === '') return 'ead3'
  const found = EAD_EDITIONS.find((edition) => edition === wanted)
  if (found) return found
  throw new BadParameterError(
    parameter,
    value ?? '',
    `must be one of ${EAD_EDITIONS.map((edition) => `'${edition}'`).join(', ')} (ead3 when left out)`,
  )
}
