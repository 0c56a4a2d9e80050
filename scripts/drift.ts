// `npm run drift -- --service <name> --spec <file>`: validates every example a published OpenAPI document
// gives against our contract and prints the acceptance ratio per operation and each rejection with its
// reason (docs/diff-and-drift.md). The document is read, never stored. Writes reports/drift-<service>.{md,json}.
// Exit code: 0 when the report was written (whatever the ratio), 2 on bad input.
import path from 'node:path';
import { configOf } from '../helpers/config/config.js';
import { loadContract } from '../helpers/contract/contract.js';
import { publishedOperations } from '../tools/drift/examples.js';
import { judgeExample, matchOperation, type JudgedExample } from '../tools/drift/judge.js';
import { readDocumentFile } from '../tools/diff/documents.js';
import { PublishedDocument } from '../tools/drift/published.js';
import { pct, perOperation, share, rejectionLines, summarize, tallyLine, verdictLine, writeDriftReport } from '../tools/drift/report.js';
import { serviceProfile } from '../helpers/contract/services.js';
import { parseArgs, serviceArgs, runMain, UsageError, type CommandMain } from '../tools/cli.js';

const USAGE = 'npm run drift -- --service <name> --spec <published OpenAPI file> [--min <percent>]';

export const main: CommandMain = async (argv, io) => {
  const args = parseArgs(argv, { service: 'required', spec: 'required', min: 'value' }, USAGE);
  serviceArgs(args.service, USAGE, { one: true });
  const min = args.min === undefined ? undefined : Number(args.min);
  if (min !== undefined && !(min >= 0 && min <= 100)) throw new UsageError(`--min must be a percentage from 0 to 100. Usage: ${USAGE}`);

  const raw = readDocumentFile(args.spec).doc;
  const contract = await loadContract(args.service);
  const profile = serviceProfile(args.service);
  const doc = new PublishedDocument(raw, args.service);
  const published = publishedOperations(doc);
  io.out(
    `Drift of ${args.service} (contract ${contract.version}) against ${raw.info?.title ?? args.spec} ${raw.info?.version ?? ''}: ${published.length} published operations`,
  );

  const judged: JudgedExample[] = [];
  const unmatched: string[] = [];
  const matchedIds = new Set<string>();
  for (const p of published) {
    const op = matchOperation(contract, p);
    if (!op) {
      unmatched.push(p.operationId ?? `${p.method} ${p.path}`);
      continue;
    }
    matchedIds.add(op.operationId);
    const mine = p.examples.map((ex, i) => judgeExample(contract, profile, doc, op, ex, `${p.method} ${p.path} ${i}`));
    judged.push(...mine);
    const bad = mine.filter((j) => j.verdict !== 'accepted').length;
    io.out(`  ${op.operationId.padEnd(40)} ${mine.length - bad}/${mine.length} examples accepted`);
  }
  const result = summarize({
    service: args.service,
    contractVersion: contract.version,
    document: { file: path.resolve(args.spec), title: String(raw.info?.title ?? ''), version: String(raw.info?.version ?? '') },
    generatedAt: new Date().toISOString(),
    matched: matchedIds.size,
    unmatched,
    ours: [...contract.operations.keys()].filter((id) => !matchedIds.has(id)),
    judged,
  });
  const rejections = rejectionLines(result);
  if (rejections.length) io.out(`\nRejections (${rejections.length}):\n${rejections.map((l) => `  - ${l}`).join('\n')}`);
  const file = writeDriftReport(configOf(io.env).reportsDir, result);
  const worst = perOperation(judged).filter((o) => o.bodies.accepted < o.bodies.total).length;
  io.out(
    `\nBodies accepted: ${share(result.bodies)}; success bodies ${pct(result.successBodies)}; consistent with the document ${pct(result.consistentBodies)}; parameters ${share(result.parameters)}; ${worst} operation(s) with a rejected body; ${result.matched} operations judged, ${unmatched.length} not in our contract`,
  );
  io.out(`Verdicts: ${verdictLine(judged)}`);
  io.out(tallyLine(judged));
  io.out(`Report: ${path.relative(process.cwd(), file)}`);
  if (min !== undefined && result.bodies.total && (100 * result.bodies.accepted) / result.bodies.total < min) {
    io.out(`Body acceptance ${pct(result.bodies)} is below --min ${min}%`);
    return 1;
  }
  return 0;
};

runMain(import.meta.url, main);
