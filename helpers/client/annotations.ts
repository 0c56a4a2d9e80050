// What a run tells the verdict about a check, as typed annotations (helpers/verdict/suite-reporter.ts): which violation a
// failure is (check, operation, status), and why a skipped check was not run where that changes the verdict.
import { stripVTControlCharacters } from 'node:util';
import { expect, test, type TestInfo } from '@playwright/test';
import type { ContractViolation, ViolationSite } from '../contract/checks.js';
import { loadRules } from '../contract/rules.js';
import { ruleWeights } from '../contract/weight.js';
import { redactMessage } from '../secrets/redact.js';

type Annotations = { type: string; description?: string }[];

/** A contract violation a failed check carries: what the certification groups failures by. */
export interface ViolationNote extends ViolationSite {
  check: string;
  /** The catalogue rules it breaks, where the check named them (ContractViolation.rules). */
  rules?: string[];
  /** The violation the check's first error is (its root cause); others were met and reported inside it. */
  lead?: true;
  /** The test's call (1-based, in call order) whose answer broke it: its exchange in `HTTP exchanges` carries the same `call`. */
  call?: number;
}

const VIOLATION_ANNOTATION = 'contract-violation';

const thrown = new WeakMap<TestInfo, ContractViolation[]>();
const callOf = new WeakMap<ContractViolation, number>();

/** Called by the client as it throws a violation in a test; `call`: the number of the exchange it judged. */
export function noteViolation(testInfo: TestInfo, violation: ContractViolation, call?: number): void {
  const list = thrown.get(testInfo) ?? [];
  list.push(violation);
  thrown.set(testInfo, list);
  if (call !== undefined) callOf.set(violation, call);
}

const firstLine = (text: string) => text.split('\n').find((l) => l.trim()) ?? '';

/**
 * A violation of assumptions only (rules a reference page decides, CONDITIONAL at worst): judged, never a gate. It fails the test
 * softly (Playwright's `expect.soft`, the message the violation's own) and the check goes on, so that every seed and provider
 * judgement after it, of the same answer or a later one, still runs and counts.
 */
export interface AssumedNote extends ViolationSite {
  check: string;
  rules: string[];
  call?: number;
  /** The violation's first line: how the test's errors are told apart from its hard ones. */
  line: string;
}
const ASSUMED_ANNOTATION = 'assumption-failed';
const softly = expect.extend({
  toHoldAsAssumed(violation: { message: string }) {
    return { pass: false, message: () => violation.message, name: 'toHoldAsAssumed' };
  },
});

/** Called by the client for a violation its weight says is an assumption's only (helpers/contract/weight.ts failureWeight). */
export function noteAssumed(testInfo: TestInfo, violation: ContractViolation, call?: number): void {
  const note: AssumedNote = { check: violation.check, ...violation.site!, rules: [...violation.rules], line: firstLine(violation.message) };
  if (call !== undefined) note.call = call;
  testInfo.annotations.push({ type: ASSUMED_ANNOTATION, description: JSON.stringify(note) });
  softly.soft(violation).toHoldAsAssumed();
}

/** The assumption-only violations a check met and went on after, in order. */
export function assumedOf(annotations: Annotations): AssumedNote[] {
  return notesOf<AssumedNote>(annotations, ASSUMED_ANNOTATION);
}

/** A test's errors but those of its assumption-only violations (noteAssumed): its hard failures, the first its cause. */
export function hardErrors<E extends { message?: string }>(errors: readonly E[], annotations: Annotations): E[] {
  const assumed = assumedOf(annotations).map((a) => a.line);
  return errors.filter((e) => !assumed.some((line) => (e.message ?? '').includes(line)));
}

/**
 * Whether an error's text carries a violation's line: as thrown, or redacted as a property's failure quotes its cause
 * (properties.ts: a correlation id of 32 digits reads as a card number and is masked), so the cause is still filed under its rule.
 */
const carries = (text: string, line: string): boolean => text.includes(line) || text.includes(redactMessage(line));

/** After a failed test: annotates the violations its errors carry, its first error's first marked `lead` (matched by identity). */
export function annotateViolations(testInfo: TestInfo): void {
  const violations = thrown.get(testInfo) ?? [];
  if (violations.length === 0 || testInfo.status === 'passed' || testInfo.status === 'skipped') return;
  const errors = hardErrors(testInfo.errors, testInfo.annotations).map((e) => e.message ?? '');
  if (errors.length === 0) return;
  const lead = firstLine(errors[0] ?? '');
  const carried = new Map<string, ViolationNote>();
  let leadFound = false;
  for (const v of violations) {
    const line = firstLine(v.message);
    if (!v.site || !errors.some((m) => carries(m, line))) continue;
    const isLead: boolean = !leadFound && carries(lead, line);
    leadFound ||= isLead;
    const key = `${v.check} ${v.site.operationId} ${v.site.status}`;
    if (!carried.has(key) || isLead)
      carried.set(key, {
        check: v.check,
        ...v.site,
        ...(v.rules.length ? { rules: [...v.rules] } : {}),
        ...(isLead ? { lead: true as const } : {}),
        ...(callOf.has(v) ? { call: callOf.get(v) } : {}),
      });
  }
  // A property's failure names its shrunk counterexample's cause inside: the last violation its first error carries.
  if (!leadFound) {
    const inFirst = violations.filter((v) => v.site && carries(errors[0] ?? '', firstLine(v.message))).pop();
    const key = inFirst && `${inFirst.check} ${inFirst.site!.operationId} ${inFirst.site!.status}`;
    if (key && carried.has(key))
      carried.set(key, { ...carried.get(key)!, lead: true, ...(inFirst.rules.length ? { rules: [...inFirst.rules] } : {}) });
  }
  const notes = [...carried.values()].sort((a, b) => Number(Boolean(b.lead)) - Number(Boolean(a.lead)));
  for (const note of notes) testInfo.annotations.push({ type: VIOLATION_ANNOTATION, description: JSON.stringify(note) });
}

/** The JSON notes of one annotation type, in order; one that is not JSON is another writer's, not ours to read. */
function notesOf<T>(annotations: Annotations, type: string): T[] {
  return annotations.flatMap((a) => {
    if (a.type !== type || !a.description) return [];
    try {
      return [JSON.parse(a.description) as T];
    } catch {
      return [];
    }
  });
}

/** The violations a check's annotations carry, the lead one first. */
export function violationsOf(annotations: Annotations): ViolationNote[] {
  return notesOf<ViolationNote>(annotations, VIOLATION_ANNOTATION);
}

/**
 * Why a skipped check was not run: preflight stopped its service; breaker: a repeated failure; not-run: the run stopped; conflict:
 * it rests on the seed's side of a conflict taken the provider's way; out-of-time: the time ran out (guest/time-budget.ts).
 */
export type SkipKind = 'preflight' | 'breaker' | 'not-run' | 'conflict' | 'interrupted' | 'out-of-time';
export const SKIP_KIND_ANNOTATION = 'skip-kind';
const SKIP_KINDS: readonly SkipKind[] = ['preflight', 'breaker', 'not-run', 'conflict', 'interrupted', 'out-of-time'];

/** Skips the test (when `condition`) with a reason for people and a kind for the verdict. */
export function skipAs(testInfo: TestInfo, kind: SkipKind, condition: boolean, reason: string): void {
  if (!condition) return;
  testInfo.annotations.push({ type: SKIP_KIND_ANNOTATION, description: kind });
  testInfo.skip(true, reason);
}

/** The kind of a skip, from a check's annotations (undefined: an ordinary skip). */
export function skipKindOf(annotations: Annotations): SkipKind | undefined {
  const kind = annotations.find((a) => a.type === SKIP_KIND_ANNOTATION)?.description;
  return SKIP_KINDS.find((k) => k === kind);
}

/** The name of the one attachment holding a test's exchanges, in call order (read by the suite reporter for a failure's evidence). */
export const EXCHANGES_ATTACHMENT = 'HTTP exchanges';

/** The rule whose own judgement failed (`underRule`): the failure is weighed by it, not by the strongest rule the test cites. */
const BROKEN_RULE_ANNOTATION = 'broken-rule';

/** Where a rule's judgement failed, as the certification files it: the rule and, where told, the operation. */
interface BrokenAt {
  rule: string;
  operationId?: string;
}

/**
 * Runs `judge`; when it throws, the failure is filed under `ruleId` (the first noted leads), at `operationId` where one is judged.
 * An assertion failing under a rule of an assumption (a reference page's decision) is noted as the client notes an assumption's
 * violation (noteAssumed): softly, and the check goes on, so that no seed or provider judgement after it is left unrun; the
 * judge's value is then undefined. Another error (a violation the client threw, a set-up's) stops the check as before.
 */
export function underRule<T>(testInfo: TestInfo, ruleId: string, judge: () => T, operationId?: string): T {
  try {
    return judge();
  } catch (error) {
    if (assumedAssertion(testInfo, ruleId, error, operationId)) return undefined as T;
    noteBroken(testInfo, { rule: ruleId, ...(operationId ? { operationId } : {}) });
    throw error;
  }
}

/**
 * underRule for a judgement that calls the target: a choke point's violation of that call (the error body's ReasonCode of
 * its case) is filed under `ruleId` where the check's rule alone states the case (an event refused without its mandatory condition).
 */
export async function underRuleAsync<T>(testInfo: TestInfo, ruleId: string, judge: () => Promise<T>, operationId?: string): Promise<T> {
  try {
    return await judge();
  } catch (error) {
    if (assumedAssertion(testInfo, ruleId, error, operationId)) return undefined as T;
    noteBroken(testInfo, { rule: ruleId, ...(operationId ? { operationId } : {}) });
    throw error;
  }
}

/**
 * Notes a failed `expect` under an assumption's rule of the check's service (true), as noteAssumed does; anything else (another
 * rule's, a thrown violation, an error of the check's own code) is left to stop the check (false). The operation is the one
 * judged, else the rule's own where it names one.
 */
function assumedAssertion(testInfo: TestInfo, ruleId: string, error: unknown, operationId?: string): boolean {
  if (!(error instanceof Error) || !('matcherResult' in error)) return false;
  const id = ruleId.split('@')[0]!;
  let rule: { source: string; operations: string[] } | undefined;
  try {
    if (ruleWeights(testInfo.project.name).source.get(id) !== 'assumption') return false;
    rule = loadRules(testInfo.project.name).rules.find((r) => r.id === id);
  } catch {
    return false; // a project without a catalogue (the suite's own tests)
  }
  const message = stripVTControlCharacters(error.message);
  const at = operationId ?? (rule?.operations.length === 1 ? rule.operations[0] : undefined);
  const note = { check: 'assertion', rules: [id], line: firstLine(message), ...(at ? { operationId: at } : {}) };
  testInfo.annotations.push({ type: ASSUMED_ANNOTATION, description: JSON.stringify(note) });
  softly.soft({ message }).toHoldAsAssumed();
  return true;
}

/** A property's problems a spec asserts itself (`expect(problems).toEqual([])`): any files the failure under its rule, as underRule. */
export function problemsUnder(ruleId: string, problems: string[], operationId?: string): string[] {
  if (!problems.length) return problems;
  let testInfo: TestInfo | undefined;
  try {
    testInfo = test.info();
  } catch {
    // Outside a test (a tool judging a report): nothing to file.
  }
  if (testInfo) noteBroken(testInfo, { rule: ruleId, ...(operationId ? { operationId } : {}) });
  return problems;
}

function noteBroken(testInfo: TestInfo, at: BrokenAt): void {
  if (!testInfo.annotations.some((a) => a.type === BROKEN_RULE_ANNOTATION))
    testInfo.annotations.push({ type: BROKEN_RULE_ANNOTATION, description: JSON.stringify(at) });
}

/** The rule (and operation) a failed check's assertion named as broken (underRule), if any; a bare id is an older annotation's. */
export function brokenRuleOf(annotations: Annotations): BrokenAt | undefined {
  const d = annotations.find((a) => a.type === BROKEN_RULE_ANNOTATION)?.description;
  if (!d) return undefined;
  if (!d.startsWith('{')) return { rule: d };
  try {
    return JSON.parse(d) as BrokenAt;
  } catch {
    return undefined;
  }
}

/** The property violation a failed check's first error leads with (probe.ts), filed under its checker's rule (property-counts.ts). */
export function propertyBroken(error: string | undefined, ruleOfChecker: ReadonlyMap<string, string>): BrokenAt | undefined {
  for (const m of (error ?? '').matchAll(/^(?:\w*Error: )?\s*\[([\w-]+)\] ([A-Za-z]\w*) \(/gm)) {
    const rule = ruleOfChecker.get(m[1]);
    if (rule) return { rule, operationId: m[2] };
  }
  return undefined;
}

/** A failed step the check went on without (a valid call refused or judged): a later unjudged failure is filed under its rule. */
const STEP_FAILED_ANNOTATION = 'step-failed';

export interface StepFailed {
  operationId: string;
  /** The answer's status, or the first line of the violation the call threw. */
  status: string;
  /** The refusal's code as its error body gives it, where it gives one. */
  code?: string;
  /** What the step was, in the check's words ("its valid call"). */
  what: string;
  /** The rule the refusal breaks (a valid call refused: the service's rule that every allowed form is accepted). */
  rule?: string;
  /** The exchange's number in the test's `HTTP exchanges`. */
  call?: number;
  /** A set-up step the check declared (given): the failure it threw is after it, whatever exchange it tells. */
  given?: true;
}

/**
 * A check's set-up step (an object made, a state reached, a refusal that must happen first): a precondition, not a judgement.
 * When it fails, the check is "not judged after" it: the failure is filed under `rule`, the statement the step itself rests on
 * (judged once, there), never under the check's own rules.
 */
export async function given<T>(what: string, rule: string, step: () => Promise<T> | T, operationId?: string): Promise<T> {
  try {
    return await step();
  } catch (error) {
    const site = (error as ContractViolation | undefined)?.site;
    const first =
      String((error as Error)?.message ?? error)
        .split('\n')
        .find((l) => l.trim()) ?? 'failed';
    noteStepFailed(test.info(), {
      operationId: site?.operationId ?? operationId ?? 'its set-up',
      status: site ? String(site.status) : stripVTControlCharacters(first).slice(0, 160),
      what,
      rule,
      given: true,
    });
    throw error;
  }
}

/** A declared set-up step that did not hold, noted where it is found (a run still in progress after its reads), as given() does. */
export function setUpFailed(what: string, rule: string, operationId: string, status: string): void {
  noteStepFailed(test.info(), { operationId, status: status.slice(0, 160), what, rule, given: true });
}

/** Notes a failed step of the check, once per rule, operation, status and code (the first noted leads). */
export function noteStepFailed(testInfo: TestInfo, step: StepFailed): void {
  const key = (s: StepFailed) => `${s.rule} ${s.operationId} ${s.status} ${s.code}`;
  if (stepsFailedOf(testInfo.annotations).some((s) => key(s) === key(step))) return;
  testInfo.annotations.push({ type: STEP_FAILED_ANNOTATION, description: JSON.stringify(step) });
}

/** The failed steps a check's annotations carry, in the order noted. */
export function stepsFailedOf(annotations: Annotations): StepFailed[] {
  return notesOf<StepFailed>(annotations, STEP_FAILED_ANNOTATION);
}
