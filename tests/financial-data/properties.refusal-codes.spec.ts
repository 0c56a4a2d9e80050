// Covers: a refusal carries the code of the condition that caused it (FD-PROP-REFUSAL-CODE), on every
// operation whose refusal tells its conditions apart (`x-codes`): the micro-deposit verification's 400
// (provider 1.35.0 examples: 3200002, 3200004, 3200003; one attempt, FD-MICRO-ATTEMPTS @assumption),
// provoked in the order of the entries' life (mock only); then the authorization details' 404 and the
// 404 of the recurring transactions and of the bundle; the 404 of an application's institution registrations.
import { expect, fdLimit, mockOnly, rangeOf, rules, sample, suiteConfig, test } from '../../fixtures/financial-data.js';
import { approvedApplicationId } from '../../fixtures/examples/fd-samples/app-registration.js';
import { readValue } from '../../helpers/config/env-schema.js';
import type { TestInfo } from '@playwright/test';
import type { Operation } from '../../helpers/contract/contract.js';
import {
  checkRefusalCodes,
  type CodedCondition,
  codedOperationsOf,
  type Provoked,
  REFUSAL_CODES,
  requestCaseOf,
} from '../../helpers/client/invariants/refusal-codes.js';
import { Violations } from '../../helpers/client/security/probe.js';
import { FD_CONTRACT } from './security.known.js';
import { PREDATING_INSTITUTION } from './app-registration.readers.js';
import { countRule } from '../shared/property.js';
import { servesOperation } from '../../helpers/contract/served.js';

const RULE = 'FD-PROP-REFUSAL-CODE';
const DEPOSIT_DELAY_S = fdLimit('microEntryDepositDelaySeconds'); // @assumption: the deposits land a day after initiation

/** Two amounts in the contract's range that are neither deposited amount nor within ten cents of one. */
function wrongAmounts(deposited: number[]): number[] {
  const cents = deposited.map((a) => Math.round(a * 100));
  const far = Array.from({ length: 99 }, (_, i) => i + 1).filter((c) => cents.every((d) => Math.abs(c - d) > 10));
  return [far[0]!, far.at(-1)!].map((c) => c / 100);
}

test(
  'a refused micro-deposit verification carries the code of its own condition, never that of a later one @provider @mock-only',
  mockOnly(
    rules(RULE),
    "needs the amounts deposited (the mock's harness route; a sandbox shows them only in the bank account) and the deposit day passed on the mock's clock",
  ),
  async ({ fdApi, fdMock, createCustomer }, testInfo) => {
    const customerId = await createCustomer();
    let n = 0;
    /** Micro entries of the check's own, brought to a state (the lifecycle the catalogue states, FD-MICRO-ATTEMPTS). */
    const entriesIn = async (state: string) => {
      const accountNumber = `78${String(Date.now()).slice(-6)}${String(n++).padStart(4, '0')}`;
      const made = await fdApi.call('InitiateMicroAmountDeposits', {
        path: { customerId },
        body: { receiver: { routingNumber: '021000021', accountNumber, accountType: 'personalChecking', name: 'Refusal Codes' } },
      });
      expect(made.status, 'InitiateMicroAmountDeposits (entries of the check)').toBe(200);
      const accountId = String(made.body.accountId);
      const amounts = await fdMock.microAmounts(accountId);
      const verify = (sent: number[]) =>
        fdApi.call('VerifyMicroAmountDeposits', { path: { customerId, accountId }, body: { amounts: sent } });
      if (state !== 'Pending') await fdMock.advanceClock(DEPOSIT_DELAY_S);
      if (state === 'Failed')
        expect((await verify(wrongAmounts(amounts))).status, 'a first wrong verification (the attempt spent)').toBe(400);
      return { amounts, verify };
    };
    const provoke = async (c: CodedCondition): Promise<Provoked> => {
      if (c.operationId !== 'VerifyMicroAmountDeposits' || !c.state) return { leftOut: 'no harness brings its object to a state' };
      if (!['Pending', 'Completed', 'Failed'].includes(c.state)) return { leftOut: `no harness brings micro entries to ${c.state}` };
      const { amounts, verify } = await entriesIn(c.state);
      return verify(c.send === 'wrong' ? wrongAmounts(amounts) : amounts);
    };
    const only = (op: Operation) => op.operationId === 'VerifyMicroAmountDeposits';
    await expectCodes(testInfo, only, provoke);
  },
);

// The authorization details' 404 (seed 002, App registration and Errors: 3003 legacy, 3004 unavailable;
// provider 1.35.0: 3003 for a login id naming none), on a legacy login, one predating the endpoint (on a
// sandbox FD_AUTH_DETAILS_UNAVAILABLE_LOGIN_ID) and an unknown id. Reads only.
test(
  'a refused authorization-details read carries the code of its own condition: a legacy connection 3003, details unavailable 3004, an unknown login 3003 @provider',
  rules(RULE, 'FD-AUTHDETAILS-UNAVAILABLE', 'FD-AUTHDETAILS-UNKNOWN', 'FD-AUTHDETAILS-LEGACY'),
  async ({ fd, fdApi, linkedCustomer }, testInfo) => {
    const only = (op: Operation) => op.operationId === 'getCustomerAuthorizationDetails';
    const logins: Record<string, string | number | undefined> = {
      legacy: linkedCustomer.logins.find((l) => l.legacy)?.id,
      predating: fd.control
        ? linkedCustomer.logins.find((l) => l.institutionId === PREDATING_INSTITUTION)?.id
        : readValue<string>('FD_AUTH_DETAILS_UNAVAILABLE_LOGIN_ID', suiteConfig().env),
    };
    const valid = { path: { institution_login_id: String(linkedCustomer.logins[0]!.id) } };
    const provoke = async (c: CodedCondition): Promise<Provoked> => {
      if (c.unresolved) {
        const call = requestCaseOf(FD_CONTRACT, c, valid);
        return typeof call === 'string' ? { leftOut: call } : fdApi.callBuilt('getCustomerAuthorizationDetails', call);
      }
      const id = c.state ? logins[c.state] : undefined;
      if (id === undefined)
        return {
          leftOut: `the target names no ${c.state} login (the linked customer's; FD_AUTH_DETAILS_UNAVAILABLE_LOGIN_ID for one whose details are unavailable)`,
        };
      return fdApi.call('getCustomerAuthorizationDetails', { path: { institution_login_id: id } });
    };
    // Each condition's own rule states its status and code (seed 002, App registration and Errors): a finding is filed there.
    const ruleOf = (c: CodedCondition) =>
      c.unresolved
        ? 'FD-AUTHDETAILS-UNKNOWN'
        : c.state === 'legacy'
          ? 'FD-AUTHDETAILS-LEGACY'
          : c.state === 'predating'
            ? 'FD-AUTHDETAILS-UNAVAILABLE'
            : undefined;
    await expectCodes(testInfo, only, provoke, ruleOf);
  },
);

// The 404 of the recurring transactions and the bundle (provider 1.35.0 CustomerNotFoundExample 14001,
// NoAccountForCustomerIdExample 38003): an unknown customer id, and a customer holding no account yet.
test(
  'a refused recurring-transactions or bundle read carries the code of its own condition: an unknown customer 14001, a customer holding no account 38003 @provider',
  rules(RULE),
  async ({ fd, fdApi, fdEntities, createCustomer }, testInfo) => {
    const ops = ['GetRecurringTransactions', 'GetAccountDetailsByAccountId'];
    // A sandbox whose product serves neither read (SANDBOX_OPERATIONS) has no refusal of theirs to judge: not run, said why.
    test.skip(
      !ops.some((id) => servesOperation(fdApi.contract, id)),
      `not in the partner's product (SANDBOX_OPERATIONS): ${ops.join(', ')}`,
    );
    const only = (op: Operation) => ops.includes(op.operationId);
    const empty = await createCustomer();
    const provoke = async (c: CodedCondition): Promise<Provoked> => {
      const op = FD_CONTRACT.operationOf(c.operationId);
      let valid: ReturnType<typeof sample>;
      try {
        valid = sample(op, fd, fdEntities);
      } catch (error) {
        return { leftOut: `no valid call: ${(error as Error).message}` };
      }
      if (c.unresolved) {
        const call = requestCaseOf(FD_CONTRACT, c, valid);
        return typeof call === 'string' ? { leftOut: call } : fdApi.callOperation(op, { ...call, refusal: true });
      }
      if (c.state !== 'no-accounts') return { leftOut: `no harness brings a customer to ${c.state}` };
      return fdApi.callOperation(op, { ...valid, path: { ...valid.path, customerId: empty }, refusal: true });
    };
    await expectCodes(testInfo, only, provoke);
    const codedOps = codedOperationsOf(FD_CONTRACT, only).map((o) => o.operationId);
    expect(codedOps, 'both reads tell the two conditions apart').toEqual(expect.arrayContaining(ops));
  },
);

// The 404 of an application's institution registrations (seed 002, App registration: 404; provider 1.35.0
// examples 3001 an application id not found, 3002 no registration with the institution): an applicationId
// naming none, and an institution the approved application is not registered with. Reads only; each finding
// is filed under the rule the table names for its condition (FD-APP-INSTITUTIONS-NOT-FOUND).
test(
  "a refused read of an application's institution registrations carries the code of its own condition: an unknown application 3001, an institution it is not registered with 3002 @provider",
  rules(RULE, 'FD-APP-INSTITUTIONS-NOT-FOUND'),
  async ({ fd, fdApi }, testInfo) => {
    const applicationId = approvedApplicationId(fd);
    test.skip(!applicationId, 'needs FD_APPLICATION_ID (an approved application of the partner)');
    const only = (op: Operation) => op.operationId === 'getRegisteredInstitutions';
    const valid = { path: { application_id: applicationId! } };
    /** An institution the application has no registration with: one the institution list gives and its registrations do not. */
    const unregistered = async (): Promise<number | undefined> => {
      const limit = rangeOf(FD_CONTRACT, 'AppInstitutionLimit').max!;
      const registered = new Set<number>();
      for (let start = 1; start < 50; start++) {
        const page = await fdApi.call('getRegisteredInstitutions', { ...valid, query: { start, limit } });
        if (page.status !== 200) return undefined;
        for (const r of page.body.institutions ?? []) registered.add(Number(r.institutionId));
        if (!page.body.moreAvailable) break;
      }
      const listed = await fdApi.call('GetInstitutions', {});
      const ids = ((listed.body?.institutions ?? []) as { id: unknown }[]).map((i) => Number(i.id));
      const other = ids.find((id) => !registered.has(id));
      // The mock registers an approved application with its whole catalogue: an id past the catalogue names
      // an institution it is not registered with (a sandbox takes one of its list only).
      return other ?? (fd.control ? Math.max(0, ...ids, ...registered) + 1_000_000 : undefined);
    };
    const provoke = async (c: CodedCondition): Promise<Provoked> => {
      if (c.unresolved) {
        const call = requestCaseOf(FD_CONTRACT, c, valid);
        return typeof call === 'string' ? { leftOut: call } : fdApi.callBuilt('getRegisteredInstitutions', { ...call, refusal: true });
      }
      if (c.state !== 'unregistered') return { leftOut: `no harness brings an institution to ${c.state}` };
      const institution_id = await unregistered();
      if (institution_id === undefined) return { leftOut: 'the institution list names none the application is not registered with' };
      return fdApi.call('getRegisteredInstitutions', { ...valid, query: { institution_id }, negative: true });
    };
    await expectCodes(testInfo, only, provoke);
  },
);

/** Provokes each coded condition of the operations `only` keeps, judges its code, and counts them. */
async function expectCodes(
  testInfo: TestInfo,
  only: (op: Operation) => boolean,
  provoke: (c: CodedCondition) => Promise<Provoked>,
  ruleOf?: (c: CodedCondition) => string | undefined,
) {
  const violations = new Violations(RULE);
  const { checked, exceptions, provoked } = await checkRefusalCodes(FD_CONTRACT, provoke, violations, only, undefined, ruleOf);
  testInfo.annotations.push({ type: REFUSAL_CODES, description: provoked.join('; ') });
  countRule(REFUSAL_CODES, RULE, { applies: codedOperationsOf(FD_CONTRACT, only).map((o) => o.operationId), checked, exceptions });
  expect(checked.length, 'the contract tells refusal conditions apart by code on the operation').toBeGreaterThan(0);
  violations.expectNone(provoked.join('\n'));
}
