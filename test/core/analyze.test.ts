import fc from 'fast-check'
import { stem } from 'porter2'
import { describe, expect, it } from 'vitest'
import {
  analyze,
  indexedText,
  normalizeToken,
  processTerm,
  stripHtml,
  tokenize,
  tokenSpans,
} from '../../packages/core/src/analysis/analyze.js'
import { ENGLISH_STOP_WORDS } from '../../packages/core/src/analysis/stop-words.js'

describe('analyze', () => {
  describe('stripHtml', () => {
    it('removes inline tags without leaving a gap when text is wrapped in them', () => {
      expect(stripHtml('<emph render="italic">Banana</emph>')).toBe('Banana')
      expect(stripHtml('Ban<b>ana</b>s')).toBe('Bananas')
    })

    it('turns block-level tags into a space so that words do not run together', () => {
      expect(stripHtml('<p>one</p><p>two</p>')).toBe('one  two')
      expect(stripHtml('line<lb/>break')).toBe('line break')
      expect(stripHtml('a<br>b<BR />c')).toBe('a b c')
    })

    it('decodes the common named entities when they appear in text', () => {
      expect(stripHtml('Fish &amp; chips &lt;fresh&gt; &quot;daily&quot; it&#39;s&nbsp;here')).toBe(
        'Fish & chips <fresh> "daily" it\'s\u00a0here',
      )
      expect(stripHtml('&apos;&ndash;&eacute;&Uuml;&szlig;')).toBe("'\u2013éÜß")
    })

    it('decodes decimal and hexadecimal numeric entities when they are valid', () => {
      expect(stripHtml('caf&#233; &#x4D;&#X65;xico &#128512;')).toBe('café Mexico 😀')
      expect(stripHtml('&#0; &#xD800; &#99999999;')).toBe('&#0; &#xD800; &#99999999;')
    })

    it('leaves unknown entities and bare ampersands alone when they cannot be decoded', () => {
      expect(stripHtml('&bogus; Smith & Sons')).toBe('&bogus; Smith & Sons')
    })

    it('decodes entities after removing tags when the entities spell out markup', () => {
      expect(stripHtml('&lt;b&gt;bold&lt;/b&gt;')).toBe('<b>bold</b>')
    })

    it('keeps a less-than sign that does not start a tag', () => {
      expect(stripHtml('1 < 2 and 3 > 2')).toBe('1 < 2 and 3 > 2')
      expect(stripHtml('a<3 b')).toBe('a<3 b')
    })

    it('handles quoted attributes containing a greater-than sign', () => {
      expect(stripHtml('<extref href="x?a>b" title=\'c>d\'>link</extref> text')).toBe('link text')
    })

    it('reads tags as html_strip does for the index: only HTML inline tags vanish', () => {
      expect(indexedText('<b>Ba</b>nana <emph render="italic">News</emph>letter<lb/>x')).toBe(
        'Banana  News letter x',
      )
      expect(stripHtml('<b>Ba</b>nana <emph render="italic">News</emph>letter<lb/>x')).toBe(
        'Banana Newsletter x',
      )
    })

    it('drops comments, declarations, scripts and styles but keeps CDATA text', () => {
      expect(
        stripHtml(
          '<?xml version="1.0"?><!DOCTYPE ead><!-- a <b>note</b> -->' +
            '<script>var x = "<p>"</script><style>p{}</style>kept <![CDATA[raw & text]]>',
        ),
      ).toBe('kept raw & text')
    })

    it('returns text without markup unchanged apart from trimming', () => {
      expect(stripHtml('  plain text  ')).toBe('plain text')
      expect(stripHtml('')).toBe('')
    })
  })

  describe('tokenize', () => {
    it('splits on whitespace and punctuation and keeps the original case', () => {
      expect(tokenize('The  history, of the (Rockefeller) Foundation!')).toEqual([
        'The',
        'history',
        'of',
        'the',
        'Rockefeller',
        'Foundation',
      ])
    })

    it('keeps internal apostrophes so that possessives can be removed later', () => {
      expect(tokenize("Rockefeller's don't O’Brien 'quoted' trailing'")).toEqual([
        "Rockefeller's",
        "don't",
        'O’Brien',
        'quoted',
        'trailing',
      ])
    })

    it('reads abbreviations, decimals and numbers as UAX #29 does, hyphens apart', () => {
      expect(tokenize('U.S.A. N.Y. e.g. e-mail 1914-1918 3.14 1,000 snake_case a:b')).toEqual([
        'U.S.A',
        'N.Y',
        'e.g',
        'e',
        'mail',
        '1914',
        '1918',
        '3.14',
        '1,000',
        'snake_case',
        'a:b',
      ])
    })

    it('keeps letters of non-Latin scripts whole, and each Han ideograph and hiragana apart', () => {
      expect(tokenize('Москва, Ελλάδα; 日本語のテキスト 한국어 हिन्दी עברית ภาษาไทย')).toEqual([
        'Москва',
        'Ελλάδα',
        '日',
        '本',
        '語',
        'の',
        'テキスト',
        '한국어',
        'हिन्दी',
        'עברית',
        'ภาษาไทย',
      ])
    })

    it('reads every Unicode form of a word as its composed form (NFKC)', () => {
      expect(tokenize('Me\u0301xico')).toEqual(['México'])
      expect(tokenize('\ufb01le ＡＢＣ １２３ x²')).toEqual(['file', 'ABC', '123', 'x2'])
    })

    it('gives each token where it was written, composition or not', () => {
      const text = 'Jose\u0301 \ufb01le H\u2082O x'
      expect(tokenize(text)).toEqual(['José', 'file', 'H2O', 'x'])
      expect(tokenSpans(text)).toEqual([
        { token: 'José', offset: 0, length: 5 },
        { token: 'file', offset: 6, length: 3 },
        { token: 'H2O', offset: 10, length: 3 },
        { token: 'x', offset: 14, length: 1 },
      ])
      fc.assert(
        fc.property(fc.string({ unit: 'grapheme-composite' }), (written) => {
          expect(tokenSpans(written).map((span) => span.token)).toEqual(tokenize(written))
        }),
      )
    })

    it('cuts a word longer than 255 code units as Lucene does', () => {
      expect(tokenize(`${'a'.repeat(300)} b`)).toEqual(['a'.repeat(255), 'a'.repeat(45), 'b'])
    })

    it('gives a piece of a long word cut within a character the whole character as its span', () => {
      // U+10330 (Gothic) is two code units, composed already: the cut at 255 falls within one.
      const spans = tokenSpans('\u{10330}'.repeat(200))
      expect(spans.length).toBeGreaterThan(1)
      for (const { offset, length } of spans) {
        expect([offset % 2, (offset + length) % 2]).toEqual([0, 0])
      }
    })

    it('returns no tokens when the text has no letters, digits or emoji', () => {
      expect(tokenize('')).toEqual([])
      expect(tokenize('  -- !? … ')).toEqual([])
      expect(tokenize('bananas 🍌')).toEqual(['bananas', '🍌'])
    })

    it('never returns empty strings for any input', () => {
      fc.assert(
        fc.property(fc.string({ unit: 'binary' }), (text) => {
          for (const token of tokenize(text)) expect(token.length).toBeGreaterThan(0)
        }),
      )
    })
  })

  describe('normalizeToken', () => {
    it('lowercases when the token has capitals', () => {
      expect(normalizeToken('FoUNDation')).toBe('foundation')
    })

    it('removes the English possessive when the token ends in an apostrophe and s', () => {
      expect(normalizeToken("Rockefeller's")).toBe('rockefeller')
      expect(normalizeToken('Rockefeller’s')).toBe('rockefeller')
      expect(normalizeToken("JONES'S")).toBe('jones')
      expect(normalizeToken("don't")).toBe("don't")
    })

    it('folds accents when letters carry diacritics', () => {
      expect(normalizeToken('México')).toBe('mexico')
      expect(normalizeToken('Zürich')).toBe('zurich')
      expect(normalizeToken('Me\u0301xico')).toBe('mexico')
      expect(normalizeToken('Việt')).toBe('viet')
      expect(normalizeToken('İstanbul')).toBe('istanbul')
      expect(normalizeToken('Ελλάδα')).toBe('ελλαδα')
    })

    it('maps letters that do not decompose to their usual ASCII spelling', () => {
      expect(normalizeToken('Straße')).toBe('strasse')
      expect(normalizeToken('Ørsted')).toBe('orsted')
      expect(normalizeToken('Æsir')).toBe('aesir')
      expect(normalizeToken('Œuvre')).toBe('oeuvre')
      expect(normalizeToken('Łódź')).toBe('lodz')
      expect(normalizeToken('Đorđe')).toBe('dorde')
      expect(normalizeToken('Þór')).toBe('thor')
    })

    it('folds compatibility forms when given ligatures or full-width letters', () => {
      expect(normalizeToken('ﬁnance')).toBe('finance')
      expect(normalizeToken('ＭＥＸＩＣＯ')).toBe('mexico')
    })

    it('keeps the marks of scripts that need them', () => {
      expect(normalizeToken('हिन्दी')).toBe('हिन्दी')
      expect(normalizeToken('한국어')).toBe('한국어')
      expect(normalizeToken('がっこう')).toBe('がっこう')
    })

    it('keeps stop words because prefix queries need them', () => {
      expect(normalizeToken('The')).toBe('the')
    })
  })

  describe('processTerm', () => {
    it('returns the Porter2 stem of the normalized token', () => {
      expect(processTerm('Foundations')).toBe(stem('foundations'))
      expect(processTerm('México')).toBe(stem('mexico'))
    })

    it('returns null when the token is a stop word in any case', () => {
      for (const word of ENGLISH_STOP_WORDS) {
        expect(processTerm(word)).toBeNull()
        expect(processTerm(word.toUpperCase())).toBeNull()
      }
    })

    it('returns null when a possessive leaves a stop word', () => {
      expect(processTerm("it's")).toBeNull()
    })

    it('uses exactly the Lucene English stop word set', () => {
      expect([...ENGLISH_STOP_WORDS].sort()).toEqual(
        (
          'a an and are as at be but by for if in into is it no not of on or such that the ' +
          'their then there these they this to was will with'
        ).split(' '),
      )
      expect(processTerm('would')).not.toBeNull()
      expect(processTerm('from')).not.toBeNull()
    })

    it('returns null when the token normalizes to nothing', () => {
      expect(processTerm('\u0301')).toBeNull()
    })

    it('never throws and never returns an empty string for any token', () => {
      fc.assert(
        fc.property(fc.string({ unit: 'binary' }), (token) => {
          expect(processTerm(token)).not.toBe('')
        }),
      )
    })
  })

  describe('analyze', () => {
    it('stems, lowercases and drops stop words when given an English title', () => {
      expect(analyze('The history of the Rockefeller Foundation')).toEqual(
        ['history', 'rockefeller', 'foundation'].map((word) => stem(word)),
      )
      expect(analyze('The history of the Rockefeller Foundation')).toEqual([
        'histori',
        'rockefel',
        'foundat',
      ])
    })

    it('gives singular and plural the same terms', () => {
      expect(analyze('bananas')).toEqual(analyze('banana'))
      expect(analyze('Libraries')).toEqual(analyze('library'))
    })

    it('gives accented and unaccented spellings the same terms', () => {
      expect(analyze('México')).toEqual(analyze('Mexico'))
      expect(analyze('Zürich Straße')).toEqual(analyze('ZURICH strasse'))
    })

    it('gives possessive and plain forms the same terms', () => {
      expect(analyze("Rockefeller's papers")).toEqual(analyze('Rockefeller papers'))
    })

    it('keeps non-Latin words as lowercase terms', () => {
      expect(analyze('Москва 日本語')).toEqual(['москва', '日', '本', '語'])
    })

    it('does not strip HTML itself', () => {
      expect(analyze('<emph>Banana</emph>')).toEqual(['emph', 'banana', 'emph'])
      expect(analyze(stripHtml('<emph render="italic">Banana</emph>'))).toEqual(['banana'])
    })

    it('returns no terms when the text is only stop words or punctuation', () => {
      expect(analyze('to be or not to be')).toEqual([])
      expect(analyze(' ... ')).toEqual([])
    })
  })
})
