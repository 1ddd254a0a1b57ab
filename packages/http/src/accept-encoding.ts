/** Which content coding a response gets: brotli, gzip or none (RFC 9110 §12.5.3). */
export type ContentCoding = 'br' | 'gzip' | 'identity'

/** A weight: 0 to 1 with up to three decimals (RFC 9110 §12.4.2). */
const WEIGHT = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/

/**
 * The coding for a request's `Accept-Encoding`: of br and gzip, the acceptable one (weight above
 * 0) the client weighs higher, br on a tie (smaller at the qualities we use). `*` weighs every
 * coding the header does not name, `x-gzip` is gzip (§8.4.1.3), names are case-insensitive. A
 * coding named twice takes its lowest weight, and a malformed weight makes it unacceptable:
 * sending a coding the client cannot read is worse than sending none.
 *
 * Without the header RFC 9110 lets us choose any coding, but the clients that send none (curl
 * without `--compressed`, scripts) do not decode: they get identity, as nginx and Express's
 * `compression` give them. So does a header that accepts neither coding, `identity;q=0` or not
 * (the RFC allows answering with identity rather than 415).
 */
export function contentCoding(header: string | undefined): ContentCoding {
  if (header === undefined) return 'identity'
  const weights = new Map<string, number>()
  for (const part of header.split(',')) {
    const [name = '', ...parameters] = part.split(';')
    let coding = name.trim().toLowerCase()
    if (coding === '') continue
    if (coding === 'x-gzip') coding = 'gzip'
    let weight = 1
    for (const parameter of parameters) {
      const [key = '', value = ''] = parameter.split('=')
      if (key.trim().toLowerCase() === 'q') weight = WEIGHT.test(value.trim()) ? Number(value) : 0
    }
    weights.set(coding, Math.min(weight, weights.get(coding) ?? 1))
  }
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0
  const br = weightOf('br')
  const gzip = weightOf('gzip')
  if (br > 0 && br >= gzip) return 'br'
  return gzip > 0 ? 'gzip' : 'identity'
}
