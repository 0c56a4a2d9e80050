// Everything the financial data mock keeps (reference/financial-data.md, "Mock world"). One FdState per started mock, read and
// changed through ctx.state only, so a change one operation makes is seen by every other at once; the shared lookups are here too.
import { randomBytes } from 'node:crypto';
import type { FdOperationId } from '../../helpers/contract/operations.js';
import { IndexedMap, type Group } from '../kit/indexed-map.js';
import { DeferringIndexedMap } from './deferring-store.js';

export interface Partner {
  id: string;
  secret: string;
  initialSecret: string;
  failures: number;
  locked: boolean;
  /** A secret kept for a grace period (provider 1.35.0 PartnerCredentialsWithNewSecret.immediate false) until `untilMs`. */
  graced?: { secret: string; untilMs: number };
}
export interface IssuedToken {
  partnerId: string;
  issuedMs: number;
}
export interface Customer {
  id: string;
  partnerId: string;
  username: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  email?: string;
  applicationId?: string;
  type: 'testing' | 'active';
  createdDate: number;
  disputed?: boolean;
}
export interface Consumer {
  id: string;
  customerId: string;
  partnerId: string;
  createdDate: number;
  fields: Record<string, any>;
}
export interface Business {
  id: string;
  customerId: string;
  /** The partner of the customer it was added for: kept on the record, so it stays that partner's after the customer is deleted. */
  partnerId: string;
  fields: Record<string, any>;
  createdDate: string;
  modifiedDate: string;
}
export interface Institution {
  id: string;
  name: string;
  routingNumbers: string[];
  rssd: number;
  branding?: Record<string, string>;
  products: Record<string, boolean>;
}
/** A merchant location (provider 1.35.0: LocationDetail; idType / idValue are the lookup keys). */
export interface Location {
  locationId: string;
  merchantName: string;
  streetAddress: string;
  city: string;
  state: string;
  postalCode: string;
  countryCode: string;
  idType: string;
  idValue: string;
}

/** provider 1.35.0 AccountType values the seed names (seed 002, Resources: Account). */
export type AccountType =
  | 'checking'
  | 'savings'
  | 'moneyMarket'
  | 'cd'
  | 'investment'
  | 'mortgage'
  | 'creditCard'
  | 'loan'
  | 'lineOfCredit'
  | 'studentLoan';

export interface InstitutionLogin {
  id: number;
  customerId: string;
  institutionId: string;
  /** A legacy (non-OAuth) connection: the one MigrateInstitutionLoginAccounts moves. */
  legacy: boolean;
  migrated?: boolean;
}

export interface Account {
  id: string;
  customerId: string;
  institutionLoginId: number;
  institutionId: string;
  type: AccountType;
  /** provider 1.35.0 AggregationStatus: 'active' for most, 'pending' for one (simple variants hide it). */
  status: 'active' | 'pending';
  name: string;
  /** The full account number: sensitive (DEVELOPERS.md, Standards); shown whole only where a contract says so. */
  number: string;
  routingNumber: string;
  balance: number;
  /** The balance when linked: the running balance after the latest transaction posted then (transactions.ts). */
  linkedBalance: number;
  availableBalance: number;
  currency: 'USD';
  /** Epoch seconds (reference, Dates). The account was added at link time. */
  createdDate: number;
  aggregationAttemptDate: number;
  aggregationSuccessDate: number;
  /** When the balance was last read from the institution (balance_cache_interval decides reuse). */
  balanceDate: number;
  /** The institution asks a multi-factor challenge on premium reads (seed 002, Errors 203). */
  mfa: boolean;
  /** Set by LoadHistoricTransactionsForCustomerAccount: transactions older than 180 days become visible. */
  historicLoaded: boolean;
}

export interface Transaction {
  id: number;
  accountId: string;
  customerId: string;
  amount: number;
  description: string;
  status: 'active' | 'pending';
  /** Epoch seconds; absent on a few (sorting then uses postedDate: seed 002, Transactions). */
  transactionDate?: number;
  postedDate: number;
  createdDate: number;
  /** Older than 180 days before the account was added: visible only after the historic load. */
  historic: boolean;
}

/** A payment success indicator run (psi.ts): rated at generation, read back by payRequestId. */
export interface PsiRun {
  payRequestId: string;
  fcra: boolean;
  customerId: string;
  accountId: string;
  requestDate: string;
  transaction: { settleByDate: string; amount: number };
  /** Rated at generation (real-time balance check): the read shows it at once. */
  availableBalance: number;
  mfa: boolean;
}

/** A stored file of a customer (statements.ts): a statement PDF, or a pay statement (`label` set). */
export interface Asset {
  customerId: string;
  bytes: Buffer;
  label?: string;
}

export type MicroEntryState = 'Pending' | 'Verified' | 'Failed';
/** The micro entries of a receiving account (micro-entries.ts), a record of its own. */
export interface MicroEntry {
  accountId: string;
  customerId: string;
  routingNumber: string;
  /** Full account number: sensitive, compared only, never answered. */
  accountNumber: string;
  accountType: string;
  name: string;
  /** The two amounts in cents, in deposit order. */
  cents: [number, number];
  createdMs: number;
  state: MicroEntryState;
}

export type SwitchKind = 'deposit' | 'billPay';
/** A deposit or bill pay switch of a linked customer (switches.ts). */
export interface Switch {
  id: string;
  kind: SwitchKind;
  customerId: string;
  externalId?: string;
  status: 'processing' | 'completed' | 'failed';
  failureReason?: string;
  createdDate: string;
  updatedDate: string;
  authenticated: boolean;
  provider: { id: string; name: string };
  /** Deposit switches: distributions; bill pay switches: payment methods. */
  targets: Record<string, unknown>[];
}

export type TxPushClass = 'account' | 'transaction';
/** One TxPush subscription record of an account's listener (txpush.ts). */
export interface TxPushSubscription {
  id: number;
  customerId: string;
  accountId: string;
  type: TxPushClass;
  callbackUrl: string;
  signingKey: string;
}

export interface HookEvent {
  webhookEventId: string;
  name: string;
  url?: string;
  condition?: { subscribeFor: string; includes?: string[]; excludes?: string[] };
  status: string;
}

export interface HookSubscription {
  subscriptionId: string;
  partnerId: string;
  url?: string;
  status: string;
  events: HookEvent[];
  createdDate: string;
  lastUpdatedDate: string;
  deleted?: boolean;
}

export interface Configuration {
  id: string;
  partnerId: string;
  deleted: boolean;
  filterAccounts?: string[];
  accountClassificationType?: string[];
  aoRequired: boolean;
}

/** A Connect session of the sandbox stand-in's pages (connect-page.ts). */
export interface ConnectSession {
  partnerId: string;
  /** The customer the accounts are added to. */
  customerId?: string;
  type: string;
  /** Lite Connect: the one institution offered. */
  institutionId?: string;
  /** Fix Connect: the login repaired (its institution is the one offered). */
  institutionLoginId?: string;
  expiresMs: number;
}

export interface Registration {
  preAppId: number;
  partnerId: string;
  fields: Record<string, string>;
  /** The name at submission (fault app-modify-list-stale). */
  firstName: string;
  submittedS: number;
  modifiedS: number;
  /** Set while pending: approval comes APPROVAL_DELAY_S later. */
  pendingSinceS?: number;
  applicationId?: string;
  approvedS?: number;
  /** Set on POST /__mock/app-registrations/:preAppId/reject: R with this note (provider 1.35.0 AppRegistrationStatus). */
  rejected?: { atS: number; note: string };
}

/** A third-party access key (third-party-access.ts): the consent receipt and what it grants. */
export interface AccessKey {
  receiptId: string;
  partnerId: string;
  customerId: string;
  body: any;
  revoked: boolean;
}

export type ReportStatus = 'inProgress' | 'success' | 'failure';
/** A decisioning report of the report store (reports/store.ts). */
export interface Report {
  id: string;
  requestId: string;
  portfolioId: string;
  /** A provider ReportType value (voa, voaHistory, preQualVoa, voi, cfrb, ...). */
  type: string;
  title: string;
  customerId: string;
  customerType: Customer['type'];
  partnerId: string;
  consumerId?: string;
  consumerSsn?: string;
  callbackUrl?: string;
  purpose?: string;
  /** The constraints as the ack echoes them (provider: *ReportConstraintsOut). */
  constraints: Record<string, unknown>;
  /** Fields of the ack beyond the shared ones (e.g. businessId, reportCustomFields). */
  extra?: Record<string, unknown>;
  /** The body of a successful report beyond the ack's fields, built when it completes. */
  build: (report: Report) => Record<string, unknown>;
  createdDate: number;
  readyAtS: number;
  status: ReportStatus;
  /** How it ends: success unless the control surface says otherwise (POST /__mock/reports/{id}/outcome). */
  outcome: Exclude<ReportStatus, 'inProgress'>;
  /** Seed: testing customers' reports are not billable. */
  billable: boolean;
  content?: Record<string, unknown>;
}

/** What faults remember (a deleted record still listed, a value cached): written only while the fault is on unless said, read only then. */
export interface FaultMemory {
  /** switches.faults.ts: each customer whose switches were made, its partner, whether lost (fd-sw-list-lost-after-sibling-deleted). */
  switchOwners: Map<string, { partnerId: string; lost: boolean }>;
  /** transactions.faults.ts: every account a transaction reader found live, kept by the faults that read deleted accounts. */
  seenAccounts: Map<string, Account>;
  /** txpush.ts: subscriptions disabled but kept (blind-txpush-disable-soft-delete). */
  disabledSubscriptions: Set<number>;
  /** txpush.ts: subscription ids deleted one by one, with their customer (blind-txpush-delete-again-204; written for every delete). */
  deletedSubscriptions: Map<number, string>;
  /** reports/guard.ts: customers once refused for want of a consumer (blind-report-missing-consumer-remembered). */
  consumerless: Set<string>;
}

/** Customers grouped as GetCustomers filters them (seed 002, Customers); the gram indexes file them under each 3-character run. */
export type CustomerStore = IndexedMap<string, Customer, 'partner' | 'partnerType' | 'username' | 'usernameGrams' | 'nameGrams'>;
/** Linked data grouped by owner: a customer's logins and accounts, a login's accounts, an account's transactions. */
export type LoginStore = IndexedMap<number, InstitutionLogin, 'customer'>;
export type AccountStore = IndexedMap<string, Account, 'customer' | 'login'>;
export type TransactionStore = DeferringIndexedMap<number, Transaction, 'account'>;

/** A transaction refresh (provider 1.42.0, transaction-refreshes.ts): what it covers and when it was asked. */
export interface TransactionRefresh {
  id: string;
  customerId: string;
  institutionLoginId?: string;
  accountIds: string[];
  mode?: string;
  fromDate?: string;
  toDate?: string;
  createdAt: number;
}

export interface FdState {
  /** provider 1.42.0 (consents.ts): revoked consents (every institution login) or the logins revoked of one. */
  consentRevocations: Map<string, { all: boolean; logins: Set<string>; at: number }>;
  /** provider 1.42.0 (transaction-refreshes.ts): the refreshes asked, by id. */
  transactionRefreshes: Map<string, TransactionRefresh>;
  appKeys: string[];
  partners: Map<string, Partner>;
  tokens: Map<string, IssuedToken>;
  customers: CustomerStore;
  consumers: Map<string, Consumer>;
  businesses: Map<string, Business>;
  /** Indexes, so no request's cost grows with the store: partner + username -> customer, customer -> consumer, customer -> businesses. */
  usernames: Map<string, string>;
  consumerOf: Map<string, string>;
  businessesOf: Map<string, Set<string>>;
  /** Customers under a security freeze (PSI generation and report operations answer 403). */
  frozen: Set<string>;
  institutions: Institution[];
  locations: Location[];
  /** Linked data of customers (portfolio.ts): logins, accounts, transactions. */
  logins: LoginStore;
  accounts: AccountStore;
  transactions: TransactionStore;
  psi: { runs: Map<string, PsiRun>; seq: number };
  statements: { assets: Map<string, Asset>; seq: number };
  /** micro-entries.ts: entries by receiving account id; accepted initiations (virtual ms) per customer, for the 429 window. */
  microEntries: { entries: Map<string, MicroEntry>; initiations: Map<string, number[]> };
  /** switches.ts: a customer's switches, generated the first time a switch route needs them. */
  switches: { byCustomer: Map<string, Switch[]> };
  /** txpush.ts: subscription records by id; the last listener URL registered (txpush-delivers-without-subscription). */
  txpush: { subscriptions: IndexedMap<number, TxPushSubscription, 'account' | 'customer'>; lastUrl?: string };
  /** webhooks.ts: subscriptions by id (a deleted one is kept, marked). */
  webhooks: { subscriptions: IndexedMap<string, HookSubscription, 'partner'>; seq: number };
  /** connect-components.ts: configurations by id (a deleted one is kept, marked). */
  connectComponents: { configurations: Map<string, Configuration>; seq: number };
  /** connect-page.ts (stand-in mode): the open Connect sessions by token. */
  connectSessions: Map<string, ConnectSession>;
  appRegistrations: { apps: Map<number, Registration>; seq: number };
  /** third-party-access.ts: access keys by consent receipt id, and the key their receipts are signed with. */
  accessKeys: { keys: Map<string, AccessKey>; seq: number; signingKey: Buffer };
  reports: {
    reports: Map<string, Report>;
    /** Report ids in creation order, per customer and per consumer (lists and portfolios read them). */
    byCustomer: Map<string, string[]>;
    byConsumer: Map<string, string[]>;
    /** One portfolio per customer, consistent across its reports (provider 1.35.0: PortfolioId). */
    portfolioOf: Map<string, string>;
    /** Reports still inProgress: settling scans only these, whatever the store holds. */
    pending: Set<string>;
    seq: number;
    /** reports/retrieval.ts: served list calls (virtual seconds) per customer or consumer, for the 429 window. */
    listCalls: Map<string, number[]>;
  };
  faultMemory: FaultMemory;
  nextId: () => string;
}

/** The suite's partner, and a spare one for the destructive checks (lock, secret change). */
export const SUITE_PARTNER_ID = '2445580001';
const SPARE_PARTNER_ID = '2445580002';
/** The approved test application of the suite's partner (seed 002, Customers: testing customers use a registered test application). */
export const TEST_APPLICATION_ID = '2998';

/** Key of the username index: usernames are unique per partner. */
export const usernameKey = (partnerId: string, username: string) => `${partnerId}\u0000${username}`;
const partnerTypeKey = (partnerId: string, type: string) => `${partnerId}\u0000${type}`;

/** The length of the sequences the search index files text under (shorter search words cannot use it). */
export const GRAM = 3;
/** Every GRAM-character sequence of a lower-cased text, keyed by partner. */
function grams(partnerId: string, ...texts: (string | undefined)[]): string[] {
  const out = new Set<string>();
  for (const text of texts) {
    const lower = (text ?? '').toLowerCase();
    for (let i = 0; i + GRAM <= lower.length; i++) out.add(`${partnerId}\u0000${lower.slice(i, i + GRAM)}`);
  }
  return [...out];
}

function customerStore(): CustomerStore {
  return new IndexedMap({
    partner: (c: Customer) => c.partnerId,
    partnerType: (c: Customer) => partnerTypeKey(c.partnerId, c.type),
    username: (c: Customer) => usernameKey(c.partnerId, c.username),
    usernameGrams: (c: Customer) => grams(c.partnerId, c.username),
    nameGrams: (c: Customer) => grams(c.partnerId, c.firstName, c.lastName),
  });
}

// Recognisable prefixes, so fixtures/leak-patterns.ts can spot any that escape redaction.
export const newAppKey = () => `fdak_${randomBytes(18).toString('hex')}`;
export const newToken = () => `fdtk_${randomBytes(24).toString('base64url')}`;
const newSecret = () => `fdPs!${randomBytes(12).toString('hex')}9`;

const PRODUCTS = ['transAgg', 'ach', 'stateAgg', 'voi', 'voa', 'aha', 'availBalance', 'accountOwner'] as const;
const products = (mask: number) => Object.fromEntries(PRODUCTS.map((p, i) => [p, Boolean(mask & (1 << i))]));
const brand = (slug: string) => ({
  logo: `https://branding.example.com/${slug}/logo.svg`,
  icon: `https://branding.example.com/${slug}/icon.svg`,
  alternateLogo: `https://branding.example.com/${slug}/alt.svg`,
  tile: `https://branding.example.com/${slug}/tile.svg`,
  primaryColor: '#1a4d8f',
});

/** The seeded catalogue; one name holds a run of spaces, so a search that normalises the text it is sent can show. */
function institutions(): Institution[] {
  return [
    {
      id: '101732',
      name: 'FinBank Profiles - A',
      routingNumbers: ['021000021', '011000015'],
      rssd: 852218,
      branding: brand('finbank-a'),
      products: products(0xff),
    },
    {
      id: '102105',
      name: 'FinBank Profiles - B',
      routingNumbers: ['011000015'],
      rssd: 480228,
      branding: brand('finbank-b'),
      products: products(0x3f),
    },
    { id: '102168', name: 'FinBank Billable', routingNumbers: ['122000247'], rssd: 451965, products: products(0x0f) },
    { id: '102176', name: 'Prairie Credit Union', routingNumbers: ['071000013'], rssd: 210434, products: products(0x03) },
    {
      id: '170778',
      name: 'Harbor Savings Bank',
      routingNumbers: ['026009593'],
      rssd: 1073757,
      branding: brand('harbor'),
      products: products(0xc1),
    },
    { id: '16441', name: 'Summit  Trust', routingNumbers: ['091000019'], rssd: 1120754, products: products(0x81) },
  ];
}

function locations(): Location[] {
  const at = (n: number, merchantName: string) => ({
    // provider 1.35.0: locationId is a UUID
    locationId: `5f0c1a2e-0000-4000-8000-00000000000${n}`,
    merchantName,
    streetAddress: `${100 + n} Main Street`,
    city: 'Springfield',
    state: 'IL',
    postalCode: '62701',
    countryCode: 'USA',
    idType: 'EIN',
    idValue: `12-345678${n}`,
  });
  return [
    at(1, 'Corner Coffee'),
    at(2, 'Corner Coffee Roasters'),
    at(3, 'Corner Coffee Express'),
    at(4, 'Corner Coffee Kiosk'),
    at(5, 'Hardware Hub'),
  ];
}

function testApplication(): Registration {
  return {
    preAppId: 4000,
    partnerId: SUITE_PARTNER_ID,
    firstName: 'Test Drive App',
    submittedS: 1_700_000_000,
    modifiedS: 1_700_086_400,
    fields: { appName: 'Test Drive App', appDescription: 'Test application of testing customers', appUrl: 'https://testdrive.example.com' },
    applicationId: TEST_APPLICATION_ID,
    approvedS: 1_700_086_400,
  };
}

function faultMemory(): FaultMemory {
  return {
    switchOwners: new Map(),
    seenAccounts: new Map(),
    disabledSubscriptions: new Set(),
    deletedSubscriptions: new Map(),
    consumerless: new Set(),
  };
}

export function createFdState(): FdState {
  let counter = 1005060000;
  const partner = (id: string): Partner => {
    const secret = newSecret();
    return { id, secret, initialSecret: secret, failures: 0, locked: false };
  };
  const partners = new Map([partner(SUITE_PARTNER_ID), partner(SPARE_PARTNER_ID)].map((p) => [p.id, p]));
  const seededApp = testApplication();
  const state: FdState = {
    consentRevocations: new Map(),
    transactionRefreshes: new Map(),
    appKeys: [newAppKey()],
    partners,
    tokens: new Map(),
    customers: customerStore(),
    consumers: new Map(),
    businesses: new Map(),
    usernames: new Map(),
    consumerOf: new Map(),
    businessesOf: new Map(),
    frozen: new Set(),
    institutions: institutions(),
    locations: locations(),
    logins: new IndexedMap({ customer: (l: InstitutionLogin) => l.customerId }),
    accounts: new IndexedMap({ customer: (a: Account) => a.customerId, login: (a: Account) => a.institutionLoginId }),
    transactions: new DeferringIndexedMap({ account: (t: Transaction) => t.accountId }, 'account', (t: Transaction) => t.id),
    psi: { runs: new Map(), seq: 0 },
    statements: { assets: new Map(), seq: 0 },
    microEntries: { entries: new Map(), initiations: new Map() },
    switches: { byCustomer: new Map() },
    txpush: {
      subscriptions: new IndexedMap({ account: (s: TxPushSubscription) => s.accountId, customer: (s: TxPushSubscription) => s.customerId }),
    },
    webhooks: { subscriptions: new IndexedMap({ partner: (s: HookSubscription) => s.partnerId }), seq: 0 },
    connectComponents: { configurations: new Map(), seq: 0 },
    connectSessions: new Map(),
    appRegistrations: { apps: new Map([[seededApp.preAppId, seededApp]]), seq: 4000 },
    accessKeys: { keys: new Map(), seq: 0, signingKey: randomBytes(32) },
    reports: {
      reports: new Map(),
      byCustomer: new Map(),
      byConsumer: new Map(),
      portfolioOf: new Map(),
      pending: new Set(),
      seq: 0,
      listCalls: new Map(),
    },
    faultMemory: faultMemory(),
    nextId: () => String(++counter),
  };
  // A testing and an active customer of the suite's partner, and one with a disputed statement (403).
  const seed = (username: string, type: Customer['type'], disputed = false) => {
    const id = state.nextId();
    state.customers.set(id, {
      id,
      partnerId: SUITE_PARTNER_ID,
      username,
      firstName: 'Seeded',
      lastName: type,
      type,
      createdDate: 1_700_000_000,
      disputed,
    });
    state.usernames.set(usernameKey(SUITE_PARTNER_ID, username), id);
  };
  seed('seed.testing.customer', 'testing');
  seed('seed.active.customer', 'active');
  seed('seed.disputed.customer', 'testing', true);
  return state;
}

/** Restores every partner's secret and lifts locks (control surface reset and unlock). */
export function restorePartners(state: FdState, partnerId?: string): void {
  for (const p of state.partners.values()) {
    if (partnerId && p.id !== partnerId) continue;
    p.failures = 0;
    p.locked = false;
    if (partnerId) continue;
    p.secret = p.initialSecret;
    delete p.graced;
  }
}

/** The calling partner's customer a request addresses (`partnerId` undefined: a route with no token reaches any customer). */
export function findCustomer(state: FdState, customerId: string | undefined, partnerId: string | undefined): Customer | undefined {
  const customer = customerId === undefined ? undefined : state.customers.get(customerId);
  return customer && (!partnerId || customer.partnerId === partnerId) ? customer : undefined;
}

/** The consumer a request addresses, when it belongs to the calling partner (it outlives its customer: seed 002, Resources). */
export function findConsumer(state: FdState, consumerId: string | undefined, partnerId: string | undefined): Consumer | undefined {
  const consumer = consumerId === undefined ? undefined : state.consumers.get(consumerId);
  return consumer && (!partnerId || consumer.partnerId === partnerId) ? consumer : undefined;
}

/** The account a request addresses, its customer the calling partner's: every reader goes through this, so a deletion reaches all. */
export function findAccount(state: FdState, customerId: string, accountId: string, partnerId?: string): Account | undefined {
  if (!findCustomer(state, customerId, partnerId)) return undefined;
  const account = state.accounts.get(accountId);
  return account && account.customerId === customerId ? account : undefined;
}

/** The institution login a request addresses, under the same conditions as findAccount. */
export function findLogin(state: FdState, customerId: string, loginId: string, partnerId?: string): InstitutionLogin | undefined {
  if (!findCustomer(state, customerId, partnerId)) return undefined;
  // Ids are matched whole (FD-OBJ-EXACT-ID-FORM): `1005 ` or `1005.0` is no login, though Number() reads it as one.
  if (!/^[0-9]+$/.test(String(loginId))) return undefined;
  const login = state.logins.get(Number(loginId));
  return login && login.customerId === customerId ? login : undefined;
}

export interface LinkedData {
  logins: InstitutionLogin[];
  accounts: Account[];
}

/** The logins and accounts of a customer, in creation order. */
export function linkedData(state: FdState, customerId: string): LinkedData {
  return {
    logins: [...state.logins.group('customer', customerId).values()],
    accounts: [...state.accounts.group('customer', customerId).values()],
  };
}

/** The accounts of an institution login, in creation order. */
export function accountsOfLogin(state: FdState, loginId: number): Account[] {
  return [...state.accounts.group('login', loginId).values()];
}

/** The transactions of some accounts, in creation order (what a scan of the whole store would find). */
export function transactionsOfAccounts(state: FdState, accountIds: Iterable<string>): Transaction[] {
  const ids = [...new Set(accountIds)];
  if (ids.length === 1) return [...state.transactions.group('account', ids[0]).values()];
  return state.transactions.inOrder(ids.flatMap((id) => [...state.transactions.group('account', id).items]));
}

export interface CustomerQuery {
  partnerId: string;
  username?: string;
  type?: string;
  /** The search text, when the caller searches: candidates are narrowed by its sequences. */
  search?: string;
}

/** GetCustomers candidates in creation order (seed 002, Customers): the partner's; with a search, a superset the caller filters. */
export function customerCandidates(state: FdState, q: CustomerQuery): Group<string, Customer> | Customer[] {
  const store = state.customers;
  const of = (c: Customer) =>
    c.partnerId === q.partnerId && (q.type === undefined || c.type === q.type) && (q.username === undefined || c.username === q.username);
  let base: Group<string, Customer>;
  if (q.username !== undefined) base = store.group('username', usernameKey(q.partnerId, q.username));
  else if (q.type !== undefined) base = store.group('partnerType', partnerTypeKey(q.partnerId, q.type));
  else base = store.group('partner', q.partnerId);
  if (q.search === undefined) return q.username !== undefined && q.type !== undefined ? base.all().filter(of) : base;
  const text = q.search.trim().toLowerCase();
  // The smallest group a match must be in: the username's, or the names' for the longest-filed word; else the base group.
  const smallest = (index: 'usernameGrams' | 'nameGrams', texts: string[]) => {
    let best: Group<string, Customer> | undefined;
    for (const key of grams(q.partnerId, ...texts)) {
      const group = store.group(index, key);
      if (!best || group.size < best.size) best = group;
    }
    return best;
  };
  const byUsername = smallest('usernameGrams', [text]);
  const byName = smallest('nameGrams', text.split(/\s+/));
  if (!byUsername || !byName || byUsername.size + byName.size >= base.size) return base.all().filter(of);
  const found = new Map(byUsername.items);
  for (const [id, c] of byName.items) found.set(id, c);
  return store.inOrder([...found].filter(([, c]) => of(c)));
}

// The seams of the behaviour modules (mocks/kit/faults.ts), here so a faults module reads them without its behaviour module.
/** The seams of the reads refusing a customer holding no account: recurring transactions and the bundle (payments-data.ts). */
export interface CustomerAccountsSeams {
  x: { operationId: FdOperationId; customerId: string; accounts: number };
  step: 'recurring-customer-accounts' | 'bundle-customer-accounts';
  refusal: { status: number; code: string; message: string };
  change: never;
  answer: never;
  delivery: never;
}

/** The seams of the paging of list bodies (paging.ts): the page asked, the window cut (`start`, `limit`, `from`), the counts. */
export interface PagingSeams {
  x: { op: 'page'; length: number; asked: { start?: number; limit?: number }; pageSize: number; window?: PageWindow };
  step: never;
  refusal: never;
  change: PageWindow;
  answer: { found: number; displaying: number; moreAvailable: boolean };
  delivery: never;
}
export interface PageWindow {
  op: 'page-window';
  start: number;
  limit: number;
  from: number;
}
