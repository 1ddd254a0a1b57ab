/**
 * A real headless Chromium for the browser tests, driven by playwright-core. Debian's
 * `/usr/bin/chromium` when the machine has it; otherwise the one `@sparticuz/chromium` ships
 * inside its npm tarball (unpacked to the temporary folder on first use), so `npm install` is
 * all a machine needs. No browser is ever downloaded.
 */
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Browser, chromium } from 'playwright-core'
import { withFolderLock } from './folder-lock.js'

const DEBIAN_CHROMIUM = '/usr/bin/chromium'

/** Flags for a container without a network: Chromium would otherwise reach for Google's. */
const QUIET = [
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** Where the browser comes from, for messages. */
export let chromiumSource = ''

export async function launchChromium(): Promise<Browser> {
  if (existsSync(DEBIAN_CHROMIUM)) {
    chromiumSource = DEBIAN_CHROMIUM
    return chromium.launch({ executablePath: DEBIAN_CHROMIUM, args: ['--no-sandbox', ...QUIET] })
  }
  const { default: packaged } = await import('@sparticuz/chromium')
  // Two workers unpacking it at once into the same folder would each read the other's half.
  const executablePath = await withFolderLock(join(tmpdir(), 'chromium.lock'), () =>
    packaged.executablePath(),
  )
  chromiumSource = `@sparticuz/chromium (${executablePath})`
  // Not the package's own flag list: it is made for serverless (one process, and web security
  // off, which would let cross-origin requests through without CORS).
  return chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--no-zygote', '--use-angle=swiftshader', ...QUIET],
  })
}
