/**
 * A real OAI-PMH harvester against a server: Sickle (PyPI), the Python client many aggregators'
 * scripts use, lists every record of each metadata format by following resumption tokens, as a
 * harvester does, and prints what it got. Each backend's suite is an adapter that starts a
 * server (test/http/oai-harvester.test.ts in memory, test/opensearch/oai-pmh.test.ts on
 * OpenSearch). Sickle, pinned, is installed into a venv cached under node_modules/.cache, as
 * the schemathesis test installs itself; without python3, its venv module or PyPI, the test is
 * skipped and says why.
 */
import { execFile } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, it } from 'vitest'
import { pythonTool } from './python-tool.js'

/** The Sickle this test was written against. */
const SICKLE = pythonTool('sickle', '0.7.0')
const venv = SICKLE.venv

/**
 * Harvests with Sickle: ListRecords of each prefix (every page, by its tokens), then each
 * record's identifier, datestamp and first title, as JSON lines per prefix.
 */
const SCRIPT = `
import json, sys
from sickle import Sickle
endpoint, prefixes = sys.argv[1], sys.argv[2].split(',')
sickle = Sickle(endpoint, max_retries=0, timeout=120)
identify = sickle.Identify()
print(json.dumps({'identify': identify.repositoryName, 'granularity': identify.granularity}))
for prefix in prefixes:
    records = []
    for record in sickle.ListRecords(metadataPrefix=prefix, ignore_deleted=False):
        records.append([record.header.identifier, record.header.datestamp])
    print(json.dumps({'prefix': prefix, 'records': records}))
identifiers = [header.identifier for header in sickle.ListIdentifiers(metadataPrefix='oai_dc')]
print(json.dumps({'prefix': 'identifiers', 'records': [[i, ''] for i in identifiers]}))
sets = [s.setSpec for s in sickle.ListSets()]
print(json.dumps({'sets': sets}))
`

/** What Sickle harvested: the records by prefix, the sets, what Identify said. */
export interface Harvested {
  repositoryName: string
  records: Record<string, [identifier: string, datestamp: string][]>
  sets: string[]
}

/**
 * One test: `start` serves the catalogue; Sickle harvests `prefixes` from its `/oai`; `check`
 * judges what it got.
 */
export function harvestWithSickle(
  name: string,
  start: () => Promise<{ url: string; close: () => Promise<void> }>,
  prefixes: string[],
  check: (harvested: Harvested) => void | Promise<void>,
): void {
  let skipReason: string | undefined
  beforeAll(() => {
    skipReason = SICKLE.install()
  }, 300_000)

  it(name, async (context) => {
    if (skipReason !== undefined) {
      console.warn(`Skipped: ${skipReason}`)
      context.skip(skipReason)
      return
    }
    const server = await start()
    try {
      const script = join(venv, 'harvest.py')
      writeFileSync(script, SCRIPT)
      // Sickle is synchronous: it runs in its own process while this one serves.
      const result = await new Promise<{ ok: boolean; stdout: string; output: string }>(
        (resolve) => {
          execFile(
            join(venv, 'bin', 'python'),
            [script, `${server.url}/oai`, prefixes.join(',')],
            { timeout: 600_000, maxBuffer: 1 << 28 },
            (error, stdout, stderr) =>
              resolve({
                ok: error === null,
                stdout,
                output: `${stdout}${stderr}${error?.message ?? ''}`,
              }),
          )
        },
      )
      if (!result.ok) throw new Error(`Sickle failed: ${result.output.slice(-2000)}`)
      const lines = result.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>)
      const harvested: Harvested = { repositoryName: '', records: {}, sets: [] }
      for (const line of lines) {
        if ('identify' in line) harvested.repositoryName = line.identify as string
        if ('prefix' in line) harvested.records[line.prefix as string] = line.records as never
        if ('sets' in line) harvested.sets = line.sets as string[]
      }
      await check(harvested)
    } finally {
      await server.close()
    }
  }, 900_000)
}
