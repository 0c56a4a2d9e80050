// Webhook subscriptions (seed 002, Endpoints - Webhook subscriptions): the per-world store, the
// events a subscription may name, the provider's error body and the test deliveries. The routes
// are in webhooks.ts. Rules: schemas/financial-data/rules/webhooks.yaml.
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { rewriteFrontError, sendError, type FdContext } from './middleware.js';
import type { FdState, HookEvent, HookSubscription } from './state.js';

type HookState = FdState['webhooks'];

export function hookState(world: FdState): HookState {
  return world.webhooks;
}

/** A deterministic id of the provider's form (a 36-character UUID; provider 1.35.0 SubscriptionDetail). */
export function nextUuid(state: HookState, kind: string): string {
  state.seq += 1;
  const h = createHash('sha1').update(`webhook:${kind}:${state.seq}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** ISO 8601 without milliseconds, as the provider writes its dates (SubscriptionDetail.createdDate). */
export const isoNow = (ctx: FdContext) => ctx.clock.now().toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * The events a subscription may name (seed 002, Events: names not shown). The names are those the
 * provider 1.35.0 examples use; descriptions and condition fields are this mock's own.
 */
export const AVAILABLE_EVENTS = [
  { name: 'authorization.accesstoken.expiry', description: 'An access token of the partner is about to expire.', conditionalSubscription: { applicable: true, fields: 'institutionId', mandatory: false } },
  { name: 'manage.txpush.account.created', description: 'A new account was added for a customer.', conditionalSubscription: { applicable: true, fields: 'accountId, customerId', mandatory: false } },
  { name: 'mastercard.openbanking.customer.consent', description: 'A customer granted or revoked a consent.', conditionalSubscription: { applicable: false, mandatory: false } },
];

/** The name of the first requested event the catalogue does not offer (FD-WEBHOOK-EVENT-NAMES). */
export function unofferedName(ctx: FdContext, names: string[]): string | undefined {
  if (ctx.faults.has('webhooks-event-name-unchecked')) return undefined;
  const offered = AVAILABLE_EVENTS.map((e) => e.name);
  // Fault: the last listed name is refused though the list offers it.
  if (ctx.faults.has('webhooks-last-listed-name-refused')) offered.pop();
  return names.find((n) => !offered.includes(n));
}

/** provider 1.35.0 examples: reason codes 1501 not found, 1502 bad request, 1503 expired or invalid, 1504 missing. */
function reasonCode(status: number, description: string): string {
  if (status === 404) return '1501';
  if (status === 401) return /missing/i.test(description) ? '1504' : '1503';
  return '1502';
}

/** The provider's error body of these operations (reference, Error bodies; provider 1.35.0 ErrorWrapper). */
export function errorBody(status: number, description: string) {
  return { Errors: { Error: [{ Source: 'webhook subscriptions', ReasonCode: reasonCode(status, description), Description: description, Recoverable: false }] } };
}

/** This module's error sender (FD-WEBHOOK-ERROR-SHAPE); the fault answers the default {code, message}. */
export function sendWebhookError(ctx: FdContext, reply: FastifyReply, status: number, description: string) {
  if (ctx.faults.has('webhooks-error-default-shape')) return sendError(ctx, reply, status, description);
  // Blind fault: a single 404 error is written as an object, not a one-element list.
  if (status === 404 && ctx.faults.has('blind-webhooks-404-error-not-array')) return reply.code(status).send({ Errors: { Error: errorBody(status, description).Errors.Error[0] } });
  return reply.code(status).send(errorBody(status, description));
}

/** The shared front's errors in this group's shape (an onSend hook of the webhook routes only). */
export function rewriteWebhookFrontError(ctx: FdContext, status: number, payload: unknown): unknown {
  return ctx.faults.has('webhooks-error-default-shape') ? payload : rewriteFrontError(status, payload, errorBody);
}

/** The event as the readers show it. */
export const eventView = ({ webhookEventId, name, url, condition, status }: HookEvent) => ({ webhookEventId, name, ...(url ? { url } : {}), ...(condition ? { condition } : {}), status });

/** The subscription as the readers show it. */
export const subscriptionView = (s: HookSubscription) => ({
  subscriptionId: s.subscriptionId, ...(s.url ? { url: s.url } : {}), events: s.events.map(eventView), status: s.status,
  createdDate: s.createdDate, lastUpdatedDate: s.lastUpdatedDate,
});

/**
 * Sends one test delivery of an event (seed 002, Events: the test operations trigger test
 * deliveries), to the event's URL override or else the subscription's URL, and waits for it.
 * The body names the subscription and the event (reference, Outbound deliveries: assumption).
 */
export async function deliverTest(ctx: FdContext, sub: HookSubscription, event: HookEvent, named: HookEvent = event): Promise<void> {
  const { faults } = ctx;
  const url = (faults.has('webhooks-override-ignored') ? undefined : event.url) ?? sub.url ?? event.url;
  if (!url) return;
  const body = {
    subscriptionId: sub.subscriptionId,
    ...(faults.has('webhooks-delivery-without-event-id') ? {} : { webhookEventId: named.webhookEventId }),
    name: named.name, test: true, ...(named.condition ? { condition: named.condition } : {}), sentDate: isoNow(ctx),
  };
  const times = faults.has('webhooks-test-delivers-twice') ? 2 : 1;
  for (let i = 0; i < times; i++) {
    try {
      await ctx.deliveries.send(url, 'POST', { 'content-type': 'application/json' }, body, ctx.clock.now());
    } catch {
      // A URL that does not parse cannot be called: the test operation still answers 200.
    }
  }
}

/**
 * Whether a test of this event delivers: the event and its subscription active
 * (FD-WEBHOOK-INACTIVE-NO-TEST). `via` names the test operation asking.
 */
export function testable(ctx: FdContext, sub: HookSubscription, event: HookEvent, via: 'subscription' | 'event'): boolean {
  const { faults } = ctx;
  // Faults: the subscription-wide test checks no status; the event statuses are not checked.
  if (via === 'subscription' && faults.has('webhooks-subscription-test-ignores-status')) return true;
  if (sub.status !== 'active') return false;
  if (event.status !== 'active' && !faults.has('webhooks-inactive-event-delivered') && !(via === 'subscription' && faults.has('blind-webhooks-sub-test-ignores-event-status'))) return false;
  if (event.everInactive && faults.has('webhooks-reactivated-not-delivered')) return false;
  return true;
}
