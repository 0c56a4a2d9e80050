// The certification verdict: checks counted by their rule's source, a verdict per service and for the run (a partial or
// aborted run never PASS), rules with their outcome, and failures of one root cause grouped.
import path from 'node:path';
import type { JudgedMember } from '../contract/checks.js';
import { loadConflicts, type Conflict, type ConflictKind } from '../contract/conflicts.js';
import { SOURCE_CLASSES, type SourceClass } from '../contract/contract.js';
import type { ServiceCoverage, TestOutcome } from './coverage-report.js';
import { UNEXERCISED_KINDS } from '../contract/unexercised.js';
import { parseCitation, type Rule, type RuleKind } from '../contract/rules.js';
import { loadStatements, statementTally } from '../contract/statements.js';
import { failureSource, isBlocking, sourceOf } from '../contract/weight.js';
import type { CheckResult, ConflictOutcome, FailureGroup, RuleOutcome, ServiceVerdict, Tally, Verdict } from './model.js';

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
  return { title: o.title, file: path.relative(root, o.file).split(path.sep).join('/'), project: o.project, status, rules: o.rules ?? [] };
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
  const catalogue = new Map(loadConflicts(service).map((c) => [c.id, c]));
  const conflicts = new Map<string, ConflictOutcome>();
  const noteConflict = (c: Conflict, title: string) => {
    const seen: ConflictOutcome = conflicts.get(c.id) ?? {
      id: c.id,
      ...(c.kind === 'provider-example' ? { kind: c.kind, schema: c.schema, example: c.example } : { seed: c.seed, provider: c.provider }),
      decision: c.decision,
      rules: c.rules,
      titles: [],
    };
    seen.titles.push(title);
    conflicts.set(c.id, seen);
  };
  const kindOf = new Map(rules.map((r) => [r.id, r.kind]));
  const operationsOf = new Map(rules.map((r) => [r.id, r.operations]));
  const sourceOfRule = new Map(rules.map((r) => [r.id, r.source]));
  const groups = new Map<string, FailureGroup>();
  // The members each failed check of a group found off their form (a body check's), one list per check.
  const judged = new Map<FailureGroup, JudgedMember[][]>();
  let blockingFailure = false;
  // The 5xx answered to a check's valid call, by operation and status: that answer to another request of the operation judged
  // nothing of it (RFC 9110 15.6), so a failure told on it without a judgement of its own is after that cause (one group).
  const serverErrors = new Map<string, NonNullable<TestOutcome['after']>>();
  for (const o of outcomes)
    if (o.after && Number(o.after.status) >= 500) serverErrors.set(`${o.after.operationId} ${o.after.status}`, o.after);
  for (const o of outcomes) {
    const ids = (o.rules ?? []).map((c) => parseCitation(c).id);
    // One failed judgement of this check into the group of its cause (its rules and operation).
    const fileFailure = (
      key: string,
      f: {
        cause: string;
        source: SourceClass;
        blocking?: boolean;
        broken: string[];
        group?: string;
        operationId?: string;
        check: string;
        judged: string;
        notJudged?: { rules: string[]; after: string };
        message: string;
        members: JudgedMember[];
      },
    ) => {
      const group = groups.get(key) ?? {
        cause: f.cause,
        source: f.source,
        blocking: Boolean(f.blocking),
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
      group.blocking ||= Boolean(f.blocking);
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
      groups.set(key, group);
      judged.set(group, [...(judged.get(group) ?? []), f.members]);
    };
    const metAll = (o.conflicts ?? []).map((id) => catalogue.get(id)).filter((c): c is Conflict => c !== undefined);
    // A failure is its conflict only when the catalogue names it; an unknown id is a failure.
    const met = o.conflicts?.length && metAll.length === o.conflicts.length ? metAll[0] : undefined;
    if (o.status === 'passed') for (const c of metAll) noteConflict(c, o.title);
    const failed = o.status !== 'passed' && o.status !== 'skipped' && o.status !== 'interrupted';
    const violations = failed ? (o.violations ?? []) : [];
    // An assumption-only violation it met and went on after (annotations.ts noteAssumed) is a failure of its own rule, filed
    // apart; a check failing on those alone weighs as an assumption's, its own rules judged where they ran.
    const assumed = failed ? (o.assumed ?? []) : [];
    const lead = violations.find((n) => n.lead);
    // The rules it breaks: a contract violation's, those it names; a named check naming none (an undocumented status) is
    // grouped by that check; an assertion under a rule (underRule), that rule; any other, its test's. A failure after an
    // earlier failed step of its check (o.after: a valid call refused) judged nothing: filed under the step's rule.
    const sameError = o.evidence?.status !== undefined ? serverErrors.get(`${o.evidence.operationId} ${o.evidence.status}`) : undefined;
    const after =
      failed && !lead && !o.brokenRule ? (o.after ?? (sameError && { ...sameError, what: 'a valid call', call: undefined })) : undefined;
    const named = lead ? [...new Set(lead.rules ?? [])] : o.brokenRule ? [o.brokenRule] : after?.rule ? [after.rule] : [];
    // A spec's assertion with no rule told, on one operation's answer: the rules it cites that judge that operation (a check
    // failing on the offers broke the eligibility, not the lists' echo), else every rule it cites.
    const told = o.evidence?.operationId;
    const ofTold = told ? [...new Set(ids)].filter((id) => operationsOf.get(id)?.includes(told)) : [];
    const broken = (lead || o.brokenRule || after ? named : ofTold.length ? ofTold : [...new Set(ids)]).sort();
    // Counted under the source of the rule whose judgement failed (helpers/contract/weight.ts), not the test's tag.
    const source = o.assumedOnly
      ? 'assumption'
      : failed
      ? failureSource(
          {
            broken: named,
            namedCheck: lead !== undefined,
            cited: !lead && !o.brokenRule && !after && ofTold.length ? ofTold : ids,
            tags: o.tags,
          },
          sourceOfRule,
          defaultSource,
        )
      : sourceOf(o.tags, defaultSource);
    if (failed) o.source = source;
    const bucket = v[source];
    if (o.status === 'passed') bucket.passed++;
    else if (o.status === 'skipped' || o.status === 'interrupted') {
      bucket.skipped++;
      const reason = o.status === 'interrupted' ? INTERRUPTED_REASON : (o.skipReason ?? 'skipped');
      v.skippedReasons[reason] = (v.skippedReasons[reason] ?? 0) + 1;
    } else {
      bucket.failed++;
      const assumedRules = assumed.flatMap((a) => a.rules);
      o.broken = [...new Set([...(o.assumedOnly ? [] : broken), ...assumedRules])].sort();
      // Once per rule set and operation: a check meets an assumption's fault on every answer of its kind.
      const once = assumed.filter(
        (a, i) => assumed.findIndex((b) => b.operationId === a.operationId && b.rules.join() === a.rules.join()) === i,
      );
      for (const a of once) {
        const rulesOf = [...new Set(a.rules)].sort();
        fileFailure(`${rulesOf.join(' ')}||${a.operationId}`, {
          cause: `${rulesOf.join(' + ')}: ${a.operationId}`,
          source: 'assumption',
          broken: rulesOf,
          operationId: a.operationId,
          check: a.check,
          judged: judgedLines(a.line),
          message: a.line,
          members: a.members ?? [],
        });
      }
      if (o.assumedOnly) continue;
      if (met) {
        noteConflict(met, o.title);
        continue;
      }
      const blocking = isBlocking(
        broken,
        kindOf,
        violations.map((n) => n.check),
        sourceOfRule,
      );
      blockingFailure ||= blocking;
      const check = lead?.check ?? (after ? 'its failed step' : 'assertion');
      const operationId = after?.operationId ?? o.brokenAt ?? o.evidence?.operationId ?? lead?.operationId ?? operationOf(o);
      // The rules the check cites that it could not judge after its failed step, and after what.
      const notJudged = after && {
        rules: [...new Set(ids)].filter((id) => !broken.includes(id)).sort(),
        after: `${after.rule ?? 'a failed step'}: ${after.operationId} answered ${after.status}${after.code ? ` ${after.code}` : ''} to ${after.what}`,
      };
      const first = broken.length
        ? broken.join(' + ')
        : lead
          ? check
          : after
            ? `${after.operationId} refused ${after.what}`
            : `assertion of "${o.title}"`;
      fileFailure(`${broken.join(' ')}|${broken.length ? '' : first}|${operationId ?? ''}`, {
        cause: `${first}: ${operationId ?? 'operation not told'}`,
        source,
        blocking,
        broken,
        ...(broken.length ? {} : { group: lead ? check : o.title }),
        operationId,
        check,
        judged: notJudged
          ? `not judged: ${notJudged.rules.join(', ') || 'its own rules'}, after ${notJudged.after}\n${judgedLines(o.error ?? o.status)}`
          : judgedLines(o.error ?? o.status),
        ...(notJudged ? { notJudged } : {}),
        message: o.error ?? o.status,
        members: lead?.members ?? [],
      });
    }
  }
  // Blocking first, then by rule and operation: the order an auditor reads them in.
  v.failures = foldConsequences([...groups.values()], rules, judged).sort(
    (a, b) => Number(b.blocking) - Number(a.blocking) || a.cause.localeCompare(b.cause),
  );
  v.conflicts = [...conflicts.values()];
  v.rules = rules.map((r) => ruleOutcome(r, outcomes));
  const statements = loadStatements(service);
  if (statements) v.statements = statementTally(statements);
  const ran = ranOf(v);
  // A provider-documented rule blocks as a seed rule does; an auth, card or sensitive-data failure blocks whatever its
  // source; only a failed reference-page decision leaves CONDITIONAL, as does a conflict met (the target following
  // the provider where the seed says otherwise: the sources' conflict, listed, not the target's defect).
  const conflicted = (source: SourceClass) =>
    outcomes.filter(
      (o) =>
        o.conflicts?.length &&
        o.conflicts.every((id) => catalogue.has(id)) &&
        o.status !== 'passed' &&
        o.status !== 'skipped' &&
        o.status !== 'interrupted' &&
        (o.source ?? sourceOf(o.tags, defaultSource)) === source,
    ).length;
  const hardFailures = v.seed.failed - conflicted('seed') + v.provider.failed - conflicted('provider');
  v.verdict =
    ran === 0
      ? 'NOT RUN'
      : hardFailures > 0 || blockingFailure
        ? 'FAIL'
        : v.assumption.failed > 0 || v.conflicts.length > 0
          ? 'CONDITIONAL'
          : 'PASS';
  // A service its preflight stopped (helpers/target/preflight.ts): NOT RUN, and the one-line cause said.
  const stopped = outcomes.find((o) => o.status === 'skipped' && o.skipKind === 'preflight')?.skipReason;
  if (stopped && ran === 0) stopService(v, stopped);
  // Checks the repeated-failure breaker stopped short (helpers/client/breaker.ts): said before any share of skips.
  const heldBack = outcomes.filter((o) => o.status === 'skipped' && o.skipKind === 'breaker').length;
  if (!v.warning && heldBack)
    v.warning = `${heldBack} check${heldBack > 1 ? 's' : ''} stopped short by the breaker after a repeated failure (BREAKER_AFTER=off runs them to their end)`;
  const seedTotal = v.seed.passed + v.seed.failed + v.seed.skipped;
  if (!v.warning && seedTotal && v.seed.skipped / seedTotal > SKIP_WARNING_SHARE)
    v.warning = `${v.seed.skipped} of ${seedTotal} seed checks (${Math.round((100 * v.seed.skipped) / seedTotal)}%) were skipped`;
  return v;
}

/** A property rule: one checker over every operation it concerns (`<SERVICE>-PROP-*`). */
const isProperty = (id: string) => /^[A-Z]+-PROP-/.test(id);

/** The schema keywords whose breach at a member breaks what a rule of each kind states of it. */
const BOUNDS = ['maxItems', 'minItems', 'maxLength', 'minLength', 'maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum'];
const KEYWORDS_OF_KIND: Partial<Record<RuleKind, string[]>> = {
  limit: [...BOUNDS, 'maxProperties', 'minProperties'],
  range: BOUNDS,
  pattern: ['pattern', 'format'],
  format: ['pattern', 'format', 'type'],
  enum: ['enum', 'const'],
  required: ['required'],
};

/**
 * The members a rule's citation names: each item after the document and version (parentheses aside) that is a name or dotted
 * path (`provider 2.0.0, wallets`, `provider 2.0.0 PlanApprovalParameters.rejectReasonCode`: wallets, rejectReasonCode).
 */
export const citedMembers = (cite: string): string[] =>
  cite
    .replace(/\([^()]*\)/g, '')
    .split(/[,;]/)
    .map((item) => item.trim().replace(/^(provider|seed)\s+[\d.]+\s*/i, ''))
    .filter((item) => /^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$/.test(item))
    .map((item) => item.split('.').pop()!);

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
  const narrowest = (candidates: FailureGroup[]) => candidates.sort((a, b) => Math.max(...widths(a)) - Math.max(...widths(b)))[0];
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
          narrowest(groups.filter((o) => o !== g && o.operationId === g.operationId && o.broken?.length && wider(g, o)))
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

function ruleOutcome(rule: Rule, outcomes: TestOutcome[]): RuleOutcome {
  const checks = tally();
  // Why a check citing the rule never reached its judgement: the breaker's cause, or the rule that failed first.
  const before = new Set<string>();
  for (const o of outcomes) {
    if (!(o.rules ?? []).some((c) => parseCitation(c).id === rule.id) && !o.broken?.includes(rule.id)) continue;
    if (o.status === 'passed') checks.passed++;
    else if (o.status === 'skipped' || o.status === 'interrupted') {
      checks.skipped++;
      if (o.skipKind === 'breaker') before.add(`stopped after ${(o.skipReason ?? '').replace(/^breaker: /, '').split(':')[0]}`);
    }
    // A rule fails only where its own judgement failed; a check that failed on another rule did not judge it.
    else if (!o.broken || o.broken.includes(rule.id)) checks.failed++;
    // A check that failed on assumptions alone went on after them: its other rules were judged, and held.
    else if (o.assumedOnly) checks.passed++;
    else {
      checks.skipped++;
      before.add(`after ${o.broken.join(' + ')} failed in the same check`);
    }
  }
  const judgedNone = !checks.failed && !checks.passed && checks.skipped > 0 && before.size > 0;
  const outcome = checks.failed ? 'failed' : checks.passed ? 'passed' : judgedNone ? 'not judged' : checks.skipped ? 'skipped' : 'not run';
  return {
    id: rule.id,
    text: rule.text,
    kind: rule.kind,
    source: rule.source,
    cite: rule.cite,
    outcome,
    checks,
    ...(outcome === 'not judged' ? { notJudged: [...before].join('; ') } : {}),
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
