/**
 * Accessibility checked as others check it: axe-core (from npm) injected into a page of the real
 * Chromium, run on the WCAG 2.1 A and AA rules. The page's context needs `bypassCSP: true`, as
 * the site's policy allows no script it did not send.
 */
import { createRequire } from 'node:module'
import type { Browser, BrowserContext, Page } from 'playwright-core'

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

/** A context with JavaScript on or off; CSP bypassed only so that axe-core can be injected. */
export function browsing(browser: Browser, javaScript: boolean): Promise<BrowserContext> {
  return browser.newContext({ javaScriptEnabled: javaScript, bypassCSP: true })
}

/** Each WCAG 2.1 AA violation axe-core finds on the page: its rule and the elements. */
export async function violations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE })
  const result = await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: {
          run: (
            options: object,
          ) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>
        }
      }
    ).axe
    return axe.run({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    })
  })
  return result.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  )
}
