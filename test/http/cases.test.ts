import { type App, createApp } from '@archive-catalogue/http'
import { beforeAll, describe } from 'vitest'
import { overHttp } from '../cases/over-http.js'
import { runCases } from '../cases/run-cases.js'
import { corpusCatalogue } from '../helpers/http-server.js'

describe('http app', () => {
  let app: App
  beforeAll(async () => {
    app = createApp(await corpusCatalogue())
  })

  runCases({
    ...overHttp(() => app),
    // Skips nothing: every case is a GET the app answers.
    skip: [],
  })
})
