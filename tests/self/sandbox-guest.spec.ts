// Covers: the suite's manners as a guest on a sandbox (helpers/target/sandbox/): a 429 waited out as its
// Retry-After asks and counted (never for a check of the 429 itself, never on a mock); what a check
// creates deleted when it ends, through the contract's delete operation, and what it cannot delete
// counted; the ledger's account of an interrupted run swept afterwards; the quota planned before a
// run; a Retry-After in seconds or as a date; a request left without an answer ends at its deadline.
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../../fixtures/self.js';
import { loopback, closing, selfClient } from './support.known.js';
import { OperationClient, withinDeadline } from '../../helpers/client/client.js';
import { loadContract } from '../../helpers/contract/contract.js';
import { fdHeaderNames } from '../../helpers/contract/facts.js';

import {
  logGuest,
  readGuestLog,
  readOwnGuestLog,
  summarise,
  unanswered,
  undoable,
  type GuestEvent,
} from '../../helpers/client/guest/guest-log.js';
import { sweepLedger } from '../../helpers/target/sandbox/sweep.js';
import { fdWorkerCap, quotaRefusal } from '../../helpers/target/sandbox/quota.js';
import { retryAfterSeconds } from '../../helpers/client/guest/rate.js';
import { startFinancialDataMock } from '../../mocks/financial-data/index.js';
import { createEncryptionKeys } from '../../mocks/card-enrollment/keys.js';
import { fetchJwkSet } from '../../helpers/target/keys.js';

/** A financial data client of the target at baseURL (a sandbox's where `sandbox`), with the options a case adds (a guest's). */
const fdClient = async (
  request: APIRequestContext,
  baseURL: string,
  { sandbox = false, ...more }: Partial<ConstructorParameters<typeof OperationClient>[0]> & { sandbox?: boolean } = {},
) => selfClient(request, 'financial-data', baseURL, more, sandbox ? 'sandbox' : 'mock');

test('a request left without an answer fails at its deadline with the message naming it; an answer in time is passed on', async () => {
  // A promise that never settles: a target that keeps the connection and never answers.
  const never = new Promise<string>(() => undefined);
  await expect(withinDeadline(never, 20, () => 'GET /customers: no answer within 20 ms')).rejects.toThrow(
    'GET /customers: no answer within 20 ms',
  );
  await expect(withinDeadline(Promise.resolve('answer'), 20, () => 'late')).resolves.toBe('answer');
});

test("a sandbox's key URL answering 429 is waited out as its Retry-After asks, then its key is read", async () => {
  const { jwks, kid } = await createEncryptionKeys();
  let calls = 0;
  const keys = await loopback((_req, res) => {
    calls++;
    if (calls < 3) res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '0' }).end('{"message":"slow down"}');
    else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(jwks));
  });
  try {
    expect((await fetchJwkSet('CARD_KEYS_URL', keys.url)).kid).toBe(kid);
    expect(calls).toBe(3);
  } finally {
    await keys.close();
  }
});

test('Retry-After is read in seconds or as an HTTP date, bounded, and grows without one', () => {
  expect(retryAfterSeconds({ 'retry-after': '3' }, 0)).toBe(3);
  expect(retryAfterSeconds({ 'retry-after': new Date(Date.UTC(2030, 0, 1, 0, 0, 7)).toUTCString() }, 0, Date.UTC(2030, 0, 1))).toBe(7);
  expect(retryAfterSeconds({ 'retry-after': '86400' }, 0)).toBe(60);
  expect([0, 1, 2].map((n) => retryAfterSeconds({}, n))).toEqual([1, 2, 4]);
});

test('on a sandbox a 429 is waited out and counted; a check of the 429 and a mock get it as it is', async ({ request }) => {
  let calls = 0;
  // Answers 429 (Retry-After 1) to every other request: the first of each pair is throttled.
  const target = await loopback((_req, res) => {
    calls++;
    if (calls % 2 === 1)
      res.writeHead(429, { 'retry-after': '1', 'content-type': 'application/json' }).end('{"code":429,"message":"slow down"}');
    else
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end('{"institutions":[],"found":0,"displaying":0,"moreAvailable":false,"createdDate":1,"page":1}');
  });
  try {
    const client = (sandbox: boolean) => fdClient(request, target.url, { sandbox });
    // This worker's own ledger: the next test's 429s, in another worker at the same time, are not this call's.
    const before = summarise(readOwnGuestLog()).retries;
    const started = Date.now();
    const waited = await (await client(true))
      .call('GetInstitutions', { query: { limit: 1 } })
      .catch((e: Error) => ({ status: -1, message: e.message }));
    expect(waited.status, 'the 429 waited out, then the answer').toBe(200);
    expect(Date.now() - started, 'Retry-After: 1 was honoured').toBeGreaterThanOrEqual(900);
    expect(summarise(readOwnGuestLog()).retries - before, 'the retry is in the ledger').toBe(1);
    const expected = await (await client(true))
      .call('GetInstitutions', { query: { limit: 1 }, rateLimit: 'expect' })
      .catch((e: Error) => ({ status: /429/.test(e.message) ? 429 : -1 }));
    expect(expected.status, 'a check of the 429 itself gets it').toBe(429);
    calls = 0;
    const onMock = await (await client(false))
      .call('GetInstitutions', { query: { limit: 1 } })
      .catch((e: Error) => ({ status: /429/.test(e.message) ? 429 : -1 }));
    expect(onMock.status, "a mock's 429 is never waited out").toBe(429);
  } finally {
    await target.close();
  }
});

test("a call changing what other checks read holds it alone once they are done, and the check's next changing call finds it held", async ({
  request,
}) => {
  // Another process (the runner's pid, alive) reads the state: the changing call waits for it (helpers/client/guest/shared-state.ts).
  const state = `self-excludes-${process.pid}-${Date.now()}`;
  const file = path.resolve('reports', '.raw', process.env.SUITE_RUN_ID ?? 'default', 'states', `${state}.json`);
  const lockOf = () => JSON.parse(fs.readFileSync(file, 'utf8')) as { alone?: { pid: number }; waiting: Record<string, string> };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ shared: { [process.ppid]: 1 }, waiting: {} }));
  const target = await loopback((_req, res) =>
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end('{"institutions":[],"found":0,"displaying":0,"moreAvailable":false,"createdDate":1,"page":1}'),
  );
  try {
    const excludes = () => ({ states: [state], waitMs: 10_000 });
    const api = await fdClient(request, target.url, { sandbox: true, excludes });
    const first = api.call('GetInstitutions', { query: { limit: 1 } });
    const waited = await Promise.race([first.then(() => 'answered'), new Promise((r) => setTimeout(() => r('waiting'), 300))]);
    expect(waited, 'the call waits while another process reads the state').toBe('waiting');
    fs.writeFileSync(file, JSON.stringify({ shared: {}, waiting: lockOf().waiting }));
    expect((await first).status).toBe(200);
    expect(lockOf().alone?.pid, 'held alone after the call, for the next changing call of the check').toBe(process.pid);
    // The check's next changing call takes the hold kept, waiting for no reader again; it is let go a moment after.
    const second = await Promise.race([
      api.call('GetInstitutions', { query: { limit: 1 } }),
      new Promise((r) => setTimeout(() => r('waiting'), 1000)),
    ]);
    expect((second as { status?: number }).status, 'the next changing call at once').toBe(200);
    await expect.poll(() => lockOf().alone, { timeout: 10_000, message: 'let go a moment after the last changing call' }).toBeUndefined();
  } finally {
    await target.close();
    fs.rmSync(file, { force: true });
  }
});

test("a sandbox's 429 waits are added to the test's time budget: a throttled check ends with its own result, not at the time-out", async ({
  request,
}, testInfo) => {
  const started = performance.now();
  // A first answer (the client and its validators made), then two 429s of Retry-After 2 s, then the
  // answer: 4 s of waiting in a budget that leaves 3 s once the first answer is in. Without the
  // waits added the check would end at the time-out; with them it has 3 s to spare, a hundred times
  // the few milliseconds its three small answers take.
  let calls = 0;
  const institutions = '{"institutions":[],"found":0,"displaying":0,"moreAvailable":false,"createdDate":1,"page":1}';
  const target = await loopback((_req, res) => {
    if (++calls === 2 || calls === 3)
      res.writeHead(429, { 'retry-after': '2', 'content-type': 'application/json' }).end('{"code":429,"message":"slow down"}');
    else res.writeHead(200, { 'content-type': 'application/json' }).end(institutions);
  });
  try {
    const guest = await fdClient(request, target.url, { sandbox: true, testInfo });
    expect((await guest.call('GetInstitutions', { query: { limit: 1 } })).status, 'the first answer').toBe(200);
    const budget = Math.ceil(performance.now() - started) + 3000;
    testInfo.setTimeout(budget);
    const answer = await guest.call('GetInstitutions', { query: { limit: 1 } });
    expect(answer.status, 'both 429s waited out, then the answer').toBe(200);
    expect(testInfo.timeout, 'the budget grew by the two waits').toBe(budget + 4000);
  } finally {
    await target.close();
  }
});

test('on a sandbox what a check creates is deleted when it ends, and what the API cannot delete is counted', async ({ request }) => {
  await closing(startFinancialDataMock(), async (mock) => {
    const contract = await loadContract('financial-data');
    const [partner] = mock.world.partners.values();
    const appKey = mock.world.appKeys[0];
    const bare = await fdClient(request, mock.baseURL);
    const names = fdHeaderNames(contract, 'seed');
    const token = (
      await bare.call('CreateToken', {
        body: { partnerId: partner.id, partnerSecret: partner.secret },
        auth: () => ({ [names.appKey]: appKey }),
      })
    ).body.token as string;
    const authorize = () => ({ [names.appKey]: appKey, [names.appToken]: token });
    const guest = await fdClient(request, mock.baseURL, { authorize, sandbox: true });
    const customer = await guest.call('AddTestingCustomer', {
      body: { username: `pcsuite.guest.${Date.now()}`, firstName: 'Ada', lastName: 'Guest' },
    });
    expect(customer.status).toBe(201);
    const consumer = await guest.call('CreateConsumer', {
      path: { customerId: customer.body.id },
      body: {
        firstName: 'Ada',
        lastName: 'Guest',
        address: '1 Main St',
        city: 'Murray',
        state: 'UT',
        zip: '84123',
        phone: '8015551234',
        ssn: '999601111',
        birthday: { year: 1989, month: 8, dayOfMonth: 13 },
        email: 'ada@example.com',
      },
    });
    expect(consumer.status).toBe(201);
    expect(await guest.deleteCreated(), 'nothing failed to be deleted').toEqual([]);
    expect((await guest.call('GetCustomer', { path: { customerId: customer.body.id } })).status, 'the customer is gone').toBe(404);
    const mine = readGuestLog().filter((e) => 'id' in e && (e.id === String(customer.body.id) || e.id === String(consumer.body.id)));
    const summary = summarise(mine);
    expect(summary, 'created two, deleted the deletable one, the consumer counted as the API cannot delete it').toMatchObject({
      created: 2,
      deleted: 1,
      leftBehind: [{ kind: 'consumer', deletable: false }],
    });
    // A client that is not a guest (the test data sandbox:prepare makes) keeps what it creates.
    const keeper = await fdClient(request, mock.baseURL, { authorize, sandbox: true, guest: false });
    const kept = await keeper.call('AddTestingCustomer', { body: { username: `pcsuite-linked-${Date.now()}` } });
    await keeper.deleteCreated();
    expect((await keeper.call('GetCustomer', { path: { customerId: kept.body.id } })).status, 'prepared data stays').toBe(200);
  });
});

test('write ahead: a creation is in the ledger with the username the suite chose before its request leaves, and completed with its id when answered', async ({
  request,
}) => {
  const username = `pcsuite.ahead.${Date.now()}`;
  // What the ledger held when the request reached the target: read by the target itself, before it answers.
  let heldOnArrival: GuestEvent[] = [];
  const target = await loopback((req, res) => {
    if (req.method === 'DELETE') return void res.writeHead(204).end();
    heldOnArrival = readOwnGuestLog();
    res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ id: '7001', username, createdDate: 1 }));
  });
  try {
    const guest = await fdClient(request, target.url, { sandbox: true });
    await guest.call('AddTestingCustomer', { body: { username, firstName: 'Ada', lastName: 'Ahead' } }).catch(() => undefined);
    const ahead = heldOnArrival.find((e) => e.event === 'creating' && e.name?.username === username);
    expect(ahead, 'the creation and its username were in the ledger before the request arrived').toMatchObject({
      kind: 'testing customer',
      operationId: 'AddTestingCustomer',
    });
    const ref = (ahead as Extract<GuestEvent, { event: 'creating' }>).ref;
    expect(
      readOwnGuestLog().find((e) => e.event === 'created' && e.ref === ref),
      'completed with its id',
    ).toMatchObject({ id: '7001' });
    expect(
      unanswered(readOwnGuestLog()).filter((e) => e.ref === ref),
      'nothing left unanswered',
    ).toEqual([]);
  } finally {
    await target.close();
  }
});

test('a creation sent and never answered in the ledger (a SIGKILL) is found by its username and deleted by the sweep; one never made is closed', async ({
  request,
}) => {
  await closing(startFinancialDataMock(), async (mock) => {
    const [partner] = mock.world.partners.values();
    const env = {
      FD_BASE_URL: mock.baseURL,
      FD_APP_KEY: mock.world.appKeys[0],
      FD_PARTNER_ID: partner.id,
      FD_PARTNER_SECRET: partner.secret,
      FD_HEADER_NAMES: 'seed',
    };
    const contract = await loadContract('financial-data');
    const names = fdHeaderNames(contract, 'seed');
    const bare = await fdClient(request, mock.baseURL);
    const token = (
      await bare.call('CreateToken', {
        body: { partnerId: partner.id, partnerSecret: partner.secret },
        auth: () => ({ [names.appKey]: env.FD_APP_KEY }),
      })
    ).body.token as string;
    const authorize = () => ({ [names.appKey]: env.FD_APP_KEY, [names.appToken]: token });
    // The request reached the target (a customer exists) but the run was killed before the answer was noted.
    const made = `pcsuite.killed.${Date.now()}`;
    const customer = await (await fdClient(request, mock.baseURL, { authorize })).call('AddTestingCustomer', { body: { username: made } });
    const runId = `self-ahead-${process.pid}-${Date.now()}`;
    const at = new Date().toISOString();
    const creating = (ref: string, username: string) =>
      ({
        event: 'creating',
        service: 'financial-data',
        kind: 'testing customer',
        ref,
        operationId: 'AddTestingCustomer',
        name: { username },
        at,
      }) as const;
    logGuest(creating('k.1', made), runId);
    logGuest(creating('k.2', `pcsuite.never.${Date.now()}`), runId);
    try {
      expect(unanswered(readGuestLog(runId)).map((e) => e.ref)).toEqual(['k.2', 'k.1']);
      const swept = await sweepLedger(runId, readGuestLog(runId), env);
      expect(swept, 'found by its username and deleted; the other closed as never made').toEqual({ deleted: 1, failed: [] });
      expect(mock.world.customers.has(String(customer.body.id)), 'the customer is gone').toBe(false);
      const after = readGuestLog(runId);
      expect(unanswered(after), 'nothing left open').toEqual([]);
      expect(summarise(after), 'the found creation counted created and deleted').toMatchObject({ created: 1, deleted: 1, leftBehind: [] });
    } finally {
      fs.rmSync(path.resolve('reports', '.raw', runId), { recursive: true, force: true });
    }
  });
});

test('the ledger of an interrupted run names what is still there, newest first, and nothing once deleted', () => {
  const at = '2026-01-01T00:00:00Z';
  const events: GuestEvent[] = [
    {
      event: 'created',
      service: 'financial-data',
      kind: 'testing customer',
      id: '1',
      operationId: 'AddTestingCustomer',
      undo: { operationId: 'DeleteCustomer', path: { customerId: '1' } },
      quota: true,
      at,
    },
    {
      event: 'created',
      service: 'financial-data',
      kind: 'webhook subscription',
      id: 's1',
      operationId: 'createWebhookSubscription',
      undo: { operationId: 'deleteWebhookSubscription', path: { subscription_id: 's1' } },
      at,
    },
    { event: 'created', service: 'financial-data', kind: 'consumer', id: 'c1', operationId: 'CreateConsumer', at },
    { event: 'deleted', service: 'financial-data', kind: 'testing customer', id: '1', at },
    { event: 'retry', service: 'financial-data', operationId: 'GetCustomers', waitedSeconds: 2, at },
  ];
  expect(undoable(events).map((e) => e.id)).toEqual(['s1']);
  expect(summarise(events)).toEqual({
    created: 3,
    deleted: 1,
    leftBehind: [
      { service: 'financial-data', kind: 'webhook subscription', id: 's1', deletable: true },
      { service: 'financial-data', kind: 'consumer', id: 'c1', deletable: false },
    ],
    retries: 1,
    retryWaitSeconds: 2,
    services: {
      'financial-data': { created: 3, deleted: 1, deletableLeft: 1, undeletable: 1, retries: 1, retryWaitSeconds: 2 },
    },
    kinds: [
      { service: 'financial-data', kind: 'testing customer', created: 1, deleted: 1, cannotDelete: 0, left: 0 },
      { service: 'financial-data', kind: 'webhook subscription', created: 1, deleted: 0, cannotDelete: 0, left: 1 },
      { service: 'financial-data', kind: 'consumer', created: 1, deleted: 0, cannotDelete: 1, left: 0 },
    ],
  });
});

test('every creation is counted once, deleted, kept or left, also an object created twice (one account subscribed again): the ledger adds up', () => {
  const at = '2026-01-01T00:00:00Z';
  const txpush = {
    event: 'created',
    service: 'financial-data',
    kind: 'TxPush subscription',
    id: 'c1/a1',
    operationId: 'SubscribeToTxPushNotifications',
    undo: { operationId: 'DisableTxPushNotifications', path: { customerId: 'c1', accountId: 'a1' } },
    at,
  } as const;
  const deleted = { event: 'deleted', service: 'financial-data', kind: 'TxPush subscription', id: 'c1/a1', at } as const;
  const app = { event: 'created', service: 'financial-data', kind: 'app registration', id: '7', operationId: 'RegisterApp', at } as const;
  const events: GuestEvent[] = [txpush, txpush, deleted, app, app, txpush];
  // Two of three subscriptions deleted... once: the second and third creation are still there.
  expect(undoable(events)).toHaveLength(2);
  const once = summarise(events);
  expect(once.kinds).toEqual([
    { service: 'financial-data', kind: 'TxPush subscription', created: 3, deleted: 1, cannotDelete: 0, left: 2 },
    { service: 'financial-data', kind: 'app registration', created: 2, deleted: 0, cannotDelete: 2, left: 0 },
  ]);
  const all = summarise([...events, deleted, deleted, deleted]);
  expect(all.kinds?.[0], 'a deletion beyond the creations undoes nothing more').toMatchObject({ created: 3, deleted: 3, left: 0 });
  for (const s of [once, all]) {
    expect(s.created).toBe(s.deleted + s.leftBehind.length);
    for (const k of s.kinds ?? []) expect(k.created, `${k.kind} adds up`).toBe(k.deleted + k.cannotDelete + k.left);
    const fd = s.services!['financial-data'];
    expect(fd.created).toBe(fd.deleted + fd.deletableLeft + fd.undeletable);
  }
  expect(undoable([...events, deleted, deleted])).toEqual([]);
});

test('a run that would hold more testing customers than the quota leaves refuses to start, saying how many', () => {
  expect(quotaRefusal(2, 76, 100), 'fits: 76 + 24').toBeUndefined();
  expect(quotaRefusal(2, 77, 100)).toBe(
    "financial-data needs up to 24 testing customers at once (2 workers x 12); the partner has 77 of 100: run with --workers 1, or delete the suite's leftovers (npm run sandbox:cleanup -- --service financial-data)",
  );
  expect(quotaRefusal(4, 95, 100)).toMatch(/^financial-data needs up to 48 .* has 95 of 100: delete/);
  // Of a run's workers financial data takes at most what the quota holds (its project's workers): the others hold no customer.
  expect(fdWorkerCap(100), '100 testing customers at 12 a worker').toBe(8);
  expect(fdWorkerCap(5), 'one worker at the least').toBe(1);
  expect(quotaRefusal(12, 4, 100), 'fits: 12 workers, of them 8 on financial data, 4 + 96').toBeUndefined();
  expect(quotaRefusal(12, 5, 100)).toMatch(
    /^financial-data needs up to 96 testing customers at once \(8 workers x 12\); the partner has 5 of 100: run with --workers 7/,
  );
});
