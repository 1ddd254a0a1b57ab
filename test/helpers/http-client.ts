/**
 * Requests over node:http and raw sockets, for what fetch hides: the Host header, the socket a
 * request went over, half-sent requests.
 */
import { type Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { connect, type Socket } from 'node:net'

export interface RawResponse {
  status: number
  headers: IncomingHttpHeaders
  body: string
  /** Whether the request went over a socket an earlier request had used. */
  reusedSocket: boolean
}

/** A request over node:http with any headers (Host included). */
export function send(
  url: string,
  init: { method?: string; headers?: Record<string, string>; agent?: Agent } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      { method: init.method ?? 'GET', headers: init.headers, agent: init.agent },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            reusedSocket: request.reusedSocket,
          }),
        )
        response.on('error', reject)
      },
    )
    request.on('error', reject)
    request.end()
  })
}

/** A raw TCP connection to a server URL, collecting everything it receives. */
export async function openSocket(url: string): Promise<{
  socket: Socket
  received: () => string
  /** Resolves when the server closes the connection, with everything received. */
  ended: Promise<string>
}> {
  const { hostname, port } = new URL(url)
  const socket = connect(Number(port), hostname)
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve)
    socket.once('error', reject)
  })
  let data = ''
  socket.setEncoding('utf8')
  socket.on('data', (chunk: string) => {
    data += chunk
  })
  const ended = new Promise<string>((resolve) => socket.once('close', () => resolve(data)))
  return { socket, received: () => data, ended }
}
