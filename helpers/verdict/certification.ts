// The certification verdict: checks counted by the source their rule rests on, a
// verdict per service and for the run that a partial or aborted run cannot turn into PASS, rules
// with their outcome, and failures of one root cause grouped.
import path from 'node:path';
import type { BaselineComparison } from './baseline.js';
import { BREAKER_PREFIX } from '../client/breaker.js';
import { loadConflicts, type Conflict } from '../contract/conflicts.js';
import { PREFLIGHT_PREFIX } from '../target/preflight.js';
import type { SourceClass } from '../contract/contract.js';
import { SOURCE_CLASSES } from '../contract/contract.js';
import type { Provenance } from './provenance.js';
import type { ServiceCoverage, TestOutcome } from './coverage-report.js';
import { loadRules, parseCitation, type Rule, type RuleKind } from '../contract/rules.js';

export type Verdict = 'PASS' | 'FAIL' | 'CONDITIONAL' | 'PARTIAL' | 'NOT RUN';
type Tally = { passed: number; failed: number; skipped: number };

/** Exit codes of `npm run certify`, one per verdict (README, "Reading the results"). */
export const VERDICT_EXIT: Record<Verdict, number> = { PASS: 0, FAIL: 1, CONDITIONAL: 3, PARTIAL: 4, 'NOT RUN': 5 };
/** Rule kinds whose failure fails the verdict whatever their source: auth, card and sensitive data. */
export const BLOCKING_KINDS: readonly RuleKind[] = ['auth', 'masking'];
/** Share of seed checks skipped above which the verdict carries a warning. */
export const SKIP_WARNING_SHARE = 0.1;

export interface RuleOutcome {
  id: string;
  text: string;
  kind: RuleKind;
  source: SourceClass;
  cite: string;
  outcome: 'passed' | 'failed' | 'skipped' | 'not run';
  checks: Tally;
}

export interface FailureGroup {
  /** The root cause the failures share (check, operation and status, or the first line). */
  cause: string;
  source: SourceClass;
  blocking: boolean;
  titles: string[];
  /** The first failure's whole (redacted) message, and its last HTTP exchange (redacted). */
  message: string;
  exchange?: string;
  rules: string[];
}

/** A seed-vs-provider conflict the run met: the target did what the provider publishes, not what the seed says. */
export interface ConflictOutcome {
  id: string;
  seed: string;
  provider: string;
  decision: string;
  rules: string[];
  titles: string[];
}

export interface ServiceVerdict {
  service: string;
  title: string;
  contractVersion: string;
  verdict: Exclude<Verdict, 'PARTIAL'>;
  seed: Tally;
  provider: Tally;
  assumption: Tally;
  /** `exercisedPairs`: the (operation, status) pairs the run exercised, `operationId status`, so two runs compare. */
  coverage: { exercised: number; documented: number; exercisedPairs?: string[] };
  failures: FailureGroup[];
  /** Failed checks that followed the provider where the seed says otherwise (schemas/<service>/conflicts.yaml): CONDITIONAL, not FAIL. */
  conflicts: ConflictOutcome[];
  skippedReasons: Record<string, number>;
  rules: RuleOutcome[];
  /** A warning shown next to the verdict (seed checks skipped beyond the threshold). */
  warning?: string;
}

export interface Certification {
  target: string;
  generatedAt: string;
  verdict: Verdict;
  /** Why the verdict is PARTIAL or NOT RUN. */
  reason?: string;
  provenance?: Provenance;
  checks: { selected: number; run: number; skipped: number };
  services: ServiceVerdict[];
  /** The run's outputs searched for card data and secrets (kinds and files only, never values). */
  leakScan?: { scanned: number; leaks: { what: string; file: string }[] };
  /** On a sandbox: what the run created, deleted and left behind, and the 429s it waited out (helpers/client/guest/guest-log.ts). */
  guest?: import('../client/guest/guest-log.js').GuestSummary;
  /** Every check's result, so that any two runs compare (`npm run certify -- --baseline`). */
  results?: CheckResult[];
  /** The comparison with a baseline run, when certify was given one (helpers/verdict/baseline.ts). */
  baseline?: BaselineComparison;
}

/** One check's result as certification.json keeps it: a check is its project, file and title. */
export interface CheckResult {
  title: string;
  /** Path of the spec relative to the suite's root (`tests/installments/plans.read.spec.ts`). */
  file: string;
  project: string;
  status: 'passed' | 'failed' | 'skipped';
  /** The rule citations of the check (`ID[:side][@path]`). */
  rules: string[];
}

/** A test outcome as a check result (timed out and interrupted count as failed). */
export function checkResult(o: TestOutcome, root = process.cwd()): CheckResult {
  const status = o.status === 'passed' || o.status === 'skipped' ? o.status : 'failed';
  return { title: o.title, file: path.relative(root, o.file).split(path.sep).join('/'), project: o.project, status, rules: o.rules ?? [] };
}

const tally = (): Tally => ({ passed: 0, failed: 0, skipped: 0 });

/** A check's source class: its `@assumption`, `@provider` or `@seed` tag, else the contract's default. */
export function sourceOf(tags: string[], defaultSource: SourceClass): SourceClass {
  if (tags.includes('@assumption')) return 'assumption';
  if (tags.includes('@provider')) return 'provider';
  if (tags.includes('@seed')) return 'seed';
  return defaultSource;
}

/** The root cause of a failure: a named check's operation and status, else the first line without ids and numbers. */
export function rootCause(message: string): string {
  const first = message.split('\n').find((l) => l.trim()) ?? '';
  const check = /\[([A-Za-z]+)\] ([A-Z]+ \S+ \(\w+\))(?: (\d{3}))?/.exec(first);
  if (check) return `${check[1]}: ${check[2]}${check[3] ? ` ${check[3]}` : ''}`;
  return first.replace(/[0-9a-f]{8}-[0-9a-f-]{27,}/gi, '<id>').replace(/\d+/g, '<n>').trim().slice(0, 200);
}

/** An auth, card-data or sensitive-data failure blocks the verdict whatever its source. */
function isBlocking(ruleIds: string[], kindOf: Map<string, RuleKind>, error: string): boolean {
  return ruleIds.some((id) => BLOCKING_KINDS.includes(kindOf.get(id)!)) || /\[sensitiveEchoConformance\]/.test(error);
}

const kindsOf = new Map<string, Map<string, RuleKind>>();

/**
 * What a failure of this check would weigh in its service's verdict: 'fail' (a seed or provider
 * check, or a blocking one) or 'conditional' (an assumption check). The breaker counts failures per
 * weight, so that holding a check back never turns a FAIL into a CONDITIONAL (helpers/client/breaker.ts).
 */
export function failureWeight(service: string, defaultSource: SourceClass, tags: string[], citations: string[], error: string): 'fail' | 'conditional' {
  if (!kindsOf.has(service)) kindsOf.set(service, new Map(loadRules(service).rules.map((r) => [r.id, r.kind])));
  const blocking = isBlocking(citations.map((c) => parseCitation(c).id), kindsOf.get(service)!, error);
  return blocking || sourceOf(tags, defaultSource) !== 'assumption' ? 'fail' : 'conditional';
}

export function serviceVerdict(
  service: string, title: string, defaultSource: SourceClass, outcomes: TestOutcome[], coverage: ServiceCoverage, rules: Rule[] = [],
): ServiceVerdict {
  const v: ServiceVerdict = {
    service, title, contractVersion: coverage.contractVersion, verdict: 'NOT RUN', seed: tally(), provider: tally(), assumption: tally(),
    coverage: { exercised: coverage.exercised, documented: coverage.documented, exercisedPairs: coverage.pairs.filter((p) => p.exercised).map((p) => `${p.operationId} ${p.status}`) },
    failures: [], conflicts: [], skippedReasons: {}, rules: [],
  };
  const catalogue = new Map(loadConflicts(service).map((c) => [c.id, c]));
  const conflicts = new Map<string, ConflictOutcome>();
  const noteConflict = (c: Conflict, title: string) => {
    const seen = conflicts.get(c.id) ?? { id: c.id, seed: c.seed, provider: c.provider, decision: c.decision, rules: c.rules, titles: [] };
    seen.titles.push(title);
    conflicts.set(c.id, seen);
  };
  const kindOf = new Map(rules.map((r) => [r.id, r.kind]));
  const groups = new Map<string, FailureGroup>();
  let blockingFailure = false;
  for (const o of outcomes) {
    const source = sourceOf(o.tags, defaultSource);
    const bucket = v[source];
    const met = o.conflict ? catalogue.get(o.conflict) : undefined;
    if (o.status === 'passed' && met) noteConflict(met, o.title);
    if (o.status === 'passed') bucket.passed++;
    else if (o.status === 'skipped') {
      bucket.skipped++;
      const reason = o.skipReason ?? 'skipped';
      v.skippedReasons[reason] = (v.skippedReasons[reason] ?? 0) + 1;
    } else {
      bucket.failed++;
      const ids = (o.rules ?? []).map((c) => parseCitation(c).id);
      if (met) {
        noteConflict(met, o.title);
        continue;
      }
      const blocking = isBlocking(ids, kindOf, o.error ?? '');
      blockingFailure ||= blocking;
      const cause = rootCause(o.error ?? o.status);
      const key = `${source} ${cause}`;
      const group = groups.get(key) ?? { cause, source, blocking, titles: [], message: o.error ?? o.status, rules: [], ...(o.exchange ? { exchange: o.exchange } : {}) };
      group.titles.push(o.title);
      group.blocking ||= blocking;
      group.rules = [...new Set([...group.rules, ...ids])];
      groups.set(key, group);
    }
  }
  v.failures = [...groups.values()];
  v.conflicts = [...conflicts.values()];
  v.rules = rules.map((r) => ruleOutcome(r, outcomes));
  const ran = SOURCE_CLASSES.reduce((n, c) => n + v[c].passed + v[c].failed, 0);
  // A rule the provider documents is as blocking as one the seed states; an auth, card or
  // sensitive-data failure blocks whatever its source; only a reference-page decision
  // that fails leaves the verdict CONDITIONAL.
  // A check that failed because the target followed the provider where the seed says otherwise is
  // a conflict of the two sources, not a defect of the target: CONDITIONAL, with the conflict listed.
  const conflicted = (source: SourceClass) => outcomes.filter((o) => o.conflict && catalogue.has(o.conflict) && o.status !== 'passed' && o.status !== 'skipped' && sourceOf(o.tags, defaultSource) === source).length;
  const hardFailures = v.seed.failed - conflicted('seed') + v.provider.failed - conflicted('provider');
  v.verdict = ran === 0 ? 'NOT RUN' : hardFailures > 0 || blockingFailure ? 'FAIL' : v.assumption.failed > 0 || v.conflicts.length > 0 ? 'CONDITIONAL' : 'PASS';
  // A service its preflight stopped (helpers/target/preflight.ts): NOT RUN, and the one-line cause said.
  const stopped = Object.keys(v.skippedReasons).find((r) => r.startsWith(PREFLIGHT_PREFIX));
  if (stopped && ran === 0) v.warning = `stopped by the ${stopped}`;
  // Checks the repeated-failure breaker stopped short (helpers/client/breaker.ts): said before any share of skips.
  const heldBack = Object.entries(v.skippedReasons).filter(([r]) => r.startsWith(BREAKER_PREFIX)).reduce((n, [, count]) => n + count, 0);
  if (!v.warning && heldBack) v.warning = `${heldBack} check${heldBack > 1 ? 's' : ''} stopped short by the breaker after a repeated failure (BREAKER_AFTER=off runs them to their end)`;
  const seedTotal = v.seed.passed + v.seed.failed + v.seed.skipped;
  if (!v.warning && seedTotal && v.seed.skipped / seedTotal > SKIP_WARNING_SHARE) {
    v.warning = `${v.seed.skipped} of ${seedTotal} seed checks (${Math.round((100 * v.seed.skipped) / seedTotal)}%) were skipped`;
  }
  return v;
}

function ruleOutcome(rule: Rule, outcomes: TestOutcome[]): RuleOutcome {
  const checks = tally();
  for (const o of outcomes) {
    if (!(o.rules ?? []).some((c) => parseCitation(c).id === rule.id)) continue;
    if (o.status === 'passed') checks.passed++;
    else if (o.status === 'skipped') checks.skipped++;
    else checks.failed++;
  }
  const outcome = checks.failed ? 'failed' : checks.passed ? 'passed' : checks.skipped ? 'skipped' : 'not run';
  return { id: rule.id, text: rule.text, kind: rule.kind, source: rule.source, cite: rule.cite, outcome, checks };
}

/** The run's verdict: FAIL and CONDITIONAL stand; a passing run that did not select the whole suite is PARTIAL. */
export function overallVerdict(services: ServiceVerdict[], whole: boolean): { verdict: Verdict; reason?: string } {
  const run = services.filter((s) => s.verdict !== 'NOT RUN');
  const stoppedBy = services.filter((s) => s.warning?.startsWith('stopped by the preflight')).map((s) => `${s.service} ${s.warning}`);
  if (run.length === 0) return { verdict: 'NOT RUN', reason: stoppedBy.length ? stoppedBy.join('; ') : 'no check ran' };
  if (run.some((s) => s.verdict === 'FAIL')) return { verdict: 'FAIL' };
  if (run.some((s) => s.verdict === 'CONDITIONAL')) return { verdict: 'CONDITIONAL' };
  if (!whole) return { verdict: 'PARTIAL', reason: 'the run did not select the whole suite (a filter, a project, a shard or a file): a PASS needs every check' };
  const notRun = services.filter((s) => s.verdict === 'NOT RUN').map((s) => s.service);
  if (notRun.length) return { verdict: 'PARTIAL', reason: `no check of ${notRun.join(', ')} ran${stoppedBy.length ? ` (${stoppedBy.join('; ')})` : ''}` };
  return { verdict: 'PASS' };
}
