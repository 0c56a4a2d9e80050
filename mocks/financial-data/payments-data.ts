// Payments data (seed 002, Endpoints - Payments data): account owner v1 (203 on an MFA account) and
// v3, ACH details v1 and v3 (real-time payment flags), loan payment details, available balance live
// (balance_cache_interval) and cached (deprecated), the payment enablement bundle by login and by
// account (include), and owner match (scores 0..100, 408 on a slow institution). Reads the linked
// accounts (state.ts) through findAccount / findLogin; a balance refresh changes the account's
// balance and balanceDate there, so every reader (accounts module included) sees it.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { route, sendError, type FdContext, type Input } from './middleware.js';
import {
  accountsOfLogin,
  findAccount,
  findCustomer,
  findLogin,
  linkedData,
  type Account,
  type AccountType,
  type Customer,
  type CustomerAccountsSeams,
} from './state.js';

// seed 002, Payments data: supported account types per operation (cd is certificateOfDeposit).
export const ACH_TYPES: AccountType[] = ['checking', 'savings', 'moneyMarket', 'cd'];
export const DETAILS_V3_TYPES: AccountType[] = ['checking', 'savings', 'moneyMarket'];
export const BALANCE_TYPES: AccountType[] = ['checking', 'savings', 'moneyMarket', 'cd'];
// provider 1.35.0: loan details serve "a loan-type account"; its AccountType describes mortgage,
// loan and studentLoan as loans (lineOfCredit is a credit line: refused here, checked nowhere).
export const LOAN_TYPES: AccountType[] = ['mortgage', 'loan', 'studentLoan'];
/**
 * Mock world: Harbor Savings Bank (the legacy login's institution) never answers holder-data
 * requests in time, so owner match on its account is a 408 (seed 002, Errors - 408). The only
 * fault-free way to a 408; no other operation is affected.
 */
export const SLOW_HOLDER_DATA_INSTITUTION = '170778';
/** provider 1.35.0 PebAllowedBalanceCacheInterval: default 30 minutes. */
const PEB_DEFAULT_INTERVAL_MIN = 30;
const PEB_SECTIONS = ['balanceDetails', 'paymentInstruction', 'accountIdentity'] as const;
type PebSection = (typeof PEB_SECTIONS)[number];

const NOT_SUPPORTED = 'Bad request. (Account type not supported).';
const iso = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString();
const round2 = (n: number) => Math.round(n * 100) / 100;

/** Real-time payment capabilities of the mock world, per account type (seed 002: per real-time payment type). */
function realTimeFlags(account: Account): { type: 'rtp' | 'fedNow'; transferInEnabled: boolean; transferOutEnabled: boolean }[] {
  if (account.institutionId === SLOW_HOLDER_DATA_INSTITUTION) return []; // the legacy bank offers no instant payments
  switch (account.type) {
    case 'checking':
      return [
        { type: 'rtp', transferInEnabled: true, transferOutEnabled: true },
        { type: 'fedNow', transferInEnabled: true, transferOutEnabled: true },
      ];
    case 'savings':
      return [
        { type: 'rtp', transferInEnabled: true, transferOutEnabled: false },
        { type: 'fedNow', transferInEnabled: true, transferOutEnabled: false },
      ];
    case 'moneyMarket':
      return [{ type: 'rtp', transferInEnabled: true, transferOutEnabled: false }];
    default:
      return [];
  }
}

/** The account holder: the customer the account was linked for (names, e-mail, phone), at a derived address. */
function holderOf(customer: Customer | undefined, account: Account) {
  const firstName = customer?.firstName ?? '';
  const lastName = customer?.lastName ?? '';
  const ownerName = [firstName, lastName].filter(Boolean).join(' ') || (customer?.username ?? 'Account Holder');
  const n = Number(account.customerId.slice(-3)) || 1;
  const address = { line1: `${100 + (n % 900)} Main Street`, city: 'Springfield', state: 'IL', postalCode: '62701', country: 'USA' };
  return {
    firstName,
    lastName,
    ownerName,
    address,
    ownerAddress: `${address.line1} ${address.city} ${address.state} ${address.postalCode}`,
    email: customer?.email,
    phone: customer?.phone,
  };
}

/** Edit-distance similarity 0..100 of two values (case and spacing ignored): 100 equal, 0 nothing in common. */
export function similarity(a: string, b: string): number {
  const x = a.trim().toLowerCase().replace(/\s+/g, ' ');
  const y = b.trim().toLowerCase().replace(/\s+/g, ' ');
  if (x === y) return 100;
  if (!x.length || !y.length) return 0;
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    for (let j = 1; j <= y.length; j++) row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1));
    prev = row;
  }
  return Math.max(0, Math.min(100, Math.round(100 * (1 - prev[y.length] / Math.max(x.length, y.length)))));
}

export function registerPaymentsData(app: FastifyInstance, ctx: FdContext) {
  const { state: world, faults, clock } = ctx;
  /** Fault 'payments-data-cached-stale-copy': the cached variant's own copy of the balances, never updated by a refresh. */
  const staleCopy = (account: Account) => {
    const copies = world.faultMemory.staleBalances;
    if (!copies.has(account.id))
      copies.set(account.id, { balance: account.balance, availableBalance: account.availableBalance, balanceDate: account.balanceDate });
    return copies.get(account.id)!;
  };
  const nowS = () => clock.nowEpochSeconds();
  // savings-account-any-customer: a savings account is found by its id among every customer of the partner.
  const accountOf = ({ path, partner }: Input) => {
    const own = findAccount(world, path.customerId, path.accountId, partner?.id);
    if (own || !faults.has('savings-account-any-customer')) return own;
    const account = world.accounts.get(path.accountId);
    const customer = world.customers.get(String(path.customerId));
    return account?.type === 'savings' && customer && world.customers.get(account.customerId)?.partnerId === customer.partnerId
      ? account
      : undefined;
  };
  const customerOf = (account: Account) => world.customers.get(account.customerId);
  const unsupported = (reply: FastifyReply) => sendError(ctx, reply, 400, NOT_SUPPORTED);

  /** Reads the balance from the institution: balanceDate moves to now, the balance moves by a deterministic amount. */
  const refresh = (account: Account) => {
    const now = nowS();
    if (account.balanceDate === now) return;
    const delta = ((now % 997) - 498) / 100;
    account.balance = Math.max(0, round2(account.balance + delta));
    account.availableBalance = round2(account.balance * 0.9);
    account.balanceDate = now;
  };
  /**
   * provider 1.35.0 (balance_cache_interval, minutes): a cached balance older than the interval is
   * refreshed, one within it is served; 0 refreshes.
   */
  const applyCache = (account: Account, intervalMin: number, path: 'live' | 'peb', defaulted = false) => {
    if (path === 'live' && faults.has('payments-data-cache-never-refreshed') && intervalMin > 0) return;
    if (path === 'peb' && faults.has('payments-data-peb-cache-ignored')) return refresh(account);
    // seeded-fam27b-pay-peb-day-interval-never-refreshes: the bundle's largest interval taken as "never refresh".
    if (path === 'peb' && faults.has('seeded-fam27b-pay-peb-day-interval-never-refreshes') && intervalMin === 1440) return;
    // Fault: the interval read as seconds (a wrong unit).
    // i31-fd-pay-live-cache-interval-hours: the live read takes balance_cache_interval in hours, not minutes.
    const windowS = faults.has('payments-data-cache-interval-seconds')
      ? intervalMin
      : path === 'live' && faults.has('i31-fd-pay-live-cache-interval-hours')
        ? intervalMin * 3600
        : intervalMin * 60;
    // Fault: 0 (or no interval) taken as "no limit", so the cached balance is always served.
    if (intervalMin === 0) return path === 'live' && faults.has('payments-data-live-zero-cached') ? undefined : refresh(account);
    // Blind fault: the bundle counts the balance's age in whole minutes (a balance one second past the interval is still served).
    const age =
      path === 'peb' && faults.has('blind-payments-data-peb-cache-age-whole-minutes')
        ? Math.floor((nowS() - account.balanceDate) / 60) * 60
        : // i6-pay-live-cache-age-from-minute-start: the live read dates the balance at the start of its minute.
          path === 'live' && faults.has('i6-pay-live-cache-age-from-minute-start')
          ? nowS() - Math.floor(account.balanceDate / 60) * 60
          : nowS() - account.balanceDate;
    // i14-pay-live-cache-interval-inclusive: the live read refreshes a balance exactly as old as the interval.
    // seeded-pay-peb-cache-interval-inclusive: the same on the bundle.
    const inclusive =
      (path === 'live' && faults.has('i14-pay-live-cache-interval-inclusive')) ||
      (path === 'peb' && faults.has('seeded-pay-peb-cache-interval-inclusive')) ||
      // seeded-pay-peb-default-interval-inclusive: the same on the bundle's default interval only.
      (path === 'peb' && defaulted && faults.has('seeded-pay-peb-default-interval-inclusive'));
    const expired = inclusive ? age >= windowS : age > windowS;
    if (expired || (path === 'live' && faults.has('payments-data-cache-interval-ignored'))) refresh(account);
  };
  const balanceView = (account: Account, cachedVariant = false) => {
    const b = cachedVariant && faults.has('payments-data-cached-stale-copy') ? staleCopy(account) : account;
    // rt-pay-cached-balance-last4-first-four: the cached variant shows the first four characters.
    const last4 = faults.has('payments-data-balance-full-number')
      ? account.number
      : cachedVariant && faults.has('rt-pay-cached-balance-last4-first-four')
        ? account.number.slice(0, 4)
        : account.number.slice(-4);
    const date = faults.has('payments-data-balance-date-ms')
      ? b.balanceDate * 1000
      : // Blind fault: the cached variant dates its balances at the time of the response, not of the last read.
        cachedVariant && faults.has('blind-payments-data-cached-date-now')
        ? nowS()
        : b.balanceDate;
    return {
      id: Number(account.id),
      realAccountNumberLast4: last4,
      availableBalance: b.availableBalance,
      availableBalanceDate: date,
      clearedBalance: b.balance,
      clearedBalanceDate: date,
      aggregationStatusCode: 0,
      currency: account.currency,
    };
  };
  const ownerHolder = (account: Account, insights: boolean, upper = false) => {
    const held = holderOf(customerOf(account), account);
    // i4-pay-owner-v3-name-uppercased: the v3 owner read upper-cases the names.
    const big = (s: unknown) => (upper && typeof s === 'string' ? s.toUpperCase() : s);
    const h = { ...held, ownerName: big(held.ownerName), firstName: big(held.firstName), lastName: big(held.lastName) } as typeof held;
    return {
      relationship: 'PRIMARY',
      ownerName: h.ownerName,
      firstName: h.firstName,
      lastName: h.lastName,
      nameClassification: 'person',
      nameClassificationConfidenceScore: 0.9,
      addresses: [{ ownerAddress: h.ownerAddress, type: 'Home', ...h.address }],
      ...(h.email ? { emails: [{ isPrimary: true, email: h.email, emailType: 'Personal' }] } : {}),
      ...(h.phone ? { phones: [{ type: 'CELL', country: '1', phone: h.phone }] } : {}),
      ...(insights || faults.has('payments-data-insights-always') ? { identityInsights: insightsOf(account, h.email, h.phone) } : {}),
    };
  };
  const achInstruction = (account: Account) => ({
    type: 'ach',
    accountNumber: achNumber(account),
    tanEnabled: false,
    descriptors: [{ type: 'routingNumber', value: account.routingNumber }],
  });
  /** Fault 'payments-data-ach-number-other-account': the number of another account of the same login. */
  const achNumber = (account: Account) => {
    if (!faults.has('payments-data-ach-number-other-account')) return account.number;
    const other = accountsOfLogin(world, account.institutionLoginId).find((a) => a.id !== account.id);
    return other ? other.number : account.number;
  };

  // --- Owner (seed 002: 200; 203 when a multi-factor challenge is needed)
  route(app, ctx, 'GetAccountOwner', (input, reply) => {
    const account = accountOf(input);
    if (!account) return sendError(ctx, reply, 404, 'Account not found');
    if (account.mfa && !faults.has('payments-data-owner-mfa-ignored')) return reply.code(203).send();
    const h = holderOf(customerOf(account), account);
    const ownerName = faults.has('payments-data-owner-name-reversed')
      ? [h.lastName, h.firstName].filter(Boolean).join(' ')
      : // i25-pay-owner-v1-name-uppercased: the v1 owner read gives the owner's name in upper case.
        faults.has('i25-pay-owner-v1-name-uppercased') && typeof h.ownerName === 'string'
        ? h.ownerName.toUpperCase()
        : h.ownerName;
    // i24-pay-owner-v1-asof-date-day-start: the v1 owner dated at the start of the current UTC day.
    if (faults.has('i24-pay-owner-v1-asof-date-day-start'))
      return { ownerName, ownerAddress: h.ownerAddress, asOfDate: Math.floor(nowS() / 86_400) * 86_400 };
    return { ownerName, ownerAddress: h.ownerAddress, asOfDate: faults.has('payments-data-owner-asof-ms') ? clock.nowMs() : nowS() };
  });
  route(app, ctx, 'GetAccountOwnerDetails', (input, reply) => {
    const account = accountOf(input);
    // The seed lists no 404 here: an account the customer does not have is a 400 (provider examples).
    // Blind fault: owner v3 answers an unknown account with a 404, as the other payments data readers do.
    if (!account)
      return sendError(
        ctx,
        reply,
        faults.has('blind-payments-data-owner-v3-unknown-404') ? 404 : 400,
        'Customer ID or account ID does not exist or does not belong to this partner',
      );
    // Blind fault: withInsights is not read on owner v3 (insights never come back).
    const holder = ownerHolder(
      account,
      input.query.withInsights === true && !faults.has('blind-payments-data-owner-v3-insights-ignored'),
      faults.has('i4-pay-owner-v3-name-uppercased'),
    );
    // i26-pay-owner-v3-first-last-swapped: the v3 owner details split the name as "last first", its two parts swapped.
    if (faults.has('i26-pay-owner-v3-first-last-swapped'))
      return { holders: [{ ...holder, firstName: holder.lastName, lastName: holder.firstName }] };
    return { holders: [holder] };
  });

  // --- ACH details v1 and payment instructions v3
  route(app, ctx, 'GetAccountACHDetails', (input, reply) => {
    // i17-pay-ach-v1-sibling-customer-account: the v1 ACH details found by the account id among every customer of the partner.
    const sibling = () => {
      const a = world.accounts.get(input.path.accountId);
      const asked = world.customers.get(String(input.path.customerId));
      return a && asked && asked.partnerId === input.partner?.id && world.customers.get(a.customerId)?.partnerId === asked.partnerId
        ? a
        : undefined;
    };
    const account = accountOf(input) ?? (faults.has('i17-pay-ach-v1-sibling-customer-account') ? sibling() : undefined);
    if (!account) return sendError(ctx, reply, 404, 'Account not found');
    const types = faults.has('payments-data-ach-cd-refused')
      ? ACH_TYPES.filter((t) => t !== 'cd')
      : // i13-pay-ach-money-market-refused: the v1 ACH details refuse a money market account.
        faults.has('i13-pay-ach-money-market-refused')
        ? ACH_TYPES.filter((t) => t !== 'moneyMarket')
        : ACH_TYPES;
    if (
      !types.includes(account.type) &&
      !(account.type === 'creditCard' && faults.has('payments-data-ach-credit-card-served')) &&
      // i30-fd-pay-ach-v1-investment-served: the v1 ACH details serve an investment account as a deposit account.
      !(account.type === 'investment' && faults.has('i30-fd-pay-ach-v1-investment-served'))
    )
      // i32-fd-pay-ach-v1-unsupported-type-404: an account of a type ACH details do not support answered 404, not 400.
      return faults.has('i32-fd-pay-ach-v1-unsupported-type-404') ? sendError(ctx, reply, 404, 'Account not found') : unsupported(reply);
    // i14-pay-ach-v1-routing-leading-zero-dropped: the v1 ACH details write the routing number through a number.
    const routingNumber = faults.has('i14-pay-ach-v1-routing-leading-zero-dropped')
      ? String(Number(account.routingNumber))
      : account.routingNumber;
    // i24-pay-ach-v1-savings-number-last-digit-cut: a savings account's number read from a column one digit short.
    if (faults.has('i24-pay-ach-v1-savings-number-last-digit-cut') && account.type === 'savings')
      return { routingNumber, realAccountNumber: achNumber(account).slice(0, -1) };
    // i25-pay-ach-v1-checking-number-masked: the v1 ACH details give a checking account's number masked but for its last four digits.
    if (faults.has('i25-pay-ach-v1-checking-number-masked') && account.type === 'checking')
      return { routingNumber, realAccountNumber: achNumber(account).replace(/\d(?=\d{4})/g, 'x') };
    // i29-fd-ach-routing-number-as-number: the v1 ACH details answer the routing number as a JSON number.
    if (faults.has('i29-fd-ach-routing-number-as-number'))
      return { routingNumber: Number(routingNumber), realAccountNumber: achNumber(account) };
    return { routingNumber, realAccountNumber: achNumber(account) };
  });
  route(app, ctx, 'GetAccountPaymentInstructionDetails', (input, reply) => {
    const account = accountOf(input);
    if (!account) return sendError(ctx, reply, 404, 'Account not found');
    const types = faults.has('payments-data-details-v3-cd-served') ? ACH_TYPES : DETAILS_V3_TYPES;
    if (!types.includes(account.type)) return unsupported(reply);
    // i31-fd-pay-v3-money-market-refused: the v3 details refuse a money market account as unsupported.
    if (faults.has('i31-fd-pay-v3-money-market-refused') && account.type === 'moneyMarket') return unsupported(reply);
    const realTime = realTimeFlags(account).map((f) => {
      // i27-pay-v3-savings-realtime-flags-swapped: for a savings account the two real-time flags are read from each other's column.
      const flags =
        faults.has('payments-data-realtime-flags-swapped') ||
        (faults.has('i27-pay-v3-savings-realtime-flags-swapped') && account.type === 'savings')
          ? { transferInEnabled: f.transferOutEnabled, transferOutEnabled: f.transferInEnabled }
          : { transferInEnabled: f.transferInEnabled, transferOutEnabled: f.transferOutEnabled };
      const shown = f.type === 'fedNow' && faults.has('payments-data-fednow-flags-missing') ? {} : flags;
      return { ...achInstruction(account), type: f.type, ...shown };
    });
    const instructions = [achInstruction(account), ...realTime];
    // i7-pay-v3-routing-leading-zero-dropped: the routing number rendered through a number.
    if (faults.has('i7-pay-v3-routing-leading-zero-dropped'))
      return {
        paymentInstruction: instructions.map((i) => ({
          ...i,
          descriptors: i.descriptors.map((d) => (d.type === 'routingNumber' ? { ...d, value: String(Number(d.value)) } : d)),
        })),
      };
    return { paymentInstruction: instructions };
  });

  // --- Loan payment details (loan-type accounts)
  route(app, ctx, 'GetLoanPaymentDetails', (input, reply) => {
    // rt-pay-loan-details-other-customer: the loan found by its id among every customer of the partner.
    const stray = () => {
      const a = world.accounts.get(input.path.accountId);
      return a && world.customers.has(input.path.customerId) && findAccount(world, a.customerId, a.id, input.partner?.id) ? a : undefined;
    };
    const account = accountOf(input) ?? (faults.has('rt-pay-loan-details-other-customer') ? stray() : undefined);
    if (!account) return sendError(ctx, reply, 404, 'Account not found');
    const types = faults.has('payments-data-loan-student-refused')
      ? LOAN_TYPES.filter((t) => t !== 'studentLoan')
      : // i15-pay-loan-mortgage-refused: the loan payment details serve loans and student loans only, a mortgage refused.
        faults.has('i15-pay-loan-mortgage-refused')
        ? LOAN_TYPES.filter((t) => t !== 'mortgage')
        : LOAN_TYPES;
    if (!types.includes(account.type) && !(account.type === 'checking' && faults.has('payments-data-loan-any-type')))
      return unsupported(reply);
    const institution = world.institutions.find((i) => i.id === account.institutionId);
    const address = `${institution?.name ?? 'Loan Servicing'} Loan Payments, PO Box ${7000 + (Number(account.id) % 1000)}, Wexford PA 15090`;
    const body: Record<string, unknown> = {
      loanNumber: `LN-${account.id}`,
      loanPaymentNumber: `PMT-${account.id}`,
      loanPaymentAddress: address,
    };
    if (account.type === 'studentLoan') {
      body.accountDetail = {
        accountId: account.id,
        accountNumber: account.number,
        accountPaymentNumber: `PMT-${account.id}`,
        accountPaymentAddress: address,
        accountFuturePayoffAmount: account.balance,
        accountFuturePayoffDate: iso(account.balanceDate + 30 * 86_400),
      };
    }
    return body;
  });

  // --- Available balance: live (balance_cache_interval) and cached (deprecated, never refreshes)
  route(app, ctx, 'GetAvailableBalanceLive', (input, reply) => {
    const account = accountOf(input);
    if (!account) return sendError(ctx, reply, 404, 'Account not found');
    if (
      !BALANCE_TYPES.includes(account.type) &&
      !(account.type === 'investment' && faults.has('payments-data-live-balance-investment-served'))
    )
      return unsupported(reply);
    // i19-pay-live-balance-cd-refused: the live balance alone leaves certificates of deposit out.
    if (account.type === 'cd' && faults.has('i19-pay-live-balance-cd-refused')) return unsupported(reply);
    // i33-fd-live-balance-money-market-refused: the live balance refuses a money market account.
    if (account.type === 'moneyMarket' && faults.has('i33-fd-live-balance-money-market-refused')) return unsupported(reply);
    // A relaxed minimum (fault) lets a negative interval through: read as 0.
    const datedBefore = account.balanceDate;
    applyCache(account, Math.max(0, Number(input.query.balance_cache_interval ?? 0)), 'live');
    // i36-fd-live-balance-dated-before-refresh: a refreshed live balance is answered with the date of the balance it replaced.
    if (faults.has('i36-fd-live-balance-dated-before-refresh') && account.balanceDate !== datedBefore)
      return { ...balanceView(account), availableBalanceDate: datedBefore, clearedBalanceDate: datedBefore };
    return balanceView(account);
  });
  route(app, ctx, 'GetAvailableBalance', (input, reply) => {
    const account = accountOf(input);
    if (!account) return sendError(ctx, reply, 404, 'Account not found');
    const types = faults.has('payments-data-cached-balance-cd-refused') ? BALANCE_TYPES.filter((t) => t !== 'cd') : BALANCE_TYPES;
    if (!types.includes(account.type)) return unsupported(reply);
    if (faults.has('payments-data-cached-refreshes')) refresh(account);
    // i22-pay-cached-balance-refreshed-after-a-day: the cached variant refreshes a balance more than a day old.
    if (faults.has('i22-pay-cached-balance-refreshed-after-a-day') && clock.nowEpochSeconds() - Number(account.balanceDate) > 86_400)
      refresh(account);
    // seeded-fam27b-pay-cached-savings-refreshed-after-an-hour: the cached variant refreshes a savings balance over an hour old.
    if (
      faults.has('seeded-fam27b-pay-cached-savings-refreshed-after-an-hour') &&
      account.type === 'savings' &&
      clock.nowEpochSeconds() - Number(account.balanceDate) > 3600
    )
      refresh(account);
    return balanceView(account, true);
  });

  // --- Payment enablement bundle (seed 002: any or all of simple details, ACH, owner, balance)
  const sectionsOf = (include: unknown, byLogin: boolean): Set<PebSection> => {
    if (include === undefined || (byLogin && faults.has('payments-data-peb-include-ignored'))) {
      const all = new Set<PebSection>(PEB_SECTIONS);
      if (include === undefined && faults.has('payments-data-peb-default-no-owner')) all.delete('accountIdentity');
      return all;
    }
    const named = String(include)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean) as PebSection[];
    return new Set(faults.has('payments-data-peb-include-first-only') ? named.slice(0, 1) : named);
  };
  const bundle = (customerId: string, accounts: Account[], query: Input['query'], byLogin: boolean) => {
    const sections = sectionsOf(query.include, byLogin);
    const defaultInterval = faults.has('payments-data-peb-default-interval-60') ? 60 : PEB_DEFAULT_INTERVAL_MIN;
    const interval = Number(query.balance_cache_interval ?? defaultInterval);
    const counts = { accountIdentitySuccessCount: 0, balanceDetailsSuccessCount: 0, paymentInstructionSuccessCount: 0 };
    let errorCount = 0;
    const institutions = new Map(world.institutions.map((i) => [i.id, i.name]));
    const views = accounts.map((account, index) => {
      const view: Record<string, unknown> = {
        id: account.id,
        institutionId: account.institutionId,
        institutionName: faults.has('seeded-pay-peb-institution-name-of-another')
          ? (() => {
              const i = world.institutions.findIndex((x) => x.id === account.institutionId);
              return world.institutions[i > 0 ? i - 1 : world.institutions.length - 1]?.name;
            })()
          : (institutions.get(account.institutionId) ?? account.institutionId),
        institutionLoginId: account.institutionLoginId,
        accountDetails: {
          id: account.id,
          accountNumberDisplay: account.number.slice(-4),
          name: account.name,
          type: account.type,
          aggregationStatusCode: 0,
          status: account.status,
          aggregationSuccessDate: iso(account.aggregationSuccessDate),
          aggregationAttemptDate: iso(account.aggregationAttemptDate),
          createdDate: iso(account.createdDate),
          currency: account.currency,
          displayPosition: index + 1,
        },
      };
      const errors: { fieldName: PebSection; code: string; description: string }[] = [];
      const refuse = (fieldName: PebSection) => errors.push({ fieldName, code: '14020', description: 'Account type not supported' });
      if (ACH_TYPES.includes(account.type))
        view.realAccountNumberLast4 = faults.has('i20-pay-bundle-last4-of-account-id')
          ? // i20-pay-bundle-last4-of-account-id: the bundle takes the last four of the account's id, not of its number.
            String(account.id).slice(-4)
          : account.number.slice(-4);
      if (sections.has('balanceDetails')) {
        if (BALANCE_TYPES.includes(account.type)) {
          applyCache(account, interval, 'peb', query.balance_cache_interval === undefined);
          const b = balanceView(account);
          // rt-pay-peb-login-balance-date-day-start: the bundle by login dates the balance at its day's start.
          const dated =
            byLogin && faults.has('rt-pay-peb-login-balance-date-day-start')
              ? account.balanceDate - (account.balanceDate % 86_400)
              : account.balanceDate;
          view.balanceDetails = { ...b, availableBalanceDate: iso(dated), clearedBalanceDate: iso(dated) };
          counts.balanceDetailsSuccessCount++;
        } else {
          refuse('balanceDetails');
          // i3-peb-balance-count-includes-refused: an account refused the balance section is counted a success too.
          if (faults.has('i3-peb-balance-count-includes-refused')) counts.balanceDetailsSuccessCount++;
        }
      }
      if (sections.has('paymentInstruction')) {
        if (ACH_TYPES.includes(account.type)) {
          // i35-fd-pay-peb-login-instruction-of-first-ach-account: the bundle by login reuses the first eligible account's ACH instruction for the later ones.
          const firstAch = accounts.find((a) => ACH_TYPES.includes(a.type));
          view.paymentInstruction =
            byLogin && faults.has('i35-fd-pay-peb-login-instruction-of-first-ach-account') && firstAch
              ? achInstruction(firstAch)
              : achInstruction(account);
          counts.paymentInstructionSuccessCount++;
        } else {
          refuse('paymentInstruction');
          // rt-pay-peb-by-account-instruction-count-refused: the bundle by account counts the refused section a success.
          if (!byLogin && faults.has('rt-pay-peb-by-account-instruction-count-refused')) counts.paymentInstructionSuccessCount++;
        }
      }
      if (sections.has('accountIdentity')) {
        view.accountIdentity = { holders: [ownerHolder(account, false)] };
        counts.accountIdentitySuccessCount++;
      }
      if (errors.length) view.errors = errors;
      // Blind fault: errorCount counts the accounts with errors, not the section errors.
      errorCount += faults.has('blind-payments-data-peb-error-count-per-account')
        ? Math.min(1, errors.length)
        : // i8-pay-peb-error-count-balance-only: only the balance section's errors counted.
          faults.has('i8-pay-peb-error-count-balance-only')
          ? errors.filter((e) => e.fieldName === 'balanceDetails').length
          : errors.length;
      return view;
    });
    // peb-identity-count-before-include: the identity section counted for every account, asked for or not.
    if (faults.has('peb-identity-count-before-include') && !sections.has('accountIdentity'))
      counts.accountIdentitySuccessCount = views.length;
    return { customerId, errorCount, accountCount: views.length, ...counts, accounts: views };
  };
  // provider 1.35.0: the include parameter is an open string in the contract; its 400 example
  // (code 12019) refuses a name other than the three sections (FD-PAY-PEB-INCLUDE-VALUES; the
  // fault accepts any name).
  const unknownSection = (include: unknown) =>
    include !== undefined &&
    !faults.has('payments-data-peb-include-unknown-accepted') &&
    String(include)
      .split(',')
      .map((s) => s.trim())
      .some((name) => !(PEB_SECTIONS as readonly string[]).includes(name));
  const refuseInclude = (reply: FastifyReply) =>
    sendError(ctx, reply, 400, 'include must name balanceDetails, paymentInstruction or accountIdentity');
  route(app, ctx, 'GetAccountDetailsByInstitutionLoginId', (input, reply) => {
    const { path, partner, query } = input;
    if (unknownSection(query.include)) return refuseInclude(reply);
    const login = findLogin(world, path.customerId, path.institutionLoginId, partner?.id);
    if (!login) return sendError(ctx, reply, 404, 'Customer or institution login not found');
    const accounts = accountsOfLogin(world, login.id).filter((a) => a.customerId === login.customerId);
    if (accounts.length === 0) return sendError(ctx, reply, 404, 'Customer does not have any accounts associated with institutionLoginId.');
    const answer = bundle(login.customerId, accounts, query, true);
    // i7-pay-peb-login-account-count-all-logins: accountCount counts the customer's accounts on every login.
    if (faults.has('i7-pay-peb-login-account-count-all-logins'))
      answer.accountCount = [...world.accounts.values()].filter((a) => a.customerId === login.customerId).length;
    return answer;
  });
  route(app, ctx, 'GetAccountDetailsByAccountId', (input, reply) => {
    if (unknownSection(input.query.include)) return refuseInclude(reply);
    // Fault: the bundle finds the account by its id under any customer of the partner (the child through another parent).
    const anyParent = () => {
      const a = world.accounts.get(input.path.accountId);
      return a &&
        findAccount(world, a.customerId, a.id, input.partner?.id) &&
        findAccount(world, input.path.customerId, a.id) === undefined &&
        world.customers.has(input.path.customerId)
        ? a
        : undefined;
    };
    const account = accountOf(input) ?? (faults.has('bundle-account-any-customer') ? anyParent() : undefined);
    if (!account) {
      // provider 1.35.0 GetPaymentEnablementBundleResourceNotFoundForAccountIdErrorResponse: an unknown
      // customer 14001, a customer holding no account 38003.
      if (!findCustomer(world, input.path.customerId, input.partner?.id)) return sendError(ctx, reply, 404, 'Customer not found.', '14001');
      const held = linkedData(world, input.path.customerId).accounts.length;
      const refused = faults
        .seams<CustomerAccountsSeams>()
        .judge(
          { operationId: 'GetAccountDetailsByAccountId', customerId: input.path.customerId, accounts: held },
          'bundle-customer-accounts',
          held === 0 ? { status: 404, code: '38003', message: 'Customer does not have any accounts' } : undefined,
        );
      return sendError(ctx, reply, 404, refused?.message ?? 'Account not found for the customer', refused?.code);
    }
    return bundle(account.customerId, [account], input.query, false);
  });

  // --- Owner match (seed 002: name required, scores 0..100, higher is closer; 408 timed out)
  route(app, ctx, 'AccountMatchingScoreDetails', (input, reply) => {
    const account = accountOf(input);
    if (!account) return sendError(ctx, reply, 404, 'Customer or account not found');
    if (account.institutionId === SLOW_HOLDER_DATA_INSTITUTION && !faults.has('payments-data-match-timeout-never')) {
      return sendError(ctx, reply, 408, 'Request timed out. Please try again at a later time.');
    }
    const body = input.body ?? {};
    const h = holderOf(customerOf(account), account);
    const score = (asked: unknown, known: string | undefined) => {
      const s = similarity(String(asked ?? ''), known ?? '');
      const shown = faults.has('payments-data-match-score-inverted') ? 100 - s : s;
      // Fault: a bonus on a full match pushes the score past the contract's 100.
      return faults.has('payments-data-match-score-over-100') && shown === 100 ? 105 : shown;
    };
    const name = body.name ?? {};
    const asked = [name.firstName, name.middleName, name.lastName, name.suffix].filter(Boolean).join(' ');
    const nameScores: Record<string, number> = { ownerName: score(asked || body.ownerName, h.ownerName) };
    if (name.firstName !== undefined)
      nameScores.firstName =
        // seeded-fam24-pay-match-first-name-scored-against-suffix: with a suffix asked, the first name is scored against the holder's (none).
        faults.has('seeded-fam24-pay-match-first-name-scored-against-suffix') && name.suffix !== undefined
          ? score(name.firstName, '')
          : score(name.firstName, h.firstName);
    if (name.lastName !== undefined)
      nameScores.lastName =
        // i19-pay-match-last-name-scored-against-middle: with a middle name asked, the last name is scored against the holder's (none).
        faults.has('i19-pay-match-last-name-scored-against-middle') && name.middleName !== undefined
          ? score(name.lastName, '')
          : score(name.lastName, h.lastName);
    if (name.middleName !== undefined) nameScores.middleName = score(name.middleName, '');
    if (name.suffix !== undefined) nameScores.suffix = score(name.suffix, '');
    const holder: Record<string, unknown> = {
      relationship: 'PRIMARY',
      ownerName: h.ownerName,
      firstName: h.firstName,
      lastName: h.lastName,
      nameClassification: 'person',
      nameClassificationConfidenceScore: 0.9,
      nameScores,
    };
    const address: Record<string, unknown> = { ownerAddress: h.ownerAddress, type: 'Home', ...h.address, country: 'US' };
    if (body.address) {
      const a = body.address;
      const addressScores: Record<string, number> = {};
      for (const key of ['line1', 'city', 'state', 'postalCode', 'country'] as const)
        if (a[key] !== undefined)
          addressScores[key] =
            // seeded-fam24-pay-match-postal-code-against-phone: with a phone asked too, the postal code is scored against the holder's phone.
            key === 'postalCode' && body.phone !== undefined && faults.has('seeded-fam24-pay-match-postal-code-against-phone')
              ? score(a[key], h.phone ?? '')
              : score(a[key], String(address[key]));
      const line = [a.line1, a.line2, a.line3, a.city, a.state, a.postalCode].filter(Boolean).join(' ');
      addressScores.ownerAddress = score(line, h.ownerAddress);
      address.addressScores = addressScores;
    }
    holder.addresses = [address];
    if (h.email)
      holder.emails = [
        {
          isPrimary: true,
          email: h.email,
          emailType: 'Personal',
          ...(body.email !== undefined ? { emailScores: { email: score(body.email, h.email) } } : {}),
        },
      ];
    if (h.phone)
      holder.phones = [
        {
          type: 'CELL',
          country: '1',
          phone: h.phone,
          ...(body.phone !== undefined ? { phoneScores: { phone: score(body.phone, h.phone) } } : {}),
        },
      ];
    if (input.query.insights === true || faults.has('payments-data-insights-always'))
      holder.identityInsights = insightsOf(account, h.email, h.phone);
    return { holders: [holder] };
  });
}

/** Deterministic identity insights of a holder (provider 1.35.0 AccountOwnerIdentityInsights members). */
function insightsOf(account: Account, email?: string, phone?: string) {
  return {
    requestRefId: `00000000-0000-4000-8000-${account.id.padStart(12, '0').slice(-12)}`,
    isEmailValid: Boolean(email),
    emailFirstSeenDays: 453,
    isPhoneValid: Boolean(phone),
    phoneLineType: 'mobile',
    ipRisk: false,
    ipRiskScore: 0.123,
    addressValidityLevel: 'valid',
    identityRiskScore: 275,
    warnings: [],
    alerts: [],
  };
}
