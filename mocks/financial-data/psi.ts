// Payment success indicators (seed 002, Endpoints - PSI; rules: schemas/financial-data/rules/psi.yaml): FCRA and non-FCRA runs (202,
// then the result by payRequestId) and the two legacy reads that rate at once. Accounts through findAccount: a deleted one is gone.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { answerThrough, judgeThrough, route, sendError, type FdContext, type Input } from './middleware.js';
import { findAccount, transactionsOfAccounts, type Account, type PsiRun as Run } from './state.js';
import type { FdOperationId } from '../../helpers/contract/operations.js';
import {
  DAY_S,
  epochOf,
  isoDate,
  riskOf,
  settleOf,
  type Answer,
  type Exchange,
  type PsiSeams,
  type Refusal,
  type Step,
} from './psi.records.js';

/** Account types PSI rates (assumption FD-PSI-ACCOUNT-TYPE: the deposit accounts an ACH debit draws on). */
const RATED_TYPES: Account['type'][] = ['checking', 'savings', 'moneyMarket'];

/** A stable number 0..100 from a text (FNV-1a): scores are deterministic per run and day. */
function score(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h % 101;
}
const REASONS = [
  'recentBalance',
  'balanceHistory',
  'nsfHistory',
  'recentNsfHistory',
  'recurringNsf',
  'spendHistory',
  'depositHistory',
  'transactionAmount',
];

export function registerPsi(app: FastifyInstance, ctx: FdContext) {
  const { state: world, clock } = ctx;
  const seams = ctx.faults.seams<PsiSeams>('psi');
  const state = () => world.psi;

  const exchange = (op: FdOperationId, input: Input, reply: FastifyReply, fcra: boolean): Exchange => {
    const nowS = clock.nowEpochSeconds();
    return { op, input, world, nowS, today: isoDate(nowS), fcra, accept: String(reply.request.headers.accept ?? '') };
  };

  const judge: Record<Step, (x: Exchange) => Refusal | undefined> = {
    // seed 002 Errors 406 (PSI): provider 1.35.0 "Only 'application/json' is supported."; ranges without parameters (RFC 9110 12.5.1).
    accept: (x) => {
      const ranges = x.accept
        .split(',')
        .map((r) => r.split(';')[0].trim().toLowerCase())
        .filter(Boolean);
      const admits = !ranges.length || ranges.some((r) => r === 'application/json' || r === 'application/*' || r === '*/*');
      return admits ? undefined : { status: 406, message: "Only 'application/json' is supported." };
    },
    account: (x) => {
      x.account = findAccount(world, x.input.path.customerId, x.input.path.accountId, x.input.partner?.id);
      return x.account ? undefined : { status: 404, message: 'Customer or account not found' };
    },
    // provider 1.35.0 ForbiddenErrorResponse (10405): a customer under an active security freeze.
    freeze: (x) =>
      world.frozen.has(x.account!.customerId) ? { status: 403, message: 'An active security freeze for this customer exists.' } : undefined,
    // provider 1.35.0: purpose is optional in the contract; its 400 example 10100 refuses an FCRA run without it.
    purpose: (x) =>
      x.fcra && x.input.query.purpose === undefined ? { status: 400, message: 'Permissible Purpose Code is required' } : undefined,
    // The legacy reads' required query parameters (the shared middleware checks only what is sent).
    required: (x) => {
      const missing = ctx.contract
        .operation(x.op)
        .parameters.find((p) => p.in === 'query' && p.required && x.input.query[p.name] === undefined)?.name;
      return missing ? { status: 400, message: `Missing parameter (${missing})` } : undefined;
    },
    // provider 1.35.0 GetPaymentSuccessIndicatorFcraBadRequestResponse, 400 example 12022: needs the e-mail (FD-PSI-LEGACY-FCRA-EMAIL).
    email: (x) =>
      x.fcra && !world.customers.get(x.account!.customerId)?.email
        ? { status: 400, code: 12022, message: 'The customer has no e-mail address, which an FCRA rating needs' }
        : undefined,
    // provider 1.35.0: PayPurposeCodeParameter is an open string naming the code 1P; its 400 example 10005 refuses another.
    'purpose-code': (x) =>
      x.fcra && x.input.query.purposeCode !== undefined && String(x.input.query.purposeCode) !== '1P'
        ? { status: 400, message: 'invalid purpose code' }
        : undefined,
    type: (x) =>
      RATED_TYPES.includes(x.account!.type) ? undefined : { status: 400, message: 'Bad request. (Account type not supported).' },
    // provider 1.35.0 400 example 10013.
    active: (x) =>
      x.account!.status === 'active'
        ? undefined
        : { status: 400, message: 'Only active accounts can be used, please use a different account' },
    // provider 1.35.0 400 example 10006: "settleByDate must not be in the past" (today is day0).
    'settle-date': (x) => (x.settleBy! < x.today ? { status: 400, message: 'settleByDate must not be in the past' } : undefined),
    // provider 1.35.0 Get(Fcra)PaymentSuccessIndicatorBadRequestResponse, 400 example 10008: an account without transactions.
    transactions: (x) =>
      transactionsOfAccounts(world, [x.account!.id]).length
        ? undefined
        : { status: 400, code: 10008, message: 'account has no transactions' },
    run: (x) => {
      x.run = state().runs.get(x.input.path.payRequestId);
      return x.run ? undefined : { status: 404, message: 'Pay request not found' };
    },
    // seed 002 Errors 404: a run is read through its own customer and account only.
    owner: (x) =>
      x.run!.customerId === x.account!.customerId && x.run!.accountId === x.account!.id
        ? undefined
        : { status: 404, message: 'Pay request not found' },
    // assumption FD-PSI-PRODUCT-SEPARATE: an FCRA run is not read as a non-FCRA one, nor back.
    product: (x) => (x.run!.fcra === x.fcra ? undefined : { status: 404, message: 'Pay request not found' }),
  };
  const judged = judgeThrough(seams, judge);
  const send = answerThrough<Exchange, Answer>(seams);
  /** Judges `steps`; a refusal is answered. True when answered. */
  const refused = (x: Exchange, reply: FastifyReply, steps: Step[]): boolean => {
    const r = judged(x, steps);
    if (r) sendError(ctx, reply, r.status, r.message, r.code);
    return r !== undefined;
  };
  /** The refusals every rating shares: the account's type and status, the settle-by date. */
  const RATABLE: Step[] = ['type', 'active', 'settle-date'];

  /** provider 1.35.0 SettleByDate: 3 days (day0-day2) up to 2 days out, N+1 for N = 3..8, 10 from 9 out; dates from today on. */
  const days = (x: Exchange, settleByDate: string) => {
    const out = Math.round((epochOf(settleByDate) - epochOf(x.today)) / DAY_S);
    const dates = Array.from({ length: Math.min(10, Math.max(3, out + 1)) }, (_, i) => isoDate(epochOf(x.today) + i * DAY_S));
    const change = seams.state(x, { kind: 'days', dates });
    return change.kind === 'days' ? change.dates : dates;
  };
  const reasons = (key: string) => Object.fromEntries(REASONS.map((r) => [r, score(`${key}:${r}`)]));
  const nextPayRequestId = () => `4764${String(++state().seq).padStart(14, '0')}`;

  const generate = (fcra: boolean) => (input: Input, reply: FastifyReply) => {
    const op = fcra ? 'GenerateFcraPaymentSuccessIndicators' : 'GeneratePaymentSuccessIndicators';
    const x = exchange(op, input, reply, fcra);
    x.settleBy = input.body.transaction.settleByDate;
    if (refused(x, reply, ['accept', 'account', 'freeze', 'purpose', ...RATABLE])) return reply;
    const account = x.account!;
    const made: Run = {
      payRequestId: nextPayRequestId(),
      fcra,
      customerId: account.customerId,
      accountId: account.id,
      requestDate: x.today,
      transaction: { settleByDate: input.body.transaction.settleByDate, amount: input.body.transaction.amount },
      availableBalance: account.availableBalance,
      mfa: account.mfa,
    };
    const change = seams.state(x, { kind: 'run', run: made });
    const run = change.kind === 'run' ? change.run : made;
    state().runs.set(run.payRequestId, run);
    return send(x, reply, { status: 202, body: { ...summary(run), status: 'IN PROGRESS' } });
  };

  const summary = (run: Run) => ({
    payRequestId: run.payRequestId,
    customerId: run.customerId,
    accountId: run.accountId,
    requestDate: run.requestDate,
    transaction: { ...run.transaction },
  });

  /** The run as read back: rated at once; the MFA account fails (provider 1.35.0 FAILURE example). */
  const result = (x: Exchange, run: Run, includeReasons: boolean) => {
    const outcome = seams.state(x, { kind: 'outcome', status: run.mfa ? 'FAILURE' : 'SUCCESS' });
    const status = outcome.kind === 'outcome' ? outcome.status : 'SUCCESS';
    if (status === 'IN PROGRESS') return { ...summary(run), status };
    if (status === 'FAILURE') {
      const error = { code: 185, message: 'MFA Required' };
      return { ...summary(run), status, nsfReturnRisk: { error }, unauthorizedReturnRisk: { error } };
    }
    const dailyResults = days(x, run.transaction.settleByDate).map((date, i) => {
      const s = score(`${run.payRequestId}:nsf:${i}`);
      return {
        potentialSettlementDate: date,
        score: s,
        indicator: riskOf(s),
        ...(includeReasons ? { reasons: reasons(`${run.payRequestId}:${i}`) } : {}),
      };
    });
    const unauthorized = score(`${run.payRequestId}:unauthorized`);
    return {
      ...summary(run),
      status,
      nsfReturnRisk: { result: { availableBalance: run.availableBalance, dailyResults } },
      unauthorizedReturnRisk: { result: { score: unauthorized, indicator: riskOf(unauthorized) } },
    };
  };

  const read = (fcra: boolean) => (input: Input, reply: FastifyReply) => {
    const x = exchange(fcra ? 'GetFcraPaymentSuccessIndicators' : 'GetPaymentSuccessIndicators', input, reply, fcra);
    if (refused(x, reply, ['accept', 'account', 'run', 'owner', 'product'])) return reply;
    // provider 1.35.0 IncludeReasonsParameter: reasons only when true.
    const reasonsChange = seams.state(x, { kind: 'reasons', include: input.query.include_reasons === true });
    const include = reasonsChange.kind === 'reasons' && reasonsChange.include;
    return send(x, reply, { status: 200, body: result(x, x.run!, include) });
  };

  /** The two legacy reads: rated at once, reasons always (provider 1.35.0 PaymentSuccessIndicator). */
  const legacy = (op: FdOperationId, fcra: boolean) => (input: Input, reply: FastifyReply) => {
    const { query } = input;
    const x = exchange(op, input, reply, fcra);
    x.settleBy = query.settleByDate;
    if (refused(x, reply, ['account', 'required', 'email', 'purpose-code', ...RATABLE, 'transactions'])) return reply;
    const account = x.account!;
    // provider 1.35.0 example: code 2000 "Successful Warning - settlement amount exceeds available balance".
    const asked = Number(query.settlementAmount ?? 0);
    const taken = seams.state(x, { kind: 'warning', amount: asked, warn: asked > account.availableBalance });
    const { amount, warn } = taken.kind === 'warning' ? taken : { amount: asked, warn: false };
    const payReqId = nextPayRequestId();
    const indicatorsByDay = days(x, query.settleByDate).map((date, i) => {
      const s = score(`${payReqId}:composite:${i}`);
      return { potentialSettlementDate: date, compositeScore: s, scoreIndicator: settleOf(s), reasons: reasons(`${payReqId}:${i}`) };
    });
    return send(x, reply, {
      status: 200,
      body: {
        ...(warn ? { code: '2000', message: 'Successful Warning - settlement amount exceeds available balance' } : {}),
        customerId: account.customerId,
        accountId: account.id,
        payReqId,
        settleByDate: query.settleByDate,
        settlementAmount: amount,
        availableBalance: account.availableBalance,
        indicatorsByDay,
      },
    });
  };

  route(app, ctx, 'GenerateFcraPaymentSuccessIndicators', generate(true));
  route(app, ctx, 'GeneratePaymentSuccessIndicators', generate(false));
  route(app, ctx, 'GetFcraPaymentSuccessIndicators', read(true));
  route(app, ctx, 'GetPaymentSuccessIndicators', read(false));
  route(app, ctx, 'GetFCRAPaymentSuccessIndicator', legacy('GetFCRAPaymentSuccessIndicator', true));
  route(app, ctx, 'GetPaymentSuccessIndicator', legacy('GetPaymentSuccessIndicator', false));
}
