/**
 * The client every part of the package talks to the cluster through: every node it was given
 * (or found), requests spread round them, a node that fails or does not answer within one
 * attempt's time set aside and asked again later, and a failed attempt tried on another node.
 */
import { Client } from '@opensearch-project/opensearch'
import { OpenSearchError } from './opensearch-error.js'

/** How a {@link clusterClient} reaches the cluster. */
export interface ClusterClientOptions {
  /** How long one attempt on one node may take before it is tried on another, in ms. */
  attemptTimeoutMs: number
  /**
   * Attempts on other nodes after a failed one (a refused connection, a timeout, a 502/503/504).
   * @default one less than the nodes given, at most 2
   */
  retries?: number
  /**
   * Ask the nodes given for the cluster's other nodes, at start and every minute, and spread
   * requests over those too. Only where the nodes publish addresses this process can reach (not
   * behind a proxy or a load balancer). @default false
   */
  sniff?: boolean
}

/**
 * A node set aside is asked again (a `HEAD /` with the ping timeout) after this long, doubled for
 * each failure in a row up to 2^4 times: a node back from a restart or a pause is used again
 * within seconds, one that stays down costs a ping every half minute. (The client's own default
 * is a minute, doubled up to 32 minutes: too long for a node that was only frozen.)
 */
const RESURRECT_MS = 2000
const RESURRECT_DOUBLINGS = 4

/**
 * The node URLs of a `url` option: a URL, a comma-separated list, or an array of either;
 * trimmed, without duplicates, each checked. `subject` names the option in the error.
 * @throws {OpenSearchError} `E_BAD_URL` naming the value that is not an http(s) URL
 * @example nodeUrls(['http://a:9200,http://b:9200', 'http://A:9200/']) // ['http://a:9200', 'http://b:9200']
 */
export function nodeUrls(url: string | readonly string[], subject = 'url'): string[] {
  const given = (typeof url === 'string' ? [url] : url).flatMap((item) => item.split(','))
  const urls: string[] = []
  for (const [i, raw] of given.entries()) {
    const text = raw.trim()
    const parsed = URL.canParse(text) ? new URL(text) : undefined
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
      const which = given.length > 1 ? ` (the ${ordinal(i + 1)} of ${given.length})` : ''
      throw new OpenSearchError(
        'E_BAD_URL',
        `${subject} expects URLs such as http://127.0.0.1:9200, got '${text}'${which}`,
      )
    }
    // The same node however it is written (`HTTP://A:80/` is `http://a`): the client refuses one
    // given twice.
    const normal = parsed.href.replace(/\/+$/, '')
    if (!urls.includes(normal)) urls.push(normal)
  }
  if (urls.length === 0) throw new OpenSearchError('E_BAD_URL', `${subject} names no URL`)
  return urls
}

/** A client over `urls` (see {@link nodeUrls}) with the attempt timeout and retries given. */
export function clusterClient(urls: readonly string[], options: ClusterClientOptions): Client {
  const sniff = options.sniff ?? false
  const client = new Client({
    nodes: [...urls],
    requestTimeout: options.attemptTimeoutMs,
    maxRetries: options.retries ?? defaultRetries(urls.length, sniff),
    pingTimeout: Math.min(options.attemptTimeoutMs, 3000),
    resurrectStrategy: 'ping',
    // Not on a connection fault: a sniff marks every node it lists alive, and a node that hangs
    // is listed by the cluster for half a minute, so each fault would bring it back at once.
    ...(sniff ? { sniffOnStart: true, sniffInterval: 60_000 } : {}),
  })
  client.connectionPool.resurrectTimeout = RESURRECT_MS
  client.connectionPool.resurrectTimeoutCutoff = RESURRECT_DOUBLINGS
  return client
}

/**
 * Retries when none are given: each other node once, two at most; two when the others are
 * found by sniffing.
 */
export function defaultRetries(nodes: number, sniff = false): number {
  return sniff ? 2 : Math.min(Math.max(nodes - 1, 0), 2)
}

/**
 * `http://a:9200, http://b:9200` for messages, without credentials: messages reach the API's
 * clients (a 503's `detail`) and logs.
 */
export function describeUrls(urls: readonly string[]): string {
  return urls.map(withoutCredentials).join(', ')
}

/** A URL without its user and password. */
export function withoutCredentials(url: string): string {
  if (!URL.canParse(url)) return url
  const parsed = new URL(url)
  if (parsed.username === '' && parsed.password === '') return url
  parsed.username = ''
  parsed.password = ''
  return parsed.href.replace(/\/+$/, '')
}

function ordinal(n: number): string {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')
  return `${n}${suffix}`
}
