/**
 * The archive's own site (`--site-config`): the example in `examples/site-config` applied as
 * written (name, logo served and shown, colours in the style sheet, about page, footer), in a
 * real Chromium with no WCAG 2.1 AA violation; each mistake in a configuration file an error
 * naming the file and the field, a colour's contrast computed here from WCAG's formula; the
 * option end to end in a real `catalogue serve` process; and the default theme on a 375 px phone
 * and a 1440 px screen without sideways scrolling.
 */
import { once } from 'node:events'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Listening, listen } from '@archive-catalogue/http'
import { createSite, loadSiteConfig, SiteConfigError } from '@archive-catalogue/site'
import type { Browser } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { browsing, violations } from '../helpers/axe.js'
import { launchChromium } from '../helpers/browser.js'
import { corpus, root } from '../helpers/cli-paths.js'
import { killStartedChildren, runCli, startBin } from '../helpers/cli-run.js'
import { corpusCatalogue } from '../helpers/http-server.js'
import { servedBy } from '../helpers/served-process.js'

const EXAMPLE = join(root, 'examples/site-config')
const EXAMPLE_CONFIG = join(EXAMPLE, 'site.json')

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})
afterEach(killStartedChildren)

/** WCAG 2.1's contrast ratio of two `#rrggbb` colours, from its definition of luminance. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((at) => {
      const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255
      return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
    })
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
  }
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (light! + 0.05) / (dark! + 0.05)
}

/** A folder with a configuration file (and any other files) in it; the file's path. */
function configFile(config: unknown, files: Record<string, string> = {}): string {
  const folder = mkdtempSync(join(tmpdir(), 'site-config-'))
  for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text)
  const file = join(folder, 'site.json')
  writeFileSync(file, typeof config === 'string' ? config : JSON.stringify(config))
  return file
}

describe('the site configuration', () => {
  describe('the example in examples/site-config', () => {
    let server: Listening
    beforeAll(async () => {
      const config = await loadSiteConfig(EXAMPLE_CONFIG)
      server = await listen(createSite(await corpusCatalogue(), config), {
        port: 0,
        host: '127.0.0.1',
      })
    })
    afterAll(() => server?.close())

    it('names every page and shows the logo in the header, its text the name', async () => {
      const body = await (await fetch(`${server.url}/search?query=rockefeller`)).text()
      expect(body).toContain('<title>rockefeller · Example Archive</title>')
      expect(body).toContain('<a href="/"><img class="logo" src="/logo" alt="Example Archive"></a>')
      const logo = await fetch(`${server.url}/logo`)
      expect(logo.status).toBe(200)
      expect(logo.headers.get('content-type')).toBe('image/svg+xml')
      expect(logo.headers.get('cache-control')).toBe('public, max-age=3600')
      expect(logo.headers.get('content-security-policy')).toContain('sandbox')
      expect(Buffer.from(await logo.arrayBuffer())).toEqual(readFileSync(join(EXAMPLE, 'logo.svg')))
    })

    it('serves its colours as the style sheet’s custom properties, in one cached file', async () => {
      const css = await fetch(`${server.url}/site.css`)
      expect(css.headers.get('cache-control')).toBe('public, max-age=3600')
      const text = await css.text()
      expect(text).toContain('--accent:#7a2e8e;')
      expect(text).toContain('--header:#2b1a3f;')
      expect(text).toContain('--header-ink:#ffffff')
      // The colours the example leaves out are the default theme's.
      expect(text).toContain('--ink:#1f2328;')
      expect(text).toContain('--paper:#ffffff;')
    })

    it('has an about page from its Markdown, linked from the footer with its own text and links', async () => {
      const home = await (await fetch(`${server.url}/`)).text()
      const footer = home.slice(home.indexOf('<footer'))
      expect(footer).toContain('<a href="/about">About</a>')
      expect(footer).toContain('Reading room open Monday to Friday, 9:00–17:00')
      expect(footer).toContain(
        '<a href="mailto:reading-room@archive.example.org">Contact the reading room</a>',
      )
      expect(footer).toContain('<a href="https://archive.example.org/privacy">Privacy</a>')
      const about = await fetch(`${server.url}/about`)
      expect(about.status).toBe(200)
      const text = await about.text()
      expect(text).toContain('<title>About the Example Archive · Example Archive</title>')
      expect(text.match(/<h1>/g)).toHaveLength(1)
      expect(text).toContain('<h1>About the Example Archive</h1>')
      expect(text).toContain('<h2>Visiting</h2>')
      expect(text).toContain('<strong>about 4 km of shelves</strong>')
      expect(text).toContain('<a href="https://archive.example.org/guide">catalogue’s guide</a>')
    })

    it('shows as the archive configured it in Chromium, with no WCAG 2.1 AA violation', async () => {
      const context = await browsing(browser, true)
      const page = await context.newPage()
      for (const path of ['/', '/about', '/search?query=rockefeller']) {
        await page.goto(`${server.url}${path}`)
        expect(await violations(page), path).toEqual([])
      }
      const logo = page.locator('header img.logo')
      expect(await logo.evaluate((image) => (image as { naturalWidth: number }).naturalWidth)).toBe(
        264,
      )
      expect(await page.getByRole('img', { name: 'Example Archive' }).count()).toBe(1)
      const header = await page.locator('header.site').evaluate(
        (element) =>
          (
            globalThis as unknown as {
              getComputedStyle(e: unknown): { backgroundColor: string }
            }
          ).getComputedStyle(element).backgroundColor,
      )
      expect(header).toBe('rgb(43, 26, 63)')
      await context.close()
    })
  })

  describe('the about page', () => {
    it('shows HTML written in the Markdown as text, and links no script', async () => {
      const markdown = [
        'Our hours <script>alert(1)</script> and <img src=x onerror=alert(1)>.',
        '',
        '[a trap](javascript:alert(1)) and [a page](/search?query=map)',
        '',
        '# A first heading that is not first',
      ].join('\n')
      const site = createSite(await corpusCatalogue(), { name: 'X', about: { markdown } })
      const text = await (await site.request('/about')).text()
      const content = text.slice(text.indexOf('<main'), text.indexOf('</main>'))
      expect(content).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
      expect(content).toContain('&lt;img src=x onerror=alert(1)&gt;')
      expect(content).not.toContain('<script')
      expect(content).not.toContain('href="javascript:')
      expect(content).toContain('<a href="/search?query=map">a page</a>')
      // Its own h1 first; the file's h1 moves down a level.
      expect(content).toContain('<h1>About X</h1>')
      expect(content).toContain('<h2>A first heading that is not first</h2>')
    })

    it('takes plain text as paragraphs', async () => {
      const file = configFile(
        { about: 'about.txt' },
        { 'about.txt': 'We keep <records>.\n\nOpen *daily*.' },
      )
      const site = createSite(await corpusCatalogue(), await loadSiteConfig(file))
      const text = await (await site.request('/about')).text()
      expect(text).toContain('<p>We keep &#60;records&#62;.</p>\n<p>Open *daily*.</p>')
    })

    it('is not there without one', async () => {
      const site = createSite(await corpusCatalogue(), { name: 'X' })
      expect((await site.request('/about')).status).toBe(404)
      expect(await (await site.request('/')).text()).not.toContain('href="/about"')
    })
  })

  describe('mistakes', () => {
    const mistakes: [string, unknown, Record<string, string>, RegExp][] = [
      [
        'an unknown field',
        { name: 'X', colour: {} },
        {},
        /: colour: unknown field; the fields here are name, logo, colours, about, footer$/,
      ],
      [
        'colors for colours',
        { colors: {} },
        {},
        /: colors: unknown field \(did you mean 'colours'\?\)/,
      ],
      [
        'an unknown colour',
        { colours: { link: '#000000' } },
        {},
        /: colours\.link: unknown field; the fields here are accent, text, background, muted, header, headerText$/,
      ],
      [
        'a colour that is not a CSS colour',
        { colours: { accent: 'bluish' } },
        {},
        /: colours\.accent: 'bluish' is not a CSS colour/,
      ],
      [
        'a colour that is not opaque',
        { colours: { accent: 'rgba(0, 0, 0, 0.5)' } },
        {},
        /: colours\.accent: 'rgba\(0, 0, 0, 0\.5\)' is not opaque/,
      ],
      [
        'a colour that is a number',
        { colours: { accent: 255 } },
        {},
        /: colours\.accent: expects a CSS colour as a string, got 255$/,
      ],
      [
        'a missing logo',
        { logo: 'missing.png' },
        {},
        /: logo: no file 'missing\.png' \(looked for .*missing\.png\)$/,
      ],
      [
        'a logo of another kind',
        { logo: 'logo.bmp' },
        { 'logo.bmp': 'BM' },
        /: logo: 'logo\.bmp' is not an image the site serves/,
      ],
      [
        'an HTML about page',
        { about: 'about.html' },
        {},
        /: about: 'about\.html': write the about page in Markdown \(\.md\) or plain text \(\.txt\); HTML is not taken/,
      ],
      ['a missing about page', { about: 'gone.md' }, {}, /: about: no file 'gone\.md'/],
      [
        'a script as a footer link',
        {
          footer: {
            links: [
              { text: 'Home', href: '/' },
              { text: 'x', href: 'javascript:alert(1)' },
            ],
          },
        },
        {},
        /: footer\.links\[1\]\.href: expects an https:, http:, mailto: or tel: address or a path of the site \(\/about\), got "javascript:alert\(1\)"$/,
      ],
      [
        'a path a browser reads as another host',
        { footer: { links: [{ text: 'x', href: '/\\evil.example' }] } },
        {},
        /: footer\.links\[0\]\.href: expects an https:, http:, mailto: or tel: address or a path of the site \(\/about\), got "\/\\\\evil\.example"$/,
      ],
      ['an empty name', { name: ' ' }, {}, /: name: expects the archive's name, got " "$/],
      ['a list, not an object', [1], {}, /site\.json: expects a JSON object/],
      ['a trailing comma', '{"name": "X",}', {}, /site\.json: is not JSON: /],
    ]

    it.each(mistakes)(
      'names the file and the field of %s',
      async (_what, config, files, message) => {
        const file = configFile(config, files)
        const error = await loadSiteConfig(file).catch((caught: unknown) => caught)
        expect(error).toBeInstanceOf(SiteConfigError)
        expect((error as Error).message.startsWith(`${file}: `)).toBe(true)
        expect((error as Error).message).toMatch(message)
      },
    )

    it('names a missing file', async () => {
      await expect(loadSiteConfig('/nonexistent/site.json')).rejects.toThrow(
        "/nonexistent/site.json: no file '/nonexistent/site.json'",
      )
    })

    const lowContrast: [string, Record<string, string>, string, string, string][] = [
      ['a pale accent', { accent: '#9db4cc' }, 'accent', '#9db4cc', '#ffffff'],
      [
        'a header text near its band',
        { header: '#445566', headerText: '#667788' },
        'headerText',
        '#667788',
        '#445566',
      ],
      // The default text on a dark background: the background is what the archive set.
      ['a dark background', { background: '#000000' }, 'background', '#1f2328', '#000000'],
      // Enough on the background (4.59:1), not on the tint the current sibling sits on.
      ['a muted grey too pale for the tint', { muted: '#6e7681' }, 'muted', '#6e7681', '#f4f5f7'],
    ]

    it.each(lowContrast)(
      'refuses %s with its contrast ratio, computed as WCAG does',
      async (_what, colours, field, fore, back) => {
        const file = configFile({ colours })
        const ratio = contrast(fore, back).toFixed(2)
        expect(Number(ratio)).toBeLessThan(4.5)
        await expect(loadSiteConfig(file)).rejects.toThrow(
          new RegExp(
            `^${file}: colours\\.${field}: ${fore} on ${back} \\(.*\\) has a contrast of ${ratio}:1; WCAG 2\\.1 AA asks for at least 4\\.5:1$`,
          ),
        )
      },
    )

    it('takes any CSS colour that meets AA, the tint following text and background', async () => {
      const file = configFile({
        colours: { accent: 'rebeccapurple', text: 'rgb(20 20 20)', background: 'hsl(40 60% 97%)' },
      })
      const site = createSite(await corpusCatalogue(), await loadSiteConfig(file))
      const css = await (await site.request('/site.css')).text()
      expect(css).toContain('--accent:#663399;')
      expect(css).toContain('--ink:#141414;')
      expect(css).toContain('--paper:#fcf9f3;')
      expect(css).not.toContain('--tint:#f4f5f7')
    })

    it('checks the options given to createSite as it checks a file', async () => {
      const catalogue = await corpusCatalogue()
      expect(() => createSite(catalogue, { colours: { accent: 'nope' } })).toThrow(
        "createSite: colours.accent: 'nope' is not a CSS colour",
      )
      expect(() =>
        createSite(catalogue, { logo: { data: Buffer.from('x'), type: 'text/html' } }),
      ).toThrow(/^createSite: logo\.type: expects one of image\/svg\+xml, /)
      expect(() =>
        createSite(catalogue, { footer: { links: [{ text: 'x', href: 'javascript:1' }] } }),
      ).toThrow(/^createSite: footer\.links\[0\]\.href: /)
    })
  })

  describe('catalogue serve --site --site-config', () => {
    it('serves the site as configured from a real process, on worker threads', async () => {
      const child = startBin([
        'serve',
        corpus,
        '--port',
        '0',
        '--workers',
        '2',
        '--site',
        '--site-config',
        'examples/site-config/site.json',
      ])
      const { url } = await servedBy(child)
      const home = await (await fetch(`${url}/`)).text()
      expect(home).toContain('<title>Example Archive</title>')
      expect(home).toContain('alt="Example Archive"')
      expect((await fetch(`${url}/about`)).status).toBe(200)
      // The logo's bytes crossed to each worker as a Uint8Array: served whole by every one.
      for (const logo of await Promise.all([1, 2, 3, 4].map(() => fetch(`${url}/logo`)))) {
        expect(logo.headers.get('content-type')).toBe('image/svg+xml')
        expect(Buffer.from(await logo.arrayBuffer())).toEqual(
          readFileSync(join(EXAMPLE, 'logo.svg')),
        )
      }
      expect(await (await fetch(`${url}/site.css`)).text()).toContain('--accent:#7a2e8e;')
      const exited = once(child, 'exit')
      child.kill('SIGTERM')
      expect((await exited)[0]).toBe(0)
    })

    // On the main thread (--workers 1): the one above serves the configuration from worker
    // threads; starting them again in this process would check nothing of the name's.
    it('lets --site-name override the configuration’s name', async () => {
      const controller = new AbortController()
      let served: (url: string) => void = () => {}
      const url = new Promise<string>((resolve) => {
        served = resolve
      })
      let out = ''
      const running = runCli(
        [
          'serve',
          corpus,
          '--port',
          '0',
          '--workers',
          '1',
          '--site',
          '--site-config',
          EXAMPLE_CONFIG,
          '--site-name',
          'Other Archive',
        ],
        {
          signal: controller.signal,
          onStdout: (chunk) => {
            out += chunk
            const match = /at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)
            if (match) served(match[1]!)
          },
        },
      )
      const home = await (await fetch(`${await url}/`)).text()
      expect(home).toContain('<title>Other Archive</title>')
      expect(home).toContain('alt="Other Archive"')
      controller.abort()
      expect((await running).code).toBe(0)
    })

    it('stops before serving on a mistake, naming the file and the field', async () => {
      const file = configFile({ colours: { accent: 'bluish' } })
      const { code, stdout, stderr } = await runCli([
        'serve',
        corpus,
        '--site',
        '--site-config',
        file,
      ])
      expect(code).toBe(1)
      expect(stdout).toBe('')
      expect(stderr.trim()).toBe(
        `${file}: colours.accent: 'bluish' is not a CSS colour (write it as #rrggbb, a name such as navy, rgb(…), hsl(…) or oklch(…))`,
      )
    })

    it('is a usage error without --site', async () => {
      const { code, stderr } = await runCli(['serve', corpus, '--site-config', EXAMPLE_CONFIG])
      expect(code).toBe(2)
      expect(stderr).toContain('--site-config is for the discovery site: add --site')
    })
  })

  describe('the default theme', () => {
    let server: Listening
    beforeAll(async () => {
      server = await listen(createSite(await corpusCatalogue(), { name: 'Test Archive' }), {
        port: 0,
        host: '127.0.0.1',
      })
    })
    afterAll(() => server?.close())

    const PAGES = [
      '/',
      '/search?query=rockefeller',
      '/collections/Zivy3B6P5nBaZ24Kb8cWEq',
      '/objects/FM8Xe2Aghf8RKX4dLHfR3c',
      '/mylist?uri=/objects/FM8Xe2Aghf8RKX4dLHfR3c&uri=/collections/gfvm2HihpLwCTnKgpDtdhR',
    ]

    it.each([375, 1440])('fits a %i px wide screen: no page scrolls sideways', async (width) => {
      const context = await browser.newContext({ viewport: { width, height: 900 } })
      const page = await context.newPage()
      for (const path of PAGES) {
        await page.goto(`${server.url}${path}`)
        const scrollWidth = await page.evaluate(
          () =>
            (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } })
              .document.documentElement.scrollWidth,
        )
        expect(scrollWidth, path).toBeLessThanOrEqual(width)
      }
      await context.close()
    })
  })
})
