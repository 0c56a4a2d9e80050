// Webhook subscriptions as the API shows them (seed 002, Endpoints - Webhook subscriptions; provider 1.35.0 SubscriptionDetail,
// AvailableEvent, ErrorWrapper) and what webhooks.ts's seams carry, for its faults.
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FdOperationId } from '../../helpers/contract/operations.js';
import type { Answered, Input } from './input.js';
import type { FdState, HookEvent, HookSubscription } from './state.js';

/** A deterministic id of the provider's form (a 36-character UUID; provider 1.35.0 SubscriptionDetail). */
export function nextUuid(state: FdState['webhooks'], kind: string): string {
  state.seq += 1;
  const h = createHash('sha1').update(`webhook:${kind}:${state.seq}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** ISO 8601 without milliseconds, as the provider writes its dates (SubscriptionDetail.createdDate). */
export const isoDate = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The events a subscription may name (seed 002, Events: names not shown): provider 1.35.0 examples' names; the rest the mock's own. */
export const AVAILABLE_EVENTS = [
  {
    name: 'authorization.accesstoken.expiry',
    description: 'An access token of the partner is about to expire.',
    conditionalSubscription: { applicable: true, fields: 'institutionId', mandatory: false },
  },
  {
    name: 'manage.txpush.account.created',
    description: 'A new account was added for a customer.',
    conditionalSubscription: { applicable: true, fields: 'accountId, customerId', mandatory: false },
  },
  {
    name: 'mastercard.openbanking.customer.consent',
    description: 'A customer granted or revoked a consent.',
    conditionalSubscription: { applicable: false, mandatory: false },
  },
  // The mock's own event with a mandatory condition (none in examples: provider 1.35.0 AvailableEvent conditionalSubscription.mandatory).
  {
    name: 'manage.txpush.transaction.created',
    description: 'A new transaction was posted to an account of a customer.',
    conditionalSubscription: { applicable: true, fields: 'accountId', mandatory: true },
  },
];

/** provider 1.35.0 examples: reason codes 1501 not found, 1502 bad request, 1503 expired or invalid, 1504 missing. */
function reasonCode(status: number, description: string): string {
  if (status === 404) return '1501';
  if (status === 401) return /missing/i.test(description) ? '1504' : '1503';
  return '1502';
}

/** The provider's error body of these operations (reference, Error bodies; provider 1.35.0 ErrorWrapper). */
export function errorBody(status: number, description: string) {
  return {
    Errors: {
      Error: [
        { Source: 'webhook subscriptions', ReasonCode: reasonCode(status, description), Description: description, Recoverable: false },
      ],
    },
  };
}

/** The event as the readers show it. */
export const eventView = ({ webhookEventId, name, url, condition, status }: HookEvent) => ({
  webhookEventId,
  name,
  ...(url ? { url } : {}),
  ...(condition ? { condition } : {}),
  status,
});

/** The subscription as the readers show it. */
export const subscriptionView = (s: HookSubscription) => ({
  subscriptionId: s.subscriptionId,
  ...(s.url ? { url: s.url } : {}),
  events: s.events.map(eventView),
  status: s.status,
  createdDate: s.createdDate,
  lastUpdatedDate: s.lastUpdatedDate,
});

export type EventRequest = { name: string; url?: string; condition?: HookEvent['condition'] };

export interface Exchange {
  /** The operation, or 'front' for an error of the shared front (security, validation) rewritten here. */
  op: FdOperationId | 'front';
  input: Input;
  headers: IncomingHttpHeaders;
  now: Date;
  world: FdState['webhooks'];
  /** The subscription stored under the path's subscription_id, whoever holds it, deleted or not. */
  named?: HookSubscription;
  /** The caller's live subscription the path names (FD-WEBHOOK-OWNER, FD-WEBHOOK-DELETE). */
  sub?: HookSubscription;
  /** The event of that subscription the path names (FD-WEBHOOK-UNKNOWN-EVENT). */
  event?: HookEvent;
  /** The event names a create or an update asks for. */
  names?: string[];
  /** The list: its page size and index (provider 1.35.0 ObwmsLimitParameter, ObwmsOffsetParameter), the set it pages and the page. */
  limit?: number;
  offset?: number;
  set?: HookSubscription[];
  page?: HookSubscription[];
}

/** The steps of the judgement, in the order an operation takes those it has. */
export type Step = 'request-id' | 'subscription' | 'event' | 'names' | 'transition' | 'limit' | 'set' | 'page';

export interface Refusal {
  status: number;
  description: string;
}

/** What a write stores, before it is applied: each operation's own change (below). */
export type Change =
  | { op: 'create'; sub: HookSubscription }
  | { op: 'event-update'; webhookEventId: string; name: string; url?: string; condition?: HookEvent['condition'] }
  | { op: 'event-delete'; events: HookEvent[]; removed: HookEvent }
  | { op: 'sub-status'; status: string; events: string[] };

/** An answer as sent (an error's body is errorBody's). */
export type Answer = Answered;

/** A test delivery of one event: where it is sent (none: not sent), its headers and body; `silent` says why the sources send none. */
export interface TestDelivery {
  event: HookEvent;
  to: string[];
  headers: Record<string, string>;
  body: Record<string, unknown>;
  silent?: 'subscription inactive' | 'event inactive';
}

export type WebhookSeams = { x: Exchange; step: Step; refusal: Refusal; change: Change; answer: Answer; delivery: TestDelivery };

/** A new event of a subscription, active unless given. */
export const newEvent = (world: FdState['webhooks'], e: EventRequest, status = 'active'): HookEvent => ({
  webhookEventId: nextUuid(world, 'event'),
  name: e.name,
  ...(e.url ? { url: e.url } : {}),
  ...(e.condition ? { condition: e.condition } : {}),
  status,
});

/** A new subscription of the caller, active, its events active (seed 002, States and transitions). */
export function newSubscription(x: Exchange, body: { url?: string; events: EventRequest[] }): HookSubscription {
  const now = isoDate(x.now);
  return {
    subscriptionId: nextUuid(x.world, 'subscription'),
    partnerId: x.input.partner!.id,
    ...(body.url ? { url: body.url } : {}),
    status: 'active',
    events: body.events.map((e) => newEvent(x.world, e)),
    createdDate: now,
    lastUpdatedDate: now,
  };
}
