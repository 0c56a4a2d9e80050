// `npm run explain -- --to <version> [--certification reports/certification.json] [--service financial-data]`:
// each failure of a certification classed "documented in <version>" when the newer provider document
// announces the change that explains it (tools/diff/explain.ts), or unexplained. Writes
// reports/explain-<service>.{md,json}. Exit code 1 when a failure is unexplained, 0 otherwise, 2 on bad input.
import fs from 'node:fs';
import path from 'node:path';
import { readBaseline } from '../helpers/verdict/baseline.js';
import { configOf } from '../helpers/config/config.js';
import { contractVersions } from '../helpers/contract/versions.js';
import { writeFileAtomic } from '../helpers/verdict/write-file.js';
import { explanationLines } from '../helpers/verdict/certification-report.js';
import { explainCertification } from '../tools/diff/explain.js';
import { parseArgs, serviceArgs, runMain, UsageError, type CommandMain } from '../tools/cli.js';

const USAGE = 'npm run explain -- --to <version> [--certification <file>] [--service <name>]';

export const main: CommandMain = async (argv, io) => {
  const args = parseArgs(argv, { to: 'required', certification: 'value', service: 'value' }, USAGE);
  const service = serviceArgs(args.service, USAGE, { one: true })[0] ?? 'financial-data';
  if (!contractVersions(service).includes(args.to))
    throw new UsageError(`--to ${args.to} is not a version of the ${service} contract: one of ${contractVersions(service).join(', ')}`);
  const reportsDir = configOf(io.env).reportsDir;
  const file = args.certification !== undefined ? path.resolve(args.certification) : path.join(reportsDir, 'certification.json');
  const certification = readBaseline(path.relative(process.cwd(), file), 'certification');
  const explanation = await explainCertification(certification, service, args.to);
  const lines = explanationLines(explanation);
  io.out(lines.join('\n'));
  fs.mkdirSync(reportsDir, { recursive: true });
  writeFileAtomic(path.join(reportsDir, `explain-${service}.json`), `${JSON.stringify(explanation, null, 2)}\n`);
  writeFileAtomic(
    path.join(reportsDir, `explain-${service}.md`),
    `# Failures explained by ${service} ${args.to}\n\n${lines.map((l) => `    ${l}`).join('\n')}\n`,
  );
  return explanation.unexplained.length ? 1 : 0;
};

runMain(import.meta.url, main);
