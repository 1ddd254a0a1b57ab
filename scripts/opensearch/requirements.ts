/** Whether a local OpenSearch node can start here, for tests that skip when it cannot. */
import { MissingToolError } from './errors.js'
import { findJdk } from './java.js'
import { cachedClasspath, findMaven, missingMaven } from './maven.js'

/**
 * Why `startOpenSearch` cannot run on this machine, or undefined when it can: no JDK 21+, or no
 * Maven while the jars are not fetched yet. Network trouble shows only when fetching.
 */
export async function missingRequirements(): Promise<string | undefined> {
  try {
    await findJdk()
  } catch (error) {
    if (error instanceof MissingToolError) return error.message
    throw error
  }
  if (!(await cachedClasspath()) && !(await findMaven())) {
    return missingMaven
  }
  return undefined
}
