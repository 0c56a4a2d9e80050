// Accounts as shown (seed 002, Endpoints - Accounts; provider 1.35.0 CustomerAccount, CustomerAccountSimple) and accounts.ts's seam types.
import type { Answered, Exchanged, Refused } from './input.js';
import { AVAILABLE_BALANCE_TYPES } from './portfolio.js';
import { linkedData, type Account, type Customer, type FdState, type InstitutionLogin } from './state.js';

/**
 * The account_type values supported: "ava" (provider 1.35.0 AccountTypeParameter) and the provider's AccountType list (seed 002,
 * Resources - Account; filtering by type an assumption). Another value is its 400 example.
 */
export const SUPPORTED_ACCOUNT_TYPES = new Set([
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
export const isActive = (a: Account) => a.status === 'active';

export const accountsOf = (world: FdState, customerId: string) => linkedData(world, customerId).accounts;
export const accountsOfLogin = (world: FdState, login: InstitutionLogin) =>
  accountsOf(world, login.customerId).filter((a) => a.institutionLoginId === login.id);

/** Position of each account among its login's accounts, 1 on top (provider DisplayPosition), in one pass. */
function positionsOf(world: FdState, customerId: string) {
  const perLogin = new Map<number, number>();
  const out = new Map<string, number>();
  for (const a of accountsOf(world, customerId)) {
    const n = (perLogin.get(a.institutionLoginId) ?? 0) + 1;
    perLogin.set(a.institutionLoginId, n);
    out.set(a.id, n);
  }
  return out;
}

/** Never the full number: the last four digits shown, the rest masked (docs/conventions.md, Secrets and card data). */
export const masked = (a: Account, shown = 4) => `${'x'.repeat(a.number.length - shown)}${a.number.slice(-shown)}`;

/** The basic fields (provider 1.35.0 CustomerAccountSimple). */
function simpleView(a: Account, positions: Map<string, number>) {
  return {
    id: a.id,
    accountNumberDisplay: a.number.slice(-4),
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
function fullView(a: Account, positions: Map<string, number>) {
  return {
    ...simpleView(a, positions),
    number: masked(a),
    accountNickname: a.name,
    balance: a.balance,
    balanceDate: a.balanceDate,
    lastUpdatedDate: a.aggregationSuccessDate,
    marketSegment: 'personal',
    detail: {
      dateAsOf: a.balanceDate,
      ...(AVAILABLE_BALANCE_TYPES.includes(a.type) ? { availableBalanceAmount: a.availableBalance } : {}),
    },
  };
}

/** The two views of a customer's accounts, positions computed once per request. */
export const viewer = (world: FdState, customerId: string) => {
  const positions = positionsOf(world, customerId);
  return { simple: (a: Account) => simpleView(a, positions), full: (a: Account) => fullView(a, positions) };
};
export type View = Record<string, any>;

export interface Exchange extends Exchanged {
  now: Date;
  /** The caller's customer, account and institution login the path names. */
  customer?: Customer;
  account?: Account;
  login?: InstitutionLogin;
  /** GetCustomerAccounts: the status and type filters as applied. */
  filters?: { status?: string; type?: string };
  /** The accounts the operation reads, refreshes or answers, in the order answered. */
  list?: Account[];
}

/** The steps of the judgement, in the order an operation takes those it has. */
export type Step = 'customer' | 'account' | 'login' | 'institution' | 'type' | 'filters' | 'scope' | 'window';

export type Refusal = Refused;

/** What a write stores, before it is applied. */
export type Change =
  | { op: 'refresh'; accounts: Account[]; at: number; attempt: boolean }
  | { op: 'delete'; gone: Account[] }
  | { op: 'migrate'; migrated: boolean };

/** An answer as sent; `shown` the accounts its views are of, in order (one for a single account). */
export interface Answer extends Answered {
  shown: Account[];
}

export type AccountSeams = { x: Exchange; step: Step; refusal: Refusal; change: Change; answer: Answer; delivery: never };
