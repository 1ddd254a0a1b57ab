/**
 * `GET /search/suggest` (API.md §5): spelling suggestions per word of the text from the words of
 * titles (`title.suggest`: every word, stop words too), by OpenSearch's term suggester with the
 * settings the core imitates (`text/title-words.ts`): `missing` mode (a word in the titles gets
 * none), words of 4 letters or more, the first letter fixed, 2 edits, accuracy 0.5. The cluster
 * ranks by score; the core by edits, then frequency, then the word: more candidates are asked
 * for and the first 5 in the core's order kept. The words are split and normalized by the core,
 * so `text`, `offset` and `length` are the in-memory backend's.
 */
import type { Suggestions } from '@archive-catalogue/core'
import { compareCodeUnits, normalizeToken, tokenSpans } from '@archive-catalogue/core/backend'
import { type Cluster, searchIndex } from './cluster.js'

const SUGGESTER = { minWordLength: 4, prefixLength: 1, maxEdits: 2, accuracy: 0.5, size: 5 }

/** Candidates asked for per word, to rank them as the core does before keeping 5. */
const CANDIDATES = 100

interface Option {
  text: string
  score: number
  freq: number
}

export async function suggest(
  cluster: Cluster,
  text: string,
  signal?: AbortSignal,
): Promise<Suggestions> {
  const words: { text: string; offset: number; length: number }[] = []
  for (const { token, offset, length } of tokenSpans(text)) {
    const word = normalizeToken(token)
    if (word !== '') words.push({ text: word, offset, length })
  }
  const asked = [...new Set(words.map((word) => word.text))].filter(
    (word) => [...word].length >= SUGGESTER.minWordLength,
  )
  const options = new Map<string, Option[]>()
  if (asked.length > 0) {
    const body = await searchIndex(
      cluster,
      {
        size: 0,
        track_total_hits: false,
        suggest: Object.fromEntries(
          asked.map((word, i) => [
            `w${i}`,
            {
              text: word,
              term: {
                field: 'title.suggest',
                analyzer: 'keyword',
                suggest_mode: 'missing',
                min_word_length: SUGGESTER.minWordLength,
                prefix_length: SUGGESTER.prefixLength,
                max_edits: SUGGESTER.maxEdits,
                accuracy: SUGGESTER.accuracy,
                size: CANDIDATES,
                shard_size: CANDIDATES,
                sort: 'score',
              },
            },
          ]),
        ),
      },
      signal,
    )
    asked.forEach((word, i) => {
      const entries = (body.suggest?.[`w${i}`] ?? []) as { options: Option[] }[]
      const ranked = (entries[0]?.options ?? []).map((option) => ({
        ...option,
        edits: editsOf(word, option),
      }))
      ranked.sort(
        (a, b) => a.edits - b.edits || b.freq - a.freq || compareCodeUnits(a.text, b.text),
      )
      options.set(
        word,
        ranked.slice(0, SUGGESTER.size).map((option) => ({
          text: option.text,
          score: scoreOf(word, option.text, option.edits),
          freq: option.freq,
        })),
      )
    })
  }
  return {
    title_suggest: words.map((word) => ({ ...word, options: options.get(word.text) ?? [] })),
  }
}

/** The edits between a word and a candidate, read back from the cluster's score. */
function editsOf(word: string, option: Option): number {
  return Math.round((1 - option.score) * shorterLength(word, option.text))
}

/**
 * The score as the core writes it, 1 - edits / the shorter word's length, in double precision:
 * the cluster computes it in single precision (0.6666666 for 0.6666667).
 */
function scoreOf(word: string, text: string, edits: number): number {
  return Math.round((1 - edits / shorterLength(word, text)) * 1e7) / 1e7
}

function shorterLength(a: string, b: string): number {
  return Math.min([...a].length, [...b].length)
}
