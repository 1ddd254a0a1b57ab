/**
 * A mistake in the archive's site configuration (`--site-config`, or `createSite`'s options):
 * the message names the file (or `createSite`), the field and what is wrong with its value.
 * @example new SiteConfigError('site.json', 'colours.accent', "'bluish' is not a CSS colour")
 */
export class SiteConfigError extends Error {
  /** The configuration file, or `createSite` when the options were given in code. */
  readonly source: string
  /** The field, as a path: `colours.accent`, `footer.links[1].href`; '' for the whole file. */
  readonly field: string

  constructor(source: string, field: string, reason: string, options?: ErrorOptions) {
    super(field === '' ? `${source}: ${reason}` : `${source}: ${field}: ${reason}`, options)
    this.name = 'SiteConfigError'
    this.source = source
    this.field = field
  }
}
