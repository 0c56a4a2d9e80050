// Covers: InitiateMicroAmountDeposits and GetMicroDepositsDetails - seed 002, Micro entries and switches,
// Errors (400 routing number length; 404; 409 and 429, answered 400 in the provider's examples:
// FD-CONFLICT-MICRO-ACCOUNT-EXISTS, FD-CONFLICT-MICRO-RATE); provider 1.35.0 Receiver. The details show the
// last four only. When 409 and 429 happen and the 24-hour deposit: @assumption (rules/micro-entries.yaml).
import {
  DATE_TOLERANCE_S,
  expect,
  expectFdError,
  FD_CONTRACT,
  fdLimit,
  inWords,
  type OperationClient,
  ownLinkedCustomer,
  rules,
  sizeOf,
  test,
  withConflict,
} from '../../fixtures/financial-data.js';
import { amountsOf, readDetails, receiver, verifyAmounts } from './micro-entries.known.js';

// @assumption (the contract's x-limits): the deposit delay; the initiations a customer may make in a window, the next a 429.
const DEPOSIT_DELAY_S = fdLimit('microEntryDepositDelaySeconds');
const MAX_INITIATIONS = fdLimit('microEntryInitiationsPerWindow');
const WINDOW_S = fdLimit('microEntryWindowSeconds');
const DEPOSITS = sizeOf(FD_CONTRACT, 'MicroDepositVerification', 'amounts').max!;
const ACCOUNT_TYPES = ['personalChecking', 'businessChecking', 'personalSavings', 'businessSavings', 'checking', 'savings']; // provider 1.35.0 Receiver.accountType

// `rateLimit 'expect'` only where the answer may be the initiation rate's own 429: elsewhere a sandbox's
// throttle (429 with Retry-After) is waited out, or it would read as the rate refusing too early.
const initiate = (fdApi: OperationClient, customerId: string, body: unknown, rateLimit?: 'expect') =>
  fdApi.callBuilt('InitiateMicroAmountDeposits', { path: { customerId }, body, ...(rateLimit ? { rateLimit } : {}) });

test.describe('micro entries: initiation and the details read', () => {
  test(
    'answers 200 with the accountId, Pending and two deposits; the details read shows the account by its last four digits @smoke',
    rules('FD-MICRO-INITIATE', 'FD-MICRO-MASKING@micro-initiate', 'FD-MICRO-MASKING@micro-details'),
    async ({ fdApi, createCustomer }) => {
      const customerId = await createCustomer();
      const sent = receiver();
      const res = await initiate(fdApi, customerId, { receiver: sent });
      expect(res.status).toBe(200);
      expect(String(res.body.accountId), 'the id of the receiving account').toMatch(/^[0-9]+$/);
      if (res.body.depositCount !== undefined)
        expect(res.body.depositCount, `${inWords(DEPOSITS)} micro entries (seed 002, Limits)`).toBe(DEPOSITS);
      if (res.body.status !== undefined) expect(res.body.status, 'nothing is deposited yet').toBe('Pending');
      expect(res.text.includes(sent.accountNumber), 'the initiation answer carries no full account number').toBe(false);
      const read = await readDetails(fdApi, customerId, String(res.body.accountId));
      expect(read.status, 'the accountId answered addresses the details read').toBe(200);
      expect(read.text.includes(sent.accountNumber), 'the details read carries no full account number').toBe(false);
      if (read.body.accountNumberLast4 !== undefined)
        expect(read.body.accountNumberLast4, 'accountNumberLast4 is the last four digits sent').toBe(sent.accountNumber.slice(-4));
    },
  );

  test(
    `the details read shows Pending until ${DEPOSIT_DELAY_S / 3600} hours after initiation, then Completed, with the initiation time and routing number @assumption @mock-only`,
    rules('FD-MICRO-DETAILS'),
    async ({ fdApi, fd, fdPowers, createCustomer }) => {
      const customerId = await createCustomer();
      // A routing number with a leading zero: one read back as a number would print is another.
      const sent = receiver({ routingNumber: '021000021' });
      const startedMs = fd.now();
      const { body } = await initiate(fdApi, customerId, { receiver: sent });
      const first = await readDetails(fdApi, customerId, body.accountId);
      expect(first.body.status, 'right after the initiation').toBe('Pending');
      if (first.body.routingNumber !== undefined) expect(first.body.routingNumber, 'the routing number sent').toBe(sent.routingNumber);
      if (first.body.accountNumberLast4 !== undefined)
        expect(first.body.accountNumberLast4, 'the last four digits sent, leading zeros kept').toBe(sent.accountNumber.slice(-4));
      if (first.body.creationDate !== undefined) {
        // provider 1.35.0: NoZoneDateTime (UTC here), the time of the initiation.
        expect(first.body.creationDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
        const shown = Math.abs(Date.parse(`${first.body.creationDate}Z`) - startedMs) / 1000;
        expect(shown, 'creationDate is the initiation time').toBeLessThanOrEqual(DATE_TOLERANCE_S);
      }
      const status = async () => (await readDetails(fdApi, customerId, body.accountId)).body.status;
      await fdPowers.advanceClock(DEPOSIT_DELAY_S - 60);
      expect(await status(), `a minute before ${DEPOSIT_DELAY_S / 3600} hours`).toBe('Pending');
      await fdPowers.advanceClock(60);
      expect(await status(), `at ${DEPOSIT_DELAY_S / 3600} hours: deposited`).toBe('Completed');
    },
  );

  test(
    'refuses a second initiation for an account whose entries are pending, deposited or verified with 409; another account is accepted @mock-only',
    withConflict(rules('FD-MICRO-CONFLICT:refuse', 'FD-MICRO-CONFLICT:accept'), 'FD-CONFLICT-MICRO-ACCOUNT-EXISTS'),
    async ({ fdApi, fdPowers, createCustomer }) => {
      const customerId = await createCustomer();
      const account = receiver();
      const { body } = await initiate(fdApi, customerId, { receiver: account });
      const refusal = await initiate(fdApi, customerId, { receiver: { ...account, name: 'Again' } });
      expectFdError(refusal, 409, 'the same account, entries pending');
      expect((await initiate(fdApi, customerId, { receiver: receiver() })).status, 'another account of the customer, meanwhile').toBe(200);
      // An account is its routing and account number together: the same number at another bank is another account.
      const statusNow = (await initiate(fdApi, customerId, { receiver: { ...account, routingNumber: '021000021' } })).status;
      expect(statusNow, 'the same account number at another routing number').toBe(200);
      await fdPowers.advanceClock(DEPOSIT_DELAY_S);
      expectFdError(await initiate(fdApi, customerId, { receiver: account }), 409, 'the same account, entries deposited');
      expect((await verifyAmounts(fdApi, customerId, body.accountId, await amountsOf(fdPowers.origin, body.accountId))).status).toBe(200);
      expectFdError(await initiate(fdApi, customerId, { receiver: account }), 409, 'the same account, entries verified');
    },
  );

  test(
    'accepts a new initiation for an account whose entries failed @assumption @mock-only',
    rules('FD-MICRO-CONFLICT:accept'),
    async ({ fdApi, fdPowers, createCustomer }) => {
      const customerId = await createCustomer();
      const account = receiver();
      const { body } = await initiate(fdApi, customerId, { receiver: account });
      await fdPowers.advanceClock(DEPOSIT_DELAY_S);
      const [a, b] = await amountsOf(fdPowers.origin, body.accountId);
      const verified = (await verifyAmounts(fdApi, customerId, body.accountId, [a, b === 0.5 ? 0.6 : 0.5])).status;
      expect(verified, 'a wrong verification fails the entries').toBe(400);
      const again = await initiate(fdApi, customerId, { receiver: account });
      expect(again.status, 'the account again, once its entries failed').toBe(200);
      expect(String(again.body.accountId), 'new entries, a new account id').not.toBe(String(body.accountId));
    },
  );

  test(
    `accepts ${MAX_INITIATIONS} initiations of a customer in ${WINDOW_S / 3600} hours and refuses the next with 429 @assumption @mock-only`,
    withConflict(rules('FD-MICRO-RATE:accept', 'FD-MICRO-RATE:refuse'), 'FD-CONFLICT-MICRO-RATE'),
    async ({ fdApi, fdPowers, createCustomer }) => {
      const customerId = await createCustomer();
      for (let n = 1; n <= MAX_INITIATIONS; n++)
        expect((await initiate(fdApi, customerId, { receiver: receiver() })).status, `initiation ${n}`).toBe(200);
      await fdPowers.advanceClock(WINDOW_S - 60);
      const denied = await initiate(fdApi, customerId, { receiver: receiver() }, 'expect');
      expectFdError(denied, 429, `initiation ${MAX_INITIATIONS + 1} within ${WINDOW_S / 3600} hours`);
      expect((await initiate(fdApi, await createCustomer(), { receiver: receiver() })).status, 'another customer meanwhile').toBe(200);
      await fdPowers.advanceClock(60);
      expect((await initiate(fdApi, customerId, { receiver: receiver() })).status, `once ${WINDOW_S / 3600} hours have passed`).toBe(200);
    },
  );

  // What the rate counts (@assumption: the catalogue's five accepted initiations per customer in the
  // window): an initiation refused with 409 (the account's entries already pending) or with 429 is
  // not one the customer was given, so neither counts. A conflict meanwhile leaves the last of the
  // allowance usable; a customer who keeps trying while refused is served again once the window of
  // its accepted initiations has passed, on the virtual clock.
  test(
    `counts only accepted initiations toward the rate: a 409 conflict and repeated 429s do not count @assumption @mock-only`,
    withConflict(rules('FD-MICRO-RATE:accept', 'FD-MICRO-RATE:refuse'), 'FD-CONFLICT-MICRO-RATE', 'FD-CONFLICT-MICRO-ACCOUNT-EXISTS'),
    async ({ fdApi, fdPowers, createCustomer }) => {
      const customerId = await createCustomer();
      const first = receiver();
      const seen: string[] = [];
      const note = async (what: string, body: Record<string, unknown>, refusable?: 'expect') =>
        seen.push(`${what}: ${(await initiate(fdApi, customerId, { receiver: body }, refusable)).status}`);
      await note('initiation 1', first);
      for (let n = 2; n < MAX_INITIATIONS; n++) await note(`initiation ${n}`, receiver());
      await note('the first account again (its entries pending)', first);
      await note(`initiation ${MAX_INITIATIONS}`, receiver());
      await note(`initiation ${MAX_INITIATIONS + 1}`, receiver(), 'expect');
      await fdPowers.advanceClock(WINDOW_S - 60);
      for (let n = 1; n <= MAX_INITIATIONS; n++) await note(`a retry ${n} within the window`, receiver(), 'expect');
      await fdPowers.advanceClock(60);
      await note('once the window of the accepted ones has passed', receiver());
      expect(seen).toEqual([
        ...Array.from({ length: MAX_INITIATIONS - 1 }, (_, i) => `initiation ${i + 1}: 200`),
        'the first account again (its entries pending): 409',
        `initiation ${MAX_INITIATIONS}: 200`,
        `initiation ${MAX_INITIATIONS + 1}: 429`,
        ...Array.from({ length: MAX_INITIATIONS }, (_, i) => `a retry ${i + 1} within the window: 429`),
        'once the window of the accepted ones has passed: 200',
      ]);
    },
  );

  test(
    'accepts a routing number of 9 digits and every account type of the provider @provider',
    rules('FD-MICRO-ROUTING-LENGTH:accept', 'FD-MICRO-ACCOUNT-TYPE'),
    async ({ fdApi, createCustomer }) => {
      // Five initiations per customer at most (@assumption): three account types per customer.
      for (const types of [ACCOUNT_TYPES.slice(0, 3), ACCOUNT_TYPES.slice(3)]) {
        const customerId = await createCustomer();
        for (const accountType of types)
          expect((await initiate(fdApi, customerId, { receiver: receiver({ accountType }) })).status, accountType).toBe(200);
      }
    },
  );

  // An unknown account type is not sent: provider 1.35.0 leaves Receiver.accountType an open string.
  test(
    'refuses a routing number of 8 or 10 digits and a receiver without its required members with 400',
    rules('FD-MICRO-ROUTING-LENGTH:refuse', 'FD-MICRO-REQUIRED'),
    async ({ fdApi, createCustomer }) => {
      const customerId = await createCustomer();
      const without = (name: string) => Object.fromEntries(Object.entries(receiver()).filter(([k]) => k !== name));
      const bodies: [string, unknown][] = [
        ['an 8-digit routing number', { receiver: receiver({ routingNumber: '01100001' }) }],
        ['a 10-digit routing number', { receiver: receiver({ routingNumber: '0110000150' }) }],
        ['no receiver', { callbackUrl: 'https://listener.example.com/micro' }],
        ...['routingNumber', 'accountNumber', 'accountType', 'name'].map(
          (m) => [`a receiver without ${m}`, { receiver: without(m) }] as [string, unknown],
        ),
      ];
      for (const [what, body] of bodies) expectFdError(await initiate(fdApi, customerId, body), 400, what);
    },
  );

  test(
    'answers 404 for an aggregated account without micro entries, for the account under another customer, and for a deleted customer',
    rules('FD-MICRO-NOT-FOUND@micro-verify', 'FD-MICRO-NOT-FOUND@micro-details'),
    async ({ fdApi, fdPowers, createCustomer }) => {
      // The customer is deleted at the end: one of the check's own, with aggregated accounts.
      const linkedCustomer = await ownLinkedCustomer(fdPowers, createCustomer);
      const { customerId } = linkedCustomer;
      const aggregated = linkedCustomer.account('checking').id;
      expectFdError(await readDetails(fdApi, customerId, aggregated), 404, 'details of an aggregated account');
      expectFdError(await verifyAmounts(fdApi, customerId, aggregated, [0.12, 0.15]), 404, 'verification of an aggregated account');
      const { body } = await initiate(fdApi, customerId, { receiver: receiver() });
      const stranger = await createCustomer();
      expectFdError(await readDetails(fdApi, stranger, body.accountId), 404, "details under another customer's id");
      expectFdError(await verifyAmounts(fdApi, stranger, body.accountId, [0.12, 0.15]), 404, "verification under another customer's id");
      expect((await fdApi.call('DeleteCustomer', { path: { customerId } })).status).toBe(204);
      expectFdError(await readDetails(fdApi, customerId, body.accountId), 404, 'details after the customer is deleted');
      const reply = await verifyAmounts(fdApi, customerId, body.accountId, [0.12, 0.15]);
      expectFdError(reply, 404, 'verification after the customer is deleted');
      expectFdError(await initiate(fdApi, customerId, { receiver: receiver() }), 404, 'initiation after the customer is deleted');
    },
  );
});
