import { defineConfig } from 'tsup'

export default defineConfig({
  // The package, and the script of the worker threads that answer for `AppWorkers`, a file of
  // its own beside index.js.
  entry: ['src/index.ts', 'src/app-worker.ts'],
  format: ['esm'],
  target: 'node20',
  dts: { entry: 'src/index.ts' },
  clean: true,
  sourcemap: true,
})
