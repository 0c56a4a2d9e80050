// Covers: the ack and the successful content of POST /decisioning/v2/customers/{customerId}/voa,
// /voaHistory, /preQualVoa, /assetSummary and /voi, and accountIds on those and /transactions -
// seed 002, Decisioning report generation (the eligible account types of each report); provider
// 1.35.0 VOAReportAck and its siblings (type values, the constraints echoed), VOAReport / VOIReport
// / PrequalificationReport (institutions[].accounts[], consolidatedAvailableBalance: the sum of the
// available balances), ReportAccountIdsString (only the accounts named). Known answers: the linked
// customer's accounts as GetCustomerAccounts shows them.
import { underRule } from '../../helpers/client/annotations.js';
import { expect, expectFdError, rules, test, type OperationClient } from '../../fixtures/financial-data.js';
import { ASSET_OPS, DAY_S, ensureConsumer, generated, knownAccounts, reportAccounts } from './reports-assets.known.js';
import { expectComponent, expectNoReportLeft } from './reports.known.js';
import { atSite, cite } from './cite.js';

const CUSTOM = [
  { label: 'loanID', value: '12345', shown: true },
  { label: 'branch', value: 'north', shown: false },
];
const cents = (n: number) => Math.round(n * 100) / 100;
/** A name or an address compared without case, spaces or punctuation. */
const plain = (v: unknown) =>
  String(v ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9|]+/g, '');

/** The owner of each account as GetAccountOwner gives it (an account it answers otherwise, an MFA challenge, left out). */
async function knownOwners(fdApi: OperationClient, customerId: string, accounts: { id: string }[]) {
  const owners = new Map<string, { ownerName?: unknown; ownerAddress?: unknown }>();
  for (const a of accounts) {
    const res = await fdApi.call('GetAccountOwner', { path: { customerId, accountId: a.id } });
    if (res.status === 200) owners.set(a.id, res.body);
  }
  return owners;
}

/** Whether a report account's owner (each member where given) is the one the owner reader gives. */
const ownerFacts = (a: { ownerName?: unknown; ownerAddress?: unknown }, owner?: { ownerName?: unknown; ownerAddress?: unknown }) => ({
  name: !owner || a.ownerName === undefined || plain(a.ownerName).split('|').includes(plain(owner.ownerName)),
  address: !owner || a.ownerAddress === undefined || plain(a.ownerAddress) === plain(owner.ownerAddress),
});

// One check per operation (seed: VOA and VOI; provider: the other three), a failure filed alone.
for (const { op, type, eligible, tag } of ASSET_OPS)
  test(
    `${op}: acks its type echoing the constraints, and its report lists exactly the customer's eligible accounts with their balances${tag}${tag ? '' : ' @smoke'}`,
    rules(
      ...cite('FD-ASSETS-ECHO', ['assets-ack', 'assets-read']),
      ...atSite('assets-read', 'FD-ASSETS-ACCOUNTS', 'FD-ASSETS-NSF-SUMMARY', 'FD-ASSETS-OWNER'),
    ),
    async ({ fdApi, fd, fdContract, linkedCustomer, pollReport }) => {
      const { customerId } = linkedCustomer;
      await ensureConsumer(fdApi, customerId);
      // provider 1.35.0: the ack's type and *ConstraintsOut echo (sent values back, accountIds absent when not sent).
      // showNsf true but on the VOAI report, which tells the summary left out (provider 1.35.0 ShowNsf).
      const echo = {
        fromDate: Math.floor(fd.now() / 1000) - 50 * DAY_S,
        reportCustomFields: CUSTOM,
        ...(op === 'GenerateVOIReport' ? {} : { showNsf: op !== 'GenerateVOAWithIncomeReport' }),
      };
      const { ack, report } = await generated(fdApi, pollReport, op, { path: { customerId }, body: echo });
      const knownAll = await knownAccounts(fdApi, customerId);
      const owners = await knownOwners(fdApi, customerId, knownAll);
      expect({ type: ack.type, constraints: ack.constraints }, 'the ack: type and constraints').toMatchObject({ type, constraints: echo });
      expect({ type: report.type, constraints: report.constraints }, 'the report read back: type and constraints').toMatchObject({
        type,
        constraints: echo,
      });
      expectComponent(fdContract, 'AssetsReportContent', report, 'the success content keeps the contract (AssetsReportContent)');
      const known = knownAll.filter((a) => (eligible as readonly string[]).includes(a.type));
      const listed = reportAccounts(report);
      expect(listed.map((a) => String(a.id)).sort(), `the accounts listed: exactly the customer's ${eligible.join(', ')} accounts`).toEqual(
        known.map((a) => a.id).sort(),
      );
      const byId = new Map(listed.map((a) => [String(a.id), a]));
      expect(
        known.map((a) => ({
          id: a.id,
          type: byId.get(a.id)?.type,
          balance: byId.get(a.id)?.balance,
          availableBalance: byId.get(a.id)?.availableBalance,
        })),
        'each account with its type, balance and available balance as GetCustomerAccounts shows them',
      ).toEqual(known.map((a) => ({ id: a.id, type: a.type, balance: a.balance, availableBalance: a.availableBalance })));
      // provider 1.35.0 VOAReportAccount.number: every digit but the last four obfuscated (replaced or left out).
      const unmasked = listed.filter((a) => String(a.number ?? '').replace(/\D/g, '').length > 4).map((a) => a.id);
      expect(unmasked, 'account numbers with more than their last four digits shown').toEqual([]);
      // provider 1.35.0 ReportAccountOwnerName / ReportAccountOwnerAddress: the owner the account owner reader gives.
      const owned = listed.filter((a) => a.ownerName !== undefined || a.ownerAddress !== undefined);
      const seen = owned.map((a) => ({ id: a.id, ...ownerFacts(a, owners.get(String(a.id))) }));
      underRule(
        test.info(),
        'FD-ASSETS-OWNER',
        () =>
          expect(seen, "each owner named: the account owner reader's name among the names, its address").toEqual(
            seen.map((s) => ({ id: s.id, name: true, address: true })),
          ),
        op,
      );
      // provider 1.35.0 ShowNsf: the insufficient funds summary with showNsf true (each checking account), none with false.
      const showNsf = (echo as { showNsf?: boolean }).showNsf;
      const judged = listed.filter((a) => (showNsf ? a.type === 'checking' : true));
      const nsf = (a: any) =>
        showNsf
          ? Number.isInteger(a.totNumberInsufficientFundsFeeDebitTxAccount) && a.totNumberInsufficientFundsFeeDebitTxAccount >= 0
          : Object.keys(a).some((k) => /InsufficientFunds/.test(k));
      const what = `showNsf ${showNsf}: ${showNsf ? 'each checking account counts its insufficient funds fees' : 'no account gives the summary'}`;
      if (showNsf !== undefined)
        underRule(
          test.info(),
          'FD-ASSETS-NSF-SUMMARY',
          () =>
            expect(
              judged.map((a) => ({ id: a.id, summary: nsf(a) })),
              what,
            ).toEqual(judged.map((a) => ({ id: a.id, summary: showNsf }))),
          op,
        );
      if (['voa', 'preQualVoa', 'assetSummary'].includes(type)) {
        expect(cents(Number(report.consolidatedAvailableBalance)), 'consolidatedAvailableBalance: the sum of the available balances').toBe(
          cents(known.reduce((sum, a) => sum + a.availableBalance, 0)),
        );
      }
    },
  );

const ACCOUNT_ID_OPS = [...ASSET_OPS, { op: 'GenerateTransactionsReport' as const, eligible: undefined }];

// accountIds (provider 1.35.0 ReportAccountIdsString): only those accounts; an id not of the customer:
// 404 (seed 002 Errors 404; assumption). One check per operation taking it.
for (const { op, eligible } of ACCOUNT_ID_OPS)
  test(
    `${op} with accountIds covers only the accounts named, and an id that is not the customer's account is a 404 that makes no report @assumption`,
    rules('FD-ASSETS-ACCOUNT-IDS@assets-read', 'FD-OBJ-EXACT-ID'),
    async ({ fdApi, fd, fdEntities, linkedCustomer, pollReport }) => {
      const { customerId } = linkedCustomer;
      await ensureConsumer(fdApi, customerId);
      const nowS = Math.floor(fd.now() / 1000);
      const query = op === 'GenerateTransactionsReport' ? { fromDate: nowS - 90 * DAY_S, toDate: nowS } : undefined;
      const named = [linkedCustomer.account('savings').id, linkedCustomer.account('creditCard').id];
      const { ack, report } = await generated(fdApi, pollReport, op, {
        path: { customerId },
        query,
        body: { accountIds: named.join(' ') },
      });
      expect(ack.constraints?.accountIds, 'the ack echoes accountIds as a list').toEqual(named);
      const expected = eligible ? [named[0]] : named;
      const listedIds = reportAccounts(report).map((a) => String(a.id));
      expect(listedIds.sort(), 'the accounts listed: the eligible ones among those named').toEqual([...expected].sort());
      // Another customer's account (the worker's linked customer) where there is one, else an id of nothing.
      const unknown = fdEntities.linked && fdEntities.linked.customerId !== customerId ? fdEntities.linked.accounts[0].id : '9999999999';
      await expectNoReportLeft(fdApi, fd, customerId, async () =>
        expectFdError(
          await fdApi.call(op, { path: { customerId }, query, body: { accountIds: `${named[0]} ${unknown}` } }),
          404,
          "an account id that is not the customer's",
        ),
      );
      // An entry one character away from a named account (a digit added, the last removed) names no
      // account either (FD-OBJ-EXACT-ID: an id is matched whole, never by its beginning).
      const own = new Set(linkedCustomer.accounts.map((a) => String(a.id)));
      for (const near of [`${named[0]}7`, named[0].slice(0, -1)].filter((id) => !own.has(id)))
        expectFdError(
          await fdApi.call(op, { path: { customerId }, query, body: { accountIds: `${named[0]} ${near}` } }),
          404,
          `accountIds entry ${near}, one character from ${named[0]}`,
        );
    },
  );

for (const op of ['GenerateVOAWithIncomeReport', 'GenerateVOIReport'] as const) {
  test(
    `${op} with incomeStreamConfidenceMinimum lists exactly the income streams of at least that confidence, the minimum itself included @provider`,
    rules('FD-ASSETS-INCOME-CONFIDENCE@assets-read'),
    async ({ fdApi, linkedCustomer, pollReport }) => {
      const { customerId } = linkedCustomer;
      await ensureConsumer(fdApi, customerId);
      const streams = (report: unknown) =>
        reportAccounts(report).flatMap((a) =>
          ((a.incomeStreams ?? []) as { name: string; confidence: number }[]).map((s) => ({
            key: `${a.id} ${s.name}`,
            confidence: s.confidence,
          })),
        );
      const all = streams((await generated(fdApi, pollReport, op, { path: { customerId }, body: {} })).report);
      expect(all.length, 'the linked customer has income streams to filter').toBeGreaterThan(0);
      // provider 1.35.0 IncomeStreamConfidenceMinimum: "50 to include only income streams with a
      // confidence score of 50 or higher". The highest confidence seen: the streams at it stay, any below go.
      const minimum = Math.max(...all.map((s) => s.confidence));
      const { report } = await generated(fdApi, pollReport, op, { path: { customerId }, body: { incomeStreamConfidenceMinimum: minimum } });
      const kept = all.filter((s) => s.confidence >= minimum).map((s) => s.key);
      const listedKeys = streams(report).map((s) => s.key);
      expect(listedKeys.sort(), `the streams listed with incomeStreamConfidenceMinimum ${minimum}`).toEqual(kept.sort());
    },
  );
}
