import { beforeAll, describe, expect, it } from 'vitest'
import { type Catalogue, loadCatalogue } from '../../packages/core/src/index.js'
import { corpus } from '../helpers/cli-paths.js'
import { runBin, runCli } from '../helpers/cli-run.js'

const env = { CATALOGUE: corpus }
const explain = (args: string[], options: Parameters<typeof runCli>[1] = {}) =>
  runCli(['explain', ...args], { env, ...options })

describe('catalogue explain', () => {
  let catalogue: Catalogue
  /** The best document for `rockefeller foundation`, and its score. */
  let uri: string
  let score: number
  const query = 'rockefeller foundation'

  beforeAll(async () => {
    catalogue = (await loadCatalogue(corpus)).catalogue
    const matches = catalogue.data.text.search(catalogue.parse('search', { query }).query!)
    let best = 0
    matches.scores.forEach((found, i) => {
      if (found > matches.scores[best]!) best = i
    })
    uri = catalogue.data.uris.get(matches.ids[best]!)
    score = matches.scores[best]!
  })

  describe('tree', () => {
    it('prints the score the ranking reads, then each place and word below it', async () => {
      const { code, stdout, stderr } = await explain([query, uri])
      expect(stderr).toBe('')
      expect(code).toBe(0)
      const [root, ...rest] = stdout.trimEnd().split('\n')
      expect(root).toBe(
        `${Number(score.toPrecision(4))}  ${uri} for "${query}": sum of the places it matches in:`,
      )
      expect(rest[0]).toMatch(/^[├└]─ \d+(\.\d+)?\s+the title and description, one place/)
      expect(stdout).toMatch(/^ {3}│? *[├└]─ [\d.]+ +sum of \(all must match here\):$/m)
      expect(stdout).toMatch(/[├└]─ [\d.]+ +"rockefel" in the title: boost × idf × tf$/m)
      expect(stdout).toMatch(/[├└]─ 5 +boost, the title's weight$/m)
      expect(stdout).toMatch(/[├└]─ \d+ +n, titles holding "foundat"$/m)
      expect(stdout).toMatch(/[├└]─ [\d.]+ +avgdl, average length of a title$/m)
    })

    it('rounds values to 4 significant digits and keeps counts whole', async () => {
      const { stdout } = await explain([query, uri])
      const values = stdout.split('\n').flatMap((line) => {
        const value = /^[\s│├└─]*([\d.e+-]+) {2}/.exec(line)?.[1]
        return value === undefined ? [] : [value]
      })
      expect(values.length).toBeGreaterThan(10)
      for (const value of values) {
        expect(value.replace('.', '').replace(/^0+/, '').length).toBeLessThanOrEqual(
          Number.isInteger(Number(value)) ? value.length : 4,
        )
      }
    })

    it('accepts the uri without its leading slash or as a full URL', async () => {
      const given = await explain([query, uri])
      expect((await explain([query, uri.slice(1)])).stdout).toBe(given.stdout)
      expect((await explain([query, `https://archive.example.org${uri}`])).stdout).toBe(
        given.stdout,
      )
    })

    it('is coloured on a terminal only', async () => {
      expect((await explain([query, uri], { isTTY: true })).stdout).toContain('\u001b[')
      expect((await explain([query, uri])).stdout).not.toContain('\u001b[')
    })
  })

  describe('--json', () => {
    it("prints the library's explanation, one line", async () => {
      const { code, stdout } = await explain([query, uri, '--json'])
      expect(code).toBe(0)
      expect(stdout).toBe(`${JSON.stringify(catalogue.explain(query, uri))}\n`)
      expect(JSON.parse(stdout).value).toBe(score)
    })
  })

  describe('errors', () => {
    it('exits 1 naming the uri when there is no such record', async () => {
      const { code, stdout, stderr } = await explain([query, '/collections/none'])
      expect(code).toBe(1)
      expect(stdout).toBe('')
      expect(stderr).toBe('No document /collections/none in the catalogue.\n')
    })

    it('exits 1 naming the query and the uri when the query does not match the record', async () => {
      const { code, stderr } = await explain(['zyxwordnotthere', uri])
      expect(code).toBe(1)
      expect(stderr).toContain(`The query "zyxwordnotthere" does not match ${uri}`)
    })

    it('exits 2 with the usage when the query or the uri is missing', async () => {
      const { code, stderr } = await explain(['rockefeller foundation /agents/x'])
      expect(code).toBe(2)
      expect(stderr).toContain('expects a query and a uri')
      expect(stderr).toContain("Run 'catalogue explain --help' for usage.")
    })

    it("exits 2 with the API's detail for a query the API refuses", async () => {
      const { code, stderr } = await explain(['a'.repeat(2000), uri])
      expect(code).toBe(2)
      expect(stderr).toMatch(/^Invalid value '.*' for parameter 'query'/)
    })

    it('exits 2 when --index is given without --opensearch', async () => {
      const { code, stderr } = await explain([query, uri, '--index', 'catalogue'])
      expect(code).toBe(2)
      expect(stderr).toContain('--index needs --opensearch <url>')
    })
  })

  it('runs as a real process', async () => {
    const { code, stdout } = await runBin(['explain', query, uri, '--json'], env)
    expect(code).toBe(0)
    expect(JSON.parse(stdout).value).toBe(score)
  })
})
