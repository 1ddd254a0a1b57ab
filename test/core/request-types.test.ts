/**
 * Request parameters are typed per endpoint in the library: a misspelt name or a filter the
 * endpoint does not have fails to compile (`npm run typecheck` checks this file), while
 * URLSearchParams stay open (the API ignores unknown parameters).
 */
import { describe, expect, expectTypeOf, it } from 'vitest'
import {
  Catalogue,
  type ParameterName,
  parseRequest,
  type RequestParams,
} from '../../packages/core/src/index.js'

describe('RequestParams', () => {
  it('names every parameter an endpoint reads, and no other', () => {
    expectTypeOf<'query'>().toExtend<ParameterName<'search'>>()
    expectTypeOf<'start_date__range'>().toExtend<ParameterName<'collections'>>()
    expectTypeOf<'agent_type__in'>().toExtend<ParameterName<'agents'>>()
    expectTypeOf<'term_type'>().toExtend<ParameterName<'terms'>>()
    expectTypeOf<'qeury'>().not.toExtend<ParameterName<'search'>>()
    expectTypeOf<'type'>().not.toExtend<ParameterName<'collections'>>()
    expectTypeOf<'online__in'>().not.toExtend<ParameterName<'search'>>()
    expectTypeOf<'start_date__prefix'>().not.toExtend<ParameterName<'search'>>()
    expectTypeOf<URLSearchParams>().toExtend<RequestParams<'terms'>>()
  })

  it('refuses a misspelt name in a plain object at compile time', () => {
    const catalogue = Catalogue.fromDocuments([])
    // @ts-expect-error: `qeury` is not a parameter of /search
    const misspelt = () => catalogue.search({ qeury: 'x' })
    // @ts-expect-error: /terms does not filter on agent_type
    const other = () => catalogue.terms({ agent_type: 'person' })
    // @ts-expect-error: a date filter has no `prefix` lookup
    const lookup = () => parseRequest('collections', { start_date__prefix: '19' })
    // At run time the API still ignores what it does not know (DIMES sends such parameters).
    expect(misspelt().count).toBe(0)
    expect(other().count).toBe(0)
    expect(lookup).toThrow(/does not support the lookup 'prefix'/)
  })
})
