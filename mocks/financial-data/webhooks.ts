// Webhook subscriptions (seed 002, Endpoints - Webhook subscriptions): a partner's subscriptions, each with several events (optional
// conditions, a URL override per event), their active / inactive states (States and transitions), the events a subscription may name,
// and the test deliveries (Events). Kept in state.ts (webhooks), shown as webhooks.records.ts writes them. Errors in the provider's
// {"Errors": {"Error": [...]}} body (reference, Error bodies): the routes' own context rewrites what the shared front answers (onSend).
// Rules: schemas/financial-data/rules/webhooks.yaml. Faults (webhooks.faults.ts) bend it only at its seams (mocks/kit/faults.ts).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FdOperationId } from '../../helpers/contract/operations.js';
import { answerThrough, judgeThrough, rewriteFrontError, route, stateThrough, type FdContext } from './middleware.js';
import type { HookSubscription, HookEvent } from './state.js';
import {
  AVAILABLE_EVENTS,
  errorBody,
  eventView,
  isoDate,
  newEvent,
  newSubscription,
  subscriptionView,
  type Answer,
  type EventRequest,
  type Exchange,
  type Refusal,
  type Step,
  type WebhookSeams,
} from './webhooks.records.js';

const mandatory = (name: string) => AVAILABLE_EVENTS.find((a) => a.name === name)?.conditionalSubscription.mandatory;

export function registerWebhooks(app: FastifyInstance, ctx: FdContext): void {
  const world = () => ctx.state.webhooks;
  const seams = ctx.faults.seams<WebhookSeams>('webhooks');
  const changed = stateThrough(seams);
  const refused = (status: number, description: string): Refusal => ({ status, description });

  const judge: Record<Step, (x: Exchange) => Refusal | undefined> = {
    // provider 1.35.0 RequestIdHeader (X-External-Request-Id, required false): every call is served without it.
    'request-id': () => undefined,
    // seed 002, Webhook subscriptions; Errors 404: the caller's live subscription, else a 404.
    subscription: (x) => {
      const s = x.named;
      x.sub = s && !s.deleted && s.partnerId === x.input.partner?.id ? s : undefined;
      return x.sub ? undefined : refused(404, 'Subscription not found');
    },
    // seed 002, Resources (a subscription holds its events); Errors 404.
    event: (x) => {
      x.event = x.sub!.events.find((e) => e.webhookEventId === x.input.path.webhook_event_id);
      return x.event ? undefined : refused(404, 'Event not found in this subscription');
    },
    // provider 1.35.0 listAvailableWebhookSubscriptionEvents (FD-WEBHOOK-EVENT-NAMES): a name not offered is a 400.
    names: (x) => {
      const unknown = x.names!.find((n) => !AVAILABLE_EVENTS.some((e) => e.name === n));
      return unknown === undefined ? undefined : refused(400, `Event ${unknown} is not an available event`);
    },
    // seed 002, States and transitions: an event moves to the requested state whatever its current one.
    transition: () => undefined,
    // provider 1.35.0 ObwmsLimitParameter: its range is the contract's (the shared front refuses outside it).
    limit: () => undefined,
    // The set a list pages: the caller's live subscriptions.
    set: (x) => {
      x.set = [
        ...world()
          .subscriptions.group('partner', x.input.partner?.id ?? '')
          .values(),
      ].filter((s) => !s.deleted);
      return undefined;
    },
    // provider 1.35.0 ObwmsOffsetParameter: a page index from 1; an empty page, 404 (assumption FD-WEBHOOK-PAGE-PAST-END: counts are 1+).
    page: (x) => {
      const start = (x.offset! - 1) * x.limit!;
      x.page = x.set!.slice(start, start + x.limit!);
      return x.page.length === 0 ? refused(404, 'No subscriptions on this page') : undefined;
    },
  };
  // provider 1.35.0 AvailableEvent conditionalSubscription.mandatory (FD-WEBHOOK-MANDATORY-CONDITION): a 400 without one.
  const condition = (x: Exchange): Refusal | undefined => {
    const events: EventRequest[] = x.op === 'updateWebhookSubscriptionEvent' ? [x.input.body] : x.input.body.events;
    const bare = events.find((e) => !e.condition && mandatory(e.name))?.name;
    return bare === undefined ? undefined : refused(400, `Event ${bare} is subscribed with a condition only`);
  };

  const judged = judgeThrough(seams, judge);
  const answer = answerThrough<Exchange, Answer>(seams);
  const refuse = (x: Exchange, reply: FastifyReply, r: Refusal) =>
    answer(x, reply, { status: r.status, body: errorBody(r.status, r.description) });

  // seed 002, Events: the test delivery of one event, to its URL override or else the subscription's, none for an inactive event or
  // subscription (FD-WEBHOOK-INACTIVE-NO-TEST); the body names the subscription and the event (reference, Outbound deliveries: assumption).
  const deliverTest = async (x: Exchange, sub: HookSubscription, event: HookEvent) => {
    const url = event.url ?? sub.url;
    const d = seams.delivery(x, {
      event,
      to: url ? [url] : [],
      headers: { 'content-type': 'application/json' },
      body: {
        subscriptionId: sub.subscriptionId,
        webhookEventId: event.webhookEventId,
        name: event.name,
        test: true,
        ...(event.condition ? { condition: event.condition } : {}),
        sentDate: isoDate(x.now),
      },
      silent: sub.status !== 'active' ? 'subscription inactive' : event.status !== 'active' ? 'event inactive' : undefined,
    });
    if (!d || d.silent) return;
    for (const to of d.to) {
      try {
        await ctx.deliveries.send(to, 'POST', d.headers, d.body, x.now);
      } catch {
        // A URL that does not parse cannot be called: the test operation still answers 200.
      }
    }
  };

  app.register(async (scope) => {
    // Errors of the shared front (401, validation 400) in the provider's shape, on these routes only.
    scope.addHook('onSend', async (req, reply, payload) => {
      const x: Exchange = {
        op: 'front',
        input: { path: {}, query: {}, body: undefined },
        headers: req.headers,
        now: ctx.clock.now(),
        world: world(),
      };
      return rewriteFrontError(reply.statusCode, payload, (status, description) => {
        const a = seams.answer(x, { status, body: errorBody(status, description) });
        return a.body;
      });
    });

    /** Every route: the request-id header first, then the operation's own steps. */
    const on = (operationId: FdOperationId, handler: (x: Exchange, reply: FastifyReply) => unknown) =>
      route(scope, ctx, operationId, (input, reply) => {
        const x: Exchange = {
          op: operationId,
          input,
          headers: reply.request.headers,
          now: ctx.clock.now(),
          world: world(),
          named: input.path.subscription_id === undefined ? undefined : world().subscriptions.get(input.path.subscription_id),
        };
        const refusal = judged(x, ['request-id']);
        return refusal ? refuse(x, reply, refusal) : handler(x, reply);
      });

    on('createWebhookSubscription', (x, reply) => {
      const body = x.input.body as { url?: string; events: EventRequest[] };
      x.names = body.events.map((e) => e.name);
      const refusal = judged(x, ['names']) ?? condition(x);
      if (refusal) return refuse(x, reply, refusal);
      const change = changed(x, { op: 'create', sub: newSubscription(x, body) });
      world().subscriptions.set(change.sub.subscriptionId, change.sub);
      return answer(x, reply, { status: 201, body: subscriptionView(change.sub) });
    });

    // provider 1.35.0 ObwmsOffsetParameter / ObwmsLimitParameter: page index from 1 (default 1), 1..100 per page (default 10).
    on('listWebhookSubscriptions', (x, reply) => {
      x.limit = Number(x.input.query.limit ?? 10);
      x.offset = Math.max(1, Number(x.input.query.offset ?? 1));
      const refusal = judged(x, ['limit', 'set', 'page']);
      if (refusal) return refuse(x, reply, refusal);
      const page = x.page!;
      return answer(x, reply, {
        status: 200,
        body: { count: page.length, offset: x.offset, limit: x.limit, total: x.set!.length, subscriptions: page.map(subscriptionView) },
      });
    });

    on('getWebhookSubscriptionById', (x, reply) => {
      const refusal = judged(x, ['subscription']);
      return refusal ? refuse(x, reply, refusal) : answer(x, reply, { status: 200, body: subscriptionView(x.sub!) });
    });

    on('updateWebhookSubscription', (x, reply) => {
      const body = x.input.body as { url?: string; events: EventRequest[] };
      x.names = body.events.map((e) => e.name);
      const refusal = judged(x, ['subscription', 'names']) ?? condition(x);
      if (refusal) return refuse(x, reply, refusal);
      const sub = x.sub!;
      // The list of events is replaced; an event named again keeps its id and status (this mock's choice).
      const previous = [...sub.events];
      const events = body.events.map((e) => {
        const kept = previous.findIndex((p) => p.name === e.name);
        if (kept < 0) return newEvent(world(), e, sub.status);
        const [old] = previous.splice(kept, 1);
        return { ...newEvent(world(), e, old.status), webhookEventId: old.webhookEventId };
      });
      if (body.url) sub.url = body.url;
      sub.events = events;
      sub.lastUpdatedDate = isoDate(x.now);
      return answer(x, reply, { status: 200, body: subscriptionView(sub) });
    });

    on('deleteWebhookSubscription', (x, reply) => {
      const refusal = judged(x, ['subscription']);
      if (refusal) return refuse(x, reply, refusal);
      x.sub!.deleted = true;
      return answer(x, reply, { status: 204 });
    });

    on('updateWebhookSubscriptionEvent', (x, reply) => {
      const body = x.input.body as EventRequest;
      x.names = [body.name];
      const refusal = judged(x, ['subscription', 'event', 'names']) ?? condition(x);
      if (refusal) return refuse(x, reply, refusal);
      const event = x.event!;
      // PUT replaces: an override or a condition left out is removed.
      const change = changed(x, {
        op: 'event-update',
        webhookEventId: event.webhookEventId,
        name: body.name,
        url: body.url,
        condition: body.condition,
      });
      Object.assign(event, { webhookEventId: change.webhookEventId, name: change.name, url: change.url, condition: change.condition });
      if (!event.url) delete event.url;
      if (!event.condition) delete event.condition;
      x.sub!.lastUpdatedDate = isoDate(x.now);
      return answer(x, reply, { status: 200, body: eventView(event) });
    });

    on('deleteWebhookSubscriptionEvent', (x, reply) => {
      const refusal = judged(x, ['subscription', 'event']);
      if (refusal) return refuse(x, reply, refusal);
      const sub = x.sub!;
      const change = changed(x, {
        op: 'event-delete',
        events: sub.events.filter((e) => e !== x.event),
        removed: x.event!,
      });
      sub.events = change.events;
      sub.lastUpdatedDate = isoDate(x.now);
      return answer(x, reply, { status: 204 });
    });

    // seed 002, States and transitions: an event moves to the requested state, active or inactive.
    on('changeWebhookSubscriptionEventStatus', (x, reply) => {
      const refusal = judged(x, ['subscription', 'event', 'transition']);
      if (refusal) return refuse(x, reply, refusal);
      const { status } = x.input.body as { status: string };
      x.event!.status = status;
      x.sub!.lastUpdatedDate = isoDate(x.now);
      return answer(x, reply, { status: 200, body: { status } });
    });

    // seed 002, States and transitions: the subscription and all its events move to the requested state.
    on('changeWebhookSubscriptionStatus', (x, reply) => {
      const refusal = judged(x, ['subscription']);
      if (refusal) return refuse(x, reply, refusal);
      const sub = x.sub!;
      const { status } = x.input.body as { status: string };
      const change = changed(x, { op: 'sub-status', status, events: sub.events.map(() => status) });
      sub.status = change.status;
      sub.events.forEach((e, i) => (e.status = change.events[i]));
      sub.lastUpdatedDate = isoDate(x.now);
      return answer(x, reply, { status: 200, body: { status } });
    });

    on('listAvailableWebhookSubscriptionEvents', (x, reply) => answer(x, reply, { status: 200, body: { events: AVAILABLE_EVENTS } }));

    on('testWebhookSubscription', async (x, reply) => {
      const refusal = judged(x, ['subscription']);
      if (refusal) return refuse(x, reply, refusal);
      for (const event of [...x.sub!.events]) await deliverTest(x, x.sub!, event);
      return answer(x, reply, { status: 200 });
    });

    on('testWebhookSubscriptionBasedOnEventId', async (x, reply) => {
      const refusal = judged(x, ['subscription', 'event']);
      if (refusal) return refuse(x, reply, refusal);
      await deliverTest(x, x.sub!, x.event!);
      return answer(x, reply, { status: 200 });
    });
  });
}
