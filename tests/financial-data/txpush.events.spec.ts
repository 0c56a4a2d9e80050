// Covers: CreateTxPushTestTransaction, SubscribeToTxPushNotifications, DisableTxPushNotifications,
// DeleteTxPushSubscription at the suite's listener - seed 002, Events - TxPush (testing accounts only; one
// transaction and one account event; disabling deletes the account's subscriptions; deleting one stops
// only its events); provider 1.35.0 CreateTxPushTestTransaction (201 id, createdDate). Bodies:
// components/txpush.yaml (reference, Outbound deliveries; beyond subscription, class, account and event
// name @assumption). Sandbox: FD_LINKED_CUSTOMER_ID (testing) and FD_LISTENER_PUBLIC_URL.
import { underRule } from '../../helpers/client/annotations.js';
import {
  changesLinkedCustomer,
  expect,
  expectDeliveries,
  expectEpochSecondsNear,
  expectFdError,
  listenerTag,
  rules,
  sentUrlViolations,
  tellingListenerPath,
  tellingText,
  test,
  withDefaultPort,
  type FdListener,
  type OperationClient,
} from '../../fixtures/financial-data.js';
import { atSite } from './cite.js';
import { awaitTarget } from '../../helpers/client/guest/time-budget.js';

// On a sandbox every worker's linked customer is the prepared one: its TxPush subscriptions are one test's at a time.
test.beforeEach(({ fdTxPushTurn }) => fdTxPushTurn);

interface Rec {
  id: number;
  type: 'account' | 'transaction';
  signingKey: string;
}
type Path = { customerId: string; accountId: string };

/**
 * A listener URL of this test alone (fdListener's prefix is shared by a file's tests: a telling path's tag
 * keeps them apart), and what reached it. A delivery that reached it normalised still counts (name and tag
 * are lower case): expectDeliveries names the change.
 */
function ownListener(fdListener: FdListener, name = 'txpush', url: (u: string) => string = (u) => u) {
  const suffix = tellingListenerPath(name);
  const head = listenerTag(suffix);
  const mine = (r: { url: string }) => r.url.toLowerCase().includes(head);
  return {
    url: url(fdListener.url(suffix)),
    tag: head,
    received: () => fdListener.received().filter(mine),
    waitFor: (pred: NonNullable<Parameters<FdListener['waitFor']>[0]>, ms: number) => fdListener.waitFor((r) => mine(r) && pred(r), ms),
  };
}

/** How long a sandbox may take to deliver a repeated event after the due ones (the mock delivers before it answers): the target's time. */
const settle = (mock: boolean) => (mock ? Promise.resolve() : awaitTarget(10_000));
const timeoutOf = (fd: { control?: unknown }) => (fd.control ? 2000 : 60_000);
const classOf = (c: string) => (r: { json: unknown }) => (r.json as { class?: string })?.class === c;
/** The events of a delivery list ordered by class (account first). */
const byClass = <T extends { class: string }>(events: T[]) => events.sort((a, b) => a.class.localeCompare(b.class));

async function subscribe(fdApi: OperationClient, path: Path, callbackUrl: string): Promise<Record<Rec['type'], Rec>> {
  const res = await fdApi.call('SubscribeToTxPushNotifications', { path, body: { callbackUrl } });
  expect(res.status, `subscribe answers 201; body: ${res.text.slice(0, 200)}`).toBe(201);
  const records = res.body.subscriptions as Rec[];
  return { account: records.find((r) => r.type === 'account')!, transaction: records.find((r) => r.type === 'transaction')! };
}

async function testTransaction(fdApi: OperationClient, path: Path, nowMs: number, amount = -12.34) {
  // A description with inner and trailing spaces, mixed case and non-ASCII letters: a reader that
  // trims, collapses or folds it reads back another value than the one sent (fixtures/arbitraries/telling.ts).
  const body = { amount, description: tellingText('TxPush check'), transactionDate: Math.floor(nowMs / 1000) - 60 };
  const res = await fdApi.call('CreateTxPushTestTransaction', { path, body });
  return { res, body };
}

// seed 002, Events - TxPush: the events of an account go to the callback URL of its own records. Two
// accounts of one customer subscribed with two different URLs: each account's test transaction
// reaches its own URL exactly twice (one event per record) and the other URL not at all.
test(
  "each account's events reach the callback URL registered for that account, not another account's @seed",
  changesLinkedCustomer(rules('FD-DELIVERY-URL@txpush-test', 'FD-DELIVERY-MEDIA-TYPE@txpush-test')),
  async ({ fdApi, fd, linkedCustomer, fdListener: shared }) => {
    const accounts = (['checking', 'savings'] as const).map((type) => ({
      type,
      path: { customerId: linkedCustomer.customerId, accountId: linkedCustomer.account(type).id },
      listener: ownListener(shared, `txpush-${type}`),
    }));
    for (const a of accounts) await subscribe(fdApi, a.path, a.listener.url);
    const timeout = timeoutOf(fd);
    for (const a of accounts) {
      const { res } = await testTransaction(fdApi, a.path, fd.now());
      expect(res.status, `the ${a.type} account's test transaction answers 201`).toBe(201);
      expect(await a.listener.waitFor(() => true, timeout), `an event of the ${a.type} account reached its URL`).toBeDefined();
    }
    await settle(Boolean(fd.control));
    for (const a of accounts)
      expectDeliveries(a.listener.received(), [{ url: a.listener.url, count: 2, what: `the ${a.type} account's test transaction` }]);
    for (const a of accounts) await fdApi.call('DisableTxPushNotifications', { path: a.path });
  },
);

test(
  'a test transaction delivers exactly one transaction event and one account event, each naming its subscription and the account @seed',
  changesLinkedCustomer(
    rules(
      'FD-TXPUSH-TEST-EVENTS',
      'FD-TXPUSH-TESTING-ONLY:accept',
      ...atSite('txpush-test', 'FD-DELIVERY-URL', 'FD-DELIVERY-MEDIA-TYPE', 'FD-DELIVERY-SENSITIVE'),
    ),
  ),
  async ({ fdApi, fd, linkedCustomer, fdListener: shared }) => {
    // On the mock the URL names its default port, which a target writing the URL again drops: only the
    // mock's record of its outbound calls shows the origin used (a listener sees the path and query).
    const fdListener = ownListener(shared, 'txpush', fd.control ? withDefaultPort : undefined);
    const path = { customerId: linkedCustomer.customerId, accountId: linkedCustomer.account('checking').id };
    // The account's number, which no event may carry in clear (the suite never sent it: read from its ACH details).
    const ach = await fdApi.call('GetAccountACHDetails', { path });
    const number = ach.status === 200 ? String(ach.body.realAccountNumber ?? '') : '';
    const subs = await subscribe(fdApi, path, fdListener.url);
    const { res } = await testTransaction(fdApi, path, fd.now());
    expect(res.status, `seed 002, TxPush: the test transaction answers 201; body: ${res.text.slice(0, 200)}`).toBe(201);
    const timeout = timeoutOf(fd);
    expect(await fdListener.waitFor(classOf('transaction'), timeout), 'the transaction event reached the listener').toBeDefined();
    expect(await fdListener.waitFor(classOf('account'), timeout), 'the account event (balance changed) reached the listener').toBeDefined();
    await settle(Boolean(fd.control));
    const got = fdListener
      .received()
      .map((r) => ({ method: r.method, ...(r.json as { class: string; subscriptionId: number; accountId: number }) }))
      .map((e) => ({ method: e.method, class: e.class, subscriptionId: e.subscriptionId, accountId: String(e.accountId) }));
    expect(byClass(got), 'exactly these two deliveries, none repeated').toEqual([
      { method: 'POST', class: 'account', subscriptionId: subs.account.id, accountId: path.accountId },
      { method: 'POST', class: 'transaction', subscriptionId: subs.transaction.id, accountId: path.accountId },
    ]);
    // Both records share the one callback URL sent: two deliveries there, byte for byte, nothing sensitive.
    expectDeliveries(
      fdListener.received(),
      [{ url: fdListener.url, count: 2, what: 'the test transaction (one event per record)' }],
      number ? [{ kind: 'account number', value: number }] : [],
    );
    if (fd.control)
      expect(sentUrlViolations(await fd.control.deliveries(), [fdListener]), 'the events sent to the callback URL byte for byte').toEqual(
        [],
      );
    await fdApi.call('DisableTxPushNotifications', { path });
  },
);

// seed 002, Events: one transaction and one account event whatever the status (provider 1.35.0
// TestTxPushTransaction.status); the event carries the status sent (@assumption, reference Outbound deliveries).
test(
  'a pending test transaction delivers exactly one transaction event, carrying status pending, and one account event @provider @assumption',
  changesLinkedCustomer(rules('FD-TXPUSH-TEST-EVENTS-PENDING', 'FD-TXPUSH-EVENT-CONTENT')),
  async ({ fdApi, fd, linkedCustomer, fdListener: shared }) => {
    const fdListener = ownListener(shared, 'txpush-pending');
    const path = { customerId: linkedCustomer.customerId, accountId: linkedCustomer.account('savings').id };
    await subscribe(fdApi, path, fdListener.url);
    const body = {
      amount: -7.5,
      description: 'TxPush pending check',
      transactionDate: Math.floor(fd.now() / 1000) - 60,
      status: 'pending',
    };
    const res = await fdApi.call('CreateTxPushTestTransaction', { path, body });
    expect(res.status, `the pending test transaction answers 201; body: ${res.text.slice(0, 200)}`).toBe(201);
    await fdListener.waitFor(classOf('transaction'), timeoutOf(fd));
    await fdListener.waitFor(classOf('account'), timeoutOf(fd));
    await settle(Boolean(fd.control));
    const got = fdListener
      .received()
      .map((r) => r.json as { class: string; transaction?: { status?: string } })
      .map((e) => ({ class: e.class, ...(e.class === 'transaction' ? { status: e.transaction?.status } : {}) }));
    expect(
      byClass(got).map((e) => e.class),
      'one account event and one transaction event',
    ).toEqual(['account', 'transaction']);
    // The status in the event: a payload member no document shows (reference, Outbound deliveries): an assumption.
    const status = got.find((e) => e.class === 'transaction')?.status;
    const carried = () => expect(status, 'the transaction event carries the status sent').toBe('pending');
    underRule(test.info(), 'FD-TXPUSH-EVENT-CONTENT', carried, 'CreateTxPushTestTransaction');
    await fdApi.call('DisableTxPushNotifications', { path });
  },
);

test(
  'CreateTxPushTestTransaction answers 201 with the new transaction id and createdDate, and GetCustomerTransaction reads it @provider',
  changesLinkedCustomer(rules('FD-TXPUSH-TEST-TRANSACTION')),
  async ({ fdApi, fd, linkedCustomer }) => {
    const path = { customerId: linkedCustomer.customerId, accountId: linkedCustomer.account('checking').id };
    const { res, body } = await testTransaction(fdApi, path, fd.now(), 7.5);
    expect(res.status).toBe(201);
    expectEpochSecondsNear(res.body.createdDate, fd.now(), 'createdDate of the test transaction');
    const read = await fdApi.call('GetCustomerTransaction', { path: { customerId: path.customerId, transactionId: String(res.body.id) } });
    const { amount, description, transactionDate } = read.body ?? {};
    const readBack = { status: read.status, accountId: String(read.body?.accountId), amount, description, transactionDate };
    expect(readBack, 'the injected transaction reads back').toEqual({ status: 200, accountId: path.accountId, ...body });
  },
);

test(
  "CreateTxPushTestTransaction refuses an active customer's account with a documented 400 or 404 @mock-only",
  rules('FD-TXPUSH-TESTING-ONLY:refuse'),
  async ({ fdApi, fd, fdPowers, createCustomer }) => {
    const customerId = await createCustomer('active');
    const account = (await fdPowers.linkAccounts(customerId)).accounts.find((a) => a.type === 'checking' && a.status === 'active')!;
    const { res } = await testTransaction(fdApi, { customerId, accountId: account.id }, fd.now());
    // seed 002, Events and provider 1.35.0 CreateTxPushTestTransaction: for testing accounts only; neither
    // names the status of the refusal, and the operation documents both 400 and 404.
    expectFdError(res, [400, 404], 'seed 002, Events: the test transaction is for testing accounts only');
  },
);
