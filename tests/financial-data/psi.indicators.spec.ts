// Covers: PSI indicators against their scores - provider 1.35.0 NsfIndicator ("`indicator` conveys the
// `score`"; "a higher score indicates a higher likelihood of settlement"), the unauthorized return risk
// result, ScoreIndicator ("`scoreIndicator` conveys the `compositeScore`") and CompositeScore, on the PSI
// and FCRA reads and the two legacy reads. The bands are the target's: the same score the same indicator,
// a higher score never a riskier one.
import { expect, rules, test } from '../../fixtures/financial-data.js';
import { dateIn, PSI_RATINGS, ratePsi, readPsiRun } from './psi.known.js';

/** Each projection's values, from the riskiest to the safest (provider 1.35.0, the order of its words). */
const RISK = ['High Risk', 'Medium Risk', 'Low Risk'];
const SETTLE = ['Less Likely to Settle', 'Likely to Settle', 'Highly Likely to Settle'];
/** Runs and legacy reads per check: enough 10-day answers that every band of a 0..100 score is met. */
const RUNS = 6;

/** The pairs that break a projection: an unknown value, one score two values, or a higher score a riskier value. */
function projectionProblems(pairs: { score: number; value: string; where: string }[], order: string[]): string[] {
  const problems = pairs
    .filter((p) => !order.includes(p.value))
    .map((p) => `${p.where}: ${JSON.stringify(p.value)} is none of ${order.join(', ')}`);
  const known = pairs.filter((p) => order.includes(p.value)).sort((a, b) => a.score - b.score);
  for (let i = 1; i < known.length; i++) {
    const [low, high] = [known[i - 1], known[i]];
    const [a, b] = [order.indexOf(low.value), order.indexOf(high.value)];
    if (low.score === high.score ? a !== b : b < a)
      problems.push(`score ${low.score} is "${low.value}" (${low.where}) but score ${high.score} is "${high.value}" (${high.where})`);
  }
  return problems;
}

for (const { generate, get, where } of [
  { generate: 'GeneratePaymentSuccessIndicators', get: 'GetPaymentSuccessIndicators', where: 'psi-get' },
  { generate: 'GenerateFcraPaymentSuccessIndicators', get: 'GetFcraPaymentSuccessIndicators', where: 'psi-get-fcra' },
] as const) {
  test(
    `${get}: each indicator conveys its score (the same score the same indicator, a higher score never a riskier one) @provider`,
    rules(`FD-PSI-INDICATOR@${where}`),
    async ({ fdApi, fd, linkedCustomer }) => {
      const accounts = ['checking', 'savings'].map((type) => linkedCustomer.account(type as 'checking').id);
      const nsf: { score: number; value: string; where: string }[] = [];
      const unauthorized: { score: number; value: string; where: string }[] = [];
      for (let n = 0; n < RUNS; n++) {
        const path = { customerId: linkedCustomer.customerId, accountId: accounts[n % accounts.length] };
        // ratePsi: the FCRA generation with the permissible purpose 1P.
        const made = await ratePsi(fdApi, generate, path, dateIn(fd.now(), 9 + n), 10 + n);
        expect(made.status, `${generate} run ${n + 1}`).toBe(202);
        const run = await readPsiRun(fdApi, get, { ...path, payRequestId: made.body.payRequestId }, !fd.control);
        expect(run.body.status, `run ${made.body.payRequestId} rated`).toBe('SUCCESS');
        for (const d of run.body.nsfReturnRisk?.result?.dailyResults ?? [])
          nsf.push({ score: d.score, value: d.indicator, where: `run ${n + 1} ${d.potentialSettlementDate}` });
        const u = run.body.unauthorizedReturnRisk?.result;
        if (u?.score !== undefined) unauthorized.push({ score: u.score, value: u.indicator, where: `run ${n + 1} unauthorized` });
      }
      expect(nsf.length, 'daily results read').toBeGreaterThan(0);
      expect(projectionProblems(nsf, RISK), 'nsfReturnRisk: indicator conveys score').toEqual([]);
      expect(projectionProblems(unauthorized, RISK), 'unauthorizedReturnRisk: indicator conveys score').toEqual([]);
    },
  );
}

// The two legacy reads (ratePsi: the FCRA one with the purpose code 1P).
for (const { op, path: where } of PSI_RATINGS.slice(2)) {
  test(
    `${op}: each scoreIndicator conveys its compositeScore (the same score the same indicator, a higher score never less likely to settle) @provider`,
    rules(`FD-PSI-INDICATOR@${where}`),
    async ({ fdApi, fd, linkedCustomer }) => {
      const path = { customerId: linkedCustomer.customerId, accountId: linkedCustomer.account('checking').id };
      const pairs: { score: number; value: string; where: string }[] = [];
      for (let n = 0; n < RUNS; n++) {
        const res = await ratePsi(fdApi, op, path, dateIn(fd.now(), 9 + n), 10 + n);
        expect(res.status, `${op} read ${n + 1}`).toBe(200);
        for (const d of res.body.indicatorsByDay ?? [])
          pairs.push({ score: d.compositeScore, value: d.scoreIndicator, where: `read ${n + 1} ${d.potentialSettlementDate}` });
      }
      expect(pairs.length, 'indicators read').toBeGreaterThan(0);
      expect(projectionProblems(pairs, SETTLE), 'scoreIndicator conveys compositeScore').toEqual([]);
    },
  );
}
