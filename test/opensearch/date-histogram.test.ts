/**
 * `/facets?date_histogram=true` on OpenSearch against the in-memory engine, on the real node:
 * the corpus, the sample and a catalogue of odd dates (a begin without an end, an end without a
 * begin, an end before its begin) pushed and loaded, then queries, filters and year ranges of
 * every lookup answered the same, to the bucket (a `filters` aggregation is exact on any number
 * of shards: the sample is on three); and without the parameter, no `date_histogram` key on
 * either.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SAMPLE } from '../helpers/corpus.js'
import { bothBackends, openSearchNode } from '../helpers/opensearch.js'
import { sharedBackends } from '../helpers/shared-pushes.js'

const node = openSearchNode('the date histogram on OpenSearch')

/** A catalogue of the sample's first agents and collections, their dates redrawn at random. */
function oddDatesCatalogue(): string {
  const lines = readFileSync(SAMPLE, 'utf8').split('\n').filter(Boolean)
  const templates = lines
    .map((line) => JSON.parse(line) as Record<string, unknown> & { uri: string; type: string })
    .filter((document) => document.type === 'agent' || document.type === 'collection')
    .filter((document) => (document['group'] as { identifier: string }).identifier === document.uri)
  const year = fc.option(
    fc.integer({ min: 1850, max: 2010 }).map((value) => String(value)),
    { nil: null, freq: 4 },
  )
  const [drawn] = fc.sample(
    fc.array(fc.array(fc.record({ begin: year, end: year }), { minLength: 1, maxLength: 3 }), {
      minLength: 300,
      maxLength: 300,
    }),
    { seed: 20261127, numRuns: 1 },
  )
  const documents = drawn!.map((dates, i) => {
    const template = templates[i % templates.length]!
    const uri = `/${template.type}s/odd${i}`
    return {
      ...template,
      uri,
      dates: dates.map((date) => ({
        ...date,
        expression: [date.begin, date.end].filter(Boolean).join('-') || 'undated',
        label: 'creation',
        type: 'inclusive',
        source: 'archivesspace',
      })),
      group: { ...(template['group'] as object), identifier: uri },
    }
  })
  const file = join(mkdtempSync(join(tmpdir(), 'odd-dates-')), 'odd-dates.ndjson')
  writeFileSync(file, `${documents.map((document) => JSON.stringify(document)).join('\n')}\n`)
  return file
}

/** Year ranges of every lookup, within and across the catalogue's years. */
const RANGES = [
  '',
  'end_date__gte=1940&start_date__lte=1960',
  'end_date__gte=1900&start_date__lte=1999',
  'end_date__gte=1945&start_date__lte=1945',
  'end_date__gte=1700&start_date__lte=2100',
  'start_date__range=1900__1950',
  'start_date__range=1930',
  'end_date__lte=1920',
  'start_date__gt=1950',
  'end_date__lt=1900',
  'start_date__gte=1920&end_date__lte=1925',
  'start_date__gte=2100',
  'start_date=1950',
  'end_date__in=1950__1960__1970',
]

describe.skipIf(node.skip)('the date histogram on OpenSearch', () => {
  for (const [name, words, shards] of [
    ['the corpus', ['rockefeller', 'foundation', 'reich'], 1],
    ['the sample', ['malaria', 'foundation', 'health'], 3],
    ['a catalogue of odd dates', ['foundation', 'papers', 'malaria'], 2],
  ] as const) {
    describe(`on ${name}${shards === 3 ? ' on three shards' : ''}`, () => {
      // The real catalogues pushed once for the run's suites that read them; the odd dates here.
      const both =
        name === 'a catalogue of odd dates'
          ? bothBackends(node, 'histogram-odd-dates', oddDatesCatalogue, {
              shards,
              cleanUp: (file) => rmSync(dirname(file), { recursive: true, force: true }),
            })
          : sharedBackends(node, name, shards)

      const requests = () => [
        ...RANGES,
        ...RANGES.map((range) => `type=collection&${range}`),
        ...RANGES.map((range) => `type=agent&${range}`),
        ...words.flatMap((word) => [
          `query=${word}`,
          `query=${word}&end_date__gte=1950`,
          `query=${word}&end_date__gte=1930&start_date__lte=1960`,
          `query=-${word}`,
        ]),
        `query=${words[0]} | ${words[1]}&genre=documents`,
        'online=true',
        'query=zzzzqqq',
      ]

      it('answers every histogram as the in-memory engine does', async () => {
        let buckets = 0
        for (const query of requests()) {
          const request = both.catalogue.parse(
            'facets',
            new URLSearchParams(`${query}&date_histogram=true`),
          )
          const expected = both.catalogue.facets(request)
          const answer = await both.backend.facets(request)
          expect(answer, query).toEqual(expected)
          expect(Object.keys(answer).at(-1), query).toBe('date_histogram')
          buckets += expected.date_histogram!.buckets.length
        }
        // The requests draw histograms, not only empty ones.
        expect(buckets).toBeGreaterThan(100)
      }, 120_000)

      it('answers without the key when it is not asked for, or is false', async () => {
        for (const query of ['', `query=${words[0]}`, 'end_date__gte=1940&start_date__lte=1960']) {
          for (const asked of ['', '&date_histogram=false']) {
            const request = both.catalogue.parse('facets', new URLSearchParams(`${query}${asked}`))
            const answer = await both.backend.facets(request)
            expect(answer, query).toEqual(both.catalogue.facets(request))
            expect(Object.keys(answer), query).toEqual([
              'max_date',
              'creator',
              'min_date',
              'subject',
              'format',
              'online',
            ])
          }
        }
      })
    })
  }
})
