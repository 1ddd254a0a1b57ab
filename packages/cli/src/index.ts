export type { CliIo, Writer } from './_io.js'
export { runMain } from './main.js'
