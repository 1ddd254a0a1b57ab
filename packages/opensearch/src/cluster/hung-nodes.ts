/**
 * Nodes that hang, found and routed around.
 *
 * A node that stops answering without closing its connections (a long GC pause, a frozen VM, a
 * network black hole) stays in the cluster, green, for about 30 s, until the cluster manager's
 * checks give up on it. Meanwhile every search that reads a shard copy on it waits, whichever
 * node coordinates the search: trying the request on another node (the client's retry) does not
 * help when that node routes to the same copy.
 *
 * So when an attempt goes unanswered, every node of the cluster is asked `HEAD /` with a short
 * timeout; those that do not answer are hung. Until they answer again (asked every second), the
 * client's connections to them are set aside (no request is sent to them first), and requests
 * carry `preference=_prefer_nodes:<the others>`, which makes the coordinating node read every
 * shard from a copy on a node that answers wherever there is one. With no node hung, requests
 * carry no preference and OpenSearch's adaptive replica selection chooses, as usual.
 *
 * The nodes are listed (`GET _nodes/http`) when first asked, then again in the background once
 * a minute at most: the listing asks every node, a hung one too, and the look must not wait on
 * it. A node that does not answer the listing in time is kept from the listing before.
 */
import { type Client, errors } from '@opensearch-project/opensearch'

/** A node of the cluster: its id and where its HTTP answers. */
interface ClusterNode {
  id: string
  url: string
}

/** Options of {@link HungNodes}. */
export interface HungNodesOptions {
  /** How the nodes' HTTP is reached: the scheme of the URLs given. @default 'http:' */
  protocol?: string
  /** A node that does not answer `GET /` within this long is hung. @default 1000 */
  probeTimeoutMs?: number
  /** How often hung nodes are asked again. @default 1000 */
  recheckMs?: number
  /** How often the cluster's nodes are listed again. @default 60000 */
  refreshMs?: number
}

const defaultOptions = {
  protocol: 'http:',
  probeTimeoutMs: 1000,
  recheckMs: 1000,
  refreshMs: 60_000,
}

/** Tracks which nodes hang, for the `preference` of every request. */
export class HungNodes {
  private nodes: ClusterNode[] = []
  private readonly hung = new Set<string>()
  /** When the nodes were last listed, or asked to be (a listing that fails waits its turn too). */
  private listed = 0
  private listing: Promise<void> | undefined
  private probing: Promise<void> | undefined
  private timer: NodeJS.Timeout | undefined
  private closed = false
  private readonly options: Required<HungNodesOptions>

  constructor(
    private readonly client: Client,
    options: HungNodesOptions = {},
  ) {
    this.options = { ...defaultOptions, ...options }
    client.on('response', (error) => {
      if (error instanceof errors.TimeoutError || error instanceof errors.ConnectionError) {
        void this.probe()
      }
    })
    // A sniff marks every node the cluster lists alive, a hung one too (it is listed for half a
    // minute): set it aside again.
    client.on('sniff', () => this.setAside())
  }

  /**
   * The `preference` requests should carry now: the nodes that answer, when some do not; else
   * undefined (OpenSearch chooses the copies).
   */
  preference(): string | undefined {
    if (this.hung.size === 0) return undefined
    const live = this.nodes.filter((node) => !this.hung.has(node.id)).map((node) => node.id)
    return live.length === 0 ? undefined : `_prefer_nodes:${live.join(',')}`
  }

  /** The ids of the nodes found hung, for messages and tests. */
  hungNodes(): string[] {
    return [...this.hung]
  }

  /** Asks every node whether it answers; again every `recheckMs` while one does not. */
  probe(): Promise<void> {
    this.probing ??= this.check().finally(() => {
      this.probing = undefined
      if (this.hung.size > 0 && !this.closed && !this.timer) {
        this.timer = setTimeout(() => {
          this.timer = undefined
          void this.probe()
        }, this.options.recheckMs).unref()
      }
    })
    return this.probing
  }

  /** Stops asking. */
  close(): void {
    this.closed = true
    clearTimeout(this.timer)
  }

  private async check(): Promise<void> {
    // The nodes are listed again in the background: asked while one hangs, the listing waits
    // for it up to its timeout, and the look for hung nodes must not.
    if (this.nodes.length === 0) await this.list().catch(() => undefined)
    else if (Date.now() - this.listed > this.options.refreshMs) void this.list().catch(() => {})
    // The nodes asked, kept for the answers: a listing ending meanwhile replaces `this.nodes`.
    const nodes = this.nodes
    const answers = await Promise.all(nodes.map((node) => this.answers(node)))
    // Where no node answers, this process cannot reach them this way (a proxy between): the
    // requests' own failures say what there is to say, and no preference is set.
    if (!answers.some(Boolean)) {
      this.hung.clear()
      return
    }
    const before = new Set(this.hung)
    // Rebuilt from the nodes listed now: a node gone from the cluster is not hung for ever.
    this.hung.clear()
    for (const [i, node] of nodes.entries()) if (!answers[i]) this.hung.add(node.id)
    this.setAside()
    // A node that answers again is used again now, not after the client's own wait.
    for (const id of before) {
      if (!this.hung.has(id)) {
        const node = nodes.find((one) => one.id === id)
        if (node) for (const connection of this.connectionsOf(node)) this.pool.markAlive(connection)
      }
    }
  }

  /** Marks the client's connections to the hung nodes dead: no request goes to them first. */
  private setAside(): void {
    for (const node of this.nodes) {
      if (!this.hung.has(node.id)) continue
      for (const connection of this.connectionsOf(node)) this.pool.markDead(connection)
    }
  }

  /** The client's connections to a node, by host and port. */
  private connectionsOf(node: ClusterNode) {
    const host = new URL(node.url).host
    return this.pool.connections.filter((connection) => connection.url.host === host)
  }

  private get pool() {
    return this.client.connectionPool
  }

  /**
   * The cluster's nodes with their HTTP addresses, from any node that answers. A node that does
   * not answer the listing within the probe's time is left out of the answer (OpenSearch counts
   * it failed): one listed before is kept, so that a hung node stays known as hung.
   */
  private list(): Promise<void> {
    this.listed = Date.now()
    this.listing ??= this.listNodes().finally(() => {
      this.listing = undefined
    })
    return this.listing
  }

  private async listNodes(): Promise<void> {
    const { body } = await this.client.nodes.info(
      {
        node_id: '_all',
        metric: 'http',
        timeout: `${this.options.probeTimeoutMs}ms`,
        filter_path: '_nodes.failed,nodes.*.http.publish_address',
      } as never,
      { requestTimeout: this.options.probeTimeoutMs * 3, maxRetries: 2 },
    )
    const answer = body as {
      _nodes?: { failed?: number }
      nodes?: Record<string, { http?: { publish_address?: string } }>
    }
    const listed = Object.entries(answer.nodes ?? {}).flatMap(([id, node]) => {
      const address = node.http?.publish_address
      return address
        ? [{ id, url: `${this.options.protocol}//${address.replace(/^.*\//, '')}` }]
        : []
    })
    const unanswered = (answer._nodes?.failed ?? 0) > 0
    const kept = unanswered
      ? this.nodes.filter((node) => !listed.some((n) => n.id === node.id))
      : []
    this.nodes = [...listed, ...kept]
  }

  private async answers(node: ClusterNode): Promise<boolean> {
    try {
      const response = await fetch(node.url, {
        method: 'HEAD',
        signal: AbortSignal.timeout(this.options.probeTimeoutMs),
      })
      return response.status < 500
    } catch {
      return false
    }
  }
}
