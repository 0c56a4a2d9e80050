// Webhook subscriptions (seed 002, Endpoints - Webhook subscriptions; issue 12): a partner's
// subscriptions, each with several events (optional conditions, a URL override per event), their
// active / inactive states (States and transitions), the events a subscription may name, and the
// test deliveries (Events). Errors in the provider's {"Errors": {"Error": [...]}} body (reference,
// Error bodies): the routes live in their own Fastify context whose onSend hook rewrites what the
// shared front (security, validation) answers. Store and helpers: webhooks-store.ts.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { route, type FdContext, type Input } from './middleware.js';
import {
  AVAILABLE_EVENTS, deliverTest, eventView, hookState, isoNow, nextUuid, rewriteFrontError, sendWebhookError, subscriptionView, testable, unofferedName,
  type HookEvent, type HookSubscription,
} from './webhooks-store.js';

type EventRequest = { name: string; url?: string; condition?: HookEvent['condition'] };

export function registerWebhooks(app: FastifyInstance, ctx: FdContext): void {
  const { state: world, faults } = ctx;
  const state = () => hookState(world);
  const fail = (reply: FastifyReply, status: number, description: string) => sendWebhookError(ctx, reply, status, description);

  /** The calling partner's live subscription, or undefined (FD-WEBHOOK-OWNER, FD-WEBHOOK-DELETE). */
  const findSubscription = (input: Input, forRead = false): HookSubscription | undefined => {
    const sub = state().subscriptions.get(input.path.subscription_id);
    if (!sub) return undefined;
    if (sub.deleted && !(forRead && faults.has('webhooks-delete-still-readable'))) return undefined;
    if (sub.partnerId !== input.partner?.id && !faults.has('webhooks-owner-unchecked')) return undefined;
    return sub;
  };
  /** The event of that subscription (FD-WEBHOOK-UNKNOWN-EVENT); the fault looks in every subscription of the partner. */
  const findEvent = (input: Input, sub: HookSubscription): HookEvent | undefined => {
    const id = input.path.webhook_event_id;
    const own = sub.events.find((e) => e.webhookEventId === id);
    if (own || !faults.has('webhooks-unknown-event-other-sub')) return own;
    return [...state().subscriptions.values()].filter((s) => s.partnerId === sub.partnerId && !s.deleted).flatMap((s) => s.events).find((e) => e.webhookEventId === id);
  };
  const newEvent = (e: EventRequest, status = 'active'): HookEvent => ({
    webhookEventId: nextUuid(state(), 'event'), name: e.name, ...(e.url ? { url: e.url } : {}),
    ...(e.condition && !faults.has('webhooks-create-drops-conditions') ? { condition: e.condition } : {}), status,
  });

  app.register(async (scope) => {
    // Errors of the shared front (401, validation 400) in the provider's shape, on these routes only.
    scope.addHook('onSend', async (_req, reply, payload) => rewriteFrontError(ctx, reply.statusCode, payload));

    /** Every route: the request-id header is optional (provider 1.35.0 RequestIdHeader, FD-WEBHOOK-REQUEST-ID). */
    const on = (operationId: string, handler: (input: Input, reply: FastifyReply) => unknown) =>
      route(scope, ctx, operationId, (input, reply) => {
        if (faults.has('webhooks-request-id-required') && !reply.request.headers['x-external-request-id']) return fail(reply, 400, 'Missing parameter (X-External-Request-Id)');
        return handler(input, reply);
      });

    on('createWebhookSubscription', (input, reply) => {
      const body = input.body as { url?: string; events: EventRequest[] };
      const unknown = unofferedName(ctx, body.events.map((e) => e.name));
      if (unknown !== undefined) return fail(reply, 400, `Event ${unknown} is not an available event`);
      const now = isoNow(ctx);
      const sub: HookSubscription = {
        subscriptionId: nextUuid(state(), 'subscription'), partnerId: input.partner!.id, ...(body.url ? { url: body.url } : {}),
        status: 'active', events: body.events.map((e) => newEvent(e)), createdDate: now, lastUpdatedDate: now,
      };
      sub.createdView = subscriptionView(sub);
      state().subscriptions.set(sub.subscriptionId, sub);
      return reply.code(faults.has('webhooks-create-200') ? 200 : 201).send(subscriptionView(sub));
    });

    // provider 1.35.0 ObwmsOffsetParameter / ObwmsLimitParameter: page index from 1 (default 1), 1..100 per page (default 10).
    on('listWebhookSubscriptions', (input, reply) => {
      const limit = Number(input.query.limit ?? (faults.has('webhooks-default-limit-25') ? 25 : 10));
      const offset = Math.max(1, Number(input.query.offset ?? 1));
      if (faults.has('webhooks-limit-cap-50') && limit > 50) return fail(reply, 400, 'limit must be at most 50');
      const mine = [...state().subscriptions.values()].filter((s) => (s.partnerId === input.partner?.id || faults.has('webhooks-owner-unchecked'))
        && (!s.deleted || faults.has('webhooks-delete-keeps-listed')));
      const start = (faults.has('webhooks-offset-zero-based') ? offset : offset - 1) * limit;
      const page = mine.slice(start, start + limit);
      // An empty page is a 404 (assumption FD-WEBHOOK-PAGE-PAST-END: the provider's counts are 1 or more).
      if (page.length === 0 && !faults.has('webhooks-past-end-empty-200')) return fail(reply, 404, 'No subscriptions on this page');
      const view = (s: HookSubscription) => (faults.has('webhooks-list-stale') && s.createdView ? s.createdView : subscriptionView(s));
      return reply.code(200).send({ count: page.length, offset, limit, total: mine.length, subscriptions: page.map(view) });
    });

    on('getWebhookSubscriptionById', (input, reply) => {
      const sub = findSubscription(input, true);
      if (!sub) return fail(reply, 404, 'Subscription not found');
      return reply.code(200).send(subscriptionView(sub));
    });

    on('updateWebhookSubscription', (input, reply) => {
      const sub = findSubscription(input);
      if (!sub) return fail(reply, 404, 'Subscription not found');
      const body = input.body as { url?: string; events: EventRequest[] };
      const unknown = unofferedName(ctx, body.events.map((e) => e.name));
      if (unknown !== undefined) return fail(reply, 400, `Event ${unknown} is not an available event`);
      if (body.url && !faults.has('webhooks-update-keeps-url')) sub.url = body.url;
      // The list of events is replaced; an event named again keeps its id and status (this mock's choice).
      const previous = [...sub.events];
      sub.events = body.events.map((e) => {
        const kept = previous.findIndex((p) => p.name === e.name);
        if (kept < 0) return newEvent(e, sub.status);
        const [old] = previous.splice(kept, 1);
        return { ...newEvent(e, old.status), webhookEventId: old.webhookEventId, everInactive: old.everInactive };
      });
      sub.lastUpdatedDate = isoNow(ctx);
      return reply.code(200).send(subscriptionView(sub));
    });

    on('deleteWebhookSubscription', (input, reply) => {
      const sub = findSubscription(input);
      if (!sub) return fail(reply, 404, 'Subscription not found');
      sub.deleted = true;
      return reply.code(204).send();
    });

    on('updateWebhookSubscriptionEvent', (input, reply) => {
      const sub = findSubscription(input);
      const event = sub && findEvent(input, sub);
      if (!sub || !event) return fail(reply, 404, sub ? 'Event not found in this subscription' : 'Subscription not found');
      const body = input.body as EventRequest;
      const unknown = unofferedName(ctx, [body.name]);
      if (unknown !== undefined) return fail(reply, 400, `Event ${unknown} is not an available event`);
      event.name = body.name;
      // PUT replaces: an override or a condition left out is removed.
      if (body.url) event.url = body.url;
      else delete event.url;
      if (!faults.has('webhooks-event-update-ignored-condition')) {
        if (body.condition) event.condition = body.condition;
        else delete event.condition;
      }
      sub.lastUpdatedDate = isoNow(ctx);
      return reply.code(200).send(eventView(event));
    });

    on('deleteWebhookSubscriptionEvent', (input, reply) => {
      const sub = findSubscription(input);
      const event = sub && findEvent(input, sub);
      if (!sub || !event) return fail(reply, 404, sub ? 'Event not found in this subscription' : 'Subscription not found');
      if (!faults.has('webhooks-event-delete-noop')) {
        for (const s of state().subscriptions.values()) s.events = s.events.filter((e) => e !== event);
      }
      sub.lastUpdatedDate = isoNow(ctx);
      return reply.code(204).send();
    });

    // seed 002, States and transitions: an event moves to the requested state, active or inactive.
    on('changeWebhookSubscriptionEventStatus', (input, reply) => {
      const sub = findSubscription(input);
      const event = sub && findEvent(input, sub);
      if (!sub || !event) return fail(reply, 404, sub ? 'Event not found in this subscription' : 'Subscription not found');
      const { status } = input.body as { status: string };
      if (!faults.has('webhooks-event-status-not-stored')) event.status = status;
      if (status !== 'active') event.everInactive = true;
      sub.lastUpdatedDate = isoNow(ctx);
      return reply.code(200).send({ status });
    });

    // seed 002, States and transitions: the subscription and all its events move to the requested state.
    on('changeWebhookSubscriptionStatus', (input, reply) => {
      const sub = findSubscription(input);
      if (!sub) return fail(reply, 404, 'Subscription not found');
      const { status } = input.body as { status: string };
      sub.status = status;
      if (!faults.has('webhooks-sub-status-events-unchanged')) for (const e of sub.events) e.status = status;
      sub.lastUpdatedDate = isoNow(ctx);
      return reply.code(200).send({ status });
    });

    on('listAvailableWebhookSubscriptionEvents', (_input, reply) => reply.code(200).send({ events: AVAILABLE_EVENTS }));

    on('testWebhookSubscription', async (input, reply) => {
      const sub = findSubscription(input);
      if (!sub) return fail(reply, 404, 'Subscription not found');
      for (const event of sub.events) if (testable(ctx, sub, event, 'subscription')) await deliverTest(ctx, sub, event);
      return reply.code(200).send();
    });

    on('testWebhookSubscriptionBasedOnEventId', async (input, reply) => {
      const sub = findSubscription(input);
      const event = sub && findEvent(input, sub);
      if (!sub || !event) return fail(reply, 404, sub ? 'Event not found in this subscription' : 'Subscription not found');
      const events = faults.has('webhooks-event-test-delivers-all') ? sub.events : [event];
      for (const e of events) if (testable(ctx, sub, e, 'event')) await deliverTest(ctx, sub, e);
      return reply.code(200).send();
    });
  });
}
