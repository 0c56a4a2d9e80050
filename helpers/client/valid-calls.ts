// The calls a check sends as valid (helpers/client/README.md, one call in order, step 7): a body a request builder made, sent as
// built, or a call marked valid; refused, or answered with a break of a named check, it is the check's failed step, filed under
// its violation's rule, else the service's valid-accepted rule; not in a check that switched the mock's faults itself.
import type { TestInfo } from '@playwright/test';
import { ContractViolation } from '../contract/checks.js';
import type { Operation } from '../contract/contract.js';
import { recoverableRule, validAcceptedRule } from '../contract/rules.js';
import { noteStepFailed } from './annotations.js';
import type { CallOptions } from './call-options.js';

/** The bodies the request builders made valid, each with its text as made (a body changed since is no longer one). */
const builtBodies = new WeakMap<object, string>();
/** Checks that switched the mock's faults themselves (a 500 asked for): a refusal of their valid calls is what they expect. */
const refusalsExpected = new WeakSet<TestInfo>();

/** Marks a body (or a whole call: path, query, headers, body) a request builder made as one the contract and the target's data accept. */
export function builtValid<T extends object>(made: T): T {
  builtBodies.set(made, JSON.stringify(made));
  return made;
}

/** Whether a value is one a builder made valid, unchanged since (serialised only when a builder made it: most calls' options were not). */
const asBuilt = (made: unknown) => {
  const text = typeof made === 'object' && made !== null ? builtBodies.get(made) : undefined;
  return text !== undefined && text === JSON.stringify(made);
};

/** Notes that a check switched the mock's faults on (its fixture's setFaults): its refused valid calls are no failed step. */
export function expectRefusals(testInfo: TestInfo): void {
  refusalsExpected.add(testInfo);
}

/** Whether a call is one its check sends as valid: marked so, or a built body sent as built with nothing else changed. */
export function sentAsValid(options: CallOptions, body: string | undefined): boolean {
  if (options.valid || asBuilt(options)) return true;
  // A built body, or a list of built items (a participation request's array), sent as built.
  const items = Array.isArray(options.body) && !builtBodies.has(options.body) ? options.body : [options.body];
  return (
    items.length > 0 &&
    items.every(asBuilt) &&
    body === JSON.stringify(options.body) &&
    options.rawBody === undefined &&
    !options.refusal &&
    options.auth === undefined &&
    options.method === undefined &&
    options.headers === undefined
  );
}

/** A refusal's code as an error body gives it, a word before a number (card enrollment's status, installments' ReasonCode, financial data's code). */
function refusalCode(body: unknown): string | undefined {
  const seen = [body];
  const codes: (string | number)[] = [];
  for (const v of seen) {
    if (Array.isArray(v)) seen.push(...v);
    else if (v && typeof v === 'object')
      for (const [k, m] of Object.entries(v)) {
        if (/^(reasonCode|status|reason|code|errorCode)$/i.test(k) && (typeof m === 'string' || typeof m === 'number')) codes.push(m);
        if (typeof m === 'object') seen.push(m);
      }
  }
  const code = codes.find((c) => typeof c === 'string') ?? codes[0];
  return code === undefined ? undefined : String(code);
}

/** Whether an error body says the request cannot succeed when sent again: an item whose Recoverable is false (provider installments 2.0.0 Error). */
export function notRecoverable(body: unknown): boolean {
  const seen = [body];
  for (const v of seen) {
    if (Array.isArray(v)) seen.push(...v);
    else if (v && typeof v === 'object')
      for (const [k, m] of Object.entries(v)) {
        if (/^recoverable$/i.test(k) && m === false) return true;
        if (m && typeof m === 'object') seen.push(m);
      }
  }
  return false;
}

/**
 * The rule a valid call's refusal is sent again under: one its check sends as valid, refused (a 4xx, not the target's pacing)
 * with an error that says the request cannot succeed again (notRecoverable), on an operation whose service states that
 * (`<PREFIX>-ERR-RECOVERABLE`). Not in a check that switched the mock's faults itself (its refusals are expected).
 */
export function recoverableAgain(
  testInfo: TestInfo | undefined,
  op: Operation,
  options: CallOptions,
  body: string | undefined,
  answer: { status: number; body: unknown },
): string | undefined {
  if ((testInfo && refusalsExpected.has(testInfo)) || answer.status < 400 || answer.status >= 500 || answer.status === 429)
    return undefined;
  if (!sentAsValid(options, body) || !notRecoverable(answer.body)) return undefined;
  return recoverableRule(op.service, op.operationId);
}

/** A valid call refused or breaking a named check: the failed step, under its violation's rule, else valid-accepted (seed 000 / 002). */
export function noteIfStepFailed(
  testInfo: TestInfo | undefined,
  op: Operation,
  status: number,
  body: unknown,
  violation: unknown,
  call: number | undefined,
  judges?: string,
): void {
  const broke = violation instanceof ContractViolation ? violation : undefined;
  if (!testInfo || refusalsExpected.has(testInfo) || (status < 400 && !broke)) return;
  // A 5xx to a valid call (but a 503, a documented temporary unavailability) is the step failed, filed under the rule the call
  // was sent to judge, else the operation's documented success (seed 000 POST /cards, a valid request answered 200); its error
  // body off form is the status's own rule's, judged on the answer (every-answer/internal-error.ts), not the step's.
  const rule =
    status >= 500 && status !== 503
      ? (judges ?? validAcceptedRule(op.service) ?? broke?.rules[0])
      : (broke?.rules[0] ?? validAcceptedRule(op.service));
  const code = status >= 400 ? refusalCode(body) : undefined;
  noteStepFailed(testInfo, {
    operationId: op.operationId,
    status: broke && status < 400 ? broke.message.split('\n')[0] : String(status),
    ...(code ? { code } : {}),
    what: 'its valid call',
    ...(rule ? { rule } : {}),
    ...(call !== undefined ? { call } : {}),
  });
}
