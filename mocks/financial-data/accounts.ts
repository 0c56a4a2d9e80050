// Accounts (seed 002, Endpoints - Accounts): full and simple readers (per customer, institution
// login, institution, one account), refresh v1 (200 with the accounts) and v2 (204), deletion of
// access to a login or an account, and migration of a legacy login. Reads and changes the linked
// data in state.ts (made by portfolio.ts) through findAccount / findLogin / linkedData, so a
// deletion here is seen by every other module at once. Shapes: provider 1.35.0 CustomerAccount(Simple).
import type { FastifyInstance, FastifyReply } from 'fastify';
import { route, sendError, type FdContext, type Input } from './middleware.js';
import { findAccount, findCustomer, findLogin, linkedData, type Account, type InstitutionLogin } from './state.js';

/**
 * The account_type values the mock supports: "ava" (the one provider 1.35.0 AccountTypeParameter
 * names) and the provider's AccountType list, the types accounts carry (seed 002, Resources -
 * Account; that they filter by type is an assumption). Another value is its 400 example.
 */
const SUPPORTED_ACCOUNT_TYPES = new Set([
  'ava',
  'checking',
  'savings',
  'cd',
  'moneyMarket',
  'creditCard',
  'lineOfCredit',
  'investment',
  'investmentTaxDeferred',
  'employeeStockPurchasePlan',
  'ira',
  '401k',
  'roth',
  '403b',
  '529plan',
  'rollover',
  'ugma',
  'utma',
  'keogh',
  '457plan',
  '401a',
  'brokerageAccount',
  'educationSavings',
  'healthSavingsAccount',
  'pension',
  'profitSharingPlan',
  'roth401k',
  'sepIRA',
  'simpleIRA',
  'thriftSavingsPlan',
  'variableAnnuity',
  'cryptocurrency',
  'mortgage',
  'loan',
  'studentLoan',
  'studentLoanGroup',
  'studentLoanAccount',
]);

/** Simple variants list only active accounts (seed 002, Accounts). */
const isActive = (a: Account) => a.status === 'active';

export function registerAccounts(app: FastifyInstance, ctx: FdContext) {
  const { state: world, faults, clock } = ctx;
  /** Accounts deleted while a "still visible" fault is on, kept for that one reader. */
  const ghosts = world.faultMemory.deletedAccounts;
  /**
   * Blind faults' memory: the accounts of deleted logins (still listed by institution), the logins
   * an account was deleted from (their accounts dropped from the simple list), and the deleted
   * logins (a second delete answered 204).
   */
  const { deletedLoginAccounts: loginGhosts, touchedLogins, deletedLogins } = world.faultMemory;

  /** The partner's customer of the path (404 otherwise, like every customer route). */
  const customerOf = ({ path, partner }: Input) => findCustomer(world, path.customerId, partner?.id);
  const accountsOf = (customerId: string) => linkedData(world, customerId).accounts;
  const accountsOfLogin = (login: InstitutionLogin) => accountsOf(login.customerId).filter((a) => a.institutionLoginId === login.id);

  /** Position of each account among its login's accounts, 1 on top (provider DisplayPosition), in one pass. */
  const positionsOf = (customerId: string) => {
    const perLogin = new Map<number, number>();
    const out = new Map<string, number>();
    for (const a of accountsOf(customerId)) {
      const n = (perLogin.get(a.institutionLoginId) ?? 0) + 1;
      perLogin.set(a.institutionLoginId, n);
      out.set(a.id, n);
    }
    return out;
  };

  /** Never the full number: the last four digits shown, the rest masked (docs/conventions.md, Secrets and card data). */
  const last4 = (a: Account) => a.number.slice(-4);
  const display = (a: Account) => (faults.has('accounts-display-first-four') ? a.number.slice(0, 4) : last4(a));
  const masked = (a: Account, shown = 4) => `${'x'.repeat(a.number.length - shown)}${a.number.slice(-shown)}`;

  /** The basic fields (provider 1.35.0 CustomerAccountSimple). */
  function simpleView(a: Account, positions: Map<string, number>) {
    return {
      id: a.id,
      accountNumberDisplay: display(a),
      name: a.name,
      type: a.type,
      aggregationStatusCode: 0,
      status: a.status,
      customerId: a.customerId,
      institutionId: a.institutionId,
      aggregationSuccessDate: a.aggregationSuccessDate,
      aggregationAttemptDate: a.aggregationAttemptDate,
      createdDate: a.createdDate,
      currency: a.currency,
      institutionLoginId: a.institutionLoginId,
      displayPosition: positions.get(a.id) ?? 1,
      linkedAccountDate: a.createdDate,
    };
  }

  /** The full record (provider 1.35.0 CustomerAccount): balances and details added. */
  function fullView(a: Account, positions: Map<string, number>, numberShown = 4) {
    return {
      ...simpleView(a, positions),
      number: masked(a, numberShown),
      accountNickname: a.name,
      balance: a.balance,
      balanceDate: a.balanceDate,
      lastUpdatedDate: a.aggregationSuccessDate,
      marketSegment: 'personal',
      detail: { dateAsOf: a.balanceDate, availableBalanceAmount: a.availableBalance },
    };
  }

  /** The two views of a customer's accounts, positions computed once per request. */
  const viewer = (customerId: string) => {
    const positions = positionsOf(customerId);
    return { simple: (a: Account) => simpleView(a, positions), full: (a: Account, numberShown = 4) => fullView(a, positions, numberShown) };
  };
  const notFound = (reply: FastifyReply, what: string) => sendError(ctx, reply, 404, what);

  // --- Lists of the customer (seed 002: query account status, account type).
  route(app, ctx, 'GetCustomerAccounts', (input, reply) => {
    const customer = customerOf(input);
    if (!customer) return notFound(reply, 'Customer not found');
    const ghosted = faults.has('accounts-deleted-login-still-listed')
      ? [...ghosts.values()].filter((g) => g.customerId === customer.id)
      : [];
    let list = [...accountsOf(customer.id), ...ghosted];
    const { status } = input.query;
    // i4-accounts-type-filter-case-folded: the type compared without case.
    const type =
      faults.has('i4-accounts-type-filter-case-folded') && typeof input.query.account_type === 'string'
        ? ([...SUPPORTED_ACCOUNT_TYPES].find((t) => String(t).toLowerCase() === input.query.account_type.toLowerCase()) ??
          input.query.account_type)
        : input.query.account_type;
    // Blind fault: with account_type given, the status filter is skipped (one filter or the other).
    const statusSkipped = type !== undefined && faults.has('blind-accounts-type-filter-overrides-status');
    // i24-accounts-status-with-type-drops-type: with status=active given, the type filter is skipped.
    const typeSkipped = status === 'active' && faults.has('i24-accounts-status-with-type-drops-type');
    if (status !== undefined && !faults.has('accounts-status-filter-ignored') && !statusSkipped)
      list = list.filter(
        (a) =>
          a.status === status ||
          // i16-accounts-status-pending-lists-active: the pending filter lets active accounts through.
          (faults.has('i16-accounts-status-pending-lists-active') && status === 'pending') ||
          (faults.has('i11-accounts-status-active-lists-pending') && status === 'active') ||
          // i13-accounts-status-filter-case-folded: the status compared without case.
          (faults.has('i13-accounts-status-filter-case-folded') && String(a.status).toLowerCase() === String(status).toLowerCase()),
      );
    // Fault: a listing without a status filter hides the pending account (provider: all accounts).
    if (status === undefined && faults.has('accounts-list-hides-pending')) list = list.filter(isActive);
    // provider 1.35.0: AccountTypeParameter is an open string in the contract; its 400 example
    // "Account type not supported" is answered here for a type outside the supported ones
    // (FD-ACCT-TYPE-UNSUPPORTED; the fault answers it with the list instead).
    if (type !== undefined && !SUPPORTED_ACCOUNT_TYPES.has(String(type)) && !faults.has('accounts-unsupported-type-empty')) {
      // i26-accounts-unsupported-type-404: an unsupported type answered as "no accounts found" (404), not as a bad request.
      if (faults.has('i26-accounts-unsupported-type-404')) return notFound(reply, 'No accounts found for this account type');
      return sendError(ctx, reply, 400, 'Bad request. (Account type not supported)');
    }
    // provider 1.35.0: "ava" is the type it documents as supported; its meaning is not given, so it
    // restricts nothing here. Any other supported value lists the accounts of that type.
    if (type !== undefined && type !== 'ava' && !faults.has('accounts-type-filter-ignored') && !typeSkipped)
      list = list.filter(
        (a) =>
          a.type === type ||
          // i20-accounts-savings-filter-lists-money-market: savings read as a family that takes in money market accounts.
          (faults.has('i20-accounts-savings-filter-lists-money-market') && type === 'savings' && a.type === 'moneyMarket') ||
          // i22-accounts-checking-filter-lists-money-market: checking read as the family of transaction accounts, money market included.
          (faults.has('i22-accounts-checking-filter-lists-money-market') && type === 'checking' && a.type === 'moneyMarket') ||
          // i27-accounts-mortgage-filter-lists-loan: mortgage read as the family of secured loans, loan accounts included.
          (faults.has('i27-accounts-mortgage-filter-lists-loan') && type === 'mortgage' && a.type === 'loan') ||
          // i33-fd-accounts-loan-filter-matches-by-suffix: account_type=loan also lists the studentLoan accounts (matched as a word ending).
          (faults.has('i33-fd-accounts-loan-filter-matches-by-suffix') && type === 'loan' && String(a.type).toLowerCase().endsWith('loan')),
      );
    // i6-accounts-type-filter-drops-pending: the type filter runs over the active accounts only.
    if (type !== undefined && faults.has('i6-accounts-type-filter-drops-pending')) list = list.filter(isActive);
    const view = viewer(customer.id);
    // i15-accounts-list-pending-number-unmasked: the all-accounts list shows a pending account's number in full.
    if (faults.has('i15-accounts-list-pending-number-unmasked'))
      return { accounts: list.map((a) => (isActive(a) ? view.full(a) : { ...view.full(a), number: a.number })) };
    // i17-accounts-full-list-credit-card-number-unmasked: the all-accounts list gives a credit card's number in full.
    if (faults.has('i17-accounts-full-list-credit-card-number-unmasked'))
      return { accounts: list.map((a) => (a.type === 'creditCard' ? { ...view.full(a), number: a.number } : view.full(a))) };
    // i25-accounts-list-savings-created-date-ms: the all-accounts list dates a savings account's link in milliseconds.
    if (faults.has('i25-accounts-list-savings-created-date-ms'))
      return { accounts: list.map((a) => (a.type === 'savings' ? { ...view.full(a), createdDate: a.createdDate * 1000 } : view.full(a))) };
    return { accounts: list.map((a) => view.full(a)) };
  });

  route(app, ctx, 'GetCustomerAccountsSimple', (input, reply) => {
    // i2-accounts-simple-after-customer-delete: a deleted customer's accounts are still found by its id.
    const customer =
      customerOf(input) ??
      (faults.has('i2-accounts-simple-after-customer-delete') &&
      !world.customers.has(input.path.customerId) &&
      accountsOf(input.path.customerId).length > 0
        ? { id: input.path.customerId }
        : undefined);
    if (!customer) return notFound(reply, 'Customer not found');
    // Model fault: the customer's last answer, served again until a delete clears it (a refresh does not).
    const cached = faults.has('model-accounts-simple-list-cached') ? world.faultMemory.simpleAccountLists.get(customer.id) : undefined;
    if (cached) return cached;
    // i12-accounts-simple-list-keeps-deleted-account: a deleted account still listed here.
    const kept = faults.has('i12-accounts-simple-list-keeps-deleted-account')
      ? [...deletedAccounts.values()].filter((a) => a.customerId === customer.id && !world.accounts.has(a.id))
      : [];
    const list = [...accountsOf(customer.id), ...kept]
      .filter((a) => isActive(a) || faults.has('accounts-simple-list-shows-pending'))
      // Blind fault: after DeleteCustomerAccount, the simple list drops every account of that login.
      .filter(
        (a) => !(faults.has('blind-accounts-delete-account-empties-login-in-simple-list') && touchedLogins.has(a.institutionLoginId)),
      );
    // Fault: the login id serialised as a string of digits (provider: an integer).
    const view = viewer(customer.id);
    if (faults.has('accounts-login-id-as-string'))
      return { accounts: list.map((a) => ({ ...view.simple(a), institutionLoginId: String(a.institutionLoginId) })) };
    // seeded-accounts-simple-list-linked-date-day: the link dated at the start of its UTC day (fixed, but not the moment of the link).
    const linkedDay = (a: Account) => ({ ...view.simple(a), linkedAccountDate: a.createdDate - (a.createdDate % 86_400) });
    const answer = { accounts: list.map(faults.has('seeded-accounts-simple-list-linked-date-day') ? linkedDay : view.simple) };
    if (faults.has('model-accounts-simple-list-cached')) world.faultMemory.simpleAccountLists.set(customer.id, answer);
    return answer;
  });

  // --- One account.
  const account = (input: Input) => findAccount(world, input.path.customerId, input.path.accountId, input.partner?.id);
  /** The account of the path's id when it belongs to any customer of the partner (read only by a fault). */
  const strayOfPartner = (input: Input) => {
    const a = world.accounts.get(input.path.accountId);
    return a && findCustomer(world, a.customerId, input.partner?.id) ? a : undefined;
  };
  /** i8-account-by-id-balance-cached: each account's balance at its first read by id (kept while that fault is on). */
  const cachedBalances = new Map<string, number>();
  /** The accounts deleted while i12-account-full-by-id-after-account-delete or i12-accounts-simple-list-keeps-deleted-account is on. */
  const deletedAccounts = new Map<string, Account>();
  /** The accounts deleted by id while i17-accounts-by-login-lists-deleted-account is on. */
  const i17Deleted = new Map<string, Account>();
  route(app, ctx, 'GetCustomerAccount', (input, reply) => {
    // i3-accounts-one-other-customer: the full record found by account id among the partner's customers.
    const stray = faults.has('i3-accounts-one-other-customer') && customerOf(input) ? world.accounts.get(input.path.accountId) : undefined;
    const foreign = stray && findCustomer(world, stray.customerId, input.partner?.id) ? stray : undefined;
    // i3-accounts-deleted-login-full-readable: an account of a deleted login is still read in full by its id.
    // i12-account-full-by-id-after-account-delete: a deleted account still read in full (taken as a ghost).
    const ghost =
      (faults.has('i3-accounts-deleted-login-full-readable') && customerOf(input) ? loginGhosts.get(input.path.accountId) : undefined) ??
      (faults.has('i12-account-full-by-id-after-account-delete') && customerOf(input)
        ? deletedAccounts.get(input.path.accountId)
        : undefined);
    const a = account(input) ?? foreign ?? (ghost && ghost.customerId === input.path.customerId ? ghost : undefined);
    if (!a) return notFound(reply, 'Account not found');
    // i8-account-by-id-balance-cached: the balance of the first read served again.
    if (faults.has('i8-account-by-id-balance-cached')) {
      if (!cachedBalances.has(a.id)) cachedBalances.set(a.id, a.balance);
      return { ...viewer(a.customerId).full(a), balance: cachedBalances.get(a.id) };
    }
    // i21-account-full-by-id-checking-display-first-four: the full by-id reader shows a checking account's first four digits as its display.
    if (faults.has('i21-account-full-by-id-checking-display-first-four') && a.type === 'checking')
      return { ...viewer(a.customerId).full(a), accountNumberDisplay: a.number.slice(0, 4) };
    // i24-account-full-by-id-investment-created-date-ms: the full by-id reader gives an investment account's createdDate in milliseconds.
    if (faults.has('i24-account-full-by-id-investment-created-date-ms') && a.type === 'investment')
      return { ...viewer(a.customerId).full(a), createdDate: Number(a.createdDate) * 1000 };
    // i16-account-full-by-id-savings-number-unmasked: the full by-id reader gives a savings account's number in clear.
    if (faults.has('i16-account-full-by-id-savings-number-unmasked') && a.type === 'savings')
      return { ...viewer(a.customerId).full(a), number: a.number };
    // seeded-account-full-by-id-linked-date-now: the link dated at the time of the read.
    if (faults.has('seeded-account-full-by-id-linked-date-now'))
      return { ...viewer(a.customerId).full(a), linkedAccountDate: clock.nowEpochSeconds() };
    // i18-account-full-by-id-login-id-string: the full by-id reader writes institutionLoginId as a string.
    if (faults.has('i18-account-full-by-id-login-id-string'))
      return { ...viewer(a.customerId).full(a), institutionLoginId: String(a.institutionLoginId) };
    // i18-account-full-by-id-credit-card-bin-shown: a credit card's number shown with its first six digits too.
    if (faults.has('i18-account-full-by-id-credit-card-bin-shown') && a.type === 'creditCard')
      return { ...viewer(a.customerId).full(a), number: `${a.number.slice(0, 6)}${'x'.repeat(a.number.length - 10)}${a.number.slice(-4)}` };
    return viewer(a.customerId).full(a);
  });
  route(app, ctx, 'GetCustomerAccountSimple', (input, reply) => {
    const ghost = faults.has('accounts-deleted-account-simple-readable') ? ghosts.get(input.path.accountId) : undefined;
    // i9-account-simple-by-id-after-login-delete: an account of a deleted login still read here.
    const loginGhost = faults.has('i9-account-simple-by-id-after-login-delete') ? loginGhosts.get(input.path.accountId) : undefined;
    const a =
      account(input) ??
      (ghost && ghost.customerId === input.path.customerId ? ghost : undefined) ??
      (loginGhost && loginGhost.customerId === input.path.customerId ? loginGhost : undefined) ??
      // i10-account-simple-other-customer: the simple read finds the account by its id among the partner's customers.
      (faults.has('i10-account-simple-other-customer') && customerOf(input) ? strayOfPartner(input) : undefined);
    if (!a) return notFound(reply, 'Account not found');
    // provider 1.35.0: this simple variant is not restricted to active accounts (its lists are).
    if (!isActive(a) && faults.has('accounts-simple-one-pending-404')) return notFound(reply, 'Account not found');
    const view = viewer(a.customerId).simple(a);
    // i28-fd-account-simple-investment-number-clear: the simple read of an investment account displays its whole number.
    if (faults.has('i28-fd-account-simple-investment-number-clear') && a.type === 'investment') view.accountNumberDisplay = a.number;
    // i15-account-simple-by-id-pending-shown-active: the simple by-id reader shows a pending account as active.
    if (faults.has('i15-account-simple-by-id-pending-shown-active') && !isActive(a)) view.status = 'active';
    // i25-account-simple-by-id-display-first-four: the simple by-id reader shows the first four digits of the number.
    if (faults.has('i25-account-simple-by-id-display-first-four')) view.accountNumberDisplay = a.number.slice(0, 4);
    // i7-account-simple-by-id-display-last-five: this reader shows five digits.
    if (faults.has('i7-account-simple-by-id-display-last-five')) view.accountNumberDisplay = a.number.slice(-5);
    // Fault: the login id of the customer's first login instead of the account's own.
    if (faults.has('accounts-simple-one-wrong-login'))
      view.institutionLoginId = accountsOf(a.customerId)[0]?.institutionLoginId ?? a.institutionLoginId;
    // account-simple-by-id-dates-ms: every date of the simple read by id in milliseconds.
    if (faults.has('account-simple-by-id-dates-ms'))
      for (const [k, v] of Object.entries(view))
        if (/Date$/.test(k) && typeof v === 'number') (view as Record<string, unknown>)[k] = v * 1000;
    // i17-account-simple-by-id-balance-member: the simple read by id carries the balance, a member of the full record only.
    if (faults.has('i17-account-simple-by-id-balance-member')) return { ...view, balance: a.balance };
    // i32-fd-account-simple-by-id-type-lowercased: the single simple read writes a camel-case account type in lower case.
    if (faults.has('i32-fd-account-simple-by-id-type-lowercased') && typeof view.type === 'string')
      return { ...view, type: view.type.toLowerCase() };
    return view;
  });

  // --- Institution login readers. A login without accounts is a 404 (provider 1.35.0 example:
  // "Customer does not have any accounts associated with institutionLoginId").
  const loginOf = (input: Input) => findLogin(world, input.path.customerId, input.path.institutionLoginId, input.partner?.id);
  route(app, ctx, 'GetCustomerAccountsByInstitutionLogin', (input, reply) => {
    const login = loginOf(input);
    const all = login ? accountsOfLogin(login) : [];
    if (!login || all.length === 0) return notFound(reply, 'Customer does not have any accounts associated with institutionLoginId');
    // i15-accounts-by-login-hides-pending: the full by-login list leaves the pending accounts out.
    const kept = faults.has('i17-accounts-by-login-lists-deleted-account')
      ? [...i17Deleted.values()].filter((a) => a.institutionLoginId === all[0].institutionLoginId && !world.accounts.has(a.id))
      : [];
    // i17-accounts-by-login-lists-deleted-account: the by-login full list still holds an account deleted by id.
    const list = [...(faults.has('i15-accounts-by-login-hides-pending') ? all.filter(isActive) : all), ...kept];
    const view = viewer(login.customerId);
    if (faults.has('i2-accounts-by-login-real-number'))
      return { accounts: list.map((a) => ({ ...view.full(a), realAccountNumber: a.number })) };
    // i6-accounts-by-login-number-keeps-first-digit: this list's mask keeps the first digit too.
    if (faults.has('i6-accounts-by-login-number-keeps-first-digit'))
      return { accounts: list.map((a) => ({ ...view.full(a), number: `${a.number.slice(0, 1)}${view.full(a).number.slice(1)}` })) };
    // i10-accounts-by-login-number-last-five: this list's mask leaves five digits in clear.
    return { accounts: list.map((a) => view.full(a, faults.has('i10-accounts-by-login-number-last-five') ? 5 : 4)) };
  });
  /** A login of another customer of the same partner, named through this customer's path (read only by the i14 faults). */
  const siblingLogin = (input: Input) => {
    const l = world.logins.get(Number(input.path.institutionLoginId));
    return l && customerOf(input) && findCustomer(world, l.customerId, input.partner?.id) ? l : undefined;
  };
  route(app, ctx, 'GetCustomerAccountsByInstitutionLoginSimple', (input, reply) => {
    // i14-accounts-by-login-simple-other-customer: the login found among the partner's customers, whatever the path's customer.
    const login = loginOf(input) ?? (faults.has('i14-accounts-by-login-simple-other-customer') ? siblingLogin(input) : undefined);
    const list = login ? accountsOfLogin(login) : [];
    if (!login || list.length === 0) return notFound(reply, 'Customer does not have any accounts associated with institutionLoginId');
    // Fault: every active account of the customer, whatever the login.
    // i8-accounts-deleted-account-in-login-simple: the login's deleted accounts still listed here.
    const scope = faults.has('accounts-by-login-simple-all-logins')
      ? accountsOf(login.customerId)
      : faults.has('i8-accounts-deleted-account-in-login-simple')
        ? [...list, ...[...ghosts.values()].filter((g) => g.customerId === login.customerId && g.institutionLoginId === login.id)]
        : list;
    // i25-accounts-by-login-simple-pending-checking-listed: the simple by-login list drops pending accounts but for checking ones (a filter written for deposit products).
    const shown = scope.filter(
      (a) =>
        isActive(a) ||
        faults.has('accounts-simple-by-login-shows-pending') ||
        (faults.has('i25-accounts-by-login-simple-pending-checking-listed') && a.type === 'checking'),
    );
    const view = viewer(login.customerId);
    // i16-accounts-by-login-simple-display-six: the simple by-login list shows six digits of each number.
    if (faults.has('i16-accounts-by-login-simple-display-six'))
      return { accounts: shown.map((a) => ({ ...view.simple(a), accountNumberDisplay: a.number.slice(-6) })) };
    // seeded-judge-accounts-by-login-simple-name-upper: the simple by-login list upper-cases each account's name.
    // i29-fd-accounts-by-login-simple-full-number-display: the by-login simple list displays the whole account number.
    if (faults.has('i29-fd-accounts-by-login-simple-full-number-display'))
      return { accounts: shown.map((a) => ({ ...view.simple(a), accountNumberDisplay: a.number })) };
    if (faults.has('seeded-judge-accounts-by-login-simple-name-upper'))
      return { accounts: shown.map((a) => ({ ...view.simple(a), name: String(view.simple(a).name).toUpperCase() })) };
    return {
      accounts: shown.map((a) =>
        faults.has('accounts-simple-by-login-carries-balance')
          ? { ...view.simple(a), balance: a.balance, detail: { availableBalanceAmount: a.availableBalance } }
          : view.simple(a),
      ),
    };
  });

  // --- Institution readers: the customer's active accounts at the institution (provider 1.35.0:
  // "all active accounts owned by the given customer at the given institution"). No account of
  // the customer there (or an unknown institution) is a 404.
  const atInstitution = (input: Input) => {
    const customer = customerOf(input);
    if (!customer) return undefined;
    const list = accountsOf(customer.id).filter((a) => a.institutionId === input.path.institutionId);
    return list.length > 0 ? { customer, list } : undefined;
  };
  route(app, ctx, 'GetCustomerAccountsByInstitution', (input, reply) => {
    const live = atInstitution(input);
    // Blind fault: the accounts of a deleted login are still listed by institution.
    const stale =
      faults.has('blind-accounts-deleted-login-listed-by-institution') && customerOf(input)
        ? [...loginGhosts.values()].filter((g) => g.customerId === input.path.customerId && g.institutionId === input.path.institutionId)
        : [];
    const found = live ?? (stale.length > 0 ? { customer: customerOf(input)!, list: [] as Account[] } : undefined);
    if (!found) return notFound(reply, 'No accounts of the customer at this institution');
    // i13-accounts-by-institution-all-institutions: the full by-institution list holds every institution's accounts.
    const wide = faults.has('i13-accounts-by-institution-all-institutions') ? accountsOf(found.customer.id) : found.list;
    const list = [...wide, ...stale].filter((a) => isActive(a) || faults.has('accounts-by-institution-lists-pending'));
    const view = viewer(found.customer.id);
    const records = list
      // i25-accounts-by-institution-credit-card-left-out: the full by-institution list leaves out the customer's credit card accounts.
      .filter((a) => !(faults.has('i25-accounts-by-institution-credit-card-left-out') && a.type === 'creditCard'))
      .map((a) => view.full(a, faults.has('accounts-number-last-six') ? 6 : 4));
    // i22-accounts-by-institution-number-display-last-five: the full by-institution list shows five digits of each number.
    if (faults.has('i22-accounts-by-institution-number-display-last-five'))
      return { accounts: records.map((r, i) => ({ ...r, accountNumberDisplay: list[i].number.slice(-5) })) };
    // i18-accounts-by-institution-aggregation-date-ms: this list gives aggregationSuccessDate in milliseconds.
    if (faults.has('i18-accounts-by-institution-aggregation-date-ms'))
      return { accounts: records.map((r) => ({ ...r, aggregationSuccessDate: Number(r.aggregationSuccessDate) * 1000 })) };
    // seeded-judge-accounts-by-institution-currency-lower: the full by-institution list writes each currency in lower case.
    if (faults.has('seeded-judge-accounts-by-institution-currency-lower'))
      return { accounts: records.map((r) => ({ ...r, currency: String(r.currency).toLowerCase() })) };
    return { accounts: records };
  });
  route(app, ctx, 'GetCustomerAccountsByInstitutionSimple', (input, reply) => {
    const found = atInstitution(input);
    if (!found) return notFound(reply, 'No accounts of the customer at this institution');
    // Blind fault: the institution's accounts found by its routing numbers (another institution sharing one comes along).
    const routings = world.institutions.find((i) => i.id === input.path.institutionId)?.routingNumbers ?? [];
    const byRouting = () => accountsOf(found.customer.id).filter((a) => routings.includes(a.routingNumber));
    const scope = faults.has('accounts-by-institution-simple-all')
      ? accountsOf(found.customer.id)
      : faults.has('blind-accounts-by-institution-simple-by-routing')
        ? byRouting()
        : // i8-accounts-by-institution-simple-partner-wide: the institution's accounts of every customer of the partner.
          faults.has('i8-accounts-by-institution-simple-partner-wide')
          ? [...world.accounts.values()].filter(
              (a) => a.institutionId === input.path.institutionId && findCustomer(world, a.customerId, input.partner?.id),
            )
          : found.list;
    const list = scope.filter((a) => isActive(a) || faults.has('accounts-simple-by-institution-shows-pending'));
    const view = viewer(found.customer.id);
    return {
      accounts: list.map((a) => {
        const record = view.simple(a);
        if (faults.has('accounts-created-date-ms')) record.createdDate = a.createdDate * 1000;
        // i15-accounts-by-institution-simple-linked-date-now: this reader dates the link at the time of the read.
        if (faults.has('i15-accounts-by-institution-simple-linked-date-now')) record.linkedAccountDate = clock.nowEpochSeconds();
        // i32-fd-accounts-by-institution-simple-created-date-iso: this reader writes createdDate as an ISO date-time.
        if (faults.has('i32-fd-accounts-by-institution-simple-created-date-iso'))
          return { ...record, createdDate: new Date(a.createdDate * 1000).toISOString() };
        return record;
      }),
    };
  });

  // --- Refresh (seed 002: v1 answers 200 with the accounts, v2 204; completion shows as an
  // updated aggregation attempt date). The mock completes at once, at the virtual clock's time.
  const refresh = (list: Account[], version: 1 | 2 = 1) => {
    const now = faults.has('accounts-refresh-date-ms') ? clock.nowMs() : clock.nowEpochSeconds();
    // Blind fault: the v2 refreshes record the success date only; the attempt date stays.
    const attemptMoves = !(version === 2 && faults.has('blind-accounts-refresh-v2-success-date-only'));
    for (const a of list) {
      if (attemptMoves) a.aggregationAttemptDate = now;
      a.aggregationSuccessDate = now;
    }
  };
  const refreshCustomer = (version: 1 | 2) => (input: Input, reply: FastifyReply) => {
    const customer = customerOf(input);
    // i33-fd-accounts-refresh-v2-unknown-customer-204: the v2 refresh answers 204 for a customer id it does not know.
    if (!customer && version === 2 && faults.has('i33-fd-accounts-refresh-v2-unknown-customer-204')) return reply.code(204).send();
    if (!customer) return notFound(reply, 'Customer not found');
    const list = accountsOf(customer.id);
    // i33-fd-accounts-refresh-v1-answers-previous-attempt-date: the v1 refresh answers the attempt dates from before the refresh.
    const attemptBefore =
      version === 1 && faults.has('i33-fd-accounts-refresh-v1-answers-previous-attempt-date')
        ? new Map(list.map((a) => [a.id, a.aggregationAttemptDate]))
        : undefined;
    // i31-fd-accounts-refresh-v2-customer-skips-pending: the v2 refresh of a customer leaves its pending accounts' dates untouched.
    // i32-fd-accounts-refresh-v2-first-login-only: the v2 refresh of a customer stops after its first institution login.
    const refreshed =
      version === 2 && faults.has('i32-fd-accounts-refresh-v2-first-login-only')
        ? list.filter((a) => a.institutionLoginId === list[0]?.institutionLoginId)
        : list;
    const skipPending =
      (version === 1 && faults.has('i2-accounts-refresh-customer-skips-pending')) ||
      (version === 2 && faults.has('i31-fd-accounts-refresh-v2-customer-skips-pending'));
    refresh(skipPending ? refreshed.filter(isActive) : refreshed, version);
    // i5-accounts-refresh-v1-attempt-date-minute: the v1 customer refresh stores the attempt date cut to its minute.
    if (version === 1 && faults.has('i5-accounts-refresh-v1-attempt-date-minute'))
      for (const a of list) a.aggregationAttemptDate = Math.floor(a.aggregationAttemptDate! / 60) * 60;
    if (version === 2 && !faults.has('accounts-refresh-v2-200')) return reply.code(204).send();
    const view = viewer(customer.id);
    if (attemptBefore) return { accounts: list.map((a) => ({ ...view.full(a), aggregationAttemptDate: attemptBefore.get(a.id) })) };
    return { accounts: list.map((a) => view.full(a)) };
  };
  route(app, ctx, 'RefreshCustomerAccounts', refreshCustomer(1));
  route(app, ctx, 'RefreshCustomerAccountsV2', refreshCustomer(2));

  const refreshLogin = (version: 1 | 2) => (input: Input, reply: FastifyReply) => {
    // i3-accounts-refresh-v1-login-other-customer: the v1 refresh by login finds the login by its id among the partner's customers.
    const anyLogin = () => {
      const l = world.logins.get(Number(input.path.institutionLoginId));
      return l && customerOf(input) && findCustomer(world, l.customerId, input.partner?.id) ? l : undefined;
    };
    const login = loginOf(input) ?? (version === 1 && faults.has('i3-accounts-refresh-v1-login-other-customer') ? anyLogin() : undefined);
    const list = login ? accountsOfLogin(login) : [];
    if (!login || list.length === 0) return notFound(reply, 'Customer does not have any accounts associated with institutionLoginId');
    // Faults: the v2 refresh never completes; a refresh by login refreshes every login.
    // i6-accounts-refresh-v1-login-date-not-stored: the v1 refresh by login answers refreshed copies, the store keeps its dates.
    const copies = version === 1 && faults.has('i6-accounts-refresh-v1-login-date-not-stored');
    const refreshed = copies ? list.map((a) => ({ ...a })) : list;
    // i30-fd-accounts-refresh-v1-login-answers-before-refresh: the v1 refresh by login answers the accounts as read before it refreshed them.
    const before =
      version === 1 && faults.has('i30-fd-accounts-refresh-v1-login-answers-before-refresh')
        ? list.map((a) => viewer(login.customerId).full(a))
        : undefined;
    if (!(version === 2 && faults.has('accounts-refresh-v2-date-unchanged')))
      refresh(faults.has('accounts-refresh-login-touches-all') && !copies ? accountsOf(login.customerId) : refreshed, version);
    if (copies) {
      const view = viewer(login.customerId);
      return { accounts: refreshed.map((a) => view.full(a)) };
    }
    if (version === 1 && faults.has('accounts-refresh-v1-204')) return reply.code(204).send();
    if (version === 2) return reply.code(204).send();
    if (before) return { accounts: before };
    const view = viewer(login.customerId);
    // Blind fault: the v1 refresh by login answers every account of the customer (only the login's were refreshed).
    const answered = faults.has('blind-accounts-refresh-v1-login-answers-all') ? accountsOf(login.customerId) : list;
    return { accounts: answered.map((a) => view.full(a)) };
  };
  route(app, ctx, 'RefreshCustomerAccountsByInstitutionLogin', refreshLogin(1));
  route(app, ctx, 'RefreshCustomerAccountsByInstitutionLoginV2', refreshLogin(2));

  // --- Deletion of access (seed 002: removes access to that data only; the other permissioned
  // accounts stay accessible). Collected transactions are retained (provider 1.35.0), unreachable:
  // every reader goes through findAccount.
  const forget = (a: Account) => {
    world.accounts.delete(a.id);
    world.faultMemory.simpleAccountLists.delete(a.customerId);
    if (
      faults.has('accounts-deleted-login-still-listed') ||
      faults.has('accounts-deleted-account-simple-readable') ||
      faults.has('i8-accounts-deleted-account-in-login-simple')
    )
      ghosts.set(a.id, a);
  };
  route(app, ctx, 'DeleteCustomerAccountsByInstitutionLogin', (input, reply) => {
    // i14-accounts-delete-login-other-customer: the login to delete found among the partner's customers.
    const login = loginOf(input) ?? (faults.has('i14-accounts-delete-login-other-customer') ? siblingLogin(input) : undefined);
    const loginKey = `${input.path.customerId}/${input.path.institutionLoginId}`;
    // Blind fault: a second delete of the login is a 204 (idempotent delete), not a 404.
    if (!login && faults.has('blind-accounts-second-login-delete-204') && deletedLogins.has(loginKey)) return reply.code(204).send();
    if (!login) return notFound(reply, 'Institution login not found');
    // i37-fd-accounts-delete-login-keeps-last-account: the login's last account survives the login's deletion.
    const ofLogin = accountsOfLogin(login);
    for (const a of faults.has('i37-fd-accounts-delete-login-keeps-last-account') && ofLogin.length > 1 ? ofLogin.slice(0, -1) : ofLogin) {
      if (
        faults.has('blind-accounts-deleted-login-listed-by-institution') ||
        faults.has('i3-accounts-deleted-login-full-readable') ||
        faults.has('i9-account-simple-by-id-after-login-delete')
      )
        loginGhosts.set(a.id, a);
      forget(a);
    }
    world.logins.delete(login.id);
    deletedLogins.add(loginKey);
    return reply.code(204).send();
  });
  // Accounts deleted once, to answer the fault 'accounts-second-delete-204'.
  const deletedOnce = world.faultMemory.deletedAccountKeys;
  route(app, ctx, 'DeleteCustomerAccount', (input, reply) => {
    // i2-accounts-delete-other-customer-account: the account found by its id among the partner's customers.
    const stray = world.accounts.get(input.path.accountId);
    const a =
      account(input) ??
      (faults.has('i2-accounts-delete-other-customer-account') &&
      stray &&
      customerOf(input) &&
      findCustomer(world, stray.customerId, input.partner?.id)
        ? stray
        : undefined);
    // i27-account-delete-other-customer-404-but-removed: an account of another customer of the partner is refused 404 but removed.
    if (
      !a &&
      stray &&
      faults.has('i27-account-delete-other-customer-404-but-removed') &&
      findCustomer(world, stray.customerId, input.partner?.id)
    )
      forget(stray);
    if (!a) {
      if (faults.has('accounts-second-delete-204') && deletedOnce.has(`${input.path.customerId}/${input.path.accountId}`))
        return reply.code(204).send();
      // i38-fd-account-delete-unknown-400: an unknown account id on delete answered 400, not 404.
      if (faults.has('i38-fd-account-delete-unknown-400')) return sendError(ctx, reply, 400, 'Invalid account id');
      return notFound(reply, 'Account not found');
    }
    // i21-account-delete-pending-kept: deleting a pending account answers 204 but keeps it.
    if (faults.has('i21-account-delete-pending-kept') && !isActive(a)) return reply.code(204).send();
    // i28-fd-account-delete-savings-kept: deleting a savings account answers 204 but leaves it in place.
    if (faults.has('i28-fd-account-delete-savings-kept') && a.type === 'savings') return reply.code(204).send();
    // Fault: deleting one account removes every account of its login.
    const sameLogin = () => accountsOf(a.customerId).filter((b) => b.institutionLoginId === a.institutionLoginId);
    // i31-fd-account-delete-first-of-login-drops-login: deleting the first account of a login (its anchor) deletes the login's other accounts too.
    const anchorDeleted = faults.has('i31-fd-account-delete-first-of-login-drops-login') && sameLogin()[0]?.id === a.id;
    const gone = faults.has('accounts-delete-account-drops-login') || anchorDeleted ? sameLogin() : [a];
    for (const g of gone) forget(g);
    if (faults.has('i12-account-full-by-id-after-account-delete') || faults.has('i12-accounts-simple-list-keeps-deleted-account'))
      for (const g of gone) deletedAccounts.set(g.id, g);
    if (faults.has('blind-accounts-delete-account-empties-login-in-simple-list')) touchedLogins.add(a.institutionLoginId);
    if (faults.has('i17-accounts-by-login-lists-deleted-account')) for (const g of gone) i17Deleted.set(g.id, g);
    if (faults.has('accounts-second-delete-204')) deletedOnce.add(`${a.customerId}/${a.id}`);
    // i38-fd-account-delete-answers-200: the account delete answered 200 with an empty object, not 204.
    if (faults.has('i38-fd-account-delete-answers-200')) return reply.code(200).send({});
    return reply.code(204).send();
  });

  // --- Migration of a legacy login to the OAuth connection: answers the accounts of that login.
  /** i35-fd-accounts-migrate-takes-second-call: the logins a migration was asked for (kept while that fault is on). */
  const migrationsAsked = new Set<number>();
  route(app, ctx, 'MigrateInstitutionLoginAccounts', (input, reply) => {
    const login = loginOf(input);
    const list = login ? accountsOfLogin(login) : [];
    if (!login || list.length === 0) return notFound(reply, 'Customer does not have any accounts associated with institutionLoginId');
    // i35-fd-accounts-migrate-takes-second-call: the first migration answers the accounts but leaves the login on its legacy connection.
    const firstCall = faults.has('i35-fd-accounts-migrate-takes-second-call') && !migrationsAsked.has(login.id);
    if (faults.has('i35-fd-accounts-migrate-takes-second-call')) migrationsAsked.add(login.id);
    if (login.legacy && !firstCall) login.migrated = true;
    // i26-accounts-migrate-answers-204: the migration answers 204 without the accounts of the login (the v2 refresh's answer).
    if (faults.has('i26-accounts-migrate-answers-204')) return reply.code(204).send();
    const all = faults.has('accounts-migrate-returns-all') ? accountsOf(login.customerId) : list;
    // i36-fd-accounts-migrate-last-account-missing: the migration answers the login's accounts without the last one (a loop bound off by one).
    const answer = faults.has('i36-fd-accounts-migrate-last-account-missing') ? all.slice(0, -1) : all;
    const view = viewer(login.customerId);
    // Blind fault: the migration answer shows the full account number.
    return { accounts: answer.map((a) => view.full(a, faults.has('blind-accounts-migrate-full-number') ? a.number.length : 4)) };
  });
}
