/**
 * The query parameters of an OpenAPI operation, as exact as a schema can say them: derived from
 * what OPTIONS lists for the view (the core's `endpointParameters`) and from what the core's
 * parser accepts (`YEAR_PATTERN`, `REQUEST_LIMITS`, the `ranked` lists' window). The parser trims
 * every value and ignores an empty one, so every parameter allows '' (`allowEmptyValue`) and the
 * patterns allow the whitespace it trims.
 */
import {
  type Endpoint,
  endpointParameters,
  REQUEST_LIMITS,
  YEAR_PATTERN,
} from '@archive-catalogue/core'
import type { QueryParameter } from './serialize.js'

type Json = Record<string, unknown>

/** What the app's options change in the description. */
export interface DescribedBounds {
  /** Largest page size; larger `limit`s are clamped to it. */
  maxLimit: number
}

/** What `String.prototype.trim` removes, spelt out: `\s` is not the same in every regex engine. */
const SPACE = '[\\t-\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]*'
/** A pattern for a value the parser trims, empty (ignored) or of the form `core`. */
const trimmed = (core: string) => `^${SPACE}(?:${core})?${SPACE}$`

const YEAR = YEAR_PATTERN
/**
 * Years joined by `__`, empty parts skipped (`__1950__` is 1950): exactly one, one or two (a
 * range), any number. A year holds no `_`, so the parts are unambiguous.
 */
const YEARS = {
  one: `(?:__)*${YEAR}(?:__)*`,
  range: `(?:__)*(?:${YEAR}(?:(?:__)+${YEAR})?(?:__)*)?`,
  any: `(?:__)*(?:${YEAR}(?:(?:__)+${YEAR})*(?:__)*)?`,
}
const DATE_LOOKUP_YEARS: Record<string, keyof typeof YEARS> = {
  gt: 'one',
  gte: 'one',
  lt: 'one',
  lte: 'one',
  range: 'range',
  in: 'any',
}
const DATE_LOOKUP_WORDS: Record<keyof typeof YEARS, string> = {
  one: 'one year',
  range: 'one or two years (from, to) joined by __, e.g. 1900__1950',
  any: 'years joined by __, e.g. 1940__1950',
}

/** An integer, or '' (ignored); without a maximum when any larger one is taken (`limit`). */
const integer = (minimum: number, maximum?: number) => ({
  anyOf: [
    { type: 'integer', minimum, ...(maximum === undefined ? {} : { maximum }) },
    { const: '' },
  ],
})

/** The OpenAPI parameters for the query parameters of a view (its `endpoint`, if it has one). */
export function queryParameters(
  described: readonly QueryParameter[],
  endpoint: Endpoint | undefined,
  bounds: DescribedBounds,
): Json[] {
  return described.flatMap((parameter) => [
    ...plainParameter(parameter, endpoint, bounds),
    ...(parameter.lookups ?? [])
      .filter((lookup) => lookup !== 'exact')
      .map((lookup) => lookupParameter(parameter, lookup)),
  ])
}

function query(name: string, description: string, schema: Json, extra: Json = {}): Json {
  return { name, in: 'query', description, allowEmptyValue: true, schema, ...extra }
}

function plainParameter(
  parameter: QueryParameter,
  endpoint: Endpoint | undefined,
  bounds: DescribedBounds,
): Json[] {
  const { name, description } = parameter
  const table = endpoint === undefined ? undefined : endpointParameters[endpoint]
  // /facets reads and checks them as /search does, and then has no use for them.
  const unused = endpoint === 'facets' ? ' Checked, but without effect here.' : ''
  switch (name) {
    case 'query': {
      const { queryLength, queryTerms } = REQUEST_LIMITS
      return [
        query(
          name,
          `${description} At most ${queryLength} characters (UTF-16 code units, once trimmed) ` +
            `and ${queryTerms} words to look up (a phrase's words, prefixes ... each count): a ` +
            'longer query is a 400.',
          { type: 'string', maxLength: queryLength },
        ),
      ]
    }
    case 'limit': {
      // Clamped, never refused for its size: to maxLimit, and on a ranked list to the window.
      const { window } = REQUEST_LIMITS
      const cut =
        table?.ranked === true
          ? ` A page also ends by result ${window}: the limit is at most ${window} - offset.`
          : ''
      return [
        query(
          name,
          `${description} The largest page is ${bounds.maxLimit}; a larger limit, of any size, is that.${cut}${unused}`,
          integer(1),
        ),
      ]
    }
    case 'offset': {
      // The window bounds offset alone: a page that would pass it is cut, so whether an offset
      // is taken never depends on the limit (OpenAPI states no rule over two parameters).
      const { window } = REQUEST_LIMITS
      const ranked = table?.ranked === true
      const maximum = ranked ? window - 1 : Number.MAX_SAFE_INTEGER
      const deep = ranked ? ` Pages end by result ${window}: a deeper offset is a 400.` : ''
      return [query(name, `${description}${deep}${unused}`, integer(0, maximum))]
    }
    case 'sort':
      return [
        query(
          name,
          `${description}${unused}`,
          // Empty fields are skipped: `title,` is `title`.
          { type: 'array', items: { type: 'string', enum: [...(parameter.choices ?? []), ''] } },
          { style: 'form', explode: false },
        ),
      ]
    case 'online':
      return [query(name, description, { anyOf: [{ type: 'boolean' }, { const: '' }] })]
    case 'start_date':
    case 'end_date':
      return [
        query(name, `${description} A year, e.g. 1950; repeated, any of them.`, {
          type: 'string',
          pattern: trimmed(YEAR),
        }),
      ]
    default:
      if (parameter.choices) {
        return [query(name, description, { type: 'string', enum: [...parameter.choices, ''] })]
      }
      // A filter repeated is a choice among its values (as DIMES sends facet selections).
      return [
        query(name, `${description}${parameter.lookups ? ' Repeated, any of them.' : ''}`, {
          type: 'string',
        }),
      ]
  }
}

function lookupParameter(parameter: QueryParameter, lookup: string): Json {
  const name = `${parameter.name}__${lookup}`
  if (parameter.name === 'start_date' || parameter.name === 'end_date') {
    const form = DATE_LOOKUP_YEARS[lookup]
    if (form === undefined) throw new Error(`How many years does the date lookup ${lookup} take?`)
    return query(
      name,
      `${parameter.description} Lookup \`${lookup}\`: ${DATE_LOOKUP_WORDS[form]}.`,
      { type: 'string', pattern: trimmed(YEARS[form]) },
    )
  }
  if (lookup === 'wildcard') {
    const { wildcardLength, wildcardStars } = REQUEST_LIMITS
    return query(
      name,
      `${parameter.description} Lookup \`wildcard\`: * for any characters, at most ` +
        `${wildcardStars} of them in ${wildcardLength} characters (UTF-16 code units).`,
      {
        type: 'string',
        maxLength: wildcardLength,
        pattern: `^[^*]*(?:\\*[^*]*){0,${wildcardStars}}$`,
      },
    )
  }
  const joined = lookup === 'in' || lookup === 'exclude' ? ' (values joined by __)' : ''
  return query(name, `${parameter.description} Lookup \`${lookup}\`${joined}.`, {
    type: 'string',
  })
}
