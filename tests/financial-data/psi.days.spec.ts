// Covers: the days a PSI answer describes and the legacy balance warning - provider 1.35.0
// SettleByDate (3 days, day0-day2, up to 2 days out; N+1 days for N = 3..8; 10 days, day0-day9,
// from 9 days out) on GetPaymentSuccessIndicators, GetFcraPaymentSuccessIndicators and the two
// legacy reads (seed 002, PSI: scores over a 10-day period); PaymentSuccessIndicatorWarningExample
// (code 2000 when the settlement amount exceeds the available balance).
import { expect, mockOnly, rules, test } from '../../fixtures/financial-data.js';
import { underRule } from '../../helpers/client/annotations.js';
import { consecutive, dateIn, PSI_RATINGS, ratePsi, readPsiRun } from './psi.known.js';

/** Days out -> days described (the known answer of the provider's rule). */
const DAYS: [number, number][] = [
  [0, 3],
  [2, 3],
  [3, 4],
  [8, 9],
  [9, 10],
  [30, 10],
];

test(
  'the legacy reads describe 3, 4, 9 or 10 consecutive days from today by how far the settle-by date is @provider',
  rules('FD-PSI-DAYS@psi-legacy', 'FD-PSI-DAYS@psi-legacy-fcra'),
  async ({ fdApi, fd, linkedCustomer }) => {
    const path = { customerId: linkedCustomer.customerId, accountId: linkedCustomer.account('checking').id };
    for (const [out, count] of DAYS) {
      const today = dateIn(fd.now(), 0);
      // The two legacy reads (ratePsi: the FCRA one with the purpose code 1P).
      for (const { op } of PSI_RATINGS.slice(2)) {
        const res = await ratePsi(fdApi, op, path, dateIn(fd.now(), out), 10);
        expect(res.status).toBe(200);
        const dates = (res.body.indicatorsByDay as { potentialSettlementDate: string }[]).map((d) => d.potentialSettlementDate);
        expect(dates, `${op}, settle-by date ${out} days out`).toEqual(consecutive(today, count));
      }
    }
  },
);

test(
  'a run reads back with 3, 4, 9 or 10 consecutive daily results from its request date @provider',
  rules('FD-PSI-DAYS@psi-get'),
  async ({ fdApi, fd, linkedCustomer }) => {
    const path = { customerId: linkedCustomer.customerId, accountId: linkedCustomer.account('checking').id };
    for (const [out, count] of DAYS) {
      const made = await ratePsi(fdApi, 'GeneratePaymentSuccessIndicators', path, dateIn(fd.now(), out), 10);
      expect(made.status).toBe(202);
      expect(made.body.requestDate, "the request date is the target's today").toBe(dateIn(fd.now(), 0));
      const run = await readPsiRun(fdApi, 'GetPaymentSuccessIndicators', { ...path, payRequestId: made.body.payRequestId }, !fd.control);
      const dates = (run.body.nsfReturnRisk?.result?.dailyResults ?? []).map(
        (d: { potentialSettlementDate: string }) => d.potentialSettlementDate,
      );
      expect(dates, `settle-by date ${out} days out`).toEqual(consecutive(made.body.requestDate, count));
    }
  },
);

/**
 * Fixed calendar scenarios (today at noon UTC, its month and day; days out): the days described run over a 30-day month's end,
 * a year's end and 29 February of a leap year (provider 1.35.0 SettleByDate counts days out on the calendar: 25 February to
 * 3 March is 7 days out in a leap year, 8 dates).
 */
const CALENDAR: readonly { at: string; out: number; leap?: true; what: string }[] = [
  { at: '04-28', out: 5, what: "over a 30-day month's end" },
  { at: '12-28', out: 5, what: "over a year's end" },
  { at: '02-25', out: 7, leap: true, what: 'over 29 February' },
];
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
/** The first noon of `monthDay` (of a leap year where asked) after `afterMs`: the mock's clock only moves forward. */
function nextNoon(afterMs: number, monthDay: string, leap = false): number {
  for (let y = new Date(afterMs).getUTCFullYear(); ; y++) {
    const at = Date.parse(`${y}-${monthDay}T12:00:00Z`);
    if (at > afterMs + 86_400_000 && (!leap || isLeap(y))) return at;
  }
}

test(
  'the days described are consecutive calendar days from today over a month’s end, a year’s end and 29 February, on every reader @provider @mock-only',
  mockOnly(
    rules('FD-PSI-DAYS@psi-legacy', 'FD-PSI-DAYS@psi-legacy-fcra', 'FD-PSI-DAYS@psi-get'),
    "sets the mock's clock to each scenario's day (a sandbox's today is the run's)",
  ),
  async ({ fdApi, fd, fdPowers, linkedCustomer }) => {
    const path = { customerId: linkedCustomer.customerId, accountId: linkedCustomer.account('checking').id };
    const wrong: string[] = [];
    let after = fd.now();
    for (const { at, out, leap, what } of CALENDAR) {
      after = nextNoon(after, at, leap);
      await fdPowers.setClock(after);
      const today = dateIn(fd.now(), 0);
      const expected = consecutive(today, out + 1);
      const settleBy = dateIn(fd.now(), out);
      for (const { op } of PSI_RATINGS.slice(2)) {
        const res = await ratePsi(fdApi, op, path, settleBy, 10);
        const dates = ((res.body?.indicatorsByDay ?? []) as { potentialSettlementDate: string }[]).map((d) => d.potentialSettlementDate);
        if (JSON.stringify(dates) !== JSON.stringify(expected)) wrong.push(`${op}, ${today} to ${settleBy} (${what}): ${dates.join(', ')}`);
      }
      const made = await ratePsi(fdApi, 'GeneratePaymentSuccessIndicators', path, settleBy, 10);
      expect(made.status, `a run ${today} to ${settleBy}`).toBe(202);
      const run = await readPsiRun(fdApi, 'GetPaymentSuccessIndicators', { ...path, payRequestId: made.body.payRequestId }, false);
      const daily = (run.body.nsfReturnRisk?.result?.dailyResults ?? []).map(
        (d: { potentialSettlementDate: string }) => d.potentialSettlementDate,
      );
      if (JSON.stringify(daily) !== JSON.stringify(expected))
        wrong.push(`GetPaymentSuccessIndicators, ${today} to ${settleBy} (${what}): ${daily.join(', ')}`);
    }
    // Filed under the rule on the first reader that answered otherwise (each line names its reader).
    const first = wrong[0]?.split(',')[0];
    underRule(
      test.info(),
      'FD-PSI-DAYS',
      () => expect(wrong, 'the consecutive calendar days from today to the settle-by date').toEqual([]),
      first,
    );
  },
);

test(
  'an FCRA run reads back with 10 daily results for a settle-by date 9 days out @provider',
  rules('FD-PSI-DAYS'),
  async ({ fdApi, fd, linkedCustomer }) => {
    const path = { customerId: linkedCustomer.customerId, accountId: linkedCustomer.account('checking').id };
    const made = await ratePsi(fdApi, 'GenerateFcraPaymentSuccessIndicators', path, dateIn(fd.now(), 9), 10);
    expect(made.status).toBe(202);
    const run = await readPsiRun(fdApi, 'GetFcraPaymentSuccessIndicators', { ...path, payRequestId: made.body.payRequestId }, !fd.control);
    expect(run.body.nsfReturnRisk?.result?.dailyResults?.length).toBe(10);
  },
);

// provider 1.35.0 PaymentSuccessIndicatorWarningExample: code 2000 when the amount exceeds the balance.
for (const { op, path: where } of PSI_RATINGS.slice(2)) {
  test(
    `${op} warns with code 2000 for an amount above the available balance, not for one equal to it @provider`,
    rules(`FD-PSI-BALANCE-WARNING:accept@${where}`, `FD-PSI-BALANCE-WARNING:refuse@${where}`),
    async ({ fdApi, fd, linkedCustomer }) => {
      const path = { customerId: linkedCustomer.customerId, accountId: linkedCustomer.account('checking').id };
      const read = (settlementAmount: number) => ratePsi(fdApi, op, path, dateIn(fd.now(), 3), settlementAmount);
      const first = await read(0.01);
      expect(first.status).toBe(200);
      const balance = Number(first.body.availableBalance);
      const [equal, above] = [await read(balance), await read(Math.round((balance + 0.01) * 100) / 100)];
      expect(
        { equal: [equal.status, equal.body.code], above: [above.status, String(above.body.code)] },
        `amounts equal to the available balance ${balance} and above it`,
      ).toEqual({ equal: [200, undefined], above: [200, '2000'] });
    },
  );
}
