// Faults of webhook subscriptions, named `<rule id>-<deviation>` (schemas/financial-data/rules/webhooks.yaml, rules.yaml): `relax`, or
// webhooks.ts's seams (Step, Change, the answer, a test delivery). A blind fault keeps its earlier id as an alias (docs/mutation.md).
import { always, assumption, blind, faultCatalogue, provider, schema, was, type FaultMemory, type SeamFn } from '../kit/faults.js';
import { faultKit } from './fault-builders.js';
import {
  errorBody,
  isoDate,
  nextUuid,
  subscriptionView,
  type Answer,
  type Exchange,
  type Refusal,
  type TestDelivery,
  type WebhookSeams,
} from './webhooks.records.js';

type Judge = SeamFn<WebhookSeams, 'judge'>;
type Answering = SeamFn<WebhookSeams, 'answer'>;
type Stating = SeamFn<WebhookSeams, 'state'>;
type Delivering = SeamFn<WebhookSeams, 'delivery'>;
type Op = Exchange['op'];
type When = (x: Exchange, memory: FaultMemory) => boolean;
type View = Record<string, any>;
const { fault, fold, skip, refuse, on, all, changed, answered } = faultKit<WebhookSeams>();
const asked = (x: Exchange) => x.input.body as { url?: string; status?: string; events?: { name: string; url?: string }[] };
/** The subscription the path names: the caller's, deleted. */
const ownDeleted = (x: Exchange) => x.named?.deleted === true && x.named.partnerId === x.input.partner?.id;
/** The event the path names in another live subscription of the caller. */
const elsewhere = (x: Exchange) =>
  [...x.world.subscriptions.group('partner', x.sub?.partnerId ?? '').values()]
    .filter((s) => !s.deleted)
    .flatMap((s) => s.events)
    .find((e) => e.webhookEventId === x.input.path.webhook_event_id);
const refusal = (status: number, description: string): Refusal => ({ status, description });

// (a) The request as judged: functions at the judge seam.
/** The caller's deleted subscription still found by `op`. */
const findsDeleted = (op: Op): Judge =>
  skip(
    'subscription',
    (x) => x.op === op && ownDeleted(x),
    (x) => (x.sub = x.named),
  );
/** Each subscription of a list's page made otherwise. */
const listed = (bend: (view: View, x: Exchange, memory: FaultMemory) => View): Answering =>
  answered('listWebhookSubscriptions', (b, x, m) => ({ ...b, subscriptions: b.subscriptions.map((v: View) => bend(v, x, m)) }));
/** An error's answer made otherwise (of the handlers, and of the shared front: op 'front'). */
const errors =
  (bend: (a: Answer, x: Exchange) => Answer): Answering =>
  (x, a) =>
    a.status >= 400 && a.body?.Errors ? bend(a, x) : a;

// (d) A test delivery: functions at the delivery seam.
const delivered =
  (bend: (d: TestDelivery, x: Exchange, memory: FaultMemory) => TestDelivery | void, when: When = always): Delivering =>
  (x, d, m) =>
    when(x, m) ? (bend({ ...d, body: { ...d.body }, headers: { ...d.headers } }, x, m) ?? d) : d;
/** A subscription's view at its creation, kept in the fault's memory. */
const keepCreated: Stating = changed('create', (c, _x, m) => {
  m[c.sub.subscriptionId] = structuredClone(subscriptionView(c.sub));
});
const HOUR = 3_600_000;

export const WEBHOOKS_FAULTS = faultCatalogue([
  // --- The request-id header and the error body (provider 1.35.0 RequestIdHeader, ErrorWrapper; reference, Error bodies)
  fault('fd-webhook-request-id-required', 'FD-WEBHOOK-REQUEST-ID: a call without X-External-Request-Id is refused 400', {
    judge: refuse(
      'request-id',
      (x) => !x.headers['x-external-request-id'],
      () => refusal(400, 'Missing parameter (X-External-Request-Id)'),
    ),
    ...provider,
  }),
  fault('fd-webhook-error-shape-delete-unknown-reason-bad-request', {
    rule: 'FD-WEBHOOK-ERROR-SHAPE, FD-PROP-ERROR-STATUS: the 404 of deleteWebhookSubscription for an unknown subscription carries the bad-request reason code',
    answer: errors((a, x) =>
      x.op === 'deleteWebhookSubscription' && a.status === 404 ? { ...a, body: errorBody(400, 'Subscription not found') } : a,
    ),
    ...provider,
  }),
  fault('fd-webhook-id-format-unchecked', {
    rule: "FD-WEBHOOK-ID-FORMAT: an id of another form than WebhookIdParam's format is looked up (not found), not refused as malformed",
    relax: schema('WebhookIdParam', { drop: ['format'] }),
    ...assumption,
  }),
  fault('fd-webhook-event-names-unchecked-on-event-update', {
    rule: 'FD-WEBHOOK-EVENT-NAMES: an event update takes a name the catalogue does not offer',
    judge: skip('names', on('updateWebhookSubscriptionEvent')),
    ...provider,
    ...blind,
    ...was('blind-webhooks-event-update-name-unchecked'),
  }),

  // --- Whose subscription, and after a delete (seed 002, Webhook subscriptions; Errors 404)
  fault('fd-webhook-owner-unchecked', "FD-WEBHOOK-OWNER: another partner's subscription is found by every operation and listed", {
    judge: all(
      skip(
        'subscription',
        (x) => x.named !== undefined && !x.named.deleted,
        (x) => (x.sub = x.named),
      ),
      fold('set', always, (x) => (x.set = [...x.world.subscriptions.values()].filter((s) => !s.deleted))),
    ),
  }),
  fault('fd-obj-after-delete-event-status-switched', {
    rule: "FD-OBJ-AFTER-DELETE, FD-WEBHOOK-DELETE: after a subscription's delete, changeWebhookSubscriptionEventStatus still finds it and switches an event it held",
    judge: findsDeleted('changeWebhookSubscriptionEventStatus'),
  }),
  fault('fd-webhook-unknown-event-other-subscription', {
    rule: "FD-WEBHOOK-UNKNOWN-EVENT: an event id of another of the partner's subscriptions is found",
    judge: skip(
      'event',
      (x) => x.sub !== undefined && elsewhere(x) !== undefined,
      (x) => (x.event = elsewhere(x)),
    ),
  }),
  fault('fd-not-found-event-status-unknown-subscription-400', {
    rule: 'FD-NOT-FOUND, FD-PROP-ERROR-STATUS: an event status change on an unknown subscription id answers 400, not 404',
    judge: (x, s, r) =>
      r && s === 'subscription' && x.op === 'changeWebhookSubscriptionEventStatus' ? refusal(400, 'Invalid subscription id') : r,
    ...provider,
  }),

  // --- Paging (provider 1.35.0 ObwmsOffsetParameter, ObwmsLimitParameter, Subscriptions; reference Paging)
  fault('fd-webhook-page-limit-uncapped', 'FD-WEBHOOK-PAGE-LIMIT: a limit above its maximum is served', {
    relax: schema('WebhookPageLimit', { drop: ['maximum'] }),
    ...assumption,
  }),
  fault('fd-webhook-page-limit-maximum-refused', 'FD-WEBHOOK-PAGE-LIMIT: the maximum limit is refused, the bound read as exclusive', {
    relax: schema('WebhookPageLimit', { shift: { maximum: -1 } }),
    ...provider,
    ...blind,
    ...was('blind-webhooks-limit-100-refused'),
  }),
  fault('fd-webhook-page-offset-zero-accepted', 'FD-WEBHOOK-PAGE-OFFSET: offset 0 is served', {
    relax: schema('WebhookPageOffset', { drop: ['minimum'] }),
    ...provider,
  }),
  fault('fd-webhook-page-default-limit-25', {
    rule: "FD-WEBHOOK-PAGE-DEFAULT: without limit a page holds another count than the limit parameter's default",
    judge: fold(
      'limit',
      (x) => x.input.query.limit === undefined,
      (x) => (x.limit = 25),
    ),
    ...provider,
  }),
  fault('fd-webhook-page-past-end-empty-200', 'FD-WEBHOOK-PAGE-PAST-END: a page past the last is an empty 200, not a 404', {
    judge: skip('page'),
    ...assumption,
  }),
  fault('fd-derived-counts-list-count-is-limit', {
    rule: 'FD-WEBHOOK-PAGE-OFFSET, FD-DERIVED-COUNTS: count gives the limit asked, not the subscriptions listed',
    answer: answered('listWebhookSubscriptions', (b, x) => ({ ...b, count: x.limit })),
    ...provider,
  }),

  // --- Create, update and delete through every reader (seed 002, Webhook subscriptions; Resources)
  fault('fd-webhook-create-answers-200', 'FD-WEBHOOK-CREATE: creation answers 200, not 201', {
    answer: (x, a) => (x.op === 'createWebhookSubscription' && a.status === 201 ? { ...a, status: 200 } : a),
  }),
  fault('fd-webhook-delete-keeps-listed', 'FD-WEBHOOK-DELETE: a deleted subscription is still listed', {
    judge: fold('set', always, (x) => (x.set = [...x.world.subscriptions.group('partner', x.input.partner?.id ?? '').values()])),
  }),
  fault('fd-webhook-update-list-stale', {
    rule: 'FD-WEBHOOK-UPDATE, FD-WEBHOOK-EVENT-STATUS: the list shows each subscription as created, not as it is now',
    state: keepCreated,
    answer: listed((v, _x, m) => m[v.subscriptionId] ?? v),
  }),
  fault('fd-webhook-event-update-new-id', 'FD-WEBHOOK-EVENT-UPDATE: an event update re-creates the event under a new webhookEventId', {
    state: changed('event-update', (c, x) => ({ ...c, webhookEventId: nextUuid(x.world, 'event') })),
    ...provider,
    ...blind,
    ...was('blind-webhooks-event-update-new-id'),
  }),
  fault('fd-webhook-delivery-current-event-override-kept', {
    rule: "FD-WEBHOOK-DELIVERY-CURRENT: an event's override already set is kept, the new one dropped",
    state: changed('event-update', (c, x) => (x.event!.url !== undefined && c.url ? { ...c, url: x.event!.url } : c)),
  }),
  fault('fd-webhook-event-delete-takes-later-events', 'FD-WEBHOOK-EVENT-DELETE: an event delete removes the events listed after it too', {
    state: changed('event-delete', (c, x) => ({ ...c, events: x.sub!.events.slice(0, x.sub!.events.indexOf(c.removed)) })),
    ...blind,
    ...was('blind-webhooks-event-delete-splice-tail'),
  }),

  // --- States (seed 002, States and transitions)
  fault('fd-webhook-status-values-any', 'FD-WEBHOOK-STATUS-VALUES: a status other than active or inactive is taken', {
    relax: schema('WebhookStatusValue', { drop: ['enum'] }),
  }),
  fault('fd-webhook-status-values-same-state-refused', {
    rule: 'FD-WEBHOOK-STATUS-VALUES, FD-WEBHOOK-EVENT-STATUS: an event status change to the state the event is in is refused 400',
    judge: refuse(
      'transition',
      (x) => x.event?.status === asked(x).status,
      (x) => refusal(400, `Event is already ${asked(x).status}`),
    ),
    ...blind,
    ...was('blind-webhooks-event-status-same-state-400'),
  }),
  // The cascade property's proof (invariants.cascades.spec.ts): a shortcut when nothing seems to change.
  fault('fd-prop-cascade-sub-status-same-state-skips-events', {
    rule: 'FD-PROP-CASCADE: a subscription status change to the status the subscription has already answers 200 and moves none of its events (an event moved alone keeps its own state)',
    state: changed('sub-status', (c, x) => (x.sub!.status === c.status ? { ...c, events: x.sub!.events.map((e) => e.status) } : c)),
  }),
  fault('fd-webhook-sub-status-events-unchanged', "FD-WEBHOOK-SUB-STATUS: a subscription's status change leaves its events as they were", {
    state: changed('sub-status', (c, x) => ({ ...c, events: x.sub!.events.map((e) => e.status) })),
  }),

  // --- Test deliveries (seed 002, Events; Webhook subscriptions: the URL may be overridden per event)
  fault('fd-webhook-test-delivery-twice', 'FD-WEBHOOK-TEST-DELIVERY: each test call delivers twice per event', {
    delivery: delivered((d) => ({ ...d, to: [...d.to, ...d.to] })),
  }),
  fault('fd-webhook-inactive-no-test-event-delivered', {
    rule: 'FD-WEBHOOK-INACTIVE-NO-TEST: an inactive event of an active subscription receives test deliveries',
    delivery: delivered((d) => (d.silent === 'event inactive' ? { ...d, silent: undefined } : d)),
    ...provider,
  }),
  fault('fd-webhook-inactive-no-test-event-test-ignores-subscription', {
    rule: 'FD-WEBHOOK-INACTIVE-NO-TEST: the event test of an active event delivers though its subscription is inactive',
    delivery: delivered(
      (d) => (d.silent === 'subscription inactive' && d.event.status === 'active' ? { ...d, silent: undefined } : d),
      on('testWebhookSubscriptionBasedOnEventId'),
    ),
    ...provider,
  }),
  fault('fd-webhook-url-override-ignored', "FD-WEBHOOK-URL-OVERRIDE: an event with its own URL is delivered to the subscription's URL", {
    delivery: delivered((d, x) => {
      const url = x.sub!.url ?? d.event.url;
      return { ...d, to: url ? [url] : [] };
    }),
  }),
  fault('fd-delivery-url-normalised', {
    rule: 'FD-DELIVERY-URL: the test deliveries go to the URL parsed and written again, not byte for byte as registered',
    delivery: delivered((d) => ({ ...d, to: d.to.map((u) => (URL.canParse(u) ? new URL(u).href : u)) })),
    ...assumption,
  }),
  fault('fd-delivery-media-type-override-text-plain', {
    rule: "FD-DELIVERY-MEDIA-TYPE: a test delivery to an event's overriding URL declares its JSON body as text/plain",
    delivery: delivered((d) =>
      d.event.url && d.to[0] === d.event.url ? { ...d, headers: { ...d.headers, 'content-type': 'text/plain; charset=utf-8' } } : d,
    ),
    ...assumption,
  }),
  fault('fd-delivery-sensitive-event-test-secret-header', {
    rule: "FD-DELIVERY-SENSITIVE: the event test's delivery carries the partner secret in a header",
    delivery: delivered(
      (d, x) => (x.input.partner ? { ...d, headers: { ...d.headers, 'x-webhook-secret': x.input.partner.secret } } : d),
      on('testWebhookSubscriptionBasedOnEventId'),
    ),
    ...assumption,
  }),
  fault('fd-webhook-delivery-shape-without-event-id', 'FD-WEBHOOK-DELIVERY-SHAPE: a test delivery does not name its webhookEventId', {
    delivery: delivered((d) => {
      delete d.body.webhookEventId;
      return d;
    }),
    ...assumption,
  }),
  fault('fd-prop-event-ids-test-sent-date-eastern-as-utc', {
    rule: 'FD-PROP-EVENT-IDS: a test delivery writes its sentDate in US Eastern wall time marked Z, five hours before the trigger was sent',
    delivery: delivered((d, x) => ({ ...d, body: { ...d.body, sentDate: isoDate(new Date(x.now.getTime() - 5 * HOUR)) } })),
    ...assumption,
  }),
  fault('fd-webhook-delivery-state-condition-as-created', {
    rule: 'FD-WEBHOOK-DELIVERY-STATE: a test delivery carries the condition the event had when the subscription was created, not its condition now',
    state: keepCreated,
    delivery: delivered((d, x, m) => {
      const created = m[x.sub!.subscriptionId]?.events?.find((e: View) => e.name === d.event.name);
      return { ...d, body: { ...d.body, condition: created?.condition } };
    }),
    ...assumption,
  }),
  // provider 1.35.0, testWebhookSubscription: its 200 declares no content.
  fault('fd-resp-forms-test-answers-body', {
    rule: "FD-RESP-FORMS: a subscription's test, whose 200 the document gives no content, answers the subscription in its body",
    answer: (x, a) => (x.op === 'testWebhookSubscription' && a.status === 200 && x.sub ? { ...a, body: subscriptionView(x.sub) } : a),
    ...provider,
  }),
]);
