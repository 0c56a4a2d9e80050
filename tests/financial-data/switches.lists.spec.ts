// Covers: the deposit and bill pay switch lists and details and the external id list - seed 002, Resources -
// Switch ("also found by external_id"), Endpoints - Micro entries and switches; provider 1.35.0 shapes,
// statuses, failure reasons, ExternalDepositSwitchesSummary. A switch is reached only through its customer
// and kind (404). Mock: four deposit and three bill pay switches per linked customer, external ids
// BR-<customerId>-1 (two), -2 (one) (mocks/financial-data/switches.ts). An unknown external id is a 404:
// @assumption (seed 002 Errors 404; the provider shows a 400 example too).
import { expect, expectFdError, type OperationClient, ownLinkedCustomer, rules, test, underRule } from '../../fixtures/financial-data.js';
import { atSite } from './cite.js';

type Kind = 'deposit' | 'bill-pay';
const OPS = {
  deposit: { list: 'getAllDepositSwitches', one: 'getDepositSwitchDetails' },
  'bill-pay': { list: 'getAllPaySwitches', one: 'getBillPaySwitchDetails' },
} as const;
const PATH = { deposit: 'sw-deposit', 'bill-pay': 'sw-bill-pay' } as const;
const OTHER: Record<Kind, Kind> = { deposit: 'bill-pay', 'bill-pay': 'deposit' };
/** The mock world's statuses, in list order. */
const MOCK_STATUSES = { deposit: ['completed', 'failed', 'processing', 'completed'], 'bill-pay': ['completed', 'completed', 'failed'] };

const list = (fdApi: OperationClient, kind: Kind, customerId: string) => fdApi.call(OPS[kind].list, { path: { customer_id: customerId } });
// refused: a call the check expects refused (CallOptions.negative), a success judged by the check's own rule.
const one = (fdApi: OperationClient, kind: Kind, customerId: string, switchId: string, refused?: true) =>
  fdApi.call(OPS[kind].one, { path: { customer_id: customerId, switch_id: switchId }, negative: refused });
const ids = (res: { body: { switches?: { id: string }[] } }) => (res.body.switches ?? []).map((s) => s.id);

test.describe('switches of a customer', () => {
  test(
    "each list holds exactly the customer's switches of its kind",
    rules('FD-SW-LIST@sw-deposit', 'FD-SW-LIST@sw-bill-pay', 'FD-SW-STATUS-ENUM@sw-deposit', 'FD-SW-STATUS-ENUM@sw-bill-pay'),
    async ({ fdApi, fdPowers, createCustomer }) => {
      const mine = (await ownLinkedCustomer(fdPowers, createCustomer)).customerId;
      const other = (await ownLinkedCustomer(fdPowers, createCustomer)).customerId;
      const seen: Record<string, string[]> = {};
      // The first customer's lists are read first: a list that drags in switches met before shows here.
      for (const customerId of [mine, other]) {
        for (const kind of ['deposit', 'bill-pay'] as const) {
          const res = await list(fdApi, kind, customerId);
          expect(res.status).toBe(200);
          expect(res.body.customerId, `the ${kind} list names its customer`).toBe(customerId);
          const listed = (res.body.switches ?? []).map((s: { status: string }) => s.status);
          expect(listed, `the ${kind} switches of the mock world, in order`).toEqual(MOCK_STATUSES[kind]);
          seen[`${customerId}:${kind}`] = ids(res);
        }
      }
      const all = Object.values(seen).flat();
      expect(new Set(all).size, 'no switch id appears in two lists (customers and kinds apart)').toBe(all.length);
    },
  );

  for (const kind of ['deposit', 'bill-pay'] as const) {
    test(
      `the details of each ${kind} switch answer what the list says; as a ${OTHER[kind]} switch it is a 404`,
      rules(...atSite(PATH[kind], 'FD-SW-DETAILS', 'FD-SW-OTHER-KIND', 'FD-SW-CUSTOMER', 'FD-SW-FAILURE-REASON')),
      async ({ fdApi, linkedCustomer }) => {
        const { customerId } = linkedCustomer;
        const customer = await fdApi.call('GetCustomer', { path: { customerId } });
        const res = await list(fdApi, kind, customerId);
        expect(res.status).toBe(200);
        expect(res.body.customerType, "the list carries the customer's type").toBe(customer.body.type);
        for (const s of res.body.switches ?? []) {
          if (s.status === 'failed') expect(s.failureReason, `the failed ${kind} switch ${s.id} in the list says why`).toBeTruthy();
          const got = await one(fdApi, kind, customerId, s.id);
          expect(got.status, `details of ${kind} switch ${s.id}`).toBe(200);
          expect(got.body, `details of ${kind} switch ${s.id}`).toMatchObject({
            customerId,
            customerType: customer.body.type,
            switchId: s.id,
            switchStatus: s.status,
            createdDate: s.createdDate,
            ...(s.failureReason ? { failureReason: s.failureReason } : {}),
          });
          // provider 1.35.0 DepositSwitchDetails.distributions: allocatedValue is the percentage (percent) or the dollar amount
          // (fixed), not set for a total distribution.
          if (kind === 'deposit')
            underRule(test.info(), `FD-SW-DETAILS@${PATH[kind]}`, () => {
              for (const d of got.body.distributions ?? [])
                if (d.type === 'total')
                  expect(d.allocatedValue, `deposit switch ${s.id}: a total distribution carries no allocatedValue`).toBeUndefined();
            });
          const updatedAt = Date.parse(got.body.updatedDate);
          expect(updatedAt, 'updatedDate is not before createdDate').toBeGreaterThanOrEqual(Date.parse(got.body.createdDate));
          const refused = await one(fdApi, OTHER[kind], customerId, s.id, true);
          // seed 002, Resources - Switch: a switch is reached through its own kind only; a success is that rule's break.
          underRule(test.info(), `FD-SW-OTHER-KIND@${PATH[kind]}`, () =>
            expectFdError(refused, 404, `${kind} switch ${s.id} asked for as a ${OTHER[kind]} switch`),
          );
        }
      },
    );
  }

  test(
    "another customer's switch is a 404 under this customer",
    rules('FD-SW-OTHER-CUSTOMER@sw-deposit', 'FD-SW-OTHER-CUSTOMER@sw-bill-pay'),
    async ({ fdApi, fdPowers, linkedCustomer, createCustomer }) => {
      const other = (await ownLinkedCustomer(fdPowers, createCustomer)).customerId;
      for (const kind of ['deposit', 'bill-pay'] as const) {
        const theirs = ids(await list(fdApi, kind, other));
        expect(theirs.length, `the other customer has ${kind} switches`).toBeGreaterThan(0);
        for (const id of theirs) {
          expect((await one(fdApi, kind, other, id)).status, `${kind} switch ${id} under its own customer`).toBe(200);
          expectFdError(await one(fdApi, kind, linkedCustomer.customerId, id, true), 404, `${kind} switch ${id} under another customer`);
        }
      }
    },
  );

  test(
    "an active customer's lists and details say active, and lists read before its accounts were linked leave its switches naming them",
    rules('FD-SW-CUSTOMER@sw-deposit', 'FD-SW-CUSTOMER@sw-bill-pay', 'FD-SW-ACCOUNT-DIGITS@sw-deposit'),
    async ({ fdApi, fdPowers, createCustomer }) => {
      const customerId = await createCustomer('active');
      // Read before any account is linked: whatever they hold then, the switches read after linking name the linked accounts.
      for (const kind of ['deposit', 'bill-pay'] as const) expect((await list(fdApi, kind, customerId)).status).toBe(200);
      const linked = await fdPowers.linkAccounts(customerId);
      const known = new Set(linked.accounts.map((a) => a.numberLast4));
      for (const kind of ['deposit', 'bill-pay'] as const) {
        const res = await list(fdApi, kind, customerId);
        expect(res.body.customerType, `the ${kind} list of an active customer`).toBe('active');
        const first = (await one(fdApi, kind, customerId, ids(res)[0])).body;
        expect(first.customerType, `a ${kind} switch of an active customer`).toBe('active');
        if (kind === 'deposit')
          for (const d of first.distributions)
            expect(known.has(d.accountNumberEndsWith), `${d.accountNumberEndsWith} is the last four digits of a linked account`).toBe(true);
      }
    },
  );

  test(
    'distributions and payment methods name the linked accounts by their last four digits only',
    rules('FD-SW-ACCOUNT-DIGITS@sw-deposit', 'FD-SW-ACCOUNT-DIGITS@sw-bill-pay'),
    async ({ fdApi, fdPowers, createCustomer }) => {
      const linkedCustomer = await ownLinkedCustomer(fdPowers, createCustomer);
      const { customerId, accounts } = linkedCustomer;
      const last4 = (type: string) => linkedCustomer.account(type).numberLast4;
      const known = new Set(accounts.map((a) => a.numberLast4));
      const digits: string[] = [];
      for (const id of ids(await list(fdApi, 'deposit', customerId))) {
        for (const d of (await one(fdApi, 'deposit', customerId, id)).body.distributions) digits.push(d.accountNumberEndsWith);
      }
      for (const id of ids(await list(fdApi, 'bill-pay', customerId))) {
        for (const p of (await one(fdApi, 'bill-pay', customerId, id)).body.paymentMethods)
          if (p.endsWith !== undefined) digits.push(p.endsWith);
      }
      expect(digits.length, 'the switches name accounts').toBeGreaterThan(0);
      for (const d of digits) expect(known.has(d), `${d} is the last four digits of a linked account`).toBe(true);
      // Mock world: the first deposit switch pays into the checking account, the first bill pay by the card.
      expect(digits[0], 'the first distribution: the checking account').toBe(last4('checking'));
    },
  );
});

// provider 1.35.0 bill pay paymentMethods: type, whose possible values include "card" and "bank"; brand is "the co-branding for
// customer's card", bankIdentifier "the bank routing number", bankAccountType "the type of account
// used when payment type is bank". So a method is one or the other, and its members say which.
test(
  'each bill pay payment method names its type, and a card or a bank is what its members say: a brand on a card, a routing number or account type on a bank @provider',
  rules('FD-SW-PAYMENT-METHOD-TYPE'),
  async ({ fdApi, linkedCustomer }) => {
    const { customerId } = linkedCustomer;
    const wrong: string[] = [];
    let seen = 0;
    for (const id of ids(await list(fdApi, 'bill-pay', customerId))) {
      for (const p of (await one(fdApi, 'bill-pay', customerId, id)).body.paymentMethods ?? []) {
        seen++;
        const bankMembers = p.bankIdentifier !== undefined || p.bankAccountType !== undefined;
        // "Possible values include" is an open list: another non-empty type is no contract break.
        if (typeof p.type !== 'string' || p.type.trim() === '') wrong.push(`switch ${id}: type ${JSON.stringify(p.type)}`);
        else if (p.type === 'card' && bankMembers) wrong.push(`switch ${id}: a card with a bank's members`);
        else if (p.type === 'bank' && p.brand !== undefined) wrong.push(`switch ${id}: a bank with a card brand`);
      }
    }
    test.skip(seen === 0, 'the customer has no bill pay switch with a payment method');
    expect(wrong, 'bill pay payment methods').toEqual([]);
  },
);

const byExternal = (fdApi: any, externalId: string) => fdApi.call('getAllExternalDepositSwitches', { path: { external_id: externalId } });

test(
  'the external id list holds exactly the deposit switches carrying that external id',
  rules('FD-SW-EXTERNAL', 'FD-SW-STATUS-ENUM@sw-deposit'),
  async ({ fdApi, fdPowers, createCustomer }) => {
    const linkedCustomer = await ownLinkedCustomer(fdPowers, createCustomer);
    const { customerId } = linkedCustomer;
    const deposit = await fdApi.call('getAllDepositSwitches', { path: { customer_id: customerId } });
    const depositIds: string[] = deposit.body.switches.map((s: { id: string }) => s.id);
    const first = await byExternal(fdApi, `BR-${customerId}-1`);
    const second = await byExternal(fdApi, `BR-${customerId}-2`);
    for (const [res, externalId, statuses] of [
      [first, `BR-${customerId}-1`, ['completed', 'failed']],
      [second, `BR-${customerId}-2`, ['processing']],
    ] as const) {
      expect(res.status, externalId).toBe(200);
      expect(res.body.externalId, 'the list echoes the external id').toBe(externalId);
      const shown = res.body.switches.map((s: { status: string }) => s.status);
      expect(shown, `the switches at ${externalId} (mock world)`).toEqual(statuses);
      for (const s of res.body.switches)
        expect(depositIds, `${s.id} at ${externalId} is one of the customer's deposit switches`).toContain(s.id);
      // The same switch through both readers: the summaries agree.
      for (const s of res.body.switches) expect(deposit.body.switches.find((d: { id: string }) => d.id === s.id)).toEqual(s);
    }
    const external = [...first.body.switches, ...second.body.switches].map((s: { id: string }) => s.id);
    expect(new Set(external).size, 'the two external ids share no switch').toBe(3);
    const actual = depositIds.filter((id) => !external.includes(id));
    expect(actual, 'one deposit switch carries no external id').toHaveLength(1);
  },
);
