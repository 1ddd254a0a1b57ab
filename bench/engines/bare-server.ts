/**
 * The ceiling of the HTTP benchmark: a bare node:http server that answers each path with the
 * bytes our server gave for it (read from `--bodies`, a JSON object of path → base64 body), with
 * the same content type. Prints `Serving bare at http://127.0.0.1:PORT`.
 */
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { parseArgs } from 'node:util'

const { values } = parseArgs({ options: { bodies: { type: 'string' } } })
const bodies = new Map(
  Object.entries(JSON.parse(readFileSync(values.bodies!, 'utf8')) as Record<string, string>).map(
    ([path, body]) => [path, Buffer.from(body, 'base64')],
  ),
)
const server = createServer((request, response) => {
  const body = bodies.get(request.url ?? '')
  if (!body) {
    response.writeHead(404).end()
    return
  }
  response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': body.length })
  response.end(body)
})
server.listen(0, '127.0.0.1', () => {
  const address = server.address() as { port: number }
  console.log(`Serving bare at http://127.0.0.1:${address.port}`)
})
