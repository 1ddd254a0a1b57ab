import { copyFile, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { apiResponse } from '../helpers/cli-api.js'
import { corpus, root } from '../helpers/cli-paths.js'
import { runCli } from '../helpers/cli-run.js'
import { termDocument } from '../helpers/documents.js'

const env = { CATALOGUE: corpus }
const search = (args: string[], options: Parameters<typeof runCli>[1] = {}) =>
  runCli(['search', ...args], { env, ...options })

describe('catalogue search', () => {
  describe('--json', () => {
    it.each([
      [['rockefeller'], '/search?query=rockefeller'],
      [[], '/search'],
      [
        ['rockefeller', '--filter', 'category=collection'],
        '/search?query=rockefeller&category=collection',
      ],
      [
        ['-q', 'foundation', '-f', 'start_date__gte=1900', '-f', 'start_date__lte=1990'],
        '/search?query=foundation&start_date__gte=1900&start_date__lte=1990',
      ],
      [
        ['--sort', '-title', '--limit', '5', '--offset', '10'],
        '/search?sort=-title&limit=5&offset=10',
      ],
      [
        ['rockefeller', '-f', 'type__exclude=agent'],
        '/search?query=rockefeller&type__exclude=agent',
      ],
    ])('prints what the HTTP app sends for %j', async (args, path) => {
      const { code, stdout } = await search([...args, '--json'])
      expect(code).toBe(0)
      const reference = await apiResponse(path)
      expect(reference.status).toBe(200)
      expect(stdout).toBe(`${reference.body}\n`)
    })
  })

  describe('--ndjson', () => {
    it('prints count lines, the results of every page in order', async () => {
      const { code, stdout } = await search(['--ndjson'])
      expect(code).toBe(0)
      const lines = stdout.trimEnd().split('\n')
      const all = JSON.parse((await apiResponse('/search?limit=500')).body)
      expect(lines).toHaveLength(all.count)
      expect(lines.map((line) => JSON.parse(line).uri)).toEqual(
        all.results.map((result: { uri: string }) => result.uri),
      )
    })

    it('starts at --offset and stops after --limit results', async () => {
      const { stdout } = await search(['rockefeller', '--ndjson', '--offset', '3', '--limit', '4'])
      const page = JSON.parse(
        (await apiResponse('/search?query=rockefeller&offset=3&limit=4')).body,
      )
      expect(
        stdout
          .trimEnd()
          .split('\n')
          .map((line) => JSON.parse(line)),
      ).toEqual(page.results)
    })

    it('exits 2 when --json is given too', async () => {
      const { code, stderr } = await search(['--ndjson', '--json'])
      expect(code).toBe(2)
      expect(stderr).toContain('--json and --ndjson cannot be used together')
    })
  })

  describe('table', () => {
    it('lists titles, dates, hit counts and uris under the result count', async () => {
      const { code, stdout } = await search(['rockefeller', '--limit', '40'], { columns: 120 })
      expect(code).toBe(0)
      const [head, header, ...rows] = stdout.trimEnd().split('\n')
      expect(head).toBe('34 results for "rockefeller"')
      expect(header).toMatch(/^TITLE\s+CATEGORY\s+DATES\s+HITS\s+ONLINE\s+URI$/)
      expect(rows).toHaveLength(34)
      expect(stdout).toMatch(
        /Cary Reich papers\s+collection\s+1950–1989\s+1\s+0\s+\/collections\/gfvm2Hih/,
      )
    })

    it('fits every line to the width, cutting titles with …', async () => {
      const { stdout } = await search(['rockefeller'], { columns: 60 })
      const lines = stdout.trimEnd().split('\n')
      for (const line of lines) expect([...line].length).toBeLessThanOrEqual(60)
      expect(stdout).toContain('…')
      expect(stdout).toContain('/collections/gfvm2HihpLwCTnKgpDtdhR')
    })

    it('says which page it shows and how to get the next one', async () => {
      const { stdout } = await search(['rockefeller', '--limit', '10'])
      expect(stdout).toContain('Showing 1–10 of 34; next page: --offset 10')
    })

    it('has no hit columns when there is no query', async () => {
      const { stdout } = await search(['--limit', '3'], { columns: 120 })
      expect(stdout.split('\n')[1]).toMatch(/^TITLE\s+CATEGORY\s+DATES\s+URI$/)
    })

    it('is coloured on a terminal', async () => {
      const { stdout } = await search(['rockefeller'], { isTTY: true, columns: 100 })
      expect(stdout).toContain('\u001b[')
    })

    it('is not coloured when NO_COLOR is set, even empty', async () => {
      const { stdout } = await search(['rockefeller'], {
        isTTY: true,
        env: { ...env, NO_COLOR: '' },
      })
      expect(stdout).not.toContain('\u001b[')
    })

    it('is not coloured when stdout is not a terminal', async () => {
      const { stdout } = await search(['rockefeller'])
      expect(stdout).not.toContain('\u001b[')
    })
  })

  describe('errors', () => {
    it.each([
      [['--limit', 'x'], '/search?limit=x'],
      [['--offset', '-1'], '/search?offset=-1'],
      [['--sort', 'colour'], '/search?sort=colour'],
      [['-f', 'start_date__gte=soon'], '/search?start_date__gte=soon'],
      [['-f', 'online=maybe'], '/search?online=maybe'],
      [['-f', 'genre__gt=audio'], '/search?genre__gt=audio'],
    ])("exits 2 with the API's 400 detail for %j", async (args, path) => {
      const { code, stdout, stderr } = await search(args)
      const reference = await apiResponse(path)
      expect(reference.status).toBe(400)
      expect(code).toBe(2)
      expect(stdout).toBe('')
      expect(stderr).toBe(`${JSON.parse(reference.body).detail}\n`)
    })

    it('exits 2 naming the filter when its field is unknown', async () => {
      const { code, stderr } = await search(['-f', 'colour=red'])
      expect(code).toBe(2)
      expect(stderr).toContain("unknown filter 'colour'")
    })

    it('exits 2 when a filter has no =', async () => {
      const { code, stderr } = await search(['-f', 'genre'])
      expect(code).toBe(2)
      expect(stderr).toContain("--filter expects field=value or field__lookup=value, got 'genre'")
    })

    it('exits 1 naming the path when the catalogue cannot be read', async () => {
      const { code, stderr } = await search(['x', '--catalogue', 'no/such.ndjson'])
      expect(code).toBe(1)
      expect(stderr).toContain('Cannot read no/such.ndjson')
    })
  })
})

describe('catalogue --language', () => {
  it('searches a catalogue in the language it is told, and refuses an unknown one', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'catalogue-fr-'))
    const file = join(folder, 'fr.ndjson')
    const term = termDocument('fr1', "L'histoire des bibliothèques")
    await writeFile(file, `${JSON.stringify(term)}\n`)
    const facets = (language: string[]) =>
      runCli([
        'facets',
        'histoire',
        '--catalogue',
        file,
        '--filter',
        'type=term',
        '--json',
        ...language,
      ])
    const french = await runCli([
      'get',
      '/terms?query=histoire',
      '--catalogue',
      file,
      '--language',
      'french',
    ])
    expect(JSON.parse(french.stdout).count).toBe(1)
    const english = await runCli(['get', '/terms?query=histoire', '--catalogue', file])
    expect(JSON.parse(english.stdout).count).toBe(0)
    const wrong = await facets(['--language', 'klingon'])
    expect(wrong.code).toBe(2)
    expect(wrong.stderr).toContain(
      "--language expects one of english, french, german, spanish, dutch, italian, none, got 'klingon'",
    )
  })

  it.each(['search', 'collections'])(
    '%s reads the catalogue in the --language and --format given, and refuses others as facets does',
    async (command) => {
      const list = (args: string[]) => runCli([command, ...args, '--json'], { env })
      // Stemmed in English, `photograph` finds the collection of photographs; unstemmed, not.
      expect(JSON.parse((await list(['photograph'])).stdout).count).toBe(1)
      const unstemmed = await list(['photograph', '--language', 'none'])
      expect(unstemmed.code).toBe(0)
      expect(JSON.parse(unstemmed.stdout).count).toBe(0)

      const folder = await mkdtemp(join(tmpdir(), 'catalogue-format-'))
      const findingAid = join(folder, 'finding-aid.ead')
      await copyFile(join(root, 'test/fixtures/ead/sul-spec-a0011.xml'), findingAid)
      const ead = await list(['--catalogue', findingAid, '--format', 'ead'])
      expect(ead.stderr).toBe('')
      expect(JSON.parse(ead.stdout).count).toBeGreaterThan(0)

      for (const wrong of [
        ['--language', 'klingon'],
        ['--format', 'xml'],
      ]) {
        const refused = await list(['x', ...wrong])
        expect(refused.code, wrong.join(' ')).toBe(2)
        expect(refused.stderr).toBe((await runCli(['facets', 'x', ...wrong], { env })).stderr)
      }
    },
  )
})
