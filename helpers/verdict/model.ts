// The verdict's data model: what certification.json holds and what the renderers, the baseline
// comparison and the reporter read. Types only, so every verdict module can share them without a cycle.
import type { Conflict } from '../contract/conflicts.js';
import type { SourceClass } from '../contract/contract.js';
import type { Rule } from '../contract/rules.js';
import type { StatementTally } from '../contract/statements.js';
import type { Provenance } from './provenance.js';
import type { RulePathReport } from './rule-paths.js';
import type { GuestSummary } from '../client/guest/guest-log.js';
import type { Evidence } from './evidence.js';
import type { CheckKey } from './listing.js';

export type Verdict = 'PASS' | 'FAIL' | 'CONDITIONAL' | 'PARTIAL' | 'NOT RUN';
export type Tally = { passed: number; failed: number; skipped: number };

export interface RuleOutcome extends Pick<Rule, 'id' | 'text' | 'kind' | 'source' | 'cite'> {
  /** not judged: every check that would judge it stopped before (the breaker, another rule's failure: `notJudged` says which). */
  outcome: 'passed' | 'failed' | 'skipped' | 'not run' | 'not judged';
  checks: Tally;
  notJudged?: string;
}

/**
 * Failures breaking the same rule on the same operation: grouped by their rules (their violations', else the check's), then by
 * the failing exchange's operation; a failure with no rule by its named check (a spec's own assertion: its title).
 */
export interface FailureGroup {
  /** The group's heading: the rule ids (or the check) and the operation. */
  cause: string;
  source: SourceClass;
  blocking: boolean;
  titles: string[];
  /** The first failure's whole (redacted) message, and the exchange that failed it (redacted). */
  message: string;
  exchange?: string;
  /** Every rule the group's checks cite. */
  rules: string[];
  /** The rules the failures break (the grouping's first key); empty or absent: none known, grouped by `check`. */
  broken?: string[];
  /** Property rules that failed on the same operation with this cause, their checks folded in (one cause, once). */
  alsoBroken?: string[];
  /** General rules failed on another operation reading back what this cause wrote, their checks folded in: one cause, once. */
  readBack?: { rule: string; operationId: string }[];
  /** Rules of checks that failed after this cause's step in the same check and judged nothing of their own: not judged, after it. */
  notJudged?: string[];
  /** The named check of a failure with no rule. */
  check?: string;
  /** The operation the failures met (the grouping's second key); absent: not told. */
  operationId?: string;
  /** Each failed check: what judged it, its evidence and how to run it again. */
  checks?: FailedCheck[];
}

export interface FailedCheck extends CheckKey {
  /** The test's line in its spec. */
  line?: number;
  /** The named check that judged it, `assertion` (the spec's own expect), or `its failed step` (it failed after a step of its own failed, judging nothing). */
  check: string;
  /** Of a check that failed after a failed step of its own (a valid call refused): the rules it cites left not judged, and after what. */
  notJudged?: { rules: string[]; after: string };
  /** The check's own words: its first line and its Received / Expected / Documented lines. */
  judged: string;
  message: string;
  evidence?: Evidence;
  /** The exact command that runs it again (with the fault, target and fast-check seed and path it ran with). */
  rerun: string;
}

/**
 * A seed-vs-provider conflict met (the target did as the provider publishes, not the seed), or a known provider deviation
 * (`kind` provider-example: as the provider's example shows, not its schema).
 */
export interface ConflictOutcome extends Pick<Conflict, 'id' | 'kind' | 'seed' | 'provider' | 'schema' | 'example' | 'decision' | 'rules'> {
  titles: string[];
}

/** A documented (operation, status) pair the run did not provoke (helpers/contract/unexercised.ts). */
export interface UnexercisedPair {
  pair: string;
  /** The reason's kind as the reports word it ("documented, no stated condition"); absent: the contract states none. */
  why?: string;
  note?: string;
  rule?: string;
  read?: string[];
}

export interface ServiceVerdict {
  service: string;
  title: string;
  contractVersion: string;
  verdict: Exclude<Verdict, 'PARTIAL'>;
  seed: Tally;
  provider: Tally;
  assumption: Tally;
  /**
   * `exercisedPairs`: the pairs exercised, `operationId status`, so two runs compare; `unexercised`: every documented pair not
   * provoked, with the reason the contract states (`x-unexercised`: its kind, note and sources) or none.
   */
  coverage: { exercised: number; documented: number; exercisedPairs?: string[]; unexercised?: UnexercisedPair[] };
  failures: FailureGroup[];
  /** Checks that met the provider where the seed says otherwise, or the provider's example where its schema says otherwise (schemas/<service>/conflicts.yaml): CONDITIONAL, not FAIL. */
  conflicts: ConflictOutcome[];
  skippedReasons: Record<string, number>;
  rules: RuleOutcome[];
  /**
   * Every path of every rule (helpers/verdict/rule-paths.ts): rule x path cells covered by a check that ran there, justified in
   * schemas/<service>/rule-paths.yaml, or empty; `open` lists those not covered.
   */
  rulePaths?: RulePathReport;
  /**
   * The failures a newer version's provider document announces (`npm run certify -- --explain-with <version>`,
   * tools/diff/explain.ts): still failures of the certified contract, the verdict unchanged.
   */
  newerVersion?: VersionExplanation;
  /** The service's statement index (schemas/<service>/statements.yaml): statements traced to a rule, not checkable, in all. */
  statements?: StatementTally;
  /** A warning shown next to the verdict (seed checks skipped beyond the threshold). */
  warning?: string;
  /** The preflight stopped this service: the reason its checks carry. */
  stoppedBy?: string;
  /**
   * Where its checks' time went, in seconds (helpers/client/guest/time-budget.ts): `checks` their whole time; of it, waiting
   * on the documents' intervals, on the target's work in its own time (`background`: effectuations, decisions, deliveries), on
   * its quota (pacing, 429s), on its answers, on turns at the test data the run's checks share (`turns`), and the rest, the
   * suite's own (`ours`, of which `cpu` its CPU).
   */
  time?: TimeSpent;
}

export interface TimeSpent {
  checks: number;
  documented: number;
  /** Absent in a certification written before it was counted apart (then in `ours`). */
  background?: number;
  quota: number;
  answers: number;
  turns?: number;
  ours: number;
  cpu: number;
}

export interface Certification {
  target: string;
  generatedAt: string;
  /** When the run's first check began, and how long the run took to its certification (seconds). */
  startedAt?: string;
  durationSeconds?: number;
  /** The run that wrote it (SUITE_RUN_ID): `npm run certify` reads back only its own run's report. */
  runId?: string;
  verdict: Verdict;
  /** Why the verdict is PARTIAL or NOT RUN. */
  reason?: string;
  /** The run was stopped by a signal (Ctrl-C, SIGTERM through certify): its checks in progress were interrupted, not failed. */
  interrupted?: boolean;
  provenance?: Provenance;
  checks: { selected: number; run: number; skipped: number };
  services: ServiceVerdict[];
  /** The run's outputs searched for card data and secrets (kinds and files only, never values). */
  leakScan?: { scanned: number; leaks: { what: string; file: string }[] };
  /** On a sandbox: what the run created, deleted and left behind, and the 429s it waited out (helpers/client/guest/guest-log.ts). */
  guest?: GuestSummary;
  /** Every check's result, so that any two runs compare (`npm run certify -- --baseline`). */
  results?: CheckResult[];
  /** The comparison with a baseline run, when certify was given one (helpers/verdict/baseline.ts). */
  baseline?: BaselineComparison;
}

/** A failed check of the certified contract, with the changes a newer version's document announces that explain it ([]: none). */
export interface ExplainedFailure {
  service: string;
  title: string;
  file: string;
  check: string;
  operationId?: string;
  /** The status the target answered, where the failure tells it. */
  received?: string;
  /** The announced changes that explain it (`kind: detail`, where), or [] when none does. */
  explainedBy: { kind: string; detail: string; where: string; key: string }[];
}

/** A certification's failures classed by a newer version's document: "documented in <to>" or unexplained. */
export interface VersionExplanation {
  service: string;
  /** The version the run certified and the version whose document explains. */
  from: string;
  to: string;
  /** How many changes the newer document announces (the diff of the two documents' facts). */
  announced: number;
  explained: ExplainedFailure[];
  unexplained: ExplainedFailure[];
}

/** One check's result as certification.json keeps it: a check is its project, file and title. */
export interface CheckResult extends CheckKey {
  status: 'passed' | 'failed' | 'skipped';
  /** The rule citations of the check (`ID[:side][@path]`). */
  rules: string[];
  /** The fast-check seed of each property it ran (`seed[:path]`): `npm run certify -- --replay <seed>` reruns it. */
  seeds?: string[];
}

export interface CheckDelta extends Pick<CheckResult, 'project' | 'file' | 'title' | 'rules'> {
  before?: CheckResult['status'];
  after?: CheckResult['status'];
}

export interface RuleDelta {
  service: string;
  id: string;
  before?: RuleOutcome['outcome'];
  after?: RuleOutcome['outcome'];
}

export interface BaselineComparison {
  baseline: { file: string; generatedAt: string; verdict: Verdict; suiteCommit?: string };
  verdict: { before: Verdict; after: Verdict; changed: boolean };
  services: { service: string; before?: string; after?: string }[];
  /** Services both runs ran: the only ones compared check by check and rule by rule. */
  compared: string[];
  onlyBefore: string[];
  onlyAfter: string[];
  checks?: {
    regressions: CheckDelta[];
    fixes: CheckDelta[];
    added: CheckDelta[];
    removed: CheckDelta[];
    newlySkipped: CheckDelta[];
    unskipped: CheckDelta[];
    unchanged: number;
  };
  /** Why checks were not compared one by one (a baseline written before results were kept per check). */
  checksNote?: string;
  rules: { regressions: RuleDelta[]; fixes: RuleDelta[]; gained: RuleDelta[]; lost: RuleDelta[] };
  coverage: { service: string; before: string; after: string; gained: string[]; lost: string[] }[];
}
