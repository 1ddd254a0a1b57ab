/**
 * What a record page reads of the tree, a page at a time however large the tree: a collection's
 * contents (one page of its children, each marked with whether it has children of its own, and
 * the one branch a reader opened), and where a component sits (the page of its siblings that
 * holds it, and its previous and next sibling). Only the backend interface's `children` is called,
 * with an offset and a small limit, so a component among 10,000 siblings costs one page of them.
 *
 * Whether a child has children costs nothing extra: a child's `index` is its pre-order number in
 * its top-level collection, so a subtree is one interval of numbers and the next sibling's
 * `index` is where this child's subtree ends. A page is read with one child more than it shows,
 * for the last one's next sibling; only the very last child of a collection has none, and then
 * one `children` call of one item answers for it (when it is a collection at all).
 */
import {
  BadParameterError,
  type CatalogueBackend,
  type DetailOf,
  type LinkedItem,
  type Minimap,
  type ParsedRequest,
  parseFor,
} from '@archive-catalogue/core'

/** A child as the tree shows it: the API's item and whether it has children of its own. */
export interface TreeItem {
  item: LinkedItem
  hasChildren: boolean
}

/** One page of a collection's children. */
export interface Branch {
  /** The collection's id. */
  id: string
  /** How many children it has in all. */
  count: number
  offset: number
  limit: number
  items: TreeItem[]
}

/** A collection's contents: a page of its children, and the branch opened in it (`?open=`). */
export interface Contents {
  branch: Branch
  /** The page's parameters (the search within, the page, the branch opened). */
  params: URLSearchParams
  /** The child opened, with a page of its own children. */
  open: { item: LinkedItem; branch: Branch } | null
  /** Where the matches of a search within lie in the whole collection; null without one. */
  minimap: MinimapRead | null
}

/** The API's minimap of a search within, and where the collection's descendants begin. */
export interface MinimapRead {
  /** The collection's descendants in all. */
  total: number
  /** The tree index of its first descendant (its first child's). */
  first: number
  hits: Minimap['hits']
}

/** Where a component sits among its parent's children. */
export interface Place {
  /** The parent collection's uri. */
  parent: string
  /** The component's index among the parent's children. */
  index: number
  /** How many children the parent has. */
  count: number
  /** The page of siblings shown: the one holding the component unless paged (`?siblings_offset=`). */
  siblings: { offset: number; limit: number; items: LinkedItem[] }
  /** The page of siblings that holds the component (where "back" leads). */
  home: number
  previous: LinkedItem | null
  next: LinkedItem | null
}

/** Children of an opened branch per page: a glance, paged, never thousands at once. */
export const BRANCH_LIMIT = 20
/** Siblings per page on a component's page. */
export const SIBLINGS_LIMIT = 20

/** The site's own parameters of a record page (the API's are the children's). */
export const OPEN = 'open'
export const OPEN_OFFSET = 'open_offset'
export const SIBLINGS_OFFSET = 'siblings_offset'

/**
 * A collection's contents for the page's parameters: one `children` call of `limit + 1`, one
 * more of `open_offset`'s page when a child on this page is opened, and at most one of one item
 * per branch for its last child (only on a collection's last page of children).
 */
export async function readContents(
  backend: CatalogueBackend,
  id: string,
  params: URLSearchParams,
): Promise<Contents> {
  const request = parseFor(backend, 'children', params)
  const [branch, minimap] = await Promise.all([
    readBranch(backend, id, request, request.offset, request.limit),
    request.query === null ? null : readMinimap(backend, id, params),
  ])
  const openId = params.get(OPEN) ?? ''
  const opened = branch.items.find(
    (child) => child.hasChildren && child.item.uri !== null && idOf(child.item.uri) === openId,
  )
  if (!opened) return { branch, params, open: null, minimap }
  const offset = offsetParam(params, OPEN_OFFSET) ?? 0
  const inner = await readBranch(backend, openId, request, offset, BRANCH_LIMIT)
  return { branch, params, open: { item: opened.item, branch: inner }, minimap }
}

/**
 * A search within's minimap: the API's (every descendant that matches, with its tree index),
 * and the first child's index, where the collection's descendants begin, from one `children`
 * call of one item, read side by side.
 */
async function readMinimap(
  backend: CatalogueBackend,
  id: string,
  params: URLSearchParams,
): Promise<MinimapRead> {
  const [answer, first] = await Promise.all([
    backend.minimap(id, parseFor(backend, 'minimap', params)),
    backend.children(id, parseFor(backend, 'children', { limit: 1 })),
  ])
  return { total: answer.total, first: first.results[0]?.index ?? 0, hits: answer.hits }
}

/**
 * Where a collection or an object sits, or null at the top level: one `children` call of the
 * parent, from the sibling before the page to the one after it (so that the previous and next
 * siblings are in it), and one more of three when the reader has paged the siblings away.
 */
export async function readPlace(
  backend: CatalogueBackend,
  detail: DetailOf['collection'] | DetailOf['object'],
  params: URLSearchParams,
): Promise<Place | null> {
  const { parent, offset: index } = detail
  if (parent === null || index === null) return null
  const home = Math.floor(index / SIBLINGS_LIMIT) * SIBLINGS_LIMIT
  const asked = offsetParam(params, SIBLINGS_OFFSET)
  const start = asked === null ? home : Math.floor(asked / SIBLINGS_LIMIT) * SIBLINGS_LIMIT
  const from = Math.max(0, start - 1)
  const window = (offset: number, limit: number) =>
    backend.children(parent, parseFor(backend, 'children', { offset, limit }))
  const [page, around] = await Promise.all([
    window(from, start - from + SIBLINGS_LIMIT + 1),
    start === home ? null : window(Math.max(0, index - 1), index === 0 ? 2 : 3),
  ])
  const at = (position: number, answer: typeof page, first: number) =>
    position < first ? null : (answer.results[position - first] ?? null)
  const neighbours = around ?? page
  const first = around ? Math.max(0, index - 1) : from
  return {
    parent: `/collections/${parent}`,
    index,
    count: page.count,
    siblings: {
      offset: start,
      limit: SIBLINGS_LIMIT,
      items: page.results.slice(start - from, start - from + SIBLINGS_LIMIT),
    },
    home,
    previous: index === 0 ? null : at(index - 1, neighbours, first),
    next: at(index + 1, neighbours, first),
  }
}

/** A page of a collection's children, each marked with whether it has children of its own. */
async function readBranch(
  backend: CatalogueBackend,
  id: string,
  request: ParsedRequest,
  offset: number,
  limit: number,
): Promise<Branch> {
  // One more than shown: its `index` says where the last shown child's subtree ends.
  const answer = await backend.children(id, { ...request, offset, limit: limit + 1 })
  const shown = answer.results.slice(0, limit)
  const after = answer.results[limit] ?? null
  const items = await Promise.all(
    shown.map(async (item, i) => {
      const next = shown[i + 1] ?? after
      return { item, hasChildren: await hasChildren(backend, item, next) }
    }),
  )
  return { id, count: answer.count, offset, limit, items }
}

/**
 * Whether a child has children: from its next sibling's `index` when there is one, else (the
 * last child of its parent) from one `children` call of one item. Objects never have children.
 */
async function hasChildren(
  backend: CatalogueBackend,
  item: LinkedItem,
  next: LinkedItem | null,
): Promise<boolean> {
  if (item.uri === null || !item.uri.startsWith('/collections/')) return false
  if (next !== null && item.index !== null && next.index !== null)
    return next.index > item.index + 1
  const children = await backend.children(
    idOf(item.uri),
    parseFor(backend, 'children', { limit: 1 }),
  )
  return children.count > 0
}

/** A whole number parameter of the site's own, or null when not given. */
function offsetParam(params: URLSearchParams, name: string): number | null {
  const value = params.get(name)?.trim() ?? ''
  if (value === '') return null
  if (!/^\d{1,15}$/.test(value)) throw new BadParameterError(name, value, 'must be a whole number')
  return Number(value)
}

/** The id at the end of a uri (`/collections/abc` → `abc`). */
export function idOf(uri: string): string {
  return uri.slice(uri.lastIndexOf('/') + 1)
}
