// `npm run merge`: merges the shards' blob reports (blob-report/) with merge.config.ts, which
// rebuilds JUnit, coverage, certification and the leak scan from all of them. Exits 1 when a check
// failed in any shard, else with the certification's exit code (PASS 0, PARTIAL 4...), so a CI
// merge job fails like a single run would.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { VERDICT_EXIT } from '../helpers/verdict/certification.js';
import { BLOB_DIR } from '../helpers/verdict/provenance.js';
import { readCertification } from '../helpers/verdict/certification-report.js';
import { parseArgs, runMain, UsageError, type CommandMain } from '../tools/cli.js';

export const main: CommandMain = async (argv) => {
  parseArgs(argv, {}, 'npm run merge (after the CI shards wrote blob-report/)');
  const dir = path.resolve(BLOB_DIR);
  if (!fs.existsSync(dir) || !fs.readdirSync(dir).some((f) => f.endsWith('.zip')))
    throw new UsageError('no blob reports in blob-report/ (each CI shard writes one with CI=true)');
  for (const f of ['summary.json', 'certification.json']) fs.rmSync(path.join('reports', f), { force: true });
  const run = spawnSync('npx', ['playwright', 'merge-reports', '--config', 'merge.config.ts', dir], { stdio: 'inherit' });
  if (!fs.existsSync('reports/summary.json')) return run.status || 1;
  const { failed, leaks } = JSON.parse(fs.readFileSync('reports/summary.json', 'utf8')) as { failed: number; leaks?: number };
  if (failed > 0 || (leaks ?? 0) > 0) return 1;
  const cert = readCertification('reports');
  return cert ? VERDICT_EXIT[cert.verdict] : (run.status ?? 0);
};

runMain(import.meta.url, main);
