import { readFileSync } from 'node:fs'
import autocannon from 'autocannon'

const mix = JSON.parse(
  readFileSync('/tmp/archive-catalogue-loadtest-100000.ndjson.queries.json', 'utf8'),
) as { params: Record<string, string> }[]
const paths = mix.map(({ params }) => `/search?${new URLSearchParams(params)}`)
let next = 0
const result = await autocannon({
  url: 'http://127.0.0.1:8765',
  connections: 50,
  duration: 8,
  requests: [{ setupRequest: (r) => ({ ...r, path: paths[next++ % paths.length]! }) }],
})
console.log(result.requests.average, result.latency.p50, result.errors, result.non2xx)
