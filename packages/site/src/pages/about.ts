/** The archive's about page (`/about`), from its site configuration: rendered once, at start. */
import type { About } from '../config/about.js'
import { pageData } from '../search-engines/linked-data.js'
import { html } from '../templates/html.js'
import { archiveOf, page, type SiteContext } from './layout.js'

export function aboutPage(site: SiteContext, about: About): string {
  const title = about.title ?? site.messages.config.aboutTitle(site.name)
  const heading = about.title === null ? html`<h1>${title}</h1>` : ''
  return page(site, {
    title,
    description: title,
    json: null,
    canonical: `${site.url ?? ''}/about`,
    linkedData: pageData(archiveOf(site), 'AboutPage', title, `${site.url ?? ''}/about`),
    content: html`<div class="about">!${heading}!${about.html}</div>`,
  })
}
