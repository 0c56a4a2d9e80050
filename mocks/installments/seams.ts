// The seams of the installments mock (mocks/kit/faults.ts; mocks/README.md, Seams). Every answer passes the answer seam on
// its way out (one onSend hook, `answers`), so a documented answer is written once and a fault bends it there.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Verification } from '../../helpers/auth/oauth1.js';
import type { InstallmentsOperationId } from '../../helpers/contract/operations.js';
import { parseJson } from '../kit/app.js';
import type { Fault, FaultSet, Seams } from '../kit/faults.js';
import type { Violation } from '../kit/validation.js';
import type { InstallmentsState, Issuer, OfferTransaction, PanList, Participation, Plan } from './state.js';

/** What the guard (guard.ts) lets through: the request as judged. */
export interface Guarded {
  body: any;
  plain?: any;
  query: URLSearchParams;
  consumerKey: string;
  /** The page size without a `limit` (the default of the operation's limit parameter), for page(). */
  defaultLimit?: number;
}

export interface Exchange {
  /** The operation (the guard names it), the JWK set (GET /keys), or none (a path no route serves). */
  op: InstallmentsOperationId | 'keys' | 'unrouted';
  req: FastifyRequest;
  world: InstallmentsState;
  /** The virtual time the request was received at (ms). */
  now: number;
  /** The request body as parsed (undefined when it is not JSON). */
  sent: any;
  /** What the guard let through (undefined while it judges, and for a refused request). */
  ok?: Guarded;
  /** The status the guard refused the request with (undefined: not refused by it). */
  refused?: number;
  /** The plan the request names, once found (approvals, plans). */
  plan?: Plan;
  /** The PAN list the request names or creates, once found (pans). */
  list?: PanList;
  /** plans, savePlan: the offers answer the selection names, once found, and how the issuer of a plan is notified for it. */
  otx?: OfferTransaction;
  notify?: (plan: Plan) => void;
  /** The participations a request_id names, once found (merchants, getMerchantParticipations). */
  participations?: Participation[];
  /** registerPans: the card of the request being judged (pans.ts, each card in turn). */
  card?: string;
  /** The caller's address, as the issuer's throttle keys it (issuer.ts). */
  address?: string;
  /** The guard's reading of the OAuth signature (its consumer key, once taken). */
  signed?: Verification;
  /** The query or header parameter the guard is judging: its name, its value as sent (undefined: absent), a limit's maximum. */
  param?: { name: string; value?: string; max?: number };
}

/** A refusal: its status, its reason code, description and the member in error (the error body's first item). */
export interface Refusal {
  status: number;
  reasonCode: string;
  description: string;
  details?: string;
  /** The members in error, when there are several (answered one item each, as the request schema's refusals are). */
  violations?: Violation[];
}

/** The steps of the judgement a behaviour module calls the judge seam at (its refusal there, or none), by the module calling it. */
export type Step = GuardStep | ApprovalStep | IssuerStep | OfferStep | MerchantStep | PlanStep | PanStep;
// guard.ts, every operation: the signature (401), the key's rights (403), Accept (406), a body's media type (415),
// each query and header parameter, the body as read (a fault may fold it), against its schema, decrypted, its plaintext
type GuardStep = 'signature' | 'forbidden' | 'accept' | 'media' | 'param' | 'body-read' | 'body' | 'plain';
// approvals.ts: planApproval, then getPlanApprovalStatus
type ApprovalStep = 'approval-plan' | 'approval-decision' | 'approval-offer-id' | 'approval-status-plan';
// issuer.ts, notifyPlan on the issuer's side
type IssuerStep = 'issuer-ica';
// offers.ts, approvedOffers (the merchant's members, the country and currency pair); and a card's check digit (offers.ts and pans.ts: approvedOffers, each card of registerPans)
type OfferStep = 'offers-merchant' | 'offers-currency' | 'offers-card' | 'check-digit';
// merchants.ts: postMerchantParticipations, getMerchantParticipations by request_id, postMerchantSearches
type MerchantStep = 'participation-body-size' | 'participation-members' | 'participations-request' | 'search-criteria';
// plans.ts: savePlan, then getPlan
type PlanStep = 'plan-offers' | 'plan-offer' | 'plan-merchant' | 'plan-bounds' | 'plan-new' | 'plan-id' | 'plan-found' | 'plan-terms';
// pans.ts: registerPans, then deregisterPans
type PanStep =
  | 'register-read'
  | 'register-members'
  | 'register-card-data'
  | 'register-range'
  | 'register-list'
  | 'register-update'
  | 'register-name'
  | 'register-list-range'
  | 'register-duplicate'
  | 'dereg-card-data';

/** What a request stores or consumes: a decision on a plan (approvals), a notification's count key (issuer), the plan found. */
export interface Change {
  /** approvals: the plan a decision names, the plans it lands on, the decision; getPlan: the plan as the reader shows it. */
  plan?: Plan;
  plans?: Plan[];
  decision?: string;
  /** approvals: answered at once (sync=true, 200 and the callback URL) and applied now, else answered 202 and applied shortly after. */
  sync?: boolean;
  /** approvals: a synchronous decision queued as an asynchronous one (answered 200 all the same). */
  late?: boolean;
  /** approvals: the reason of a decline the plan named keeps (undefined: none kept). */
  reason?: string;
  /** issuer: the key the throttle counts a notification under, and whether this one counts. */
  throttleKey?: string;
  counted?: boolean;
  /** offers: the offers stored and answered, and the offerTransactionId they are kept under. */
  offers?: Record<string, any>[];
  offerTransactionId?: string;
  /** pans: a card and the list it leaves (undefined: none holds it); the list as the request leaves it, and how many cards it took out. */
  pan?: string;
  holder?: PanList;
  list?: PanList;
  removed?: number;
  /** A paged reader (guard.ts page()): the offset and limit its headers answer, and the items it takes (from an index, so many). */
  window?: { offset: number; limit: number; from: number; size: number };
  /** plans: the issuer a plan's card notifies (undefined: none). */
  issuer?: Issuer;
  /** merchants: a participation and its effectuation as read now (its status, and the reason of an ERROR). */
  participation?: Participation;
  effectuation?: { status: string; errorReason?: string };
  /** merchants: the participations read (each merchant's latest, or a search's candidates), and the statuses the completed list shows. */
  participations?: Participation[];
  statuses?: string[];
  /** merchants, the searches: the criteria compared, and how a merchant's value is compared with one (whole, by default). */
  criteria?: Record<string, any>;
  matches?: (key: string, value: unknown, criterion: unknown) => boolean;
  /** merchants, postMerchantMidSearches: the MIDs a merchant has (every participation's), and those of its latest participation. */
  mids?: string[];
  latestMids?: string[];
  /** merchants, postMerchantParticipations: a merchant as it is stored, and its latest participation before (undefined: a new merchant). */
  merchant?: Record<string, any>;
  earlier?: Record<string, any>;
  /** merchants, postMerchantParticipations: the index of the participation a batch is refused at (its participations: none kept). */
  refusedAt?: number;
}

/** An answer as sent: its status, headers and body (undefined: none). */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body?: any;
}

/** An outbound call (a notification to an issuer). */
export interface Delivery {
  url: string;
  headers: Record<string, string>;
  body: any;
}

export type InstallmentsSeams = { x: Exchange; step: Step; refusal: Refusal; change: Change; answer: Answer; delivery: Delivery };

const exchanges = new WeakMap<FastifyRequest, Exchange>();

/** The exchange of a request, made at its first reading. */
export function exchangeOf(req: FastifyRequest, world: InstallmentsState, now: () => number): Exchange {
  let x = exchanges.get(req);
  if (!x) {
    const sent = parseJson(req.body);
    x = { op: 'unrouted', req, world, now: now(), sent: sent instanceof Error ? undefined : sent };
    exchanges.set(req, x);
  }
  return x;
}

/** Every answer through the answer seam, given to the faults that bend answers (none: it goes out untouched, byte for byte). */
export function answers(app: FastifyInstance, faults: FaultSet, world: InstallmentsState, now: () => number): void {
  const seams = faults.seams<InstallmentsSeams>();
  const answering = new Set(faults.catalogue.filter((f: Fault) => f.seams?.answer).map((f) => f.id));
  app.addHook('onSend', (req, reply, payload, done) => {
    if (!faults.active().some((id) => answering.has(id))) return done(null, payload);
    const text = typeof payload === 'string' ? payload : undefined;
    const parsed = text === undefined || text === '' ? undefined : parseJson(text);
    const headers = Object.fromEntries(Object.entries(reply.getHeaders()).map(([k, v]) => [k, String(v)]));
    const before = { status: reply.statusCode, headers, body: parsed instanceof Error ? text : parsed };
    const after = seams.answer(exchangeOf(req, world, now), structuredClone(before));
    reply.code(after.status);
    for (const name of Object.keys(headers)) if (!(name in after.headers)) reply.removeHeader(name);
    for (const [name, value] of Object.entries(after.headers)) if (headers[name] !== value) reply.header(name, value);
    const body = after.body === undefined ? '' : typeof after.body === 'string' ? after.body : JSON.stringify(after.body);
    done(null, JSON.stringify(before.body) === JSON.stringify(after.body) ? payload : body);
  });
}

export type { Seams };
