export { runMain } from './main.js'
export type { CliIo, Writer } from './support/io.js'
