// Covers: the ack and the successful content of POST /decisioning/v2/customers/{customerId}/voa,
// /voaHistory, /preQualVoa, /assetSummary and /voi, and accountIds on those and /transactions -
// seed 002, Decisioning report generation (the eligible account types of each report); provider
// 1.35.0 VOAReportAck and its siblings (type values, the constraints echoed), VOAReport / VOIReport
// / PrequalificationReport (institutions[].accounts[], consolidatedAvailableBalance: the sum of the
// available balances), ReportAccountIdsString (only the accounts named). Known answers: the linked
// customer's accounts as GetCustomerAccounts shows them.
import { underRule } from '../../helpers/client/annotations.js';
import {
  adoptReport,
  expect,
  expectFdError,
  ReportBatch,
  rules,
  suiteConfig,
  test,
  type BatchAsk,
  type CallOptions,
  type FdOperationId,
  type LinkedCustomer,
  type OperationClient,
  type PollReportFn,
} from '../../fixtures/financial-data.js';
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

const ACCOUNT_ID_OPS = [...ASSET_OPS, { op: 'GenerateTransactionsReport' as const, eligible: undefined }];
const INCOME_OPS = ['GenerateVOAWithIncomeReport', 'GenerateVOIReport'] as const;

/** What the content checks send: the constraints the ack and the report must echo (`fromDate` from the instant `nowS`). */
const echoOf = (op: FdOperationId, nowS: number) => ({
  fromDate: nowS - 50 * DAY_S,
  reportCustomFields: CUSTOM,
  ...(op === 'GenerateVOIReport' ? {} : { showNsf: op !== 'GenerateVOAWithIncomeReport' }),
});
/** The accounts the accountIds checks name: a savings and a credit card account (undefined without both). */
const namedOf = (linked: LinkedCustomer) => {
  const of = (type: string) => linked.accounts.find((a) => a.type === type && a.status === 'active')?.id;
  const named = [of('savings'), of('creditCard')];
  return named.every(Boolean) ? (named as string[]) : undefined;
};
const transactionsQuery = (op: FdOperationId, nowS: number) =>
  op === 'GenerateTransactionsReport' ? { fromDate: nowS - 90 * DAY_S, toDate: nowS } : undefined;

// On a sandbox the content and accountIds checks' reports are generated together and polled together (fixtures/financial-data/
// report-batch.ts): the file's checks run in one worker, in order, and wait one poll interval among them, each judging every
// answer about its own report under its own rules. On the mocks each check generates its own.
const sandbox = suiteConfig().target === 'sandbox';
if (sandbox) test.describe.configure({ mode: 'default' });
const batch = new ReportBatch();

test.afterAll(() => batch.end());

/** Every report of the batch, asked by the first check of the file with its fixtures (the linked customer, its consumer read). */
async function batchAsks(fd: { now: () => number }, linked: LinkedCustomer): Promise<BatchAsk[]> {
  const { customerId } = linked;
  const nowS = Math.floor(fd.now() / 1000);
  const named = namedOf(linked);
  return [
    ...ASSET_OPS.map(({ op }) => ({ key: `content ${op}`, op, options: { path: { customerId }, body: echoOf(op, nowS) } })),
    ...(named
      ? ACCOUNT_ID_OPS.map(({ op }) => ({
          key: `accountIds ${op}`,
          op,
          options: { path: { customerId }, query: transactionsQuery(op, nowS), body: { accountIds: named.join(' ') } },
        }))
      : []),
    // The income confidence checks' first report, every income stream (the second names a minimum read from it).
    ...INCOME_OPS.map((op) => ({ key: `income ${op}`, op, options: { path: { customerId }, body: {} } })),
  ];
}

/**
 * A check's report and the call that generated it: from the file's batch on a sandbox (every exchange adopted as the check's
 * own), else generated and polled by the check itself, from `own`.
 */
async function reportOf(
  key: string,
  ctx: { fdApi: OperationClient; fd: { now: () => number; control?: unknown }; linkedCustomer: LinkedCustomer; pollReport: PollReportFn },
  op: FdOperationId,
  own: () => CallOptions,
): Promise<{ ack: any; report: any; options: CallOptions }> {
  const { fdApi, fd, linkedCustomer, pollReport } = ctx;
  // Each check reads (or makes) the customer's consumer, as it did generating its own report.
  await ensureConsumer(fdApi, linkedCustomer.customerId);
  const batched = fd.control ? undefined : await batch.of(key, fdApi, () => batchAsks(fd, linkedCustomer));
  if (batched) return { ...adoptReport(fdApi, op, batched), options: batched.ask.options };
  const options = own();
  return { ...(await generated(fdApi, pollReport, op, options)), options };
}

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
      // provider 1.35.0: the ack's type and *ConstraintsOut echo (sent values back, accountIds absent when not sent).
      // showNsf true but on the VOAI report, which tells the summary left out (provider 1.35.0 ShowNsf).
      const { ack, report, options } = await reportOf(`content ${op}`, { fdApi, fd, linkedCustomer, pollReport }, op, () => ({
        path: { customerId },
        body: echoOf(op, Math.floor(fd.now() / 1000)),
      }));
      const echo = options.body as ReturnType<typeof echoOf>;
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

// accountIds (provider 1.35.0 ReportAccountIdsString): only those accounts; an id not of the customer:
// 404 (seed 002 Errors 404; assumption). One check per operation taking it.
for (const { op, eligible } of ACCOUNT_ID_OPS)
  test(
    `${op} with accountIds covers only the accounts named, and an id that is not the customer's account is a 404 that makes no report @assumption`,
    rules('FD-ASSETS-ACCOUNT-IDS@assets-read', 'FD-OBJ-EXACT-ID'),
    async ({ fdApi, fd, fdEntities, linkedCustomer, pollReport }) => {
      const { customerId } = linkedCustomer;
      const named = [linkedCustomer.account('savings').id, linkedCustomer.account('creditCard').id];
      const { ack, report, options } = await reportOf(`accountIds ${op}`, { fdApi, fd, linkedCustomer, pollReport }, op, () => ({
        path: { customerId },
        query: transactionsQuery(op, Math.floor(fd.now() / 1000)),
        body: { accountIds: named.join(' ') },
      }));
      const query = options.query;
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

for (const op of INCOME_OPS) {
  test(
    `${op} with incomeStreamConfidenceMinimum lists exactly the income streams of at least that confidence, the minimum itself included @provider`,
    rules('FD-ASSETS-INCOME-CONFIDENCE@assets-read'),
    async ({ fdApi, fd, linkedCustomer, pollReport }) => {
      const { customerId } = linkedCustomer;
      const streams = (report: unknown) =>
        reportAccounts(report).flatMap((a) =>
          ((a.incomeStreams ?? []) as { name: string; confidence: number }[]).map((s) => ({
            key: `${a.id} ${s.name}`,
            confidence: s.confidence,
          })),
        );
      const first = await reportOf(`income ${op}`, { fdApi, fd, linkedCustomer, pollReport }, op, () => ({
        path: { customerId },
        body: {},
      }));
      const all = streams(first.report);
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
