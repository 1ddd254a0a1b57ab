/** Which of some loopback ports another process holds now, found by trying to listen on each. */
import { createServer } from 'node:net'

/** Whether listening on `127.0.0.1:port` fails because the port is in use. */
function taken(port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' ? resolve(true) : reject(error),
    )
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(false)))
  })
}

/**
 * The ports of `ports` that cannot be listened on at 127.0.0.1, in the order given: where a
 * node is to start again on its stored ports, a clear refusal beats a JVM that fails to bind.
 */
export async function takenPorts(ports: number[]): Promise<number[]> {
  const found = await Promise.all(ports.map(taken))
  return ports.filter((_, i) => found[i])
}
