// The certification verdict: checks counted by their rule's source, a verdict per service and for the run (a partial or
// aborted run never PASS), rules with their outcome, and failures of one root cause grouped.
import path from 'node:path';
import type { JudgedMember } from '../contract/checks.js';
import { loadConflicts, type Conflict, type ConflictKind } from '../contract/conflicts.js';
import { SOURCE_CLASSES, type SourceClass } from '../contract/contract.js';
import type { ServiceCoverage, TestOutcome } from './coverage-report.js';
import { UNEXERCISED_KINDS } from '../contract/unexercised.js';
import { citedMembers, KEYWORDS_OF_KIND, parseCitation, type Rule, type RuleKind } from '../contract/rules.js';

export { citedMembers };
import { loadStatements, statementTally } from '../contract/statements.js';
import { failureSource, isBlocking, sourceOf } from '../contract/weight.js';
import type { CheckResult, ConflictOutcome, FailureGroup, RuleOutcome, ServiceVerdict, Tally, TimeSpent, Verdict } from './model.js';

/** How the reports title and introduce each kind of conflict of sources a run met (schemas/<service>/conflicts.yaml). */
export const CONFLICT_GROUPS: { kind: ConflictKind; title: string; intro: string }[] = [
  {
    kind: 'seed-vs-provider',
    title: 'seed-vs-provider conflicts',
    intro:
      'The target did what the provider publishes where the seed says otherwise. Not a defect of the target; settle which source the integration follows.',
  },
  {
    kind: 'provider-example',
    title: 'known provider deviations',
    intro:
      "The target did what the provider's own example shows where the provider's schema says otherwise. Not a defect of the target against what the provider publishes; settle with the provider which of its two statements holds.",
  },
];

/** Exit codes of `npm run certify`, one per verdict (README, "Reading the results"). */
export const VERDICT_EXIT: Record<Verdict, number> = { PASS: 0, FAIL: 1, CONDITIONAL: 3, PARTIAL: 4, 'NOT RUN': 5 };
/** Share of seed checks skipped above which the verdict carries a warning. */
export const SKIP_WARNING_SHARE = 0.1;
/** Why an interrupted check has no result (its skip reason in the certification). */
export const INTERRUPTED_REASON = 'interrupted: the run was stopped (Ctrl-C or SIGTERM) while this check ran';

/** A test outcome as a check result: a time-out counts as failed; an interrupted check did not fail: not run, as skipped. */
export function checkResult(o: TestOutcome, root = process.cwd()): CheckResult {
  const status = o.status === 'passed' || o.status === 'skipped' ? o.status : o.status === 'interrupted' ? 'skipped' : 'failed';
  return {
    title: o.title,
    file: path.relative(root, o.file).split(path.sep).join('/'),
    project: o.project,
    status,
    rules: o.rules ?? [],
    ...(o.seeds?.length ? { seeds: o.seeds } : {}),
  };
}

const tally = (): Tally => ({ passed: 0, failed: 0, skipped: 0 });

/** The check's own words: its message's first line (without the error's class) and the lines saying what it received and expected. */
export function judgedLines(error: string): string {
  const lines = error.split('\n').map((l) => l.trim());
  const first = (lines.find(Boolean) ?? '').replace(/^(Error|ContractViolation): /, '');
  const said = lines.filter((l) => /^(Expected|Received|Documented)\b[^:]*:/.test(l)).slice(0, 6);
  return [first, ...said.filter((l) => l !== first)].join('\n');
}

/** The one operation a failure without a told exchange met: the only one it called, or the one its title names. */
function operationOf(o: TestOutcome): string | undefined {
  const called = o.operations ?? [];
  if (called.length === 1) return called[0];
  const named = called.filter((op) => new RegExp(`\\b${op}\\b`).test(o.title));
  return named.length === 1 ? named[0] : undefined;
}

/** What the stages read of a service's catalogues: each rule's kind, operations and source, the conflicts it records. */
export interface VerdictContext {
  defaultSource: SourceClass;
  kindOf: Map<string, RuleKind>;
  operationsOf: Map<string, string[]>;
  sourceOfRule: Map<string, SourceClass>;
  conflicts: Map<string, Conflict>;
  /** The 5xx answered to a check's valid call, by `operation status` (serverErrorsOf). */
  serverErrors: Map<string, NonNullable<TestOutcome['after']>>;
}

/** One failed judgement of a check: the rules it broke at one operation, filed into the group of that cause. */
export interface FailureRecord {
  /** The group it joins: its rules and operation (or, with no rule, its check). */
  key: string;
  cause: string;
  source: SourceClass;
  blocking: boolean;
  broken: string[];
  /** With no rule broken: the check or test the group is named after. */
  group?: string;
  operationId?: string;
  check: string;
  judged: string;
  notJudged?: { rules: string[]; after: string };
  message: string;
  members: JudgedMember[];
}

/** Stage 1's record of one check: counted once, under one source; each failed judgement of it a record of its own. */
export interface Classified {
  outcome: TestOutcome;
  status: 'passed' | 'skipped' | 'failed';
  source: SourceClass;
  /** The rules its judgements broke: it failed them; the others it cites it did not judge (or, after assumptions only, held). */
  broken: string[];
  failures: FailureRecord[];
  /** The recorded conflict its failure followed (the sources' disagreement, not the target's defect). */
  conflict?: Conflict;
  /** The recorded conflicts a passing check met and went on. */
  met: Conflict[];
  /** It failed on assumptions alone (annotations.ts noteAssumed): every other rule it cites was judged and held. */
  assumedOnly: boolean;
}

/** The catalogues' facts the stages read, once per service. */
export function verdictContext(service: string, defaultSource: SourceClass, rules: Rule[], outcomes: TestOutcome[]): VerdictContext {
  return {
    defaultSource,
    kindOf: new Map(rules.map((r) => [r.id, r.kind])),
    operationsOf: new Map(rules.map((r) => [r.id, r.operations])),
    sourceOfRule: new Map(rules.map((r) => [r.id, r.source])),
    conflicts: new Map(loadConflicts(service).map((c) => [c.id, c])),
    serverErrors: serverErrorsOf(outcomes),
  };
}

/**
 * The 5xx answered to a check's valid call, by operation and status: that answer to another request of the operation judged
 * nothing of it (RFC 9110 15.6), so a failure told on it without a judgement of its own is after that cause (one group).
 */
export function serverErrorsOf(outcomes: readonly TestOutcome[]): Map<string, NonNullable<TestOutcome['after']>> {
  const errors = new Map<string, NonNullable<TestOutcome['after']>>();
  for (const o of outcomes) if (o.after && Number(o.after.status) >= 500) errors.set(`${o.after.operationId} ${o.after.status}`, o.after);
  return errors;
}

/**
 * Stage 1, classify: one check's outcome read once, its input left as it was. A failure is counted under the source of the
 * rule whose own judgement failed (helpers/contract/weight.ts), never its test's tag: a contract violation's rules; an
 * assertion under a rule (underRule), that rule; a failure after a failed step of its check (a valid call refused, a report
 * that never finished) judged nothing of its own: the step's rule, its own rules not judged after it; any other, the rules
 * it cites that judge the operation it was told on, else every rule it cites. An assumption's violation it went on after
 * (noteAssumed) is a record of its own.
 */
export function classifyOutcome(o: TestOutcome, ctx: VerdictContext): Classified {
  const { defaultSource, sourceOfRule, kindOf, operationsOf } = ctx;
  const ids = (o.rules ?? []).map((c) => parseCitation(c).id);
  const metAll = (o.conflicts ?? []).map((id) => ctx.conflicts.get(id)).filter((c): c is Conflict => c !== undefined);
  const status = o.status === 'passed' ? 'passed' : o.status === 'skipped' || o.status === 'interrupted' ? 'skipped' : 'failed';
  if (status !== 'failed')
    return {
      outcome: o,
      status,
      source: sourceOf(o.tags, defaultSource),
      broken: [],
      failures: [],
      met: status === 'passed' ? metAll : [],
      assumedOnly: false,
    };
  const violations = o.violations ?? [];
  const assumed = o.assumed ?? [];
  const lead = violations.find((n) => n.lead);
  const sameError = o.evidence?.status !== undefined ? ctx.serverErrors.get(`${o.evidence.operationId} ${o.evidence.status}`) : undefined;
  const after = !lead && !o.brokenRule ? (o.after ?? (sameError && { ...sameError, what: 'a valid call', call: undefined })) : undefined;
  // A spec's assertion with no rule told, on one operation's answer: the rules it cites that judge that operation (a check
  // failing on the offers broke the eligibility, not the lists' echo), else every rule it cites. So is a named check that
  // states no rule of its own (an undocumented status): what the check expected of that operation is its rules' statement.
  const told = o.evidence?.operationId ?? lead?.operationId;
  const ofTold = told ? [...new Set(ids)].filter((id) => operationsOf.get(id)?.includes(told)) : [];
  // Of those, the narrowest (fewest operations): the same received answer met by two checks is one cause, one rule.
  const narrowest = [...ofTold].sort((a, b) => (operationsOf.get(a)?.length ?? 0) - (operationsOf.get(b)?.length ?? 0)).slice(0, 1);
  const named = lead
    ? lead.rules?.length
      ? [...new Set(lead.rules)]
      : narrowest
    : o.brokenRule
      ? [o.brokenRule]
      : after?.rule
        ? [after.rule]
        : [];
  const broken = (lead || o.brokenRule || after ? named : ofTold.length ? ofTold : [...new Set(ids)]).sort();
  // Once per rule set and operation: a check meets an assumption's fault on every answer of its kind.
  // A spec's assertion under an assumption's rule (underRule) may name no operation: the check's own, where it has one.
  const assumedAt = assumed.map((a) => ({ ...a, operationId: a.operationId ?? operationOf(o) }) as typeof a);
  const failures: FailureRecord[] = assumedAt
    .filter((a, i) => assumedAt.findIndex((b) => b.operationId === a.operationId && b.rules.join() === a.rules.join()) === i)
    .map((a) => {
      const rulesOf = [...new Set(a.rules)].sort();
      return {
        key: `${rulesOf.join(' ')}||${a.operationId}`,
        cause: `${rulesOf.join(' + ')}: ${a.operationId ?? 'operation not told'}`,
        source: 'assumption',
        blocking: false,
        broken: rulesOf,
        operationId: a.operationId,
        check: a.check,
        judged: judgedLines(a.line),
        message: a.line,
        members: a.members ?? [],
      };
    });
  const assumedRules = failures.flatMap((f) => f.broken);
  const assumedOnly = Boolean(o.assumedOnly);
  if (assumedOnly)
    return { outcome: o, status, source: 'assumption', broken: [...new Set(assumedRules)].sort(), failures, met: [], assumedOnly };
  const source = failureSource(
    {
      broken: named,
      namedCheck: lead !== undefined,
      cited: !lead && !o.brokenRule && !after && ofTold.length ? ofTold : ids,
      tags: o.tags,
    },
    sourceOfRule,
    defaultSource,
  );
  const all = [...new Set([...broken, ...assumedRules])].sort();
  // A failure is its conflict only when the catalogue names every conflict it met; an unknown id is a failure.
  const conflict = o.conflicts?.length && metAll.length === o.conflicts.length ? metAll[0] : undefined;
  if (conflict) return { outcome: o, status, source, broken: all, failures, conflict, met: [], assumedOnly };
  const check = lead?.check ?? (after ? 'its failed step' : 'assertion');
  const operationId = after?.operationId ?? o.brokenAt ?? o.evidence?.operationId ?? lead?.operationId ?? operationOf(o);
  // The rules the check cites that it could not judge after its failed step, and after what.
  const notJudged = after && {
    rules: [...new Set(ids)].filter((id) => !broken.includes(id)).sort(),
    after: after.given
      ? `${after.rule}: ${after.what} did not hold (${after.status})`
      : `${after.rule ?? 'a failed step'}: ${after.operationId} answered ${after.status}${after.code ? ` ${after.code}` : ''} to ${after.what}`,
  };
  const first = broken.length
    ? broken.join(' + ')
    : lead
      ? check
      : after
        ? `${after.operationId} refused ${after.what}`
        : `assertion of "${o.title}"`;
  failures.push({
    key: `${broken.join(' ')}|${broken.length ? '' : first}|${operationId ?? ''}`,
    cause: `${first}: ${operationId ?? 'operation not told'}`,
    source,
    // "Blocking" only where an auth or card-data rule of a document failed, or a sensitive value was answered in clear.
    // A masking rule among the rules the check merely cites (no judgement named it) found nothing in clear: not blocking.
    blocking: isBlocking(
      lead || o.brokenRule || after ? broken : [],
      kindOf,
      violations.map((n) => n.check),
      sourceOfRule,
    ),
    broken,
    ...(broken.length ? {} : { group: lead ? check : o.title }),
    ...(operationId ? { operationId } : {}),
    check,
    judged: notJudged
      ? `not judged: ${notJudged.rules.join(', ') || 'its own rules'}, after ${notJudged.after}\n${judgedLines(o.error ?? o.status)}`
      : judgedLines(o.error ?? o.status),
    ...(notJudged ? { notJudged } : {}),
    message: o.error ?? o.status,
    members: lead?.members ?? [],
  });
  return { outcome: o, status, source, broken: all, failures, met: [], assumedOnly };
}

/** Stage 2, group: every failed judgement into the group of its cause, with the members each check found off form. */
export function groupFailures(classified: readonly Classified[]): { groups: FailureGroup[]; judged: Map<FailureGroup, JudgedMember[][]> } {
  const groups = new Map<string, FailureGroup>();
  const judged = new Map<FailureGroup, JudgedMember[][]>();
  for (const c of classified) {
    const o = c.outcome;
    const ids = (o.rules ?? []).map((r) => parseCitation(r).id);
    for (const f of c.failures) {
      const group = groups.get(f.key) ?? {
        cause: f.cause,
        source: f.source,
        blocking: false,
        titles: [],
        message: f.message,
        rules: [],
        broken: f.broken,
        ...(f.group ? { check: f.group } : {}),
        ...(f.operationId ? { operationId: f.operationId } : {}),
        checks: [],
        ...(o.exchange ? { exchange: o.exchange } : {}),
      };
      group.titles.push(o.title);
      group.blocking ||= f.blocking;
      group.rules = [...new Set([...group.rules, ...ids])];
      if (f.notJudged?.rules.length) group.notJudged = [...new Set([...(group.notJudged ?? []), ...f.notJudged.rules])].sort();
      group.checks!.push({
        title: o.title,
        project: o.project,
        file: path.relative(process.cwd(), o.file).split(path.sep).join('/'),
        ...(o.line ? { line: o.line } : {}),
        check: f.check,
        judged: f.judged,
        ...(f.notJudged ? { notJudged: f.notJudged } : {}),
        message: f.message,
        ...(o.evidence ? { evidence: o.evidence } : {}),
        rerun: o.rerun ?? `npx playwright test ${o.file} --project=${o.project}`,
      });
      groups.set(f.key, group);
      judged.set(group, [...(judged.get(group) ?? []), f.members]);
    }
  }
  return { groups: [...groups.values()], judged };
}

/**
 * Stage 4, decide: a seed or provider failure that is no recorded conflict, or a blocking one, is FAIL; only assumptions
 * failed, or a conflict met, CONDITIONAL; nothing failed, PASS; nothing ran, NOT RUN.
 */
export function decideVerdict(classified: readonly Classified[], conflictsMet: number): ServiceVerdict['verdict'] {
  const failed = classified.filter((c) => c.status === 'failed');
  if (!classified.some((c) => c.status !== 'skipped')) return 'NOT RUN';
  if (failed.some((c) => !c.conflict && c.source !== 'assumption') || failed.some((c) => c.failures.some((f) => f.blocking))) return 'FAIL';
  return failed.length > 0 || conflictsMet > 0 ? 'CONDITIONAL' : 'PASS';
}

/** A service's verdict: its checks classified (stage 1), their failures grouped (2) and folded to one cause each (3), decided (4). */
export function serviceVerdict(
  service: string,
  title: string,
  defaultSource: SourceClass,
  outcomes: TestOutcome[],
  coverage: ServiceCoverage,
  rules: Rule[] = [],
): ServiceVerdict {
  const v: ServiceVerdict = {
    service,
    title,
    contractVersion: coverage.contractVersion,
    verdict: 'NOT RUN',
    seed: tally(),
    provider: tally(),
    assumption: tally(),
    coverage: {
      exercised: coverage.exercised,
      documented: coverage.documented,
      exercisedPairs: coverage.pairs.filter((p) => p.exercised).map((p) => `${p.operationId} ${p.status}`),
      unexercised: coverage.pairs
        .filter((p) => !p.exercised)
        .map((p) => ({
          pair: `${p.operationId} ${p.status}`,
          ...(p.reason
            ? {
                why: UNEXERCISED_KINDS[p.reason.kind],
                note: p.reason.note,
                read: p.reason.read,
                ...(p.reason.rule ? { rule: p.reason.rule } : {}),
              }
            : {}),
        })),
    },
    failures: [],
    conflicts: [],
    skippedReasons: {},
    rules: [],
  };
  const ctx = verdictContext(service, defaultSource, rules, outcomes);
  const classified = outcomes.map((o) => classifyOutcome(o, ctx));
  const conflicts = new Map<string, ConflictOutcome>();
  for (const c of classified) {
    v[c.source][c.status]++;
    if (c.status === 'skipped') {
      const reason = c.outcome.status === 'interrupted' ? INTERRUPTED_REASON : (c.outcome.skipReason ?? 'skipped');
      v.skippedReasons[reason] = (v.skippedReasons[reason] ?? 0) + 1;
    }
    for (const met of [...c.met, ...(c.conflict ? [c.conflict] : [])]) {
      const seen: ConflictOutcome = conflicts.get(met.id) ?? {
        id: met.id,
        ...(met.kind === 'provider-example'
          ? { kind: met.kind, schema: met.schema, example: met.example }
          : { seed: met.seed, provider: met.provider }),
        decision: met.decision,
        rules: met.rules,
        titles: [],
      };
      seen.titles.push(c.outcome.title);
      conflicts.set(met.id, seen);
    }
  }
  const { groups, judged } = groupFailures(classified);
  // Blocking first, then by rule and operation: the order an auditor reads them in.
  v.failures = foldConsequences(groups, rules, judged).sort(
    (a, b) => Number(b.blocking) - Number(a.blocking) || a.cause.localeCompare(b.cause),
  );
  v.conflicts = [...conflicts.values()];
  v.rules = rules.map((r) => ruleOutcome(r, classified));
  const statements = loadStatements(service);
  if (statements) v.statements = statementTally(statements);
  v.verdict = decideVerdict(classified, v.conflicts.length);
  v.time = timeSpent(outcomes);
  // A service its preflight stopped (helpers/target/preflight.ts): NOT RUN, and the one-line cause said.
  const stopped = outcomes.find((o) => o.status === 'skipped' && o.skipKind === 'preflight')?.skipReason;
  if (stopped && ranOf(v) === 0) stopService(v, stopped);
  // Checks the repeated-failure breaker stopped short (helpers/client/breaker.ts): said before any share of skips.
  const heldBack = outcomes.filter((o) => o.status === 'skipped' && o.skipKind === 'breaker').length;
  if (!v.warning && heldBack)
    v.warning = `${heldBack} check${heldBack > 1 ? 's' : ''} stopped short by the breaker after a repeated failure (BREAKER_AFTER=off runs them to their end)`;
  const seedTotal = v.seed.passed + v.seed.failed + v.seed.skipped;
  if (!v.warning && seedTotal && v.seed.skipped / seedTotal > SKIP_WARNING_SHARE)
    v.warning = `${v.seed.skipped} of ${seedTotal} seed checks (${Math.round((100 * v.seed.skipped) / seedTotal)}%) were skipped`;
  return v;
}

/** Where a service's checks' time went, in seconds: the waits each check noted, and the rest the suite's own. */
export function timeSpent(outcomes: readonly TestOutcome[]): TimeSpent {
  const sum = (k: 'ms' | 'documented' | 'background' | 'quota' | 'answers' | 'turns' | 'cpu') =>
    outcomes.reduce((n, o) => n + (o.time?.[k] ?? 0), 0) / 1000;
  const [checks, documented, background, quota, answers, turns, cpu] = (
    ['ms', 'documented', 'background', 'quota', 'answers', 'turns', 'cpu'] as const
  ).map(sum);
  const s = (n: number) => Math.round(n * 10) / 10;
  return {
    checks: s(checks),
    documented: s(documented),
    background: s(background),
    quota: s(quota),
    answers: s(answers),
    turns: s(turns),
    ours: s(Math.max(0, checks - documented - background - quota - answers - turns)),
    cpu: s(cpu),
  };
}

/**
 * The time line the console and the page print: what the target imposes (its documents' intervals, its work in its own time,
 * its quota, its answers), the turns the run's checks take at the test data they share, and the rest, the suite's own.
 */
export const timeSpentText = (t: TimeSpent): string =>
  `where the time went: ${t.checks} s in checks: ${t.documented} s waiting on the documents' intervals, ${t.background ?? 0} s on the target's work in its own time (effectuations, decisions, deliveries), ${t.quota} s on its quota and 429s, ${t.answers} s on its answers, ${t.turns ?? 0} s on turns at the shared test data, ${t.ours} s the suite's own (${t.cpu} s CPU)`;

/** A property rule: one checker over every operation it concerns (`<SERVICE>-PROP-*`). */
const isProperty = (id: string) => /^[A-Z]+-PROP-/.test(id);

/**
 * One cause, once: a general rule's failure (a property, the error contract, the answer forms) on an operation where a narrower
 * rule failed is that fault seen from its general side, so its checks join the narrower group, its rules "also broken there"
 * (the rules table still counts each where its own judgement failed). So is one on another operation whose checks found off
 * form only members the narrower rule cites, by a keyword of its kind (`wallets` past maxItems, read back): "also broken there
 * (read back on <operation>)".
 */
function foldConsequences(groups: FailureGroup[], rules: Rule[], judged: Map<FailureGroup, JudgedMember[][]>): FailureGroup[] {
  const span = new Map(rules.map((r) => [r.id, r.operations.length]));
  const byId = new Map(rules.map((r) => [r.id, r]));
  const same = (a: FailureGroup, b: FailureGroup) => (a.broken ?? []).join(' ') === (b.broken ?? []).join(' ');
  const widths = (g: FailureGroup) => (g.broken ?? []).map((id) => span.get(id) ?? Number.NaN);
  // Every rule of g is general beside o: properties beside a rule of its own, or each spans more
  // operations of the catalogue (a rule it lacks is compared with none).
  const wider = (g: FailureGroup, o: FailureGroup) =>
    (g.broken!.every(isProperty) && o.broken!.some((id) => !isProperty(id))) || Math.min(...widths(g)) > Math.max(...widths(o));
  // A group resting on assumptions alone never takes in one a documented rule (seed, provider) broke: that judgement stays a
  // line of its own, so a seed failure never reads as an assumption's (an assumption never stops a documented judgement).
  const documented = (g: FailureGroup) => (g.broken ?? []).some((id) => byId.get(id)?.source !== 'assumption');
  const narrowest = (candidates: FailureGroup[], g?: FailureGroup) =>
    candidates.filter((o) => !g || documented(o) || !documented(g)).sort((a, b) => Math.max(...widths(a)) - Math.max(...widths(b)))[0];
  const join = (into: FailureGroup, g: FailureGroup) => {
    into.titles.push(...g.titles);
    into.checks = [...(into.checks ?? []), ...(g.checks ?? [])];
    into.rules = [...new Set([...into.rules, ...g.rules])];
    if (g.notJudged) into.notJudged = [...new Set([...(into.notJudged ?? []), ...g.notJudged])].sort();
    into.blocking ||= g.blocking;
  };
  const kept: FailureGroup[] = [];
  for (const g of groups) {
    // A failure whose operation was not told (a model's shrunk sequence) breaking a rule that failed on
    // a told operation is that failure again: the same rule, its path unknown.
    const told = !g.operationId && g.broken?.length ? groups.find((o) => o.operationId && same(o, g)) : undefined;
    const into =
      told ??
      (g.operationId && g.broken?.length
        ? // The narrowest one, which no other group takes in: it stays a line of its own.
          narrowest(
            groups.filter((o) => o !== g && o.operationId === g.operationId && o.broken?.length && wider(g, o)),
            g,
          )
        : undefined);
    if (!into) {
      kept.push(g);
      continue;
    }
    if (!told) into.alsoBroken = [...new Set([...(into.alsoBroken ?? []), ...g.broken!])].sort();
    join(into, g);
  }
  // Read back on another operation: the member a narrower rule cites, off its form in another answer.
  const links = (member: JudgedMember, o: FailureGroup) =>
    (o.broken ?? []).some((id) => {
      const r = byId.get(id);
      return r !== undefined && citedMembers(r.cite).includes(member.member) && (KEYWORDS_OF_KIND[r.kind] ?? []).includes(member.keyword);
    });
  const folded = new Set<FailureGroup>();
  for (const g of kept) {
    const found = judged.get(g);
    if (!g.operationId || !g.broken?.length || !found?.length || found.some((m) => m.length === 0) || g.readBack) continue;
    const into = narrowest(
      kept.filter(
        (o) =>
          o !== g &&
          !folded.has(o) &&
          o.operationId &&
          o.operationId !== g.operationId &&
          o.broken?.length &&
          wider(g, o) &&
          found.every((ms) => ms.every((m) => links(m, o))),
      ),
      g,
    );
    if (!into) continue;
    const readBack = [...(into.readBack ?? []), ...g.broken.map((rule) => ({ rule, operationId: g.operationId! }))];
    into.readBack = readBack.filter((r, i) => readBack.findIndex((o) => o.rule === r.rule && o.operationId === r.operationId) === i);
    join(into, g);
    folded.add(g);
  }
  return kept.filter((g) => !folded.has(g));
}

/** What else a cause's group broke, as every report words it: general rules on its operation, and on one reading back what it wrote. */
export function alsoBrokenText(g: FailureGroup): string | undefined {
  const there = g.alsoBroken?.length ? [`also broken there: ${g.alsoBroken.join(', ')}`] : [];
  const rules = [...new Set((g.readBack ?? []).map((r) => r.rule))];
  const back = rules.map((rule) => {
    const on = (g.readBack ?? []).filter((r) => r.rule === rule).map((r) => r.operationId);
    return `also broken there (read back on ${on.join(', ')}): ${rule}`;
  });
  const all = [...there, ...back];
  return all.length ? all.join('; ') : undefined;
}

/** One line per rule (or check) a service's failures break, as the console and the page head them: its groups, blocking or not. */
export function failureLines(s: ServiceVerdict) {
  const lines = new Map<
    string,
    { key: string; broken: boolean; words: string; blocking: boolean; notJudged: string[]; groups: [FailureGroup, number][] }
  >();
  s.failures.forEach((g, i) => {
    const broken = g.broken ?? [];
    const key = broken.length ? broken.join(' + ') : (g.check ?? g.cause);
    const words = broken.map((id) => s.rules.find((r) => r.id === id)?.text).filter(Boolean);
    const line = lines.get(key) ?? { key, broken: broken.length > 0, words: words.join('; '), blocking: false, notJudged: [], groups: [] };
    line.blocking ||= g.blocking;
    line.notJudged = [...new Set([...line.notJudged, ...(g.notJudged ?? [])])];
    line.groups.push([g, i]);
    lines.set(key, line);
  });
  return [...lines.values()].map((l) => ({
    ...l,
    also: [...new Set(l.groups.map(([g]) => alsoBrokenText(g)).filter(Boolean))].join('; '),
  }));
}

function ruleOutcome(rule: Rule, classified: readonly Classified[]): RuleOutcome {
  const checks = tally();
  // Why a check citing the rule never reached its judgement: the breaker's cause, or the rule that failed first.
  const before = new Set<string>();
  for (const { outcome: o, status, broken, assumedOnly } of classified) {
    if (!(o.rules ?? []).some((c) => parseCitation(c).id === rule.id) && !broken.includes(rule.id)) continue;
    if (status === 'passed') checks.passed++;
    else if (status === 'skipped') {
      checks.skipped++;
      if (o.skipKind === 'breaker') before.add(`stopped after ${(o.skipReason ?? '').replace(/^breaker: /, '').split(':')[0]}`);
    }
    // A rule fails only where its own judgement failed; a check that failed on another rule did not judge it.
    else if (broken.includes(rule.id)) checks.failed++;
    // A check that failed on assumptions alone went on after them: its other rules were judged, and held.
    else if (assumedOnly) checks.passed++;
    else {
      checks.skipped++;
      before.add(
        `after ${broken.join(' + ') || (o.violations?.find((n) => n.lead)?.check ?? 'another judgement')} failed in the same check`,
      );
    }
  }
  // A rule some of whose checks were cut short (the breaker, another rule failing first) is not judged, however many others
  // passed: its passes do not say it holds where the cut ones were aimed.
  const cut = !checks.failed && before.size > 0;
  const outcome = checks.failed ? 'failed' : cut ? 'not judged' : checks.passed ? 'passed' : checks.skipped ? 'skipped' : 'not run';
  return {
    id: rule.id,
    text: rule.text,
    kind: rule.kind,
    source: rule.source,
    cite: rule.cite,
    outcome,
    checks,
    ...(outcome === 'not judged'
      ? { notJudged: `${checks.passed ? `${checks.passed} check${checks.passed > 1 ? 's' : ''} passed, ` : ''}${[...before].join('; ')}` }
      : {}),
  };
}

/** Marks a service as stopped by its preflight, with the skip reason its checks carry (`preflight: <cause>`). */
export function stopService(v: ServiceVerdict, reason: string): void {
  v.stoppedBy = reason;
  v.warning = `stopped by the ${reason}`;
}

/** A service's checks over every source, as the verdict counts them: what the run and its reporters total. */
export function totalOf(s: Pick<ServiceVerdict, SourceClass>): Tally & { ran: number; total: number } {
  const t = tally();
  for (const c of SOURCE_CLASSES) for (const k of ['passed', 'failed', 'skipped'] as const) t[k] += s[c][k];
  return { ...t, ran: t.passed + t.failed, total: t.passed + t.failed + t.skipped };
}
const ranOf = (s: ServiceVerdict) => totalOf(s).ran;

/** A service of a run stopped by a signal (Ctrl-C, SIGTERM): NOT RUN whatever ran, saying how many checks ran and failed (still listed). */
export function interruptService(v: ServiceVerdict): void {
  const { ran, failed, total } = totalOf(v);
  v.verdict = 'NOT RUN';
  v.warning = `interrupted: ${ran} of ${total} checks ran${failed ? `, ${failed} failed` : ''}`;
}

/** The run's verdict: FAIL and CONDITIONAL stand; a pass of part of the suite is PARTIAL; one stopped by a signal is NOT RUN. */
export function overallVerdict(services: ServiceVerdict[], whole: boolean, interrupted = false): { verdict: Verdict; reason?: string } {
  if (interrupted) {
    const ran = services.reduce((n, s) => n + ranOf(s), 0);
    const total = services.reduce((n, s) => n + totalOf(s).total, 0);
    return {
      verdict: 'NOT RUN',
      reason: `interrupted: ${ran} of ${total} checks ran before the run was stopped; the checks in progress then and those not started are not run`,
    };
  }
  const run = services.filter((s) => s.verdict !== 'NOT RUN');
  const stoppedBy = services.filter((s) => s.stoppedBy !== undefined).map((s) => `${s.service} ${s.warning}`);
  if (run.length === 0) return { verdict: 'NOT RUN', reason: stoppedBy.length ? stoppedBy.join('; ') : 'no check ran' };
  if (run.some((s) => s.verdict === 'FAIL')) return { verdict: 'FAIL' };
  if (run.some((s) => s.verdict === 'CONDITIONAL')) return { verdict: 'CONDITIONAL' };
  if (!whole)
    return {
      verdict: 'PARTIAL',
      reason: 'the run did not select the whole suite (a filter, a project, a shard or a file): a PASS needs every check',
    };
  const notRun = services.filter((s) => s.verdict === 'NOT RUN').map((s) => s.service);
  if (notRun.length)
    return { verdict: 'PARTIAL', reason: `no check of ${notRun.join(', ')} ran${stoppedBy.length ? ` (${stoppedBy.join('; ')})` : ''}` };
  return { verdict: 'PASS' };
}
