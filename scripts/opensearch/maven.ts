/**
 * Fetches OpenSearch's jars with Maven, once: the classpath Maven resolves is kept in
 * `opensearch-node/target/classpath.txt` and the jars stay in `~/.m2`, shared by every checkout.
 */
import { execFile } from 'node:child_process'
import { constants } from 'node:fs'
import { access, mkdir, readFile, rename, stat } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { MissingToolError } from './errors.js'
import { CLASSPATH_FILE, NODE_PROJECT } from './paths.js'

const execFileAsync = promisify(execFile)

/** What to tell a user without Maven. */
export const missingMaven =
  "Maven (mvn) is needed once, to fetch OpenSearch's jars from Maven Central into ~/.m2, and it " +
  'is not on PATH. Install it (`apt-get install maven`, `brew install maven`, or ' +
  'https://maven.apache.org/install.html) and run again.'

/** Whether `file` exists (and is executable, given `X_OK`). */
function present(file: string, mode = constants.F_OK): Promise<boolean> {
  return access(file, mode).then(
    () => true,
    () => false,
  )
}

/** `mvn` on PATH, or undefined. */
export async function findMaven(): Promise<string | undefined> {
  const names = process.platform === 'win32' ? ['mvn.cmd', 'mvn'] : ['mvn']
  for (const folder of (process.env['PATH'] ?? '').split(path.delimiter)) {
    for (const name of names) {
      const file = path.join(folder, name)
      if (folder && (await present(file, constants.X_OK))) return file
    }
  }
  return undefined
}

/**
 * The classpath kept from an earlier fetch, when every jar on it is still there and pom.xml has
 * not changed since; otherwise undefined.
 */
export async function cachedClasspath(): Promise<string[] | undefined> {
  const [kept, pom] = await Promise.all([
    stat(CLASSPATH_FILE).catch(() => undefined),
    stat(path.join(NODE_PROJECT, 'pom.xml')),
  ])
  if (!kept || kept.mtimeMs < pom.mtimeMs) return undefined
  const jars = (await readFile(CLASSPATH_FILE, 'utf8')).trim().split(path.delimiter)
  // A cleaned ~/.m2 leaves a stale list behind: check each jar (a hundred stat calls).
  const found = await Promise.all(jars.map((jar) => present(jar)))
  return jars.length > 0 && found.every(Boolean) ? jars : undefined
}

/**
 * The jars OpenSearch runs from: the kept classpath, or Maven resolves it (downloading about
 * 70 MB from Maven Central the first time).
 *
 * @throws {MissingToolError} when a fetch is needed and `mvn` is not on PATH
 */
export async function fetchClasspath(log: (message: string) => void): Promise<string[]> {
  const kept = await cachedClasspath()
  if (kept) return kept
  const mvn = await findMaven()
  if (!mvn) throw new MissingToolError(missingMaven)
  log("Resolving OpenSearch's jars with Maven (the first time, about 70 MB into ~/.m2)...")
  const started = performance.now()
  await mkdir(path.dirname(CLASSPATH_FILE), { recursive: true })
  // Written aside and renamed, so a run interrupted half-way leaves no partial list.
  const partial = `${CLASSPATH_FILE}.${process.pid}`
  const args = [
    '-B',
    '-q',
    '-f',
    path.join(NODE_PROJECT, 'pom.xml'),
    'org.apache.maven.plugins:maven-dependency-plugin:3.8.1:build-classpath',
    '-Dmdep.includeScope=runtime',
    `-Dmdep.outputFile=${partial}`,
  ]
  try {
    await execFileAsync(mvn, args, { maxBuffer: 16 * 1024 * 1024 })
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string }
    throw new Error(`mvn ${args.join(' ')} failed:\n${stdout}${stderr}`.trimEnd())
  }
  await rename(partial, CLASSPATH_FILE)
  log(`Fetched in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  const jars = await cachedClasspath()
  if (!jars) throw new Error(`Maven wrote no usable classpath to ${CLASSPATH_FILE}`)
  return jars
}
