/**
 * The browsable rendering (DRF's browsable API, without its JavaScript): a self-contained HTML
 * page with the request line, the response's status and headers, the JSON pretty-printed with
 * its links clickable, and a GET form for the query parameters. Every string from the catalogue
 * or the request is escaped, in text and in attributes, and only http(s) URLs and catalogue uris
 * become links.
 */
import { statusText } from './http-errors.js'
import { endpointParameters } from './parameters.js'
import type { View } from './views.js'

/** What a browsable page shows. */
export interface BrowsablePage {
  method: string
  /** The request target as received: path and query. */
  target: string
  /** The absolute URL of the endpoint (the form's action). */
  path: string
  query: URLSearchParams
  status: number
  /** The headers of the JSON response, shown as DRF shows them. */
  headers: Readonly<Record<string, string>>
  value: unknown
  /** The public base URL: `uri` values link to `{baseUrl}{uri}`. */
  baseUrl: string
  view?: Pick<View, 'name' | 'description' | 'endpoint' | 'paginated'>
}

const STYLE = [
  'body{margin:0;font:15px/1.45 system-ui,sans-serif;color:#222;background:#f6f6f4}',
  'header{background:#2c3e50;padding:.6em 1.2em}',
  'header a{color:#fff;text-decoration:none;font-weight:600}',
  'main{max-width:72em;margin:0 auto;padding:1em 1.2em}h1{font-size:1.5em;margin:.3em 0}',
  '.description{color:#555;margin:.2em 0 1em}',
  'form{display:flex;flex-wrap:wrap;gap:.5em 1em;align-items:end;background:#fff;',
  'border:1px solid #ddd;padding:.8em;border-radius:4px}',
  'label{display:flex;flex-direction:column;font-size:.8em;color:#555}',
  'input,select,button{font:inherit;padding:.25em .4em}button{cursor:pointer}',
  'pre{background:#fff;border:1px solid #ddd;border-radius:4px;padding:.8em;',
  'overflow-x:auto;white-space:pre-wrap;word-break:break-word}',
  '.request b{color:#2c3e50}.status{font-weight:600}.header-name{color:#555}',
  '.key{color:#881391}.string{color:#1a1aa6}.literal{color:#0b6e4f}.null{color:#666}',
  'a{color:#0645ad}.formats{float:right;font-size:.85em}',
].join('')

/** A complete HTML page for a response. */
export function renderHtml(page: BrowsablePage): string {
  const name = escapeHtml(page.view?.name ?? statusText(page.status))
  const description = page.view
    ? `<p class="description">${escapeHtml(page.view.description)}</p>\n`
    : ''
  const status = `HTTP ${page.status} ${statusText(page.status)}`
  const headers = Object.entries(page.headers)
    .map(
      ([key, value]) => `<span class="header-name">${escapeHtml(key)}:</span> ${escapeHtml(value)}`,
    )
    .join('\n')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${name} – Catalogue API</title>
<style>${STYLE}</style>
</head>
<body>
<header><a href="${escapeHtml(`${page.baseUrl}/`)}">Catalogue API</a></header>
<main>
<a class="formats" href="${escapeHtml(jsonHref(page))}">json</a>
<h1>${name}</h1>
${description}${form(page)}
<pre class="request"><b>${escapeHtml(page.method)}</b> ${escapeHtml(page.target)}</pre>
<pre class="response"><span class="status">${escapeHtml(status)}</span>
${headers}

${pretty(page.value, page.baseUrl, '')}</pre>
</main>
</body>
</html>
`
}

/** HTML-escapes text for element content and quoted attribute values alike. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char]!)
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** The same request as JSON: its parameters with `format=json`. */
function jsonHref(page: BrowsablePage): string {
  const query = new URLSearchParams(page.query)
  query.set('format', 'json')
  return `${page.path}?${query}`
}

/** The form's text fields, in order: name, label, and the filter the endpoint must allow. */
const TEXT_FIELDS = [
  ['query', 'query', undefined],
  ['title', 'title', 'title'],
  ['agent_type', 'agent type', 'agent_type'],
  ['term_type', 'term type', 'term_type'],
  ['category', 'category', 'category'],
  ['genre', 'genre', 'genre'],
  ['subject', 'subject', 'subject'],
  ['creator', 'creator', 'creator'],
  ['start_date__gte', 'start year ≥', 'start_date'],
  ['end_date__lte', 'end year ≤', 'end_date'],
] as const

/** A GET form for the endpoint's parameters, keeping `format=api`; none without an endpoint. */
function form(page: BrowsablePage): string {
  const endpoint = page.view?.endpoint
  if (endpoint === undefined) return ''
  const allowed = endpointParameters[endpoint]
  const value = (name: string) => escapeHtml(page.query.getAll(name).at(-1) ?? '')
  const input = (name: string, label: string, attributes: string) =>
    `<label>${escapeHtml(label)}<input ${attributes} name="${name}" value="${value(name)}"></label>`
  const fields: string[] = []
  const shown = new Set(['format', 'offset'])
  for (const [name, label, filter] of TEXT_FIELDS) {
    if (filter !== undefined && !allowed.filters.includes(filter)) continue
    shown.add(name)
    fields.push(input(name, label, `type="${name === 'query' ? 'search' : 'text'}"`))
  }
  if (allowed.filters.includes('online')) {
    shown.add('online')
    const online = page.query.get('online') ?? ''
    const options = [
      ['', 'any'],
      ['true', 'yes'],
      ['false', 'no'],
    ].map(([v, text]) => `<option value="${v}"${online === v ? ' selected' : ''}>${text}</option>`)
    fields.push(`<label>online<select name="online">${options.join('')}</select></label>`)
  }
  if (page.view?.paginated && allowed.sorts.length > 0) {
    shown.add('sort')
    const choices = allowed.sorts.flatMap((field) => [field, `-${field}`])
    const datalist = choices.map((choice) => `<option value="${choice}">`).join('')
    fields.push(
      input('sort', 'sort', 'type="text" list="sort-fields"'),
      `<datalist id="sort-fields">${datalist}</datalist>`,
    )
  }
  if (page.view?.paginated) {
    shown.add('limit')
    fields.push(input('limit', 'limit', 'type="number" min="1"'))
  }
  // Parameters the form has no field for (other lookups, `type`) are kept; a new query starts
  // again at the first page, so `offset` is dropped.
  const hidden = [...page.query]
    .filter(([name]) => !shown.has(name))
    .map(([name, v]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(v)}">`)
  hidden.push('<input type="hidden" name="format" value="api">')
  return `<form method="get" action="${escapeHtml(page.path)}">
${fields.join('\n')}
${hidden.join('\n')}
<button type="submit">${escapeHtml(page.view?.name ?? 'Submit')}</button>
</form>`
}

/** `JSON.stringify(value, null, 2)` as HTML: the same text, escaped, with links. */
function pretty(value: unknown, baseUrl: string, indent: string, key?: string): string {
  if (value === null || value === undefined) return '<span class="null">null</span>'
  if (typeof value === 'string') return prettyString(value, baseUrl, key)
  if (typeof value === 'number' || typeof value === 'boolean') {
    return `<span class="literal">${JSON.stringify(value)}</span>`
  }
  const inner = `${indent}  `
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]'
    const items = value.map((item) => inner + pretty(item, baseUrl, inner, key))
    return `[\n${items.join(',\n')}\n${indent}]`
  }
  const members = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .map(([name, item]) => {
      const quoted = `<span class="key">${escapeHtml(JSON.stringify(name))}</span>`
      return `${inner}${quoted}: ${pretty(item, baseUrl, inner, name)}`
    })
  if (members.length === 0) return '{}'
  return `{\n${members.join(',\n')}\n${indent}}`
}

const ABSOLUTE_URL = /^https?:\/\/[^\s"'<>\\]+$/i
/** A catalogue uri (`/collections/abc`); other paths (ArchivesSpace identifiers) are not ours. */
const CATALOGUE_URI = /^\/(?:agents|collections|objects|terms)\/[A-Za-z0-9_-]+$/

/** A JSON string; a link when it is an http(s) URL, or a catalogue uri under `uri`/`identifier`. */
function prettyString(value: string, baseUrl: string, key: string | undefined): string {
  const text = escapeHtml(JSON.stringify(value).slice(1, -1))
  let href: string | undefined
  if (ABSOLUTE_URL.test(value)) href = value
  else if ((key === 'uri' || key === 'identifier') && CATALOGUE_URI.test(value)) {
    href = `${baseUrl}${value}`
  }
  if (href === undefined) return `<span class="string">"${text}"</span>`
  const rel = key === 'next' ? ' rel="next"' : key === 'previous' ? ' rel="prev"' : ''
  return `<span class="string">"<a href="${escapeHtml(href)}"${rel}>${text}</a>"</span>`
}
