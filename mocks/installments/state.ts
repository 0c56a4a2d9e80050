// Everything the installments mock keeps (reference/installments.md): consumer keys and their operations, the outbound signing key,
// acquirers, issuers per account range, and the stores of the 12 operations (reset by the control surface).
import { randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import { pooledKeyPair } from '../../helpers/auth/key-pool.js';
import { IndexedMap } from '../kit/indexed-map.js';

export interface ConsumerKey {
  consumerKey: string;
  /** PKCS#8 PEM; handed to the in-process fixture only, never served. */
  privateKeyPem: string;
  publicKey: KeyObject;
  /** Operations this key may call ('*' = all); a valid signature otherwise gets 403. */
  operations: '*' | string[];
}

export interface Issuer {
  issuerIca: string;
  issuerCid: string;
  /** 16-digit bounds; a PAN belongs to the range when its first 16 digits fall inside. */
  accountRange: { accountRangeLow: string; accountRangeHigh: string };
  notificationUrl: string;
}

export interface Participation {
  requestId: string;
  merchant: Record<string, any>;
  submittedAtMs: number;
}

export interface PanList {
  panListId: string;
  panListName?: string;
  accountRange?: { accountRangeLow: string; accountRangeHigh: string };
  // Without an accountRange, the range its first valid card fell in, kept for later cards (provider 2.0.0,
  // PanRegistrationWithEncryptedValueRequest, ExistingPanListIdRegistrationRequest).
  cardsRange?: { accountRangeLow: string; accountRangeHigh: string };
  pans: Set<string>;
}

export interface OfferTransaction {
  offerTransactionId: string;
  pan: string;
  merchant: Record<string, any>;
  offers: Record<string, any>[];
  /** The transaction the offers were asked for (a plan's must match it: provider 2.0.0, POST /plans). */
  transaction?: Record<string, any>;
  /** The Correlation-Id the offers request carried (read only by plans.ts's in-notify-correlation-id-of-offers). */
  correlationId?: string;
}

export interface Plan {
  planId: string;
  providerId: string;
  offerId: string;
  pan: string;
  merchant: { country: string; mcc: string };
  transaction: Record<string, any>;
  planInstallmentInformation: Record<string, any>;
  scheduledRepayments: Record<string, any>[];
  status: string;
  callbackUrl: string;
  /** An asynchronous decision (202) and when it takes effect. */
  pending?: { status: string; atMs: number };
  /** The reason of the decline decided (provider 2.0.0 InstallmentPlan.rejectReasonCode), shown once the plan reads DECLINED. */
  rejectReasonCode?: string;
}

export interface InstallmentsState {
  keys: ConsumerKey[];
  serviceKey: ConsumerKey;
  providerId: string;
  /** Product use cases (provider 2.0.0, carded): what a plan must carry (TransactionOffers "mandatory for During Purchase use case"). */
  useCases: string[];
  /** A distribution partner (provider 2.0.0, PlanCreateInvalidInput example InvalidPresentedOffersDSP): offerId and transactionOffers. */
  distributionPartner: boolean;
  /** The lender lets the consumer select the offer (provider 2.0.0, PlanApprovalParameters.offerId); on by default. */
  consumerOfferSelection: boolean;
  acquirerIcas: string[];
  issuers: Issuer[];
  // The account ranges held (provider 2.0.0, registerPans InvalidAccountRangeForNewPanList "not present in the system";
  // PanRegistrationWithEncryptedValueRequest "validated against the first valid account range found"): the issuer's, the suite's
  // list cards' (BIN 455555), the two either side of the issuer's, and one per length 11 to 19 under BIN 455556, none overlapping.
  accountRanges: { accountRangeLow: string; accountRangeHigh: string }[];
  participations: Participation[];
  /** Indexes: participations by request_id, merchants by search criteria (provider 2.0.0, MerchantSearch: ICA, country, name sequences). */
  participationsByRequest: Map<string, Participation[]>;
  merchants: IndexedMap<string, Participation, 'ica' | 'country' | 'nameGrams'>;
  /** What each merchant keeps once given (provider 2.0.0, postMerchantParticipations: a MAID immutable once entered, duns not modified). */
  fixed: Map<string, Partial<Record<(typeof FIXED)[number], unknown>>>;
  panLists: Map<string, PanList>;
  offerTransactions: Map<string, OfferTransaction>;
  plans: Map<string, Plan>;
  /** The issuer endpoint's throttle key (callerKey: the caller's address) -> times (ms) it took a notification from it (429 rule). */
  issuerReceived: Map<string, number[]>;
}

function consumerKey(
  pooled: string,
  operations: ConsumerKey['operations'],
  name = `ik_${randomBytes(18).toString('base64url')}`,
): ConsumerKey {
  const { publicKey, privateKey } = pooledKeyPair(`installments-${pooled}`);
  return { consumerKey: name, privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), publicKey, operations };
}

// Configured per account range (reference, Flows - notification (a)); written as an issuer might (case, a leading zero, a query).
export const ISSUER_NOTIFICATION_URL = 'https://issuer.example.test/Installments/Notifications-007?issuerCid=202020&Ref=Ab%2F07';

export function createInstallmentsState(useCases = ['DURING_PURCHASE'], distributionPartner = false): InstallmentsState {
  const world: InstallmentsState = {
    // The first key may call every operation; the second is registered but allowed none (403).
    keys: [consumerKey('allowed', '*'), consumerKey('forbidden', [])],
    serviceKey: consumerKey('service', '*', 'installments-service'),
    providerId: randomUUID(),
    useCases,
    distributionPartner,
    consumerOfferSelection: true,
    acquirerIcas: ['001234', '123456789', '12345678901'],
    issuers: [
      {
        issuerIca: '004321',
        issuerCid: '202020',
        accountRange: { accountRangeLow: '5204730000000000', accountRangeHigh: '5204739999999999' },
        notificationUrl: ISSUER_NOTIFICATION_URL,
      },
    ],
    accountRanges: [],
    participations: [],
    participationsByRequest: new Map(),
    fixed: new Map(),
    merchants: new IndexedMap({
      ica: (p: Participation) => String(p.merchant.acquirerICA),
      country: (p: Participation) => String(p.merchant.countryCode),
      nameGrams: (p: Participation) => nameGrams(String(p.merchant.merchantLegalName ?? '')),
    }),
    panLists: new Map(),
    offerTransactions: new Map(),
    plans: new Map(),
    issuerReceived: new Map(),
  };
  world.accountRanges.push(
    { ...world.issuers[0].accountRange },
    { accountRangeLow: '4555550000000000', accountRangeHigh: '4555559999999999' },
    // Every other block, so that the card just outside a range is in none.
    ...Array.from({ length: 9 * 50 }, (_, i) => {
      const [n, block] = [11 + Math.floor(i / 50), `455556${1000 + Math.floor(i / 50) * 100 + 2 * (i % 50)}`];
      return { accountRangeLow: block.padEnd(n, '0'), accountRangeHigh: block.padEnd(n, '9') };
    }),
    // Either side of the issuer's range, no issuer configured: the cards around it a partner may list.
    { accountRangeLow: '5200000000000000', accountRangeHigh: '5204729999999999' },
    { accountRangeLow: '5204740000000000', accountRangeHigh: '5209999999999999' },
  );
  resetState(world);
  return world;
}

/** Whether the system holds this account range, end for end (registerPans InvalidAccountRangeForNewPanList). */
export const heldRange = (world: InstallmentsState, r: { accountRangeLow?: unknown; accountRangeHigh?: unknown }): boolean =>
  world.accountRanges.some((h) => h.accountRangeLow === r.accountRangeLow && h.accountRangeHigh === r.accountRangeHigh);

/** Clears the state and registers the certification PAN list over the issuer's account range. */
export function resetState(world: InstallmentsState): void {
  world.participations.length = 0;
  world.participationsByRequest.clear();
  world.merchants.clear();
  world.fixed.clear();
  world.panLists.clear();
  world.offerTransactions.clear();
  world.plans.clear();
  world.issuerReceived.clear();
  const panListId = '100000000000000001';
  world.panLists.set(panListId, {
    panListId,
    panListName: 'Certification list',
    accountRange: { ...world.issuers[0].accountRange },
    pans: new Set(),
  });
}

/** The length of the sequences merchant names are filed under (a shorter name criterion cannot use them). */
const GRAM = 3;
function nameGrams(name: string): string[] {
  const lower = name.toLowerCase();
  const out = new Set<string>();
  for (let i = 0; i + GRAM <= lower.length; i++) out.add(lower.slice(i, i + GRAM));
  return [...out];
}

/** The key a merchant's participations share: its latest one is the merchant's state. */
export const merchantKey = (p: Pick<Participation, 'merchant'>) =>
  `${p.merchant.merchantLegalName}|${p.merchant.countryCode}|${p.merchant.acquirerICA}`;

/** The members a merchant keeps once given (provider 2.0.0, postMerchantParticipations). */
export const FIXED = ['maid', 'duns'] as const;
/** A member given: neither absent, null nor empty. */
export const present = (v: unknown) => v !== undefined && v !== null && v !== '';

/** The key the issuer endpoint counts a caller's notifications under: its network address (provider 2.0.0, the IP rate limit). */
/** A plan id, a module's other ids: a UUID (provider 2.0.0, Uuid). */
export const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** The repayments of a plan selected without a schedule: one per installment of its tenure, due the first of each month after `from`. */
export function schedule(amount: number, tenure: number, from: Date) {
  return Array.from({ length: tenure }, (_, i) => {
    const due = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + i + 1, 1));
    return {
      installmentNumber: i + 1,
      installmentAmount: Math.round((amount / tenure) * 100) / 100,
      dueDate: due.toISOString().slice(0, 10),
    };
  });
}

/** The notification of each plan selected, kept so that a fault can send it again. */
export const resentNotifications = new WeakMap<Plan, () => void>();

export const callerKey = (ip: string) => `address:${ip}`;

/** Virtual seconds an effectuation stays PENDING (the mock's choice; the reference gives none). */
export const EFFECTUATION_SECONDS = 60;

export function addParticipation(world: InstallmentsState, p: Participation): void {
  const kept = world.fixed.get(merchantKey(p)) ?? {};
  for (const k of FIXED) if (!present(kept[k]) && present(p.merchant[k])) kept[k] = p.merchant[k];
  world.fixed.set(merchantKey(p), kept);
  world.participations.push(p);
  const same = world.participationsByRequest.get(p.requestId);
  if (same) same.push(p);
  else world.participationsByRequest.set(p.requestId, [p]);
  // A merchant keeps its place among the merchants; its latest participation replaces the earlier.
  world.merchants.set(merchantKey(p), p);
}

/** The merchants a search can match, a superset narrowed by the most selective criterion given (name sequences, ICA, country). */
export function merchantCandidates(
  world: InstallmentsState,
  criteria: { merchantLegalName?: string; acquirerICA?: string; countryCode?: string },
): Participation[] {
  const store = world.merchants;
  const groups = [
    ...(criteria.merchantLegalName === undefined ? [] : nameGrams(criteria.merchantLegalName).map((g) => store.group('nameGrams', g))),
    ...(criteria.acquirerICA === undefined ? [] : [store.group('ica', String(criteria.acquirerICA))]),
    ...(criteria.countryCode === undefined ? [] : [store.group('country', String(criteria.countryCode))]),
  ];
  if (groups.length === 0) return [...store.values()];
  return [...groups.reduce((a, b) => (b.size < a.size ? b : a)).values()];
}

export function inRange(pan: string, range: { accountRangeLow: string; accountRangeHigh: string } | undefined): boolean {
  if (!range) return false;
  const n = range.accountRangeLow.length;
  const head = pan.slice(0, n).padEnd(n, '0');
  return head >= range.accountRangeLow && head <= range.accountRangeHigh.padEnd(n, '9');
}

export function newPanListId(world: InstallmentsState): string {
  let id: string;
  do id = `1${[...randomBytes(17)].map((b) => b % 10).join('')}`;
  while (world.panLists.has(id));
  return id;
}
