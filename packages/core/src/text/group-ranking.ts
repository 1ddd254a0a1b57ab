/**
 * What a ranking of groups by their best document needs of the scores (`/search`, as
 * OpenSearch's collapse ranks): only the first groups must be exact, so a document whose score
 * cannot reach the best of the last of them need not be read back (Lucene's MaxScore, by group).
 */

/** A ranking of groups by their best document's score, shown from the first. */
export interface GroupRanking {
  /** Each document's group. */
  groupOf: ArrayLike<number>
  /** How many groups from the first are shown (a page's offset and limit). */
  groups: number
  /**
   * The fewest documents to read back for their bounds to be worth what they cost: fewer are
   * all read. @default 1024
   */
  fewestReads?: number
}

/** The best score of each group seen so far. */
export class GroupBests {
  private readonly best = new Map<number, number>()

  add(group: number, score: number): void {
    const best = this.best.get(group)
    if (best === undefined || score > best) this.best.set(group, score)
  }

  /** Whether at least `k` groups seen have a best above `score` (one pass, no sort). */
  atLeastAbove(k: number, score: number): boolean {
    if (this.best.size < k) return false
    let above = 0
    for (const best of this.best.values()) if (best > score && ++above >= k) return true
    return false
  }
}
