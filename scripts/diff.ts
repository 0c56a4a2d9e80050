// `npm run diff -- --service <name> --to <file> [--from <file>] [--rules-only]`: the structural diff
// of two OpenAPI documents (--from defaults to the suite's own contract of the service), each change
// judged by what it does to the suite's rules and checks (helpers/diff/classify.ts). Writes
// reports/diff-<service>.{md,json}; prints the counts per class and the changes to act on.
// Exit code: 1 when a change is a false-alarm risk or unchecked, 0 otherwise, 2 on bad input.
import fs from 'node:fs';
import path from 'node:path';
import { suiteConfig } from '../helpers/config.js';
import { loadContract } from '../helpers/contract.js';
import { listChecks } from '../helpers/diff/checks.js';
import { FAILING_CLASSES } from '../helpers/diff/classify.js';
import { readDocumentFile, suiteDocument } from '../helpers/diff/documents.js';
import { changeLine, summaryLines, writeDiffReport } from '../helpers/diff/report.js';
import { diffForSuite } from '../helpers/diff/suite-diff.js';
import { loadRules, rulesFile } from '../helpers/rules.js';
import { SERVICES } from '../helpers/services.js';

import { parseArgs, runMain, UsageError } from './lib/cli.js';

const USAGE = 'npm run diff -- --service <name> --to <file> [--from <file>] [--rules-only]';
const SHOWN = 10;

runMain(async () => {
  const started = performance.now();
  const args = parseArgs(process.argv.slice(2), { service: 'value', to: 'value', from: 'value', 'rules-only': 'flag', help: 'flag' }, USAGE);
  if (args.help) {
    console.log(`Usage: ${USAGE}\n--from defaults to the suite's own contract; --rules-only names the rules a change touches without listing their checks (faster).`);
    return 0;
  }
  if (typeof args.service !== 'string' || typeof args.to !== 'string') throw new UsageError(`--service and --to are required. Usage: ${USAGE}`);
  if (!SERVICES.some((s) => s.name === args.service)) throw new UsageError(`unknown service '${args.service}' (known: ${SERVICES.map((s) => s.name).join(', ')})`);
  const service = args.service;
  // The checks are listed by a child process while the documents are read and compared.
  const listing = args['rules-only'] ? undefined : listChecks(service);
  const to = readDocumentFile(args.to);
  const from = typeof args.from === 'string' ? readDocumentFile(args.from) : await suiteDocument(service);
  const contract = await loadContract(service);
  const view = {
    service,
    operations: [...contract.operations.values()].map((op) => ({ operationId: op.operationId, method: op.method, path: op.path })),
    rules: fs.existsSync(rulesFile(service)) ? loadRules(service).rules : [],
  };
  console.log(`Comparing ${from.label} (${from.version}) with ${to.label} (${to.version})...`);
  const checks = await listing;
  const result = diffForSuite(from, to, view, typeof checks === 'string' ? undefined : checks);
  if (typeof checks === 'string') result.checksNote = checks;
  else if (!checks) result.checksNote = '--rules-only';
  const report = writeDiffReport(suiteConfig().reportsDir, result);
  console.log(summaryLines(result).join('\n'));
  for (const cls of ['false-alarm risk', 'unchecked', 'obsolete', 'tightened'] as const) {
    const mine = result.changes.filter((c) => c.class === cls);
    if (!mine.length) continue;
    console.log(`\n${cls} (${mine.length}${mine.length > SHOWN ? `, first ${SHOWN}` : ''}):`);
    for (const c of mine.slice(0, SHOWN)) console.log(`  - ${changeLine(c).replace(/^\[[^\]]+\] /, '')}`);
  }
  if (result.checksNote) console.log(`\nChecks not named under the rules: ${result.checksNote}`);
  console.log(`\nReport: ${path.relative(process.cwd(), report)} (and .json); ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return FAILING_CLASSES.some((c) => result.counts[c] > 0) ? 1 : 0;
});
