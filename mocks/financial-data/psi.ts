// Payment success indicators (seed 002, Endpoints - PSI): FCRA and non-FCRA runs (202, then the
// result by payRequestId) and the two legacy reads that rate a transaction at once. Reads the
// linked accounts through findAccount (a deleted account is gone here too); keeps its runs in
// state.ts (psi). Rules: schemas/financial-data/rules/psi.yaml.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { route, sendError, type FdContext, type Input } from './middleware.js';
import { DAY_S } from './portfolio.js';
import { findAccount, type Account, type PsiRun as Run } from './state.js';
import type { FdOperationId } from '../../helpers/contract/operations.js';

/** Account types PSI rates (assumption FD-PSI-ACCOUNT-TYPE: the deposit accounts an ACH debit draws on). */
const RATED_TYPES: Account['type'][] = ['checking', 'savings', 'moneyMarket'];

/** A stable number 0..100 from a text (FNV-1a): scores are deterministic per run and day. */
function score(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h % 101;
}
const isoDate = (epochS: number) => new Date(epochS * 1000).toISOString().slice(0, 10);
const epochOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000;
/** provider 1.35.0 NsfIndicator / ScoreIndicator: three values each (bands: this mock's choice). */
const riskOf = (s: number) => (s >= 70 ? 'Low Risk' : s >= 40 ? 'Medium Risk' : 'High Risk');
const settleOf = (s: number) => (s >= 70 ? 'Highly Likely to Settle' : s >= 40 ? 'Likely to Settle' : 'Less Likely to Settle');
/** Fault psi-indicator-bands-swapped: the two riskiest bands given each other's value (no longer a projection of the score). */
const swappedBands = (s: number, of: (s: number) => string) => (s >= 70 ? of(s) : of(s >= 40 ? 0 : 40));
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
  const { state: world, faults, clock } = ctx;
  const state = () => world.psi;
  const today = () => isoDate(clock.nowEpochSeconds());

  /** seed 002 Errors 406 (PSI): provider 1.35.0 example "Only 'application/json' is supported." */
  const acceptsJson = (reply: FastifyReply, read: boolean) => {
    if (faults.has('psi-accept-ignored') || (read && faults.has('psi-accept-ignored-on-reads'))) return true;
    const accept = String(reply.request.headers.accept ?? '').trim();
    if (!accept) return true;
    // i35-fd-psi-accept-with-parameters-406: a media range carrying parameters (charset, q) compared whole, so it names no known type.
    const ranges = accept
      .split(',')
      .map((r) => (faults.has('i35-fd-psi-accept-with-parameters-406') ? r : r.split(';')[0]).trim().toLowerCase());
    if (faults.has('psi-wildcard-accept-refused')) return ranges.includes('application/json');
    return ranges.some((r) => r === 'application/json' || r === 'application/*' || r === '*/*');
  };

  /** Required query parameters of the operation (the shared middleware checks only what is sent). */
  const missingQuery = (operationId: FdOperationId, query: Record<string, unknown>) => {
    const skip = (name: string) =>
      (name === 'settlementAmount' && faults.has('psi-legacy-amount-optional')) ||
      (name === 'purposeCode' && faults.has('psi-legacy-purpose-optional')) ||
      (name === 'purpose' && faults.has('psi-purpose-not-required'));
    return ctx.contract
      .operation(operationId)
      .parameters.find((p) => p.in === 'query' && p.required && query[p.name] === undefined && !skip(p.name))?.name;
  };

  /** The refusals every rating shares: the account, its type and status, the settle-by date. */
  const ratable = (account: Account, settleByDate: string, reply: FastifyReply, who: string): boolean => {
    const typeOk =
      RATED_TYPES.includes(account.type) ||
      faults.has('psi-any-account-type') ||
      (account.type === 'cd' && (faults.has('psi-cd-rated') || (who === 'fcra-generate' && faults.has('rt2-psi-fcra-generate-cd-rated'))));
    const savingsRefused = account.type === 'savings' && faults.has('psi-savings-refused');
    if (!typeOk || savingsRefused) {
      sendError(ctx, reply, 400, 'Bad request. (Account type not supported).');
      return false;
    }
    if (account.status !== 'active' && !faults.has('psi-pending-accepted')) {
      sendError(ctx, reply, 400, 'Only active accounts can be used, please use a different account');
      return false;
    }
    // provider 1.35.0 400 example: "settleByDate must not be in the past" (10006).
    // seeded-fam24-psi-legacy-fcra-settle-date-eastern-today: the FCRA legacy read's "today" is the US Eastern date (UTC-5).
    const easternToday = who === 'GetFCRAPaymentSuccessIndicator' && faults.has('seeded-fam24-psi-legacy-fcra-settle-date-eastern-today');
    const earliest = easternToday
      ? isoDate(clock.nowEpochSeconds() - 5 * 3600)
      : faults.has('psi-settle-date-one-day-grace')
        ? isoDate(epochOf(today()) - DAY_S)
        : faults.has('psi-today-refused') || (who === 'GetFCRAPaymentSuccessIndicator' && faults.has('rt2-psi-legacy-fcra-today-refused'))
          ? isoDate(epochOf(today()) + DAY_S)
          : today();
    if (settleByDate < earliest) {
      sendError(ctx, reply, 400, 'settleByDate must not be in the past');
      return false;
    }
    return true;
  };

  /**
   * provider 1.35.0 SettleByDate: 3 days (day0-day2) up to 2 days out, N+1 days for N = 3..8, 10
   * days from 9 days out; potential settlement dates from today on.
   */
  const days = (settleByDate: string, cap = 10) => {
    const out = Math.round((epochOf(settleByDate) - epochOf(today())) / DAY_S);
    let count = Math.min(cap, Math.max(3, out + 1));
    if (faults.has('psi-days-off-by-one') && out >= 3 && out <= 8) count = out;
    if (faults.has('psi-days-ten-always')) count = 10;
    // i20-psi-nine-days-out-nine-dates: a settle-by date nine days out gives nine dates (the step to ten taken one day late).
    if (faults.has('i20-psi-nine-days-out-nine-dates') && out === 9) count = 9;
    // i22-psi-two-days-out-four-dates: a settle-by date two days out gives four dates (the step taken a day early).
    if (faults.has('i22-psi-two-days-out-four-dates') && out === 2) count = 4;
    return Array.from({ length: count }, (_, i) => isoDate(epochOf(today()) + i * DAY_S));
  };
  const reasons = (key: string) => Object.fromEntries(REASONS.map((r) => [r, score(`${key}:${r}`)]));
  // rt2-psi-nonfcra-reasons-seven: the non-FCRA read-back leaves the last reason code out.
  const reasonsOf = (key: string, fcra: boolean) => {
    const all = reasons(key);
    if (!fcra && faults.has('rt2-psi-nonfcra-reasons-seven')) delete all.transactionAmount;
    return all;
  };

  const nextPayRequestId = () => `4764${String(++state().seq).padStart(14, '0')}`;

  const generate = (fcra: boolean) => (input: Input, reply: FastifyReply) => {
    const { path, query, body, partner } = input;
    if (!acceptsJson(reply, false)) return sendError(ctx, reply, 406, "Only 'application/json' is supported.");
    const account = findAccount(world, path.customerId, path.accountId, partner?.id);
    if (!account) return sendError(ctx, reply, 404, 'Customer or account not found');
    const frozenChecked = !faults.has('psi-freeze-ignored') && !(!fcra && faults.has('psi-freeze-fcra-only'));
    if (world.frozen.has(account.customerId) && frozenChecked)
      return sendError(ctx, reply, 403, 'An active security freeze for this customer exists.');
    // provider 1.35.0: purpose is optional in the contract; its 400 example 10100 refuses an FCRA
    // run without it (FD-PSI-PURPOSE-REQUIRED; the fault serves it).
    // i33-fd-psi-fcra-purpose-missing-406: the FCRA generation without its purpose answered 406, not 400.
    if (fcra && query.purpose === undefined && faults.has('i33-fd-psi-fcra-purpose-missing-406'))
      return sendError(ctx, reply, 406, 'Permissible Purpose Code is required');
    if (fcra && query.purpose === undefined && !faults.has('psi-purpose-not-required'))
      return sendError(ctx, reply, 400, 'Permissible Purpose Code is required');
    // i14-psi-settle-date-eastern-today: the non-FCRA generation takes "today" in US Eastern time (UTC-5), so after
    // midnight UTC a settle-by date of the Eastern day is judged as today.
    const settleBy =
      faults.has('i14-psi-settle-date-eastern-today') &&
      !fcra &&
      body.transaction.settleByDate >= isoDate(clock.nowEpochSeconds() - 5 * 3600)
        ? [body.transaction.settleByDate, today()].sort()[1]
        : body.transaction.settleByDate;
    // i19-psi-fcra-today-judged-in-sydney: the FCRA generation's "today" is the date in Sydney (UTC+10).
    if (
      fcra &&
      faults.has('i19-psi-fcra-today-judged-in-sydney') &&
      body.transaction.settleByDate < isoDate(clock.nowEpochSeconds() + 10 * 3600)
    )
      return sendError(ctx, reply, 400, 'settleByDate must not be in the past');
    if (!ratable(account, settleBy, reply, fcra ? 'fcra-generate' : 'generate')) return reply;
    // i36-fd-psi-rerun-overwrites-earlier-run: a second run of the same account and product reuses (and overwrites) the earlier run's payRequestId.
    const earlier = faults.has('i36-fd-psi-rerun-overwrites-earlier-run')
      ? [...state().runs.values()].find((r) => r.accountId === account.id && r.fcra === fcra)
      : undefined;
    const run: Run = {
      payRequestId: earlier?.payRequestId ?? nextPayRequestId(),
      fcra,
      customerId: account.customerId,
      accountId: account.id,
      // seeded-fam24-psi-fcra-request-date-in-sydney: the FCRA run's request date is the date in Sydney (UTC+10).
      requestDate:
        fcra && faults.has('seeded-fam24-psi-fcra-request-date-in-sydney') ? isoDate(clock.nowEpochSeconds() + 10 * 3600) : today(),
      transaction: { settleByDate: body.transaction.settleByDate, amount: body.transaction.amount },
      availableBalance: account.availableBalance,
      mfa: account.mfa,
    };
    state().runs.set(run.payRequestId, run);
    const ack = summary(run);
    // rt-psi-fcra-ack-amount-whole: the FCRA acknowledgement rounds the amount to whole dollars.
    // i29-fd-psi-ack-settle-by-date-day-early: the non-FCRA acknowledgement gives settleByDate a day early (a local midnight read in UTC).
    if (!fcra && faults.has('i29-fd-psi-ack-settle-by-date-day-early') && !Number.isNaN(Date.parse(ack.transaction.settleByDate)))
      ack.transaction.settleByDate = isoDate(Date.parse(ack.transaction.settleByDate) / 1000 - 86400);
    if (fcra && faults.has('rt-psi-fcra-ack-amount-whole')) ack.transaction.amount = Math.round(ack.transaction.amount);
    return reply.code(faults.has('psi-generate-200') ? 200 : 202).send({ ...ack, status: 'IN PROGRESS' });
  };

  const summary = (run: Run) => ({
    payRequestId: run.payRequestId,
    customerId: run.customerId,
    accountId: run.accountId,
    // i9-psi-read-request-date-is-today: the request date computed at read time.
    requestDate: faults.has('i9-psi-read-request-date-is-today') ? today() : run.requestDate,
    transaction: {
      ...run.transaction,
      amount: faults.has('psi-readback-amount-rounded') ? Math.round(run.transaction.amount) : run.transaction.amount,
    },
  });

  /** The run as read back: rated at once; the MFA account fails (provider 1.35.0 FAILURE example). */
  const result = (run: Run, includeReasons: boolean, fcra: boolean) => {
    if (faults.has('psi-stuck-in-progress')) return { ...summary(run), status: 'IN PROGRESS' };
    if (run.mfa && !faults.has('psi-mfa-success')) {
      const error = { code: 185, message: 'MFA Required' };
      return { ...summary(run), status: 'FAILURE', nsfReturnRisk: { error }, unauthorizedReturnRisk: { error } };
    }
    // rt2-psi-fcra-read-days-capped-nine: the FCRA read-back stops at nine dates.
    const cap = fcra && faults.has('rt2-psi-fcra-read-days-capped-nine') ? 9 : 10;
    const dailyResults = days(run.transaction.settleByDate, cap).map((date, i) => {
      const s = score(`${run.payRequestId}:nsf:${i}`);
      return {
        // i31-fd-psi-non-fcra-days-start-day-late: the non-FCRA results start the ten-day period the day after the settle-by date.
        potentialSettlementDate:
          !fcra && faults.has('i31-fd-psi-non-fcra-days-start-day-late') && !Number.isNaN(Date.parse(String(date)))
            ? new Date(Date.parse(String(date)) + 86_400_000).toISOString().slice(0, String(date).length)
            : date,
        score: s,
        indicator: faults.has('psi-indicator-bands-swapped') ? swappedBands(s, riskOf) : riskOf(s),
        ...(includeReasons ? { reasons: reasonsOf(`${run.payRequestId}:${i}`, fcra) } : {}),
      };
    });
    const unauthorized = score(`${run.payRequestId}:unauthorized`);
    return {
      ...summary(run),
      status: 'SUCCESS',
      nsfReturnRisk: { result: { availableBalance: run.availableBalance, dailyResults } },
      unauthorizedReturnRisk: {
        result: {
          score: unauthorized,
          indicator: faults.has('psi-indicator-bands-swapped') ? swappedBands(unauthorized, riskOf) : riskOf(unauthorized),
        },
      },
    };
  };

  const read =
    (fcra: boolean) =>
    ({ path, query, partner }: Input, reply: FastifyReply) => {
      if (!acceptsJson(reply, true)) return sendError(ctx, reply, 406, "Only 'application/json' is supported.");
      const account = findAccount(world, path.customerId, path.accountId, partner?.id);
      if (!account) return sendError(ctx, reply, 404, 'Customer or account not found');
      const run = state().runs.get(path.payRequestId);
      const ownerOk =
        run &&
        (faults.has('psi-run-owner-unchecked') ||
          (run.customerId === account.customerId &&
            (run.accountId === account.id ||
              faults.has('psi-run-account-unchecked') ||
              // rt-psi-read-other-account-non-fcra: the non-FCRA read checks the customer only.
              (!fcra && faults.has('rt-psi-read-other-account-non-fcra')) ||
              // i19-psi-fcra-read-through-sibling-account: the FCRA reader checks the customer only.
              (fcra && faults.has('i19-psi-fcra-read-through-sibling-account')))));
      const productOk = run && (run.fcra === fcra || faults.has('psi-products-shared'));
      if (!run || !ownerOk || !productOk) {
        if (!run && faults.has('psi-unknown-pay-request-400')) return sendError(ctx, reply, 400, 'payRequestId is invalid');
        return sendError(ctx, reply, 404, 'Pay request not found');
      }
      // provider 1.35.0 IncludeReasonsParameter: reasons only when true.
      const include =
        (faults.has('psi-reasons-always') ||
          query.include_reasons === true ||
          (faults.has('psi-reasons-flag-presence') && query.include_reasons !== undefined)) &&
        // Blind fault: the FCRA read never passes include_reasons on (no reasons there).
        !(fcra && faults.has('blind-psi-reasons-ignored-on-fcra'));
      const body = result(run, include, fcra);
      // Blind fault: the FCRA read-back gives the transaction amount in cents.
      if (fcra && faults.has('blind-psi-fcra-readback-amount-cents')) body.transaction.amount = Math.round(body.transaction.amount * 100);
      // i15-psi-fcra-read-settle-by-date-day-early: the FCRA read-back gives the settle-by date one day early (a local midnight read in UTC).
      if (fcra && faults.has('i15-psi-fcra-read-settle-by-date-day-early') && !Number.isNaN(Date.parse(body.transaction.settleByDate)))
        body.transaction.settleByDate = new Date(Date.parse(body.transaction.settleByDate) - 86_400_000).toISOString().slice(0, 10);
      // i27-psi-read-available-balance-cents: the non-FCRA read-back gives the available balance in cents.
      const nsf = (body as { nsfReturnRisk?: { result?: { availableBalance?: unknown } } }).nsfReturnRisk?.result;
      if (!fcra && faults.has('i27-psi-read-available-balance-cents') && nsf && typeof nsf.availableBalance === 'number')
        nsf.availableBalance = Math.round(nsf.availableBalance * 100);
      return reply.code(200).send(body);
    };

  /** The two legacy reads: rated at once, reasons always (provider 1.35.0 PaymentSuccessIndicator). */
  const legacy =
    (operationId: FdOperationId) =>
    ({ path, query, partner }: Input, reply: FastifyReply) => {
      const account = findAccount(world, path.customerId, path.accountId, partner?.id);
      if (!account) return sendError(ctx, reply, 404, 'Customer or account not found');
      const missing = missingQuery(operationId, query);
      if (missing) return sendError(ctx, reply, 400, `Missing parameter (${missing})`);
      // provider 1.35.0 GetFCRAPaymentSuccessIndicator, 400 example 12022: the FCRA rating needs the
      // customer's e-mail address (FD-PSI-LEGACY-FCRA-EMAIL).
      if (operationId === 'GetFCRAPaymentSuccessIndicator' && !world.customers.get(account.customerId)?.email)
        return reply.code(400).send({ code: 12022, message: 'The customer has no e-mail address, which an FCRA rating needs' });
      // provider 1.35.0: PayPurposeCodeParameter is an open string naming the code 1P; its 400
      // example 10005 refuses another code (FD-PSI-LEGACY-PURPOSE). The faults accept any code, or
      // any two-character one.
      const code =
        operationId === 'GetFCRAPaymentSuccessIndicator' && query.purposeCode !== undefined ? String(query.purposeCode) : undefined;
      if (
        code !== undefined &&
        code !== '1P' &&
        !faults.has('psi-legacy-purpose-any') &&
        !(faults.has('blind-psi-legacy-purpose-any-code') && /^[0-9A-Za-z]{2}$/.test(code))
      ) {
        return sendError(ctx, reply, 400, 'invalid purpose code');
      }
      // i9-psi-legacy-pending-account-rated: the non-FCRA legacy read rates an account that is not active.
      const pendingRated =
        operationId === 'GetPaymentSuccessIndicator' && faults.has('i9-psi-legacy-pending-account-rated') && account.status !== 'active';
      if (!ratable(pendingRated ? { ...account, status: 'active' } : account, query.settleByDate, reply, operationId)) return reply;
      // i14-psi-legacy-fcra-amount-truncated: the FCRA legacy read takes the settlement amount in whole dollars.
      const amount =
        operationId === 'GetFCRAPaymentSuccessIndicator' && faults.has('i14-psi-legacy-fcra-amount-truncated')
          ? Math.trunc(Number(query.settlementAmount ?? 0))
          : Number(query.settlementAmount ?? 0);
      const payReqId = nextPayRequestId();
      // Blind fault: the legacy reads start the potential settlement dates tomorrow, not today.
      const ratedDays = faults.has('blind-psi-legacy-days-from-tomorrow')
        ? days(query.settleByDate).map((d) => isoDate(epochOf(d) + DAY_S))
        : days(query.settleByDate);
      // seeded-fam24-psi-legacy-days-from-eastern-today: the non-FCRA legacy read counts its days from the US Eastern date (UTC-5).
      const legacyDays =
        operationId === 'GetPaymentSuccessIndicator' && faults.has('seeded-fam24-psi-legacy-days-from-eastern-today')
          ? ratedDays.map((_, i) => isoDate(epochOf(isoDate(clock.nowEpochSeconds() - 5 * 3600)) + i * DAY_S))
          : ratedDays;
      const indicatorsByDay = legacyDays.map((date, i) => {
        const s = score(`${payReqId}:composite:${i}`);
        return {
          potentialSettlementDate: date,
          compositeScore: s,
          scoreIndicator: faults.has('psi-indicator-bands-swapped') ? swappedBands(s, settleOf) : settleOf(s),
          reasons: reasons(`${payReqId}:${i}`),
        };
      });
      // provider 1.35.0 example: code 2000 "Successful Warning - settlement amount exceeds available balance".
      // Blind fault 'blind-psi-warning-against-cleared-balance': compared with the cleared balance, not the available one.
      const limitBalance = faults.has('blind-psi-warning-against-cleared-balance') ? account.balance : account.availableBalance;
      // rt2-psi-legacy-nonfcra-warning-at-equal: the non-FCRA legacy read warns at an equal amount too.
      const atEqual =
        faults.has('psi-warning-at-equal') ||
        (operationId === 'GetPaymentSuccessIndicator' && faults.has('rt2-psi-legacy-nonfcra-warning-at-equal'));
      const exceeds = atEqual ? amount >= account.availableBalance : amount > limitBalance;
      // i9-psi-legacy-warning-fcra-only: the non-FCRA legacy read gives no warning.
      const warningDropped = operationId === 'GetPaymentSuccessIndicator' && faults.has('i9-psi-legacy-warning-fcra-only');
      const warning =
        exceeds && !faults.has('psi-warning-never') && !warningDropped
          ? {
              // i37-fd-psi-legacy-warning-code-number: the legacy warning's code given as a number, not the string the provider declares.
              code: faults.has('i37-fd-psi-legacy-warning-code-number') ? 2000 : '2000',
              message: 'Successful Warning - settlement amount exceeds available balance',
            }
          : {};
      return reply.code(200).send({
        ...warning,
        customerId: account.customerId,
        accountId: account.id,
        payReqId,
        settleByDate: query.settleByDate,
        settlementAmount: amount,
        // i34-fd-psi-legacy-fcra-balance-in-cents: the legacy FCRA read answers the available balance in cents.
        availableBalance:
          operationId === 'GetFCRAPaymentSuccessIndicator' && faults.has('i34-fd-psi-legacy-fcra-balance-in-cents')
            ? Math.round(account.availableBalance * 100)
            : account.availableBalance,
        indicatorsByDay,
      });
    };

  route(app, ctx, 'GenerateFcraPaymentSuccessIndicators', generate(true));
  route(app, ctx, 'GeneratePaymentSuccessIndicators', generate(false));
  route(app, ctx, 'GetFcraPaymentSuccessIndicators', read(true));
  route(app, ctx, 'GetPaymentSuccessIndicators', read(false));
  route(app, ctx, 'GetFCRAPaymentSuccessIndicator', legacy('GetFCRAPaymentSuccessIndicator'));
  route(app, ctx, 'GetPaymentSuccessIndicator', legacy('GetPaymentSuccessIndicator'));
}
