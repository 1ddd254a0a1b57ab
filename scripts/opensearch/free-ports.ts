/** Free TCP ports on the loopback interface, found by listening on port 0. */
import { once } from 'node:events'
import { createServer, type Server } from 'node:net'

/**
 * `count` distinct ports free on 127.0.0.1 a moment ago. All are held open until the last is
 * found, so the system cannot hand out one twice; another process may still take one before the
 * node binds it, a race small enough for a development node.
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers: Server[] = []
  try {
    for (let i = 0; i < count; i++) {
      const server = createServer()
      servers.push(server)
      server.listen(0, '127.0.0.1')
      await once(server, 'listening')
    }
    return servers.map((server) => {
      const address = server.address()
      if (address === null || typeof address === 'string') throw new Error('no TCP address')
      return address.port
    })
  } finally {
    await Promise.all(
      servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))),
    )
  }
}
