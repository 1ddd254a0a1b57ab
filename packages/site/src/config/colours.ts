/**
 * The theme's colours: any CSS colour a reader's archive gives (`#7a2e8e`, `rebeccapurple`,
 * `rgb(…)`, `hsl(…)`, `oklch(…)`), parsed and measured with culori, and written into the style
 * sheet as hex custom properties (so no text of the configuration reaches the CSS as written).
 * Each pair of colours the pages put text in is held to WCAG 2.1 AA: a contrast of at least
 * 4.5:1 (success criterion 1.4.3), computed as WCAG defines it from relative luminance.
 */
import { type Color, formatHex, interpolate, parse, wcagContrast } from 'culori'
import { SiteConfigError } from './site-config-error.js'

/** The colours an archive may set; each is optional, the default theme's otherwise. */
export interface Colours {
  /** Links, buttons and the bars of the date histogram. @default '#0b5cad' */
  accent?: string
  /** The text. @default '#1f2328' */
  text?: string
  /** The page behind the text, and the text on buttons. @default '#ffffff' */
  background?: string
  /** Secondary text: dates, counts, the footer. @default '#565d66' */
  muted?: string
  /** The header's band. @default '#1d3557' */
  header?: string
  /** The header's text: the archive's name, My list. @default '#ffffff' */
  headerText?: string
}

export type ColourName = keyof Colours
export const COLOUR_NAMES: readonly ColourName[] = [
  'accent',
  'text',
  'background',
  'muted',
  'header',
  'headerText',
]

const DEFAULTS: Required<Colours> = {
  accent: '#0b5cad',
  text: '#1f2328',
  background: '#ffffff',
  muted: '#565d66',
  header: '#1d3557',
  headerText: '#ffffff',
}

/** The default theme's subtle backgrounds (chips, the current sibling) and rules. */
const DEFAULT_TINT = '#f4f5f7'
const DEFAULT_LINE = '#d5d9de'

/** WCAG 2.1 AA for normal text (SC 1.4.3). */
export const AA_CONTRAST = 4.5

/** Every colour of the theme as hex, the derived ones too. */
export interface Theme extends Required<Colours> {
  tint: string
  line: string
}

/**
 * The theme of `colours` (each parsed, the rest the defaults), or a `SiteConfigError` naming the
 * first colour that is not a CSS colour, is not opaque, or puts text below AA contrast.
 * `source` names where the colours came from in the message (a file, or `createSite`).
 */
export function themeOf(colours: Colours = {}, source = 'createSite'): Theme {
  const hex = { ...DEFAULTS }
  for (const name of COLOUR_NAMES) {
    const value = colours[name]
    if (value !== undefined) hex[name] = opaqueHex(value, name, source)
  }
  // The tint and the rules follow the text and the background when either changes.
  const own = colours.text !== undefined || colours.background !== undefined
  const mix = interpolate([hex.background, hex.text], 'rgb')
  const theme: Theme = {
    ...hex,
    tint: own ? formatHex(mix(0.05)) : DEFAULT_TINT,
    line: own ? formatHex(mix(0.18)) : DEFAULT_LINE,
  }
  checkContrast(theme, colours, source)
  return theme
}

function opaqueHex(value: unknown, name: ColourName, source: string): string {
  const field = `colours.${name}`
  if (typeof value !== 'string') {
    throw new SiteConfigError(source, field, `expects a CSS colour as a string, got ${json(value)}`)
  }
  const colour: Color | undefined = parse(value)
  if (colour === undefined) {
    throw new SiteConfigError(
      source,
      field,
      `'${value}' is not a CSS colour (write it as #rrggbb, a name such as navy, rgb(…), hsl(…) or oklch(…))`,
    )
  }
  if (colour.alpha !== undefined && colour.alpha < 1) {
    throw new SiteConfigError(
      source,
      field,
      `'${value}' is not opaque: its contrast with what is behind it cannot be known`,
    )
  }
  return formatHex(colour)
}

/**
 * The pairs the pages write text in: the colour named first on the second. The tint is where the
 * chips and the current sibling sit; buttons write the background's colour on the accent.
 */
const PAIRS: readonly [ColourName, keyof Theme, string][] = [
  ['text', 'background', 'the text on the background'],
  ['text', 'tint', 'the text on the tint (derived from text and background)'],
  ['muted', 'background', 'the muted text on the background'],
  [
    'muted',
    'tint',
    'the muted text on the tint (the current sibling, derived from text and background)',
  ],
  ['accent', 'background', 'links on the background, and button text on the accent'],
  ['accent', 'tint', 'links on the tint (derived from text and background)'],
  ['headerText', 'header', 'the header text on the header'],
]

function checkContrast(theme: Theme, given: Colours, source: string): void {
  for (const [fore, back, what] of PAIRS) {
    const ratio = wcagContrast(theme[fore], theme[back])
    if (ratio >= AA_CONTRAST) continue
    // Name the colour the archive set: the foreground, else the background it is on.
    const blamed =
      given[fore] === undefined && given[back as ColourName] !== undefined
        ? (back as ColourName)
        : fore
    throw new SiteConfigError(
      source,
      `colours.${blamed}`,
      `${theme[fore]} on ${theme[back]} (${what}) has a contrast of ${ratio.toFixed(2)}:1; ` +
        `WCAG 2.1 AA asks for at least ${AA_CONTRAST}:1`,
    )
  }
}

/** The theme as the style sheet's custom properties. */
export function themeProperties(theme: Theme): string {
  return (
    `--ink:${theme.text};--muted:${theme.muted};--line:${theme.line};--paper:${theme.background};` +
    `--tint:${theme.tint};--accent:${theme.accent};--header:${theme.header};` +
    `--header-ink:${theme.headerText}`
  )
}

function json(value: unknown): string {
  return JSON.stringify(value) ?? String(value)
}
