/** The OpenSearch settings of each node of a local development cluster. */

/**
 * One settings map per node, in node order: loopback only, its own name and ports, and for more
 * than one node the discovery settings that let them find each other and elect a manager.
 *
 * `bootstrap` adds `cluster.initial_cluster_manager_nodes`, which only the very first start of
 * a cluster needs: OpenSearch ignores it once a node holds a cluster state, but its guide says to
 * drop it then, as a node whose data was lost could otherwise bootstrap a second cluster.
 */
export function nodeSettings(
  names: string[],
  httpPorts: number[],
  transportPorts: number[],
  { bootstrap = true }: { bootstrap?: boolean } = {},
): Record<string, string>[] {
  const discovery: Record<string, string> =
    names.length === 1
      ? { 'discovery.type': 'single-node' }
      : {
          // Set, because the runner assumes single-node discovery when its JVM holds one node.
          'discovery.type': 'zen',
          'discovery.seed_hosts': transportPorts.map((port) => `127.0.0.1:${port}`).join(','),
          ...(bootstrap ? { 'cluster.initial_cluster_manager_nodes': names.join(',') } : {}),
        }
  return names.map((name, i) => ({
    'cluster.name': 'archive-catalogue-dev',
    'node.name': name,
    'network.host': '127.0.0.1',
    'http.port': String(httpPorts[i]),
    'transport.port': String(transportPorts[i]),
    // A nearly full disk must not turn a test index read-only or leave its shards unassigned.
    'cluster.routing.allocation.disk.threshold_enabled': 'false',
    ...discovery,
  }))
}
