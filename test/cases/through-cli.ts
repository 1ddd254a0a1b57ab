import { argvOf } from '../helpers/cli-argv.js'
import { type RunOptions, runCli } from '../helpers/cli-run.js'
import type { CorpusCase } from './corpus-cases.js'
import type { Body, CaseAdapter } from './run-cases.js'

/** How the CLI is run for the cases. */
export interface CliCaseOptions {
  env?: RunOptions['env']
  /** Flags after the request's, e.g. the OpenSearch node to ask. */
  flags?: readonly string[]
  /** The flags as the tests' titles show them. @default the flags */
  shown?: string
}

/**
 * The cases as the command lines a person would type (`catalogue search --query x --json`),
 * refused with exit code 2 and the message on stderr. The suite adds its skips.
 */
export function throughCli({
  env,
  flags = [],
  shown = flags.join(' '),
}: CliCaseOptions): Omit<CaseAdapter, 'skip'> {
  const argv = ({ endpoint, query }: CorpusCase) => [endpoint, ...argvOf(query), '--json']
  return {
    request: (one) => ['catalogue', ...argv(one), shown].join(' ').trimEnd(),
    async answer(one) {
      const { code, stdout, stderr } = await runCli([...argv(one), ...flags], { env })
      return code === 0 ? { body: JSON.parse(stdout) as Body } : { refused: { code, stderr } }
    },
    refusal: (message) => ({ code: 2, stderr: `${message}\n` }),
  }
}
