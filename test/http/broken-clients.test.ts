/**
 * Clients that are slow, go away, or send requests two parsers could read differently, over raw
 * sockets against the real server: none of them holds up other clients or leaks a connection,
 * and every ambiguous request is refused with a 400 and a closed connection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Listening } from '../../packages/http/src/index.js'
import { openSocket, send } from '../helpers/http-client.js'
import { startServer } from '../helpers/http-server.js'

let server: Listening

beforeAll(async () => {
  server = await startServer({ headersTimeout: 500, requestTimeout: 1000 })
})
afterAll(() => server.close())

/** How many connections the server holds open now. */
function connections(): Promise<number> {
  return new Promise((resolve, reject) =>
    server.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  )
}

/** A request from a well-behaved client that closes its connection after the answer. */
async function status(path: string): Promise<number> {
  return (await send(`${server.url}${path}`, { headers: { connection: 'close' } })).status
}

/** Sends raw bytes and resolves with everything received until the server closes. */
async function exchange(bytes: string): Promise<string> {
  const { socket, ended } = await openSocket(server.url)
  socket.write(bytes)
  // A server that leaves the connection open would hang the test: end our side after a while.
  const timer = setTimeout(() => socket.end(), 2000)
  try {
    return await ended
  } finally {
    clearTimeout(timer)
  }
}

describe('slow clients', () => {
  it('cuts 40 trickled headers at the headers timeout with 408, while others are answered', async () => {
    const sockets = await Promise.all(Array.from({ length: 40 }, () => openSocket(server.url)))
    for (const { socket } of sockets) socket.write('GET /search HTTP/1.1\r\nHost: x\r\n')
    // One more header line every 100 ms: slowloris keeps each request always nearly complete.
    const trickle = setInterval(() => {
      for (const { socket } of sockets) if (!socket.destroyed) socket.write('X-Slow: 1\r\n')
    }, 100)
    try {
      const answers: number[] = []
      for (let i = 0; i < 5; i++) {
        answers.push(await status('/search?query=malaria&limit=1'))
      }
      expect(answers).toEqual([200, 200, 200, 200, 200])
      const ended = await Promise.all(sockets.map(({ ended }) => ended))
      for (const text of ended) expect(text).toMatch(/^HTTP\/1\.1 408 /)
    } finally {
      clearInterval(trickle)
    }
    await expect.poll(connections).toBe(0)
  })
})

describe('clients that go away', () => {
  it('leaks no connection when 100 clients disconnect before their answers are read', async () => {
    for (let round = 0; round < 100; round++) {
      const { socket } = await openSocket(server.url)
      socket.write(
        `GET /search?query=rockefeller&limit=50&round=${round} HTTP/1.1\r\nHost: x\r\n\r\n`,
      )
      socket.destroy()
    }
    // Half-sent bodies too: the client leaves in the middle of a POST.
    for (let round = 0; round < 20; round++) {
      const { socket } = await openSocket(server.url)
      socket.write('POST /mylist HTTP/1.1\r\nHost: x\r\nContent-Length: 50\r\n\r\n{"list"')
      socket.destroy()
    }
    await expect.poll(connections).toBe(0)
    expect(await status('/health')).toBe(200)
  })
})

describe('ambiguous requests (request smuggling)', () => {
  const refused = {
    'Content-Length and Transfer-Encoding together':
      'POST /mylist HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /health HTTP/1.1\r\nHost: x\r\n\r\n',
    'two Content-Lengths that differ':
      'POST /mylist HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nabcdef',
    'a Transfer-Encoding not ending in chunked':
      'POST /mylist HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, identity\r\n\r\n0\r\n\r\n',
    'an unknown Transfer-Encoding':
      'POST /mylist HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: xchunked\r\n\r\n',
    'a folded header line': 'GET /search HTTP/1.1\r\nHost: x\r\n X-Folded: 1\r\n\r\n',
    'a bare LF inside a header value': 'GET /search HTTP/1.1\r\nHost: x\r\nX-A: a\nb\r\n\r\n',
    'a space in the target': 'GET /sea rch HTTP/1.1\r\nHost: x\r\n\r\n',
    'no Host header in HTTP/1.1': 'GET /search HTTP/1.1\r\n\r\n',
  }

  it.each(Object.entries(refused))('refuses %s with 400 and closes', async (_name, bytes) => {
    const answer = await exchange(bytes)
    expect(answer).toMatch(/^HTTP\/1\.1 400 /)
    // Only one answer: nothing smuggled after the first request was read as a second one.
    expect(answer.match(/HTTP\/1\.1 \d{3}/g)).toHaveLength(1)
  })

  it('refuses two Host headers with 400 rather than choosing one', async () => {
    const answer = await exchange(
      'GET /search?limit=1 HTTP/1.1\r\nHost: a.example\r\nHost: b.example\r\nConnection: close\r\n\r\n',
    )
    expect(answer).toMatch(/^HTTP\/1\.1 400 /)
    expect(answer).toContain("More than one Host header: 'a.example', 'b.example'.")
    expect(answer).not.toContain('a.example/search')
  })

  it('keeps answering after all of them', async () => {
    await expect.poll(connections).toBe(0)
    expect(await status('/search?limit=1')).toBe(200)
  })
})
