// The server side of `npm run bench`, a child process of scripts/bench.ts so that the load
// generator and the servers do not share one event loop: starts the embedded mocks (port 0 on
// 127.0.0.1), builds valid authenticated requests the way the specs' fixtures do, starts per
// service a bare node:http server answering the mock GET's exact body (the ceiling), and sends the
// whole plan to the parent over IPC. Credentials travel only over that channel; this process
// prints nothing and ends when the parent disconnects.
import http from 'node:http';
import { loadContract, type Contract } from '../../helpers/contract/contract.js';
import { securityHeader } from '../../helpers/contract/facts.js';
import type { OperationId } from '../../helpers/contract/operations.js';
import { encryptJson } from '../../helpers/auth/jwe.js';
import { MockControl } from '../../helpers/target/mock-control.js';
import { signRequest, type SigningCredentials } from '../../helpers/auth/oauth1.js';
import { Receiver } from '../../helpers/client/receiver.js';
import { cardTargetFromMock } from '../../helpers/target/card-enrollment.js';
import { fdTargetFromMock } from '../../helpers/target/financial-data.js';
import { installmentsTargetFromMock } from '../../helpers/target/installments.js';
import { startCardEnrollmentMock } from '../../mocks/card-enrollment/index.js';
import { startFinancialDataMock } from '../../mocks/financial-data/index.js';
import { startInstallmentsMock } from '../../mocks/installments/index.js';
import { exampleCard, exampleCompliance, exampleConsumer } from '../../fixtures/examples/card-enrollment.js';
import { newCustomer } from '../../fixtures/examples/financial-data.js';
import { exampleOffersBody, exampleParticipation, examplePlanBody } from '../../fixtures/examples/installments.js';
import type { BenchService } from './args.js';

/** One request autocannon repeats: everything it sends, credentials included (never printed). */
export interface LoadTarget {
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** The body holds `[<id>]` placeholders autocannon fills with a fresh id per request (unique usernames). */
  idReplacement?: boolean;
}

/** How a sequential call of the client comparison gets its credentials. */
export type BenchAuth = { kind: 'headers'; headers: Record<string, string> } | { kind: 'oauth1'; credentials: SigningCredentials };

export interface ClientCall {
  label: string;
  operationId: OperationId;
  path?: Record<string, string>;
  query?: Record<string, string | number>;
  /** The same body on every call. */
  body?: unknown;
  /** A new customer per call (AddTestingCustomer: usernames are unique per partner). */
  newCustomerBody?: boolean;
}

export interface ServicePlan {
  service: BenchService;
  get: LoadTarget;
  /** A bare node:http server answering the body of `get`, byte for byte. */
  ceiling: LoadTarget;
  post: LoadTarget;
  client: { baseURL: string; auth: BenchAuth; secrets: string[]; calls: ClientCall[] };
}

export type ServerMessage = { type: 'ready'; plans: ServicePlan[] } | { type: 'error'; message: string };

const closers: (() => Promise<void>)[] = [];

/** Method, URL and a label (`POST /cards putCard`) of an operation, built as the suite's client builds them. */
function opUrl(
  contract: Contract,
  baseURL: string,
  operationId: OperationId,
  call: { path?: Record<string, string>; query?: Record<string, string | number> } = {},
) {
  const op = contract.operationOf(operationId);
  const resolved = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(call.path?.[name] ?? ''));
  const url = new URL(baseURL.replace(/\/$/, '') + resolved);
  for (const [k, v] of Object.entries(call.query ?? {})) url.searchParams.set(k, String(v));
  return { method: op.method, url: url.toString(), label: `${op.method} ${op.path} ${operationId}` };
}

/** Sends a target once (placeholders filled) and answers its body; a non-2xx stops the benchmark. */
async function probe(target: LoadTarget): Promise<string> {
  const body = target.body?.replace(/\[<id>\]/g, () => `probe${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`);
  const response = await fetch(target.url, { method: target.method, headers: target.headers, body, signal: AbortSignal.timeout(10_000) });
  const text = await response.text();
  if (response.status < 200 || response.status > 299) throw new Error(`setup: ${target.label} answered ${response.status}, not 2xx`);
  return text;
}

/** The ceiling: node:http answering `body` as JSON, nothing else (no routing, no validation). */
async function ceiling(service: string, body: string, contentType: string): Promise<LoadTarget> {
  const bytes = Buffer.from(body);
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': contentType, 'content-length': bytes.length });
    res.end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  const port = (server.address() as { port: number }).port;
  return { label: `${service} ceiling`, method: 'GET', url: `http://127.0.0.1:${port}/`, headers: {} };
}

async function withCeiling(service: BenchService, get: LoadTarget, post: LoadTarget, client: ServicePlan['client']): Promise<ServicePlan> {
  const response = await fetch(get.url, { headers: get.headers, signal: AbortSignal.timeout(10_000) });
  const body = await response.text();
  if (!response.ok) throw new Error(`setup: ${get.label} answered ${response.status}, not 2xx`);
  await probe(post);
  return { service, get, post, client, ceiling: await ceiling(service, body, response.headers.get('content-type') ?? 'application/json') };
}

async function cardEnrollment(): Promise<ServicePlan> {
  const mock = await startCardEnrollmentMock({});
  closers.push(() => mock.close());
  const contract = await loadContract('card-enrollment');
  const target = await cardTargetFromMock(mock);
  // A valid card-path EnrollCardRequest (fixtures/card-enrollment.ts, CardRequests.withCard).
  const body = {
    srcClientId: target.srcClientId,
    srcCorrelationId: crypto.randomUUID(),
    serviceId: target.serviceId,
    consumer: exampleConsumer(),
    complianceSettings: exampleCompliance(),
    cardSource: 'CARDHOLDER',
    encryptedCard: await encryptJson(exampleCard(), target.encryptionKey),
  };
  const auth = { [securityHeader(contract, 'ApiKeyAuth').name]: target.apiKey };
  const put = opUrl(contract, mock.baseURL, 'putCard');
  return withCeiling(
    'card-enrollment',
    // The contract has no GET: the mock's only GET is its JWK set, which every client reads first.
    { label: 'GET /keys (JWK set)', method: 'GET', url: mock.keysURL, headers: { accept: 'application/json' } },
    {
      label: put.label,
      method: put.method,
      url: put.url,
      headers: { accept: 'application/json', 'content-type': 'application/json', ...auth },
      body: JSON.stringify(body),
    },
    {
      baseURL: mock.baseURL,
      auth: { kind: 'headers', headers: auth },
      secrets: [target.apiKey],
      calls: [{ label: put.label, operationId: 'putCard', body }],
    },
  );
}

async function installments(): Promise<ServicePlan> {
  const mock = await startInstallmentsMock({});
  closers.push(() => mock.close());
  // The mock notifies its issuer's public URL when a plan is saved: routed to a local receiver.
  const receiver = await Receiver.start(() => ({
    status: 201,
    body: { status: 'RECEIVED', message: 'Notification received by the bench issuer' },
  }));
  closers.push(() => receiver.close());
  mock.context.deliveries.route(new URL(mock.world.issuers[0].notificationUrl).origin, receiver.origin);
  const contract = await loadContract('installments');
  const target = await installmentsTargetFromMock(mock);
  const signed = (method: string, url: string, body?: string, extra: Record<string, string> = {}): Record<string, string> => ({
    accept: 'application/json',
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    ...extra,
    authorization: signRequest(target.signer, method, url, body),
  });
  const send = async (
    operationId: OperationId,
    call: { path?: Record<string, string>; query?: Record<string, string | number>; body?: unknown; headers?: Record<string, string> },
  ) => {
    const { method, url } = opUrl(contract, mock.baseURL, operationId, call);
    const body = call.body === undefined ? undefined : JSON.stringify(call.body);
    const response = await fetch(url, { method, headers: signed(method, url, body, call.headers), body });
    if (!response.ok) throw new Error(`setup: installments ${operationId} answered ${response.status}`);
    return response.status === 202 ? undefined : response.json();
  };
  const sensitive = async (pan: string) => ({
    encryptedValue: await encryptJson({ consumer: { primaryAccountNumber: pan } }, target.encryptionKey, 'A256GCM'),
  });
  // A merchant that completed its participation (found by the search) and a saved plan (read by GET).
  await send('postMerchantParticipations', { body: [exampleParticipation(target.knownAcquirerIca!)] });
  await new MockControl(mock.origin).advanceClock(61);
  const pan = target.eligiblePan!;
  const offers = await send('approvedOffers', { body: exampleOffersBody(await sensitive(pan)) });
  const plan = await send('savePlan', {
    body: examplePlanBody(offers.offerTransactionId, offers.offers[0], await sensitive(pan)),
    headers: { 'Correlation-Id': crypto.randomUUID() },
  });
  const planId = String(plan.planId);

  const get = opUrl(contract, mock.baseURL, 'getPlan', { path: { plan_id: planId } });
  const searchCall = { query: { offset: 0, limit: 10 }, body: { countryCode: 'USA' } };
  const search = opUrl(contract, mock.baseURL, 'postMerchantSearches', searchCall);
  const searchBody = JSON.stringify(searchCall.body);
  // The mock checks signature and body hash, not nonce reuse: one signature serves a whole phase
  // (the mock still verifies RSA-SHA256 on every request).
  return withCeiling(
    'installments',
    { label: get.label, method: get.method, url: get.url, headers: signed(get.method, get.url) },
    {
      label: search.label,
      method: search.method,
      url: search.url,
      headers: signed(search.method, search.url, searchBody),
      body: searchBody,
    },
    {
      baseURL: mock.baseURL,
      auth: { kind: 'oauth1', credentials: target.signer },
      secrets: [target.signer.consumerKey],
      calls: [
        { label: get.label, operationId: 'getPlan', path: { plan_id: planId } },
        { label: search.label, operationId: 'postMerchantSearches', ...searchCall },
      ],
    },
  );
}

async function financialData(): Promise<ServicePlan> {
  const mock = await startFinancialDataMock({});
  closers.push(() => mock.close());
  const contract = await loadContract('financial-data');
  const target = fdTargetFromMock({ ...mock, now: () => mock.context.clock.nowMs() });
  const names = mock.context.headerNames;
  const token = opUrl(contract, mock.baseURL, 'CreateToken');
  const response = await fetch(token.url, {
    method: token.method,
    headers: { accept: 'application/json', 'content-type': 'application/json', [names.appKey]: target.appKey },
    body: JSON.stringify(target.partner),
  });
  if (!response.ok) throw new Error(`setup: financial-data CreateToken answered ${response.status}`);
  const auth = { [names.appKey]: target.appKey, [names.appToken]: String(((await response.json()) as { token: string }).token) };
  const institutions = { query: { search: 'bank', limit: 5 } };
  const get = opUrl(contract, mock.baseURL, 'GetInstitutions', institutions);
  const add = opUrl(contract, mock.baseURL, 'AddTestingCustomer');
  return withCeiling(
    'financial-data',
    { label: get.label, method: get.method, url: get.url, headers: { accept: 'application/json', ...auth } },
    {
      label: add.label,
      method: add.method,
      url: add.url,
      headers: { accept: 'application/json', 'content-type': 'application/json', ...auth },
      // A fresh username per request (a repeated one is a 409); autocannon fills [<id>].
      body: JSON.stringify(newCustomer({ username: 'bench.[<id>]' })),
      idReplacement: true,
    },
    {
      baseURL: mock.baseURL,
      auth: { kind: 'headers', headers: auth },
      secrets: Object.values(auth),
      calls: [
        { label: get.label, operationId: 'GetInstitutions', ...institutions },
        { label: add.label, operationId: 'AddTestingCustomer', newCustomerBody: true },
      ],
    },
  );
}

const BUILDERS: Record<BenchService, () => Promise<ServicePlan>> = {
  'card-enrollment': cardEnrollment,
  installments,
  'financial-data': financialData,
};

async function main() {
  const services = JSON.parse(process.argv[2] ?? '[]') as BenchService[];
  const plans: ServicePlan[] = [];
  for (const service of services) plans.push(await BUILDERS[service]());
  process.send!({ type: 'ready', plans } satisfies ServerMessage);
}

async function shutdown(code: number) {
  await Promise.allSettled(closers.map((close) => close()));
  process.exit(code);
}

process.on('disconnect', () => void shutdown(0));
main().catch((error: Error) => {
  process.send?.({ type: 'error', message: error.message.split('\n')[0] } satisfies ServerMessage);
  void shutdown(1);
});
