import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const src = (name: string) =>
  fileURLToPath(new URL(`./packages/${name}/src/index.ts`, import.meta.url))

export default defineConfig({
  resolve: {
    alias: {
      '@archive-catalogue/core': src('core'),
      '@archive-catalogue/http': src('http'),
      '@archive-catalogue/cli': src('cli'),
    },
  },
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/bench/**', '**/node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
