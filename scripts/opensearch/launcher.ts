/**
 * Builds the launcher, the one class that starts a node in its JVM
 * (`opensearch-node/src/main/java/.../NodeLauncher.java`): the jars from Maven, the class from
 * javac. javac alone takes a second or two where `mvn compile` would fetch its plugins first.
 */
import { execFile } from 'node:child_process'
import { mkdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import type { Jdk } from './java.js'
import { MIN_JAVA } from './java.js'
import { fetchClasspath } from './maven.js'
import { CLASSES, CLASSPATH_FILE, LAUNCHER_CLASS, LAUNCHER_SOURCE } from './paths.js'

const execFileAsync = promisify(execFile)

async function mtime(file: string): Promise<number> {
  return stat(file).then(
    (stats) => stats.mtimeMs,
    () => 0,
  )
}

/**
 * The classpath to start the launcher with: its classes, then OpenSearch's jars. Fetches and
 * compiles only what is missing or older than its source.
 */
export async function buildLauncher(jdk: Jdk, log: (message: string) => void): Promise<string> {
  const jars = await fetchClasspath(log)
  const classFile = path.join(CLASSES, `${LAUNCHER_CLASS.replaceAll('.', '/')}.class`)
  const [compiled, source, classpath] = await Promise.all([
    mtime(classFile),
    mtime(LAUNCHER_SOURCE),
    mtime(CLASSPATH_FILE),
  ])
  if (compiled < Math.max(source, classpath)) {
    const started = performance.now()
    await mkdir(CLASSES, { recursive: true })
    const args = [
      '--release',
      String(MIN_JAVA),
      // log4j's annotation processor is on the classpath; this one class needs none.
      '-proc:none',
      '-d',
      CLASSES,
      '-cp',
      jars.join(path.delimiter),
      LAUNCHER_SOURCE,
    ]
    try {
      await execFileAsync(jdk.javac, args)
    } catch (error) {
      const { stderr = '' } = error as { stderr?: string }
      throw new Error(`javac failed on ${LAUNCHER_SOURCE}:\n${stderr}`.trimEnd())
    }
    log(`Compiled the launcher in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  }
  return [CLASSES, ...jars].join(path.delimiter)
}
