// Webhook subscriptions (seed 002, Endpoints - Webhook subscriptions): a partner's subscriptions,
// each with several events (optional conditions, a URL override per event), their active /
// inactive states (States and transitions), the events a subscription may name, and the test
// deliveries (Events). The subscriptions are kept in state.ts (webhooks). Errors in the provider's
// {"Errors": {"Error": [...]}} body (reference, Error bodies): the routes live in their own Fastify
// context whose onSend hook rewrites what the shared front (security, validation) answers.
// Rules: schemas/financial-data/rules/webhooks.yaml.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { rewriteFrontError, route, sendError, type FdContext, type Input } from './middleware.js';
import type { FdState, HookEvent, HookSubscription, WebhookSeams } from './state.js';
import type { FdOperationId } from '../../helpers/contract/operations.js';

/** A deterministic id of the provider's form (a 36-character UUID; provider 1.35.0 SubscriptionDetail). */
function nextUuid(state: FdState['webhooks'], kind: string): string {
  state.seq += 1;
  const h = createHash('sha1').update(`webhook:${kind}:${state.seq}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** ISO 8601 without milliseconds, as the provider writes its dates (SubscriptionDetail.createdDate). */
const isoNow = (ctx: FdContext) =>
  ctx.clock
    .now()
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z');

/**
 * The events a subscription may name (seed 002, Events: names not shown). The names are those the
 * provider 1.35.0 examples use; descriptions and condition fields are this mock's own.
 */
const AVAILABLE_EVENTS = [
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
  // No provider example names an event whose condition is mandatory: this one is the mock's own,
  // named only with a condition (provider 1.35.0 AvailableEvent conditionalSubscription.mandatory).
  {
    name: 'manage.txpush.transaction.created',
    description: 'A new transaction was posted to an account of a customer.',
    conditionalSubscription: { applicable: true, fields: 'accountId', mandatory: true },
  },
];

/** The name of the first requested event the catalogue does not offer (FD-WEBHOOK-EVENT-NAMES). */
function unofferedName(ctx: FdContext, names: string[]): string | undefined {
  if (ctx.faults.has('webhooks-event-name-unchecked')) return undefined;
  const offered = AVAILABLE_EVENTS.map((e) => e.name);
  // Fault: the last listed name is refused though the list offers it.
  if (ctx.faults.has('webhooks-last-listed-name-refused')) offered.pop();
  return names.find((n) => !offered.includes(n));
}

/**
 * The name of the first requested event the catalogue marks with a mandatory condition that comes
 * without one (FD-WEBHOOK-MANDATORY-CONDITION: a 400, the bad-request reason code of provider 1.35.0's example).
 */
function unconditioned(events: EventRequest[]): string | undefined {
  const mandatory = (name: string) => AVAILABLE_EVENTS.find((a) => a.name === name)?.conditionalSubscription.mandatory;
  return events.find((e) => !e.condition && mandatory(e.name))?.name;
}

/** provider 1.35.0 examples: reason codes 1501 not found, 1502 bad request, 1503 expired or invalid, 1504 missing. */
function reasonCode(status: number, description: string): string {
  if (status === 404) return '1501';
  if (status === 401) return /missing/i.test(description) ? '1504' : '1503';
  return '1502';
}

/** The provider's error body of these operations (reference, Error bodies; provider 1.35.0 ErrorWrapper). */
function errorBody(status: number, description: string) {
  return {
    Errors: {
      Error: [
        { Source: 'webhook subscriptions', ReasonCode: reasonCode(status, description), Description: description, Recoverable: false },
      ],
    },
  };
}

/** This module's error sender (FD-WEBHOOK-ERROR-SHAPE); the fault answers the default {code, message}. */
function sendWebhookError(ctx: FdContext, reply: FastifyReply, status: number, description: string) {
  if (ctx.faults.has('webhooks-error-default-shape')) return sendError(ctx, reply, status, description);
  // Blind fault: a single 404 error is written as an object, not a one-element list.
  if (status === 404 && ctx.faults.has('blind-webhooks-404-error-not-array'))
    return reply.code(status).send({ Errors: { Error: errorBody(status, description).Errors.Error[0] } });
  return reply.code(status).send(errorBody(status, description));
}

/** The shared front's errors in this group's shape (an onSend hook of the webhook routes only). */
function rewriteWebhookFrontError(ctx: FdContext, status: number, payload: unknown): unknown {
  if (ctx.faults.has('webhooks-error-default-shape')) return payload;
  // Fault webhooks-malformed-id-unnamed: the front's refusal of a malformed id loses the parameter's name (FD-WEBHOOK-ID-FORMAT).
  const unnamed = ctx.faults.has('webhooks-malformed-id-unnamed');
  return rewriteFrontError(status, payload, (s, description) =>
    errorBody(s, unnamed && /^(subscription_id|webhook_event_id) is invalid/.test(description) ? 'Bad Request.' : description),
  );
}

/** The event as the readers show it. */
const eventView = ({ webhookEventId, name, url, condition, status }: HookEvent) => ({
  webhookEventId,
  name,
  ...(url ? { url } : {}),
  ...(condition ? { condition } : {}),
  status,
});

/** The subscription as the readers show it. */
const subscriptionView = (s: HookSubscription) => ({
  subscriptionId: s.subscriptionId,
  ...(s.url ? { url: s.url } : {}),
  events: s.events.map(eventView),
  status: s.status,
  createdDate: s.createdDate,
  lastUpdatedDate: s.lastUpdatedDate,
});

/** Seeded fault webhooks-test-condition-as-created: the condition of the event of that name in the subscription as created. */
const createdCondition = (sub: HookSubscription, event: HookEvent) =>
  (sub.createdView as { events?: { name: string; condition?: unknown }[] } | undefined)?.events?.find((e) => e.name === event.name)
    ?.condition;

/**
 * Sends one test delivery of an event (seed 002, Events: the test operations trigger test
 * deliveries), to the event's URL override or else the subscription's URL, and waits for it.
 * The body names the subscription and the event (reference, Outbound deliveries: assumption).
 */
async function deliverTest(
  ctx: FdContext,
  sub: HookSubscription,
  event: HookEvent,
  named: HookEvent = event,
  also = false,
  extraHeaders: Record<string, string> = {},
): Promise<void> {
  const { faults } = ctx;
  const given = (faults.has('webhooks-override-ignored') ? undefined : event.url) ?? sub.url ?? event.url;
  // i3-webhooks-test-url-query-dropped: the test delivery goes to the URL without its query string.
  const kept = given && faults.has('i3-webhooks-test-url-query-dropped') ? given.split('?')[0] : given;
  // i8-webhooks-test-url-normalised: the URL parsed and serialised again before the call.
  const url = kept && faults.has('i8-webhooks-test-url-normalised') && URL.canParse(kept) ? new URL(kept).href : kept;
  // seeded-webhooks-test-url-default-port-dropped: the default port the URL names left out of the call.
  const called =
    url && faults.has('seeded-webhooks-test-url-default-port-dropped')
      ? url.replace(/^(https:\/\/[^/:?#]+):443(?=[/?#]|$)/i, '$1').replace(/^(http:\/\/[^/:?#]+):80(?=[/?#]|$)/i, '$1')
      : url;
  if (!url) return;
  const body = {
    subscriptionId: sub.subscriptionId,
    ...(faults.has('webhooks-delivery-without-event-id') ? {} : { webhookEventId: named.webhookEventId }),
    name: named.name,
    test: true,
    ...(named.condition ? { condition: named.condition } : {}),
    // Seeded fault webhooks-test-condition-as-created: the condition the event had when the subscription was created.
    ...(faults.has('webhooks-test-condition-as-created') ? { condition: createdCondition(sub, named) } : {}),
    // i30-fd-webhooks-test-sent-date-epoch-seconds: a test delivery dates itself in epoch seconds, not the ISO 8601 the subscription records use.
    // seeded-prop-webhooks-test-sent-date-eastern-as-utc: US Eastern wall time written with a Z, five hours early.
    sentDate: faults.has('i30-fd-webhooks-test-sent-date-epoch-seconds')
      ? ctx.clock.nowEpochSeconds()
      : faults.has('seeded-prop-webhooks-test-sent-date-eastern-as-utc')
        ? new Date(ctx.clock.now().getTime() - 5 * 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z')
        : isoNow(ctx),
  };
  const times = faults.has('webhooks-test-delivers-twice') ? 2 : 1;
  // i4-webhooks-sub-test-override-also-to-sub-url: the subscription test sends an overridden event to the subscription's URL too.
  if (also && sub.url && url !== sub.url)
    await ctx.deliveries.send(sub.url, 'POST', { 'content-type': 'application/json' }, body, ctx.clock.now());
  for (let i = 0; i < times; i++) {
    try {
      // i22-webhooks-conditioned-test-text-plain: the test delivery of an event with a condition declared as text/plain.
      // seeded-fam27b-webhook-override-test-text-plain: the delivery to an event's overriding URL declared as text/plain.
      const type =
        (faults.has('i22-webhooks-conditioned-test-text-plain') && named.condition) ||
        (faults.has('seeded-fam27b-webhook-override-test-text-plain') && event.url && url === event.url)
          ? 'text/plain; charset=utf-8'
          : 'application/json';
      await ctx.deliveries.send(called ?? url, 'POST', { 'content-type': type, ...extraHeaders }, body, ctx.clock.now());
    } catch {
      // A URL that does not parse cannot be called: the test operation still answers 200.
    }
  }
}

/**
 * Whether a test of this event delivers: the event and its subscription active
 * (FD-WEBHOOK-INACTIVE-NO-TEST). `via` names the test operation asking.
 */
function testable(ctx: FdContext, sub: HookSubscription, event: HookEvent, via: 'subscription' | 'event'): boolean {
  const { faults } = ctx;
  // Faults: the subscription-wide test checks no status; the event statuses are not checked.
  if (via === 'subscription' && faults.has('webhooks-subscription-test-ignores-status')) return true;
  // i5-webhooks-event-test-ignores-subscription-status: the event test looks at the event's status alone.
  if (sub.status !== 'active' && !(via === 'event' && faults.has('i5-webhooks-event-test-ignores-subscription-status'))) return false;
  if (
    event.status !== 'active' &&
    !faults.has('webhooks-inactive-event-delivered') &&
    // i21-webhooks-event-test-ignores-event-status: the event test looks at the subscription's status alone.
    !(via === 'event' && faults.has('i21-webhooks-event-test-ignores-event-status')) &&
    !(via === 'subscription' && faults.has('blind-webhooks-sub-test-ignores-event-status'))
  )
    return false;
  if (event.everInactive && faults.has('webhooks-reactivated-not-delivered')) return false;
  return true;
}

type EventRequest = { name: string; url?: string; condition?: HookEvent['condition'] };

export function registerWebhooks(app: FastifyInstance, ctx: FdContext): void {
  const { state: world, faults } = ctx;
  const seams = faults.seams<WebhookSeams>();
  const state = () => world.webhooks;
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
    return [...state().subscriptions.values()]
      .filter((s) => s.partnerId === sub.partnerId && !s.deleted)
      .flatMap((s) => s.events)
      .find((e) => e.webhookEventId === id);
  };
  /** i3-webhooks-deleted-event-testable: the events deleted from each subscription, kept while that fault is on. */
  const deletedEvents = new WeakMap<HookSubscription, HookEvent[]>();
  // seeded-webhooks-total-stale-after-delete: each partner's count of live subscriptions as of its last creation.
  const totalAtCreate = new Map<string, number>();
  const newEvent = (e: EventRequest, status = 'active'): HookEvent => ({
    webhookEventId: nextUuid(state(), 'event'),
    name: e.name,
    // i24-webhooks-event-url-trailing-slash-dropped: an event's URL override stored without its trailing slash.
    // i33-fd-webhooks-event-url-override-dropped: an event's URL override not kept (the subscription's URL serves it).
    ...(e.url && !faults.has('i33-fd-webhooks-event-url-override-dropped')
      ? { url: faults.has('i24-webhooks-event-url-trailing-slash-dropped') ? e.url.replace(/\/+$/, '') : e.url }
      : {}),
    ...(e.condition && !faults.has('webhooks-create-drops-conditions') ? { condition: e.condition } : {}),
    status,
  });

  app.register(async (scope) => {
    // Errors of the shared front (401, validation 400) in the provider's shape, on these routes only.
    // Blind fault: the available-events route misses the rewrite and answers the front's {code, message}.
    scope.addHook('onSend', async (_req, reply, payload) =>
      faults.has('blind-webhooks-available-events-401-default-shape') && _req.url.split('?')[0].endsWith('/webhooks/events')
        ? payload
        : rewriteWebhookFrontError(ctx, reply.statusCode, payload),
    );

    /** Every route: the request-id header is optional (provider 1.35.0 RequestIdHeader, FD-WEBHOOK-REQUEST-ID). */
    const on = (operationId: FdOperationId, handler: (input: Input, reply: FastifyReply) => unknown) =>
      route(scope, ctx, operationId, (input, reply) => {
        const idRequired =
          faults.has('webhooks-request-id-required') ||
          (faults.has('blind-webhooks-test-ops-request-id-required') && operationId.startsWith('test'));
        if (idRequired && !reply.request.headers['x-external-request-id'])
          return fail(reply, 400, 'Missing parameter (X-External-Request-Id)');
        return handler(input, reply);
      });

    on('createWebhookSubscription', (input, reply) => {
      const body = input.body as { url?: string; events: EventRequest[] };
      const unknown = unofferedName(
        ctx,
        body.events.map((e) => e.name),
      );
      // i34-fd-webhooks-refused-create-stored: a create refused for an unavailable event name has already stored the subscription with its other events.
      if (unknown !== undefined && faults.has('i34-fd-webhooks-refused-create-stored')) {
        const now = isoNow(ctx);
        const kept: HookSubscription = {
          subscriptionId: nextUuid(state(), 'subscription'),
          partnerId: input.partner!.id,
          ...(body.url ? { url: body.url } : {}),
          status: 'active',
          events: body.events.filter((e) => e.name !== unknown).map((e) => newEvent(e)),
          createdDate: now,
          lastUpdatedDate: now,
        };
        kept.createdView = subscriptionView(kept);
        state().subscriptions.set(kept.subscriptionId, kept);
      }
      if (unknown !== undefined) return fail(reply, 400, `Event ${unknown} is not an available event`);
      const bare = unconditioned(body.events);
      if (bare !== undefined) return fail(reply, 400, `Event ${bare} is subscribed with a condition only`);
      const now = isoNow(ctx);
      const sub: HookSubscription = {
        subscriptionId: nextUuid(state(), 'subscription'),
        partnerId: input.partner!.id,
        ...(body.url ? { url: body.url } : {}),
        status: 'active',
        events: body.events.map((e) => newEvent(e)),
        createdDate: now,
        lastUpdatedDate: now,
      };
      sub.createdView = subscriptionView(sub);
      state().subscriptions.set(sub.subscriptionId, sub);
      if (faults.has('seeded-webhooks-total-stale-after-delete'))
        totalAtCreate.set(
          sub.partnerId,
          [...state().subscriptions.values()].filter((x) => x.partnerId === sub.partnerId && !x.deleted).length,
        );
      const created = faults.has('blind-webhooks-create-answers-pending')
        ? { ...subscriptionView(sub), status: 'pending' }
        : subscriptionView(sub);
      return reply.code(faults.has('webhooks-create-200') ? 200 : 201).send(created);
    });

    // provider 1.35.0 ObwmsOffsetParameter / ObwmsLimitParameter: page index from 1 (default 1), 1..100 per page (default 10).
    on('listWebhookSubscriptions', (input, reply) => {
      const limit = Number(input.query.limit ?? (faults.has('webhooks-default-limit-25') ? 25 : 10));
      const offset = Math.max(1, Number(input.query.offset ?? 1));
      if (faults.has('webhooks-limit-cap-50') && limit > 50) return fail(reply, 400, 'limit must be at most 50');
      // i12-webhooks-limit-100-refused: the maximum read as exclusive.
      if (faults.has('i12-webhooks-limit-100-refused') && limit === 100) return fail(reply, 400, 'limit must be less than 100');
      // i27-webhooks-limit-one-refused: the minimum read as exclusive.
      if (faults.has('i27-webhooks-limit-one-refused') && limit === 1) return fail(reply, 400, 'limit must be greater than 1');
      const owned = faults.has('webhooks-owner-unchecked')
        ? [...state().subscriptions.values()]
        : [
            ...state()
              .subscriptions.group('partner', input.partner?.id ?? '')
              .values(),
          ];
      const mine = owned.filter(
        (s) =>
          (!s.deleted || faults.has('webhooks-delete-keeps-listed')) &&
          // i26-webhooks-list-inactive-left-out: the list reads the active subscriptions only (the delivery index).
          !(faults.has('i26-webhooks-list-inactive-left-out') && s.status === 'inactive'),
      );
      let start = (faults.has('webhooks-offset-zero-based') ? offset : offset - 1) * limit;
      // i13-webhooks-list-later-page-overlaps: a later page starts one subscription early.
      if (faults.has('i13-webhooks-list-later-page-overlaps') && offset > 1) start -= 1;
      if (faults.has('blind-webhooks-past-end-clamped-to-last') && start >= mine.length && mine.length > 0)
        start = Math.floor((mine.length - 1) / limit) * limit;
      // i19-webhooks-limit-one-page-of-two: a limit of one served as a page of two.
      // i31-fd-webhooks-later-page-one-short: a page after the first holds one subscription fewer than the limit.
      const shortBy = faults.has('i31-fd-webhooks-later-page-one-short') && offset > 1 && limit > 1 ? 1 : 0;
      const served = mine.slice(start, start + (faults.has('i19-webhooks-limit-one-page-of-two') && limit === 1 ? 2 : limit) - shortBy);
      // i38-fd-webhooks-list-last-page-drops-last: the last page leaves out the partner's last subscription (a loop bound off by one).
      const page =
        faults.has('i38-fd-webhooks-list-last-page-drops-last') && start + limit >= mine.length && served.length > 1
          ? served.slice(0, -1)
          : served;
      // An empty page is a 404 (assumption FD-WEBHOOK-PAGE-PAST-END: the provider's counts are 1 or more).
      if (page.length === 0 && !faults.has('webhooks-past-end-empty-200')) return fail(reply, 404, 'No subscriptions on this page');
      // Seeded fault: the list shows each subscription's URL without its query string (the other readers keep it).
      const shown = (v: object) => {
        const url = (v as { url?: unknown }).url;
        return faults.has('webhooks-list-url-query-dropped') && typeof url === 'string' ? { ...v, url: url.split('?')[0] } : v;
      };
      // i12-webhooks-list-drops-event-url: the list answers the events without their URL override.
      const noUrls = (v: object) => {
        const events = (v as { events?: { url?: string }[] }).events;
        return faults.has('i12-webhooks-list-drops-event-url') && Array.isArray(events)
          ? { ...v, events: events.map(({ url: _url, ...e }) => e) }
          : v;
      };
      // seeded-webhooks-later-page-url-trailing-slash: a page after the first answers each URL with a slash added.
      const later = (v: object) => {
        const url = (v as { url?: unknown }).url;
        return offset > 1 && faults.has('seeded-webhooks-later-page-url-trailing-slash') && typeof url === 'string'
          ? { ...v, url: `${url}/` }
          : v;
      };
      // seeded-webhooks-list-condition-values-numeric: the list reads a condition's values of digits as numbers.
      const numeric = (v: object) => {
        if (!faults.has('seeded-webhooks-list-condition-values-numeric')) return v;
        const digits = (xs?: string[]) => xs?.map((x) => (/^\d+$/.test(x) ? String(Number(x)) : x));
        const events = (v as { events: { condition?: { includes?: string[]; excludes?: string[] } }[] }).events;
        return {
          ...v,
          events: events.map((e) =>
            e.condition
              ? {
                  ...e,
                  condition: {
                    ...e.condition,
                    ...(e.condition.includes ? { includes: digits(e.condition.includes) } : {}),
                    ...(e.condition.excludes ? { excludes: digits(e.condition.excludes) } : {}),
                  },
                }
              : e,
          ),
        };
      };
      const view = (s: HookSubscription) =>
        numeric(later(shown(noUrls(faults.has('webhooks-list-stale') && s.createdView ? s.createdView : subscriptionView(s)))));

      const echo = faults.has('blind-webhooks-default-paging-not-echoed')
        ? { offset: input.query.offset, limit: input.query.limit }
        : { offset, limit };
      // i5-webhooks-list-count-is-limit: count answers the limit asked, not the page's size.
      const count = faults.has('blind-webhooks-count-is-total')
        ? mine.length
        : faults.has('i5-webhooks-list-count-is-limit')
          ? limit
          : faults.has('i11-webhooks-list-count-remaining')
            ? Math.max(0, mine.length - start)
            : page.length;
      const total = faults.has('i14-webhooks-list-total-all-partners')
        ? // i14-webhooks-list-total-all-partners: total counts the live subscriptions of every partner.
          [...state().subscriptions.values()].filter((s) => !s.deleted).length
        : faults.has('i2-webhooks-list-total-counts-deleted')
          ? [...state().subscriptions.values()].filter((s) => s.partnerId === input.partner?.id).length
          : faults.has('i4-webhooks-list-total-excludes-inactive')
            ? mine.filter((s) => s.status === 'active').length
            : faults.has('seeded-webhooks-total-stale-after-delete')
              ? (totalAtCreate.get(input.partner?.id ?? '') ?? mine.length)
              : // i19-webhooks-total-skips-url-less: total counts only the subscriptions with a URL of their own.
                faults.has('i19-webhooks-total-skips-url-less')
                ? mine.filter((s) => s.url).length
                : // i22-webhooks-later-page-total-remaining: a page after the first counts in total the subscriptions from it on.
                  faults.has('i22-webhooks-later-page-total-remaining') && start > 0
                  ? mine.length - start
                  : mine.length;
      // seeded-judge-webhooks-list-created-second-later: the list dates each subscription's creation one second later.
      const listed = faults.has('seeded-judge-webhooks-list-created-second-later')
        ? page.map(view).map((v) => {
            const created = (v as { createdDate?: unknown }).createdDate;
            return typeof created === 'string'
              ? { ...v, createdDate: new Date(Date.parse(created) + 1000).toISOString().replace(/\.\d{3}Z$/, 'Z') }
              : v;
          })
        : page.map(view);
      // i29-fd-webhooks-list-count-is-limit: count gives the page size asked, not the subscriptions listed.
      if (faults.has('i29-fd-webhooks-list-count-is-limit'))
        return reply.code(200).send({ count: limit, ...echo, total, subscriptions: listed });
      // i36-fd-webhooks-later-page-count-off-by-one: a page after the first counts one subscription more than it lists.
      if (faults.has('i36-fd-webhooks-later-page-count-off-by-one') && start > 0)
        return reply.code(200).send({ count: count + 1, ...echo, total, subscriptions: listed });
      return reply.code(200).send({ count, ...echo, total, subscriptions: listed });
    });

    on('getWebhookSubscriptionById', (input, reply) => {
      const foreign = state().subscriptions.get(input.path.subscription_id);
      const sub =
        findSubscription(input, true) ??
        (faults.has('i11-webhooks-read-by-id-other-partner') && foreign && !foreign.deleted ? foreign : undefined);
      if (!sub) return fail(reply, 404, 'Subscription not found');
      // webhooks-read-created-date-is-now: this reader gives the time of the read as the creation date.
      if (faults.has('webhooks-read-created-date-is-now'))
        return reply.code(200).send({ ...subscriptionView(sub), createdDate: isoNow(ctx) });
      // i13-webhooks-by-id-event-status-of-subscription: the by-id read shows each event in its subscription's status.
      if (faults.has('i13-webhooks-by-id-event-status-of-subscription')) {
        const v = subscriptionView(sub);
        return reply.code(200).send({ ...v, events: v.events.map((e) => ({ ...e, status: sub.status })) });
      }
      // i15-webhooks-by-id-url-stale-after-update: the by-id read serves the subscription's URL as created.
      const created = (sub.createdView as { url?: string } | undefined)?.url;
      if (faults.has('i15-webhooks-by-id-url-stale-after-update') && created !== undefined)
        return reply.code(200).send({ ...subscriptionView(sub), url: created });
      // i32-fd-webhooks-by-id-event-ids-uppercased: the read by id names each event by its id in upper case.
      if (faults.has('i32-fd-webhooks-by-id-event-ids-uppercased')) {
        const v = subscriptionView(sub);
        return reply.code(200).send({
          ...v,
          events: v.events.map((e: Record<string, unknown>) => ({ ...e, webhookEventId: String(e.webhookEventId).toUpperCase() })),
        });
      }
      return reply.code(200).send(subscriptionView(sub));
    });

    on('updateWebhookSubscription', (input, reply) => {
      // i6-webhooks-update-other-partner: the update finds the subscription by its id alone.
      const foreign = faults.has('i6-webhooks-update-other-partner') ? state().subscriptions.get(input.path.subscription_id) : undefined;
      const sub = findSubscription(input) ?? (foreign && !foreign.deleted ? foreign : undefined);
      if (!sub) return fail(reply, 404, 'Subscription not found');
      const body = input.body as { url?: string; events: EventRequest[] };
      // i32-fd-webhooks-update-answer-events-before: the view of the events before the update (read only by that fault).
      const previousView = faults.has('i32-fd-webhooks-update-answer-events-before') ? subscriptionView(sub).events : undefined;
      const unknown = unofferedName(
        ctx,
        body.events.map((e) => e.name),
      );
      // i26-webhooks-refused-update-stores-url: an update refused for an unavailable event name has already stored its URL (written before the event check).
      if (unknown !== undefined && faults.has('i26-webhooks-refused-update-stores-url') && body.url) sub.url = body.url;
      if (unknown !== undefined) return fail(reply, 400, `Event ${unknown} is not an available event`);
      const bare = unconditioned(body.events);
      if (bare !== undefined) return fail(reply, 400, `Event ${bare} is subscribed with a condition only`);
      if (body.url && !faults.has('webhooks-update-keeps-url'))
        sub.url = faults.has('model-webhook-update-lowercases-url')
          ? body.url.toLowerCase()
          : // i7-webhooks-update-url-trailing-slash-dropped: the URL stored without its trailing slash.
            faults.has('i7-webhooks-update-url-trailing-slash-dropped')
            ? body.url.replace(/\/+$/, '')
            : body.url;
      // The list of events is replaced; an event named again keeps its id and status (this mock's choice).
      const previous = [...sub.events];
      sub.events = body.events.map((asked) => {
        const e = faults.has('i2-webhooks-update-drops-url-override') ? { ...asked, url: undefined } : asked;
        const kept = previous.findIndex((p) => p.name === e.name);
        if (kept < 0) return newEvent(e, sub.status);
        const [old] = previous.splice(kept, 1);
        // i4-webhooks-update-reactivates-events: a kept event is made again as active.
        const status = faults.has('i4-webhooks-update-reactivates-events') ? 'active' : old.status;
        return { ...newEvent(e, status), webhookEventId: old.webhookEventId, everInactive: old.everInactive };
      });
      if (faults.has('blind-webhooks-update-merges-events')) sub.events.push(...previous);
      sub.lastUpdatedDate = isoNow(ctx);
      // i37-fd-webhooks-update-redates-creation: an update rewrites the subscription's createdDate with the time of the update.
      if (faults.has('i37-fd-webhooks-update-redates-creation')) sub.createdDate = sub.lastUpdatedDate;
      // i32-fd-webhooks-update-answer-events-before: the update answers the events as they were before it.
      if (faults.has('i32-fd-webhooks-update-answer-events-before'))
        return reply.code(200).send({ ...subscriptionView(sub), events: previousView });
      return reply.code(200).send(subscriptionView(sub));
    });

    on('deleteWebhookSubscription', (input, reply) => {
      const sub = findSubscription(input);
      // i34-fd-webhooks-foreign-delete-refused-but-deleted: another partner's subscription is refused (404) after it was marked deleted.
      const foreign = state().subscriptions.get(input.path.subscription_id);
      if (!sub && faults.has('i34-fd-webhooks-foreign-delete-refused-but-deleted') && foreign && foreign.partnerId !== input.partner?.id)
        foreign.deleted = true;
      if (!sub) {
        const gone = state().subscriptions.get(input.path.subscription_id);
        if (faults.has('blind-webhooks-second-delete-204') && gone?.deleted && gone.partnerId === input.partner?.id)
          return reply.code(204).send();
        // i26-webhooks-delete-unknown-reason-code-1502: the delete path's 404 carries the bad-request reason code (1502), not 1501.
        if (faults.has('i26-webhooks-delete-unknown-reason-code-1502'))
          return reply.code(404).send(errorBody(400, 'Subscription not found'));
        return fail(reply, 404, 'Subscription not found');
      }
      sub.deleted = true;
      return reply.code(204).send();
    });

    on('updateWebhookSubscriptionEvent', (input, reply) => {
      // i8-webhooks-event-update-after-sub-delete: a deleted subscription of the partner still found here.
      const gone = state().subscriptions.get(input.path.subscription_id);
      const sub =
        findSubscription(input) ??
        (faults.has('i8-webhooks-event-update-after-sub-delete') && gone?.deleted && gone.partnerId === input.partner?.id
          ? gone
          : undefined) ??
        // i19-webhooks-event-update-other-partner: the event update finds another partner's live subscription.
        (faults.has('i19-webhooks-event-update-other-partner') && gone && !gone.deleted ? gone : undefined);
      const event = sub && findEvent(input, sub);
      if (!sub || !event) return fail(reply, 404, sub ? 'Event not found in this subscription' : 'Subscription not found');
      const body = input.body as EventRequest;
      const unknown = faults.has('blind-webhooks-event-update-name-unchecked') ? undefined : unofferedName(ctx, [body.name]);
      // i35-fd-webhooks-event-update-refused-url-applied: an update refused for its event name still stores the URL override it sent.
      if (unknown !== undefined && faults.has('i35-fd-webhooks-event-update-refused-url-applied') && body.url) event.url = body.url;
      if (unknown !== undefined) return fail(reply, 400, `Event ${unknown} is not an available event`);
      if (unconditioned([body]) !== undefined) return fail(reply, 400, `Event ${body.name} is subscribed with a condition only`);
      event.name = body.name;
      if (faults.has('blind-webhooks-event-update-new-id')) event.webhookEventId = nextUuid(state(), 'event');
      // PUT replaces: an override or a condition left out is removed.
      // i4-webhooks-event-update-url-lowercased: the override stored lower-cased on this path.
      // Seeded fault webhooks-event-update-override-kept: an override already set is kept, the new one dropped.
      const keepOverride = faults.has('webhooks-event-update-override-kept') && event.url !== undefined;
      if (body.url)
        event.url = keepOverride
          ? event.url
          : faults.has('i4-webhooks-event-update-url-lowercased')
            ? body.url.toLowerCase()
            : // i13-webhooks-event-update-url-query-dropped: the override stored without its query string.
              faults.has('i13-webhooks-event-update-url-query-dropped')
              ? body.url.split('?')[0]
              : body.url;
      else delete event.url;
      if (!faults.has('webhooks-event-update-ignored-condition')) {
        if (body.condition) event.condition = body.condition;
        // i6-webhooks-event-update-keeps-omitted-condition: a condition left out is kept.
        else if (!faults.has('i6-webhooks-event-update-keeps-omitted-condition')) delete event.condition;
      }
      sub.lastUpdatedDate = isoNow(ctx);
      // i34-fd-webhooks-event-update-answer-status-active: the update answers the event as active whatever its stored status.
      if (faults.has('i34-fd-webhooks-event-update-answer-status-active'))
        return reply.code(200).send({ ...eventView(event), status: 'active' });
      return reply.code(200).send(eventView(event));
    });

    on('deleteWebhookSubscriptionEvent', (input, reply) => {
      // i3-webhooks-event-delete-other-partner: the event delete finds the subscription by its id alone.
      const anyOwner = faults.has('i3-webhooks-event-delete-other-partner')
        ? state().subscriptions.get(input.path.subscription_id)
        : undefined;
      // i14-webhooks-event-delete-after-sub-delete: an event of the partner's deleted subscription is still deleted (204).
      const gone = state().subscriptions.get(input.path.subscription_id);
      const sub =
        findSubscription(input) ??
        (anyOwner && !anyOwner.deleted ? anyOwner : undefined) ??
        (faults.has('i14-webhooks-event-delete-after-sub-delete') && gone?.deleted && gone.partnerId === input.partner?.id
          ? gone
          : undefined);
      const event = sub && findEvent(input, sub);
      if (sub && !event && faults.has('blind-webhooks-event-delete-unknown-204')) return reply.code(204).send();
      if (!sub || !event) return fail(reply, 404, sub ? 'Event not found in this subscription' : 'Subscription not found');
      if (faults.has('i3-webhooks-deleted-event-testable')) deletedEvents.set(sub, [...(deletedEvents.get(sub) ?? []), event]);
      if (faults.has('blind-webhooks-event-delete-splice-tail')) sub.events.splice(sub.events.indexOf(event));
      else if (!faults.has('webhooks-event-delete-noop')) {
        for (const s of state().subscriptions.values()) s.events = s.events.filter((e) => e !== event);
      }
      // i36-fd-webhooks-event-delete-by-name-partner-wide: the event of that name is removed from the partner's other subscriptions too.
      if (faults.has('i36-fd-webhooks-event-delete-by-name-partner-wide'))
        for (const other of state().subscriptions.group('partner', sub.partnerId).values())
          if (other !== sub) other.events = other.events.filter((e) => e.name !== event.name);
      // i35-fd-webhooks-last-event-delete-drops-subscription: deleting a subscription's last event deletes the subscription too.
      if (faults.has('i35-fd-webhooks-last-event-delete-drops-subscription') && sub.events.length === 0) sub.deleted = true;
      sub.lastUpdatedDate = isoNow(ctx);
      return reply.code(204).send();
    });

    // seed 002, States and transitions: an event moves to the requested state, active or inactive.
    on('changeWebhookSubscriptionEventStatus', (input, reply) => {
      // i8-webhooks-event-status-other-partner: the subscription found by its id alone.
      const foreign = faults.has('i8-webhooks-event-status-other-partner')
        ? state().subscriptions.get(input.path.subscription_id)
        : undefined;
      const sub =
        findSubscription(input) ??
        (foreign && !foreign.deleted ? foreign : undefined) ??
        // Seeded fault webhooks-event-status-after-sub-delete: a deleted subscription of the partner still found here.
        (faults.has('webhooks-event-status-after-sub-delete')
          ? [state().subscriptions.get(input.path.subscription_id)].find((s) => s?.deleted && s.partnerId === input.partner?.id)
          : undefined);
      const event = sub && findEvent(input, sub);
      // i37-fd-webhooks-event-status-unknown-event-applied-to-all: an unknown event id is refused 404, yet the status is set on every event of the subscription.
      if (sub && !event && faults.has('i37-fd-webhooks-event-status-unknown-event-applied-to-all'))
        for (const e of sub.events) e.status = String((input.body as { status?: unknown }).status);
      // i38-fd-webhooks-event-status-unknown-subscription-400: an unknown subscription id on an event status change answered 400, not 404.
      if (!sub && faults.has('i38-fd-webhooks-event-status-unknown-subscription-400')) return fail(reply, 400, 'Invalid subscription id');
      if (!sub || !event) return fail(reply, 404, sub ? 'Event not found in this subscription' : 'Subscription not found');
      const { status } = input.body as { status: string };
      if (faults.has('blind-webhooks-event-status-same-state-400') && event.status === status)
        return fail(reply, 400, `Event is already ${status}`);
      const reactivationIgnored =
        faults.has('blind-webhooks-event-reactivate-ignored') && status === 'active' && event.status === 'inactive';
      // i26-webhooks-event-status-answers-previous: the answer echoes the event's status read before the change (the new one is stored).
      const before = event.status;
      if (!faults.has('webhooks-event-status-not-stored') && !reactivationIgnored) event.status = status;
      // i38-fd-webhooks-event-inactive-stored-disabled: an event made inactive is stored as "disabled" (the answer echoes the request).
      if (faults.has('i38-fd-webhooks-event-inactive-stored-disabled') && status === 'inactive') event.status = 'disabled';
      // i21-webhooks-event-deactivation-also-next: deactivating one event deactivates the event after it too (an index off by one).
      if (faults.has('i21-webhooks-event-deactivation-also-next') && status === 'inactive') {
        const next = sub.events[sub.events.indexOf(event) + 1];
        if (next) next.status = status;
      }
      // i27-webhooks-event-activation-also-previous: activating one event activates the event before it too (an index off by one).
      if (faults.has('i27-webhooks-event-activation-also-previous') && status === 'active') {
        const previous = sub.events[sub.events.indexOf(event) - 1];
        if (previous) previous.status = status;
      }
      if (status !== 'active') event.everInactive = true;
      // i31-fd-webhooks-event-activation-activates-subscription: activating one event of an inactive subscription makes the subscription active.
      if (faults.has('i31-fd-webhooks-event-activation-activates-subscription') && status === 'active') sub.status = 'active';
      // i32-fd-webhooks-event-status-by-name-partner-wide: the partner's events of the same name in its other subscriptions follow.
      if (faults.has('i32-fd-webhooks-event-status-by-name-partner-wide'))
        for (const other of state().subscriptions.group('partner', sub.partnerId).values())
          if (other !== sub && !other.deleted) for (const e of other.events) if (e.name === event.name) e.status = status;
      if (faults.has('i2-webhooks-event-status-drops-condition')) delete event.condition;
      sub.lastUpdatedDate = isoNow(ctx);
      if (faults.has('i26-webhooks-event-status-answers-previous')) return reply.code(200).send({ status: before });
      return reply.code(200).send({ status });
    });

    // seed 002, States and transitions: the subscription and all its events move to the requested state.
    on('changeWebhookSubscriptionStatus', (input, reply) => {
      const foreign = faults.has('blind-webhooks-sub-status-owner-unchecked')
        ? state().subscriptions.get(input.path.subscription_id)
        : undefined;
      // i14-webhooks-sub-status-after-delete: the partner's deleted subscription still takes a status change.
      const deleted = state().subscriptions.get(input.path.subscription_id);
      const sub =
        findSubscription(input) ??
        (foreign && !foreign.deleted ? foreign : undefined) ??
        (faults.has('i14-webhooks-sub-status-after-delete') && deleted?.deleted && deleted.partnerId === input.partner?.id
          ? deleted
          : undefined);
      if (!sub) return fail(reply, 404, 'Subscription not found');
      const { status } = input.body as { status: string };
      // i28-fd-webhooks-sub-status-answers-previous: the status change answers the status the subscription had before.
      const before = sub.status;
      sub.status = status;
      // i30-fd-webhooks-sub-reactivation-redates-creation: reactivating a subscription writes the time of the change as its createdDate.
      if (faults.has('i30-fd-webhooks-sub-reactivation-redates-creation') && status === 'active' && before === 'inactive')
        sub.createdDate = isoNow(ctx);
      // i29-fd-webhooks-sub-inactive-status-not-kept: deactivating a subscription moves its events but leaves its own status active.
      if (faults.has('i29-fd-webhooks-sub-inactive-status-not-kept') && status === 'inactive') sub.status = before;
      const eventsLeft = faults.has('blind-webhooks-sub-reactivate-events-stay-inactive') && status === 'active';
      if (!faults.has('webhooks-sub-status-events-unchanged') && !eventsLeft)
        // i5-webhooks-sub-status-skips-overridden-events: events with their own URL keep their status.
        // seed 002, States and transitions: every event of the subscription moves (the state seam: the events it moves).
        for (const e of seams.state({ operationId: 'changeWebhookSubscriptionStatus', before, status }, sub.events))
          if (
            !(e.url && faults.has('i5-webhooks-sub-status-skips-overridden-events')) &&
            // i19-webhooks-sub-inactive-skips-conditioned-events: deactivation leaves the events with a condition active.
            !(faults.has('i19-webhooks-sub-inactive-skips-conditioned-events') && status === 'inactive' && e.condition)
          )
            e.status = status;
      // i33-fd-webhooks-sub-reactivation-first-event-left-inactive: reactivating a subscription leaves its first event inactive.
      if (
        faults.has('i33-fd-webhooks-sub-reactivation-first-event-left-inactive') &&
        status === 'active' &&
        before === 'inactive' &&
        sub.events[0]
      )
        sub.events[0].status = 'inactive';
      // i28-fd-webhooks-sub-inactive-last-event-kept: deactivating a subscription leaves its last event active (the loop stops one short).
      if (faults.has('i28-fd-webhooks-sub-inactive-last-event-kept') && status === 'inactive' && sub.events.length > 1)
        sub.events[sub.events.length - 1].status = 'active';
      sub.lastUpdatedDate = isoNow(ctx);
      // i38-fd-webhooks-sub-status-answer-uppercased: the subscription status change echoes the status upper-cased.
      if (faults.has('i38-fd-webhooks-sub-status-answer-uppercased')) return reply.code(200).send({ status: status.toUpperCase() });
      return reply.code(200).send({ status: faults.has('i28-fd-webhooks-sub-status-answers-previous') ? before : status });
    });

    on('listAvailableWebhookSubscriptionEvents', (_input, reply) => {
      // i35-fd-webhooks-available-events-hide-subscribed: the catalogue leaves out the events the partner already subscribes to.
      if (faults.has('i35-fd-webhooks-available-events-hide-subscribed')) {
        const taken = new Set(
          [...state().subscriptions.values()]
            .filter((s) => s.partnerId === _input.partner?.id && !s.deleted)
            .flatMap((s) => s.events.map((e) => e.name)),
        );
        return reply.code(200).send({ events: AVAILABLE_EVENTS.filter((e) => !taken.has(e.name)) });
      }
      return reply.code(200).send({ events: AVAILABLE_EVENTS });
    });

    on('testWebhookSubscription', async (input, reply) => {
      const gone = state().subscriptions.get(input.path.subscription_id);
      const sub =
        findSubscription(input) ??
        (faults.has('i2-webhooks-deleted-subscription-testable') && gone?.deleted && gone.partnerId === input.partner?.id
          ? gone
          : undefined);
      if (!sub) return fail(reply, 404, 'Subscription not found');
      // i12-webhooks-sub-test-skips-last-event: the loop stops one event short.
      const tested = faults.has('i12-webhooks-sub-test-skips-last-event') && sub.events.length > 1 ? sub.events.slice(0, -1) : sub.events;
      for (const event of tested) {
        if (!testable(ctx, sub, event, 'subscription')) continue;
        // Blind faults: every delivery names the first event; the loop stops after the first delivery.
        await deliverTest(
          ctx,
          sub,
          // i36-fd-webhooks-sub-test-later-events-to-first-url: the subscription test calls every later event at the first event's URL.
          faults.has('i36-fd-webhooks-sub-test-later-events-to-first-url') && event !== tested[0]
            ? { ...event, url: tested[0].url }
            : event,
          faults.has('blind-webhooks-sub-test-first-event-body')
            ? sub.events[0]
            : // i20-webhooks-sub-test-event-name-enum-style: the subscription test names each event by its constant (AUTHORIZATION_ACCESSTOKEN_EXPIRY).
              faults.has('i20-webhooks-sub-test-event-name-enum-style') && typeof event.name === 'string'
              ? { ...event, name: event.name.replace(/[.-]/g, '_').toUpperCase() }
              : event,
          faults.has('i4-webhooks-sub-test-override-also-to-sub-url'),
        );
        if (faults.has('blind-webhooks-sub-test-first-event-only')) break;
      }
      // i38-fd-webhooks-sub-test-answers-202: the subscription test answered 202 Accepted, not 200.
      if (faults.has('i38-fd-webhooks-sub-test-answers-202')) return reply.code(202).send();
      return reply.code(200).send();
    });

    on('testWebhookSubscriptionBasedOnEventId', async (input, reply) => {
      const anyOwner = state().subscriptions.get(input.path.subscription_id);
      const sub =
        findSubscription(input) ??
        (faults.has('i2-webhooks-event-test-other-partner') && anyOwner && !anyOwner.deleted ? anyOwner : undefined) ??
        // i19-webhooks-event-test-after-sub-delete: the by-event test finds the partner's deleted subscription.
        (faults.has('i19-webhooks-event-test-after-sub-delete') && anyOwner?.deleted && anyOwner.partnerId === input.partner?.id
          ? anyOwner
          : undefined);
      const gone = (s: HookSubscription) =>
        faults.has('i3-webhooks-deleted-event-testable')
          ? deletedEvents.get(s)?.find((e) => e.webhookEventId === input.path.webhook_event_id)
          : undefined;
      const event = sub && (findEvent(input, sub) ?? gone(sub));
      if (!sub || !event) return fail(reply, 404, sub ? 'Event not found in this subscription' : 'Subscription not found');
      const events = faults.has('webhooks-event-test-delivers-all') ? sub.events : [event];
      // Seeded fault: the event test alone calls the event's override URL lower-cased (the subscription test keeps it).
      // i27-webhooks-event-test-override-query-dropped: the event test calls the event's override URL without its query string.
      const called = (e: HookEvent) =>
        faults.has('webhooks-event-test-override-lowercased') && e.url
          ? { ...e, url: e.url.toLowerCase() }
          : faults.has('i27-webhooks-event-test-override-query-dropped') && e.url
            ? { ...e, url: e.url.split('?')[0] }
            : // i38-fd-webhooks-event-test-override-path-dropped: the event test calls the origin of the event's override URL, its path dropped.
              faults.has('i38-fd-webhooks-event-test-override-path-dropped') && e.url
              ? { ...e, url: `${new URL(e.url).origin}/` }
              : e;
      for (const e of events)
        if (testable(ctx, sub, e, 'event'))
          await deliverTest(
            ctx,
            sub,
            faults.has('blind-webhooks-event-test-ignores-override') ? { ...e, url: undefined } : called(e),
            // i9-webhooks-event-test-event-id-uppercased: the event test names the event id in upper case.
            faults.has('i9-webhooks-event-test-event-id-uppercased')
              ? { ...e, webhookEventId: e.webhookEventId.toUpperCase() }
              : // i15-webhooks-event-test-condition-of-first-event: the event test carries the subscription's first event's condition.
                faults.has('i15-webhooks-event-test-condition-of-first-event')
                ? { ...e, condition: sub.events[0].condition }
                : e,
            false,
            // i15-webhooks-event-test-partner-secret-header: the event test authenticates its delivery with the partner secret in clear.
            faults.has('i15-webhooks-event-test-partner-secret-header') && input.partner
              ? { 'x-webhook-secret': input.partner.secret }
              : {},
          );
      return reply.code(200).send();
    });
  });
}
