/**
 * How the site looks as the archive's own, made once when the site is created: the style sheet
 * with its colours, its logo, its about page and the parts every page adds (the logo's path,
 * the footer, the about link). Options given in code are checked as a configuration file is.
 */
import { siteCss } from '../templates/style.js'
import { type About, type AboutSource, renderAbout } from './about.js'
import { type Colours, themeOf, themeProperties } from './colours.js'
import { checkFooter, type Logo, logoType, type SiteFooter } from './site-config.js'
import { SiteConfigError } from './site-config-error.js'

/** Where the logo is served. */
export const LOGO_PATH = '/logo'

/** What an archive's configuration adds to every page. */
export interface OwnParts {
  /** The path its logo is served at, shown in the header with the name as its text. */
  readonly logo: string | null
  /** Its footer's text and links. */
  readonly footer: SiteFooter | null
  /** Whether it has an about page (`/about`), linked from the footer. */
  readonly about: boolean
}

export interface Appearance {
  /** The style sheet, `/site.css`. */
  css: string
  logo: Logo | null
  about: About | null
  own: OwnParts
}

export function appearanceOf(options: {
  colours?: Colours | undefined
  logo?: Logo | undefined
  about?: AboutSource | undefined
  footer?: SiteFooter | undefined
}): Appearance {
  const source = 'createSite'
  const logo = options.logo
  if (logo !== undefined) {
    logoType(logo.type, source)
    if (!(logo.data instanceof Uint8Array) || logo.data.length === 0) {
      throw new SiteConfigError(source, 'logo.data', "expects the image's bytes")
    }
  }
  const footer = options.footer === undefined ? null : checkFooter(options.footer, source)
  const about = options.about === undefined ? null : renderAbout(options.about)
  return {
    css: siteCss(themeProperties(themeOf(options.colours, source))),
    logo: logo ?? null,
    about,
    own: { logo: logo ? LOGO_PATH : null, footer, about: about !== null },
  }
}
