// Payments data as the API shows it (seed 002, Endpoints - Payments data; provider 1.35.0 AccountOwner, AccountOwnerDetails,
// PaymentInstruction, PaymentEnablementBundle, owner match) and what payments-data.ts's seams carry, for its faults.
import type { Contract } from '../../helpers/contract/contract.js';
import type { Answered, Exchanged, Refused } from './input.js';
import type { Account, AccountType, Customer, InstitutionLogin } from './state.js';

// seed 002, Payments data: supported account types per operation (cd is certificateOfDeposit).
export const ACH_TYPES: AccountType[] = ['checking', 'savings', 'moneyMarket', 'cd'];
export const DETAILS_V3_TYPES: AccountType[] = ['checking', 'savings', 'moneyMarket'];
export const BALANCE_TYPES: AccountType[] = ['checking', 'savings', 'moneyMarket', 'cd'];
// provider 1.35.0: loan details serve "a loan-type account"; AccountType calls mortgage, loan, studentLoan loans (lineOfCredit refused).
export const LOAN_TYPES: AccountType[] = ['mortgage', 'loan', 'studentLoan'];
/** Harbor Savings Bank never answers holder data in time: owner match on its account is a 408 (seed 002, Errors - 408), the only one. */
export const SLOW_HOLDER_DATA_INSTITUTION = '170778';
export const PEB_SECTIONS = ['balanceDetails', 'paymentInstruction', 'accountIdentity'] as const;
export type PebSection = (typeof PEB_SECTIONS)[number];

/** The account holder: the customer the account was linked for (names, e-mail, phone), at a derived address. */
export function holderOf(customer: Customer | undefined, account: Account) {
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

/** Deterministic identity insights of a holder (provider 1.35.0 AccountOwnerIdentityInsights members). */
export function insightsOf(account: Account, email?: string, phone?: string) {
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

export interface Exchange extends Exchanged {
  contract: Contract;
  /** The epoch second of the request. */
  nowS: number;
  /** The caller's account the path names (the 'account' step). */
  account?: Account;
  /** The bundle by login: the caller's login the path names and its accounts of that customer (the 'login' step). */
  login?: InstitutionLogin & { accounts: Account[] };
  /** The bundle: the sections it answers (the 'include' step). */
  sections?: Set<PebSection>;
}

/** The steps of the judgement, in the order an operation takes those it has. */
export type Step = 'include' | 'account' | 'login' | 'type' | 'mfa' | 'slow';

/** A refusal; a status below 400 is an answer without a body (the owner's 203). */
export interface Refusal extends Refused {
  code?: string;
}

/** A balance read (provider 1.35.0 balance_cache_interval, minutes): `refresh`, the interval (`defaulted`: the bundle's), the age in s. */
export interface Change {
  op: 'balance';
  reader: 'live' | 'cached' | 'peb';
  interval: number;
  defaulted: boolean;
  ageS: number;
  refresh: boolean;
}

export type Answer = Answered;

export type PaymentsDataSeams = { x: Exchange; step: Step; refusal: Refusal; change: Change; answer: Answer; delivery: never };
