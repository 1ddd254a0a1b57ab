/**
 * `pushCatalogue` against the test run's real OpenSearch node (test/opensearch/global-setup.ts):
 * whole catalogues behind an alias, moved only when complete, and refusals that name the
 * document and leave the alias where it was.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { InvalidCatalogueError, loadCatalogue, saveSnapshot } from '@archive-catalogue/core'
import { OpenSearchError, type PushProgress, pushCatalogue } from '@archive-catalogue/opensearch'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { refusesMergeTask } from '../../packages/opensearch/src/indexing/merge-segments.js'
import {
  aliasedIndices,
  forceMerges,
  openSearchJson,
  openSearchNode,
} from '../helpers/opensearch.js'

const node = openSearchNode('the OpenSearch push tests')
const RAC = 'test/fixtures/rac'
const SAMPLE = 'data/sample.ndjson'
// Names of this run's own: a node given by OPENSEARCH_URL may hold other runs' indices.
const RUN = `push-${Date.now().toString(36)}`
const alias = (name: string) => `${RUN}-${name}`

async function count(index: string): Promise<number> {
  return (await openSearchJson<{ count: number }>(node.url, `/${index}/_count`)).count
}

/** A port that was free a moment ago: nothing listens there. */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

describe.skipIf(node.skip)('pushCatalogue', () => {
  let folder = ''
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'catalogue-push-'))
  })
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true })
    await fetch(`${node.url}/${RUN}-*`, { method: 'DELETE' })
  })

  describe('a first push', () => {
    it('puts the 192 RAC documents behind a new alias, on one index', async () => {
      const result = await pushCatalogue(RAC, { url: node.url, index: alias('rac') })
      expect(result).toMatchObject({ alias: alias('rac'), documents: 192, previous: [] })
      expect(result.counts).toEqual({ agent: 89, collection: 5, object: 15, term: 83 })
      expect(result.index).toMatch(new RegExp(`^${alias('rac')}-\\d{17}$`))
      expect(await aliasedIndices(node.url, alias('rac'))).toEqual([result.index])
      expect(await count(alias('rac'))).toBe(192)
    })

    it('merges each shard into one segment before the replicas, and says so as it goes', async () => {
      const stagesOf = (stages: string[]) => (progress: PushProgress) => {
        if (progress.stage && stages.at(-1) !== progress.stage) stages.push(progress.stage)
      }
      const stages: string[] = []
      const merged = await pushCatalogue(SAMPLE, {
        url: node.url,
        index: alias('merged'),
        shards: 2,
        onProgress: stagesOf(stages),
      })
      expect(stages).toEqual(['merging', 'replicas'])
      const segments = await openSearchJson<{ shard: string; prirep: string }[]>(
        node.url,
        `/_cat/segments/${merged.index}?format=json&h=shard,prirep`,
      )
      // One segment in each copy of each shard (replicas, where the cluster has them, copy it).
      const copies = segments.map(({ shard, prirep }) => `${shard}${prirep}`)
      expect(new Set(copies).size).toBe(copies.length)
      expect(copies.filter((copy) => copy.endsWith('p')).sort()).toEqual(['0p', '1p'])
      expect(await forceMerges(node.url, merged.index)).toBe(1)
      expect(await count(alias('merged'))).toBe(merged.documents)

      const unmergedStages: string[] = []
      const unmerged = await pushCatalogue(SAMPLE, {
        url: node.url,
        index: alias('unmerged'),
        merge: false,
        onProgress: stagesOf(unmergedStages),
      })
      expect(unmergedStages).toEqual(['replicas'])
      expect(await forceMerges(node.url, unmerged.index)).toBe(0)
      expect(await count(alias('unmerged'))).toBe(unmerged.documents)
    })

    it('keeps each document as read in _source, and the derived values out of it', async () => {
      const file = `${RAC}/collection/gfvm2HihpLwCTnKgpDtdhR.json`
      const document = JSON.parse(await readFile(file, 'utf8')) as { uri: string }
      const hit = await openSearchJson<{ _source: unknown }>(
        node.url,
        `/${alias('rac')}/_doc/${encodeURIComponent(document.uri)}`,
      )
      expect(hit._source).toEqual(document)
    })

    it('indexes years as integers: start_date__gte is a range over any begin year', async () => {
      const collections = await readdir(`${RAC}/collection`)
      let expected = 0
      for (const name of collections) {
        const { dates } = JSON.parse(await readFile(`${RAC}/collection/${name}`, 'utf8')) as {
          dates: { begin: string | null }[]
        }
        if (dates.some(({ begin }) => begin !== null && Number(begin.slice(0, 4)) >= 1950))
          expected++
      }
      expect(expected).toBeGreaterThan(0)
      expect(expected).toBeLessThan(collections.length)
      const found = await openSearchJson<{ count: number }>(node.url, `/${alias('rac')}/_count`, {
        body: {
          query: {
            bool: {
              filter: [
                { term: { type: 'collection' } },
                { range: { 'derived.begin_years': { gte: 1950 } } },
              ],
            },
          },
        },
      })
      expect(found.count).toBe(expected)
    })
  })

  describe('pushing again, and other sources', () => {
    it('moves the alias to a new index and deletes the old one; readers never see less', async () => {
      const first = await pushCatalogue(SAMPLE, { url: node.url, index: alias('sample') })
      expect(first.documents).toBe(2000)
      expect(await count(alias('sample'))).toBe(2000)
      // A reader polls the alias all through the second push: never half a catalogue.
      const seen = new Set<number>()
      let polls = 0
      let pushing = true
      const reader = (async () => {
        while (pushing) {
          seen.add(await count(alias('sample')))
          polls++
          await new Promise((resolve) => setTimeout(resolve, 10))
        }
      })()
      const second = await pushCatalogue(SAMPLE, { url: node.url, index: alias('sample') })
      pushing = false
      await reader
      expect(second.previous).toEqual([first.index])
      expect(second.index).not.toBe(first.index)
      expect(await aliasedIndices(node.url, alias('sample'))).toEqual([second.index])
      expect((await fetch(`${node.url}/${first.index}`)).status).toBe(404)
      expect(await count(alias('sample'))).toBe(2000)
      expect(polls).toBeGreaterThan(5)
      expect([...seen]).toEqual([2000])
    })

    it('pushes a snapshot as it pushes the files it was built from', async () => {
      const { catalogue } = await loadCatalogue(RAC)
      const snapshot = join(folder, 'rac.snapshot')
      await saveSnapshot(catalogue, snapshot)
      const result = await pushCatalogue(snapshot, { url: node.url, index: alias('snapshot') })
      expect(result.documents).toBe(192)
      expect(await count(alias('snapshot'))).toBe(192)
    })

    it('pushes EAD finding aids as the loader reads them', async () => {
      const { catalogue } = await loadCatalogue('test/fixtures/ead')
      const result = await pushCatalogue('test/fixtures/ead', {
        url: node.url,
        index: alias('ead'),
      })
      expect(result.documents).toBe(catalogue.size)
      expect(await count(alias('ead'))).toBe(catalogue.size)
    })
  })

  describe('refusals', () => {
    // The alias a refused push must leave where it is: one push for every refusal, none of
    // which may move it.
    let before: { index: string }
    beforeAll(async () => {
      before = await pushCatalogue(RAC, { url: node.url, index: alias('kept') })
    }, 120_000)

    it('refuses a catalogue with an invalid document, naming its file and line', async () => {
      const lines = (await readFile(SAMPLE, 'utf8')).trimEnd().split('\n').slice(0, 100)
      // Line 42 loses its title, as rac-invalid/collection/no-title.json does.
      const broken = JSON.parse(lines[41]!) as Record<string, unknown>
      delete broken['title']
      lines[41] = JSON.stringify(broken)
      const file = join(folder, 'one-invalid.ndjson')
      await writeFile(file, `${lines.join('\n')}\n`)
      const refused = await pushCatalogue(file, { url: node.url, index: alias('kept') }).catch(
        (error: unknown) => error,
      )
      expect(refused).toBeInstanceOf(InvalidCatalogueError)
      expect((refused as Error).message).toContain(`${file}:42 (${broken['uri']}) /title:`)
      expect(await aliasedIndices(node.url, alias('kept'))).toEqual([before.index])
      expect(await count(alias('kept'))).toBe(192)
      // The new index was removed: only the one behind the alias is left.
      const indices = await openSearchJson<{ index: string }[]>(
        node.url,
        `/_cat/indices/${alias('kept')}-*?format=json`,
      )
      expect(indices.map(({ index }) => index)).toEqual([before.index])
    })

    it('pushes the valid documents with skipInvalid and reports the others', async () => {
      const file = join(folder, 'one-invalid.ndjson')
      const result = await pushCatalogue(file, {
        url: node.url,
        index: alias('skip'),
        skipInvalid: true,
      })
      expect(result.documents).toBe(99)
      expect(result.skipped.map(({ source }) => source.line)).toEqual([42])
    })

    it('names each document the cluster refuses, removes the new index, keeps the alias', async () => {
      const all = (await readFile(SAMPLE, 'utf8')).trimEnd().split('\n')
      const at = all.findIndex((line) => line.includes('"position":'))
      const lines = all.slice(0, at + 10)
      // Valid for the schema (a number), but no finite double for the cluster.
      lines[at] = lines[at]!.replace(/"position":[-0-9.e]+/, '"position":1e400')
      expect(lines[at]).toContain('1e400')
      const file = join(folder, 'refused.ndjson')
      await writeFile(file, `${lines.join('\n')}\n`)
      const refused = await pushCatalogue(file, { url: node.url, index: alias('kept') }).catch(
        (error: unknown) => error,
      )
      expect(refused).toBeInstanceOf(OpenSearchError)
      const error = refused as OpenSearchError
      expect(error.code).toBe('E_REFUSED')
      expect(error.refused.map(({ source }) => source.line)).toEqual([at + 1])
      expect(error.message).toMatch(/refused 1 document;/)
      expect(error.message).toContain(`${file}:${at + 1} (`)
      expect(error.message).toContain('[position]')
      expect(await aliasedIndices(node.url, alias('kept'))).toEqual([before.index])
      const indices = await openSearchJson<{ index: string }[]>(
        node.url,
        `/_cat/indices/${alias('kept')}-*?format=json`,
      )
      expect(indices.map(({ index }) => index)).toEqual([before.index])
    })

    it('writes again a document whose JSON repeats a key, which the cluster cannot parse', async () => {
      const lines = (await readFile(SAMPLE, 'utf8')).trimEnd().split('\n').slice(0, 20)
      // JSON.parse keeps the last title; OpenSearch refuses the text as it is.
      lines[3] = lines[3]!.replace('{', '{"title":"first",')
      const file = join(folder, 'repeated-key.ndjson')
      await writeFile(file, `${lines.join('\n')}\n`)
      const result = await pushCatalogue(file, { url: node.url, index: alias('repeated') })
      expect(result.documents).toBe(20)
    })

    it('says which URL it cannot reach when nothing listens there', async () => {
      const url = `http://127.0.0.1:${await freePort()}`
      const refused = await pushCatalogue(RAC, { url, index: alias('down') }).catch(
        (error: unknown) => error,
      )
      expect(refused).toBeInstanceOf(OpenSearchError)
      expect((refused as OpenSearchError).code).toBe('E_UNREACHABLE')
      expect((refused as Error).message).toMatch(`Cannot reach OpenSearch at ${url}`)
    })
  })
})

describe('refusesMergeTask', () => {
  it('tells a cluster that cannot merge as a task (before 2.7) from other refusals', () => {
    const old =
      'illegal_argument_exception: request [/catalogue-20261129/_forcemerge] contains unrecognized parameter: [wait_for_completion]'
    expect(refusesMergeTask(old)).toBe(true)
    expect(refusesMergeTask('index_closed_exception: closed')).toBe(false)
    expect(refusesMergeTask('illegal_argument_exception: unrecognized parameter: [flush]')).toBe(
      false,
    )
  })
})
