/**
 * `/robots.txt` (RFC 9309): every page may be crawled but the API (the pages' data as JSON, and
 * queries without end: a crawler should read the pages, which link their JSON) and My list (a
 * reader's own, kept in their browser); OAI-PMH stays open to harvesters that read the file. It
 * names the sitemap index, absolute, as sitemaps.org asks.
 */
export function robotsTxt(url: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Allow: /api/oai',
    'Disallow: /mylist',
    '',
    `Sitemap: ${url}/sitemap.xml`,
    '',
  ].join('\n')
}
