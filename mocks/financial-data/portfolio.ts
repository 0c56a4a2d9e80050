// A customer's linked data (reference/financial-data.md, "Mock world"): logins, accounts of every type the seed names and
// transactions, generated deterministically when the suite links the customer (POST /__mock/customers/{customerId}/link) or one
// institution at a time from the stand-in's Connect page (connect-page.ts).
import {
  linkedData,
  type Account,
  type AccountType,
  type FdState,
  type InstitutionLogin,
  type LinkedData,
  type Transaction,
} from './state.js';
import type { Contract } from '../../helpers/contract/contract.js';
import { limitOf } from '../../helpers/contract/facts.js';

/** Full account numbers of the mock start with this, so fixtures/leak-patterns.ts can spot one that escapes redaction. */
// Six digits of prefix: a random ten-digit number elsewhere (an installments MID) starts so once in a million, not a false leak.
export const ACCOUNT_NUMBER_PREFIX = '905173';
/** Digits after the prefix (a full account number is ten digits). */
export const ACCOUNT_NUMBER_RANDOM_DIGITS = 4;
export const DAY_S = 86_400;
/** Types whose detail gives an available balance (provider 1.35.0 CustomerAccountDetail.availableBalanceAmount: deposits and loans). */
export const AVAILABLE_BALANCE_TYPES: AccountType[] = ['checking', 'savings', 'cd', 'moneyMarket', 'mortgage', 'loan', 'studentLoan'];
/** How far back transactions reach (seed 002, Limits; the contract's x-limits): standard aggregation's days, the historic load's. */
export interface HistoryDays {
  standard: number;
  historic: number;
}
export const historyDays = (contract: Contract): HistoryDays => ({
  standard: limitOf(contract, 'standardHistoryDays'),
  historic: limitOf(contract, 'historicLoadDays'),
});
/** The one account with more transactions than a page holds (seed 002, Limits: 1000 per page). */
export const LARGE_ACCOUNT_TRANSACTIONS = 1205;

/** Seeded PRNG (mulberry32): the same seed always yields the same data. */
function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Plan {
  institutionId: string;
  legacy?: boolean;
  accounts: { type: AccountType; status?: 'pending'; mfa?: boolean; transactions: number }[];
}

// FinBank A: deposit, card and investment accounts (checking holds more than a page of transactions); FinBank B: credit products and
// an MFA savings account; Harbor Savings: a legacy connection for the migration.
const PLAN: Plan[] = [
  {
    institutionId: '101732',
    accounts: [
      { type: 'checking', transactions: LARGE_ACCOUNT_TRANSACTIONS },
      { type: 'savings', transactions: 40 },
      { type: 'moneyMarket', transactions: 20 },
      { type: 'cd', transactions: 6 },
      { type: 'creditCard', transactions: 40 },
      { type: 'investment', transactions: 10 },
      { type: 'checking', status: 'pending', transactions: 5 },
    ],
  },
  {
    institutionId: '102105',
    accounts: [
      { type: 'savings', mfa: true, transactions: 12 },
      { type: 'mortgage', transactions: 6 },
      { type: 'loan', transactions: 6 },
      { type: 'lineOfCredit', transactions: 6 },
      { type: 'studentLoan', transactions: 6 },
    ],
  },
  { institutionId: '170778', legacy: true, accounts: [{ type: 'checking', transactions: 10 }] },
];

const NAMES: Record<AccountType, string> = {
  checking: 'Everyday Checking',
  savings: 'Savings',
  moneyMarket: 'Money Market',
  cd: 'Certificate of Deposit',
  investment: 'Brokerage',
  mortgage: 'Home Mortgage',
  creditCard: 'Rewards Card',
  loan: 'Auto Loan',
  lineOfCredit: 'Home Equity Line',
  studentLoan: 'Student Loan',
};
const PAYEES = ['Corner Coffee', 'Payroll Deposit', 'Grocery Mart', 'Electric Utility', 'Transfer', 'Online Store', 'Gas Station', 'Rent'];

/** The category of each payee (the transaction lists' categorization and the reports' alike). */
const CATEGORIES: Record<string, string> = {
  'Corner Coffee': 'Coffee Shops',
  'Payroll Deposit': 'Paycheck',
  'Grocery Mart': 'Groceries',
  'Electric Utility': 'Utilities',
  Transfer: 'Transfer',
  'Online Store': 'Shopping',
  'Gas Station': 'Gas & Fuel',
  Rent: 'Mortgage & Rent',
};

/** A payee's category; 'Uncategorized' for any other description. */
export const categoryOf = (description: string): string => CATEGORIES[description] ?? 'Uncategorized';

/** Links the customer's deterministic portfolio (idempotent); `nowS`, the virtual time in epoch seconds, is when accounts are added. */
export function linkPortfolio(world: FdState, customerId: string, nowS: number, history: HistoryDays): LinkedData {
  const existing = linkedData(world, customerId);
  if (existing.logins.length > 0) return existing;
  const random = prng(Number(customerId.replace(/\D/g, '')) || 1);
  for (const plan of PLAN) addLogin(world, customerId, plan, random, nowS, history);
  return linkedData(world, customerId);
}

/** The institutions the portfolio holds accounts at, with how many accounts each login adds. */
export function planInstitutions(): { institutionId: string; accounts: number; legacy: boolean }[] {
  return PLAN.map((p) => ({ institutionId: p.institutionId, accounts: p.accounts.length, legacy: Boolean(p.legacy) }));
}

/**
 * Links one institution of the portfolio, as a Connect sign-in there does (connect-page.ts): deterministic per customer and
 * institution; empty when the portfolio holds nothing there. The caller decides whether it may link.
 */
export function linkInstitution(world: FdState, customerId: string, institutionId: string, nowS: number, history: HistoryDays): LinkedData {
  const plan = PLAN.find((p) => p.institutionId === institutionId);
  if (!plan) return { logins: [], accounts: [] };
  const random = prng((Number(customerId.replace(/\D/g, '')) || 1) + Number(institutionId.replace(/\D/g, '') || 0));
  return addLogin(world, customerId, plan, random, nowS, history);
}

/** A FinBank A login with one checking account without transactions (the control surface's: provider 1.35.0 example 10008). */
export function linkEmptyAccount(world: FdState, customerId: string, nowS: number, history: HistoryDays): LinkedData {
  const plan: Plan = { institutionId: PLAN[0].institutionId, accounts: [{ type: 'checking', transactions: 0 }] };
  return addLogin(world, customerId, plan, prng(Number(customerId.replace(/\D/g, '')) || 1), nowS, history);
}

/** Adds one login of the plan with its accounts and their transactions; answers what it added. */
function addLogin(world: FdState, customerId: string, plan: Plan, random: () => number, nowS: number, history: HistoryDays): LinkedData {
  // The transactions are the known data the specs count and sort (tests/financial-data/*.known.ts): seeded by the institution, never
  // the customer id, so they do not depend on what other tests created first. Balances and account numbers stay the customer's.
  const routingNumber = world.institutions.find((i) => i.id === plan.institutionId)?.routingNumbers[0] ?? '021000021';
  const login: InstitutionLogin = {
    id: Number(world.nextId()),
    customerId,
    institutionId: plan.institutionId,
    legacy: Boolean(plan.legacy),
  };
  world.logins.set(login.id, login);
  const added: LinkedData = { logins: [login], accounts: [] };
  for (const a of plan.accounts) {
    const id = world.nextId();
    const balance = Math.round(random() * 500_000) / 100;
    const account: Account = {
      id,
      customerId,
      institutionLoginId: login.id,
      institutionId: plan.institutionId,
      type: a.type,
      status: a.status ?? 'active',
      name: NAMES[a.type],
      number: `${ACCOUNT_NUMBER_PREFIX}${String(Math.floor(random() * 10 ** ACCOUNT_NUMBER_RANDOM_DIGITS)).padStart(ACCOUNT_NUMBER_RANDOM_DIGITS, '0')}`,
      routingNumber,
      balance,
      linkedBalance: balance,
      // An account type without an available balance (provider 1.35.0 CustomerAccountDetail) is reported at its balance.
      availableBalance: AVAILABLE_BALANCE_TYPES.includes(a.type) ? Math.round(balance * 90) / 100 : balance,
      currency: 'USD',
      createdDate: nowS,
      aggregationAttemptDate: nowS,
      aggregationSuccessDate: nowS,
      balanceDate: nowS,
      mfa: Boolean(a.mfa),
      historicLoaded: false,
    };
    world.accounts.set(id, account);
    added.accounts.push(account);
    // Ids are taken now, in their fixed order; the records are made at the first read, replaying the institution's seed at these ranks.
    if (a.transactions === 0) continue;
    // The mock's counter hands out consecutive ids: the account's are a range from the first.
    const first = Number(world.nextId()) * 10 + 1;
    for (let n = 1; n < a.transactions; n++) world.nextId();
    const before = plan.accounts.slice(0, plan.accounts.indexOf(a));
    world.transactions.defer(id, {
      owns: (t) => t >= first && t < first + 10 * a.transactions,
      firstRank: world.transactions.reserveRanks(a.transactions),
      make: () => {
        const replay = prng(Number(plan.institutionId));
        for (const earlier of before) transactionsOf(earlier.transactions, replay, history, nowS, undefined, customerId);
        return transactionsOf(a.transactions, replay, history, nowS, { accountId: id, first }, customerId);
      },
    });
  }
  return added;
}

/** One account's transactions from its login's sequence, over the historic reach, the last quarter historic; no account: draws only. */
function transactionsOf(
  count: number,
  dataRandom: () => number,
  history: HistoryDays,
  nowS: number,
  account: { accountId: string; first: number } | undefined,
  customerId: string,
): Transaction[] {
  const { standard: STANDARD_HISTORY_DAYS, historic: HISTORIC_DAYS } = history;
  const made: Transaction[] = [];
  for (let n = 0; n < count; n++) {
    const historic = n % 4 === 3;
    const ageDays = historic
      ? STANDARD_HISTORY_DAYS + 1 + Math.floor(dataRandom() * (HISTORIC_DAYS - STANDARD_HISTORY_DAYS - 2))
      : Math.floor(dataRandom() * STANDARD_HISTORY_DAYS);
    const postedDate = nowS - ageDays * DAY_S - Math.floor(dataRandom() * 3600);
    const pending = !historic && n % 17 === 5;
    const amount = Math.round((dataRandom() - 0.6) * 40_000) / 100;
    const description = PAYEES[Math.floor(dataRandom() * PAYEES.length)];
    // One in eleven has no transaction date: sorting falls back to postedDate (seed 002, Transactions).
    const transactionDate = n % 11 === 7 ? undefined : postedDate - Math.floor(dataRandom() * 2) * DAY_S;
    if (!account) continue;
    made.push({
      id: account.first + 10 * n,
      accountId: account.accountId,
      customerId,
      amount,
      description,
      status: pending ? 'pending' : 'active',
      ...(transactionDate === undefined ? {} : { transactionDate }),
      postedDate,
      createdDate: postedDate,
      historic,
    });
  }
  return made;
}

/** What the control surface answers: enough for a spec to address every account (no full numbers). */
export function linkedView(data: LinkedData) {
  return {
    logins: data.logins.map((l) => ({ id: l.id, institutionId: l.institutionId, legacy: l.legacy })),
    accounts: data.accounts.map((a) => ({
      id: a.id,
      institutionLoginId: a.institutionLoginId,
      institutionId: a.institutionId,
      type: a.type,
      status: a.status,
      mfa: a.mfa,
      createdDate: a.createdDate,
      numberLast4: a.number.slice(-4),
    })),
  };
}
