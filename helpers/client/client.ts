// The one choke point for every call (helpers/client/README.md, one call in order): resolves the operation,
// sends it through Playwright's APIRequestContext, runs the named checks, records coverage and attaches the redacted exchange.
import type { APIRequestContext, TestInfo } from '@playwright/test';
import { createRequire } from 'node:module';
import * as allure from 'allure-js-commons';
import {
  ContractViolation,
  contentTypeConformance,
  declaredBody,
  documentedResponse,
  formatAjvErrors,
  responseBodyPresence,
  requestHeaderEchoConformance,
  responseHeadersConformance,
  responseSchemaConformance,
  sensitiveEchoConformance,
  statusCodeConformance,
  type ConflictMet,
  type Exchange,
} from '../contract/checks.js';
import { EXCHANGES_ATTACHMENT, noteAssumed, noteStepFailed, noteViolation, skipAs } from './annotations.js';
import { breakerKey, holdBack } from './breaker.js';
import type { Authorizer } from '../auth/authorizer.js';
import { plaintextsIn } from '../auth/jwe.js';
import { judgeSentRequest } from './request-rules.js';
import { noteAnswerTime, noteSpent, spentSoFar, timeShortfall } from './guest/time-budget.js';
import { loadRules, namesMember, rulesJudgedBy, ruleStating, validAcceptedRule } from '../contract/rules.js';
import { failureWeight, ruleWeights } from '../contract/weight.js';
import { answeredConflicts, CONFLICT_MET_ANNOTATION } from '../contract/conflicts.js';
import type { Contract, Operation } from '../contract/contract.js';
import { recordCoverage, recordTestCoverage } from './coverage.js';
import { echoedHeaderNames } from './invariants/headers.js';
import { ERROR_STATUS, errorStatusOf } from './invariants/error-status.js';
import { DESCRIBED_STATE, declaresPair, describedStateOf } from './invariants/described-states.js';
import { redact, redactHeaders, redactText } from '../secrets/redact.js';
import { limitOf } from '../contract/facts.js';
import { suiteConfig } from '../config/config.js';
import { mockVersion } from '../contract/versions.js';
import { readValue, type Env } from '../config/env-schema.js';
import { logGuest } from './guest/guest-log.js';
import { ownershipOf } from './guest/ownership.js';
import { paceRequest, retryAfterSeconds, waitAsGuest, waitsAgain } from './guest/rate.js';
import { holdShared } from './guest/shared-state.js';
import { noteEchoed } from '../secrets/sent-ledger.js';
import { findAnswerEchoes, findHeaderEchoes, markEchoes, noteSent, sensitiveValuesIn, sentSoFar } from '../secrets/sensitive.js';
import { noteSentTexts, normalisedEchoConformance, sentTextsOf } from '../contract/normalised-echo.js';
import { BUILT_URLS, builtUrlsOf, urlMembersOf } from './invariants/built-urls.js';
import { type AnswerProperty, countJudgedOnce } from './property-counts.js';
import type { ServiceProfile } from '../contract/services.js';
import type { BodyInput, OperationId, PathParameters, RequestBody, ServiceName } from '../contract/operations.js';

export interface CallOptions {
  path?: Record<string, string | number | undefined>;
  query?: Record<string, string | number | boolean | undefined>;
  /** Extra headers; a header set to undefined is removed from the defaults. */
  headers?: Record<string, string | undefined>;
  body?: unknown;
  /** Raw option: send exactly this text as the body (malformed JSON and the like). */
  rawBody?: string;
  /** false: send no credentials; a function: use these instead of the client's. */
  auth?: boolean | Authorizer;
  /** Call another base URL with this operation's contract (e.g. an issuer's endpoint). */
  baseURL?: string;
  /** Raw option: send with another HTTP method (a documented 405), checked against this operation. */
  method?: string;
  /** A check of the 429 itself: the answer reaches the check as it is, never waited out (on a sandbox). */
  rateLimit?: 'expect';
  /** Sent as a request the documents refuse (a generated negative case): never judged by the request rules. */
  refusal?: true;
  /**
   * A generated case the documents refuse (helpers/client/negative.ts): answered with a success, its acceptance is what failed
   * (the case files it under the rule stating the refusal), so the answer is judged only for a sensitive value in clear.
   */
  negative?: true;
  /** A call the check needs accepted: refused, or breaking a named check, it is the check's failed step (as is a `builtValid` body). */
  valid?: true;
}

/** The bodies the request builders made valid, each with its text as made (a body changed since is no longer one). */
const builtBodies = new WeakMap<object, string>();
/** Checks that switched the mock's faults themselves (a 500 asked for): a refusal of their valid calls is what they expect. */
const refusalsExpected = new WeakSet<TestInfo>();

/** Marks a body (or a whole call: path, query, headers, body) a request builder made as one the contract and the target's data accept. */
export function builtValid<T extends object>(made: T): T {
  builtBodies.set(made, JSON.stringify(made));
  return made;
}

/** Whether a value is one a builder made valid, unchanged since. */
const asBuilt = (made: unknown) => typeof made === 'object' && made !== null && builtBodies.get(made) === JSON.stringify(made);

/** Notes that a check switched the mock's faults on (its fixture's setFaults): its refused valid calls are no failed step. */
export function expectRefusals(testInfo: TestInfo): void {
  refusalsExpected.add(testInfo);
}

/** Whether a call is one its check sends as valid: marked so, or a built body sent as built with nothing else changed. */
function sentAsValid(options: CallOptions, body: string | undefined): boolean {
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

/** One operation's call options: path parameters and body as the contract declares them (helpers/contract/operations.ts), typo-proof. */
export type OperationCallOptions<S extends ServiceName, Id> = Id extends unknown
  ? Omit<CallOptions, 'path' | 'body'> & {
      path?: [PathParameters<S, Id>] extends [never] ? CallOptions['path'] : { [K in keyof PathParameters<S, Id>]?: string | number };
      body?: BodyInput<RequestBody<S, Id>>;
    }
  : never;

/** An object this client created on a sandbox, and the call that deletes it. */
interface Owned {
  kind: string;
  id?: string;
  quota: boolean;
  undo?: { operationId: string; path: Record<string, string | number>; body?: unknown };
  auth: Authorizer | undefined;
  /** Deleted by the check itself (its own delete call answered 2xx): its place in the quota is free again. */
  freed?: boolean;
}

let unnamed = 0;
/** Creations this process announced in the ledger (their refs). */
let intents = 0;
/** Testing customers this process holds on the sandbox right now (the quota is per partner). */
let liveQuotaObjects = 0;
/** How many testing customers one worker may hold at once on a sandbox (helpers/target/sandbox/quota.ts plans with it). */
export const SANDBOX_CUSTOMERS_PER_WORKER = 12;

export interface ApiResponse<T = any> extends Omit<Exchange, 'body'> {
  body: T;
  /** The body's bytes as received (a PDF or another binary body: `text` is their UTF-8 reading). */
  bytes: Buffer;
  /** The exchange's number in the test's `HTTP exchanges` (call order), where a test records them. */
  call?: number;
}

export interface ClientDeps {
  request: APIRequestContext;
  contract: Contract;
  profile: ServiceProfile;
  baseURL: string;
  testInfo?: TestInfo;
  authorize?: Authorizer;
  defaultHeaders?: Record<string, string>;
  /** Headers of the client's own for one operation unless the call gives them (installments' telling Correlation-Id on approvedOffers). */
  operationHeaders?: (operation: Operation) => Record<string, string>;
  /** false: what this client creates is meant to stay (the test data `npm run sandbox:prepare` makes), not a guest's to delete. */
  guest?: boolean;
  /** Whether the target is a sandbox (a guest's manners apply); the configured TARGET unless given. */
  sandbox?: boolean;
  /** A service's judge of each answer against its request (card enrollment's answer invariants): throws a ContractViolation. */
  judge?: (answer: JudgedAnswer) => void;
  /** The states a call writes that a sandbox's workers share (the partner's lists), held shared while in flight (guest/shared-state.ts). */
  writes?: (operation: Operation, options: CallOptions) => readonly string[];
}

/** What a service's judge (ClientDeps.judge) gets of one exchange. */
export interface JudgedAnswer {
  operation: Operation;
  status: number;
  /** The request body as the call was given it (undefined for a raw body). */
  sent: unknown;
  /** The path parameters and query of the call as given (names as the contract spells them). */
  path: CallOptions['path'];
  query: CallOptions['query'];
  /** The request headers as sent (credentials included: a judge reports shapes, never these values), names in lower case. */
  requestHeaders: Record<string, string>;
  /** The answer's headers, names in lower case. */
  responseHeaders: Record<string, string>;
  body: unknown;
  /** Our clock when the request went out and when its answer was in (epoch ms). */
  sentAt: number;
  answeredAt: number;
}

/** What a call received: its status, headers (names in lower case) and body bytes. */
interface Received {
  status: number;
  headers: Record<string, string>;
  bytes: Buffer;
}

/** Playwright's own wrapper of its API calls: an `internal` call is no step of the test and no message to the runner. */
type ApiCallWrapper = { _wrapApiCall?: (run: () => Promise<Received>, options: { internal: boolean }) => Promise<Received> };

/** Playwright's zone of the API call in progress: a call made inside one is part of it, no call of its own. */
type ZoneApi = { currentZone?: () => { with(name: string, data: unknown): { run<R>(fn: () => R): R } } };

/** Playwright's current zone: a call inside an internal zone skips the wrapper's 50-frame stack (about 3 s of CPU over `npm test`). */
const zoneApi: ZoneApi = (() => {
  try {
    return (createRequire(import.meta.url)('playwright-core/lib/coreBundle') as { utils?: ZoneApi }).utils ?? {};
  } catch {
    return {};
  }
})();

/** One exchange (bytes as given, no redirects), the response disposed at once; fetch, body and dispose as one internal call. */
async function fetchOnce(
  request: APIRequestContext,
  url: string,
  init: { method: string; headers: Record<string, string>; data?: Buffer },
): Promise<Received> {
  const exchange = async (): Promise<Received> => {
    // Playwright's own timeout builds a 200-frame error before every fetch (about 2.5 s of CPU): the deadline is kept here instead.
    let response: Awaited<ReturnType<APIRequestContext['fetch']>>;
    try {
      response = await request.fetch(url, { ...init, failOnStatusCode: false, maxRedirects: 0, timeout: 0 });
    } catch (error) {
      // Playwright's message of a failed exchange ends with a call log of every header sent, keys included: its first line only.
      const first = (error as Error).message.split('\n')[0].replace(/^apiRequestContext\.fetch: /, '');
      throw new Error(`${init.method} ${redactText(url)}: ${redactText(first)}`);
    }
    try {
      return { status: response.status(), headers: response.headers(), bytes: await response.body() };
    } finally {
      await response.dispose();
    }
  };
  const zone = zoneApi.currentZone?.();
  const wrap = (request as unknown as ApiCallWrapper)._wrapApiCall;
  const call =
    zone && typeof zone.with === 'function'
      ? zone.with('apiZone', { apiName: 'apiRequestContext.fetch', frames: [], internal: true, reported: false }).run(exchange)
      : typeof wrap === 'function'
        ? wrap.call(request, exchange, { internal: true })
        : exchange();
  return withinDeadline(call, REQUEST_DEADLINE_MS, () => `${init.method} ${redactText(url)}: no answer within ${REQUEST_DEADLINE_MS} ms`);
}

/** How long one exchange may take: Playwright's default for an API request (its `timeout` option). */
const REQUEST_DEADLINE_MS = 30_000;

/** The call's answer, or an error with the message once `ms` have passed without one. */
export function withinDeadline<T>(call: Promise<T>, ms: number, message: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message())), ms);
  });
  return Promise.race([call, late]).finally(() => clearTimeout(timer));
}

const MAX_ATTACHMENTS_PER_TEST = 30;
/** The longest request or response body a test's report keeps whole, in characters. */
const MAX_KEPT_BODY_CHARS = 16 * 1024;

/** A test's exchanges (redacted) and operations called, attached once as it ends (attachExchanges), not once per call. */
const kept = new WeakMap<
  TestInfo,
  { stories: Set<string>; exchanges: { exchange: string; call: number; operationId: string; at: string; failed?: string }[]; calls: number }
>();

/** The exchanges kept so far for a test (redacted, in call order), each named `METHOD /path -> status`, as its report will hold them. */
export function keptExchanges(testInfo: TestInfo): { exchange: string; text: string }[] {
  return (kept.get(testInfo)?.exchanges ?? []).map((e) => ({ exchange: e.exchange, text: JSON.stringify(e, null, 2) }));
}

/** Attaches a test's exchanges as one JSON array (call order), and its labels with its stories (operations called) in one message. */
export async function attachExchanges(testInfo: TestInfo, labels: { name: string; value: string }[] = []): Promise<void> {
  const mine = kept.get(testInfo);
  kept.delete(testInfo);
  const stories = [...(mine?.stories ?? [])].map((value) => ({ name: allure.LabelName.STORY, value }));
  if (labels.length || stories.length) await allure.labels(...labels, ...stories);
  if (mine?.exchanges.length)
    await testInfo.attach(EXCHANGES_ATTACHMENT, { body: JSON.stringify(mine.exchanges, null, 2), contentType: 'application/json' });
}

const servedViews = new WeakMap<Contract, Contract>();

/** The run's SANDBOX_OPERATIONS, read once: null before the first read, undefined when it names none. */
let listedOperations: Set<string> | undefined | null = null;

/** Whether the target serves an operation: on a sandbox, those SANDBOX_OPERATIONS names; a service it names none of is served whole. */
export function servesOperation(contract: Pick<Contract, 'operations'>, operationId: string, env?: Env): boolean {
  if (!env && suiteConfig().target !== 'sandbox') return true;
  // The run's list read once; another environment's (a sandbox `npm run doctor` judges) each time.
  if (env) return servedBy(env.SANDBOX_OPERATIONS ? new Set(readValue('SANDBOX_OPERATIONS', env)) : undefined, contract, operationId);
  if (listedOperations === null) {
    const listed = readValue('SANDBOX_OPERATIONS', suiteConfig().env);
    listedOperations = listed ? new Set(listed) : undefined;
  }
  return servedBy(listedOperations, contract, operationId);
}

function servedBy(listed: Set<string> | undefined, contract: Pick<Contract, 'operations'>, operationId: string): boolean {
  if (!listed || listed.has(operationId)) return true;
  return ![...contract.operations.keys()].some((id) => listed.has(id));
}

/** The client of one service (S): `call` takes only that service's operation ids. */
export class OperationClient<S extends ServiceName = ServiceName> {
  /** What this client created on a sandbox and has not deleted yet (deleteCreated removes it). */
  private readonly owned: Owned[] = [];
  private readonly sandbox: boolean;

  constructor(private readonly deps: ClientDeps) {
    this.sandbox = deps.sandbox ?? suiteConfig().target === 'sandbox';
  }

  /**
   * The contract as the target serves it: on a sandbox whose product is a slice (SANDBOX_OPERATIONS), a view whose `operations`
   * holds only the operations served, so that every property walking the contract's operations runs over the slice and leaves
   * out only what is outside it; an operation is still looked up by id (a call outside the slice skips, naming it).
   */
  get contract(): Contract {
    if (!this.sandbox) return this.deps.contract;
    const base = this.deps.contract;
    let view = servedViews.get(base);
    if (!view) {
      const served = new Map([...base.operations].filter(([id]) => servesOperation(base, id)));
      view =
        served.size === base.operations.size
          ? base
          : (Object.create(base, {
              operations: { value: served },
              operationOf: { value: (id: string) => base.operationOf(id) },
            }) as Contract);
      servedViews.set(base, view);
    }
    return view;
  }

  /** Notes a conflict or provider deviation an answer met (schemas/<service>/conflicts.yaml): the check goes on, listed CONDITIONAL. */
  noteConflictMet(met: ConflictMet): void {
    this.deps.testInfo?.annotations.push(
      { type: CONFLICT_MET_ANNOTATION, description: met.id },
      { type: 'warning', description: met.message },
    );
  }

  /** Whether a call of this client stopped its test as skipped (the breaker, a sandbox's quota): a loop that collects failures must stop too. */
  get stopped(): boolean {
    return this.deps.testInfo?.expectedStatus === 'skipped';
  }

  url(op: Operation, options: CallOptions): string {
    const resolved = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const value = options.path?.[name];
      if (value === undefined) throw new Error(`${op.operationId}: path parameter '${name}' not given`);
      return encodeURIComponent(String(value));
    });
    const url = new URL((options.baseURL ?? this.deps.baseURL).replace(/\/$/, '') + resolved);
    for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    return url.toString();
  }

  /** Calls an operation of this service by its id (a misspelled id, path parameter or body field does not compile). */
  async call<Id extends OperationId<S>, T = any>(operationId: Id, options?: OperationCallOptions<S, Id>): Promise<ApiResponse<T>> {
    // Read as CallOptions at once: `options ?? {}` would reduce a union over every operation's options (a tenth of `tsc -p .`).
    return this.callOperation<T>(this.deps.contract.operation(operationId), options as CallOptions | undefined);
  }

  /** Calls an operation by id with options built as data (a table of cases, a changed body, a sample): only the id is compile-checked. */
  async callBuilt<T = any>(operationId: OperationId<S>, options: CallOptions = {}): Promise<ApiResponse<T>> {
    return this.callOperation<T>(this.deps.contract.operation(operationId), options);
  }

  /** Calls an operation taken from the contract (a rule's operations, negative inputs from its schemas), options built at run time. */
  async callOperation<T = any>(op: Operation, options: CallOptions = {}): Promise<ApiResponse<T>> {
    const { contract, profile } = this.deps;
    const { operationId } = op;
    const url = this.url(op, options);
    const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const given = new Set(Object.keys(options.headers ?? {}).map((k) => k.toLowerCase()));
    const own = Object.entries(this.deps.operationHeaders?.(op) ?? {}).filter(([k]) => !given.has(k.toLowerCase()));
    let headers: Record<string, string> = { accept: 'application/json', ...this.deps.defaultHeaders, ...Object.fromEntries(own) };
    if (body !== undefined) headers['content-type'] = 'application/json';
    for (const [k, v] of Object.entries(options.headers ?? {})) {
      if (v === undefined) delete headers[k];
      else headers[k] = v;
    }
    const authorize = options.auth === false ? undefined : typeof options.auth === 'function' ? options.auth : this.deps.authorize;
    const method = options.method ?? op.method;
    if (authorize) headers = { ...headers, ...(await authorize({ operation: op, method, url, headers, body })) };

    // A check needing an operation the partner's product lacks (SANDBOX_OPERATIONS) is not run: the target does not sell it.
    if (this.sandbox && !servesOperation(this.deps.contract, operationId) && this.deps.testInfo)
      this.deps.testInfo.skip(true, `not in the partner's product on this sandbox: ${operationId} (SANDBOX_OPERATIONS)`);
    const owns = this.sandbox && this.deps.guest !== false ? ownershipOf(op.service, operationId) : undefined;
    if (owns?.quota && liveQuotaObjects >= SANDBOX_CUSTOMERS_PER_WORKER && this.deps.testInfo) {
      // A check needing more testing customers than a worker's share is not run (provider Test the APIs page: the quota).
      this.deps.testInfo.skip(
        true,
        `sandbox quota: needs more than the ${SANDBOX_CUSTOMERS_PER_WORKER} testing customers at once a worker may hold (the partner may have ${suiteConfig().sandboxCustomerQuota ?? limitOf(this.deps.contract, 'sandboxTestingCustomers')})`,
      );
    }
    const shortfall = timeShortfall(this.deps.testInfo);
    if (shortfall && this.deps.testInfo) skipAs(this.deps.testInfo, 'out-of-time', true, shortfall);
    const sentAt = Date.now();
    const quotaBefore = spentSoFar(this.deps.testInfo, 'quota');
    // A sandbox's 429 is waited out as it asks (helpers/client/guest/rate.ts), unless the check is about the 429.
    const waitOut = this.sandbox && options.rateLimit !== 'expect';
    const how = { writes: this.sandbox ? (this.deps.writes?.(op, options) ?? []) : [], holder: `${operationId} in flight` };
    // Write ahead: the creation is in the ledger, with the name the suite chose, before its request leaves.
    const ref = owns ? this.intend(op.service, operationId, owns, options, body) : undefined;
    const sent = await this.send(op, { url, method, headers, body }, authorize, { ...how, pace: this.sandbox, waitOut, signed: true });
    const { response, waited } = sent;
    headers = sent.headers;
    // ... and completed as soon as it is answered, before any judgement: with its id, or as made nothing.
    if (owns && ref) {
      if (response.status >= 200 && response.status < 300)
        this.own(op.service, operationId, owns, options, jsonOf(response.bytes.toString('utf8')), authorize, ref);
      else
        logGuest({
          event: 'unmade',
          service: op.service,
          kind: owns.kind,
          ref,
          why: `answered ${response.status}`,
          at: new Date().toISOString(),
        });
    }
    // Still throttled after every wait a call may take: the target's right, never the check's failure; skipped, saying why.
    if (waitOut && response.status === 429 && this.deps.testInfo)
      this.deps.testInfo.skip(
        true,
        `sandbox rate limit: ${operationId} still answered 429 after ${Math.round(waited)} s of waits as its Retry-After asked`,
      );
    const answeredAt = Date.now();
    noteAnswerTime(this.deps.testInfo, answeredAt - sentAt - waited * 1000);
    // The round trip less the pacing and 429 waits it held (each noted as quota where it was waited).
    noteSpent(this.deps.testInfo, 'answers', answeredAt - sentAt - (spentSoFar(this.deps.testInfo, 'quota') - quotaBefore));
    const { bytes, headers: responseHeaders } = response;
    const text = bytes.toString('utf8');
    const parsed = jsonOf(text);
    const exchange: Exchange = { operation: op, status: response.status, headers: responseHeaders, body: parsed, text };
    // On the mocks, what the mock took is judged by the documents' request rules (request-rules.ts), at the contract's version.
    if (
      !this.sandbox &&
      response.status < 300 &&
      options.rawBody === undefined &&
      !options.refusal &&
      !suiteConfig().mockFaults.length &&
      mockVersion(op.service) === contract.version
    )
      judgeSentRequest(
        { operation: op, body: options.body, headers, plaintexts: plaintextsIn(options.body) },
        contract,
        this.deps.testInfo,
      );
    const record = {
      service: op.service,
      operationId,
      status: exchange.status,
      documented: Boolean(documentedResponse(op, exchange.status)),
    };
    if (this.deps.testInfo) recordTestCoverage(this.deps.testInfo.annotations, record);
    else recordCoverage(record);

    const sentJson = jsonOf(body);
    const sentNow = sensitiveValuesIn(sentJson, headers);
    noteSent(sentNow);
    noteSentTexts(this.deps.testInfo, op, sentJson);
    const echoes = [...findAnswerEchoes(parsed, text, sentSoFar()), ...findHeaderEchoes(responseHeaders, sentSoFar())];
    for (const e of echoes) noteEchoed(e.value);
    // Every named check and the service's judge, in order. A violation of assumptions only is noted and the checks go on
    // (annotations.ts noteAssumed): an assumption never gates a seed or provider judgement. The first other one stops them.
    const accepted = options.negative && exchange.status >= 200 && exchange.status < 300;
    const judgements: (() => void)[] = accepted
      ? [() => sensitiveEchoConformance(exchange, echoes)]
      : [
          () => sensitiveEchoConformance(exchange, echoes),
          () => statusCodeConformance(exchange),
          () => contentTypeConformance(exchange),
          () => responseBodyPresence(exchange),
          () => {
            for (const met of responseSchemaConformance(contract, exchange)) this.noteConflictMet(met);
          },
          () => responseHeadersConformance(contract, exchange),
          () => requestHeaderEchoConformance(exchange, headers, echoedHeaderNames(contract)),
          () => normalisedEchoConformance(exchange, this.deps.testInfo),
          () => this.errorShapeConformance(exchange, profile),
          () => this.describedStateConformance(exchange),
          () => this.builtUrlConformance(exchange),
          () =>
            this.deps.judge?.({
              operation: op,
              status: exchange.status,
              sent: options.body,
              path: options.path,
              query: options.query,
              requestHeaders: lowerCaseKeys(headers),
              responseHeaders,
              body: parsed,
              sentAt,
              answeredAt,
            }),
        ];
    let violation: unknown;
    const assumed: ContractViolation[] = [];
    for (const judgement of judgements) {
      try {
        judgement();
      } catch (error) {
        const [hard, ...alongside] = bySource(withCatalogueRules(error, exchange), contract);
        assumed.push(...alongside);
        if (hard !== undefined && !(this.deps.testInfo && isAssumed(hard, contract))) {
          violation = hard;
          break;
        }
        if (hard) assumed.push(hard as ContractViolation);
      }
    }
    // The report redacts the bodies as parsed here; a response whose echoes were marked is parsed again from its marked text.
    const call = this.report(
      op,
      { url, headers, body, json: sentJson },
      echoes.length
        ? {
            ...exchange,
            // A header carrying a sent value (its name or its value) is marked as the body is.
            headers: Object.fromEntries(
              Object.entries(responseHeaders).map(([k, v]) => [markEchoes(k, echoes), markEchoes(String(v), echoes)]),
            ),
            body: undefined,
            text: markEchoes(text, echoes),
          }
        : exchange,
      violation === undefined
        ? assumed[0]?.check
        : violation instanceof ContractViolation
          ? violation.check
          : String((violation as Error)?.name),
      answeredAt,
    );
    if (this.deps.testInfo) for (const v of assumed) noteAssumed(this.deps.testInfo, v, call);
    if (sentAsValid(options, body)) this.stepFailed(op, exchange.status, parsed, violation, call);
    if (violation instanceof ContractViolation && this.deps.testInfo) {
      noteViolation(this.deps.testInfo, violation, call);
      const weight = failureWeight(op.service, contract.defaultSource, [...violation.rules], violation.check);
      holdBack(this.deps.testInfo, op.service, breakerKey(violation, exchange), weight, violation);
    }
    if (this.sandbox && exchange.status >= 200 && exchange.status < 300) this.freeQuota(operationId, options);
    if (violation) throw violation;
    return { status: exchange.status, headers: responseHeaders, body: parsed as T, text, bytes, operation: op, call };
  }

  /** A valid call refused or breaking a named check: the failed step, under its violation's rule, else valid-accepted (seed 000 / 002). */
  private stepFailed(op: Operation, status: number, body: unknown, violation: unknown, call: number | undefined): void {
    const broke = violation instanceof ContractViolation ? violation : undefined;
    if (!this.deps.testInfo || refusalsExpected.has(this.deps.testInfo) || (status < 400 && !broke)) return;
    const rule = broke?.rules[0] ?? validAcceptedRule(op.service);
    const code = status >= 400 ? refusalCode(body) : undefined;
    noteStepFailed(this.deps.testInfo, {
      operationId: op.operationId,
      status: broke && status < 400 ? broke.message.split('\n')[0] : String(status),
      ...(code ? { code } : {}),
      what: 'its valid call',
      ...(rule ? { rule } : {}),
      ...(call !== undefined ? { call } : {}),
    });
  }

  /**
   * Notes a creation about to be sent in the run ledger: the name the suite chose for it (ownership.ts Finder), or its delete
   * when the request alone gives it (a TxPush subscription's customer and account); returns the ref its answer completes.
   */
  private intend(
    service: string,
    operationId: string,
    owns: NonNullable<ReturnType<typeof ownershipOf>>,
    options: CallOptions,
    body: string | Buffer | undefined,
  ): string {
    const given = Object.entries(options.path ?? {}).filter((e): e is [string, string | number] => e[1] !== undefined);
    // A raw body is read as the target will read it: its name is there too.
    const sent = { path: Object.fromEntries(given), body: options.body ?? jsonOf(body === undefined ? undefined : String(body)) };
    let path: Record<string, string | number> | undefined;
    let name: Record<string, string> | undefined;
    try {
      path = owns.undo && !owns.undo.body ? owns.undo.path(sent, undefined) : undefined;
      name = owns.find?.name(sent);
    } catch {
      // a body the ownership cannot read (a refusal's malformed one): nothing names it
    }
    const ref = `${process.pid}.${++intents}`;
    logGuest({
      event: 'creating',
      service,
      kind: owns.kind,
      ref,
      operationId,
      ...(name ? { name } : {}),
      ...(path && owns.undo ? { undo: { operationId: owns.undo.operationId, path } } : {}),
      at: new Date().toISOString(),
    });
    return ref;
  }

  /** Notes an object created on a sandbox in the run ledger (helpers/client/guest/guest-log.ts), completing its `creating`. */
  private own(
    service: string,
    operationId: string,
    owns: NonNullable<ReturnType<typeof ownershipOf>>,
    options: CallOptions,
    answer: unknown,
    auth: Authorizer | undefined,
    ref: string,
  ) {
    // The path parameters the call resolved (each one given, or the call would have thrown).
    const given = Object.entries(options.path ?? {}).filter((e): e is [string, string | number] => e[1] !== undefined);
    const sent = { path: Object.fromEntries(given), body: options.body };
    const path = owns.undo?.path(sent, answer);
    const body = owns.undo?.body?.(sent, answer);
    const undo =
      owns.undo && path && (!owns.undo.body || body !== undefined) ? { operationId: owns.undo.operationId, path, body } : undefined;
    // An object without an id of its own (an enrolled card) is still one object: numbered in this process.
    const named =
      undo && Object.keys(undo.path).length
        ? Object.values(undo.path).map(String).join('/')
        : String((answer as { id?: unknown } | undefined)?.id ?? '');
    const id = named || `${process.pid}#${++unnamed}`;
    this.owned.push({ kind: owns.kind, id, quota: Boolean(owns.quota), undo, auth });
    if (owns.quota) liveQuotaObjects++;
    // The ledger file never holds a delete body (it may carry card data): such an object is undone from memory only.
    const logged = undo && undo.body === undefined ? { operationId: undo.operationId, path: undo.path } : undefined;
    logGuest({
      event: 'created',
      service,
      kind: owns.kind,
      id,
      ref,
      operationId,
      undo: logged,
      quota: owns.quota,
      at: new Date().toISOString(),
    });
  }

  /** A check deleting a testing customer it made frees its quota place at once (its deletion as the check ends answers 404: done). */
  private freeQuota(operationId: string, options: CallOptions) {
    const path = options.path ?? {};
    for (const o of this.owned)
      if (
        o.quota &&
        !o.freed &&
        o.undo?.operationId === operationId &&
        o.undo.body === undefined &&
        Object.entries(o.undo.path).every(([k, v]) => String(path[k]) === String(v))
      ) {
        o.freed = true;
        liveQuotaObjects--;
      }
  }

  /**
   * One request, paced on a sandbox and held shared with what it writes; a 429 waited out as its Retry-After asks while `waitOut`
   * (guest/rate.ts), signed again each try (an OAuth 1.0a nonce is single-use); a Buffer is sent byte for byte (a signature over it).
   */
  private async send(
    op: Operation,
    req: { url: string; method: string; headers: Record<string, string>; body: string | undefined },
    authorize: Authorizer | undefined,
    how: { writes: readonly string[]; holder: string; pace: boolean; waitOut: boolean; signed?: boolean },
  ): Promise<{ response: Received; waited: number; headers: Record<string, string> }> {
    const { url, method, body } = req;
    let headers = req.headers;
    const sign = async () => {
      if (authorize) headers = { ...headers, ...(await authorize({ operation: op, method, url, headers, body })) };
    };
    const once = async () => {
      if (how.pace) await paceRequest(this.deps.testInfo);
      const release = how.writes.length ? await holdShared(how.writes, how.holder) : undefined;
      try {
        return await fetchOnce(this.deps.request, url, { method, headers, data: body === undefined ? undefined : Buffer.from(body) });
      } finally {
        await release?.();
      }
    };
    if (!how.signed) await sign();
    let response = await once();
    let waited = 0;
    for (let attempt = 0; how.waitOut && response.status === 429 && waitsAgain(attempt, waited); attempt++) {
      const seconds = retryAfterSeconds(response.headers, attempt);
      waited += seconds;
      logGuest({ event: 'retry', service: op.service, operationId: op.operationId, waitedSeconds: seconds, at: new Date().toISOString() });
      await waitAsGuest(seconds * 1000, this.deps.testInfo);
      await sign();
      response = await once();
    }
    return { response, waited, headers };
  }

  /** Deletes, newest first, what this client created on a sandbox as a check ends (a 404: done); returns what could not be deleted. */
  async deleteCreated(): Promise<string[]> {
    const failed: string[] = [];
    while (this.owned.length) {
      const o = this.owned.pop()!;
      if (!o.undo) continue;
      const op = this.deps.contract.operationOf(o.undo.operationId);
      let status = 0;
      try {
        const url = this.url(op, { path: o.undo.path });
        const body = o.undo.body === undefined ? undefined : JSON.stringify(o.undo.body);
        const headers = {
          accept: 'application/json',
          ...this.deps.defaultHeaders,
          ...(body ? { 'content-type': 'application/json' } : {}),
        };
        // A deletion writes a list the run's workers share: held shared as any call (ClientDeps.writes).
        const writes = this.deps.writes?.(op, { path: o.undo.path }) ?? [];
        const how = { writes, holder: `${op.operationId} as a check ends`, pace: true, waitOut: true };
        status = (await this.send(op, { url, method: op.method, headers, body }, o.auth, how)).response.status;
      } catch (error) {
        failed.push(`${o.kind} ${o.id}: ${(error as Error).message.split('\n')[0]}`);
        continue;
      }
      if ((status >= 200 && status < 300) || status === 404) {
        if (o.quota && !o.freed) liveQuotaObjects--;
        logGuest({ event: 'deleted', service: op.service, kind: o.kind, id: o.id, at: new Date().toISOString() });
      } else failed.push(`${o.kind} ${o.id}: ${o.undo.operationId} answered ${status}`);
    }
    return failed;
  }

  /** Error bodies (4xx/5xx) must have the service's error shape; tolerated shapes only warn. */
  private errorShapeConformance(exchange: Exchange, profile: ServiceProfile): void {
    if (exchange.status < 400 || !exchange.text) return;
    // A documented non-JSON error body (the provider's text/plain 401) has no error shape.
    const declared = declaredBody(exchange);
    if (declared && !declared.json) return;
    const { contract } = this.deps;
    // An operation declaring its own error schema for the status (micro-entry verification's {status, statusDescription}) is held to it.
    const own = String(declared?.schema?.$ref ?? '')
      .split('/')
      .pop();
    const shaped = (body: unknown) =>
      profile.errorSchemas.some((name) => contract.component(name)(body)) ||
      Boolean(own && !profile.errorSchemas.includes(own) && contract.component(own)(body));
    const schemas = [
      ...new Set([...profile.errorSchemas, ...(own ? [own] : []), ...(profile.toleratedErrorSchemas ?? []).map((t) => t.name)]),
    ];
    if (shaped(exchange.body)) return this.errorStatusConformance(exchange, schemas);
    // An error body that differs only where a conflict or known provider deviation says (noted by the schema check).
    if (answeredConflicts(exchange.operation.service, exchange.operation.operationId, exchange.body, shaped))
      return this.errorStatusConformance(exchange, schemas);
    const tolerated = profile.toleratedErrorSchemas?.find((t) => contract.component(t.name)(exchange.body));
    if (tolerated) {
      this.deps.testInfo?.annotations.push({
        type: 'warning',
        description: `${exchange.operation.operationId} ${exchange.status}: ${tolerated.note}`,
      });
      return this.errorStatusConformance(exchange, schemas);
    }
    const first = contract.component(profile.errorSchemas[0]);
    first(exchange.body);
    throw new ContractViolation(
      'errorShapeConformance',
      `${exchange.operation.operationId} ${exchange.status}: Received an error body that is not ${profile.errorSchemas.join(' or ')}: ${formatAjvErrors(first.errors)}`,
      exchange,
    );
  }

  /** An answer property judged here: counted once per check and operation (countJudgedOnce), its problems one violation citing its rule. */
  private judgeAnswer(exchange: Exchange, p: AnswerProperty, verdict: { judged: boolean; reason?: string; problems: string[] }): void {
    const { operation, status } = exchange;
    countJudgedOnce(this.deps.testInfo, p, operation, verdict);
    if (verdict.problems.length)
      throw new ContractViolation(
        p.check,
        `${operation.operationId} ${status}: Received ${p.received}: ${verdict.problems.join('; ')} / Documented: ${p.documented}`,
        exchange,
        [p.rules[operation.service]].filter((r): r is string => r !== undefined),
      );
  }

  /** An error body's status member, and a code a table ties to a status, name the answer's status (invariants/error-status.ts). */
  private errorStatusConformance(exchange: Exchange, schemas: readonly string[]): void {
    this.judgeAnswer(exchange, ERROR_STATUS, errorStatusOf(this.deps.contract, schemas, exchange));
  }

  /** Where the contract pairs them, each state comes with the description it had before in the check (invariants/described-states.ts). */
  private describedStateConformance(exchange: Exchange): void {
    if (!DESCRIBED_STATE.rules[exchange.operation.service] || !declaresPair(this.deps.contract, exchange.operation)) return;
    this.judgeAnswer(exchange, DESCRIBED_STATE, describedStateOf(this.deps.contract, this.deps.testInfo, exchange));
  }

  /** A URL the target builds percent-encodes what it places in it (helpers/client/invariants/built-urls.ts), on every 2xx answering one. */
  private builtUrlConformance(exchange: Exchange): void {
    const { operation, status } = exchange;
    if (status < 200 || status >= 300 || !BUILT_URLS.rules[operation.service] || !urlMembersOf(this.deps.contract, operation).length)
      return;
    this.judgeAnswer(exchange, BUILT_URLS, builtUrlsOf(exchange, sentTextsOf(this.deps.testInfo)));
  }

  private report(
    op: Operation,
    sent: { url: string; headers: Record<string, string>; body?: string; json?: unknown },
    exchange: Exchange,
    /** The named check this exchange failed (the certification shows it as the failure's evidence). */
    failed: string | undefined,
    answeredAt: number,
  ): number | undefined {
    const testInfo = this.deps.testInfo;
    if (!testInfo) return undefined;
    const mine = kept.get(testInfo) ?? { stories: new Set<string>(), exchanges: [], calls: 0 };
    kept.set(testInfo, mine);
    mine.stories.add(op.operationId);
    // Numbered in the test's call order, also past the kept ones: a violation names its exchange by it.
    const call = ++mine.calls;
    if (mine.exchanges.length >= MAX_ATTACHMENTS_PER_TEST && !failed) return call;
    // A body past the limit is kept as the head of its redacted text: every byte costs the run (sent, written, scanned for leaks).
    const head = (text: string) =>
      text.length > MAX_KEPT_BODY_CHARS
        ? `${text.slice(0, MAX_KEPT_BODY_CHARS)}... (${text.length - MAX_KEPT_BODY_CHARS} more characters not kept)`
        : text;
    // `json`: the text as the call parsed it already (undefined: not parsed, or not JSON).
    const parseOrText = (t: string | undefined, json: unknown) => {
      if (t === undefined || t === '') return undefined;
      const parsed = json ?? jsonOf(t);
      if (parsed === undefined) return head(redactText(t));
      const redacted = redact(parsed);
      return t.length > MAX_KEPT_BODY_CHARS ? head(JSON.stringify(redacted)) : redacted;
    };
    const record = {
      request: {
        method: op.method,
        url: redactText(sent.url),
        headers: redactHeaders(sent.headers),
        body: parseOrText(sent.body, sent.json),
      },
      response: { status: exchange.status, headers: redactHeaders(exchange.headers), body: parseOrText(exchange.text, exchange.body) },
    };
    mine.exchanges.push({
      exchange: `${op.method} ${op.path} -> ${exchange.status}`,
      call,
      operationId: op.operationId,
      // An ISO instant, not epoch ms: the run's redaction takes a long run of digits for an account number.
      at: new Date(answeredAt).toISOString(),
      ...(failed ? { failed } : {}),
      ...record,
    });
    return call;
  }
}

/** A text's JSON value; undefined for none, an empty text or one that is not JSON. */
function jsonOf(text: string | undefined): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** The same headers under lower-case names (a judge reads them by the names HTTP treats as one). */
function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}

/**
 * A named check's violation that names no rule, filed under the rule stating what it received: where every member it found
 * off form is one a narrower rule of the operation cites by a keyword of its kind (`descriptorName` past maxLength: the
 * seed's response limit), those rules; else the rule the catalogue says the check judges (rules.yaml `judgedBy`).
 */
function withCatalogueRules(error: unknown, exchange: Exchange): unknown {
  if (!(error instanceof ContractViolation) || error.rules.length) return error;
  const { service, operationId } = exchange.operation;
  const members = error.site?.members ?? [];
  const general = rulesJudgedBy(service, error.check);
  const generalRules = loadRules(service).rules.filter((r) => general.includes(r.id));
  // A narrower rule of a weaker source (a reference page's decision beside the provider's schema) does not take the breach.
  const { source } = ruleWeights(service);
  const assumed = (id: string | undefined) => id !== undefined && source.get(id) === 'assumption';
  // A member the general rule names itself (a PAN in the card no-echo rule's text) stays under it unless a rule of fewer
  // operations states it (the micro entries' account number beside the no-echo rule of every operation).
  const width = Math.min(...generalRules.map((r) => r.operations.length));
  const stating = members.map((m) => {
    const id = ruleStating(service, operationId, m.member, m.keyword, error.check);
    const named = generalRules.some((r) => namesMember(r, m.member));
    return id && named && (loadRules(service).rules.find((r) => r.id === id)?.operations.length ?? width) >= width ? undefined : id;
  });
  const narrower = stating.every((r) => r !== undefined && (!assumed(r) || general.every(assumed)));
  const judged = members.length && narrower ? [...new Set(stating as string[])] : general;
  return judged.length
    ? new ContractViolation(error.check, error.message.replace(/^\[[^\]]+\] /, ''), exchange, judged, error.site?.members)
    : error;
}

/** Whether a violation weighs as an assumption's only (a reference page's decision, not blocking: CONDITIONAL at worst). */
function isAssumed(v: unknown, contract: Contract): v is ContractViolation {
  return (
    v instanceof ContractViolation &&
    v.rules.length > 0 &&
    v.site !== undefined &&
    failureWeight(contract.service, contract.defaultSource, [...v.rules], v.check) === 'conditional'
  );
}

/**
 * A judge's violation naming rules of several sources (fixtures' failJudged: one problem a rule) as two: the seed and provider
 * part first (undefined when none), then the assumptions' part, which never stops the others (noteAssumed).
 */
function bySource(error: unknown, contract: Contract): [unknown, ...ContractViolation[]] {
  if (!(error instanceof ContractViolation) || !error.parts) return [error];
  const { source } = ruleWeights(contract.service);
  const assumedPart = error.parts.filter((p) => p.rule !== undefined && source.get(p.rule) === 'assumption');
  if (assumedPart.length === 0 || assumedPart.length === error.parts.length) return [error];
  const rest = error.parts.filter((p) => !assumedPart.includes(p));
  const subject = error.subject ?? '';
  const part = (ps: typeof rest) =>
    new ContractViolation(error.check, `${subject}${ps.map((p) => p.text).join('; ')}`, error.at, [
      ...new Set(ps.flatMap((p) => (p.rule ? [p.rule] : []))),
    ]);
  return [part(rest), part(assumedPart)];
}
