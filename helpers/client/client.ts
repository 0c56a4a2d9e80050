// The one choke point for every call (helpers/client/README.md, one call in order): resolves the operation, authorizes, behaves
// as a guest on a sandbox, sends, records coverage, judges the answer (answer-checks.ts), notes a failed valid step
// (valid-calls.ts) and keeps the redacted exchange (exchanges.ts). It reads no configuration: the target's kind and the run's
// settings are its creator's to give (ClientDeps.target; helpers/target/ builds them from the configuration).
import type { APIRequestContext, TestInfo } from '@playwright/test';
import type { Authorizer } from '../auth/authorizer.js';
import { plaintextsIn } from '../auth/jwe.js';
import { ContractViolation, documentedResponse, type ConflictMet, type Exchange } from '../contract/checks.js';
import { CONFLICT_MET_ANNOTATION } from '../contract/conflicts.js';
import type { Contract, Operation } from '../contract/contract.js';
import { limitOf } from '../contract/facts.js';
import { noteSentTexts } from '../contract/normalised-echo.js';
import type { OperationId, ServiceName } from '../contract/operations.js';
import { servedBy } from '../contract/served.js';
import type { ServiceProfile } from '../contract/services.js';
import { failureWeight } from '../contract/weight.js';
import { noteEchoed } from '../secrets/sent-ledger.js';
import { findAnswerEchoes, findHeaderEchoes, markEchoes, noteSent, sensitiveValuesIn, sentSoFar } from '../secrets/sensitive.js';
import { noteAssumed, noteViolation, skipAs } from './annotations.js';
import { judgeExchange } from './answer-checks.js';
import { breakerKey, holdBack } from './breaker.js';
import type { ApiResponse, CallOptions, JudgedAnswer, OperationCallOptions } from './call-options.js';
import { recordCoverage, recordTestCoverage } from './coverage.js';
import { jsonOf, keepExchange } from './exchanges.js';
import { logGuest } from './guest/guest-log.js';
import { OwnedObjects, quotaFull, SANDBOX_CUSTOMERS_PER_WORKER } from './guest/owned.js';
import { ownershipOf } from './guest/ownership.js';
import { paceRequest, retryAfterSeconds, waitAsGuest, waitsAgain } from './guest/rate.js';
import { hold, holdShared } from './guest/shared-state.js';
import { noteAnswerTime, noteSpent, spentSoFar, timeShortfall } from './guest/time-budget.js';
import { judgeSentRequest } from './request-rules.js';
import { fetchOnce, type Received } from './transport.js';
import { noteIfStepFailed, recoverableAgain, sentAsValid } from './valid-calls.js';

export type { ApiResponse, CallOptions, JudgedAnswer, OperationCallOptions } from './call-options.js';
export { servesOperation } from '../contract/served.js';
export { attachExchanges, keptExchanges } from './exchanges.js';
export { withinDeadline } from './transport.js';
export { builtValid, expectRefusals } from './valid-calls.js';

/** The run's settings the choke point acts on (helpers/target/mock-control.ts clientSettings reads them from the configuration). */
/** A call sent and answered, not yet judged (OperationClient.sendUnjudged, adopt). */
export interface Unjudged {
  op: Operation;
  options: CallOptions;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
  response: Received;
  sentAt: number;
  answeredAt: number;
}

export interface ClientSettings {
  /** On a sandbox whose partner's product is a slice: the operations SANDBOX_OPERATIONS names (undefined: none named). */
  listedOperations?: ReadonlySet<string>;
  /** The partner's testing-customer quota as configured (SANDBOX_CUSTOMER_QUOTA), named when a check is not run for it. */
  customerQuota?: number;
  /** Faults switched on in every embedded mock for the run (MOCK_FAULTS): what a mock took is not judged by the request rules. */
  mockFaults: readonly string[];
  /** The contract version the embedded mock of a service plays (FD_MOCK_VERSION and the like). */
  mockVersion: (service: string) => string;
}

/** The target a client calls, as its creator gives it (a service's target of helpers/target/ is one). */
export interface ClientTarget {
  /** 'sandbox' (a provider's, or the stand-in at its URL): a guest's manners apply; 'mock': an embedded mock. */
  kind: 'mock' | 'sandbox';
  baseURL: string;
  settings: ClientSettings;
}

export interface ClientDeps {
  request: APIRequestContext;
  contract: Contract;
  profile: ServiceProfile;
  target: ClientTarget;
  testInfo?: TestInfo;
  authorize?: Authorizer;
  defaultHeaders?: Record<string, string>;
  /** Headers of the client's own for one operation unless the call gives them (installments' telling Correlation-Id on approvedOffers). */
  operationHeaders?: (operation: Operation) => Record<string, string>;
  /** false: what this client creates is meant to stay (the test data `npm run sandbox:prepare` makes), not a guest's to delete. */
  guest?: boolean;
  /** A service's judge of each answer against its request (card enrollment's answer invariants): throws a ContractViolation. */
  judge?: (answer: JudgedAnswer) => void;
  /**
   * A service's read-back of the members an answer shows off their form (`members`, the schema check's): for an object a writer
   * made, the members sent to it read otherwise, as a violation of the reader's echo rule (undefined: none differs). Only an
   * answer already off its form is asked, so a conformant answer is never judged by it (answer-checks.ts judgeExchange).
   */
  readBack?: (answer: JudgedAnswer, members: readonly string[]) => unknown;
  /** The states a call writes that a sandbox's workers share (the partner's lists), held shared while in flight (guest/shared-state.ts). */
  writes?: (operation: Operation, options: CallOptions) => readonly string[];
  /**
   * The states a call changes that other checks read while it runs (a sandbox's shared test data): held alone for the call, once
   * the checks reading them are done (guest/shared-state.ts), within `waitMs`, and a moment after it for the check's next such call;
   * the wait is added to the check's time-out.
   */
  excludes?: (operation: Operation, options: CallOptions) => { states: readonly string[]; waitMs: number } | undefined;
}

/**
 * The languages the Accept-Language of every call names where its operation declares no such header (RFC 9110 section 12.5.4:
 * a real client, a browser or an HTTP library, names the languages its user reads). No contract of the suite declares it but
 * installments' approvedOffers (provider 2.0.0 AcceptLanguage), left to its own parameter; elsewhere an answer never depends on
 * a header the contract does not declare. Languages of a valid form (ISO 639-1, seed 000 Consumer.languageCode) that no sample
 * sends as a member (the examples' locales, and the arbitraries leave them out): a member answered from the header then reads
 * otherwise than as sent, judged by the echo check, not as a value off its form.
 */
export const UNDECLARED_LANGUAGES: readonly string[] = ['is', 'fo'];
export const UNDECLARED_ACCEPT_LANGUAGE = `${UNDECLARED_LANGUAGES[0]}-IS, ${UNDECLARED_LANGUAGES[0]};q=0.9, ${UNDECLARED_LANGUAGES[1]};q=0.5`;

/** The client's own Accept-Language for an operation that does not declare the header itself (UNDECLARED_ACCEPT_LANGUAGE). */
function acceptLanguageOf(op: Operation): Record<string, string> {
  return op.parameters.some((p) => p.in === 'header' && p.name.toLowerCase() === 'accept-language')
    ? {}
    : { 'accept-language': UNDECLARED_ACCEPT_LANGUAGE };
}

/** How long a changing call's alone hold outlives it (OperationClient.exclusive): the next changing call of the check reuses it. */
const EXCLUSIVE_LINGER_MS = 3_000;

/** The contract as a sandbox serves it, per contract and list of served operations (one view each, so caches keyed by it hold). */
const servedViews = new WeakMap<Contract, Map<ReadonlySet<string> | undefined, Contract>>();

/** The same headers under lower-case names (a judge reads them by the names HTTP treats as one). */
function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}

/** The client of one service (S): `call` takes only that service's operation ids. */
export class OperationClient<S extends ServiceName = ServiceName> {
  /** What this client created on a sandbox and has not deleted yet (deleteCreated removes it). */
  private readonly owned = new OwnedObjects();
  /** The states this check's changing calls hold alone, kept a moment after the last one (`exclusive`). */
  private excluding?: { key: string; release: Promise<() => Promise<void>>; inFlight: number; timer?: NodeJS.Timeout };
  private readonly sandbox: boolean;
  private readonly settings: ClientSettings;

  constructor(private readonly deps: ClientDeps) {
    this.sandbox = deps.target.kind === 'sandbox';
    this.settings = deps.target.settings;
  }

  /** Whether the target serves an operation: on a sandbox, those its settings list; a service they name none of is served whole. */
  private serves(operationId: string): boolean {
    return !this.sandbox || servedBy(this.settings.listedOperations, this.deps.contract, operationId);
  }

  /**
   * The contract as the target serves it: on a sandbox whose product is a slice (SANDBOX_OPERATIONS), a view whose `operations`
   * holds only the operations served, so that every property walking the contract's operations runs over the slice and leaves
   * out only what is outside it; an operation is still looked up by id (a call outside the slice skips, naming it).
   */
  get contract(): Contract {
    if (!this.sandbox) return this.deps.contract;
    const base = this.deps.contract;
    const listed = this.settings.listedOperations;
    const views = servedViews.get(base) ?? new Map<ReadonlySet<string> | undefined, Contract>();
    servedViews.set(base, views);
    let view = views.get(listed);
    if (!view) {
      const served = new Map([...base.operations].filter(([id]) => servedBy(listed, base, id)));
      view =
        served.size === base.operations.size
          ? base
          : (Object.create(base, {
              operations: { value: served },
              operationOf: { value: (id: string) => base.operationOf(id) },
            }) as Contract);
      views.set(listed, view);
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
    const url = new URL((options.baseURL ?? this.deps.target.baseURL).replace(/\/$/, '') + resolved);
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
    const sent = await this.sendOnly(op, options);
    const answer = this.judged<T>(sent);
    // A valid call refused with an error saying it cannot succeed again (provider installments 2.0.0 Error.Recoverable false)
    // is sent once more unchanged: answered a success, the refusal's statement is broken (valid-calls.ts recoverableAgain).
    const rule = recoverableAgain(this.deps.testInfo, op, options, sent.body, answer);
    if (rule) {
      const again = this.judged<T>(await this.sendOnly(op, options));
      if (again.status < 400) {
        const exchange: Exchange = { operation: op, status: again.status, headers: again.headers, body: again.body, text: again.text };
        throw this.thrown(
          new ContractViolation(
            'recoverableConformance',
            `${op.method} ${op.path} (${op.operationId}) ${again.status}: Received ${again.status} to the same valid request sent again unchanged, after its ${answer.status} said Recoverable false / Documented: a refusal marked not recoverable (Recoverable false: retrying cannot succeed) is refused again`,
            exchange,
            [rule],
          ),
          exchange,
          again.call,
        );
      }
    }
    return answer;
  }

  /** A violation the choke point found outside an answer's judgement (recoverableAgain): noted on the check, held by the breaker, as judged() does. */
  private thrown(violation: ContractViolation, exchange: Exchange, call: number | undefined): ContractViolation {
    const { contract, testInfo } = this.deps;
    if (testInfo) {
      noteViolation(testInfo, violation, call);
      const weight = failureWeight(exchange.operation.service, contract.defaultSource, [...violation.rules], violation.check);
      holdBack(testInfo, exchange.operation.service, breakerKey(violation, exchange), weight, violation);
    }
    return violation;
  }

  /**
   * Sends a call whose answer another check judges as its own (`adopt`): its time is this client's check's, its judgement the
   * adopting one's. For the checks of one file whose reports are generated and polled together on a sandbox
   * (fixtures/financial-data/report-batch.ts), each judging every answer about its own report under its own rules.
   */
  async sendUnjudged(operationId: OperationId<S>, options: CallOptions = {}): Promise<Unjudged> {
    return this.sendOnly(this.deps.contract.operation(operationId), options);
  }

  /** Judges an answer another client sent for this check (`sendUnjudged`), as if this client had made the call. */
  adopt<T = any>(sent: Unjudged): ApiResponse<T> {
    return this.judged<T>(sent);
  }

  /** Steps 1 to 5 of a call (helpers/client/README.md): resolved, authorized, paced, sent, written in the ledger. */
  private async sendOnly(op: Operation, options: CallOptions): Promise<Unjudged> {
    const { contract, testInfo } = this.deps;
    const { operationId } = op;
    const url = this.url(op, options);
    const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const given = new Set(Object.keys(options.headers ?? {}).map((k) => k.toLowerCase()));
    const own = Object.entries(this.deps.operationHeaders?.(op) ?? {}).filter(([k]) => !given.has(k.toLowerCase()));
    let headers: Record<string, string> = {
      accept: 'application/json',
      ...(given.has('accept-language') ? {} : acceptLanguageOf(op)),
      ...this.deps.defaultHeaders,
      ...Object.fromEntries(own),
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    // A body framed in chunked transfer coding says so (RFC 9112 section 6.1), kept with the exchange as sent.
    const framing = options.framing === 'chunked' && body !== undefined ? options.framing : undefined;
    if (framing) headers['transfer-encoding'] = 'chunked';
    for (const [k, v] of Object.entries(options.headers ?? {})) {
      if (v === undefined) delete headers[k];
      else headers[k] = v;
    }
    const authorize = options.auth === false ? undefined : typeof options.auth === 'function' ? options.auth : this.deps.authorize;
    const method = options.method ?? op.method;
    if (authorize) headers = { ...headers, ...(await authorize({ operation: op, method, url, headers, body })) };

    // A check needing an operation the partner's product lacks (SANDBOX_OPERATIONS) is not run: the target does not sell it.
    if (!this.serves(operationId) && testInfo)
      testInfo.skip(true, `not in the partner's product on this sandbox: ${operationId} (SANDBOX_OPERATIONS)`);
    const owns = this.sandbox && this.deps.guest !== false ? ownershipOf(op.service, operationId) : undefined;
    if (quotaFull(owns) && testInfo) {
      // A check needing more testing customers than a worker's share is not run (provider Test the APIs page: the quota).
      testInfo.skip(
        true,
        `sandbox quota: needs more than the ${SANDBOX_CUSTOMERS_PER_WORKER} testing customers at once a worker may hold (the partner may have ${this.settings.customerQuota ?? limitOf(contract, 'sandboxTestingCustomers')})`,
      );
    }
    const shortfall = timeShortfall(testInfo);
    if (shortfall && testInfo) skipAs(testInfo, 'out-of-time', true, shortfall);
    const sentAt = Date.now();
    const quotaBefore = spentSoFar(testInfo, 'quota');
    const turnsBefore = spentSoFar(testInfo, 'turns');
    // A sandbox's 429 is waited out as it asks (helpers/client/guest/rate.ts), unless the check is about the 429.
    const waitOut = this.sandbox && options.rateLimit !== 'expect';
    const how = {
      writes: this.sandbox ? (this.deps.writes?.(op, options) ?? []) : [],
      excludes: this.sandbox ? this.deps.excludes?.(op, options) : undefined,
      holder: `${operationId} in flight`,
    };
    // Write ahead: the creation is in the ledger, with the name the suite chose, before its request leaves (a raw body read as
    // the target will read it: its name is there too).
    const ref = owns
      ? this.owned.intend(op.service, operationId, owns, { path: options.path, body: options.body ?? jsonOf(body) })
      : undefined;
    const sent = await this.send(op, { url, method, headers, body, framing }, authorize, {
      ...how,
      pace: this.sandbox,
      waitOut,
      signed: true,
    });
    const { response, waited } = sent;
    headers = sent.headers;
    // ... and completed as soon as it is answered, before any judgement: with its id, or as made nothing.
    if (owns && ref) {
      if (response.status >= 200 && response.status < 300)
        this.owned.own(op.service, operationId, owns, options, jsonOf(response.bytes.toString('utf8')), authorize, ref);
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
    if (waitOut && response.status === 429 && testInfo)
      testInfo.skip(
        true,
        `sandbox rate limit: ${operationId} still answered 429 after ${Math.round(waited)} s of waits as its Retry-After asked`,
      );
    const answeredAt = Date.now();
    noteAnswerTime(testInfo, answeredAt - sentAt - waited * 1000);
    // The round trip less the pacing and 429 waits it held (each noted as quota where it was waited), and less its wait for a
    // shared state another check held (noted as a turn).
    noteSpent(
      testInfo,
      'answers',
      answeredAt - sentAt - (spentSoFar(testInfo, 'quota') - quotaBefore) - (spentSoFar(testInfo, 'turns') - turnsBefore),
    );
    if (this.sandbox && response.status >= 200 && response.status < 300) this.owned.free(operationId, options);
    return { op, options, url, headers, body, response, sentAt, answeredAt };
  }

  /** Steps 6 to 11 of a call: coverage, the echoes, the named checks and the judges, the exchange kept; a violation thrown. */
  private judged<T>({ op, options, url, headers, body, response, sentAt, answeredAt }: Unjudged): ApiResponse<T> {
    const { contract, profile, testInfo } = this.deps;
    const { operationId } = op;
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
      !this.settings.mockFaults.length &&
      this.settings.mockVersion(op.service) === contract.version
    )
      judgeSentRequest({ operation: op, body: options.body, headers, plaintexts: plaintextsIn(options.body) }, contract, testInfo);
    const record = {
      service: op.service,
      operationId,
      status: exchange.status,
      documented: Boolean(documentedResponse(op, exchange.status)),
    };
    if (testInfo) recordTestCoverage(testInfo.annotations, record);
    else recordCoverage(record);

    const sentJson = jsonOf(body);
    noteSent(sensitiveValuesIn(sentJson, headers));
    noteSentTexts(testInfo, op, sentJson);
    const echoes = [...findAnswerEchoes(parsed, text, sentSoFar()), ...findHeaderEchoes(responseHeaders, sentSoFar())];
    for (const e of echoes) noteEchoed(e.value);
    const answer: JudgedAnswer = {
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
    };
    // Whether the call was sent as valid, read once for the judgement and what follows it (each read serialises the body).
    const sentValid = sentAsValid(options, body);
    const { violation, assumed } = judgeExchange({
      contract,
      testInfo,
      exchange,
      sent: { body: options.body, path: options.path, target: options.baseURL ?? this.deps.target.baseURL },
      profile,
      echoes,
      sentHeaders: headers,
      acceptedNegative: Boolean(options.negative) && exchange.status >= 200 && exchange.status < 300,
      judges: options.judges,
      sentValid,
      noteConflictMet: (met) => this.noteConflictMet(met),
      judge: () => this.deps.judge?.(answer),
      readBack: (members) => this.deps.readBack?.(answer, members),
    });
    // The report redacts the bodies as parsed here; a response whose echoes were marked is parsed again from its marked text.
    const call = keepExchange(
      testInfo,
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
    if (testInfo) for (const v of assumed) noteAssumed(testInfo, v, call);
    if (sentValid) noteIfStepFailed(testInfo, op, exchange.status, parsed, violation, call, options.judges);
    if (violation instanceof ContractViolation && testInfo) {
      noteViolation(testInfo, violation, call);
      const weight = failureWeight(op.service, contract.defaultSource, [...violation.rules], violation.check);
      holdBack(testInfo, op.service, breakerKey(violation, exchange), weight, violation);
    }
    if (violation) throw violation;
    // A call sent as valid answered 503, where the operation documents a 503 as temporary unavailability (seed 000, Errors), is
    // the target unavailable: judged above (its error shape, its Retry-After's form: every-answer/retry-after.ts), the check is
    // not judged after it, unless it asked for the 503. Where no 503 is documented, the status is judged as any other.
    if (testInfo && exchange.status === 503 && options.unavailable !== 'expect' && documentedResponse(op, 503) && sentValid)
      testInfo.skip(
        true,
        `the target answered ${operationId} 503 (temporarily unavailable) to a call sent as valid: the check is not judged after it`,
      );
    return { status: exchange.status, headers: responseHeaders, body: parsed as T, text, bytes, operation: op, call };
  }

  /**
   * One request, paced on a sandbox and held shared with what it writes; a 429 waited out as its Retry-After asks while `waitOut`
   * (guest/rate.ts), signed again each try (an OAuth 1.0a nonce is single-use); a Buffer is sent byte for byte (a signature over it).
   */
  private async send(
    op: Operation,
    req: { url: string; method: string; headers: Record<string, string>; body: string | undefined; framing?: 'chunked' },
    authorize: Authorizer | undefined,
    how: {
      writes: readonly string[];
      excludes?: { states: readonly string[]; waitMs: number };
      holder: string;
      pace: boolean;
      waitOut: boolean;
      signed?: boolean;
    },
  ): Promise<{ response: Received; waited: number; headers: Record<string, string> }> {
    const { url, method, body } = req;
    let headers = req.headers;
    const sign = async () => {
      if (authorize) headers = { ...headers, ...(await authorize({ operation: op, method, url, headers, body })) };
    };
    const once = async () => {
      if (how.pace) await paceRequest(this.deps.testInfo);
      // Alone first (what it changes, no other state written: no crosswise wait).
      const done = how.excludes?.states.length ? await this.exclusive(how.excludes, how.holder) : undefined;
      const release = how.writes.length ? await holdShared(how.writes, how.holder) : undefined;
      try {
        return await fetchOnce(this.deps.request, url, {
          method,
          headers,
          data: body === undefined ? undefined : Buffer.from(body),
          framing: req.framing,
        });
      } finally {
        await release?.();
        done?.();
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

  /**
   * Holds `states` alone for one changing call (ClientDeps.excludes), the wait added to the check's time-out (another check's
   * time). The hold is kept EXCLUSIVE_LINGER_MS after the call, so that a check's changing calls in a row wait for the readers
   * once, not once each; answers the function marking the call done.
   */
  private async exclusive(excludes: { states: readonly string[]; waitMs: number }, holder: string): Promise<() => void> {
    const key = [...excludes.states].sort().join('\n');
    if (this.excluding && this.excluding.key !== key) await this.dropExclusive();
    let mine = this.excluding;
    if (!mine) {
      const asked = Date.now();
      const { testInfo } = this.deps;
      const release = hold(excludes.states, 'alone', holder, excludes.waitMs).then((r) => {
        if (testInfo && testInfo.timeout > 0) testInfo.setTimeout(testInfo.timeout + (Date.now() - asked));
        return r;
      });
      mine = this.excluding = { key, release, inFlight: 0 };
      release.catch(() => {
        if (this.excluding === mine) this.excluding = undefined;
      });
    }
    if (mine.timer) clearTimeout(mine.timer);
    mine.inFlight++;
    try {
      await mine.release;
    } catch (error) {
      mine.inFlight--;
      throw error;
    }
    const held = mine;
    return () => {
      if (--held.inFlight > 0 || this.excluding !== held) return;
      held.timer = setTimeout(() => void this.dropExclusive(), EXCLUSIVE_LINGER_MS);
      held.timer.unref();
    };
  }

  private async dropExclusive(): Promise<void> {
    const held = this.excluding;
    this.excluding = undefined;
    if (held?.timer) clearTimeout(held.timer);
    await (await held?.release.catch(() => undefined))?.();
  }

  /** Deletes, newest first, what this client created on a sandbox as a check ends (a 404: done); returns what could not be deleted. */
  async deleteCreated(): Promise<string[]> {
    const failed: string[] = [];
    for (let o = this.owned.take(); o; o = this.owned.take()) {
      if (!o.undo) continue;
      const op = this.deps.contract.operationOf(o.undo.operationId);
      let status = 0;
      try {
        const url = this.url(op, { path: o.undo.path });
        const body = o.undo.body === undefined ? undefined : JSON.stringify(o.undo.body);
        const headers = {
          accept: 'application/json',
          ...acceptLanguageOf(op),
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
      if ((status >= 200 && status < 300) || status === 404) this.owned.deleted(o, op.service);
      else failed.push(`${o.kind} ${o.id}: ${o.undo.operationId} answered ${status}`);
    }
    return failed;
  }
}
