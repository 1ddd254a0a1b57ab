export type {
  App,
  AppOptions,
  AppRequest,
  AppRequestInit,
  AppResponse,
  CatalogueSource,
  Logger,
} from './app.js'
export { createApp } from './app.js'
export type { Listening, ListenOptions, SignalOptions } from './node.js'
export { handleSignals, listen } from './node.js'
export { openApiDocument, operationId } from './openapi.js'
export type { Route } from './routes.js'
export { routes } from './routes.js'
export type { EndpointMetadata, QueryParameter } from './serialize.js'
