// Covers: SubscribeToTxPushNotifications, DeleteTxPushSubscription - seed 002, Resources - TxPush
// subscription (each subscribe call yields two records, class account and class transaction),
// Events and Limits (the listener URL: HTTPS for any real account; ports 80 and 443 only, "other
// ports make the call fail": a 400 here) and Errors 404 (a subscription the customer does not
// have). Record fields: provider 1.35.0 SubscriptionRecord. Subscriptions are ended after each test.
import { expect, expectFdError, rules, tellingListenerPath, test, type OperationClient } from '../../fixtures/financial-data.js';

// On a sandbox every worker's linked customer is the prepared one: its TxPush subscriptions are one test's at a time.
test.beforeEach(({ fdTxPushTurn }) => fdTxPushTurn);

const subscribe = (fdApi: OperationClient, path: { customerId: string; accountId: string }, callbackUrl: string) =>
  fdApi.call('SubscribeToTxPushNotifications', { path, body: { callbackUrl } });

test(
  'SubscribeToTxPushNotifications answers 201 with one account-class and one transaction-class record for the account and the URL sent @smoke',
  rules('FD-TXPUSH-SUBSCRIBE'),
  async ({ fdApi, linkedCustomer, fdListener }) => {
    const path = { customerId: linkedCustomer.customerId, accountId: linkedCustomer.account('checking').id };
    // A URL a normalisation would change (case, an encoded slash, a query string): echoed byte for byte.
    const callbackUrl = fdListener.url(tellingListenerPath('txpush'));
    const res = await subscribe(fdApi, path, callbackUrl);
    expect(res.status, `seed 002, TxPush: subscribe answers 201; body: ${res.text.slice(0, 200)}`).toBe(201);
    const records = res.body.subscriptions as { id: number; accountId: number; type: string; callbackUrl: string }[];
    expect(records.map((r) => r.type).sort(), 'seed 002: exactly two records, class account and class transaction').toEqual([
      'account',
      'transaction',
    ]);
    expect(
      records.map((r) => ({ accountId: String(r.accountId), callbackUrl: r.callbackUrl })),
      'both records: that account, the URL sent',
    ).toEqual([
      { accountId: path.accountId, callbackUrl },
      { accountId: path.accountId, callbackUrl },
    ]);
    expect(new Set(records.map((r) => r.id)).size, 'two distinct subscription ids').toBe(2);
    expect((await fdApi.call('DisableTxPushNotifications', { path })).status).toBe(204);
  },
);

// seed 002, Events / Limits: ports 80 (HTTP) and 443 (HTTPS) only. The URLs are the listener's own
// (a target may verify a listener before it accepts it), with the scheme and port of the row. The
// http row uses a testing account (HTTPS is required only for real accounts). 8443 is refused: the
// seed's "other ports make the call fail".
const withPort = (url: string, scheme: 'https' | 'http', port?: number) => {
  const u = new URL(url);
  return `${scheme}://${u.hostname}${port === undefined ? '' : `:${port}`}${u.pathname}`;
};
const PORTS = [
  { label: 'https without a port (443)', url: (u: string) => withPort(u, 'https'), status: 201, side: 'accept' },
  { label: 'https on port 443 written out', url: (u: string) => withPort(u, 'https', 443), status: 201, side: 'accept' },
  { label: 'http on port 80 (testing account)', url: (u: string) => withPort(u, 'http', 80), status: 201, side: 'accept' },
  { label: 'https on port 8443', url: (u: string) => withPort(u, 'https', 8443), status: 400, side: 'refuse' },
] as const;

for (const row of PORTS) {
  test(
    `SubscribeToTxPushNotifications answers ${row.status} for a listener URL ${row.label}`,
    rules(`FD-TXPUSH-PORTS:${row.side}`),
    async ({ fdApi, linkedCustomer, fdListener }) => {
      const path = { customerId: linkedCustomer.customerId, accountId: linkedCustomer.account('checking').id };
      const url = row.url(fdListener.url('txpush-ports'));
      const res = await subscribe(fdApi, path, url);
      if (row.status === 201) expect(res.status, `${row.label}: accepted; body: ${res.text.slice(0, 200)}`).toBe(201);
      else expectFdError(res, 400, row.label);
      await fdApi.call('DisableTxPushNotifications', { path });
    },
  );
}

test(
  "SubscribeToTxPushNotifications accepts an https listener URL for an active customer's account and refuses http with 400, on port 80 or 443 written out too @mock-only",
  rules('FD-TXPUSH-HTTPS-REAL:accept', 'FD-TXPUSH-HTTPS-REAL:refuse'),
  async ({ fdApi, fdPowers, createCustomer }) => {
    // An active customer is a real one (seed 002, Customers: testing or active); linked through the mock.
    const customerId = await createCustomer('active');
    const account = (await fdPowers.linkAccounts(customerId)).accounts.find((a) => a.type === 'checking' && a.status === 'active')!;
    const path = { customerId, accountId: account.id };
    // HTTPS is the URL's scheme, whatever port it names: http is refused on each port the contract allows.
    for (const port of ['', ':80', ':443'])
      expectFdError(
        await subscribe(fdApi, path, `http://listener.example.test${port}/t-real/txpush`),
        400,
        `http${port ? ` on port ${port.slice(1)} written out` : ''} for a real account`,
      );
    const https = await subscribe(fdApi, path, 'https://listener.example.test/t-real/txpush');
    expect(https.status, `https for a real account is accepted; body: ${https.text.slice(0, 200)}`).toBe(201);
    await fdApi.call('DisableTxPushNotifications', { path });
  },
);

test(
  "DeleteTxPushSubscription answers 404 for a subscription id never issued, already deleted, or another customer's",
  rules('FD-TXPUSH-DELETE-UNKNOWN'),
  async ({ fdApi, linkedCustomer, createCustomer, fdListener }) => {
    const { customerId } = linkedCustomer;
    const path = { customerId, accountId: linkedCustomer.account('checking').id };
    const made = await subscribe(fdApi, path, fdListener.url('txpush-unknown'));
    expect(made.status).toBe(201);
    const [first, second] = (made.body.subscriptions as { id: number }[]).map((s) => s.id);
    expectFdError(
      await fdApi.call('DeleteTxPushSubscription', { path: { customerId, subscriptionId: 9_900_000_001 } }),
      404,
      'never issued',
    );
    const stranger = await createCustomer('testing');
    expectFdError(
      await fdApi.call('DeleteTxPushSubscription', { path: { customerId: stranger, subscriptionId: first } }),
      404,
      "another customer's subscription",
    );
    expect(
      (await fdApi.call('DeleteTxPushSubscription', { path: { customerId, subscriptionId: first } })).status,
      'the owner deletes it',
    ).toBe(204);
    expectFdError(await fdApi.call('DeleteTxPushSubscription', { path: { customerId, subscriptionId: first } }), 404, 'already deleted');
    expect((await fdApi.call('DeleteTxPushSubscription', { path: { customerId, subscriptionId: second } })).status).toBe(204);
  },
);
