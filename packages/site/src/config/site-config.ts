/**
 * The archive's own site configuration, `catalogue serve --site --site-config site.json`: its
 * name, logo, colours, about page and footer, from a small JSON file whose paths are relative to
 * it. Read and checked once, at start: every mistake is a `SiteConfigError` naming the file and
 * the field (an unknown field, a colour that is not a CSS colour or fails WCAG AA contrast, a
 * logo or about file that is missing or of a kind the site does not serve).
 */
import { readFile, stat } from 'node:fs/promises'
import { dirname, extname, resolve } from 'node:path'
import type { AboutSource } from './about.js'
import { COLOUR_NAMES, type Colours, themeOf } from './colours.js'
import { SiteConfigError } from './site-config-error.js'

/** The archive's logo: its bytes and media type, served at `/logo`. */
export interface Logo {
  data: Uint8Array
  /** An image's media type: `image/svg+xml`, `image/png`, `image/jpeg`, `image/webp`… */
  type: string
}

/** The footer's own text and links, before the site's (About, API). */
export interface SiteFooter {
  /** A line of text: an address, opening hours. */
  text?: string
  /** Links: `https:`, `mailto:`, `tel:` or a path of the site (`/about`). */
  links?: { text: string; href: string }[]
}

/** What a configuration file gives `createSite`. */
export interface SiteConfig {
  name?: string
  logo?: Logo
  colours?: Colours
  about?: AboutSource
  footer?: SiteFooter
}

const FIELDS = ['name', 'logo', 'colours', 'about', 'footer'] as const
const IMAGE_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
}
/** A logo is a small picture in the header: a larger file is a mistake, not a logo. */
const MAX_LOGO_BYTES = 1024 * 1024

/**
 * Reads and checks a site configuration file.
 * @example const site = createSite(catalogue, { ...(await loadSiteConfig('site.json')) })
 */
export async function loadSiteConfig(file: string): Promise<SiteConfig> {
  const value = parseJson(await readText(file, file, ''), file)
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new SiteConfigError(file, '', 'expects a JSON object such as {"name": "Example Archive"}')
  }
  const fields = value as Record<string, unknown>
  knownFields(fields, FIELDS, file, '')
  const config: SiteConfig = {}
  const { name, logo, colours, about, footer } = fields
  if (name !== undefined) {
    if (typeof name !== 'string' || name.trim() === '') {
      throw new SiteConfigError(file, 'name', `expects the archive's name, got ${json(name)}`)
    }
    config.name = name.trim()
  }
  const folder = dirname(resolve(file))
  if (logo !== undefined) config.logo = await readLogo(logo, folder, file)
  if (colours !== undefined) {
    if (typeof colours !== 'object' || colours === null || Array.isArray(colours)) {
      throw new SiteConfigError(file, 'colours', `expects an object such as {"accent": "#0b5cad"}`)
    }
    knownFields(colours as Record<string, unknown>, COLOUR_NAMES, file, 'colours.')
    themeOf(colours as Colours, file)
    config.colours = colours as Colours
  }
  if (about !== undefined) config.about = await readAbout(about, folder, file)
  if (footer !== undefined) config.footer = checkFooter(footer, file)
  return config
}

/** The footer as given, or an error naming the field that is wrong. */
export function checkFooter(footer: unknown, source: string): SiteFooter {
  if (typeof footer !== 'object' || footer === null || Array.isArray(footer)) {
    throw new SiteConfigError(source, 'footer', 'expects an object with "text" and "links"')
  }
  const { text, links } = footer as Record<string, unknown>
  knownFields(footer as Record<string, unknown>, ['text', 'links'], source, 'footer.')
  if (text !== undefined && typeof text !== 'string') {
    throw new SiteConfigError(source, 'footer.text', `expects a string, got ${json(text)}`)
  }
  if (links !== undefined && !Array.isArray(links)) {
    throw new SiteConfigError(source, 'footer.links', 'expects a list of {"text", "href"}')
  }
  const checked = (links ?? []).map((link: unknown, index: number) => {
    const field = `footer.links[${index}]`
    if (typeof link !== 'object' || link === null) {
      throw new SiteConfigError(source, field, 'expects {"text": "…", "href": "…"}')
    }
    knownFields(link as Record<string, unknown>, ['text', 'href'], source, `${field}.`)
    const { text: label, href } = link as Record<string, unknown>
    if (typeof label !== 'string' || label.trim() === '') {
      throw new SiteConfigError(
        source,
        `${field}.text`,
        `expects the link's text, got ${json(label)}`,
      )
    }
    if (typeof href !== 'string' || !isLinkable(href)) {
      throw new SiteConfigError(
        source,
        `${field}.href`,
        `expects an https:, http:, mailto: or tel: address or a path of the site (/about), got ${json(href)}`,
      )
    }
    return { text: label, href }
  })
  return {
    ...(text !== undefined ? { text } : {}),
    ...(links !== undefined ? { links: checked } : {}),
  }
}

/** The logo's media type, or an error: only images a browser shows in an `img` are served. */
export function logoType(type: unknown, source: string): string {
  if (typeof type !== 'string' || !Object.values(IMAGE_TYPES).includes(type)) {
    throw new SiteConfigError(
      source,
      'logo.type',
      `expects one of ${[...new Set(Object.values(IMAGE_TYPES))].join(', ')}, got ${json(type)}`,
    )
  }
  return type
}

function isLinkable(href: string): boolean {
  // A path of the site: not `//host` nor `/\host`, which browsers read as another host.
  if (href.startsWith('/')) return !/^\/[/\\]/.test(href)
  return /^(https?|mailto|tel):/i.test(href) && URL.canParse(href)
}

async function readLogo(logo: unknown, folder: string, file: string): Promise<Logo> {
  if (typeof logo !== 'string' || logo === '') {
    throw new SiteConfigError(file, 'logo', `expects the path of an image file, got ${json(logo)}`)
  }
  const type = IMAGE_TYPES[extname(logo).toLowerCase()]
  if (type === undefined) {
    throw new SiteConfigError(
      file,
      'logo',
      `'${logo}' is not an image the site serves (${Object.keys(IMAGE_TYPES).join(', ')})`,
    )
  }
  const path = resolve(folder, logo)
  const size = await stat(path).then(
    (found) => (found.isFile() ? found.size : -1),
    () => -1,
  )
  if (size < 0) {
    throw new SiteConfigError(file, 'logo', `no file '${logo}' (looked for ${path})`)
  }
  if (size > MAX_LOGO_BYTES) {
    throw new SiteConfigError(file, 'logo', `'${logo}' has ${size} bytes; a logo may have 1 MiB`)
  }
  return { data: await readFile(path), type }
}

async function readAbout(about: unknown, folder: string, file: string): Promise<AboutSource> {
  if (typeof about !== 'string' || about === '') {
    throw new SiteConfigError(
      file,
      'about',
      `expects the path of a .md or .txt file, got ${json(about)}`,
    )
  }
  const kind = extname(about).toLowerCase()
  if (!['.md', '.markdown', '.txt'].includes(kind)) {
    throw new SiteConfigError(
      file,
      'about',
      `'${about}': write the about page in Markdown (.md) or plain text (.txt); HTML is not taken, as it would need sanitizing`,
    )
  }
  const text = await readText(resolve(folder, about), file, 'about', about)
  return kind === '.txt' ? { text } : { markdown: text }
}

async function readText(path: string, file: string, field: string, named = path): Promise<string> {
  try {
    return await readFile(path, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const reason =
      code === 'ENOENT'
        ? `no file '${named}' (looked for ${resolve(path)})`
        : `cannot read '${named}': ${code ?? String(error)}`
    throw new SiteConfigError(file, field, reason, { cause: error })
  }
}

function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new SiteConfigError(file, '', `is not JSON: ${(error as Error).message}`, {
      cause: error,
    })
  }
}

function knownFields(
  value: Record<string, unknown>,
  known: readonly string[],
  file: string,
  prefix: string,
): void {
  for (const key of Object.keys(value)) {
    if (known.includes(key) || (prefix === '' && key === '$schema')) continue
    const hint = key === 'colors' ? " (did you mean 'colours'?)" : ''
    throw new SiteConfigError(
      file,
      `${prefix}${key}`,
      `unknown field${hint}; the fields here are ${known.join(', ')}`,
    )
  }
}

function json(value: unknown): string {
  return JSON.stringify(value) ?? String(value)
}
