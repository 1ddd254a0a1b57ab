/**
 * The groups' summaries (one per `group.identifier`: what `/search` shows of a result), kept as
 * each one's JSON text in one buffer and parsed the first time a response shows it. Parsing all
 * of them as objects took most of a second of a start at 1M documents (100,000 groups), for a
 * page of search results that shows twenty.
 */
import type { GroupSummary } from '../api/responses.js'
import { ByteStrings, ByteStringsBuilder, type StoredStrings } from '../util/byte-strings.js'

export class GroupSummaries {
  private readonly texts: ByteStrings
  private readonly parsed: (GroupSummary | undefined)[]

  constructor(stored: StoredStrings) {
    this.texts = new ByteStrings(stored)
    this.parsed = new Array(this.texts.size)
  }

  /** The number of groups. */
  get length(): number {
    return this.parsed.length
  }

  /** Group `index`'s summary. */
  at(index: number): GroupSummary {
    let group = this.parsed[index]
    if (group === undefined) {
      group = JSON.parse(this.texts.get(index)) as GroupSummary
      this.parsed[index] = group
    }
    return group
  }
}

/** The summaries as stored: each one's JSON text (read them with {@link GroupSummaries}). */
export function storedGroups(groups: readonly GroupSummary[]): StoredStrings {
  const texts = new ByteStringsBuilder()
  for (const group of groups) texts.add(JSON.stringify(group))
  return texts.build()
}
