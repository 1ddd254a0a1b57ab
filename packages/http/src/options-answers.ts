/**
 * Answers to `OPTIONS`: a CORS preflight (on every path, so the request it announces gets the
 * real answer) and the description of a view (DRF's metadata), both with the CORS headers and the
 * methods the path allows.
 */
import type { AppRequest } from './app-messages.js'
import { type AppResponse, preflightHeaders, reply } from './app-messages.js'
import type { Representation } from './negotiate.js'
import { headerValue } from './request-target.js'
import { serialize } from './serialize.js'
import { metadataOf, type View } from './views.js'

/** Whether a request is a CORS preflight: `OPTIONS` announcing another method. */
export function isPreflight(request: AppRequest): boolean {
  return (
    request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined
  )
}

/** A preflight's answer: the view's metadata when the path has one, else an empty body. */
export function preflightAnswer(
  request: AppRequest,
  view: View | undefined,
  allow: string,
): AppResponse {
  const body = view ? serialize.metadata(metadataOf(view)) : ''
  return reply(request.method, 200, 'json', body, { ...corsHeaders(request, allow), Allow: allow })
}

/** `OPTIONS` on a view: its metadata as JSON, or as the HTML page `html` renders. */
export function optionsAnswer(
  request: AppRequest,
  view: View,
  representation: Representation,
  allow: string,
  html: (metadata: unknown) => string,
): AppResponse {
  const metadata = metadataOf(view)
  const body = representation === 'html' ? html(metadata) : serialize.metadata(metadata)
  return reply(request.method, 200, representation, body, {
    ...corsHeaders(request, allow),
    Allow: allow,
  })
}

function corsHeaders(request: AppRequest, allow: string): Record<string, string> {
  return preflightHeaders(allow, headerValue(request.headers['access-control-request-headers']))
}
