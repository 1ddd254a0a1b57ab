export type { App, AppOptions, CatalogueSource, Logger } from './app.js'
export { createApp } from './app.js'
export type { AppRequest, AppResponse } from './app-messages.js'
export type { AppRequestInit } from './app-request.js'
export { requestApp } from './app-request.js'
export type {
  OpenedWorkerApp,
  WorkerApp,
  WorkerAppModule,
  WorkerContext,
} from './app-worker-messages.js'
export { AppWorkers, type AppWorkersOptions } from './app-workers.js'
export type { Listening, ListenOptions, SignalOptions } from './node.js'
export { handleSignals, listen } from './node.js'
export { openApiDocument, operationId } from './openapi.js'
export type { Route } from './routes.js'
export { routes } from './routes.js'
export type { EndpointMetadata, QueryParameter } from './serialize.js'
export type { OaiSettings } from './views.js'
export {
  WARM_UP_BUDGET_MS,
  type WarmUp,
  type WarmUpOptions,
  warmUp,
  warmUpTargets,
} from './warm-up.js'
