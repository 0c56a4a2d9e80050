// Customers as the API shows them (seed 002, Endpoints - Customers; provider 1.35.0 Customer, CustomerWithAppData) and what the seams of
// customers.ts carry (the exchange, the steps of its judgement, a change, an answer): apart from the behaviour, so that its faults
// (customers.faults.ts) name them without importing the shared front.
import type { Contract } from '../../helpers/contract/contract.js';
import type { FdOperationId } from '../../helpers/contract/operations.js';
import type { Input } from './input.js';
import type { Customer, FdState } from './state.js';

/** A customer record; dates as digit strings, as the provider serialises them (StringUnixDate). */
export function customerView(c: Customer) {
  const view: Record<string, unknown> = { id: c.id, username: c.username, type: c.type, createdDate: String(c.createdDate) };
  for (const key of ['firstName', 'lastName', 'phone', 'email', 'applicationId'] as const) if (c[key] !== undefined) view[key] = c[key];
  return view;
}

/** Seed 002, Customers: search matches the username, or any combination of firstName and lastName. */
export function matches(c: Customer, search: string): boolean {
  const text = search.trim().toLowerCase();
  if (c.username.toLowerCase().includes(text)) return true;
  const names = [c.firstName ?? '', c.lastName ?? ''].map((n) => n.toLowerCase());
  return text.split(/\s+/).every((word) => names.some((n) => n.includes(word)));
}

/** The members of a customer a create body gives (seed 002, Resources - Customer). */
export function pick(body: Record<string, any>) {
  const { username, firstName, lastName, phone, email, applicationId } = body;
  return { username, firstName, lastName, phone, email, applicationId };
}

export interface Exchange {
  op: FdOperationId;
  input: Input;
  now: Date;
  world: FdState;
  contract: Contract;
  /** The caller's customer the path names (the 'customer' step). */
  customer?: Customer;
  /** GetCustomers: its filters as read and the customers they keep. */
  filters?: { username?: string; type?: string; search?: string };
  list?: { readonly length: number; slice(from: number, to: number): Customer[] };
}

/** The steps of the judgement, in the order an operation takes those it has. */
export type Step = 'username' | 'customer' | 'dispute' | 'filters' | 'list';

export interface Refusal {
  status: number;
  message: string;
}

/** What a write stores, before it is applied. */
export type Change =
  | { op: 'create'; customer: Customer }
  | { op: 'modify'; firstName?: string; lastName?: string }
  | { op: 'delete'; removed: boolean; freesUsername: boolean };

export interface Answer {
  status: number;
  body?: any;
}

export type CustomerSeams = { x: Exchange; step: Step; refusal: Refusal; change: Change; answer: Answer; delivery: never };
