// Coverage reports (reports/coverage.{json,md}): plain functions over the coverage records of the
// client. The certification verdict is helpers/verdict/certification.ts.
import type { Evidence } from './evidence.js';
import type { CheckKey } from './listing.js';
import path from 'node:path';
import type { Contract, Operation, SourceClass } from '../contract/contract.js';
import type { CoverageRecord } from '../client/coverage.js';
import type { AssumedNote, SkipKind, StepFailed, ViolationNote } from '../client/annotations.js';
import type { PropertyCount } from '../client/property-counts.js';
import { UNEXERCISED_KINDS, unexercisedReasons, type UnexercisedReason } from '../contract/unexercised.js';
import { judgesWholeService, type RunSelection } from './rule-paths.js';
import { writeFileAtomic } from './write-file.js';
import { b, type Block, code, markdown } from './render.js';

export interface TestOutcome extends CheckKey {
  tags: string[];
  status: 'passed' | 'failed' | 'timedOut' | 'skipped' | 'interrupted';
  /** The failure's whole message, redacted. */
  error?: string;
  /** Rule citations of the check (`ID[:side][@path]`, helpers/contract/rules.ts). */
  rules?: string[];
  /** Its time in milliseconds (`ms`) and what it was spent on (helpers/client/guest/time-budget.ts). */
  time?: { ms: number } & Partial<Record<'documented' | 'background' | 'quota' | 'answers' | 'turns' | 'cpu', number>>;
  /** The fast-check seed of each property it ran (`seed[:path]`, helpers/client/properties.ts): `certify --replay` reruns it. */
  seeds?: string[];
  /** The operations the check called (its coverage records): the evidence of the rule x path report. */
  operations?: string[];
  skipReason?: string;
  /** Why a skipped check was not run, where that matters to the verdict (preflight, breaker, run stopped). */
  skipKind?: SkipKind;
  /** The contract violations a failure carries, the one it is first (helpers/client/annotations.ts). */
  violations?: ViolationNote[];
  /** The assumption-only violations it met and went on after (annotations.ts noteAssumed); `assumedOnly`: its only failures. */
  assumed?: AssumedNote[];
  assumedOnly?: true;
  /** Conflicts (helpers/contract/conflicts.ts): the one a failure followed; every one a passing check met and went on. */
  conflicts?: string[];
  /** The exchange that failed a failed check, as the client attached it (redacted). */
  exchange?: string;
  /** The counts of the property checkers the check ran (helpers/client/property-counts.ts). */
  properties?: PropertyCount[];
  /** How the exchange was chosen, and the candidates when it is not told (helpers/verdict/evidence.ts). */
  evidence?: Evidence;
  /** The rule a spec's assertion named as broken (helpers/client/annotations.ts underRule). */
  brokenRule?: string;
  /** The operation whose answers that assertion judged, where it said. */
  brokenAt?: string;
  /** Of a failure without a judgement of its own: the failed step before it (helpers/client/annotations.ts StepFailed). */
  after?: StepFailed;
  /** Of a failure, set by the verdict: the rules it broke and the source it weighs with (helpers/contract/weight.ts failureSource). */
  broken?: string[];
  source?: SourceClass;
  /** The test's line in its file, and the command that runs it again. */
  line?: number;
  rerun?: string;
}

export interface PairCoverage extends Pick<Operation, 'operationId' | 'method' | 'path'> {
  status: string;
  exercised: boolean;
  calls: number;
  /** Why no check provokes the pair, as the contract states it (`x-unexercised`, helpers/contract/unexercised.ts). */
  reason?: UnexercisedReason;
}

export interface ServiceCoverage {
  service: string;
  contractVersion: string;
  pairs: PairCoverage[];
  exercised: number;
  documented: number;
  /** Statuses seen that the contract does not document (each is also a failed check). */
  undocumented: { operationId: string; status: number; calls: number }[];
}

export function computeCoverage(contract: Contract, records: CoverageRecord[]): ServiceCoverage {
  const mine = records.filter((r) => r.service === contract.service);
  const pairs: PairCoverage[] = [];
  const reasons = unexercisedReasons(contract);
  for (const op of contract.operations.values()) {
    for (const status of Object.keys(op.responses)) {
      const calls = mine.filter((r) => r.operationId === op.operationId && matches(status, r.status)).length;
      const reason = reasons.get(`${op.operationId} ${status}`);
      pairs.push({
        operationId: op.operationId,
        method: op.method,
        path: op.path,
        status,
        exercised: calls > 0,
        calls,
        ...(reason ? { reason } : {}),
      });
    }
  }
  const undocumented = new Map<string, { operationId: string; status: number; calls: number }>();
  for (const r of mine.filter((r) => !r.documented)) {
    const key = `${r.operationId} ${r.status}`;
    const entry = undocumented.get(key) ?? { operationId: r.operationId, status: r.status, calls: 0 };
    entry.calls++;
    undocumented.set(key, entry);
  }
  return {
    service: contract.service,
    contractVersion: contract.version,
    pairs,
    exercised: pairs.filter((p) => p.exercised).length,
    documented: pairs.length,
    undocumented: [...undocumented.values()],
  };
}

/** How a pair reads in the reports: yes, or no with the contract's reason, or a bold no when none is stated. */
export const exercisedCell = (p: PairCoverage): string =>
  p.exercised ? 'yes' : p.reason ? `no: ${UNEXERCISED_KINDS[p.reason.kind]}` : `${b('no')} (no stated reason)`;

/** A reason the contract states for a pair no check provokes, as every report words it. */
export const whyText = (u: { why?: string; note?: string; rule?: string }) =>
  u.why ? `${u.why}: ${u.note}${u.rule ? ` (rule ${u.rule})` : ''}` : b('no stated reason');

/** A pair's stated reason in one line: the note, the rule, the sources read. */
export const reasonLine = (r: UnexercisedReason): string => `${r.note}${r.rule ? ` (rule ${r.rule})` : ''} Read: ${r.read.join('; ')}.`;

/**
 * The documented pairs a whole mock run left unexplained: unexercised without an `x-unexercised` reason, or exercised though
 * the reason says no request brings it (stale). Judged on the mock only (a sandbox's data and answers are its own).
 */
export function coverageGapsOfRun(
  coverage: ServiceCoverage,
  run: { target: string; selection: RunSelection; ranToEnd: boolean },
): string[] {
  if (!judgesWholeService(coverage.service, run)) return [];
  return coverage.pairs.flatMap((p) => {
    if (!p.exercised && !p.reason)
      return [
        `${coverage.service}: ${p.operationId} ${p.status} is documented and no check provoked it, and the contract states no reason (x-unexercised)`,
      ];
    if (p.exercised && p.reason)
      return [
        `${coverage.service}: ${p.operationId} ${p.status} was provoked (${p.calls} calls) though its x-unexercised reason says no check can: remove the reason`,
      ];
    return [];
  });
}

function matches(documented: string, status: number): boolean {
  return documented === String(status) || (/^[1-5]XX$/.test(documented) && documented[0] === String(status)[0]);
}

export function writeCoverage(dir: string, coverage: ServiceCoverage[]): void {
  writeFileAtomic(path.join(dir, 'coverage.json'), JSON.stringify(coverage, null, 2));
  const blocks: Block[] = [{ h: 1, text: 'Coverage: documented (operation, status) pairs exercised by the run' }];
  for (const c of coverage) {
    const left = c.pairs.filter((p) => !p.exercised);
    const explained = left.filter((p) => p.reason).length;
    const why = (p: PairCoverage) => whyText(p.reason ? { why: UNEXERCISED_KINDS[p.reason.kind], ...p.reason } : {});
    blocks.push(
      { h: 2, text: `${c.service} (contract ${c.contractVersion}): ${c.exercised}/${c.documented} pairs exercised` },
      { p: `Not exercised: ${left.length} (${explained} with the reason the contract states, ${left.length - explained} without).` },
      ...(left.length
        ? [
            {
              table: ['operation', 'status', 'why not exercised', 'sources read'],
              rows: left.map((p) => [p.operationId, p.status, why(p), p.reason?.read.join('; ') ?? '']),
            },
          ]
        : []),
      {
        table: ['operation', 'method', 'path', 'status', 'exercised', 'calls'],
        rows: c.pairs.map((p) => [p.operationId, p.method, code(p.path), p.status, exercisedCell(p), `${p.calls}`]),
      },
      ...(c.undocumented.length
        ? [
            { p: 'Statuses received that the contract does not document:' },
            { list: c.undocumented.map((u) => `${u.operationId} ${u.status} (${u.calls} calls)`) },
          ]
        : []),
    );
  }
  writeFileAtomic(path.join(dir, 'coverage.md'), [...markdown(blocks), ''].join('\n'));
}
