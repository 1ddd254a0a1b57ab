import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const src = (name: string, entry = 'index') =>
  fileURLToPath(new URL(`./packages/${name}/src/${entry}.ts`, import.meta.url))

/** The test files that replace a module with `vi.mock`. */
const MOCKING = [
  'test/cli/opensearch-urls.test.ts',
  'test/cli/push.test.ts',
  'test/cli/refusals.test.ts',
]

/**
 * Two unit files at a time even on two cores (Vitest's default is one fewer than the cores):
 * beside the OpenSearch files, which wait on their node, and after them.
 */
const UNIT_WORKERS = Math.max(2, availableParallelism() - 1)

export default defineConfig({
  resolve: {
    // Exact names: a bare string would also rewrite the core's second entry, `…/core/backend`.
    alias: [
      { find: /^@archive-catalogue\/core$/, replacement: src('core') },
      { find: /^@archive-catalogue\/core\/backend$/, replacement: src('core', 'for-backends') },
      { find: /^@archive-catalogue\/http$/, replacement: src('http') },
      { find: /^@archive-catalogue\/cli$/, replacement: src('cli') },
      { find: /^@archive-catalogue\/opensearch$/, replacement: src('opensearch') },
      { find: /^@archive-catalogue\/site$/, replacement: src('site') },
    ],
  },
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/bench/**', '**/node_modules/**'],
    // Twice what a test takes on a busy machine: the two processes, a node and a browser
    // share two cores, and on CI tests of 3 to 11 s alone (a corpus exported on both backends,
    // 200,000 records built) passed 30 s.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A condition polled for (a reload done, a page navigated) gets 10 s, not Vitest's 1 s: with
    // the unit and OpenSearch runs side by side, a busy machine takes longer than a second and
    // nothing is wrong.
    expect: { poll: { timeout: 10_000 } },
    globalSetup: ['test/temporary-folder.ts'],
    // Besides the usual output, each run's failures in a file, which `npm test` lists at the end.
    reporters: ['default', ['./test/failed-tests-reporter.ts', { folder: '.test-results' }]],
    // The OpenSearch tests are a project of their own so that their node starts only when one
    // of them runs: a project's global setup runs only when it has a test file queued. `npm
    // test` runs them in a process of their own beside the unit projects (package.json's
    // `test:unit`): in one, Vitest runs a project whose files go one at a time only after
    // every other file.
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          exclude: ['test/opensearch/**', ...MOCKING],
          // A worker runs its files one after another in one module graph, not each in a new
          // one: importing the packages' sources again for every file cost about 2 s of a core
          // per file (a quarter of an hour in all). These files share no state that matters.
          isolate: false,
          maxWorkers: UNIT_WORKERS,
        },
      },
      {
        extends: true,
        test: {
          // The files that replace a module (`vi.mock`) each in a module graph of its own, so
          // that no other file sees the replacement.
          name: 'unit-mocking',
          dir: 'test',
          include: MOCKING.map((file) => file.slice('test/'.length)),
          maxWorkers: UNIT_WORKERS,
        },
      },
      {
        extends: true,
        test: {
          name: 'opensearch',
          // Project settings add to the root's (include lists are joined): `dir` narrows the
          // search to this folder, where the root's `test/**` pattern finds nothing.
          dir: 'test/opensearch',
          include: ['**/*.test.ts'],
          globalSetup: ['test/temporary-folder.ts', 'test/opensearch/global-setup.ts'],
          // Files of this project share one node: they run one at a time, so that their
          // timings (pushes, a reader polling during a push) do not fight over two cores.
          fileParallelism: false,
        },
      },
    ],
  },
})
