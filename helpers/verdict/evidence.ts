// A failure's evidence: the exchange that failed it, from the test's `HTTP exchanges` (client.ts numbers them and marks those
// a named check failed). A violation names its exchange's number; a spec's assertion is the answer holding the value it
// received, in the failed step and the operation its message names; several or none: the page shows the candidates.
import type { StepFailed, ViolationNote } from '../client/annotations.js';
import { escapeRegExp } from '../contract/writers.js';
import { loadRules, rulesJudgedBy } from '../contract/rules.js';

/** One exchange as the client attached it (redacted). */
export interface KeptExchange {
  exchange: string;
  /** The test's call number (1-based, call order). */
  call?: number;
  operationId?: string;
  /** When its answer was in (an ISO instant, or epoch ms; the worker's clock). */
  at?: string | number;
  /** The named check it failed. */
  failed?: string;
  request?: { method?: string; url?: string; headers?: unknown; body?: unknown };
  response?: { status?: number; headers?: Record<string, string>; body?: unknown };
}

/** How a failure's evidence was told. */
export type EvidenceHow =
  /** The exchange the failing contract check judged (the client marked it). */
  | 'failed'
  /** The only exchange whose answer holds the value the failing assertion received. */
  | 'received'
  /** The only exchange of the test step that failed. */
  | 'step'
  /** Several exchanges fit: the failure is one of them. */
  | 'candidates'
  /** Not told: the test's last exchanges before the failure, any or none of them. */
  | 'unknown';

export interface Evidence {
  how: EvidenceHow;
  /** One sentence saying how the exchanges shown were chosen. */
  note: string;
  /** The exchanges shown, each redacted and rendered (request line, then request and response). */
  exchanges: string[];
  /** The operation of the exchange told (how failed, received or step). */
  operationId?: string;
  /** Its call number in the test (how received or step). */
  call?: number;
  /** The status it was answered (how received or step; candidates, or every exchange of an untold one, all answered alike). */
  status?: number;
}

/** A step of the failed test, as Playwright reports it (only what is read here). */
export interface StepWindow {
  title: string;
  category: string;
  startTime: Date;
  duration: number;
  error?: unknown;
  steps: StepWindow[];
}

const MAX_SHOWN = 4;
const MAX_CHARS = 6000;

/** An exchange as evidence, written as HTTP is read: `#call METHOD url -> status (operationId)`, the request's headers and body, then the answer's. */
export function renderExchange(e: KeptExchange): string {
  const line = `#${e.call ?? '?'} ${e.request?.method ?? e.exchange.split(' ')[0]} ${e.request?.url ?? e.exchange} -> ${e.response?.status ?? '?'}${
    e.operationId ? ` (${e.operationId})` : ''
  }${e.failed ? ` [failed ${e.failed}]` : ''}`;
  const headers = (prefix: string, h: unknown) =>
    Object.entries((h ?? {}) as Record<string, unknown>).map(
      ([k, v]) => `${prefix} ${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`,
    );
  const body = (b: unknown) => (b === undefined ? [] : [typeof b === 'string' ? b : JSON.stringify(b, null, 2)]);
  const text = [
    line,
    ...headers('>', e.request?.headers),
    ...body(e.request?.body),
    `< ${e.response?.status ?? '?'}`,
    ...headers('<', e.response?.headers),
    ...body(e.response?.body),
  ].join('\n');
  return text.length > MAX_CHARS
    ? `${text.slice(0, MAX_CHARS)}... (${text.length - MAX_CHARS} more characters in the Allure report)`
    : text;
}

/** The values a failed assertion received, as Playwright's matchers print them (`Received: 200`, `Received string: "x"`). */
export function receivedValues(error: string): string[] {
  const values: string[] = [];
  for (const m of error.matchAll(/^\s*Received(?: (?:string|value))?: (.+)$/gm)) {
    const v = m[1].trim();
    if (v && !/^(undefined|null|true|false|\[|\{|Array|Object)/.test(v)) values.push(v);
  }
  // A check's collected failures, in the words of the contract checks: `Received 200 / Documented ...`.
  for (const m of error.matchAll(/\bReceived:? ([1-5]\d\d) \/ Documented/g)) if (!values.includes(m[1])) values.push(m[1]);
  return values;
}

/** Whether an exchange's answer holds a value the assertion received: its status, a header's value, a member's value. */
function answers(e: KeptExchange, value: string, byStatus: boolean): boolean {
  if (byStatus) return String(e.response?.status) === value;
  const text = /^".*"$/.test(value) ? value : undefined;
  const body = JSON.stringify(e.response?.body ?? '');
  const headers = Object.values(e.response?.headers ?? {});
  if (text !== undefined) {
    const inner = text.slice(1, -1);
    return body.includes(text) || headers.includes(inner) || (inner.length > 3 && body.includes(inner));
  }
  if (headers.includes(value)) return true;
  return new RegExp(`[:\\[,]${escapeRegExp(value)}[,\\]}]`).test(body) || body.includes(`"${value}"`);
}

/** The deepest step of the test that carries the error and was opened by the test (test.step), with the time it spans. */
function failingStep(steps: StepWindow[]): StepWindow | undefined {
  for (const s of steps) {
    if (!s.error) continue;
    const inner = failingStep(s.steps);
    if (inner) return inner;
    if (s.category === 'test.step') return s;
  }
  return undefined;
}

/** When the failing assertion ran (its expect step), if Playwright reported one. */
function failedAt(steps: StepWindow[]): number | undefined {
  for (const s of steps) {
    if (!s.error) continue;
    const inner = failedAt(s.steps);
    if (inner !== undefined) return inner;
    if (s.category === 'expect') return s.startTime.getTime() + s.duration;
  }
  return undefined;
}

const within = (e: KeptExchange, from: number, to: number) => {
  const at = typeof e.at === 'string' ? Date.parse(e.at) : e.at;
  return at === undefined || (at >= from && at <= to);
};
const narrowed = (list: KeptExchange[], keep: (e: KeptExchange) => boolean) => {
  const kept = list.filter(keep);
  return kept.length ? kept : list;
};

/** A failed check's evidence: `violation`, the lead one (naming its exchange); `error`, redacted; `steps`, the result's. */
export function chooseEvidence(
  exchanges: KeptExchange[],
  failure: { violation?: ViolationNote; error?: string; steps?: StepWindow[]; after?: StepFailed },
): Evidence | undefined {
  if (exchanges.length === 0) return undefined;
  const { violation, error = '', steps = [], after } = failure;
  // A failure that depended on a failed step of its check (TestOutcome.after): the step's exchange.
  const stepExchange = after?.call !== undefined ? exchanges.find((e) => e.call === after.call) : undefined;
  if (stepExchange)
    return {
      how: 'failed',
      note: `the exchange of the step that failed first in the check (call #${after!.call} of the test: ${after!.what} answered ${after!.status})`,
      exchanges: [renderExchange(stepExchange)],
      operationId: stepExchange.operationId,
    };
  if (violation) {
    const judged =
      exchanges.find((e) => violation.call !== undefined && e.call === violation.call) ??
      exchanges
        .filter((e) => e.failed === violation.check && e.operationId === violation.operationId && e.response?.status === violation.status)
        .at(-1);
    if (judged)
      return {
        how: 'failed',
        note: `the exchange ${violation.check} judged and failed (call #${judged.call ?? '?'} of the test)`,
        exchanges: [renderExchange(judged)],
        operationId: judged.operationId,
      };
  }
  // A spec's own assertion: only exchanges answered before it failed, within the step it failed in.
  const end = failedAt(steps) ?? Number.POSITIVE_INFINITY;
  let pool = exchanges.filter((e) => within(e, Number.NEGATIVE_INFINITY, end));
  if (pool.length === 0) pool = exchanges;
  const step = failingStep(steps);
  const inStep = step ? pool.filter((e) => within(e, step.startTime.getTime(), step.startTime.getTime() + step.duration)) : [];
  const scope = inStep.length ? inStep : pool;
  // An operation the message names (a helper's message: `HTTP status of getPlan (...)`).
  const named = new Set(scope.map((e) => e.operationId).filter((o): o is string => Boolean(o) && new RegExp(`\\b${o}\\b`).test(error)));
  const ofNamed = named.size ? scope.filter((e) => e.operationId && named.has(e.operationId)) : scope;
  for (const value of receivedValues(error)) {
    const byStatus = /^[1-5]\d\d$/.test(value) && ofNamed.some((e) => String(e.response?.status) === value);
    const fit = ofNamed.filter((e) => answers(e, value, byStatus));
    if (fit.length === 0) continue;
    const what = byStatus ? `answered status ${value}` : `answered the value ${value}`;
    const where = inStep.length ? ` in the failing step "${step!.title}"` : '';
    if (fit.length === 1)
      return {
        how: 'received',
        note: `the only exchange${where} that ${what}, the value the failing assertion received`,
        exchanges: [renderExchange(fit[0])],
        operationId: fit[0].operationId,
        call: fit[0].call,
        status: fit[0].response?.status,
      };
    // A test that failed on one of several answers alike: which one is not told; the latest first.
    const shown = narrowed(fit, (e) => e.failed !== undefined)
      .slice(-MAX_SHOWN)
      .reverse();
    // Several answers alike of one operation and status: which one is not told, the operation and status are.
    const alike = fit.every((e) => e.operationId === fit[0].operationId && e.response?.status === fit[0].response?.status);
    return {
      how: 'candidates',
      note: `${fit.length} exchanges${where} ${what}, the value the failing assertion received: the failure is one of these${fit.length > shown.length ? ` (the latest ${shown.length} shown)` : ''}`,
      exchanges: shown.map(renderExchange),
      ...(alike ? { operationId: fit[0].operationId, status: fit[0].response?.status } : {}),
    };
  }
  if (inStep.length === 1)
    return {
      how: 'step',
      note: `the only exchange of the failing step "${step!.title}"`,
      exchanges: [renderExchange(inStep[0])],
      operationId: inStep[0].operationId,
      call: inStep[0].call,
      status: inStep[0].response?.status,
    };
  const marked = scope.filter((e) => e.failed !== undefined);
  if (marked.length)
    return {
      how: 'candidates',
      note: `the exchanges a contract check failed in this test: the failure is one of these${marked.length > MAX_SHOWN ? ` (the latest ${MAX_SHOWN} of ${marked.length} shown)` : ''}`,
      exchanges: marked.slice(-MAX_SHOWN).reverse().map(renderExchange),
    };
  const last = scope.slice(-Math.min(3, MAX_SHOWN)).reverse();
  // Every answer it got alike (one operation, one status): which one is not told, the operation and status are.
  const alike = scope.every((e) => e.operationId === scope[0].operationId && e.response?.status === scope[0].response?.status);
  return {
    ...(alike ? { operationId: scope[0].operationId, status: scope[0].response?.status } : {}),
    how: 'unknown',
    note: `not told which exchange the failing assertion read (its received value is in none alone): the test's last ${last.length} exchange(s) before it failed, latest first; any or none of them`,
    exchanges: last.map(renderExchange),
  };
}

/**
 * The failed step (a valid call refused) a failure without a judgement of its own came after: the first, unless told on an
 * exchange of its own answered otherwise than a failed step's operation and status (its own failure: undefined).
 */
export function failedAfter(
  exchanges: KeptExchange[],
  steps: StepFailed[],
  failure: { error?: string; steps?: StepWindow[] },
): StepFailed | undefined {
  if (steps.length === 0) return undefined;
  // A declared set-up step that threw (annotations.ts given): the check's failure is that step's.
  const declared = steps.find((s) => s.given);
  if (declared) return declared;
  const own = chooseEvidence(exchanges, failure);
  const told = own?.call !== undefined ? exchanges.find((e) => e.call === own.call) : undefined;
  if (!told) return steps[0];
  return (
    steps.find((s) => s.call === told.call) ??
    steps.find((s) => s.operationId === told.operationId && s.status === String(told.response?.status))
  );
}

/**
 * A failure whose first error is a violation the choke point found (`[check] METHOD /path (OperationId) status: ...`) on a call of
 * no step of the check: no violation of the check's own leads it (the client notes one on every call a check sends), so the call
 * was a fixture's set-up (a worker's read of the shared data, made before the check began). The check is not judged after it: the
 * failure is filed under the rule the catalogue gives that check on that operation (its narrowest), the set-up step that failed,
 * never under the check's own rules (helpers/verdict/README.md).
 */
export function setUpViolation(service: string, error: string | undefined): StepFailed | undefined {
  // The named checks' form (`[check] METHOD /path (OperationId) status: ...`), or a service judge's naming its rule
  // (`[check] OperationId status: RULE-ID: ...`).
  const named = /^(?:\w+: )?\s*\[(\w+)\] [A-Z]+ \S+ \(([A-Za-z][\w-]*)\)(?::? (\d{3}))?/m.exec(error ?? '');
  const judged = named
    ? undefined
    : /^(?:\w+: )?\s*\[(\w+)\] ([A-Za-z][\w-]*) (\d{3}): ([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+):/m.exec(error ?? '');
  const m = named ?? judged;
  if (!m) return undefined;
  const [, check, operationId, status, stated] = m as unknown as [string, string, string, string | undefined, string | undefined];
  let rule: string | undefined;
  try {
    const rules = loadRules(service).rules.filter((r) => r.operations.includes(operationId));
    const judging = rulesJudgedBy(service, check);
    rule = stated
      ? rules.find((r) => r.id === stated)?.id
      : rules.filter((r) => judging.includes(r.id)).sort((a, b) => a.operations.length - b.operations.length)[0]?.id;
  } catch {
    // A service without a catalogue: the step is still told, under no rule.
  }
  const first = (error ?? '').split('\n').find((l) => l.includes(`(${operationId})`) || l.includes(`] ${operationId} `)) ?? '';
  return {
    operationId,
    status: status ?? first.replace(/^(?:\w+: )?\s*/, '').slice(0, 160),
    what: 'a call of its set-up outside the check (a fixture reading the shared data)',
    ...(rule ? { rule } : {}),
    given: true,
  };
}
