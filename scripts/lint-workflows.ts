// `npm run lint:workflows`: validates every workflow of .github/workflows against GitHub's workflow
// schema (@action-validator/core, part of `npm test`). One line per problem; exit 1 when any.
import fs from 'node:fs';
import path from 'node:path';
import { validateWorkflow } from '@action-validator/core';
import { runMain } from '../tools/cli.js';

const DIR = path.resolve('.github', 'workflows');

runMain(async () => {
  const files = fs.existsSync(DIR) ? fs.readdirSync(DIR).filter((f) => /\.ya?ml$/.test(f)) : [];
  let problems = 0;
  for (const file of files) {
    const state = validateWorkflow(fs.readFileSync(path.join(DIR, file), 'utf8'));
    for (const e of state.errors) {
      problems++;
      const where = 'path' in e ? e.path : e.location ? `line ${e.location.line}` : '';
      console.error(`.github/workflows/${file}: ${where} ${e.title}${e.detail ? `: ${e.detail}` : ''}`);
    }
  }
  console.log(`workflows: ${files.length} checked, ${problems} problem(s)`);
  return problems ? 1 : 0;
});
