// Covers: CreateTxPushTestTransaction and every reader of its transaction (its TxPush event,
// GetCustomerTransaction, both lists) - provider 1.35.0 CreateTxPushTestTransaction ("inject a transaction
// into the transaction list"), TestTxPushTransaction; seed 002, Events - TxPush (one transaction and one
// account event). Values that tell (-10.05, 0.07; a description with mixed case, spaces, non-ASCII).
// Sandbox: FD_LINKED_CUSTOMER_ID (testing) and FD_LISTENER_PUBLIC_URL.
import { underRule } from '../../helpers/client/annotations.js';
import {
  changesLinkedCustomer,
  expect,
  expectDeliveries,
  mixedCase,
  rules,
  tellingListenerPath,
  tellingText,
  test,
} from '../../fixtures/financial-data.js';
import { expectCounts } from './transactions.known.js';
import { atSite, cite } from './cite.js';

// On a sandbox every worker's linked customer is the prepared one: its TxPush subscriptions are one test's at a time.
test.beforeEach(({ fdTxPushTurn }) => fdTxPushTurn);

type Seen = { amount?: unknown; description?: unknown; transactionDate?: unknown };

test(
  'an injected transaction reads back with its amount, description and date as sent in its TxPush event and every transactions reader; its two events are all the reads see delivered @provider',
  changesLinkedCustomer(
    rules(
      ...cite('FD-TXN-INJECTED-ECHO', ['txn-by-id', 'txn-all', 'txn-account']),
      ...cite('FD-TXN-PAGE-COUNTS', ['txn-all', 'txn-account']),
      'FD-TXPUSH-EVENT-CONTENT',
      'FD-TXPUSH-TEST-EVENTS',
      ...atSite('txpush-test', 'FD-DELIVERY-URL', 'FD-DELIVERY-MEDIA-TYPE'),
    ),
  ),
  async ({ fdApi, fd, linkedCustomer, fdListener }) => {
    const path = { customerId: linkedCustomer.customerId, accountId: linkedCustomer.account('checking').id };
    const url = fdListener.url(tellingListenerPath('txn-echo'));
    const subscribed = await fdApi.call('SubscribeToTxPushNotifications', { path, body: { callbackUrl: url } });
    expect(subscribed.status, 'subscribe the account').toBe(201);
    expect(fdListener.received(), 'subscribing delivers nothing').toEqual([]);
    const nowS = Math.floor(fd.now() / 1000);
    const sent = [
      { amount: -10.05, description: tellingText('Coffee'), transactionDate: nowS - 120 },
      { amount: 0.07, description: `${mixedCase('refund')}  No. 007 ÅéßŁΩ `, transactionDate: nowS - 60 },
    ];
    const made: { id: string; body: (typeof sent)[number] }[] = [];
    for (const body of sent) {
      const res = await fdApi.call('CreateTxPushTestTransaction', { path, body });
      expect(res.status, `inject ${JSON.stringify(body)}`).toBe(201);
      made.push({ id: String(res.body.id), body });
    }
    const window = { fromDate: nowS - 600, toDate: nowS + 600, limit: 1000 };
    const all = await fdApi.call('GetAllCustomerTransactions', { path: { customerId: path.customerId }, query: window });
    const account = await fdApi.call('GetCustomerAccountTransactions', { path, query: window });
    expect([all.status, account.status], 'both lists').toEqual([200, 200]);
    // provider 1.35.0 Transactions (found: the known number of matching transactions; displaying: the page's
    // size): the window of a page of 1000 holds every transaction it matches, the injected ones counted too.
    for (const [reader, res] of [
      ['GetAllCustomerTransactions', all],
      ['GetCustomerAccountTransactions', account],
    ] as const) {
      const held = (res.body.transactions as unknown[]).length;
      expectCounts(res.body, held, held, false, `${reader} after the injections`);
    }
    const timeout = fd.control ? 2000 : 60_000;
    const problems: string[] = [];
    // reference, Outbound deliveries: the event's members beyond its subscription, class and account are not
    // shown by any document (seed 002: payload shapes not shown): judged apart, under the assumption, last.
    const eventProblems: string[] = [];
    for (const { id, body } of made) {
      const want = { amount: body.amount, description: body.description, transactionDate: body.transactionDate };
      const event = await fdListener.waitFor((r) => String((r.json as any)?.transaction?.id) === id, timeout);
      const byId = await fdApi.call('GetCustomerTransaction', { path: { customerId: path.customerId, transactionId: id } });
      const readers: [string, Seen | undefined][] = [
        ['its TxPush transaction event', (event?.json as { transaction?: Seen } | undefined)?.transaction],
        ['GetCustomerTransaction', byId.status === 200 ? byId.body : undefined],
        ['GetAllCustomerTransactions', (all.body.transactions as any[]).find((t) => String(t.id) === id)],
        ['GetCustomerAccountTransactions', (account.body.transactions as any[]).find((t) => String(t.id) === id)],
      ];
      for (const [reader, seen] of readers) {
        const got = seen && { amount: seen.amount, description: seen.description, transactionDate: seen.transactionDate };
        if (JSON.stringify(got) !== JSON.stringify(want))
          (reader.startsWith('its TxPush') ? eventProblems : problems).push(
            `transaction ${id} through ${reader}: ${JSON.stringify(got)}, sent ${JSON.stringify(want)}`,
          );
      }
    }
    // seed 002, Events: each test transaction one transaction event and one account event; the reads deliver nothing more.
    // A target that delivers later is waited for: the count is of what arrived once every event could have.
    if (!fd.control) await fdListener.waitFor(() => fdListener.received().length >= 2 * made.length, timeout);
    expectDeliveries(fdListener.received(), [
      { url, count: 2 * made.length, what: `the ${made.length} test transactions, two events each` },
    ]);
    await fdApi.call('DisableTxPushNotifications', { path });
    expect(problems, 'the injected transactions as sent, on every reader').toEqual([]);
    const inEvents = 'the injected transactions as sent, in their TxPush transaction events';
    underRule(test.info(), 'FD-TXPUSH-EVENT-CONTENT', () => expect(eventProblems, inEvents).toEqual([]), 'CreateTxPushTestTransaction');
  },
);
