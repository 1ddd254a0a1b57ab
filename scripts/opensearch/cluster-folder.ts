/**
 * The folder a local cluster lives in: a fresh temporary one, removed by `stop`, or a lasting
 * one (`dataDir`, `--data DIR`) whose `cluster.json` keeps the node names and ports chosen at its
 * first start, so that a later start brings the same cluster back on the same data. Everything
 * here runs before Java is looked for, so a wrong `--data` is refused at once.
 */
import { mkdir, mkdtemp, readdir, readFile, rename, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePorts } from './free-ports.js'
import { takenPorts } from './taken-ports.js'

/** The file of a lasting folder that records its cluster. */
export const CLUSTER_FILE = 'cluster.json'

/** One node's name and ports, fixed for the life of its folder. */
export interface NodePlan {
  name: string
  httpPort: number
  transportPort: number
}

/** What `cluster.json` holds. */
export interface ClusterPlan {
  nodes: NodePlan[]
  /** Whether the cluster was green once: its nodes then start without bootstrap settings. */
  bootstrapped: boolean
}

/** A `dataDir` that cannot be used as asked: another node count, a port in use, not ours. */
export class DataFolderError extends Error {
  override name = 'DataFolderError'
}

/** Where a cluster lives, and its plan. */
export interface ClusterFolder {
  /** The folder's absolute path; each node's home is `path/<node name>`. */
  path: string
  /** A temporary folder, removed by `stop`; not a `dataDir`. */
  temporary: boolean
  plan: ClusterPlan
  /** Records `plan`: in `cluster.json` for a lasting folder, nowhere for a temporary one. */
  save: () => Promise<void>
}

/** A new cluster's plan: `node-1` … `node-N` on ports free a moment ago. */
async function freshPlan(nodes: number): Promise<ClusterPlan> {
  const ports = await freePorts(2 * nodes)
  return {
    nodes: Array.from({ length: nodes }, (_, i) => ({
      name: `node-${i + 1}`,
      httpPort: ports[i]!,
      transportPort: ports[nodes + i]!,
    })),
    bootstrapped: false,
  }
}

const isPort = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 && value < 65536

/** The plan stored in `folder`, undefined when it has no `cluster.json`. */
async function readPlan(folder: string): Promise<ClusterPlan | undefined> {
  const file = path.join(folder, CLUSTER_FILE)
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw new DataFolderError(`cannot read ${file}: ${(error as Error).message}`)
  }
  let plan: Partial<ClusterPlan> | undefined
  try {
    plan = JSON.parse(text) as Partial<ClusterPlan>
  } catch {
    // Reported below with the other shapes that are not ours.
  }
  const nodes = plan?.nodes
  const valid =
    Array.isArray(nodes) &&
    nodes.length > 0 &&
    nodes.every(
      (node) =>
        typeof node?.name === 'string' && isPort(node.httpPort) && isPort(node.transportPort),
    )
  if (!valid) {
    throw new DataFolderError(
      `${file} is not a cluster file of this launcher (it wants {"nodes": [{"name", "httpPort", "transportPort"}, ...]})`,
    )
  }
  return { nodes, bootstrapped: plan?.bootstrapped === true }
}

/** The ports of `nodes` in use now, each as `PORT (node-N's HTTP port)`; empty when all are free. */
export async function portsInUse(nodes: NodePlan[]): Promise<string[]> {
  const uses = nodes.flatMap((node) => [
    { port: node.httpPort, what: `${node.name}'s HTTP port` },
    { port: node.transportPort, what: `${node.name}'s transport port` },
  ])
  const taken = new Set(await takenPorts(uses.map((use) => use.port)))
  return uses.filter((use) => taken.has(use.port)).map((use) => `${use.port} (${use.what})`)
}

/**
 * The folder to start a cluster in. Without `dataDir`, a new temporary folder with `nodes`
 * (default 1) nodes on free ports. With one, its stored cluster when it has a `cluster.json`
 * (`nodes` must then be its count, or left out), else a new cluster recorded there at once;
 * the folder is created if need be and must otherwise be empty.
 *
 * @throws {DataFolderError} when `dataDir` holds another node count, one of its ports is in use,
 *   or it is a non-empty folder without a `cluster.json`
 */
export async function openClusterFolder(options: {
  nodes?: number | undefined
  dataDir?: string | undefined
}): Promise<ClusterFolder> {
  const { nodes, dataDir } = options
  if (dataDir === undefined) {
    const plan = await freshPlan(nodes ?? 1)
    const folder = await mkdtemp(path.join(tmpdir(), 'archive-catalogue-opensearch-'))
    return { path: folder, temporary: true, plan, save: async () => {} }
  }

  const folder = path.resolve(dataDir)
  const stored = await readPlan(folder)
  if (stored) {
    const count = stored.nodes.length
    if (nodes !== undefined && nodes !== count) {
      throw new DataFolderError(
        `${folder} holds a cluster of ${count} node${count === 1 ? '' : 's'} (see its ${CLUSTER_FILE}), not ${nodes}: start it with ${count} (or leave the node count out), or give another folder`,
      )
    }
    const inUse = await portsInUse(stored.nodes)
    if (inUse.length > 0) {
      throw new DataFolderError(
        `cannot start the cluster of ${folder} again: ${inUse.join(', ')} ${inUse.length === 1 ? 'is' : 'are'} in use, by this cluster still running or by another program; stop it, or give another folder`,
      )
    }
  } else {
    const entries = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return []
      throw new DataFolderError(`cannot use ${folder}: ${error.message}`)
    })
    if (entries.length > 0) {
      throw new DataFolderError(
        `${folder} is not empty and holds no ${CLUSTER_FILE}: give a new or empty folder, or one an earlier run made`,
      )
    }
    await mkdir(folder, { recursive: true })
  }
  const plan = stored ?? (await freshPlan(nodes ?? 1))
  const file = path.join(folder, CLUSTER_FILE)
  const save = async () => {
    // Written aside and renamed: a start interrupted half-way leaves the old file or the new.
    await writeFile(`${file}.${process.pid}`, `${JSON.stringify(plan, null, 2)}\n`)
    await rename(`${file}.${process.pid}`, file)
  }
  // Recorded before any JVM starts: a first start interrupted comes back on the same ports.
  if (!stored) await save()
  return { path: folder, temporary: false, plan, save }
}
