// The drift report: acceptance ratios per operation and per kind of example, every rejection with
// its reason, as reports/drift-<service>.{md,json}.
import { mdTable, writeReportFiles } from '../report.js';
import type { JudgedExample } from './judge.js';

interface Ratio {
  accepted: number;
  total: number;
}

interface DriftResult {
  service: string;
  contractVersion: string;
  document: { file: string; title: string; version: string };
  generatedAt: string;
  /** Operations of the document that our contract has, and those it does not have yet. */
  matched: number;
  unmatched: string[];
  /** Our operations the document does not have. */
  ours: string[];
  bodies: Ratio;
  successBodies: Ratio;
  parameters: Ratio;
  /** Bodies less those the document's own schema refuses for the same reasons as ours: the ratio that measures only our contract. */
  consistentBodies: Ratio;
  judged: JudgedExample[];
}

const ratio = (list: JudgedExample[]): Ratio => ({ accepted: list.filter((j) => j.verdict === 'accepted').length, total: list.length });
const ratioText = (r: Ratio) => `${r.accepted}/${r.total}`;
export const pct = (r: Ratio) => (r.total ? `${((100 * r.accepted) / r.total).toFixed(1)}%` : 'n/a');
/** `40/42 (95.2%)` */
export const share = (r: Ratio) => `${ratioText(r)} (${pct(r)})`;
const isBody = (j: JudgedExample) => j.kind !== 'parameter';

export function summarize(base: Omit<DriftResult, 'bodies' | 'successBodies' | 'parameters' | 'consistentBodies'>): DriftResult {
  const bodies = base.judged.filter(isBody);
  return {
    ...base,
    bodies: ratio(bodies),
    successBodies: ratio(bodies.filter((j) => j.kind === 'response' && /^2/.test(j.at))),
    parameters: ratio(base.judged.filter((j) => j.kind === 'parameter')),
    consistentBodies: ratio(bodies.filter((j) => j.verdict !== 'document inconsistent' && j.verdict !== 'known provider deviation')),
  };
}

export function perOperation(judged: JudgedExample[]): { operationId: string; bodies: Ratio; parameters: Ratio }[] {
  const ids = [...new Set(judged.map((j) => j.operationId))].sort();
  return ids.map((id) => {
    const mine = judged.filter((j) => j.operationId === id);
    return { operationId: id, bodies: ratio(mine.filter(isBody)), parameters: ratio(mine.filter((j) => !isBody(j))) };
  });
}

const label = (j: JudgedExample) =>
  `${j.kind === 'parameter' ? `parameter ${j.at}` : j.kind === 'request' ? `request ${j.mediaType}` : `${j.at} ${j.mediaType}`} (${j.origin})`;

/** A stricter contract's reasons the document does not share, each with the document's own verdict there. */
const unmatchedText = (j: JudgedExample) =>
  j.unmatched?.length
    ? ` [not shared by the document: ${j.unmatched.map((u) => `${u.instancePath} ${u.keyword}: ${u.document}`).join(' | ')}]`
    : '';

export const rejectionLines = (result: DriftResult): string[] =>
  result.judged
    .filter((j) => j.verdict !== 'accepted')
    .map((j) => `${j.operationId} ${label(j)}: ${j.verdict}: ${j.reason}${unmatchedText(j)}`);

/** Every example in three: accepted, refused only where a known provider deviation accounts for it (CONDITIONAL), refused otherwise. */
function exampleTally(judged: JudgedExample[]): { accepted: number; deviations: number; refused: number; ids: string[] } {
  const deviations = judged.filter((j) => j.verdict === 'known provider deviation');
  return {
    accepted: judged.filter((j) => j.verdict === 'accepted').length,
    deviations: deviations.length,
    refused: judged.length - deviations.length - judged.filter((j) => j.verdict === 'accepted').length,
    ids: [...new Set(deviations.flatMap((j) => j.deviations ?? []))].sort(),
  };
}

/** The tally as one line. */
export function tallyLine(judged: JudgedExample[]): string {
  const t = exampleTally(judged);
  return `Examples: ${t.accepted} accepted, ${t.deviations} recorded as known provider deviations (${t.ids.length} deviations), ${t.refused} refused`;
}

/** How many examples earned each verdict. */
export function verdictCounts(judged: JudgedExample[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const j of judged) counts[j.verdict] = (counts[j.verdict] ?? 0) + 1;
  return counts;
}

/** The counts as one line: `accepted 40, contract stricter 2`. */
export const verdictLine = (judged: JudgedExample[]) =>
  Object.entries(verdictCounts(judged))
    .map(([v, n]) => `${v} ${n}`)
    .join(', ');

export function writeDriftReport(dir: string, result: DriftResult): string {
  const tally = exampleTally(result.judged);
  const rejections = rejectionLines(result);
  const lines = [
    `# Drift: ${result.service} contract ${result.contractVersion} vs ${result.document.title} ${result.document.version}`,
    '',
    `- Document: \`${result.document.file}\` (read, not stored); generated ${result.generatedAt}`,
    `- Operations judged: ${result.matched}; in the document but not in our contract: ${result.unmatched.length}; ours but not in the document: ${result.ours.length ? result.ours.join(', ') : 'none'}`,
    `- Example bodies accepted: **${share(result.bodies)}**; success bodies ${share(result.successBodies)}; bodies consistent with the document's own schema ${share(result.consistentBodies)}`,
    `- Parameter examples accepted: ${share(result.parameters)}`,
    `- ${tallyLine(result.judged)}${tally.ids.length ? `: ${tally.ids.join(', ')}` : ''}`,
    `- Verdicts (every example, bodies and parameters): ${verdictLine(result.judged)}`,
    '',
    "Verdicts: *contract stricter* (our contract refuses what the document allows, or refuses it for a reason the document does not give: a false alarm against a conformant target, unless the seed overrides the document), *document inconsistent* (the document's own schema refuses the example in the same place for the same reason as ours, and no known provider deviation records it), *known provider deviation* (the same, recorded in schemas/<service>/conflicts.yaml: a target answering so is CONDITIONAL with the deviation named), *seed-vs-provider conflict* (refused only by a seed rule the provider publishes otherwise: schemas/<service>/conflicts.yaml; a target answering it is reported as the conflict, not failed), *not in contract* (a status, media type or parameter our contract does not document).",
    '',
    ...mdTable(
      ['operation', 'bodies accepted', 'parameters accepted'],
      perOperation(result.judged).map((o) => [o.operationId, ratioText(o.bodies), ratioText(o.parameters)]),
    ),
    '',
    '## Rejections',
    '',
    ...(rejections.length ? rejections.map((l) => `- ${l}`) : ['None.']),
  ];
  return writeReportFiles(dir, `drift-${result.service}`, result, lines).md;
}
