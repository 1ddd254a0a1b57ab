import { describe } from 'vitest'
import { runCases } from '../cases/run-cases.js'
import { throughCli } from '../cases/through-cli.js'
import { corpus } from '../helpers/cli-paths.js'

describe('catalogue CLI', () => {
  runCases({
    ...throughCli({ env: { CATALOGUE: corpus } }),
    // Skips nothing. 'ignores empty values and unknown parameters' runs without `colour=blue`:
    // the CLI refuses an unknown filter as a typo, so argvOf leaves it out.
    skip: [],
  })
})
