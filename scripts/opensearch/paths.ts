/** Where the local OpenSearch node's Maven project and its build output live. */
import { fileURLToPath } from 'node:url'

/** The Maven project: `pom.xml` and the launcher's source. */
export const NODE_PROJECT = fileURLToPath(new URL('../../opensearch-node/', import.meta.url))

/** Maven's resolved classpath, one line of jar paths in `~/.m2` (git-ignored). */
export const CLASSPATH_FILE = fileURLToPath(
  new URL('../../opensearch-node/target/classpath.txt', import.meta.url),
)

/** The compiled launcher classes (git-ignored). */
export const CLASSES = fileURLToPath(
  new URL('../../opensearch-node/target/classes/', import.meta.url),
)

/** The launcher's source, compiled by javac when newer than its class. */
export const LAUNCHER_SOURCE = fileURLToPath(
  new URL(
    '../../opensearch-node/src/main/java/archivecatalogue/opensearch/NodeLauncher.java',
    import.meta.url,
  ),
)

/** The launcher's main class. */
export const LAUNCHER_CLASS = 'archivecatalogue.opensearch.NodeLauncher'
