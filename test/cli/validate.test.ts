import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { corpus, invalidCorpus } from '../helpers/cli-paths.js'
import { runCli } from '../helpers/cli-run.js'

// The field each invalid file breaks, from its name: `no-title` → /title.
const FIELD_NAMES: Record<string, string> = {
  'external-ids': 'external_identifiers',
  'external-identifiers': 'external_identifiers',
  date: 'dates',
  format: 'formats',
}

function fieldsOf(file: string, type: string): string[] {
  const what = file.replace(/\.json$/, '').replace(/^(no|invalid)-/, '')
  // A collection whose type says object fails as an object whose uri is a collection's:
  // the validator names /uri (see the CLI note: naming /type would be clearer).
  if (type === 'collection' && what === 'type') return ['/type', '/uri']
  return [`/${FIELD_NAMES[what] ?? what.replaceAll('-', '_')}`]
}

const TYPES = ['agent', 'collection', 'object', 'term']
const invalidFiles = (
  await Promise.all(
    TYPES.map(async (type) =>
      (await readdir(join(invalidCorpus, type))).map((file) => ({ type, file })),
    ),
  )
).flat()

describe('catalogue validate', () => {
  describe('run', () => {
    it('warns on stderr about a parent missing from the catalogue and still exits 0', async () => {
      const directory = await mkdtemp(join(tmpdir(), 'catalogue-validate-'))
      const file = join(directory, 'orphans.ndjson')
      const object = JSON.parse(
        await readFile(join(corpus, 'object', '2tCPMsahXfUURDNEMLUFYs.json'), 'utf8'),
      ) as { parent: string; uri: string }
      object.parent = 'nowhere'
      await writeFile(file, `${JSON.stringify(object)}\n`)
      const { code, stdout, stderr } = await runCli(['validate', file])
      expect(code).toBe(0)
      expect(stdout).toContain('1 valid document')
      expect(stderr).toBe(
        `warning: ${file}:1 (${object.uri}) parent /collections/nowhere is not in the catalogue; ` +
          'the document is treated as top-level\n',
      )
    })

    it('exits 0 and counts the documents by type when the corpus is valid', async () => {
      const { code, stdout, stderr } = await runCli(['validate', corpus])
      expect(code).toBe(0)
      // The corpus's contradicting groups and ancestors are warnings, not problems.
      expect(stderr.split('\n').filter(Boolean)).toHaveLength(8)
      expect(stderr).toContain(
        `warning: ${join(corpus, 'collection/gfvm2HihpLwCTnKgpDtdhR.json')} ` +
          '(/collections/gfvm2HihpLwCTnKgpDtdhR) group is itself, but its parent chain leads up ' +
          'to /collections/Zivy3B6P5nBaZ24Kb8cWEq (Nelson A. Rockefeller personal papers, ' +
          'Politics - George L. Hinman, Series J.2); ',
      )
      expect(stdout).toContain('192 valid documents')
      expect(stdout).toMatch(/agent\s+89\n/)
      expect(stdout).toMatch(/collection\s+5\n/)
      expect(stdout).toMatch(/object\s+15\n/)
      expect(stdout).toMatch(/term\s+83\n/)
    })

    it.each(invalidFiles)(
      'exits 1 naming the field when $type/$file is invalid',
      async ({ type, file }) => {
        const path = join(invalidCorpus, type, file)
        const { code, stdout } = await runCli(['validate', path])
        expect(code).toBe(1)
        const problems = stdout.split('\n').filter((line) => line.startsWith(path))
        expect(problems.length).toBeGreaterThan(0)
        const fields = fieldsOf(file, type)
        expect(problems.some((line) => fields.some((field) => line.includes(` ${field}`)))).toBe(
          true,
        )
        expect(stdout).toMatch(/1 invalid document \(\d+ problems?\), 0 valid/)
      },
    )

    it('prints every problem and the total when a folder has invalid documents', async () => {
      const { code, stdout } = await runCli(['validate', join(invalidCorpus, 'term')])
      expect(code).toBe(1)
      expect(stdout).toMatch(/no-title\.json \(\/terms\/\w+\) \/title: missing required field/)
      expect(stdout).toContain('8 invalid documents')
    })

    it('reports malformed JSON with every other problem of every file and goes on', async () => {
      const folder = await mkdtemp(join(tmpdir(), 'catalogue-cli-'))
      const broken = join(folder, 'a-broken.ndjson')
      const array = join(folder, 'b-array.json')
      const good = join(folder, 'c-good.json')
      const agent = await readFile(join(corpus, 'agent', '4HyzLLjm5KXGNaM2iKttoG.json'), 'utf8')
      await writeFile(broken, `{"type": "x"}\n{"type": \n${agent.replace(/\n/g, '')}\n`)
      await writeFile(array, '[{"uri": 1}, ]')
      await writeFile(good, agent)
      const { code, stdout, stderr } = await runCli(['validate', folder])
      expect(code).toBe(1)
      expect(stderr).toBe('')
      expect(stdout).toContain(`${broken}:1 /type: "x" is not one of: agent, collection, object`)
      expect(stdout).toContain(
        `${broken}:2 (document): malformed JSON at column 10: value expected`,
      )
      expect(stdout).toContain(`${array}:1 (document): malformed JSON at column 14: value expected`)
      // The duplicate of the valid agent on line 3 of the broken file was still read.
      expect(stdout).toContain(`${good} (/agents/4HyzLLjm5KXGNaM2iKttoG) /uri: duplicate uri`)
      expect(stdout).toMatch(
        /4 invalid documents \(4 problems\), 1 valid\nserve, index and push refuse it: give them --skip-invalid to load the 1 valid document and leave these 4 out\n$/,
      )
    })

    it('says 1 problem and 1 invalid document, in the singular', async () => {
      const folder = await mkdtemp(join(tmpdir(), 'catalogue-cli-'))
      const file = join(folder, 'one.ndjson')
      await writeFile(file, '{"type": "x"}\n')
      const { stdout } = await runCli(['validate', file])
      expect(stdout).toMatch(/1 invalid document \(1 problem\), 0 valid\n$/)
    })

    it('exits 1 for an empty folder, as serve does', async () => {
      const folder = await mkdtemp(join(tmpdir(), 'catalogue-empty-'))
      for (const command of ['validate', 'serve']) {
        const { code, stderr } = await runCli([command, folder])
        expect(code).toBe(1)
        expect(stderr).toBe(`No documents found in ${folder}\n`)
      }
    })

    it('exits 1 naming the path when it cannot be read', async () => {
      const { code, stderr } = await runCli(['validate', 'no/such/catalogue.ndjson'])
      expect(code).toBe(1)
      expect(stderr).toContain('Cannot read no/such/catalogue.ndjson: no such file or directory')
    })

    it('says a date, a language and a number in plain words, with the value found', async () => {
      const folder = await mkdtemp(join(tmpdir(), 'catalogue-cli-'))
      const file = join(folder, 'collection.json')
      const collection = JSON.parse(
        await readFile(join(corpus, 'collection', 'gfvm2HihpLwCTnKgpDtdhR.json'), 'utf8'),
      )
      collection.dates[0].begin = '1950s'
      collection.languages[0].identifier = 'English'
      collection.extents[0].value = 'three'
      await writeFile(file, JSON.stringify(collection))
      const { code, stdout } = await runCli(['validate', file])
      expect(code).toBe(1)
      const where = `${file} (/collections/gfvm2HihpLwCTnKgpDtdhR)`
      expect(stdout.split('\n').slice(0, 3)).toEqual([
        `${where} /dates/0/begin: "1950s" is not a date: write a year as YYYY, YYYY-MM or YYYY-MM-DD, or null when undated`,
        `${where} /extents/0/value: "three" is not a quantity: write the number alone, such as "2" or "0.5" (the unit goes in type)`,
        `${where} /languages/0/identifier: "English" is not a language code: a language is an ISO 639 code such as eng`,
      ])
    })

    it('says a line that is null or a list is not an object, naming its line', async () => {
      const file = join(await mkdtemp(join(tmpdir(), 'catalogue-cli-')), 'catalogue.ndjson')
      await writeFile(file, 'null\n[1, 2]\n')
      const { code, stdout } = await runCli(['validate', file])
      expect(code).toBe(1)
      expect(stdout.split('\n').slice(0, 2)).toEqual([
        `${file}:1 (document): null is not an object: a document is a JSON object, in { }`,
        `${file}:2 (document): […] is not an object: a document is a JSON object, in { }`,
      ])
    })

    it('says a part found alone (a date, a note …) is one, once for each file', async () => {
      const { code, stdout } = await runCli(['validate', join(invalidCorpus, 'date')])
      expect(code).toBe(1)
      const lines = stdout.split('\n').filter((line) => line.startsWith(invalidCorpus))
      expect(lines).toHaveLength(9)
      for (const line of lines) {
        expect(line).toMatch(/\.json \(document\): this looks like a date, a part of a document/)
      }
    })

    it('warns that the parent of a child is invalid, naming where, not that it is missing', async () => {
      const folder = await mkdtemp(join(tmpdir(), 'catalogue-cli-'))
      const parent = JSON.parse(
        await readFile(join(corpus, 'collection', 'kqx4Z5uJzTUF2RhdKbF8bB.json'), 'utf8'),
      )
      const child = JSON.parse(
        await readFile(join(corpus, 'object', '2tCPMsahXfUURDNEMLUFYs.json'), 'utf8'),
      )
      parent.formats = []
      const file = join(folder, 'series.ndjson')
      await writeFile(file, `${JSON.stringify(parent)}\n${JSON.stringify(child)}\n`)
      const { code, stdout, stderr } = await runCli(['validate', file])
      expect(code).toBe(1)
      expect(stdout).toContain(
        `${file}:1 (${parent.uri}) /formats: the list is empty: give at least one format`,
      )
      expect(stderr).toBe(
        `warning: ${file}:2 (${child.uri}) parent ${parent.uri} is invalid (see ${file}:1); ` +
          'until it is fixed the document is treated as top-level\n',
      )
    })

    it('takes the catalogue from --catalogue or $CATALOGUE, as every command does', async () => {
      for (const [argv, env] of [
        [['validate', '--catalogue', corpus], {}],
        [['validate', '-c', corpus], {}],
        [['validate'], { CATALOGUE: corpus }],
      ] as const) {
        const { code, stdout } = await runCli([...argv], { env })
        expect(code, argv.join(' ')).toBe(0)
        expect(stdout).toContain(`${corpus}: `)
      }
      const both = await runCli(['validate', corpus, '--catalogue', corpus])
      expect(both.code).toBe(2)
      expect(both.stderr).toContain('give the catalogue as [path] or --catalogue, not both')
    })

    it('checks the sample when no catalogue is given', async () => {
      const { code, stdout } = await runCli(['validate'])
      expect(code).toBe(0)
      expect(stdout).toMatch(/sample\.ndjson: 2,000 valid documents/)
    })

    it('exits 2 when there is more than one path', async () => {
      const { code, stderr } = await runCli(['validate', corpus, corpus])
      expect(code).toBe(2)
      expect(stderr).toContain('unexpected argument')
    })
  })
})
