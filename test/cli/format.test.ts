import { describe, expect, it } from 'vitest'
import { defaultCatalogue } from '../../packages/cli/src/support/catalogue.js'
import {
  bar,
  formatDuration,
  renderTable,
  styleFor,
  truncate,
  yearSpan,
} from '../../packages/cli/src/support/format.js'
import { sample } from '../helpers/cli-paths.js'

const plain = styleFor({
  stdout: { write: () => true },
  stderr: { write: () => true },
  env: {},
  isTTY: false,
})

describe('_format', () => {
  describe('truncate', () => {
    it('keeps text that fits and cuts longer text with …', () => {
      expect(truncate('Reich papers', 12)).toBe('Reich papers')
      expect(truncate('Reich papers', 8)).toBe('Reich p…')
      expect(truncate('Réich\npapers', 20)).toBe('Réich papers')
    })
  })

  describe('formatDuration', () => {
    it('says seconds under a minute, minutes and seconds under an hour, then hours and minutes', () => {
      expect([0, 0.4, 42, 59.6, 60, 170, 3599, 3600, 3929, 7200].map(formatDuration)).toEqual([
        '0 s',
        '0 s',
        '42 s',
        '1 min',
        '1 min',
        '2 min 50 s',
        '59 min 59 s',
        '1 h',
        '1 h 5 min',
        '2 h',
      ])
    })
  })

  describe('renderTable', () => {
    const rows = [{ title: 'A very long title indeed', uri: '/collections/abc', note: 'x' }]
    const columns = [
      { header: 'TITLE', cell: (r: (typeof rows)[number]) => r.title, flex: true },
      { header: 'NOTE', cell: (r: (typeof rows)[number]) => r.note, dropOrder: 1 },
      { header: 'URI', cell: (r: (typeof rows)[number]) => r.uri },
    ]

    it('shrinks the flex column first when the table is too wide', () => {
      const table = renderTable(columns, rows, { width: 44, style: plain })
      expect(table.split('\n')[1]).toBe('A very long…e indeed  x     /collections/abc')
    })

    it('cuts titles in the middle, so two that differ only at the end stay apart', () => {
      const twins = [
        {
          title: 'Rockefeller Foundation records, projects, RG 1.35 (A2010)',
          uri: '/c/a',
          note: '',
        },
        {
          title: 'Rockefeller Foundation records, projects, RG 1.36 (A2011)',
          uri: '/c/b',
          note: '',
        },
      ]
      const table = renderTable(columns, twins, { width: 40, style: plain })
      const [first, second] = table.split('\n').slice(1) as [string, string]
      expect(first).toMatch(/^Rockefeller Fou\S*….*1\.35 \(A2010\) +\/c\/a$/)
      expect(second).toMatch(/^Rockefeller Fou\S*….*1\.36 \(A2011\) +\/c\/b$/)
      expect([...first].length).toBeLessThanOrEqual(40)
    })

    it('drops optional columns before the flex column gets too narrow', () => {
      const table = renderTable(columns, rows, { width: 30, style: plain })
      expect(table).toBe('TITLE         URI\nA very…deed   /collections/abc')
    })
  })

  describe('bar', () => {
    it('draws value / max of the width in eighths', () => {
      expect(bar(10, 10, 4)).toBe('████')
      expect(bar(5, 10, 3)).toBe('█▌')
      expect(bar(0, 10, 4)).toBe('')
    })
  })

  describe('yearSpan', () => {
    it('spans the earliest begin to the latest end year, else shows the expression', () => {
      const date = (begin: string | null, end: string | null, expression = '') => ({
        begin,
        end,
        expression,
      })
      expect(yearSpan([date('1905', '1980'), date('1950-03-01', null)])).toBe('1905–1980')
      expect(yearSpan([date('1959', '1959')])).toBe('1959')
      expect(yearSpan([date(null, null, '1915-')])).toBe('1915-')
      expect(yearSpan([])).toBe('')
    })
  })

  describe('styleFor', () => {
    const io = { stdout: { write: () => true }, stderr: { write: () => true }, isTTY: true }
    it('colours on a terminal unless NO_COLOR is set to anything', () => {
      expect(styleFor({ ...io, env: {} }).bold('x')).toBe('\u001b[1mx\u001b[22m')
      expect(styleFor({ ...io, env: { NO_COLOR: '' } }).bold('x')).toBe('x')
      expect(styleFor({ ...io, isTTY: false, env: {} }).bold('x')).toBe('x')
    })
  })
})

describe('_catalogue', () => {
  describe('defaultCatalogue', () => {
    it("resolves to the repository's data/sample.ndjson", () => {
      expect(defaultCatalogue()).toBe(sample)
    })
  })
})
