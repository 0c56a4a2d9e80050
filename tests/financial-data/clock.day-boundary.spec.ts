// Covers: every rule of the catalogue marked `clock: utc-midnight`, checked with the target's clock just
// before and after a UTC midnight (a target judging "today" in another zone breaks on one side only):
// the PSI generations and legacy reads - provider 1.35.0 400 example 10006 ("settleByDate must not be in
// the past"), SettleByDate (day0), seed 002, PSI (202, then the get by payRequestId); ReportReissue - seed
// 002, Report retrieval (purpose required by April 30, 2026, from 2026-04-30T00:00:00Z, @assumption).
// A marked rule without a case here fails, naming it. The clock is the mock's; elsewhere each check skips.
import { expect, expectFdError, rules, test, type OperationClient } from '../../fixtures/financial-data.js';
import { loadRules } from '../../helpers/contract/rules.js';
import { consecutive, generateOp, PSI_RATINGS, ratePsi, readPsiRun } from './psi.known.js';
import { customerWithConsumer, makeReport } from './reports-retrieval.known.js';

const DAY_MS = 86_400_000;
const HALF_HOUR_MS = 1_800_000;
/** The two clock positions: half an hour before and half an hour after a UTC midnight. */
const POSITIONS = [
  { name: '23:30 UTC', offsetMs: -HALF_HOUR_MS, side: 'before' as const },
  { name: '00:30 UTC', offsetMs: HALF_HOUR_MS, side: 'after' as const },
];
const dateOf = (ms: number, days = 0) => new Date(ms + days * DAY_MS).toISOString().slice(0, 10);

type Account = { customerId: string; accountId: string };
type Ctx = {
  fdApi: OperationClient;
  now: () => number;
  account: Account;
  advance: (seconds: number) => Promise<void>;
  /** The control surface (the reissue case's report is made through it). */
  control: { origin: string };
};

/** The generated run read back (rated at once on the mock; polled a little on a target that rates later). */
async function readRun(fdApi: OperationClient, fcra: boolean, path: Account, payRequestId: string) {
  const op = fcra ? 'GetFcraPaymentSuccessIndicators' : 'GetPaymentSuccessIndicators';
  const run = await readPsiRun(fdApi, op, { ...path, payRequestId });
  expect(run.status, `${op} reads the run back`).toBe(200);
  return run;
}
/** The potential settlement dates of a list of days (indicatorsByDay, dailyResults). */
const settlementDates = (days: { potentialSettlementDate: string }[] | undefined) => (days ?? []).map((d) => d.potentialSettlementDate);
/** Days out -> days described (provider 1.35.0 SettleByDate), the known answers psi.days.spec.ts checks too. */
const DAYS: [number, number][] = [
  [0, 3],
  [3, 4],
  [9, 10],
];

interface Case {
  title: string;
  /** The source tag of the title (none: the seed). */
  tags?: string;
  cites: (position: (typeof POSITIONS)[number]) => string[];
  /** The UTC midnight the clock is placed around (ms); by default one at least a day after the target's now. */
  midnight?: number;
  check: (ctx: Ctx, position: (typeof POSITIONS)[number]) => Promise<void>;
}

const CASES: Record<string, Case[]> = {
  'FD-PSI-SETTLE-DATE-NOT-PAST': PSI_RATINGS.map(({ path: where, op, ok }) => ({
    title: `${op} accepts a settle-by date of the target's today and refuses yesterday with 400`,
    tags: ' @provider',
    cites: () => [`FD-PSI-SETTLE-DATE-NOT-PAST:accept@${where}`, `FD-PSI-SETTLE-DATE-NOT-PAST:refuse@${where}`],
    check: async ({ fdApi, now, account }) => {
      expect((await ratePsi(fdApi, op, account, dateOf(now()))).status, `today ${dateOf(now())}`).toBe(ok);
      expectFdError(await ratePsi(fdApi, op, account, dateOf(now(), -1)), 400, `yesterday ${dateOf(now(), -1)}`);
    },
  })),
  'FD-PSI-DAYS': [
    ...(['GetPaymentSuccessIndicator', 'GetFCRAPaymentSuccessIndicator'] as const).map((op) => ({
      title: `${op} describes its consecutive days from the target's today`,
      tags: ' @provider',
      cites: () => [`FD-PSI-DAYS@${op === 'GetPaymentSuccessIndicator' ? 'psi-legacy' : 'psi-legacy-fcra'}`],
      check: async ({ fdApi, now, account }: Ctx) => {
        for (const [out, count] of DAYS) {
          const res = await ratePsi(fdApi, op, account, dateOf(now(), out));
          expect(res.status, `settle-by date ${out} days out`).toBe(200);
          const dates = settlementDates(res.body.indicatorsByDay);
          const expected = consecutive(dateOf(now()), count);
          expect(dates, `settle-by date ${out} days out: ${count} days from today`).toEqual(expected);
        }
      },
    })),
    ...([true, false] as const).map((fcra) => ({
      title: `a${fcra ? 'n FCRA' : ' non-FCRA'} run is requested on the target's today and reads back its consecutive days from it`,
      tags: ' @provider',
      cites: () => (fcra ? ['FD-PSI-DAYS', 'FD-PSI-READ-BACK@psi-get-fcra'] : ['FD-PSI-DAYS@psi-get', 'FD-PSI-READ-BACK@psi-get']),
      check: async ({ fdApi, now, account }: Ctx) => {
        for (const [out, count] of DAYS) {
          const made = await ratePsi(fdApi, generateOp(fcra), account, dateOf(now(), out));
          expect(made.status, `settle-by date ${out} days out`).toBe(202);
          expect(made.body.requestDate, "the request date is the target's today").toBe(dateOf(now()));
          const run = await readRun(fdApi, fcra, account, made.body.payRequestId);
          const dates = settlementDates(run.body.nsfReturnRisk?.result?.dailyResults);
          const expected = consecutive(made.body.requestDate, count);
          expect(dates, `settle-by date ${out} days out: ${count} days from the request date`).toEqual(expected);
        }
      },
    })),
  ],
  // The request date is the day of the request: read back an hour later (across the midnight when
  // generated at 23:30) it is the acknowledgement's, not the day of the read (seed 002, PSI).
  'FD-PSI-READ-BACK': ([true, false] as const).map((fcra) => ({
    title: `a${fcra ? 'n FCRA' : ' non-FCRA'} run read back an hour later keeps the request date of its acknowledgement`,
    cites: () => [`FD-PSI-READ-BACK@${fcra ? 'psi-get-fcra' : 'psi-get'}`],
    check: async ({ fdApi, now, account, advance }: Ctx) => {
      const made = await ratePsi(fdApi, generateOp(fcra), account, dateOf(now(), 3));
      expect(made.status).toBe(202);
      expect(made.body.requestDate, "the request date is the target's today").toBe(dateOf(now()));
      await advance(3600);
      const run = await readRun(fdApi, fcra, account, made.body.payRequestId);
      expect(run.body.requestDate, 'the request date read back an hour later').toBe(made.body.requestDate);
    },
  })),
  // Before 2026-04-30 on the target's clock a reissue without purpose is served, from that day it
  // is a 400 (seed 002, Report retrieval): half an hour either side of that day's UTC midnight.
  'FD-REISSUE-PURPOSE': [
    {
      title: 'a reissue without purpose is served on 2026-04-29 and is a 400 on 2026-04-30',
      tags: ' @assumption',
      midnight: Date.UTC(2026, 3, 30),
      cites: (position) => [`FD-REISSUE-PURPOSE:${position.side === 'before' ? 'accept' : 'refuse'}`],
      check: async ({ fdApi, now, account, control }, position) => {
        const reportId = (await makeReport(control, account.customerId)).id;
        const res = await fdApi.call('ReportReissue', { path: { reportId }, body: {} });
        if (position.side === 'before') expect(res.status, `no purpose on ${dateOf(now())}`).toBe(200);
        else expectFdError(res, 400, `no purpose on ${dateOf(now())}`);
      },
    },
  ],
};
const MARKED = loadRules('financial-data').rules.filter((r) => r.clock === 'utc-midnight');

test('every rule marked clock: utc-midnight in the catalogue has its cases here', () => {
  const wrong = MARKED.filter((r) => !CASES[r.id]?.length).map((r) => r.id);
  expect(wrong, 'rules turning on the calendar day without a check at both sides of a UTC midnight').toEqual([]);
  const stray = Object.keys(CASES).filter((id) => !MARKED.some((r) => r.id === id));
  expect(stray, 'cases of rules the catalogue does not mark clock: utc-midnight').toEqual([]);
});

// One check per rule: every case of it at both clock positions (before the midnight, then after it:
// the clock only moves forward within a check), each failing case named with its position.
for (const rule of MARKED) {
  const cases = CASES[rule.id] ?? [];
  if (!cases.length) continue;
  const tags = [...new Set(cases.map((c) => c.tags ?? ''))].join('');

  test(
    `${rule.id} holds with the target's clock at ${POSITIONS.map((p) => p.name).join(' and at ')}: ${cases.map((c) => c.title).join('; ')}${tags} @mock-only`,
    rules(...new Set(cases.flatMap((c) => POSITIONS.flatMap((p) => c.cites(p))))),
    async ({ fdApi, fd, fdPowers, createCustomer, linkedCustomer }) => {
      test.info().setTimeout(test.info().timeout + cases.length * POSITIONS.length * 10_000);
      const failures: string[] = [];
      for (const position of POSITIONS) {
        for (const c of cases) {
          try {
            // Forward of the target's now (a token the suite holds stays younger than its renewal age
            // only if the clock is not moved back), unless the case names its own midnight.
            const midnight = c.midnight ?? Math.floor(fd.now() / DAY_MS) * DAY_MS + 2 * DAY_MS;
            const at = midnight + position.offsetMs;
            const account =
              rule.id === 'FD-REISSUE-PURPOSE'
                ? { customerId: (await customerWithConsumer(fdApi, createCustomer)).customerId, accountId: '' }
                : { customerId: linkedCustomer.customerId, accountId: linkedCustomer.account('checking').id };
            await fdPowers.setClock(at);
            expect(dateOf(fd.now()), `the clock sits on ${dateOf(at)}`).toBe(dateOf(at));
            const advance = async (seconds: number) => void (await fdPowers.advanceClock(seconds));
            await c.check({ fdApi, now: fd.now, account, advance, control: fdPowers }, position);
          } catch (error) {
            // A skip (a target without the clock) stops the check as it would a single case.
            if (test.info().expectedStatus === 'skipped') throw error;
            failures.push(`${c.title}, the target's clock at ${position.name}: ${error instanceof Error ? error.message : String(error)}`);
          }
        }
      }
      expect(failures, `${failures.length} of ${cases.length * POSITIONS.length} cases failed`).toEqual([]);
    },
  );
}
