// TxPush as the API shows it (seed 002, Endpoints - TxPush; Events - TxPush; provider 1.35.0 SubscriptionRecord,
// CreatedTestTxPushTransaction), the deliveries (TxPushEvent, an assumption of the reference page, Outbound deliveries) and what
// txpush.ts's seams carry, for its faults.
import { createHash, createHmac } from 'node:crypto';
import type { Answered, Exchanged, Refused } from './input.js';
import type { Account, Customer, FdState, Transaction, TxPushClass, TxPushSubscription as Subscription } from './state.js';

/** The header carrying a delivery's signature (an assumption: rules/txpush.yaml FD-TXPUSH-SIGNED). */
export const TXPUSH_SIGNATURE_HEADER = 'X-TxPush-Signature';

export const cents = (n: number) => Math.round(n * 100) / 100;

/** The HMAC-SHA256 of a delivery's text under a subscription's signing key, in hex (FD-TXPUSH-SIGNED). */
export const signature = (key: string, text: string, encoding: 'hex' | 'base64' = 'hex') =>
  createHmac('sha256', key).update(text).digest(encoding);

/** A subscription record of an account's listener; its signing key deterministic per id (the mock holds no entropy of its own). */
export function newRecord(world: FdState, account: Account, type: TxPushClass, callbackUrl: string): Subscription {
  const id = Number(world.nextId());
  const signingKey = createHash('sha256').update(`txpush-signing:${id}`).digest('base64url');
  return { id, customerId: account.customerId, accountId: account.id, type, callbackUrl, signingKey };
}

/** A record as the subscribe call answers it (provider 1.35.0 SubscriptionRecord). */
export const recordView = (s: Subscription) => ({
  id: s.id,
  accountId: Number(s.accountId),
  type: s.type,
  callbackUrl: s.callbackUrl,
  signingKey: s.signingKey,
});

/** The kind of customer an account belongs to: testing or active (a real account). */
export const customerType = (world: FdState, account: Account) => world.customers.get(account.customerId)?.type;

/** The event a subscription hears of a test transaction: the transaction itself, or the account's balance changed (seed 002, Events). */
export function eventOf(sub: Pick<Subscription, 'id' | 'type'>, t: Transaction, account: Account, oldBalance: number) {
  const head = { subscriptionId: sub.id, class: sub.type, accountId: Number(account.id), customerId: Number(account.customerId) };
  if (sub.type === 'transaction') {
    const { id, amount, description, status, transactionDate, postedDate, createdDate } = t;
    return {
      ...head,
      event: 'transaction.created',
      transaction: { id, amount, description, status, transactionDate, postedDate, createdDate },
    };
  }
  return {
    ...head,
    event: 'account.modified',
    account: { id: Number(account.id), balance: account.balance },
    changes: [{ field: 'balance', old: oldBalance, new: account.balance }],
  };
}

export interface Exchange extends Exchanged {
  now: Date;
  /** The target's clock in epoch seconds. */
  nowS: number;
  /** The caller's account the path names (the 'account' step). */
  account?: Account;
  /** The listener URL as parsed, and the port it names or its scheme implies (the 'url' step). */
  url?: URL;
  port?: number;
  /** DeleteTxPushSubscription: the caller's customer, the record the id names (whoever's), and that record when it is the customer's. */
  customer?: Customer;
  found?: Subscription;
  sub?: Subscription;
  /** CreateTxPushTestTransaction: the transaction made, the balance before it, the records it is delivered to. */
  t?: Transaction;
  oldBalance?: number;
  listeners?: Subscription[];
}

/** The steps of the judgement, in the order an operation takes those it has. */
export type Step = 'account' | 'url' | 'port' | 'https' | 'testing' | 'customer' | 'subscription';

export type Refusal = Refused;

/** What a write stores, before it is applied. */
export type Change =
  | { op: 'subscribe'; records: Subscription[] }
  | { op: 'disable'; removed: Subscription[] }
  | { op: 'delete'; removed: Subscription[] }
  /** The transaction announced, the copy stored (none: not stored), the balance it moves from and by how much, the records told. */
  | { op: 'test'; transaction: Transaction; stored?: Transaction; from: number; moved: number; listeners: Subscription[] };

/** An answer as sent: a success's status and body, or a refusal in the error body of the contract. */
export interface Answer extends Answered {
  refusal?: Refusal;
}

/** One delivery: URLs called (none: not sent), headers (signed after the seam unless a fault signed), body, key; `silent`: why none. */
export interface Delivery {
  sub?: Subscription;
  to: string[];
  headers: Record<string, string>;
  body: Record<string, any>;
  key: string;
  silent?: 'no change' | 'no subscription';
}

export type TxPushSeams = { x: Exchange; step: Step; refusal: Refusal; change: Change; answer: Answer; delivery: Delivery };
