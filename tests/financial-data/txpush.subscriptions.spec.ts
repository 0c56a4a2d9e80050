// Covers: SubscribeToTxPushNotifications, DeleteTxPushSubscription - seed 002, Resources - TxPush
// subscription (each subscribe call yields two records, class account and class transaction),
// Events and Limits (the listener URL: HTTPS for any real account; ports 80 and 443 only, "other
// ports make the call fail": a 400 here) and Errors 404 (a subscription the customer does not
// have). Record fields: provider 1.35.0 SubscriptionRecord. Subscriptions are ended after each test.
import { expect, expectFdError, FD_CONTRACT, rules, test, type OperationClient } from '../../fixtures/financial-data.js';
import { limitListOf } from '../../helpers/contract/facts.js';

// On a sandbox every worker's linked customer is the prepared one: its TxPush subscriptions are one test's at a time.
test.beforeEach(({ fdTxPushTurn }) => fdTxPushTurn);

const subscribe = (fdApi: OperationClient, path: { customerId: string; accountId: string }, callbackUrl: string) =>
  fdApi.call('SubscribeToTxPushNotifications', { path, body: { callbackUrl } });

// seed 002, Events / Limits: ports 80 and 443 only (x-limits listenerPorts), "other ports make the call fail": a 400.
// In each scheme a listener may use (http on a testing account; https), its own port implied or written is
// accepted, the ports next to a listener port and 8080, 8443 refused; the URLs are the listener's own.
const withPort = (url: string, scheme: 'https' | 'http', port?: number) => {
  const u = new URL(url);
  return `${scheme}://${u.hostname}${port === undefined ? '' : `:${port}`}${u.pathname}`;
};
const LISTENER_PORTS = limitListOf(FD_CONTRACT, 'listenerPorts');
const OTHER_PORTS = [...new Set([...LISTENER_PORTS.flatMap((p) => [p - 1, p + 1]), 8080, 8443])].filter((p) => !LISTENER_PORTS.includes(p));

for (const [scheme, own] of [
  ['http', 80],
  ['https', 443],
] as const)
  test(
    `SubscribeToTxPushNotifications answers 201 for an ${scheme} listener URL on port ${own}, implied or written, and 400 on ports ${OTHER_PORTS.join(', ')}`,
    rules('FD-TXPUSH-PORTS:accept', 'FD-TXPUSH-PORTS:refuse'),
    async ({ fdApi, linkedCustomer, fdListener }) => {
      const path = { customerId: linkedCustomer.customerId, accountId: linkedCustomer.account('checking').id };
      const base = fdListener.url('txpush-ports');
      const wrong: string[] = [];
      for (const [port, status] of [[undefined, 201], [own, 201], ...OTHER_PORTS.map((p) => [p, 400])] as const) {
        const res = await subscribe(fdApi, path, withPort(base, scheme, port));
        if (res.status !== status) wrong.push(`${scheme} port ${port ?? `${own} implied`}: ${res.status}, ${status} expected`);
        if (res.status === 201) await fdApi.call('DisableTxPushNotifications', { path });
      }
      expect(wrong, 'listener URLs answered otherwise than their port').toEqual([]);
    },
  );

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
