import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  CatalogueError,
  checkCatalogue,
  describeProblem,
  describeWarning,
  exampleCatalogue,
  InvalidCatalogueError,
  loadCatalogue,
  type SchemaName,
  validateDocument,
  validatePart,
} from '../../packages/core/src/index.js'
import { corpusDocuments, invalidFiles, RAC, SAMPLE } from '../helpers/corpus.js'
import { termDocument as term } from '../helpers/documents.js'

const scratch = () => mkdtempSync(join(tmpdir(), 'catalogue-load-'))
const ndjson = (values: unknown[]) => values.map((value) => JSON.stringify(value)).join('\n')

describe('validateDocument', () => {
  it.each(['agent', 'collection', 'object', 'term'])('accepts every real %s document', (type) => {
    for (const document of corpusDocuments(type)) expect(validateDocument(document)).toEqual([])
  })

  describe.each(['agent', 'collection', 'object', 'term'])('on rac-invalid/%s', (folder) => {
    it.each(invalidFiles(folder))('refuses %s naming the field', (name, value) => {
      const problems = validateDocument(value)
      expect(problems.length).toBeGreaterThan(0)
      // no-title.json names /title, invalid-agent-type.json names /agent_type, and so on.
      const field = name
        .replace(/^(no|invalid|missing)-/, '')
        .replace(/\.json$/, '')
        .replace(/-/g, '_')
      const named = problems.some(
        (problem) =>
          problem.path.includes(field) ||
          problem.path.includes(field.replace(/s$/, '')) ||
          (field === 'external_ids' && problem.path.includes('external_identifiers')) ||
          (field === 'type' && problem.path === '/uri'),
      )
      expect(named, JSON.stringify(problems)).toBe(true)
    })
  })

  describe.each([
    'date',
    'extent',
    'external_identifier',
    'group',
    'language',
    'note',
    'reference',
  ])('validatePart on rac-invalid/%s', (part) => {
    it.each(invalidFiles(part))('refuses %s', (_, value) => {
      expect(validatePart(part as SchemaName, value).length).toBeGreaterThan(0)
    })
  })

  it('explains a wrong type with the allowed values', () => {
    expect(validateDocument({ type: 'dog' })).toEqual([
      { path: '/type', message: '"dog" is not one of: agent, collection, object, term' },
    ])
  })
})

describe('loadCatalogue', () => {
  it('loads every document of the real corpus directory, recursively', async () => {
    const { catalogue, counts, skipped } = await loadCatalogue(RAC)
    expect(counts).toEqual({ agent: 89, collection: 5, object: 15, term: 83 })
    expect(catalogue.size).toBe(192)
    expect(skipped).toEqual([])
  })

  it('skips malformed JSON with skipInvalid, a line of NDJSON or a whole file, and loads the rest', async () => {
    const folder = scratch()
    writeFileSync(
      join(folder, 'a.ndjson'),
      `${JSON.stringify(term('m1'))}\n{"uri": \n${JSON.stringify(term('m2'))}\n`,
    )
    writeFileSync(join(folder, 'b.json'), '[{"uri": "/terms/x"},')
    writeFileSync(join(folder, 'c.json'), JSON.stringify(term('m3')))
    await expect(loadCatalogue(folder)).rejects.toThrow(/Malformed JSON in .*a\.ndjson at line 2/)
    const { catalogue, skipped } = await loadCatalogue(folder, { skipInvalid: true })
    expect(catalogue.size).toBe(3)
    expect(skipped.map((document) => describeProblem(document, document.problems[0]!))).toEqual([
      `${join(folder, 'a.ndjson')}:2 (document): malformed JSON at column 9: value expected`,
      `${join(folder, 'b.json')}:1 (document): malformed JSON at column 22: value expected`,
    ])
  })

  it('reads a JSON array file and reports an invalid element by index', async () => {
    const folder = scratch()
    const file = join(folder, 'catalogue.json')
    writeFileSync(file, JSON.stringify([term('a1'), { ...term('a2'), title: 7 }, term('a3')]))
    const error = await loadCatalogue(file).catch((caught) => caught)
    expect(error).toBeInstanceOf(InvalidCatalogueError)
    expect(error.message).toContain(
      `${file}[1] (/terms/a2) /title: 7 is a number: expected text in quotes`,
    )
    expect(error.valid).toBe(2)
    const { catalogue, skipped } = await loadCatalogue(file, { skipInvalid: true })
    expect(catalogue.size).toBe(2)
    expect(skipped.map((document) => document.source.index)).toEqual([1])
  })

  it('streams NDJSON and names the line of each bad document in the middle', async () => {
    const folder = scratch()
    const file = join(folder, 'catalogue.ndjson')
    const lines = [term('b1'), term('b2'), { ...term('b3'), category: 'place' }, term('b4')]
    writeFileSync(file, `${ndjson(lines.slice(0, 2))}\n\n${ndjson(lines.slice(2))}\n`)
    const error = await loadCatalogue(file).catch((caught) => caught)
    expect(error.code).toBe('E_INVALID_CATALOGUE')
    // Line 3 is blank: the bad document is on line 4.
    expect(error.message).toContain(`${file}:4 (/terms/b3) /category: "place" should be "subject"`)
    expect(error.message).toContain('1 invalid document')
  })

  it('lists every invalid document up to a cap, with the total', async () => {
    const folder = scratch()
    const file = join(folder, 'many.ndjson')
    const bad = Array.from({ length: 30 }, (_, i) => ({ ...term(`c${i}`), term_type: 'nope' }))
    writeFileSync(file, ndjson([term('ok'), ...bad]))
    const error = await loadCatalogue(file, { maxReported: 5 }).catch((caught) => caught)
    expect(error.message).toContain('30 invalid documents')
    expect(error.message).toContain('… and 25 more')
    expect(error.invalid).toHaveLength(30)
  })

  it('reads NDJSON from a pipe, which cannot be looked into first', async () => {
    const pipe = join(scratch(), 'catalogue')
    execFileSync('mkfifo', [pipe])
    // The writer blocks until the loader opens the pipe, as a generator piped in would.
    const writing = writeFile(pipe, ndjson([term('a'), term('b'), term('c')]))
    const { catalogue } = await loadCatalogue(pipe)
    await writing
    expect([...catalogue.data.uris]).toEqual(['/terms/a', '/terms/b', '/terms/c'])
  })

  it('reads a directory tree of single documents and arrays', async () => {
    const folder = scratch()
    mkdirSync(join(folder, 'nested', 'deeper'), { recursive: true })
    writeFileSync(join(folder, 'one.json'), JSON.stringify(term('d1')))
    writeFileSync(join(folder, 'nested', 'two.json'), JSON.stringify([term('d2'), term('d3')]))
    writeFileSync(join(folder, 'nested', 'deeper', 'three.ndjson'), ndjson([term('d4')]))
    writeFileSync(join(folder, 'nested', 'notes.txt'), 'not a catalogue file')
    const { catalogue } = await loadCatalogue(folder)
    expect([...catalogue.data.uris]).toEqual(['/terms/d4', '/terms/d2', '/terms/d3', '/terms/d1'])
  })

  it('refuses duplicate uris, naming both places', async () => {
    const folder = scratch()
    const file = join(folder, 'dupes.ndjson')
    writeFileSync(file, ndjson([term('e1'), term('e2'), term('e1', 'Again')]))
    const error = await loadCatalogue(file).catch((caught) => caught)
    expect(error.message).toContain(
      `${file}:3 (/terms/e1) /uri: duplicate uri /terms/e1, first seen at ${file}:1`,
    )
    const { catalogue } = await loadCatalogue(file, { skipInvalid: true })
    expect(catalogue.get('/terms/e1')?.title).toBe('Term e1')
  })

  it('names the first place of a duplicate read after the load was refused', async () => {
    const file = join(scratch(), 'refused.ndjson')
    const invalid = { ...term('bad'), title: 7 }
    writeFileSync(file, ndjson([term('e1'), invalid, term('e2'), term('e2', 'B'), term('e1', 'C')]))
    const error = await loadCatalogue(file).catch((caught) => caught)
    expect(error).toBeInstanceOf(InvalidCatalogueError)
    expect(error.valid).toBe(2)
    expect(error.message).toContain(
      `${file}:4 (/terms/e2) /uri: duplicate uri /terms/e2, first seen at ${file}:3`,
    )
    expect(error.message).toContain(
      `${file}:5 (/terms/e1) /uri: duplicate uri /terms/e1, first seen at ${file}:1`,
    )
  })

  it('builds the same tree whether a parent comes before or after its children', async () => {
    const inOrder = await loadCatalogue(example())
    const reversed = await loadCatalogue(example((documents) => documents.reverse()))
    expect(reversed.warnings).toEqual([])
    for (const { uri } of exampleCatalogue()) {
      const parentOf = ({ catalogue: { data } }: typeof inOrder) => {
        const parent = data.hierarchy.parentOf[data.uriIndex.get(uri)!]!
        return parent < 0 ? null : data.uris.get(parent)
      }
      expect(parentOf(reversed), uri).toBe(parentOf(inOrder))
    }
  })

  it('names the file, line and column of malformed JSON', async () => {
    const folder = scratch()
    const file = join(folder, 'broken.json')
    writeFileSync(file, '[\n  {"uri": "/terms/x",\n   "title" "x"}\n]')
    await expect(loadCatalogue(file)).rejects.toThrow(
      `Malformed JSON in ${file} at line 3, column 12: colon expected`,
    )
    const lines = join(folder, 'broken.ndjson')
    writeFileSync(lines, `${JSON.stringify(term('f1'))}\n{"uri": tru}\n`)
    await expect(loadCatalogue(lines)).rejects.toThrow(
      `Malformed JSON in ${lines} at line 2, column 9`,
    )
  })

  it('refuses an unreadable path and an empty catalogue', async () => {
    const folder = scratch()
    await expect(loadCatalogue(join(folder, 'missing.ndjson'))).rejects.toThrow(
      `Cannot read ${join(folder, 'missing.ndjson')}: no such file or directory`,
    )
    writeFileSync(join(folder, 'empty.ndjson'), '\n')
    const error = await loadCatalogue(join(folder, 'empty.ndjson')).catch((caught) => caught)
    expect(error).toBeInstanceOf(CatalogueError)
    expect(error.code).toBe('E_EMPTY_CATALOGUE')
  })

  it('reports progress in documents and bytes', async () => {
    const folder = scratch()
    const file = join(folder, 'progress.ndjson')
    writeFileSync(file, ndjson(Array.from({ length: 2500 }, (_, i) => term(`g${i}`))))
    const seen: { documents: number; bytesRead: number; totalBytes: number }[] = []
    await loadCatalogue(file, { onProgress: (progress) => seen.push(progress) })
    expect(seen.map((progress) => progress.documents)).toEqual([1000, 2000, 2500])
    const last = seen.at(-1)!
    expect(last.bytesRead).toBe(last.totalBytes)
    expect(last.totalBytes).toBeGreaterThan(0)
  })
})

/** The example catalogue (a person, a subject, a collection, its series, two files), changed. */
function example(change: (documents: Record<string, unknown>[]) => void = () => {}) {
  const documents = JSON.parse(JSON.stringify(exampleCatalogue())) as Record<string, unknown>[]
  change(documents)
  const file = join(scratch(), 'catalogue.ndjson')
  writeFileSync(file, `${ndjson(documents)}\n`)
  return file
}

describe('checkCatalogue', () => {
  // The real corpus: the Cary Reich papers (gfvm…) are their own group while their parent is
  // Series J.2 (Zivy…); their series and files say so too; five files of Series J.2's
  // Congressional Quarterly (gxzs…) name it among their ancestors, but their parent is the
  // Cary Reich papers' Original Audio Tapes (kqx4…).
  const J2 = 'Zivy3B6P5nBaZ24Kb8cWEq'
  const REICH = 'gfvm2HihpLwCTnKgpDtdhR'
  const TAPES = 'kqx4Z5uJzTUF2RhdKbF8bB'
  const QUARTERLY = 'gxzsDBLTNpDADsvwrBS8ad'
  const J2_TITLE = 'Nelson A. Rockefeller personal papers, Politics - George L. Hinman, Series J.2'

  it('warns where the real corpus stores a group or ancestors its parent chain contradicts', async () => {
    const { invalid, warnings } = await checkCatalogue(RAC)
    expect(invalid).toEqual([])
    const said = Object.fromEntries(warnings.map((warning) => [warning.uri, warning.message]))
    expect(said[`/collections/${REICH}`]).toBe(
      `group is itself, but its parent chain leads up to /collections/${J2} (${J2_TITLE}); ` +
        `its ancestors, nearest first, are ${J2} → ${REICH} (itself), but its parent chain is ${J2}`,
    )
    expect(said[`/collections/${J2}`]).toBe(
      `its ancestors, nearest first, are ${J2} (itself), but it has no parent`,
    )
    expect(said[`/collections/${TAPES}`]).toBe(
      `group is /collections/${REICH} (Cary Reich papers), but its parent chain leads up to ` +
        `/collections/${J2} (${J2_TITLE}); its ancestors, nearest first, are ${REICH}, but its ` +
        `parent chain is ${REICH} → ${J2} (and 10 documents below it, which repeat its group ` +
        'and ancestors)',
    )
    const quarterly = warnings.filter((warning) => warning.message.includes(QUARTERLY))
    expect(quarterly).toHaveLength(5)
    for (const { message, source } of quarterly) {
      expect(source.file).toMatch(/rac\/object\/\w+\.json$/)
      expect(message).toBe(
        `its ancestors, nearest first, are ${QUARTERLY} → ${J2}, but its parent chain is ` +
          `${TAPES} → ${REICH} → ${J2}`,
      )
    }
    expect(warnings).toHaveLength(8)
  })

  it('says a moved collection once, counting the documents below it that follow it', async () => {
    const file = example((documents) => {
      const top = documents.find((document) => document.uri === '/collections/doe-papers')!
      const group = {
        ...(top.group as object),
        identifier: '/collections/family',
        title: 'Doe family papers',
      }
      documents.push({ ...top, uri: '/collections/family', title: 'Doe family papers', group })
      top.parent = 'family'
    })
    const { warnings } = await checkCatalogue(file)
    expect(warnings.map(describeWarning)).toEqual([
      `${file}:3 (/collections/doe-papers) group is itself, but its parent chain leads up to ` +
        '/collections/family (Doe family papers) (and 3 documents below it, which repeat its ' +
        'group and ancestors)',
    ])
  })

  it('warns of an agent or a term whose group is another document', async () => {
    const file = example((documents) => {
      const person = documents.find((document) => document.type === 'agent')!
      person.group = { ...(person.group as object), identifier: '/agents/someone-else' }
    })
    const { warnings } = await checkCatalogue(file)
    expect(warnings.map((warning) => warning.message)).toEqual([
      'group is /agents/someone-else (Jane Doe), but an agent is its own group',
    ])
  })

  it('has no warning for the sample and the example, whose places agree', async () => {
    expect((await checkCatalogue(SAMPLE)).warnings).toEqual([])
    expect((await checkCatalogue(example())).warnings).toEqual([])
  })

  it('says that the parent of a child is invalid, where it is, not that it is missing', async () => {
    const file = example((documents) => {
      documents.find((document) => document.uri === '/collections/doe-correspondence')!.title = 7
    })
    const { invalid, warnings } = await checkCatalogue(file)
    expect(invalid.map((document) => document.uri)).toEqual(['/collections/doe-correspondence'])
    // The files' group is not told of: their chain is not known while their parent is refused.
    const told = (uri: string) =>
      `${file}:${uri.endsWith('1920') ? 5 : 6} (${uri}) parent /collections/doe-correspondence ` +
      `is invalid (see ${file}:4); until it is fixed the document is treated as top-level`
    expect(warnings.map(describeWarning)).toEqual([
      told('/objects/doe-letters-1920'),
      told('/objects/doe-report-1931'),
    ])
    const loaded = await loadCatalogue(file, { skipInvalid: true })
    expect(loaded.warnings.map(describeWarning)).toEqual(warnings.map(describeWarning))
    const refused = await loadCatalogue(file).catch((caught) => caught)
    expect(refused).toBeInstanceOf(InvalidCatalogueError)
    expect(refused.valid).toBe(5)
  })
})
