/**
 * What a page shows, said to search engines in schema.org's words (JSON-LD in the page's head):
 * the home page as the archive (`ArchiveOrganization`) with its `WebSite` and the search it
 * offers (`SearchAction`); a collection or an object as an `ArchiveComponent` (its name,
 * description, dates, the collections it is part of, its creators, its subjects, the archive
 * that holds it); an agent as a `Person` or an `Organization`; a term as a `DefinedTerm`; any
 * other page as a `WebPage` of the site. Every URL is absolute, from the site's public URL.
 */
import type { DetailOf, LinkedItem } from '@archive-catalogue/core'
import { stripHtml } from '@archive-catalogue/core/backend'

type Node = Record<string, unknown>
type Detail = DetailOf['collection'] | DetailOf['object'] | DetailOf['agent'] | DetailOf['term']
type RecordDate = { expression?: string | null; begin?: string | null; end?: string | null }

/** The archive a page belongs to: its name and the site's public URL (no trailing slash). */
export interface Archive {
  readonly name: string
  readonly url: string
  /** The reader's language (the page's), for the `WebSite`. */
  readonly language: string
  /** Whether the archive has a logo (served at `/logo`). */
  readonly logo?: boolean
}

const CONTEXT = 'https://schema.org'

/** The archive as an organization; `whole` gives its URL and logo besides its name. */
function archiveNode({ name, url, logo }: Archive, whole = false): Node {
  const node: Node = { '@type': 'ArchiveOrganization', '@id': `${url}/#archive`, name }
  if (whole) {
    node.url = `${url}/`
    if (logo) node.logo = `${url}/logo`
  }
  return node
}

/** The home page: the archive, and its site with the search it offers. */
export function homeData(archive: Archive): Node {
  const { url, name, language } = archive
  return {
    '@context': CONTEXT,
    '@graph': [
      archiveNode(archive, true),
      {
        '@type': 'WebSite',
        '@id': `${url}/#website`,
        name,
        url: `${url}/`,
        inLanguage: language,
        publisher: { '@id': `${url}/#archive` },
        potentialAction: {
          '@type': 'SearchAction',
          target: {
            '@type': 'EntryPoint',
            urlTemplate: `${url}/search?query={search_term_string}`,
          },
          'query-input': 'required name=search_term_string',
        },
      },
    ],
  }
}

/** Any other page (a list, a search, the about page): a page of the site, of the archive. */
export function pageData(
  archive: Archive,
  type: 'WebPage' | 'CollectionPage' | 'SearchResultsPage' | 'AboutPage',
  name: string,
  url: string | null,
): Node {
  return {
    '@context': CONTEXT,
    '@type': type,
    ...(url === null ? {} : { '@id': url, url }),
    name,
    isPartOf: { '@type': 'WebSite', '@id': `${archive.url}/#website`, name: archive.name },
    publisher: archiveNode(archive),
  }
}

/**
 * A record's page: a collection or an object as an `ArchiveComponent` (`trail`: its ancestors,
 * root first), an agent as a `Person` or `Organization`, a term as a `DefinedTerm`.
 */
export function recordData(
  archive: Archive,
  detail: Detail,
  trail: readonly { uri: string; title: string }[],
): Node {
  const at = (uri: string) => `${archive.url}${uri}`
  const own = { '@id': at(detail.uri), url: at(detail.uri), name: detail.title }
  const described =
    'description' in detail && detail.description ? stripHtml(detail.description) : ''
  const description = described ? { description: described } : {}
  if (detail.type === 'agent') {
    const agent = detail as DetailOf['agent']
    const alternate =
      agent.authorized_name && agent.authorized_name !== agent.title
        ? { alternateName: agent.authorized_name }
        : {}
    return {
      '@context': CONTEXT,
      '@type': agentType(agent.agent_type),
      ...own,
      ...alternate,
      ...description,
    }
  }
  if (detail.type === 'term') {
    const term = detail as DetailOf['term']
    const records = [...(term.collections ?? []), ...(term.objects ?? [])]
    return {
      '@context': CONTEXT,
      '@type': 'DefinedTerm',
      ...own,
      inDefinedTermSet: definedTermSet(archive),
      ...many(
        'subjectOf',
        records.flatMap((record) => component(record, at)),
      ),
    }
  }
  const record = detail as DetailOf['collection'] | DetailOf['object']
  const creators = 'creators' in record ? (record.creators ?? []) : []
  return {
    '@context': CONTEXT,
    '@type': 'ArchiveComponent',
    ...own,
    ...description,
    ...many('dateCreated', (record.dates ?? []).flatMap(dateValue)),
    ...partOf(trail, at),
    holdingArchive: archiveNode(archive, true),
    ...many(
      'creator',
      creators.flatMap((creator) => agentRef(creator, at)),
    ),
    ...many('about', [
      ...(record.terms ?? []).flatMap((term) => termRef(term, at)),
      ...(record.agents ?? []).flatMap((agent) => agentRef(agent, at)),
    ]),
  }
}

/** A property with one value, or with a list of them; none when there is none. */
function many(name: string, values: unknown[]): Node {
  if (values.length === 0) return {}
  return { [name]: values.length === 1 ? values[0] : values }
}

/** The ancestors nearest first, each part of the one above it. */
function partOf(
  trail: readonly { uri: string; title: string }[],
  at: (uri: string) => string,
): Node {
  let above: Node | undefined
  for (const ancestor of trail) {
    above = {
      '@type': 'ArchiveComponent',
      '@id': at(ancestor.uri),
      name: ancestor.title,
      ...(above ? { isPartOf: above } : {}),
    }
  }
  return above ? { isPartOf: above } : {}
}

/** A person (`agent_type` `person`) or, for an organization or a family, an organization. */
function agentType(type: string | null | undefined): 'Person' | 'Organization' {
  return type === 'person' ? 'Person' : 'Organization'
}

function agentRef(item: LinkedItem, at: (uri: string) => string): Node[] {
  if (!item.uri || !item.title) return []
  return [{ '@type': agentType(item.type), '@id': at(item.uri), name: item.title }]
}

function termRef(item: LinkedItem, at: (uri: string) => string): Node[] {
  if (!item.uri || !item.title) return []
  return [{ '@type': 'DefinedTerm', '@id': at(item.uri), name: item.title }]
}

function component(item: LinkedItem, at: (uri: string) => string): Node[] {
  if (!item.uri || !item.title) return []
  return [{ '@type': 'ArchiveComponent', '@id': at(item.uri), name: item.title }]
}

/** The archive's subjects, one set: its list of terms. */
function definedTermSet(archive: Archive): Node {
  return { '@type': 'DefinedTermSet', '@id': `${archive.url}/terms`, name: archive.name }
}

/**
 * A date as schema.org reads one: ISO 8601, a year, a month or a day, or an interval of them
 * (`1959/1970`) when it spans more; the words as written when it has no normal form.
 */
function dateValue({ expression, begin, end }: RecordDate): string[] {
  if (begin && end && end !== begin) return [`${begin}/${end}`]
  if (begin || end) return [(begin ?? end)!]
  return expression ? [expression] : []
}

/**
 * The `<script type="application/ld+json">` element of a page's data. A script's text is not
 * HTML (no entity is read in it) but ends at the first `</script`: every `<`, `>` and `&` in the
 * JSON is written as its `\u` escape, which JSON reads as the same character, so no text of the
 * catalogue can end the element or open a comment; U+2028 and U+2029 are escaped too, as a
 * JavaScript reader of the text would otherwise break its lines there. The CSP (`script-src
 * 'self'`) does not apply: a data block is never run.
 */
export function linkedDataScript(data: Node): string {
  const json = JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (character) => {
    return `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`
  })
  return `<script type="application/ld+json">${json}</script>`
}
