// The four PSI rating operations (seed 002, PSI; provider 1.35.0: the FCRA and non-FCRA generations
// and the two legacy reads), each called the same way for a settle-by date and an amount: the request
// specs and the day-boundary spec rate through this one table.
import { setUpFailed, type OperationClient } from '../../fixtures/financial-data.js';
import { awaitTarget } from '../../helpers/client/guest/time-budget.js';

/** The date `days` from the instant `nowMs` (UTC), as the settle-by date reads it. */
export const dateIn = (nowMs: number, days: number) => new Date(nowMs + days * 86_400_000).toISOString().slice(0, 10);
/** `n` consecutive dates from the date `from`. */
export const consecutive = (from: string, n: number) => Array.from({ length: n }, (_, i) => dateIn(Date.parse(`${from}T00:00:00Z`), i));
/** The generation of the FCRA product or the other (provider 1.35.0). */
export const generateOp = (fcra: boolean) => (fcra ? 'GenerateFcraPaymentSuccessIndicators' : 'GeneratePaymentSuccessIndicators');

/** The answer's members of these names (a read-back compared with what was sent). */
export const fieldsOf = (body: any, keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, body?.[k]]));

/** One rating of each PSI operation: its rule path (psi.yaml), its id and the status that accepts it. */
export const PSI_RATINGS = [
  { path: 'psi-generate-fcra', op: 'GenerateFcraPaymentSuccessIndicators', ok: 202 },
  { path: 'psi-generate', op: 'GeneratePaymentSuccessIndicators', ok: 202 },
  { path: 'psi-legacy-fcra', op: 'GetFCRAPaymentSuccessIndicator', ok: 200 },
  { path: 'psi-legacy', op: 'GetPaymentSuccessIndicator', ok: 200 },
] as const;

/** Reads a PSI run until it leaves IN PROGRESS (at once on the mock; polled 3 s apart on a sandbox). */
export async function readPsiRun(
  fdApi: OperationClient,
  op: 'GetFcraPaymentSuccessIndicators' | 'GetPaymentSuccessIndicators',
  path: Record<string, string>,
  sandbox = false,
  query: Record<string, string | boolean> = {},
) {
  let res = await fdApi.call(op, { path, query });
  for (let i = 0; i < 10 && res.status === 200 && res.body.status === 'IN PROGRESS'; i++) {
    if (sandbox) await awaitTarget(3000);
    res = await fdApi.call(op, { path, query });
  }
  // A run that never completes is the read-back's failure (seed 002, PSI), judged once there: a check reading its result is
  // not judged after it, never a failure of the result's own rules.
  if (res.status === 200 && res.body.status === 'IN PROGRESS')
    setUpFailed('the run it reads to completion', 'FD-PSI-READ-BACK', op, 'still IN PROGRESS after 11 reads');
  return res;
}

/** Rates an account through `op` for a settle-by date and an amount (the FCRA variants with purpose 1P). */
export function ratePsi(
  fdApi: OperationClient,
  op: (typeof PSI_RATINGS)[number]['op'],
  path: { customerId: string; accountId: string },
  settleByDate: string,
  amount = 25,
  headers?: Record<string, string>,
) {
  switch (op) {
    case 'GenerateFcraPaymentSuccessIndicators':
      return fdApi.call(op, { path, query: { purpose: '1P' }, body: { transaction: { settleByDate, amount } }, headers });
    case 'GeneratePaymentSuccessIndicators':
      return fdApi.call(op, { path, body: { transaction: { settleByDate, amount } }, headers });
    case 'GetFCRAPaymentSuccessIndicator':
      return fdApi.call(op, { path, query: { settlementAmount: amount, settleByDate, purposeCode: '1P' } });
    default:
      return fdApi.call(op, { path, query: { settlementAmount: amount, settleByDate } });
  }
}
