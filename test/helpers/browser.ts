/**
 * A real headless Chromium for the browser tests, driven by playwright-core: Debian's
 * `/usr/bin/chromium` (no browser is downloaded). A missing browser fails the suite.
 */
import { existsSync } from 'node:fs'
import { type Browser, chromium } from 'playwright-core'

const CHROMIUM = '/usr/bin/chromium'

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM}: install Debian's chromium package ` +
        '(apt-get install chromium) to run the browser tests; they are not skipped.',
    )
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    // As root in a container, without the network Chromium would otherwise reach for.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}
