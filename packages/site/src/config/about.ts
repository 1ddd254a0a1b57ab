/**
 * The archive's about page (`/about`), written in Markdown or plain text, rendered once at start.
 *
 * Markdown goes through markdown-it with its `html` option off: HTML in the file is shown as
 * text, never passed through, and its link check refuses `javascript:`, `vbscript:`, `file:` and
 * `data:` addresses (but images'). That restricted form needs no sanitizer after it (marked
 * passes HTML through and leaves sanitizing to DOMPurify and a DOM, which a server has not), and
 * the site's Content-Security-Policy runs no script a page did not load from the site anyway.
 */
import MarkdownIt from 'markdown-it'
import { html } from '../templates/html.js'

export type AboutSource = { markdown: string } | { text: string }

export interface About {
  /** The page's content, its one `h1` first when the file began with one. */
  html: string
  /** The text of the file's first heading when it is an `h1`, the page's title then. */
  title: string | null
}

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true })

export function renderAbout(source: AboutSource): About {
  if ('text' in source) {
    const paragraphs = source.text
      .split(/\r?\n\s*\r?\n/)
      .map((paragraph) => paragraph.trim())
      .filter((paragraph) => paragraph !== '')
    return {
      html: paragraphs.map((paragraph) => html`<p>${paragraph}</p>`).join('\n'),
      title: null,
    }
  }
  const tokens = markdown.parse(source.markdown, {})
  const first = tokens[0]
  const titled = first?.type === 'heading_open' && first.tag === 'h1'
  const title = titled ? (tokens[1]?.content ?? null) : null
  // A page has one h1: the file's first heading when it is one (a later h1 becomes an h2), else
  // the page's own, and then every heading of a file that has h1s moves a level down.
  const headings = tokens.filter(
    (token, index) =>
      (token.type === 'heading_open' || token.type === 'heading_close') && !(titled && index <= 2),
  )
  const shift = !titled && headings.some((token) => token.tag === 'h1')
  for (const token of headings) {
    const level = Number(token.tag.slice(1))
    if (shift) token.tag = `h${Math.min(6, level + 1)}`
    else if (level === 1) token.tag = 'h2'
  }
  return { html: markdown.renderer.render(tokens, markdown.options, {}), title }
}
