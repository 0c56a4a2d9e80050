// Faults of accounts, named `<rule id>-<deviation>` (schemas/financial-data/rules*.yaml; docs/mutation.md): `relax`, or accounts.ts's
// seams (Step, Change, the answer). A blind fault keeps its earlier id as an alias.
import { always, assumption, blind, faultCatalogue, provider, was, type FaultMemory, type SeamFn, schema } from '../kit/faults.js';
import { faultKit } from './fault-builders.js';
import { findCustomer, type Account, type Customer } from './state.js';
import { accountsOf, isActive, masked, viewer, type AccountSeams, type Exchange, type View } from './accounts.records.js';

type Judge = SeamFn<AccountSeams, 'judge'>;
type Answering = SeamFn<AccountSeams, 'answer'>;
type Stating = SeamFn<AccountSeams, 'state'>;
type Op = Exchange['op'];
type When = (x: Exchange, memory: FaultMemory) => boolean;
const { fault, fold, skip, on, writtenThenRefused, changed } = faultKit<AccountSeams>();
const customerOf = (x: Exchange) => findCustomer(x.world, x.input.path.customerId, x.input.partner?.id);
/** An account of another customer of the caller, by the path's id. */
const strayOf = (x: Exchange) => {
  const a = x.world.accounts.get(x.input.path.accountId);
  return a && customerOf(x) && findCustomer(x.world, a.customerId, x.input.partner?.id) ? a : undefined;
};
const FULL_READERS: Op[] = [
  'GetCustomerAccounts',
  'GetCustomerAccount',
  'GetCustomerAccountsByInstitutionLogin',
  'GetCustomerAccountsByInstitution',
  'RefreshCustomerAccounts',
  'RefreshCustomerAccountsByInstitutionLogin',
  'MigrateInstitutionLoginAccounts',
];
const SIMPLE_READERS: Op[] = [
  'GetCustomerAccountsSimple',
  'GetCustomerAccountSimple',
  'GetCustomerAccountsByInstitutionLoginSimple',
  'GetCustomerAccountsByInstitutionSimple',
];

// (a) The request as judged: functions at the judge seam.
/** The account of the path found otherwise (`find`) where the sources find none, on `op`. */
const accountFound = (op: Op, find: (x: Exchange, memory: FaultMemory) => Account | undefined): Judge =>
  skip(
    'account',
    (x, m) => x.op === op && find(x, m) !== undefined,
    (x, m) => (x.account = find(x, m)),
  );
/** The scope of `op` made otherwise where `when` holds. */
const scoped = (op: Op, when: When, scope: (x: Exchange, memory: FaultMemory) => Account[]): Judge =>
  fold(
    'scope',
    (x, m) => x.op === op && when(x, m),
    (x, m) => (x.list = scope(x, m)),
  );
/** The scope of GetCustomerAccounts with a status or type filter kept otherwise. */
const filteredBy = (when: When, keep: (a: Account, f: { status?: string; type?: string }) => boolean): Judge =>
  scoped('GetCustomerAccounts', when, (x) => accountsOf(x.world, x.customer!.id).filter((a) => keep(a, x.filters!)));
const typeKept = (a: Account, type?: string) => type === undefined || type === 'ava' || a.type === type;
/** The accounts deleted by `ops`, kept in the fault's memory by id. */
const keepDeleted =
  (...ops: Op[]): Stating =>
  (x, c, m) => {
    if (c.op === 'delete' && ops.includes(x.op)) for (const a of c.gone) m[a.id] = a;
    return c;
  };
/** The accounts of the customer of the path deleted (kept by keepDeleted), still gone from the store. */
const ghostsOf = (x: Exchange, m: FaultMemory, customerId = String(x.input.path.customerId)): Account[] =>
  Object.values(m).filter((a: Account) => a.customerId === customerId && !x.world.accounts.has(a.id));

// (c) The answer: functions at the answer seam.
/** Each record an answer of `ops` shows bent, with the account it is of. */
const shown =
  (ops: Op[], bend: (view: View, a: Account, x: Exchange) => View, when: (a: Account) => boolean = () => true): Answering =>
  (x, a) => {
    if (!ops.includes(x.op) || a.status >= 400 || !a.body) return a;
    if (Array.isArray(a.body.accounts))
      return {
        ...a,
        body: { ...a.body, accounts: a.body.accounts.map((v: View, i: number) => (when(a.shown[i]) ? bend(v, a.shown[i], x) : v)) },
      };
    return when(a.shown[0]) ? { ...a, body: bend(a.body, a.shown[0], x) } : a;
  };
const full = (x: Exchange, accounts: Account[]) => {
  const view = viewer(x.world, accounts[0]?.customerId ?? String(x.input.path.customerId));
  return { accounts: accounts.map((a) => view.full(a)) };
};

export const ACCOUNTS_FAULTS = faultCatalogue([
  // --- Lists of the customer: filters (seed 002, Accounts: query account status, account type)
  fault('fd-acct-filter-status-ignored', 'FD-ACCT-FILTER-STATUS: the status filter does not narrow GetCustomerAccounts', {
    judge: fold('filters', always, (x) => (x.filters!.status = undefined)),
  }),
  fault('fd-filter-exact-status-case-folded', 'FD-FILTER-EXACT: the status filter compares without case', {
    judge: filteredBy(
      (x) => x.filters!.status !== undefined,
      (a, f) => String(a.status).toLowerCase() === String(f.status).toLowerCase() && typeKept(a, f.type),
    ),
    ...provider,
  }),
  fault('fd-acct-filter-type-overrides-status', 'FD-ACCT-FILTER-TYPE: with account_type given, the status filter is skipped', {
    judge: fold(
      'filters',
      (x) => x.filters!.type !== undefined,
      (x) => (x.filters!.status = undefined),
    ),
    ...blind,
    ...was('blind-accounts-type-filter-overrides-status'),
  }),
  fault('fd-filter-exact-loan-matches-by-suffix', {
    rule: 'FD-ACCT-FILTER-TYPE, FD-FILTER-EXACT: account_type=loan also lists the studentLoan accounts',
    judge: filteredBy(
      (x) => x.filters!.type === 'loan',
      (a, f) => (f.status === undefined || a.status === f.status) && String(a.type).toLowerCase().endsWith('loan'),
    ),
  }),
  fault('fd-acct-full-pending-list-hides-pending', {
    rule: 'FD-ACCT-FULL-PENDING: GetCustomerAccounts without a filter leaves the pending account out',
    judge: scoped(
      'GetCustomerAccounts',
      (x) => x.filters!.status === undefined,
      (x) => x.list!.filter(isActive),
    ),
    ...provider,
  }),
  fault('fd-acct-refresh-window-reversed-accepted', {
    rule: 'FD-ACCT-REFRESH-WINDOW: a login refresh whose toDate is before its fromDate is carried out (200), not refused',
    judge: skip('window'),
    ...provider,
  }),
  fault('fd-acct-type-unsupported-empty', 'FD-ACCT-TYPE-UNSUPPORTED: an unsupported account type answers an empty list, not a 400', {
    judge: skip('type'),
    ...provider,
  }),

  // --- Scopes of the readers (seed 002, Accounts; provider 1.35.0 GetCustomerAccountsBy...)
  fault('fd-acct-simple-active-list-shows-pending', 'FD-ACCT-SIMPLE-ACTIVE: GetCustomerAccountsSimple lists the pending accounts too', {
    judge: scoped('GetCustomerAccountsSimple', always, (x) => accountsOf(x.world, x.customer!.id)),
  }),
  fault('fd-acct-by-institution-lists-pending', 'FD-ACCT-BY-INSTITUTION: the full by-institution list holds the pending accounts too', {
    judge: scoped('GetCustomerAccountsByInstitution', always, (x) =>
      accountsOf(x.world, x.customer!.id).filter((a) => a.institutionId === x.input.path.institutionId),
    ),
    ...provider,
  }),
  fault('fd-acct-by-login-simple-all-logins', {
    rule: "FD-ACCT-BY-LOGIN: the simple by-login list holds the customer's active accounts of every login",
    judge: scoped('GetCustomerAccountsByInstitutionLoginSimple', always, (x) => accountsOf(x.world, x.login!.customerId).filter(isActive)),
  }),
  fault('fd-obj-other-parent-full-by-id', {
    rule: 'FD-OBJ-OTHER-PARENT, FD-TXN-OWNER-404: GetCustomerAccount serves an account of another customer of the partner',
    judge: accountFound('GetCustomerAccount', strayOf),
    ...assumption,
  }),

  // --- Records (provider 1.35.0 CustomerAccount, CustomerAccountSimple; reference, account numbers masked)
  fault('fd-acct-detail-types-available-balance-every-type', {
    rule: 'FD-ACCT-DETAIL-TYPES: the full readers give availableBalanceAmount in the detail of every account, a credit card, a line of credit and an investment account too',
    answer: shown(FULL_READERS, (v, a) => ({ ...v, detail: { ...v.detail, availableBalanceAmount: a.availableBalance } })),
    ...provider,
  }),
  fault('fd-acct-number-masked-display-first-four', {
    rule: 'FD-ACCT-NUMBER-DISPLAY: accountNumberDisplay shows the first four digits, not the last',
    answer: shown([...FULL_READERS, ...SIMPLE_READERS], (v, a) => ({ ...v, accountNumberDisplay: a.number.slice(0, 4) })),
    ...assumption,
  }),
  fault('fd-acct-number-masked-by-login-last-five', {
    rule: 'FD-PROP-READERS-AGREE: the full by-login list shows five digits of each number, the other readers four',
    answer: shown(['GetCustomerAccountsByInstitutionLogin'], (v, a) => ({ ...v, number: masked(a, 5) })),
    ...assumption,
  }),
  fault('fd-acct-ids-simple-one-wrong-login', {
    rule: "FD-ACCT-IDS: GetCustomerAccountSimple shows the customer's first login instead of the account's own",
    answer: shown(['GetCustomerAccountSimple'], (v, a, x) => ({
      ...v,
      institutionLoginId: accountsOf(x.world, a.customerId)[0]?.institutionLoginId ?? a.institutionLoginId,
    })),
    ...provider,
  }),
  fault('fd-acct-simple-basic-by-login-carries-balance', {
    rule: 'FD-ACCT-SIMPLE-BASIC: the simple by-login list carries the balance and a detail',
    answer: shown(['GetCustomerAccountsByInstitutionLoginSimple'], (v, a) => ({
      ...v,
      balance: a.balance,
      detail: { availableBalanceAmount: a.availableBalance },
    })),
  }),
  fault('fd-acct-simple-one-pending-404', 'FD-ACCT-SIMPLE-ONE-PENDING: GetCustomerAccountSimple answers a pending account 404', {
    judge: (x, s, r) =>
      r ??
      (s === 'account' && x.op === 'GetCustomerAccountSimple' && !isActive(x.account!)
        ? { status: 404, message: 'Account not found' }
        : undefined),
    ...provider,
  }),
  fault('fd-acct-simple-one-pending-shown-active', {
    rule: 'FD-ACCT-SIMPLE-ONE-PENDING, FD-PROP-READERS-AGREE: GetCustomerAccountSimple shows a pending account as active',
    answer: shown(
      ['GetCustomerAccountSimple'],
      (v) => ({ ...v, status: 'active' }),
      (a) => !isActive(a),
    ),
    ...provider,
  }),
  fault('fd-date-unit-simple-by-id-dates-ms', {
    rule: 'FD-DATE-UNIT: GetCustomerAccountSimple, a less used reader, gives every date of the account in milliseconds',
    answer: shown(['GetCustomerAccountSimple'], (v) =>
      Object.fromEntries(Object.entries(v).map(([k, d]) => [k, /Date$/.test(k) && typeof d === 'number' ? d * 1000 : d])),
    ),
    ...provider,
  }),

  // --- Refresh (seed 002, Accounts: v1 200 with the accounts, v2 204; completion an updated aggregation attempt date)
  fault('fd-acct-dates-refresh-date-ms', 'FD-ACCT-DATES: a refresh dates the aggregation in epoch milliseconds', {
    state: changed('refresh', (c, x) => ({ ...c, at: x.now.getTime() })),
    ...provider,
  }),
  fault('fd-acct-refresh-date-v2-success-date-only', {
    rule: 'FD-ACCT-REFRESH-DATE: the v2 refreshes move the success date only, not the attempt date',
    state: changed('refresh', (c, x) => (x.op.endsWith('V2') ? { ...c, attempt: false } : c)),
    ...blind,
    ...was('blind-accounts-refresh-v2-success-date-only'),
  }),
  fault('fd-acct-refresh-scope-v2-first-login-only', {
    rule: 'FD-ACCT-REFRESH-V2, FD-ACCT-REFRESH-SCOPE: the v2 refresh of a customer stops after its first institution login',
    state: changed('refresh', (c, x) =>
      x.op === 'RefreshCustomerAccountsV2'
        ? { ...c, accounts: c.accounts.filter((a) => a.institutionLoginId === c.accounts[0]?.institutionLoginId) }
        : c,
    ),
  }),
  fault('fd-acct-refresh-scope-login-touches-all', 'FD-ACCT-REFRESH-SCOPE: a refresh by login refreshes every login of the customer', {
    state: changed('refresh', (c, x) => (x.login ? { ...c, accounts: accountsOf(x.world, x.login.customerId) } : c)),
  }),
  fault('fd-acct-refresh-v1-answers-204', 'FD-ACCT-REFRESH-V1: a v1 refresh by login answers 204 without the accounts', {
    answer: (x, a) => (x.op === 'RefreshCustomerAccountsByInstitutionLogin' && a.status < 400 ? { ...a, status: 204, body: undefined } : a),
  }),
  fault('fd-obj-foreign-id-refresh-v2-unknown-customer-204', {
    rule: 'FD-OBJ-FOREIGN-ID: the v2 refresh answers 204 for a customer it does not know',
    judge: skip('customer', on('RefreshCustomerAccountsV2'), (x) => (x.customer = { id: String(x.input.path.customerId) } as Customer)),
    ...provider,
  }),

  // --- Deletion of access (seed 002, Accounts: removes access to that data only)
  fault('fd-acct-delete-account-simple-readable', 'FD-ACCT-DELETE-ACCOUNT: a deleted account is still read by GetCustomerAccountSimple', {
    state: keepDeleted('DeleteCustomerAccount', 'DeleteCustomerAccountsByInstitutionLogin'),
    judge: accountFound('GetCustomerAccountSimple', (x, m) => ghostsOf(x, m).find((a) => a.id === x.input.path.accountId)),
  }),
  fault('fd-not-found-delete-unknown-account-400', {
    rule: 'FD-ACCT-DELETE-ACCOUNT, FD-NOT-FOUND: an unknown account id on delete is answered 400, not 404',
    judge: (x, s, r) => (r && s === 'account' && x.op === 'DeleteCustomerAccount' ? { status: 400, message: 'Invalid account id' } : r),
  }),
  fault('fd-acct-delete-again-204', 'FD-ACCT-DELETE-AGAIN: a second delete of an account answers 204, not 404', {
    state: keepDeleted('DeleteCustomerAccount'),
    judge: accountFound('DeleteCustomerAccount', (x, m) => ghostsOf(x, m).find((a) => a.id === x.input.path.accountId)),
  }),
  fault('fd-acct-delete-again-login-204', 'FD-ACCT-DELETE-AGAIN: a second delete of an institution login answers 204, not 404', {
    state: (x, c, m) => {
      if (x.op === 'DeleteCustomerAccountsByInstitutionLogin') m[`${x.input.path.customerId}/${x.input.path.institutionLoginId}`] = x.login;
      return c;
    },
    judge: skip(
      'login',
      (x, m) =>
        x.op === 'DeleteCustomerAccountsByInstitutionLogin' &&
        m[`${x.input.path.customerId}/${x.input.path.institutionLoginId}`] !== undefined,
      (x, m) => (x.login = m[`${x.input.path.customerId}/${x.input.path.institutionLoginId}`]),
    ),
    ...blind,
    ...was('blind-accounts-second-login-delete-204'),
  }),
  fault('fd-acct-delete-keeps-others-account-drops-login', {
    rule: 'FD-ACCT-DELETE-KEEPS-OTHERS: deleting one account removes every account of its login',
    state: changed('delete', (c, x) =>
      x.op === 'DeleteCustomerAccount'
        ? { ...c, gone: accountsOf(x.world, x.account!.customerId).filter((a) => a.institutionLoginId === x.account!.institutionLoginId) }
        : c,
    ),
  }),
  fault('fd-prop-refused-no-trace-other-customer-account-removed', {
    rule: 'FD-OBJ-OTHER-PARENT, FD-PROP-REFUSED-NO-TRACE: DeleteCustomerAccount under another customer of the partner answers 404 but removes the account',
    // The account of the path's id when any customer of the partner holds it, whatever the path's customer names.
    judge: writtenThenRefused('account', on('DeleteCustomerAccount'), (x) => {
      const a = x.world.accounts.get(x.input.path.accountId);
      if (a && findCustomer(x.world, a.customerId, x.input.partner?.id)) x.world.accounts.delete(a.id);
    }),
  }),
  fault('fd-obj-after-delete-login-full-readable', {
    rule: 'FD-ACCT-DELETE-LOGIN, FD-OBJ-AFTER-DELETE: GetCustomerAccount still reads an account of a deleted login',
    state: keepDeleted('DeleteCustomerAccountsByInstitutionLogin'),
    judge: accountFound('GetCustomerAccount', (x, m) =>
      customerOf(x) ? ghostsOf(x, m).find((a) => a.id === x.input.path.accountId) : undefined,
    ),
    ...assumption,
  }),

  // --- Migration (seed 002, Accounts; App registration: authorization details)
  fault('fd-acct-migrate-returns-all', 'FD-ACCT-MIGRATE: the migration answers every account of the customer', {
    answer: (x, a) =>
      x.op === 'MigrateInstitutionLoginAccounts' && a.status === 200
        ? { ...a, body: full(x, accountsOf(x.world, x.login!.customerId)) }
        : a,
  }),
  fault('fd-authdetails-legacy-migrate-takes-second-call', {
    rule: 'FD-AUTHDETAILS-LEGACY, FD-ACCT-MIGRATE: the first migration answers the accounts but leaves the login on its legacy connection',
    state: changed('migrate', (c, x, m) => {
      const first = !m[x.login!.id];
      m[x.login!.id] = true;
      return first ? { ...c, migrated: false } : c;
    }),
  }),

  // --- The account id (reference, Identifiers)
  fault('fd-acct-id-format-unchecked', 'FD-ACCT-ID-FORMAT: a malformed account id in a path is looked up, not refused 400', {
    relax: schema('AccountIdParam', { drop: ['pattern'] }),
    ...assumption,
  }),
]);
