// Payments data (seed 002, Endpoints - Payments data): account owner v1 (203 on an MFA account) and v3, ACH details v1 and v3,
// loan payment details, available balance live (balance_cache_interval) and cached (deprecated), the payment enablement bundle, and
// owner match (scores 0..100, 408 on a slow institution). A balance refresh changes the account in state.ts, so every reader sees it.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FdOperationId } from '../../helpers/contract/operations.js';
import { defaultOf } from '../../helpers/contract/facts.js';
import { answerThrough, judgeThrough, route, sendError, type FdContext, type Input } from './middleware.js';
import {
  ACH_TYPES,
  BALANCE_TYPES,
  DETAILS_V3_TYPES,
  LOAN_TYPES,
  PEB_SECTIONS,
  SLOW_HOLDER_DATA_INSTITUTION,
  holderOf,
  insightsOf,
  similarity,
  type Answer,
  type Change,
  type Exchange,
  type PaymentsDataSeams,
  type PebSection,
  type Refusal,
  type Step,
} from './payments-data.records.js';
import {
  accountsOfLogin,
  findAccount,
  findCustomer,
  findLogin,
  linkedData,
  type Account,
  type AccountType,
  type CustomerAccountsSeams,
} from './state.js';

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

/** The account types each reader serves (seed 002, Payments data). */
const SERVED: Partial<Record<FdOperationId, AccountType[]>> = {
  GetAccountACHDetails: ACH_TYPES,
  GetAccountPaymentInstructionDetails: DETAILS_V3_TYPES,
  GetLoanPaymentDetails: LOAN_TYPES,
  GetAvailableBalanceLive: BALANCE_TYPES,
  GetAvailableBalance: BALANCE_TYPES,
};

export function registerPaymentsData(app: FastifyInstance, ctx: FdContext) {
  const { state: world, clock } = ctx;
  const seams = ctx.faults.seams<PaymentsDataSeams>('payments-data');
  /** provider 1.35.0 PebAllowedBalanceCacheInterval: the bundle's default interval, in minutes. */
  const pebDefaultInterval = Number(defaultOf(ctx.contract, 'PebBalanceCacheInterval'));
  const refused = (status: number, message: string, code?: string): Refusal => ({ status, message, code });
  const customerOf = (account: Account) => world.customers.get(account.customerId);

  /**
   * The bundle by account: unknown customer 14001, no account 38003
   * (provider 1.35.0 GetPaymentEnablementBundleResourceNotFoundForAccountIdErrorResponse).
   */
  const bundleAccountMissing = ({ path, partner }: Input): Refusal => {
    if (!findCustomer(world, path.customerId, partner?.id)) return refused(404, 'Customer not found.', '14001');
    const held = linkedData(world, path.customerId).accounts.length;
    const none = ctx.faults
      .seams<CustomerAccountsSeams>('customer-accounts')
      .judge(
        { operationId: 'GetAccountDetailsByAccountId', customerId: path.customerId, accounts: held },
        'bundle-customer-accounts',
        held === 0 ? { status: 404, code: '38003', message: 'Customer does not have any accounts' } : undefined,
      );
    return refused(404, none?.message ?? 'Account not found for the customer', none?.code);
  };

  const judge: Record<Step, (x: Exchange) => Refusal | undefined> = {
    // provider 1.35.0: include is an open string; its 400 example (code 12019) refuses a name other than the three sections
    // (FD-PAY-PEB-INCLUDE-VALUES). Without include every section comes back (seed 002: any or all of them).
    include: (x) => {
      const include = x.input.query.include;
      const named =
        include === undefined
          ? [...PEB_SECTIONS]
          : String(include)
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean);
      x.sections = new Set(named as PebSection[]);
      return named.some((name) => !(PEB_SECTIONS as readonly string[]).includes(name))
        ? refused(400, 'include must name balanceDetails, paymentInstruction or accountIdentity')
        : undefined;
    },
    // seed 002, Errors 404: the account of the path. None for owner v3: an account the customer lacks is a 400 there (provider examples).
    account: (x) => {
      const { path, partner } = x.input;
      x.account = findAccount(world, path.customerId, path.accountId, partner?.id);
      if (x.account) return undefined;
      if (x.op === 'GetAccountOwnerDetails')
        return refused(400, 'Customer ID or account ID does not exist or does not belong to this partner');
      if (x.op === 'GetAccountDetailsByAccountId') return bundleAccountMissing(x.input);
      return refused(404, x.op === 'AccountMatchingScoreDetails' ? 'Customer or account not found' : 'Account not found');
    },
    login: (x) => {
      const { path, partner } = x.input;
      const login = findLogin(world, path.customerId, path.institutionLoginId, partner?.id);
      if (!login) return refused(404, 'Customer or institution login not found');
      const accounts = accountsOfLogin(world, login.id).filter((a) => a.customerId === login.customerId);
      x.login = { ...login, accounts };
      return accounts.length ? undefined : refused(404, 'Customer does not have any accounts associated with institutionLoginId.');
    },
    type: (x) => (SERVED[x.op]!.includes(x.account!.type) ? undefined : refused(400, NOT_SUPPORTED)),
    // seed 002, Payments data: the owner of an account that needs a multi-factor challenge is a 203.
    mfa: (x) => (x.account!.mfa ? refused(203, 'Multi-factor authentication needed') : undefined),
    // seed 002, Errors 408: the institution did not answer the holder data in time.
    slow: (x) =>
      x.account!.institutionId === SLOW_HOLDER_DATA_INSTITUTION
        ? refused(408, 'Request timed out. Please try again at a later time.')
        : undefined,
  };

  const judged = judgeThrough(seams, judge);
  const answer = answerThrough<Exchange, Answer>(seams);
  /** An operation: its exchange, then the handler's body answered 200; a refusal in the error body of the contract. */
  const on = (operationId: FdOperationId, steps: Step[], handler: (x: Exchange) => unknown) =>
    route(app, ctx, operationId, (input: Input, reply: FastifyReply) => {
      const x: Exchange = { op: operationId, input, world, contract: ctx.contract, nowS: clock.nowEpochSeconds() };
      const refusal = judged(x, steps);
      if (refusal && refusal.status < 400) return reply.code(refusal.status).send();
      if (refusal) return sendError(ctx, reply, refusal.status, refusal.message, refusal.code);
      return answer(x, reply, { status: 200, body: handler(x) });
    });

  /** Reads the balance from the institution: balanceDate moves to now, the balance moves by a deterministic amount. */
  const refresh = (account: Account, now: number) => {
    if (account.balanceDate === now) return;
    const delta = ((now % 997) - 498) / 100;
    account.balance = Math.max(0, round2(account.balance + delta));
    account.availableBalance = round2(account.balance * 0.9);
    account.balanceDate = now;
  };
  /** provider 1.35.0 (balance_cache_interval, minutes): older than the interval is refreshed, 0 always; the cached variant never. */
  const read = (x: Exchange, account: Account, reader: Change['reader'], interval: number, defaulted = false) => {
    const ageS = x.nowS - account.balanceDate;
    const refresh0 = reader !== 'cached' && (interval === 0 || ageS > interval * 60);
    const change = seams.state(x, { op: 'balance', reader, interval, defaulted, ageS, refresh: refresh0 });
    if (change.refresh) refresh(account, x.nowS);
  };
  const balanceView = (account: Account) => ({
    id: Number(account.id),
    realAccountNumberLast4: account.number.slice(-4),
    availableBalance: account.availableBalance,
    availableBalanceDate: account.balanceDate,
    clearedBalance: account.balance,
    clearedBalanceDate: account.balanceDate,
    aggregationStatusCode: 0,
    currency: account.currency,
  });
  const ownerHolder = (account: Account, insights: boolean) => {
    const h = holderOf(customerOf(account), account);
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
      ...(insights ? { identityInsights: insightsOf(account, h.email, h.phone) } : {}),
    };
  };
  const achInstruction = (account: Account) => ({
    type: 'ach',
    accountNumber: account.number,
    tanEnabled: false,
    descriptors: [{ type: 'routingNumber', value: account.routingNumber }],
  });

  // --- Owner (seed 002: 200; 203 when a multi-factor challenge is needed)
  on('GetAccountOwner', ['account', 'mfa'], (x) => {
    const h = holderOf(customerOf(x.account!), x.account!);
    return { ownerName: h.ownerName, ownerAddress: h.ownerAddress, asOfDate: x.nowS };
  });
  on('GetAccountOwnerDetails', ['account'], (x) => ({ holders: [ownerHolder(x.account!, x.input.query.withInsights === true)] }));

  // --- ACH details v1 and payment instructions v3
  on('GetAccountACHDetails', ['account', 'type'], (x) => ({
    routingNumber: x.account!.routingNumber,
    realAccountNumber: x.account!.number,
  }));
  on('GetAccountPaymentInstructionDetails', ['account', 'type'], (x) => {
    const account = x.account!;
    const realTime = realTimeFlags(account).map((f) => ({ ...achInstruction(account), ...f }));
    return { paymentInstruction: [achInstruction(account), ...realTime] };
  });

  // --- Loan payment details (loan-type accounts)
  on('GetLoanPaymentDetails', ['account', 'type'], (x) => {
    const account = x.account!;
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

  // --- Available balance: live (balance_cache_interval, 0 when absent) and cached (deprecated, never refreshes)
  on('GetAvailableBalanceLive', ['account', 'type'], (x) => {
    // A relaxed minimum (fault) lets a negative interval through: read as 0.
    read(x, x.account!, 'live', Math.max(0, Number(x.input.query.balance_cache_interval ?? 0)));
    return balanceView(x.account!);
  });
  on('GetAvailableBalance', ['account', 'type'], (x) => {
    read(x, x.account!, 'cached', 0);
    return balanceView(x.account!);
  });

  // --- Payment enablement bundle (seed 002: any or all of simple details, ACH, owner, balance)
  const bundle = (x: Exchange, customerId: string, accounts: Account[]) => {
    const sections = x.sections!;
    const given = x.input.query.balance_cache_interval;
    const interval = Number(given ?? pebDefaultInterval);
    const counts = { accountIdentitySuccessCount: 0, balanceDetailsSuccessCount: 0, paymentInstructionSuccessCount: 0 };
    let errorCount = 0;
    const institutions = new Map(world.institutions.map((i) => [i.id, i.name]));
    const views = accounts.map((account, index) => {
      const view: Record<string, unknown> = {
        id: account.id,
        institutionId: account.institutionId,
        institutionName: institutions.get(account.institutionId) ?? account.institutionId,
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
      if (ACH_TYPES.includes(account.type)) view.realAccountNumberLast4 = account.number.slice(-4);
      if (sections.has('balanceDetails')) {
        if (BALANCE_TYPES.includes(account.type)) {
          read(x, account, 'peb', interval, given === undefined);
          const dated = iso(account.balanceDate);
          view.balanceDetails = { ...balanceView(account), availableBalanceDate: dated, clearedBalanceDate: dated };
          counts.balanceDetailsSuccessCount++;
        } else refuse('balanceDetails');
      }
      if (sections.has('paymentInstruction')) {
        if (ACH_TYPES.includes(account.type)) {
          view.paymentInstruction = achInstruction(account);
          counts.paymentInstructionSuccessCount++;
        } else refuse('paymentInstruction');
      }
      if (sections.has('accountIdentity')) {
        view.accountIdentity = { holders: [ownerHolder(account, false)] };
        counts.accountIdentitySuccessCount++;
      }
      if (errors.length) view.errors = errors;
      errorCount += errors.length;
      return view;
    });
    return { customerId, errorCount, accountCount: views.length, ...counts, accounts: views };
  };
  on('GetAccountDetailsByInstitutionLoginId', ['include', 'login'], (x) => bundle(x, x.login!.customerId, x.login!.accounts));
  on('GetAccountDetailsByAccountId', ['include', 'account'], (x) => bundle(x, x.account!.customerId, [x.account!]));

  // --- Owner match (seed 002: name required, scores 0..100, higher is closer; 408 timed out)
  on('AccountMatchingScoreDetails', ['account', 'slow'], (x) => {
    const account = x.account!;
    const body = x.input.body ?? {};
    const h = holderOf(customerOf(account), account);
    const score = (asked: unknown, known: string | undefined) => similarity(String(asked ?? ''), known ?? '');
    const name = body.name ?? {};
    const asked = [name.firstName, name.middleName, name.lastName, name.suffix].filter(Boolean).join(' ');
    const nameScores: Record<string, number> = { ownerName: score(asked || body.ownerName, h.ownerName) };
    if (name.firstName !== undefined) nameScores.firstName = score(name.firstName, h.firstName);
    if (name.lastName !== undefined) nameScores.lastName = score(name.lastName, h.lastName);
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
        if (a[key] !== undefined) addressScores[key] = score(a[key], String(address[key]));
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
    if (x.input.query.insights === true) holder.identityInsights = insightsOf(account, h.email, h.phone);
    return { holders: [holder] };
  });
}
