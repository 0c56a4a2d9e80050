// `npm run diff -- --service <name> --to <file> [--from <file>] [--rules-only] [--ledger <file>]`:
// the structural diff of two OpenAPI documents, each change judged by what it does to the suite's rules
// (tools/diff/classify.ts), the deviation ledger's changes taken out (tools/diff/ledger.ts; with --from,
// only the --ledger named). Writes reports/diff-<service>.{md,json} (docs/diff-and-drift.md).
// Exit code: 1 when a change is to act on, 0 otherwise, 2 on bad input.
import fs from 'node:fs';
import path from 'node:path';
import { configOf } from '../helpers/config/config.js';
import { loadContract } from '../helpers/contract/contract.js';
import { listChecksCached } from '../tools/diff/checks.js';
import { FAILING_CLASSES } from '../tools/diff/classify.js';
import { asDocument, readDocumentFile, suiteDocument, type DiffDocument } from '../tools/diff/documents.js';
import { factsOf, suiteView } from '../tools/diff/provider-facts.js';
import { editIndex } from '../tools/diff/edits.js';
import { chosenVersion } from '../helpers/contract/versions.js';
import { applyLedger, ledgerFile, readLedger } from '../tools/diff/ledger.js';
import { actionLines, compactActionLines, CONSOLE_LINES, ledgerLines, summaryLines, writeDiffReport } from '../tools/diff/report.js';
import { diffForSuite } from '../tools/diff/suite-diff.js';

import { parseArgs, serviceArgs, runMain, UsageError, type CommandMain } from '../tools/cli.js';

const USAGE = 'npm run diff -- --service <name> --to <file> [--from <file>] [--rules-only] [--ledger <file>]';

export const main: CommandMain = async (argv, io) => {
  const started = performance.now();
  const args = parseArgs(argv, { service: 'required', to: 'required', from: 'value', 'rules-only': 'flag', ledger: 'value' }, USAGE);
  const [service] = serviceArgs(args.service, USAGE, { one: true });
  // A bad ledger is refused before anything else runs.
  const ledgerPath = args.ledger !== undefined ? path.resolve(args.ledger) : ledgerFile(service, chosenVersion(service));
  if (args.ledger !== undefined && !fs.existsSync(ledgerPath)) throw new UsageError(`cannot read ${args.ledger}: ENOENT`);
  // The ledger accounts for our contract against the provider's document: it does not apply between two published documents.
  const ledgerApplies = args.from === undefined || args.ledger !== undefined;
  const ledger = ledgerApplies ? readLedger(ledgerPath) : undefined;
  // The given documents are read first: a bad file is refused before a listing starts. A published
  // document is compared as its provider facts (tools/diff/provider-facts.ts factsOf), so a diff against
  // it and one against its stored facts name the same changes.
  const asFacts = (d: DiffDocument): DiffDocument =>
    d.label.includes('(provider facts of') ? d : { ...asDocument(factsOf(service, d.doc, '', d.label).document, d.label), title: d.title };
  const to = asFacts(readDocumentFile(args.to));
  const given = args.from !== undefined ? asFacts(readDocumentFile(args.from)) : undefined;
  // The checks come from the cache, or are listed by a child process while the contract is read and compared.
  const listing = args['rules-only'] ? undefined : listChecksCached(service);
  const from = given ?? (await suiteDocument(service));
  const contract = await loadContract(service);
  const view = suiteView(service, contract);
  io.out(`Comparing ${from.label} (${from.version}) with ${to.label} (${to.version})...`);
  const listed = await listing;
  const checks = listed?.checks;
  const result = diffForSuite(from, to, view, typeof checks === 'string' ? undefined : checks);
  if (typeof checks === 'string') result.checksNote = checks;
  else if (!checks) result.checksNote = '--rules-only';
  if (ledger) applyLedger(result, ledger, ledgerPath, new Set(view.rules.map((r) => r.id)));
  const editing = actionLines(result, editIndex(service, undefined, contract.document));
  const report = writeDiffReport(configOf(io.env).reportsDir, result, editing);
  io.out(summaryLines(result).join('\n'));
  if (result.ledger) io.out(ledgerLines(result).join('\n'));
  else if (!ledgerApplies && fs.existsSync(ledgerPath))
    io.out(
      `Deviation ledger ${path.relative(process.cwd(), ledgerPath)}: not applied (it records our contract against the provider's document; --from compares two published documents; --ledger applies one)`,
    );
  // Under the console's budget the listing of what to edit is printed whole; above it, one line a
  // change ordered by class (false-alarm risks first), the listing in the report file.
  if (editing.length + 12 < CONSOLE_LINES) io.out(editing.join('\n'));
  else
    io.out(
      [
        `\nChanges to act on (${result.changes.filter((c) => FAILING_CLASSES.includes(c.class)).length}), by what they do to the checks; what to edit for each: ${path.relative(process.cwd(), report)}, "What to edit, by operation"`,
        ...compactActionLines(result),
      ].join('\n'),
    );
  if (result.checksNote) io.out(`\nChecks not named under the rules: ${result.checksNote}`);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const source = listed
    ? listed.cached
      ? 'checks from the cache'
      : 'checks listed by playwright test --list, now cached'
    : 'checks not listed';
  io.out(`\nReport: ${path.relative(process.cwd(), report)} (and .json); ${seconds} s (${source})`);
  return FAILING_CLASSES.some((c) => result.counts[c] > 0) ? 1 : 0;
};

runMain(import.meta.url, main);
