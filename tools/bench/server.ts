// The server side of `npm run bench`, a child process of scripts/bench.ts (the load generator and the
// servers do not share one event loop): starts the embedded mocks on 127.0.0.1, builds valid
// authenticated requests as the specs' fixtures do, starts per service a like-for-like bare server,
// and sends the plan to the parent over IPC; on request it grows fresh mocks' stores (tools/bench/reads.ts).
// Credentials travel only over that channel; it prints nothing and ends when the parent disconnects.
import http from 'node:http';
import { loadContract } from '../../helpers/contract/contract.js';
import { limitOf, securityHeader } from '../../helpers/contract/facts.js';
import type { OperationId } from '../../helpers/contract/operations.js';
import { encryptJson, keyFromJwks } from '../../helpers/auth/jwe.js';
import { MockControl } from '../../helpers/target/mock-control.js';
import { signRequest, verifyRequest, type SigningCredentials } from '../../helpers/auth/oauth1.js';
import { Receiver } from '../../helpers/client/receiver.js';
import { cardTargetFromMock } from '../../helpers/target/card-enrollment.js';
import { installmentsTargetFromMock } from '../../helpers/target/installments.js';
import { startCardEnrollmentMock } from '../../mocks/card-enrollment/index.js';
import { startInstallmentsMock } from '../../mocks/installments/index.js';
import { exampleCard, exampleCompliance, exampleConsumer } from '../../fixtures/examples/card-enrollment.js';
import { newCustomer } from '../../fixtures/examples/financial-data.js';
import { exampleOffersBody, exampleParticipation, examplePlanBody } from '../../fixtures/examples/installments.js';
import { createEncryptionKeys, decryptCard } from '../../mocks/card-enrollment/keys.js';
import type { BenchService } from './args.js';
import type { LoadTarget } from './load.js';
import { fdMockWithToken, opUrl } from './mocks.js';
import { growReads, type GrowRequest, type GrowthBatch, type ReadCase } from './reads.js';

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
  /** The mock request compared with the bare server (a GET; card enrollment has none: its enrollment POST). */
  compared: LoadTarget;
  /** The like-for-like bare node:http server: the same credentials checked as the mock checks them, the same body answered. */
  bare: LoadTarget;
  /** What the bare server does besides answering (printed with the figures). */
  bareDoes: string;
  /** A creation loaded on its own, when the compared request is not one. */
  post?: LoadTarget;
  client: { baseURL: string; auth: BenchAuth; secrets: string[]; calls: ClientCall[] };
}

export type ServerMessage =
  | { type: 'ready'; plans: ServicePlan[] }
  | { type: 'cpu'; micros: number }
  | { type: 'grown'; cases: ReadCase[]; holds: string; creation: GrowthBatch[] }
  | { type: 'error'; message: string };
/** `cpu`: the CPU time (user + system, microseconds) this process has used so far, for the CPU each request costs. */
export type ParentMessage = GrowRequest | { type: 'cpu' };

const closers: (() => Promise<void>)[] = [];

/** The mock's answer to a target sent once (placeholders filled), recorded for the bare server; a non-2xx stops the benchmark. */
async function record(target: LoadTarget) {
  const body = target.body?.replace(/\[<id>\]/g, () => `probe${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`);
  const response = await fetch(target.url, { method: target.method, headers: target.headers, body, signal: AbortSignal.timeout(10_000) });
  const text = await response.text();
  if (response.status < 200 || response.status > 299) throw new Error(`setup: ${target.label} answered ${response.status}, not 2xx`);
  return { status: response.status, contentType: response.headers.get('content-type') ?? 'application/json', body: text };
}

/** Fastify's keep-alive timeout (its `keepAliveTimeout` default, the mocks' servers'), given to the bare servers too. */
const KEEP_ALIVE_MS = 72_000;

/**
 * The like-for-like bare server: node:http, no framework, validation or routing; `admit` checks the
 * credentials (and decrypts what the mock decrypts; 401 when it refuses), and the mock's recorded answer
 * is serialized on every request as the mock serializes it, with the headers `perRequest` adds. Where the
 * mock writes a list around records serialized once (`list`, mocks/kit/json.ts sendList), so does it.
 */
async function bareServer(
  answer: { status: number; contentType: string; body: string },
  admit: (req: http.IncomingMessage, body: string, url: string) => boolean | Promise<boolean>,
  perRequest: (req: http.IncomingMessage) => Record<string, string> = () => ({}),
  list?: string,
): Promise<string> {
  const parsed = JSON.parse(answer.body) as Record<string, unknown>;
  if (JSON.stringify(parsed) !== answer.body) throw new Error('setup: the recorded answer does not serialize back to its own bytes');
  const serialize = list ? listSerializer(parsed, list) : () => JSON.stringify(parsed);
  if (serialize() !== answer.body) throw new Error('setup: the bare answer is not the recorded answer byte for byte');
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      void Promise.resolve(admit(req, body, `http://${req.headers.host}${req.url}`)).then((ok) => {
        if (!ok) return res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"unauthorized"}');
        const text = serialize();
        res.writeHead(answer.status, { 'content-type': answer.contentType, 'content-length': Buffer.byteLength(text), ...perRequest(req) });
        res.end(text);
      });
    });
  });
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

/** `{...head, [list]: records}` as sendList writes it: the head serialized per call, the records' text once. */
function listSerializer(answer: Record<string, unknown>, list: string): () => string {
  const { [list]: records, ...head } = answer;
  if (!Array.isArray(records) || Object.keys(answer).at(-1) !== list)
    throw new Error(`setup: the recorded answer's last member is not the list '${list}'`);
  const texts = records.map((r) => JSON.stringify(r));
  return () => {
    const members = JSON.stringify(head).slice(1, -1);
    return `{${members === '' ? '' : `${members},`}${JSON.stringify(list)}:[${texts.join(',')}]}`;
  };
}

/** The bare server's copy of a target: the same method, path, query and body, at the bare server's origin. */
const atOrigin = (target: LoadTarget, origin: string, label: string): LoadTarget => {
  const url = new URL(target.url);
  return { ...target, label, url: `${origin}${url.pathname}${url.search}` };
};

async function cardEnrollment(): Promise<ServicePlan> {
  const mock = await startCardEnrollmentMock({});
  closers.push(() => mock.close());
  const contract = await loadContract('card-enrollment');
  const target = await cardTargetFromMock(mock);
  // The bare server's own key pair, made and used as the mock's (mocks/card-enrollment/keys.ts).
  const bareKeys = await createEncryptionKeys();
  // A valid card-path EnrollCardRequest (fixtures/card-enrollment/requests.ts, CardRequests.withCard).
  const body = async (key: typeof target.encryptionKey) => ({
    srcClientId: target.srcClientId,
    srcCorrelationId: crypto.randomUUID(),
    serviceId: target.serviceId,
    consumer: exampleConsumer(),
    complianceSettings: exampleCompliance(),
    cardSource: 'CARDHOLDER',
    encryptedCard: await encryptJson(exampleCard(), key),
  });
  const mockBody = await body(target.encryptionKey);
  const keyHeader = securityHeader(contract, 'ApiKeyAuth').name;
  const auth = { [keyHeader]: target.apiKey };
  const put = opUrl(contract, mock.baseURL, 'putCard');
  const compared: LoadTarget = {
    ...put,
    headers: { accept: 'application/json', 'content-type': 'application/json', ...auth },
    body: JSON.stringify(mockBody),
  };
  const origin = await bareServer(await record(compared), async (req, text) => {
    if (req.headers[keyHeader.toLowerCase()] !== target.apiKey) return false;
    try {
      const parsed = JSON.parse(text) as { encryptedCard?: unknown };
      return typeof parsed.encryptedCard === 'string' && (await decryptCard(bareKeys, parsed.encryptedCard)) !== undefined;
    } catch {
      return false;
    }
  });
  const bare = {
    ...atOrigin(compared, origin, 'bare: API key, JWE decrypt'),
    body: JSON.stringify(await body(await keyFromJwks(bareKeys.jwks))),
  };
  return {
    service: 'card-enrollment',
    compared,
    bare,
    bareDoes:
      'compares the API key, parses the JSON body, decrypts the card JWE (RSA-OAEP-256) with its own key pair, serializes the answer',
    client: {
      baseURL: mock.baseURL,
      auth: { kind: 'headers', headers: auth },
      secrets: [target.apiKey],
      calls: [{ label: put.label, operationId: 'putCard', body: mockBody }],
    },
  };
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
    // Node's fetch sends `Accept-Language: *` unless told: provider 2.0.0 AcceptLanguage takes only 'en'.
    'accept-language': 'en',
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
    body: examplePlanBody(offers.offerTransactionId, offers.offers[0], await sensitive(pan), { offers: offers.offers }),
    headers: { 'Correlation-Id': crypto.randomUUID() },
  });
  const planId = String(plan.planId);

  const get = opUrl(contract, mock.baseURL, 'getPlan', { path: { plan_id: planId } });
  const searchCall = { query: { offset: 0, limit: 10 }, body: { countryCode: 'USA' } };
  const search = opUrl(contract, mock.baseURL, 'postMerchantSearches', searchCall);
  const searchBody = JSON.stringify(searchCall.body);
  // The mock checks signature and body hash, not nonce reuse: one signature serves a whole phase.
  const compared: LoadTarget = { ...get, headers: signed(get.method, get.url) };
  const key = mock.world.keys[0];
  const origin = await bareServer(
    await record(compared),
    (req, body, url) =>
      verifyRequest(
        { method: req.method ?? 'GET', url, authorization: req.headers.authorization, body: body === '' ? undefined : body },
        (consumerKey) => (consumerKey === key.consumerKey ? key.publicKey : undefined),
      ).ok,
    // The mock's answers carry a Correlation-Id, the caller's or a new one (mocks/installments/index.ts, provider 2.0.0).
    (req) => ({ 'correlation-id': (req.headers['correlation-id'] as string | undefined) ?? crypto.randomUUID() }),
  );
  const bareUrl = `${origin}${new URL(get.url).pathname}`;
  const post: LoadTarget = { ...search, headers: signed(search.method, search.url, searchBody), body: searchBody };
  await record(post);
  return {
    service: 'installments',
    compared,
    bare: { label: 'bare: OAuth 1.0a RSA-SHA256 verified', method: 'GET', url: bareUrl, headers: signed('GET', bareUrl) },
    bareDoes:
      'parses the OAuth 1.0a header and verifies its RSA-SHA256 signature and body hash (helpers/auth/oauth1.ts verifyRequest, as the mock), adds a Correlation-Id, serializes the answer',
    post,
    client: {
      baseURL: mock.baseURL,
      auth: { kind: 'oauth1', credentials: target.signer },
      secrets: [target.signer.consumerKey],
      calls: [
        { label: get.label, operationId: 'getPlan', path: { plan_id: planId } },
        { label: search.label, operationId: 'postMerchantSearches', ...searchCall },
      ],
    },
  };
}

async function financialData(): Promise<ServicePlan> {
  const { mock, contract, target, auth } = await fdMockWithToken(closers);
  const names = mock.context.headerNames;
  const institutions = { query: { search: 'bank', limit: 5 } };
  const get = opUrl(contract, mock.baseURL, 'GetInstitutions', institutions);
  const add = opUrl(contract, mock.baseURL, 'AddTestingCustomer');
  const compared: LoadTarget = { ...get, headers: { accept: 'application/json', ...auth } };
  // The mock's check (mocks/financial-data/middleware.ts): a known app key, a known token not expired.
  const lifetimeMs = limitOf(contract, 'tokenLifetimeSeconds') * 1000;
  const issuedMs = Date.now();
  const origin = await bareServer(
    await record(compared),
    (req) =>
      req.headers[names.appKey.toLowerCase()] === target.appKey &&
      req.headers[names.appToken.toLowerCase()] === auth[names.appToken] &&
      Date.now() - issuedMs < lifetimeMs,
    undefined,
    // GetInstitutions writes its records' text, serialized once (mocks/financial-data/institutions.ts).
    'institutions',
  );
  const post: LoadTarget = {
    ...add,
    headers: { accept: 'application/json', 'content-type': 'application/json', ...auth },
    // A fresh username per request (a repeated one is a 409); autocannon fills [<id>].
    body: JSON.stringify(newCustomer({ username: 'bench.[<id>]' })),
    idReplacement: true,
  };
  await record(post);
  return {
    service: 'financial-data',
    compared,
    bare: atOrigin(compared, origin, 'bare: app key and token checked'),
    bareDoes:
      'compares the app key and the partner token, checks the token age against its lifetime, writes the list around records serialized once, as the mock',
    post,
    client: {
      baseURL: mock.baseURL,
      auth: { kind: 'headers', headers: auth },
      secrets: Object.values(auth),
      calls: [
        { label: get.label, operationId: 'GetInstitutions', ...institutions },
        { label: add.label, operationId: 'AddTestingCustomer', newCustomerBody: true },
      ],
    },
  };
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
process.on('message', (message: ParentMessage) => {
  if (message.type === 'cpu') {
    const used = process.cpuUsage();
    return void process.send!({ type: 'cpu', micros: used.user + used.system } satisfies ServerMessage);
  }
  if (message.type !== 'grow') return;
  growReads(message, closers).then(
    (grown) => process.send!({ type: 'grown', ...grown } satisfies ServerMessage),
    (error: Error) => process.send!({ type: 'error', message: error.message.split('\n')[0] } satisfies ServerMessage),
  );
});
main().catch((error: Error) => {
  process.send?.({ type: 'error', message: error.message.split('\n')[0] } satisfies ServerMessage);
  void shutdown(1);
});
