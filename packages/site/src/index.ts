export type { SiteOptions } from './site.js'
export { createSite } from './site.js'
