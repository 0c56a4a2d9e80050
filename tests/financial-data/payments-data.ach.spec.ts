// Covers: GetAccountACHDetails (v1), GetAccountPaymentInstructionDetails (v3), the bundle's ACH section and
// the balances' last four - seed 002, Payments data (ACH details; v3 "transferInEnabled ... transferOutEnabled");
// provider 1.35.0 ACHDetails.realAccountNumber, PaymentInstruction.accountNumber (full), AccountNumberLast4.
// The full number never reaches a report unredacted (docs/conventions.md, Secrets and card data).
import {
  changesLinkedCustomer,
  expect,
  keptExchanges,
  type LinkedCustomer,
  type OperationClient,
  ownLinkedCustomer,
  rules,
  test,
} from '../../fixtures/financial-data.js';
import { noteCoverage } from '../shared/property.js';

const pathOf = (c: LinkedCustomer, type: string) => ({ customerId: c.customerId, accountId: c.account(type).id });
const routingOf = (instruction: any) => (instruction?.descriptors ?? []).find((d: any) => d.type === 'routingNumber')?.value;

async function achReaders(fdApi: OperationClient, customerId: string, accountId: string) {
  const v1 = await fdApi.call('GetAccountACHDetails', { path: { customerId, accountId } });
  const v3 = await fdApi.call('GetAccountPaymentInstructionDetails', { path: { customerId, accountId } });
  const query = { include: 'paymentInstruction' };
  const bundle = await fdApi.call('GetAccountDetailsByAccountId', { path: { customerId, accountId }, query });
  expect([v1.status, v3.status, bundle.status], 'v1, v3 and the bundle answer 200').toEqual([200, 200, 200]);
  const ach = (v3.body.paymentInstruction ?? []).find((p: any) => p.type === 'ach');
  const pebAccount = bundle.body.accounts?.[0] ?? {};
  // A section the bundle cannot give is listed under the account's errors (provider 1.35.0 FieldError).
  const pebFailed = (pebAccount.errors ?? []).some((e: any) => (e.fieldName ?? e.fieldError) === 'paymentInstruction');
  return { v1: v1.body, ach, peb: pebAccount.paymentInstruction, pebFailed };
}

// Every account of the customer the three readers serve (seed 002, Payments data: ACH details take checking, savings and money
// market), at every institution it is linked at, each judged against its own ACH details v1: an account at another institution has
// another routing number (provider 1.35.0 ACHDetails.routingNumber: the account's), so one account given another's (the customer's
// first) is told apart. Routing numbers are printed; a full account number only as whether it agrees.
const ACH_TYPES = ['checking', 'savings', 'moneyMarket'];

test(
  'v1, v3 and the bundle give each account of the customer, at each of its institutions, its own full account number and routing number @provider',
  rules('FD-PAY-ACCOUNT-NUMBER@pay-ach', 'FD-PAY-ACCOUNT-NUMBER@pay-details', 'FD-PAY-ACCOUNT-NUMBER@pay-peb-account'),
  async ({ fdApi, linkedCustomer }) => {
    const accounts = linkedCustomer.accounts.filter((a) => ACH_TYPES.includes(a.type) && a.status === 'active');
    const problems: string[] = [];
    const routings = new Set<string>();
    for (const account of accounts) {
      const { v1, ach, peb, pebFailed } = await achReaders(fdApi, linkedCustomer.customerId, account.id);
      const full: string = String(v1.realAccountNumber ?? '');
      const documented = String(v1.routingNumber);
      routings.add(documented);
      const where = `${account.type} account ${account.id} (institution ${account.institutionId})`;
      if (ach === undefined) problems.push(`${where}: v3 gives no ach instruction`);
      if (peb === undefined && !pebFailed) problems.push(`${where}: the bundle gives no paymentInstruction and lists no error for it`);
      if (full.length <= 4) problems.push(`${where}: v1 realAccountNumber is ${full.length} characters, documented the full number`);
      // provider 1.35.0 AccountNumberDisplay: its format varies by institution, so the full number is not compared with it.
      // A tokenized number (tanEnabled) may differ from the real one: compared only when not tokenized; never printed.
      if (ach && ach.tanEnabled !== true && ach.accountNumber !== full)
        problems.push(`${where}: v3 accountNumber received another number than v1 realAccountNumber, documented the same`);
      if (peb && peb.tanEnabled !== true && peb.accountNumber !== full)
        problems.push(`${where}: the bundle's accountNumber received another number than v1 realAccountNumber, documented the same`);
      for (const [reader, instruction] of [
        ['v3', ach],
        ['the bundle', peb],
      ] as const)
        if (instruction !== undefined && routingOf(instruction) !== documented)
          problems.push(
            `${where}: ${reader} routingNumber descriptor received ${JSON.stringify(routingOf(instruction))}, documented "${documented}" (its own v1 routingNumber)`,
          );
    }
    expect(accounts.length, 'accounts of the customer read on v1 and v3 (two at least)').toBeGreaterThanOrEqual(2);
    // Accounts all at one routing number do not tell an account's routing from another's: said, not failed (a target's data).
    if (routings.size < 2) noteCoverage('ACH details: the accounts read share one routing number, so another account’s is not told apart');
    expect(problems, 'each account’s v3 and bundle instruction are its own v1 account and routing numbers').toEqual([]);
  },
);

// Each account's own number (its ACH details' realAccountNumber), on every account type all three readers serve (seed 002,
// Payments data: ACH details and available balance take checking, savings and money market), so that one account showing
// another's last four (the customer's first) is told apart. Only the last four of a number are ever printed.
const LAST_FOUR_TYPES = ['checking', 'savings', 'moneyMarket'];

test(
  'balances and the bundle show exactly the last four digits of the account read, on each account of the customer @provider',
  changesLinkedCustomer(rules('FD-PAY-LAST-FOUR@pay-live', 'FD-PAY-LAST-FOUR@pay-cached', 'FD-PAY-LAST-FOUR@pay-peb-account')),
  async ({ fdApi, linkedCustomer }) => {
    const accounts = LAST_FOUR_TYPES.flatMap((type) => {
      const a = linkedCustomer.accounts.find((x) => x.type === type && x.status === 'active');
      return a ? [a] : [];
    });
    const problems: string[] = [];
    const ends = new Set<string>();
    for (const account of accounts) {
      const path = { customerId: linkedCustomer.customerId, accountId: account.id };
      const full = String((await fdApi.call('GetAccountACHDetails', { path })).body.realAccountNumber ?? '');
      const documented = full.slice(-4);
      ends.add(documented);
      const live = await fdApi.call('GetAvailableBalanceLive', { path, query: { balance_cache_interval: 0 } });
      const cached = await fdApi.call('GetAvailableBalance', { path });
      const bundle = await fdApi.call('GetAccountDetailsByAccountId', { path, query: { include: 'balanceDetails' } });
      const peb = bundle.body.accounts?.[0] ?? {};
      const shown = {
        GetAvailableBalanceLive: live.body.realAccountNumberLast4,
        GetAvailableBalance: cached.body.realAccountNumberLast4,
        'GetAccountDetailsByAccountId balanceDetails': peb.balanceDetails?.realAccountNumberLast4,
        'GetAccountDetailsByAccountId account': peb.realAccountNumberLast4,
      };
      for (const [where, value] of Object.entries(shown)) {
        // Optional on the bundle's account; the balance section may have failed (listed under errors).
        if (value === undefined && where.startsWith('GetAccountDetailsByAccountId')) continue;
        if (value === documented) continue;
        // A value of four characters is printed (at most the last four of some number); a longer one only by its length.
        const received = typeof value === 'string' && value.length <= 4 ? JSON.stringify(value) : `${String(value).length} characters`;
        problems.push(
          `${account.type} account ${account.id}, ${where} realAccountNumberLast4: received ${received}, documented "${documented}" (the last four of its own realAccountNumber)`,
        );
      }
    }
    expect(accounts.length, 'accounts of the customer read (checking and savings at least)').toBeGreaterThanOrEqual(2);
    // Two accounts ending alike do not tell one account's last four from another's: said, not failed (a target's numbers).
    if (ends.size < accounts.length) noteCoverage('last four: accounts read end alike, so another account’s last four is not told apart');
    expect(problems, 'realAccountNumberLast4 is the last four of the account read').toEqual([]);
  },
);

test(
  'every instruction is of type ach, rtp or fednow; every rtp and fedNow one says whether the account can receive and send it; the ach one is there @provider',
  rules('FD-PAY-REALTIME-FLAGS', 'FD-PAY-INSTRUCTION-TYPE'),
  async ({ fdApi, linkedCustomer }) => {
    for (const type of ['checking', 'savings', 'moneyMarket']) {
      const res = await fdApi.call('GetAccountPaymentInstructionDetails', { path: pathOf(linkedCustomer, type) });
      expect(res.status).toBe(200);
      const instructions: any[] = res.body.paymentInstruction ?? [];
      const got = instructions.some((p) => p.type === 'ach');
      expect(got, `${type}: an ach instruction`).toBe(true);
      // provider 1.35.0 PaymentInstruction.type: ach, rtp or fednow (the case is not pinned: fedNow passes).
      const wrong = instructions.filter((p) => !/^(ach|rtp|fednow)$/i.test(String(p.type))).map((p) => p.type);
      expect(wrong, `${type}: instruction types outside ach, rtp, fednow`).toEqual([]);
      for (const p of instructions.filter((i) => /^(rtp|fednow)$/i.test(i.type))) {
        const got = { in: typeof p.transferInEnabled, out: typeof p.transferOutEnabled };
        expect(got, `${type} ${p.type}: both flags`).toEqual({ in: 'boolean', out: 'boolean' });
      }
    }
  },
);

test(
  'the linked portfolio answers its known real-time flags: checking sends and receives, savings only receives',
  rules('FD-PAY-REALTIME-FLAGS'),
  async ({ fdApi, fdPowers, createCustomer }) => {
    // The mock world's known flags: read on a customer of the check's own, linked as the mock links
    // (Connect on a sandbox whose page the suite completes; elsewhere the check skips saying so).
    const linkedCustomer = await ownLinkedCustomer(fdPowers, createCustomer);
    const flags = async (type: string) => {
      const res = await fdApi.call('GetAccountPaymentInstructionDetails', { path: pathOf(linkedCustomer, type) });
      return (res.body.paymentInstruction as any[])
        .filter((p) => p.type !== 'ach')
        .map((p) => `${p.type} in=${p.transferInEnabled} out=${p.transferOutEnabled}`);
    };
    expect(await flags('checking')).toEqual(['rtp in=true out=true', 'fedNow in=true out=true']);
    expect(await flags('savings')).toEqual(['rtp in=true out=false', 'fedNow in=true out=false']);
    expect(await flags('moneyMarket')).toEqual(['rtp in=true out=false']);
  },
);

test(
  'the exchanges kept for the report hold the full account number only masked',
  rules('FD-PAY-NUMBER-REDACTED'),
  async ({ fdApi, linkedCustomer }) => {
    const account = linkedCustomer.account('checking');
    const { v1 } = await achReaders(fdApi, linkedCustomer.customerId, account.id);
    const full: string = v1.realAccountNumber;
    const kept = keptExchanges(test.info())
      .filter((e) => /\/details|\/paysuite\//.test(e.exchange))
      .map((e) => e.text);
    expect(kept, 'the three exchanges are kept for the report').toHaveLength(3);
    const mapped = kept.map((text) => text.includes(full));
    expect(mapped, 'an attachment holding the full number').toEqual([false, false, false]);
    const actual = kept.every((text) => text.includes('[REDACTED]'));
    expect(actual, 'each shows the number masked').toBe(true);
  },
);
