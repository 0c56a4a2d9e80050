// Covers: the CI recipe (.github/workflows) is valid for GitHub (the validator npm test runs, which
// must fail a broken workflow), and it shards the checks and merges them.
import fs from 'node:fs';
import { parse } from 'yaml';
import { expect, test } from '../../fixtures/self.js';
import { lintWorkflow } from '../../tools/workflow-lint.js';

const WORKFLOW = '.github/workflows/contract-suite.yml';

test('the workflow validates, and the validator refuses a broken one', async () => {
  expect(await lintWorkflow(fs.readFileSync(WORKFLOW, 'utf8'))).toEqual([]);
  const broken = 'on: push\njobs:\n  x:\n    runs-on: ubuntu-latest\n    steps: "not a list"\n    timeout-minutes: soon\n';
  expect((await lintWorkflow(broken)).length).toBeGreaterThan(0);
});

test('the workflow runs the checks in shards, then merges their blob reports', () => {
  const wf = parse(fs.readFileSync(WORKFLOW, 'utf8'));
  expect(wf.jobs.checks.strategy.matrix.shard.length).toBeGreaterThan(1);
  expect(JSON.stringify(wf.jobs.checks.steps)).toContain('--shard=${{ matrix.shard }}/');
  expect(wf.jobs.merge.needs).toContain('checks');
  expect(JSON.stringify(wf.jobs.merge.steps)).toContain('npm run merge');
  expect(JSON.stringify(wf)).not.toContain('playwright install');
});
