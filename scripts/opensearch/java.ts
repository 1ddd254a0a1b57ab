/**
 * Finds a JDK that runs OpenSearch 3 (Java 21 or later) and compiles the launcher (javac).
 */
import { execFile } from 'node:child_process'
import { access, readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { MissingToolError } from './errors.js'

/** OpenSearch 3 needs Java 21 or later. */
export const MIN_JAVA = 21

/** A JDK found on this machine. */
export interface Jdk {
  /** Its `java.home`. */
  home: string
  java: string
  javac: string
  /** `java.version`, e.g. `25.0.3`. */
  version: string
  /** The feature release, e.g. 25. */
  major: number
}

const execFileAsync = promisify(execFile)

/** Folders holding one JDK per entry: Debian, Ubuntu and Fedora; macOS. */
const JVM_FOLDERS = ['/usr/lib/jvm', '/Library/Java/JavaVirtualMachines']

/** `1.8.0_392` is 8, `21` is 21, `25.0.3` is 25. */
function majorOf(version: string): number {
  const [first, second] = version.split(/[.+_-]/).map(Number)
  return first === 1 ? (second ?? 0) : (first ?? 0)
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  )
}

/** Asks a `java` for its version and home; undefined when it does not run. */
async function probe(java: string): Promise<Jdk | undefined> {
  try {
    // Both go to stderr: one JVM start answers both questions.
    const { stderr } = await execFileAsync(java, ['-XshowSettings:properties', '-version'], {
      timeout: 20_000,
    })
    const version = /^\s*java\.version = (.+)$/m.exec(stderr)?.[1]?.trim()
    const home = /^\s*java\.home = (.+)$/m.exec(stderr)?.[1]?.trim()
    if (!version || !home) return undefined
    return { home, java, javac: path.join(home, 'bin', 'javac'), version, major: majorOf(version) }
  } catch {
    return undefined
  }
}

/** The JDKs in the usual folders, newest first, versions read from their `release` files. */
async function installedJdks(): Promise<{ home: string; version: string; major: number }[]> {
  const found = []
  for (const folder of JVM_FOLDERS) {
    const entries = await readdir(folder).catch(() => [] as string[])
    for (const entry of entries) {
      const home = path.join(folder, entry, folder.startsWith('/Library') ? 'Contents/Home' : '')
      const release = await readFile(path.join(home, 'release'), 'utf8').catch(() => '')
      const version = /^JAVA_VERSION="([^"]+)"/m.exec(release)?.[1]
      if (version) found.push({ home, version, major: majorOf(version) })
    }
  }
  return found.sort((a, b) => b.major - a.major)
}

/**
 * The JDK to run OpenSearch with: JAVA_HOME when it is 21+, else the newest 21+ JDK under
 * /usr/lib/jvm (or macOS's folder), else `java` on PATH when it is 21+.
 *
 * @throws {MissingToolError} naming the Java versions found and how to get 21+
 */
export async function findJdk(): Promise<Jdk> {
  const seen: string[] = []
  const usable = async (java: string, from: string): Promise<Jdk | undefined> => {
    const jdk = await probe(java)
    if (!jdk) return undefined
    const hasJavac = await exists(jdk.javac)
    seen.push(`${from} ${jdk.version}${hasJavac ? '' : ' without javac'}`)
    return jdk.major >= MIN_JAVA && hasJavac ? jdk : undefined
  }

  const javaHome = process.env['JAVA_HOME']
  const fromJavaHome = javaHome && (await usable(path.join(javaHome, 'bin', 'java'), 'JAVA_HOME'))
  if (fromJavaHome) return fromJavaHome
  for (const { home, version, major } of await installedJdks()) {
    if (major < MIN_JAVA) {
      seen.push(`${home} ${version}`)
      continue
    }
    const jdk = await usable(path.join(home, 'bin', 'java'), home)
    if (jdk) return jdk
  }
  const onPath = await usable('java', 'java on PATH')
  if (onPath) return onPath
  throw new MissingToolError(
    `OpenSearch 3 needs a JDK ${MIN_JAVA} or later (with javac); found ${
      seen.length > 0 ? [...new Set(seen)].join(', ') : 'no Java'
    }. Install one (Temurin 21 or 25 from https://adoptium.net, or \`apt-get install openjdk-21-jdk\`) and set JAVA_HOME to it, or put it in /usr/lib/jvm.`,
  )
}
