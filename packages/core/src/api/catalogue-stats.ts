/** The shape of `catalogue stats`: what a catalogue holds, counted in memory or by a cluster. */
import type { DocumentType } from '../documents/documents.js'
import type { FacetBucket } from './response-schemas.js'

/** What `catalogue stats` reports about a catalogue's content. */
export interface CatalogueStats {
  documents: number
  byType: Record<DocumentType, number>
  /** Collections and objects by `level` (`collection`, `series`, `file`…; `(no level)` when none). */
  byLevel: FacetBucket[]
  dates: {
    /** Agents, collections and objects with at least one year; terms have no dates. */
    dated: number
    undated: number
    min: number | null
    max: number | null
    /** Documents whose span (earliest to latest year) covers each decade, oldest first. */
    decades: { decade: number; documents: number }[]
  }
  /** Collections and objects online, of all collections and objects (`online` is theirs). */
  online: { documents: number; of: number }
  top: { creators: FacetBucket[]; subjects: FacetBucket[]; formats: FacetBucket[] }
}
