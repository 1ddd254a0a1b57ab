import { defineConfig } from 'tsup'

export default defineConfig({
  // The module the worker threads of `serve --workers` import, a file of its own beside bin.js.
  entry: {
    index: 'src/index.ts',
    bin: 'src/bin.ts',
    'serve-worker': 'src/support/serve-worker.ts',
  },
  format: ['esm'],
  target: 'node20',
  dts: { entry: 'src/index.ts' },
  clean: true,
  sourcemap: true,
})
