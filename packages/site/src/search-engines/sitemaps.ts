/**
 * The sitemaps (sitemaps.org 0.9): `/sitemap.xml` is an index of files `/sitemaps/<n>.xml` of at
 * most `size` URLs each (50,000, the protocol's most). The URLs are the site's own pages (home,
 * about) and then every document's page in catalogue order, each once: file n holds entries
 * `n × size` to `(n + 1) × size`, so it is read from the backend by place
 * (`CatalogueListing.listing`), a range at a time, never the places before it: the last file of
 * a million documents starts as soon as the first. Each file is written as it is read (a range
 * of 5,000 places at a time), so it never holds more than one range. `lastmod` is a document's
 * datestamp, OAI-PMH's: when its content last changed.
 */
import type { CatalogueBackend, CatalogueListing } from '@archive-catalogue/core'
import { CatalogueError, LISTING_RANGE } from '@archive-catalogue/core'

/** The most URLs a sitemap file holds (sitemaps.org). */
export const SITEMAP_SIZE = 50_000
/** Places read from the backend per call. */
const RANGE = Math.min(5_000, LISTING_RANGE)
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9'

/** How the sitemaps are laid out: the site's own pages, then the documents' places. */
export interface SitemapPlan {
  /** The site's public URL, without a trailing slash. */
  url: string
  /** The site's own pages (`/`, `/about`), listed first. */
  pages: readonly string[]
  /** The number of places in catalogue order (`listingSize`). */
  places: number
  /** URLs per file. */
  size: number
}

/** The number of sitemap files: at least one (the home page is always there). */
export function sitemapCount(plan: SitemapPlan): number {
  return Math.max(1, Math.ceil((plan.pages.length + plan.places) / plan.size))
}

/** The sitemap index: one entry per file. */
export function sitemapIndex(plan: SitemapPlan): string {
  let xml = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NAMESPACE}">\n`
  for (let n = 0; n < sitemapCount(plan); n++) {
    xml += `<sitemap><loc>${xmlText(`${plan.url}/sitemaps/${n}.xml`)}</loc></sitemap>\n`
  }
  return `${xml}</sitemapindex>\n`
}

/**
 * Sitemap file `n` (0 for the first), in chunks as it is read: its head at once, then a chunk
 * per range of places. Ends with a `CatalogueError` when the catalogue changes while it is
 * written (a reload between two ranges could list a page twice or not at all).
 */
export async function* sitemapFile(
  backend: CatalogueBackend & CatalogueListing,
  plan: SitemapPlan,
  n: number,
  signal?: AbortSignal,
): AsyncGenerator<string> {
  const { url, pages, places, size } = plan
  const first = n * size
  const last = Math.min(first + size, pages.length + places)
  const version = backend.version
  let xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NAMESPACE}">\n`
  for (let entry = first; entry < Math.min(last, pages.length); entry++) {
    xml += `<url><loc>${xmlText(`${url}${pages[entry]}`)}</loc></url>\n`
  }
  for (let place = Math.max(0, first - pages.length); place < last - pages.length; ) {
    const end = Math.min(place + RANGE, last - pages.length)
    yield xml
    xml = ''
    signal?.throwIfAborted()
    const listed = await backend.listing({ start: place, end }, { signal })
    if (backend.version !== version) {
      throw new CatalogueError(
        'E_BACKEND_UNAVAILABLE',
        'The catalogue changed while a sitemap was written; ask again',
      )
    }
    for (const document of listed) {
      xml += `<url><loc>${xmlText(`${url}${document.uri}`)}</loc><lastmod>${lastmod(document.datestamp)}</lastmod></url>\n`
    }
    place = end
  }
  yield `${xml}</urlset>\n`
}

/** A datestamp (seconds since 1970) as W3C Datetime, to the second in UTC. */
function lastmod(seconds: number): string {
  return new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z')
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
}

/** A URL as XML text (sitemaps.org asks for `&`, `<`, `>`, `"` and `'` escaped). */
function xmlText(text: string): string {
  return text.replace(/[&<>"']/g, (character) => XML_ESCAPES[character]!)
}
