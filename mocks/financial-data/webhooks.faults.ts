// Faults of webhook subscriptions (switched in webhooks.ts): each breaks one rule of
// schemas/financial-data/rules/webhooks.yaml, the way a provider's release might. `rules` names the
// rule ids it breaks (`npm run mutation -- --targeted` runs the specs citing them). The faults of
// the suite's authors first, then those written blind (`origin: 'blind'`, measured apart by `npm run
// mutation -- --blind`).
import { faultCatalogue, blind, independent, modelFault, seeded, type FaultSeams } from '../kit/faults.js';
import type { WebhookSeams } from './state.js';

type Seams = FaultSeams<WebhookSeams>;

export const WEBHOOKS_FAULTS = faultCatalogue([
  // Seeded beside the cascade property (invariants.cascades.spec.ts): a shortcut when nothing seems to change.
  seeded({
    id: 'fd-prop-cascade-sub-status-same-state-skips-events',
    rule: 'FD-PROP-CASCADE: a subscription status change to the status the subscription has already answers 200 and moves none of its events (an event moved alone keeps its own state)',
    source: 'seed',
    rules: ['FD-PROP-CASCADE'],
    seams: {
      state: (x, events) => (x.operationId === 'changeWebhookSubscriptionStatus' && x.before === x.status ? [] : events),
    } satisfies Seams,
  }),
  // Seeded beside the create and update checks of webhooks.crud.spec.ts (leading zeros in condition values).
  // Seeded for the answer judge (fixtures/financial-data.ts): the list's creation date against the by-id reader's.
  seeded({
    id: 'seeded-judge-webhooks-list-created-second-later',
    rule: 'FD-WEBHOOK-CREATE: listWebhookSubscriptions dates each subscription one second after its creation; getWebhookSubscriptionById keeps the date',
    source: 'seed',
    rules: ['FD-WEBHOOK-CREATE'],
  }),
  seeded({
    id: 'seeded-webhooks-list-condition-values-numeric',
    rule: "FD-WEBHOOK-CREATE: listWebhookSubscriptions shows each event condition's includes and excludes of digits read as numbers (leading zeros dropped)",
    source: 'seed',
    rules: ['FD-WEBHOOK-CREATE', 'FD-WEBHOOK-UPDATE', 'FD-WEBHOOK-EVENT-UPDATE'],
  }),
  // Seeded beside the create and delete checks of webhooks.crud.spec.ts (the list's total after a write).
  seeded({
    id: 'seeded-webhooks-total-stale-after-delete',
    rule: "FD-WEBHOOK-DELETE: listWebhookSubscriptions' total is the partner's count as of its last creation: a delete after it leaves the total one too high",
    source: 'provider',
    rules: ['FD-WEBHOOK-DELETE'],
  }),
  // Seeded beside the later pages of webhooks.paging.spec.ts (FD-PAGE-KEEPS-QUERY; origin 'seeded').
  seeded({
    id: 'seeded-webhooks-later-page-url-trailing-slash',
    rule: 'FD-PAGE-KEEPS-QUERY: listWebhookSubscriptions answers a page after the first with a slash added to each subscription URL',
    source: 'provider',
    rules: ['FD-PAGE-KEEPS-QUERY'],
  }),
  // Seeded beside the test deliveries over a sequence of changes (webhooks.sequence.spec.ts; origin 'seeded').
  seeded({
    id: 'webhooks-test-condition-as-created',
    rule: "FD-WEBHOOK-DELIVERY-STATE: a test delivery carries the event's condition as the reader answers it now; after an update it still carries the condition the event had when the subscription was created",
    source: 'assumption',
    rules: ['FD-WEBHOOK-DELIVERY-STATE'],
  }),
  // Seeded beside the event dates of every reader (records.event-dates.spec.ts; origin 'seeded').
  seeded({
    id: 'webhooks-read-created-date-is-now',
    rule: 'FD-EVENT-DATE-FIXED: a subscription created days ago reads with its creation date; getWebhookSubscriptionById gives the time of the read instead',
    source: 'assumption',
    rules: ['FD-EVENT-DATE-FIXED'],
  }),
  // Seeded beside the check of the deliveries after a change (webhooks.deliveries-after-change.spec.ts; origin 'seeded').
  seeded({
    id: 'webhooks-event-update-override-kept',
    rule: "FD-WEBHOOK-DELIVERY-CURRENT: an event's override updated to a new URL is where its test deliveries go, not the override it replaced",
    source: 'seed',
    rules: ['FD-WEBHOOK-DELIVERY-CURRENT'],
  }),
  // Seeded beside the probes after each delete of a partner's own object (security.after-delete.spec.ts; origin 'seeded').
  seeded({
    id: 'webhooks-event-status-after-sub-delete',
    rule: "FD-OBJ-AFTER-DELETE: after a subscription's delete (204), changeWebhookSubscriptionEventStatus still finds it and switches an event it held (200); the other operations answer 404",
    source: 'seed',
    rules: ['FD-OBJ-AFTER-DELETE', 'FD-WEBHOOK-DELETE'],
  }),
  // Echo byte for byte on every reader (kit/faults.ts, seeded): one reader changes the URL.
  seeded({
    id: 'webhooks-list-url-query-dropped',
    rule: 'FD-WEBHOOK-CREATE: the list shows the subscription URL as sent, query string included, as the other readers do',
    source: 'seed',
    rules: ['FD-WEBHOOK-CREATE'],
  }),
  // Outbound deliveries on one path (kit/faults.ts, seeded): the URL of the event test alone changed.
  seeded({
    id: 'webhooks-event-test-override-lowercased',
    rule: "FD-DELIVERY-URL: the test of one event calls the event's override URL as registered, not lower-cased (the subscription test calls it as registered)",
    source: 'seed',
    rules: ['FD-DELIVERY-URL'],
  }),
  // CRUD through every reader (seed 002, Webhook subscriptions; Resources - Webhook subscription).
  { id: 'webhooks-create-200', rule: 'FD-WEBHOOK-CREATE: creation answers 201 (not 200)', source: 'seed', rules: ['FD-WEBHOOK-CREATE'] },
  {
    id: 'webhooks-create-drops-conditions',
    rule: 'FD-WEBHOOK-CREATE: the conditions of the events are recorded and read back',
    source: 'seed',
    rules: ['FD-WEBHOOK-CREATE'],
  },
  {
    id: 'webhooks-list-stale',
    rule: 'FD-WEBHOOK-UPDATE: the list shows the subscription as it is now, not as created',
    source: 'seed',
    rules: ['FD-WEBHOOK-UPDATE', 'FD-WEBHOOK-EVENT-STATUS'],
  },
  {
    id: 'webhooks-update-keeps-url',
    rule: 'FD-WEBHOOK-UPDATE: an update changes the URL',
    source: 'provider',
    rules: ['FD-WEBHOOK-UPDATE'],
  },
  {
    id: 'webhooks-delete-still-readable',
    rule: 'FD-WEBHOOK-DELETE: a deleted subscription is a 404 by id',
    source: 'seed',
    rules: ['FD-WEBHOOK-DELETE'],
  },
  {
    id: 'webhooks-delete-keeps-listed',
    rule: 'FD-WEBHOOK-DELETE: a deleted subscription is gone from the list',
    source: 'seed',
    rules: ['FD-WEBHOOK-DELETE'],
  },
  {
    id: 'webhooks-event-update-ignored-condition',
    rule: 'FD-WEBHOOK-EVENT-UPDATE: the condition of an updated event changes',
    source: 'provider',
    rules: ['FD-WEBHOOK-EVENT-UPDATE'],
  },
  {
    id: 'webhooks-event-delete-noop',
    rule: 'FD-WEBHOOK-EVENT-DELETE: a deleted event is gone from its subscription',
    source: 'seed',
    rules: ['FD-WEBHOOK-EVENT-DELETE'],
  },
  // States (seed 002, States and transitions).
  {
    id: 'webhooks-event-status-not-stored',
    rule: 'FD-WEBHOOK-EVENT-STATUS: the event reads back in the requested state',
    source: 'seed',
    rules: ['FD-WEBHOOK-EVENT-STATUS'],
  },
  {
    id: 'webhooks-sub-status-events-unchanged',
    rule: 'FD-WEBHOOK-SUB-STATUS: all the events of the subscription move too',
    source: 'seed',
    rules: ['FD-WEBHOOK-SUB-STATUS'],
  },
  {
    id: 'webhooks-status-any-value',
    rule: 'FD-WEBHOOK-STATUS-VALUES: a status other than active or inactive is a 400',
    source: 'seed',
    rules: ['FD-WEBHOOK-STATUS-VALUES'],
    relax: [{ schema: 'WebhookStatusValue', drop: ['enum'] }],
  },
  // Test deliveries (seed 002, Events; Webhook subscriptions: URL override per event).
  {
    id: 'webhooks-inactive-event-delivered',
    rule: 'FD-WEBHOOK-INACTIVE-NO-TEST: an inactive event receives no test delivery',
    source: 'provider',
    rules: ['FD-WEBHOOK-INACTIVE-NO-TEST'],
  },
  {
    id: 'webhooks-subscription-test-ignores-status',
    rule: 'FD-WEBHOOK-INACTIVE-NO-TEST: the subscription-wide test skips inactive subscriptions and events',
    source: 'provider',
    rules: ['FD-WEBHOOK-INACTIVE-NO-TEST'],
  },
  {
    id: 'webhooks-reactivated-not-delivered',
    rule: 'FD-WEBHOOK-INACTIVE-NO-TEST: an event active again receives test deliveries again',
    source: 'provider',
    rules: ['FD-WEBHOOK-INACTIVE-NO-TEST'],
  },
  {
    id: 'webhooks-test-delivers-twice',
    rule: 'FD-WEBHOOK-TEST-DELIVERY: exactly one delivery per test call and event',
    source: 'seed',
    rules: ['FD-WEBHOOK-TEST-DELIVERY'],
  },
  {
    id: 'webhooks-event-test-delivers-all',
    rule: 'FD-WEBHOOK-TEST-DELIVERY: the test of one event delivers for that event only',
    source: 'seed',
    rules: ['FD-WEBHOOK-TEST-DELIVERY'],
  },
  {
    id: 'webhooks-override-ignored',
    rule: "FD-WEBHOOK-URL-OVERRIDE: an event with its own URL is delivered there, not to the subscription's",
    source: 'seed',
    rules: ['FD-WEBHOOK-URL-OVERRIDE'],
  },
  {
    id: 'webhooks-delivery-without-event-id',
    rule: 'FD-WEBHOOK-DELIVERY-SHAPE: a test delivery names its webhookEventId',
    source: 'assumption',
    rules: ['FD-WEBHOOK-DELIVERY-SHAPE'],
  },
  // Header, errors, ids (provider 1.35.0; seed 002 Errors).
  {
    id: 'webhooks-request-id-required',
    rule: 'FD-WEBHOOK-REQUEST-ID: a call without X-External-Request-Id is served (the header is optional)',
    source: 'provider',
    rules: ['FD-WEBHOOK-REQUEST-ID'],
  },
  {
    id: 'webhooks-id-format-unchecked',
    rule: "FD-WEBHOOK-ID-FORMAT: an id of another form than WebhookIdParam's format is looked up as any id (not found) instead of refused as malformed",
    source: 'assumption',
    rules: ['FD-WEBHOOK-ID-FORMAT'],
    relax: [{ schema: 'WebhookIdParam', drop: ['format'] }],
  },
  {
    id: 'webhooks-malformed-id-unnamed',
    rule: 'FD-WEBHOOK-ID-FORMAT: the refusal of a malformed subscription or event id names no parameter (a bare "Bad Request.")',
    source: 'assumption',
    rules: ['FD-WEBHOOK-ID-FORMAT'],
  },
  {
    id: 'webhooks-error-default-shape',
    rule: 'FD-WEBHOOK-ERROR-SHAPE: errors carry {"Errors": {"Error": [...]}}, not {code, message}',
    source: 'provider',
    rules: ['FD-WEBHOOK-ERROR-SHAPE'],
  },
  {
    id: 'webhooks-unknown-event-other-sub',
    rule: 'FD-WEBHOOK-UNKNOWN-EVENT: an event id of another subscription is a 404',
    source: 'seed',
    rules: ['FD-WEBHOOK-UNKNOWN-EVENT'],
  },
  {
    id: 'webhooks-owner-unchecked',
    rule: "FD-WEBHOOK-OWNER: another partner's subscription is a 404 and not listed",
    source: 'seed',
    rules: ['FD-WEBHOOK-OWNER'],
  },
  // Event names (provider 1.35.0 AvailableEvent).
  {
    id: 'webhooks-event-name-unchecked',
    rule: 'FD-WEBHOOK-EVENT-NAMES: an event name not offered is a 400',
    source: 'provider',
    rules: ['FD-WEBHOOK-EVENT-NAMES'],
  },
  {
    id: 'webhooks-last-listed-name-refused',
    rule: 'FD-WEBHOOK-EVENT-NAMES: every offered name is accepted',
    source: 'provider',
    rules: ['FD-WEBHOOK-EVENT-NAMES'],
  },
  // Paging (provider 1.35.0 ObwmsOffsetParameter, ObwmsLimitParameter; reference Paging).
  {
    id: 'webhooks-limit-uncapped',
    rule: 'FD-WEBHOOK-PAGE-LIMIT: a limit above its maximum is a 400',
    source: 'assumption',
    rules: ['FD-WEBHOOK-PAGE-LIMIT'],
    relax: [{ schema: 'WebhookPageLimit', drop: ['maximum'] }],
  },
  {
    id: 'webhooks-limit-cap-50',
    rule: 'FD-WEBHOOK-PAGE-LIMIT: a limit at its maximum is served',
    source: 'provider',
    rules: ['FD-WEBHOOK-PAGE-LIMIT'],
  },
  {
    id: 'webhooks-default-limit-25',
    rule: "FD-WEBHOOK-PAGE-DEFAULT: without limit a page holds the limit parameter's default",
    source: 'provider',
    rules: ['FD-WEBHOOK-PAGE-DEFAULT'],
  },
  {
    id: 'webhooks-offset-zero-based',
    rule: 'FD-WEBHOOK-PAGE-OFFSET: offset 1 is the first page',
    source: 'provider',
    rules: ['FD-WEBHOOK-PAGE-OFFSET'],
  },
  {
    id: 'webhooks-offset-zero-accepted',
    rule: 'FD-WEBHOOK-PAGE-OFFSET: offset 0 is a 400',
    source: 'provider',
    rules: ['FD-WEBHOOK-PAGE-OFFSET'],
    relax: [{ schema: 'WebhookPageOffset', drop: ['minimum'] }],
  },
  {
    id: 'webhooks-past-end-empty-200',
    rule: 'FD-WEBHOOK-PAGE-PAST-END: a page past the last is a 404',
    source: 'assumption',
    rules: ['FD-WEBHOOK-PAGE-PAST-END'],
  },
  // Written blind (kit/faults.ts, blind): from the sources and the mock, without reading the specs.
  // Subscriptions and their events through the readers (seed 002, Webhook subscriptions; Resources).
  blind({
    id: 'blind-webhooks-create-answers-pending',
    rule: 'the 201 of a creation shows the subscription as recorded, with the status the readers then show (active), not pending until verified (seed 002, Webhook subscriptions 201; Resources - Webhook subscription status)',
    source: 'seed',
    rules: ['FD-WEBHOOK-CREATE'],
  }),
  blind({
    id: 'blind-webhooks-update-merges-events',
    rule: 'an update replaces the list of events: events not named again are gone from both readers, not merged in (provider 1.35.0 updateWebhookSubscription: the URL and the events may be modified)',
    source: 'provider',
    rules: ['FD-WEBHOOK-UPDATE'],
  }),
  blind({
    id: 'blind-webhooks-second-delete-204',
    rule: 'a second delete of a subscription is a 404, not an idempotent 204 (seed 002, Webhook subscriptions DELETE 204, 404; Errors 404)',
    source: 'seed',
    rules: ['FD-WEBHOOK-DELETE'],
  }),
  blind({
    id: 'blind-webhooks-event-update-new-id',
    rule: 'an event update keeps the event under the same webhookEventId; it does not re-create it under a new id (provider 1.35.0 UpdateEventRequest; seed 002, PUT .../events/{webhook_event_id} 200)',
    source: 'provider',
    rules: ['FD-WEBHOOK-EVENT-UPDATE'],
  }),
  blind({
    id: 'blind-webhooks-event-delete-splice-tail',
    rule: 'an event delete removes that event only: the events listed after it stay in the subscription (seed 002, DELETE .../events/{webhook_event_id} 204)',
    source: 'seed',
    rules: ['FD-WEBHOOK-EVENT-DELETE'],
  }),
  // States (seed 002, States and transitions: the requested state, active or inactive).
  blind({
    id: 'blind-webhooks-event-reactivate-ignored',
    rule: 'an inactive event asked to be active becomes active (the status change answers 200 active but the event stays inactive, and its tests stay silent) (seed 002, States and transitions: the requested state)',
    source: 'seed',
    rules: ['FD-WEBHOOK-EVENT-STATUS', 'FD-WEBHOOK-INACTIVE-NO-TEST'],
  }),
  blind({
    id: 'blind-webhooks-event-status-same-state-400',
    rule: 'an event status change to active or inactive is accepted (200) whatever the current state, not a 400 when the event is already in it (seed 002, States and transitions: "with a status of active or inactive"; Errors 400)',
    source: 'seed',
    rules: ['FD-WEBHOOK-STATUS-VALUES', 'FD-WEBHOOK-EVENT-STATUS'],
  }),
  blind({
    id: 'blind-webhooks-sub-reactivate-events-stay-inactive',
    rule: 'a subscription made active again puts every one of its events back to active too, not the subscription alone (seed 002, States and transitions: the subscription, all its events, the requested state)',
    source: 'seed',
    rules: ['FD-WEBHOOK-SUB-STATUS', 'FD-WEBHOOK-INACTIVE-NO-TEST'],
  }),
  blind({
    id: 'blind-webhooks-status-provider-enum',
    rule: "a status change asks for active or inactive only: pending or removed (the provider's record statuses) is a 400, not accepted (seed 002, States and transitions; Errors 400)",
    source: 'seed',
    rules: ['FD-WEBHOOK-STATUS-VALUES'],
    relax: [{ schema: 'WebhookStatusValue', set: { enum: ['active', 'inactive', 'pending', 'removed'] } }],
  }),
  // Test deliveries (seed 002, Events; Webhook subscriptions: the URL may be overridden per event).
  blind({
    id: 'blind-webhooks-sub-test-first-event-only',
    rule: 'a subscription test delivers once for every active event, not only for the first one (seed 002, Events: the test-subscription operations trigger test deliveries)',
    source: 'seed',
    rules: ['FD-WEBHOOK-TEST-DELIVERY'],
  }),
  blind({
    id: 'blind-webhooks-event-test-ignores-override',
    rule: "the one-event test of an event with its own URL delivers to that URL, not to the subscription's (the subscription-wide test honours it) (seed 002, Webhook subscriptions: the URL may be overridden per event)",
    source: 'seed',
    rules: ['FD-WEBHOOK-URL-OVERRIDE'],
  }),
  blind({
    id: 'blind-webhooks-sub-test-ignores-event-status',
    rule: 'the subscription-wide test skips an inactive event of an active subscription (only the subscription status was checked) (seed 002, States and transitions; provider 1.35.0 changeWebhookSubscriptionEventStatus disables the event)',
    source: 'provider',
    rules: ['FD-WEBHOOK-INACTIVE-NO-TEST'],
  }),
  blind({
    id: 'blind-webhooks-sub-test-first-event-body',
    rule: 'each delivery of a subscription test names the event it was sent for, not the first event of the subscription every time (reference, Outbound deliveries: the subscription id and the event name)',
    source: 'assumption',
    rules: ['FD-WEBHOOK-DELIVERY-SHAPE'],
  }),
  // Request-id header and error bodies (provider 1.35.0 RequestIdHeader, ErrorWrapper; reference, Error bodies).
  blind({
    id: 'blind-webhooks-test-ops-request-id-required',
    rule: 'the two test operations serve a call without X-External-Request-Id like every other operation, not a 400 (provider 1.35.0 RequestIdHeader, required false; seed 002: every operation takes a request-id header)',
    source: 'provider',
    rules: ['FD-WEBHOOK-REQUEST-ID'],
  }),
  blind({
    id: 'blind-webhooks-available-events-401-default-shape',
    rule: 'the 401 of listAvailableWebhookSubscriptionEvents carries the {"Errors": {"Error": [...]}} body like the other webhook operations, not {code, message} (reference, Error bodies; provider 1.35.0 ObwmsUnauthorizedErrorResponse)',
    source: 'provider',
    rules: ['FD-WEBHOOK-ERROR-SHAPE'],
  }),
  blind({
    id: 'blind-webhooks-404-error-not-array',
    rule: 'a 404 carries Errors.Error as a list of at least one error, not a single error object (provider 1.35.0 ErrorWrapper > ErrorList, minItems 1; reference, Error bodies)',
    source: 'provider',
    rules: ['FD-WEBHOOK-ERROR-SHAPE'],
  }),
  blind({
    id: 'blind-webhooks-event-delete-unknown-204',
    rule: 'deleting an event id the subscription does not hold is a 404, not an idempotent 204 (seed 002, Errors 404; Resources: a subscription holds its events)',
    source: 'seed',
    rules: ['FD-WEBHOOK-UNKNOWN-EVENT'],
  }),
  blind({
    id: 'blind-webhooks-sub-status-owner-unchecked',
    rule: "the subscription status change of another partner's subscription is a 404 and leaves it unchanged, as on every other operation (seed 002, Webhook subscriptions: each partner's subscriptions; Errors 404)",
    source: 'seed',
    rules: ['FD-WEBHOOK-OWNER'],
  }),
  blind({
    id: 'blind-webhooks-event-update-name-unchecked',
    rule: 'an event update naming an event listAvailableWebhookSubscriptionEvents does not offer is a 400, as on creation and subscription update (provider 1.35.0 listAvailableWebhookSubscriptionEvents)',
    source: 'provider',
    rules: ['FD-WEBHOOK-EVENT-NAMES'],
  }),
  // Paging (provider 1.35.0 ObwmsOffsetParameter, ObwmsLimitParameter, Subscriptions; reference Paging).
  blind({
    id: 'blind-webhooks-limit-100-refused',
    rule: 'limit accepts its minimum to its maximum inclusive: the maximum is served, not a 400 (provider 1.35.0 ObwmsLimitParameter maximum)',
    source: 'provider',
    rules: ['FD-WEBHOOK-PAGE-LIMIT'],
    relax: [{ schema: 'WebhookPageLimit', drop: ['maximum'], set: { exclusiveMaximum: 100 } }],
  }),
  blind({
    id: 'blind-webhooks-default-paging-not-echoed',
    rule: 'without limit and offset the page still answers limit and offset, the defaults applied; it does not leave them out (provider 1.35.0 ObwmsLimitParameter and ObwmsOffsetParameter defaults; Subscriptions requires offset, limit)',
    source: 'provider',
    rules: ['FD-WEBHOOK-PAGE-DEFAULT'],
  }),
  blind({
    id: 'blind-webhooks-count-is-total',
    rule: 'count is the number of subscriptions on the page, total that of the whole set; count is not the total again (provider 1.35.0 Subscriptions count, total)',
    source: 'provider',
    rules: ['FD-WEBHOOK-PAGE-OFFSET'],
  }),
  blind({
    id: 'blind-webhooks-past-end-clamped-to-last',
    rule: 'a page past the last one is a 404, not the last page served again (seed 002, list 404; contract assumption: an empty page is not a 200)',
    source: 'assumption',
    rules: ['FD-WEBHOOK-PAGE-PAST-END'],
  }),
  // Found only by a sequence of calls (the reference models, fixtures/models/): each single call answers right.
  modelFault({
    id: 'model-webhook-update-lowercases-url',
    rule: 'the URL sent on updateWebhookSubscription reads back as sent, its case kept (seed Webhook subscriptions; provider updateWebhookSubscription)',
    source: 'provider',
    rules: ['FD-WEBHOOK-UPDATE'],
  }),
  // The second independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract and the rule catalogue only, the specs unread.
  // Seeded beside the URL each delivery was sent to, origin included (webhooks.deliveries.spec.ts; origin 'seeded').
  seeded({
    id: 'seeded-webhooks-test-url-default-port-dropped',
    rule: 'FD-DELIVERY-URL: the webhook test deliveries go to the registered URL with the default port it names (:443) left out',
    source: 'seed',
    rules: ['FD-DELIVERY-URL'],
  }),
  independent('independent-2', {
    id: 'i2-webhooks-event-test-other-partner',
    rule: "another partner's subscription is a 404 on every operation naming it (seed 002, Webhook subscriptions): testWebhookSubscriptionBasedOnEventId finds the subscription without its owner and sends the test delivery",
    source: 'seed',
    rules: ['FD-WEBHOOK-OWNER'],
  }),
  independent('independent-2', {
    id: 'i2-webhooks-deleted-subscription-testable',
    rule: 'a deleted subscription is gone (seed 002, Webhook subscriptions DELETE 204; Errors 404): testWebhookSubscription still finds it and delivers its test events',
    source: 'seed',
    rules: ['FD-WEBHOOK-DELETE', 'FD-WEBHOOK-TEST-DELIVERY'],
  }),
  independent('independent-2', {
    id: 'i2-webhooks-list-total-counts-deleted',
    rule: "total is the size of the partner's set of subscriptions (provider 1.35.0 Subscriptions): deleted subscriptions are still counted in total, though no page lists them",
    source: 'provider',
    rules: ['FD-WEBHOOK-PAGE-OFFSET'],
  }),
  independent('independent-2', {
    id: 'i2-webhooks-update-drops-url-override',
    rule: "the URL may be overridden per event (seed 002, Webhook subscriptions), on creation and on update alike: a subscription update drops the events' URL overrides (creation keeps them)",
    source: 'seed',
    rules: ['FD-WEBHOOK-UPDATE', 'FD-WEBHOOK-URL-OVERRIDE'],
  }),
  independent('independent-2', {
    id: 'i2-webhooks-event-status-drops-condition',
    rule: "a status change moves an event to the requested state and nothing else (seed 002, States and transitions): the event's filter condition is cleared by the status change",
    source: 'seed',
    rules: ['FD-WEBHOOK-EVENT-STATUS', 'FD-WEBHOOK-CREATE'],
  }),
  // The third independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract, the rule catalogue and this mock only, the specs unread.
  independent('independent-3', {
    id: 'i3-webhooks-event-delete-other-partner',
    rule: "another partner's subscription is a 404 on every operation naming it and is left unchanged (provider 1.35.0, webhook subscriptions): deleteWebhookSubscriptionEvent deletes an event of another partner's subscription (204); the other operations answer 404",
    source: 'provider',
    rules: ['FD-WEBHOOK-OWNER', 'FD-OBJ-OTHER-PARTNER'],
  }),
  independent('independent-3', {
    id: 'i3-webhooks-deleted-event-testable',
    rule: 'after an event delete the deleted event id is a 404 (provider 1.35.0, webhook subscription events): testWebhookSubscriptionBasedOnEventId still tests the deleted event (200, a delivery), though both readers no longer show it',
    source: 'provider',
    rules: ['FD-WEBHOOK-EVENT-DELETE', 'FD-OBJ-AFTER-DELETE'],
  }),
  independent('independent-3', {
    id: 'i3-webhooks-test-url-query-dropped',
    rule: "a test delivery is a POST to the subscription's URL, or the event's own URL (provider 1.35.0, testWebhookSubscription): the delivery goes to the URL without its query string",
    source: 'provider',
    rules: ['FD-WEBHOOK-TEST-DELIVERY', 'FD-WEBHOOK-URL-OVERRIDE'],
  }),
  // The fourth independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract, the rule catalogue and this mock only, the specs unread.
  independent('independent-4', {
    id: 'i4-webhooks-sub-test-override-also-to-sub-url',
    rule: "the test delivery of an event with its own URL goes to that URL and none to the subscription's URL (seed 002, Webhook subscriptions): the subscription test sends it to both",
    source: 'seed',
    rules: ['FD-WEBHOOK-URL-OVERRIDE', 'FD-WEBHOOK-TEST-DELIVERY'],
  }),
  independent('independent-4', {
    id: 'i4-webhooks-update-reactivates-events',
    rule: 'an event keeps its state until a status change moves it (seed 002, States and transitions): a subscription update makes every event it keeps active again, an inactive one included',
    source: 'seed',
    rules: ['FD-WEBHOOK-UPDATE', 'FD-WEBHOOK-EVENT-STATUS'],
  }),
  independent('independent-4', {
    id: 'i4-webhooks-event-update-url-lowercased',
    rule: 'an event update stores the URL override sent (seed 002, the URL may be overridden per event): updateWebhookSubscriptionEvent stores it lower-cased (path and query included); creation keeps it as sent',
    source: 'seed',
    rules: ['FD-WEBHOOK-EVENT-UPDATE'],
  }),
  independent('independent-4', {
    id: 'i4-webhooks-list-total-excludes-inactive',
    rule: "total is the size of the partner's set of subscriptions (provider listWebhookSubscriptions; seed 002, Webhook subscriptions): an inactive subscription is listed but left out of total",
    source: 'provider',
    rules: ['FD-WEBHOOK-PAGE-OFFSET'],
  }),
  // The fifth independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contracts and the rule catalogues, the specs unread.
  independent('independent-5', {
    id: 'i5-webhooks-event-test-ignores-subscription-status',
    rule: "an inactive subscription's events get no test delivery (seed 002, States: all its events inactive): the event test delivers for an active event of an inactive subscription",
    source: 'seed',
    rules: ['FD-WEBHOOK-INACTIVE-NO-TEST'],
  }),
  independent('independent-5', {
    id: 'i5-webhooks-sub-status-skips-overridden-events',
    rule: 'a subscription status change moves every one of its events (seed 002, States): events with their own URL keep their status',
    source: 'seed',
    rules: ['FD-WEBHOOK-SUB-STATUS'],
  }),
  independent('independent-5', {
    id: 'i5-webhooks-list-count-is-limit',
    rule: 'count is the size of the page (provider 1.35.0, listWebhookSubscriptions): the last partial page answers the limit as count',
    source: 'provider',
    rules: ['FD-WEBHOOK-PAGE-OFFSET'],
  }),
  independent('independent-6', {
    id: 'i6-webhooks-update-other-partner',
    rule: "another partner's subscription is a 404 on every operation naming it and left unchanged (FD-WEBHOOK-OWNER): the subscription update finds it by its id alone and changes it",
    source: 'assumption',
    rules: ['FD-WEBHOOK-OWNER', 'FD-OBJ-OTHER-PARTNER'],
  }),
  independent('independent-6', {
    id: 'i6-webhooks-event-update-keeps-omitted-condition',
    rule: 'an event update replaces the event (provider 1.35.0 PUT; FD-WEBHOOK-EVENT-UPDATE): a condition left out of the body is kept from before instead of removed',
    source: 'provider',
    rules: ['FD-WEBHOOK-EVENT-UPDATE'],
  }),
  independent('independent-7', {
    id: 'i7-webhooks-update-url-trailing-slash-dropped',
    rule: 'after an update both readers show the new URL (seed 002, Webhook subscriptions): the update stores the URL without its trailing slash',
    source: 'seed',
    rules: ['FD-WEBHOOK-UPDATE'],
  }),
  // Independent set 8 (written blind: seed 002, provider 1.35.0, contract and catalogue only).
  independent('independent-8', {
    id: 'i8-webhooks-event-status-other-partner',
    rule: "another partner's webhook subscription is refused through every operation that names it (provider 1.35.0 webhook operations, 404): changeWebhookSubscriptionEventStatus finds the subscription by its id alone, so another partner switches our event off (the other event operations refuse it)",
    source: 'provider',
    rules: ['FD-OBJ-OTHER-PARTNER'],
  }),
  independent('independent-8', {
    id: 'i8-webhooks-event-update-after-sub-delete',
    rule: 'after a delete (204) the subscription is a 404 through every operation naming it (provider 1.35.0 deleteWebhookSubscription): updateWebhookSubscriptionEvent still finds the deleted subscription and updates its event (200)',
    source: 'provider',
    rules: ['FD-WEBHOOK-DELETE', 'FD-OBJ-AFTER-DELETE'],
  }),
  independent('independent-8', {
    id: 'i8-webhooks-test-url-normalised',
    rule: 'every delivery reaches the URL registered, byte for byte with its path and query string (reference FD-DELIVERY-URL): the test deliveries go to the URL after a WHATWG parse and serialisation (host lower-cased, default port dropped, an empty path written /, the query percent-encoded)',
    source: 'assumption',
    rules: ['FD-DELIVERY-URL'],
  }),
  independent('independent-9', {
    id: 'i9-webhooks-event-test-event-id-uppercased',
    rule: 'each test delivery names the webhookEventId it was sent for (FD-WEBHOOK-DELIVERY-SHAPE; seed 002: test-subscription operations trigger test deliveries): the event test delivery writes the event id in upper case (the subscription test is right)',
    source: 'assumption',
    rules: ['FD-WEBHOOK-DELIVERY-SHAPE'],
  }),
  independent('independent-11', {
    id: 'i11-webhooks-read-by-id-other-partner',
    rule: "another partner's subscription is a 404 on every operation (provider webhooks API, subscription owned by the partner that made it): getWebhookSubscriptionById reads another partner's live subscription (update, delete and tests still refuse it)",
    source: 'assumption',
    rules: ['FD-WEBHOOK-OWNER'],
  }),
  independent('independent-11', {
    id: 'i11-webhooks-list-count-remaining',
    rule: "count is the size of the page answered (provider webhooks API, listWebhookSubscriptions count, offset, limit, total): count gives the subscriptions from the page's first to the end of the set",
    source: 'provider',
    rules: ['FD-WEBHOOK-PAGE-OFFSET'],
  }),
  independent('independent-12', {
    id: 'i12-webhooks-limit-100-refused',
    rule: 'limit is served at either end of its range (provider 1.35.0 listWebhookSubscriptions limit maximum): limit at the maximum is refused, the bound read as exclusive',
    source: 'provider',
    rules: ['FD-WEBHOOK-PAGE-LIMIT'],
  }),
  independent('independent-12', {
    id: 'i12-webhooks-sub-test-skips-last-event',
    rule: 'the subscription test delivers to every active event of the subscription (seed 002, Events: test deliveries): the last event of a subscription with several gets none',
    source: 'seed',
    rules: ['FD-WEBHOOK-TEST-DELIVERY'],
  }),
  independent('independent-12', {
    id: 'i12-webhooks-list-drops-event-url',
    rule: 'a subscription reads back in the list with every event and its URL override (seed 002, Webhooks; provider 1.35.0 WebhookSubscription.events[].url): the list answers the events without their URL (the by-id reader keeps it)',
    source: 'seed',
    rules: ['FD-WEBHOOK-CREATE'],
  }),
  independent('independent-13', {
    id: 'i13-webhooks-by-id-event-status-of-subscription',
    rule: "a status change of one event reads back through both readers (seed 002, States: webhook subscription event active/inactive by PUT .../events/{id}/status): the by-id reader shows every event in its subscription's status",
    source: 'seed',
    rules: ['FD-WEBHOOK-EVENT-STATUS'],
  }),
  independent('independent-13', {
    id: 'i13-webhooks-list-later-page-overlaps',
    rule: 'offset is a page index from 1 and the pages are disjoint (provider 1.35.0 listWebhookSubscriptions offset/limit): a page after the first starts one subscription early',
    source: 'provider',
    rules: ['FD-WEBHOOK-PAGE-OFFSET'],
  }),
  independent('independent-13', {
    id: 'i13-webhooks-event-update-url-query-dropped',
    rule: 'the URL may be overridden per event and is delivered to as registered (seed 002, Webhook subscriptions; Events): an event update stores the override URL without its query string',
    source: 'seed',
    rules: ['FD-WEBHOOK-URL-OVERRIDE'],
  }),
  independent('independent-14', {
    id: 'i14-webhooks-event-delete-after-sub-delete',
    rule: "after a delete the subscription is gone (seed 002, Webhook subscriptions: DELETE; Errors 404): deleting an event of the partner's deleted subscription is still answered 204",
    source: 'seed',
    rules: ['FD-WEBHOOK-DELETE', 'FD-OBJ-AFTER-DELETE'],
  }),
  independent('independent-14', {
    id: 'i14-webhooks-sub-status-after-delete',
    rule: "after a delete the subscription is a 404 for every operation naming it (seed 002, Webhook subscriptions; Errors 404): a status change of the partner's deleted subscription is answered 200",
    source: 'seed',
    rules: ['FD-WEBHOOK-DELETE', 'FD-OBJ-AFTER-DELETE'],
  }),
  independent('independent-14', {
    id: 'i14-webhooks-list-total-all-partners',
    rule: "the list's total is the size of the partner's set of subscriptions (provider 1.35.0 listWebhookSubscriptions: count, offset, limit, total): total counts the live subscriptions of every partner",
    source: 'provider',
    rules: ['FD-WEBHOOK-PAGE-OFFSET', 'FD-WEBHOOK-OWNER'],
  }),
  independent('independent-15', {
    id: 'i15-webhooks-by-id-url-stale-after-update',
    rule: 'after an update both readers show the new URL (seed 002, Webhook subscriptions PUT 200; provider 1.35.0 updateWebhookSubscription): getWebhookSubscriptionById keeps answering the URL the subscription was created with',
    source: 'provider',
    rules: ['FD-WEBHOOK-UPDATE'],
  }),
  independent('independent-15', {
    id: 'i15-webhooks-event-test-condition-of-first-event',
    rule: "each test delivery carries the event id, name and condition that getWebhookSubscriptionById answers (seed 002, Events and Webhook subscriptions; reference, Outbound deliveries): the by-event test delivery carries the condition of the subscription's first event",
    source: 'assumption',
    rules: ['FD-WEBHOOK-DELIVERY-STATE'],
  }),
  independent('independent-15', {
    id: 'i15-webhooks-event-test-partner-secret-header',
    rule: 'no delivery carries the partner secret in clear, in any member or header (seed 002, Authentication: the partner secret is a credential): the by-event test delivery sends the partner secret in an x-webhook-secret header',
    source: 'seed',
    rules: ['FD-DELIVERY-SENSITIVE'],
  }),
  independent('independent-19', {
    id: 'i19-webhooks-event-update-other-partner',
    rule: "another partner's subscription is a 404 on every operation naming it and is left unchanged (provider 1.35.0 webhook subscriptions; reference, Decisions): updateWebhookSubscriptionEvent alone updates an event of another partner's subscription (200)",
    source: 'assumption',
    rules: ['FD-WEBHOOK-OWNER'],
  }),
  independent('independent-19', {
    id: 'i19-webhooks-event-test-after-sub-delete',
    rule: "after a delete the subscription is a 404 on every operation naming it and no test delivery is sent for it (seed 002, Events; provider 1.35.0): the by-event test still finds the deleted subscription's event and delivers it",
    source: 'assumption',
    rules: ['FD-WEBHOOK-DELETE', 'FD-WEBHOOK-DELIVERY-CURRENT'],
  }),
  independent('independent-19', {
    id: 'i19-webhooks-limit-one-page-of-two',
    rule: 'the smallest limit is served with at most one subscription (provider 1.35.0 WebhookPageLimit): with a limit of one the list answers a page of two subscriptions',
    source: 'provider',
    rules: ['FD-WEBHOOK-PAGE-LIMIT'],
  }),
  independent('independent-19', {
    id: 'i19-webhooks-sub-inactive-skips-conditioned-events',
    rule: 'a status change of a subscription puts every one of its events in the requested state (provider 1.35.0 changeWebhookSubscriptionStatus): made inactive, the events that carry a condition stay active',
    source: 'provider',
    rules: ['FD-WEBHOOK-SUB-STATUS'],
  }),
  independent('independent-19', {
    id: 'i19-webhooks-total-skips-url-less',
    rule: "the list's total counts every live subscription of the partner, each created one included (provider 1.35.0 Subscriptions.total, TotalResults): total leaves out the subscriptions created without a subscription-level URL (every event with its own override)",
    source: 'provider',
    rules: ['FD-WEBHOOK-CREATE'],
  }),
  independent('independent-20', {
    id: 'i20-webhooks-sub-test-event-name-enum-style',
    rule: 'each test delivery names the event it was sent for, as subscribed (provider 1.35.0 webhook events): the subscription test (not the event test) names each event in the style of a constant, upper case with underscores (AUTHORIZATION_ACCESSTOKEN_EXPIRY)',
    source: 'provider',
    rules: ['FD-WEBHOOK-DELIVERY-SHAPE', 'FD-WEBHOOK-DELIVERY-STATE'],
  }),
  independent('independent-21', {
    id: 'i21-webhooks-event-test-ignores-event-status',
    rule: 'an inactive event receives no test delivery from either test operation (provider 1.35.0 webhook subscriptions): the event test of an inactive event of an active subscription delivers',
    source: 'provider',
    rules: ['FD-WEBHOOK-INACTIVE-NO-TEST'],
  }),
  independent('independent-21', {
    id: 'i21-webhooks-event-deactivation-also-next',
    rule: 'a status change of one event leaves the other events as they were (seed 002 States and transitions): deactivating an event deactivates the event listed after it too',
    source: 'seed',
    rules: ['FD-WEBHOOK-EVENT-STATUS', 'FD-PROP-WRITE-SCOPE'],
  }),
  independent('independent-22', {
    id: 'i22-webhooks-later-page-total-remaining',
    rule: 'total is the size of the partner set on every page (provider 1.35.0 Subscriptions.total): a page after the first answers in total only the subscriptions from that page on',
    source: 'provider',
    rules: ['FD-WEBHOOK-PAGE-OFFSET'],
  }),
  independent('independent-22', {
    id: 'i22-webhooks-conditioned-test-text-plain',
    rule: 'every JSON delivery declares content-type application/json (reference financial-data.md, deliveries): the test delivery of an event with a condition is declared text/plain',
    source: 'assumption',
    rules: ['FD-DELIVERY-MEDIA-TYPE'],
  }),
  // Seeded beside the listener's judge of every delivery's form (fixtures/assertions/deliveries.ts, deliveryFormViolations).
  seeded({
    id: 'seeded-fam27b-webhook-override-test-text-plain',
    rule: "FD-DELIVERY-MEDIA-TYPE: a test delivery to an event's overriding URL declares its JSON body as text/plain",
    source: 'assumption',
    rules: ['FD-DELIVERY-MEDIA-TYPE'],
  }),
  // Seeded beside the event-ids property (invariants.delivery-ids.spec.ts): a sending dated before its trigger.
  seeded({
    id: 'seeded-prop-webhooks-test-sent-date-eastern-as-utc',
    rule: 'FD-PROP-EVENT-IDS: a test delivery writes its sentDate in US Eastern wall time marked Z, five hours before the trigger was sent',
    source: 'assumption',
    rules: ['FD-PROP-EVENT-IDS'],
  }),
  independent('independent-24', {
    id: 'i24-webhooks-event-url-trailing-slash-dropped',
    rule: "a subscription reads back with every event's URL override as sent (seed 002 Webhook subscriptions): an event's URL override is stored without its trailing slash",
    source: 'seed',
    rules: ['FD-WEBHOOK-CREATE'],
  }),
  independent('independent-26', {
    id: 'i26-webhooks-refused-update-stores-url',
    rule: 'a refused request leaves no trace (seed 002, Webhook subscriptions: updateWebhookSubscription 400): an update refused for an event name the catalogue does not offer has already stored the new subscription URL',
    source: 'seed',
    rules: ['FD-PROP-REFUSED-NO-TRACE', 'FD-WEBHOOK-UPDATE'],
  }),
  independent('independent-26', {
    id: 'i26-webhooks-event-status-answers-previous',
    rule: 'an event moves to the requested state (seed 002, States and transitions): changeWebhookSubscriptionEventStatus stores the new status but answers the status the event had before',
    source: 'seed',
    rules: ['FD-WEBHOOK-EVENT-STATUS'],
  }),
  independent('independent-26', {
    id: 'i26-webhooks-delete-unknown-reason-code-1502',
    rule: 'webhook errors use the provider Errors list (reference, Error bodies; provider 1.35.0 ErrorWrapper): deleteWebhookSubscription answers an unknown subscription 404 with ReasonCode 1502 (bad request) instead of 1501 (not found)',
    source: 'provider',
    rules: ['FD-WEBHOOK-ERROR-SHAPE'],
  }),
  independent('independent-26', {
    id: 'i26-webhooks-list-inactive-left-out',
    rule: 'a subscription reads back in the requested state through both readers, the list holding active and inactive subscriptions (seed 002, States and transitions; contract listWebhookSubscriptions): the list leaves the inactive subscriptions out',
    source: 'seed',
    rules: ['FD-WEBHOOK-SUB-STATUS'],
  }),
  independent('independent-27', {
    id: 'i27-webhooks-event-activation-also-previous',
    rule: 'PUT .../events/{id}/status moves that event to the requested state (seed 002, States and transitions): activating one event activates the event before it too',
    source: 'seed',
    rules: ['FD-WEBHOOK-EVENT-STATUS', 'FD-PROP-WRITE-SCOPE'],
  }),
  independent('independent-27', {
    id: 'i27-webhooks-limit-one-refused',
    rule: 'listWebhookSubscriptions takes any limit from its minimum to its maximum (provider 1.35.0, ObwmsLimitParameter): the smallest limit is refused 400',
    source: 'provider',
    rules: ['FD-WEBHOOK-PAGE-LIMIT'],
  }),
  independent('independent-27', {
    id: 'i27-webhooks-event-test-override-query-dropped',
    rule: 'the URL may be overridden per event and test deliveries go to it (seed 002, Webhook subscriptions): the by-event test calls the override URL without its query string',
    source: 'seed',
    rules: ['FD-WEBHOOK-URL-OVERRIDE', 'FD-DELIVERY-URL'],
  }),
  independent('independent-28', {
    id: 'i28-fd-webhooks-sub-status-answers-previous',
    rule: 'PUT .../{subscription_id}/status moves the subscription to the requested state (seed 002, States: Webhook subscription) and answers it: the answer carries the status the subscription had before',
    source: 'seed',
    rules: ['FD-WEBHOOK-SUB-STATUS', 'FD-PROP-ANSWER-IS-STATE'],
  }),
  independent('independent-28', {
    id: 'i28-fd-webhooks-sub-inactive-last-event-kept',
    rule: 'PUT .../{subscription_id}/status moves all its events to the requested state (seed 002, States: Webhook subscription (all its events)): deactivation leaves the last event active',
    source: 'seed',
    rules: ['FD-WEBHOOK-SUB-STATUS', 'FD-WEBHOOK-DELIVERY-STATE'],
  }),
  independent('independent-29', {
    id: 'i29-fd-webhooks-sub-inactive-status-not-kept',
    rule: 'a subscription status change puts the subscription in the requested state (seed 002, States and transitions): deactivating it moves its events but leaves the subscription active',
    source: 'seed',
    rules: ['FD-WEBHOOK-SUB-STATUS', 'FD-PROP-ANSWER-IS-STATE'],
  }),
  independent('independent-29', {
    id: 'i29-fd-webhooks-list-count-is-limit',
    rule: 'count is the number of subscriptions on the page (provider 1.35.0 list of webhook subscriptions): count gives the limit asked',
    source: 'provider',
    rules: ['FD-WEBHOOK-PAGE-OFFSET', 'FD-DERIVED-COUNTS'],
  }),
  independent('independent-30', {
    id: 'i30-fd-webhooks-sub-reactivation-redates-creation',
    rule: "a subscription's createdDate is the time it was created and never moves (provider 1.35.0 SubscriptionDetail createdDate; seed 002, States: a status change moves the status only): reactivating an inactive subscription rewrites createdDate with the time of the change",
    source: 'provider',
    rules: ['FD-EVENT-DATE-FIXED', 'FD-WEBHOOK-SUB-STATUS', 'FD-PROP-WRITE-SCOPE'],
  }),
  independent('independent-30', {
    id: 'i30-fd-webhooks-test-sent-date-epoch-seconds',
    rule: 'a test delivery carries its date as the webhook records do, ISO 8601 (reference, Dates: ISO 8601 for webhook subscriptions; Outbound deliveries): the test deliveries write sentDate in epoch seconds',
    source: 'assumption',
    rules: ['FD-WEBHOOK-DELIVERY-SHAPE', 'FD-DATE-UNIT'],
  }),
  independent('independent-31', {
    id: 'i31-fd-webhooks-event-activation-activates-subscription',
    rule: 'PUT .../events/{webhook_event_id}/status moves that event to the requested state (seed 002, States and transitions): activating one event of an inactive subscription also makes the subscription active',
    source: 'seed',
    rules: ['FD-WEBHOOK-EVENT-STATUS', 'FD-MODIFY-LEAVES-OTHERS', 'FD-PROP-WRITE-SCOPE'],
  }),
  independent('independent-31', {
    id: 'i31-fd-webhooks-later-page-one-short',
    rule: 'listWebhookSubscriptions pages by offset and limit (seed 002, Webhook subscriptions; provider 1.35.0): a page after the first holds one subscription fewer than the limit, that subscription on no page',
    source: 'provider',
    rules: ['FD-WEBHOOK-PAGE-LIMIT', 'FD-WEBHOOK-PAGE-OFFSET'],
  }),
  independent('independent-32', {
    id: 'i32-fd-webhooks-event-status-by-name-partner-wide',
    rule: "PUT .../events/{webhook_event_id}/status moves that event to the requested state (seed 002, States and transitions, Webhook subscription event): the partner's events of the same name in its other subscriptions are moved too",
    source: 'seed',
    rules: ['FD-WEBHOOK-EVENT-STATUS', 'FD-PROP-WRITE-SCOPE'],
  }),
  independent('independent-32', {
    id: 'i32-fd-webhooks-update-answer-events-before',
    rule: 'updateWebhookSubscription answers 200 with the subscription as updated (seed 002, Webhook subscriptions; provider 1.35.0): the answer lists the events as they were before the update, while a later read shows the new ones',
    source: 'provider',
    rules: ['FD-WEBHOOK-UPDATE', 'FD-PROP-ANSWER-IS-STATE'],
  }),
  independent('independent-32', {
    id: 'i32-fd-webhooks-by-id-event-ids-uppercased',
    rule: 'getWebhookSubscriptionById names each event by the webhook_event_id the event operations take (seed 002, Webhook subscriptions): the read by id writes each event id in upper case, an id the event operations then do not find',
    source: 'seed',
    rules: ['FD-PROP-SAME-ON-EVERY-READER', 'FD-OBJ-EXACT-ID'],
  }),
  independent('independent-33', {
    id: 'i33-fd-webhooks-event-url-override-dropped',
    rule: "the URL may be overridden per event (seed 002, Webhook subscriptions): createWebhookSubscription drops an event's own URL, so the subscription's URL serves it",
    source: 'seed',
    rules: ['FD-WEBHOOK-URL-OVERRIDE', 'FD-WEBHOOK-CREATE'],
  }),
  independent('independent-33', {
    id: 'i33-fd-webhooks-sub-reactivation-first-event-left-inactive',
    rule: 'PUT .../{subscription_id}/status moves the subscription and all its events to the requested state (seed 002, States and transitions): reactivating an inactive subscription leaves its first event inactive',
    source: 'seed',
    rules: ['FD-WEBHOOK-SUB-STATUS'],
  }),
  independent('independent-34', {
    id: 'i34-fd-webhooks-refused-create-stored',
    rule: 'a create naming an event the catalogue does not offer is a 400 and stores nothing (seed 002, Errors 400; provider 1.35.0 listAvailableWebhookSubscriptionEvents): the refused create has already stored a subscription with the other events, which the list then shows',
    source: 'provider',
    rules: ['FD-WEBHOOK-EVENT-NAMES', 'FD-WEBHOOK-CREATE'],
  }),
  independent('independent-34', {
    id: 'i34-fd-webhooks-event-update-answer-status-active',
    rule: 'an event update answers the event as it now is (seed 002, Webhook subscriptions PUT .../events/{webhook_event_id} 200; provider 1.35.0 UpdateEventRequest): the answer says active for an event left inactive, which the readers still show inactive',
    source: 'provider',
    rules: ['FD-WEBHOOK-EVENT-UPDATE', 'FD-WEBHOOK-EVENT-STATUS'],
  }),
  independent('independent-34', {
    id: 'i34-fd-webhooks-foreign-delete-refused-but-deleted',
    rule: "a partner reaches only its own subscriptions (seed 002, Webhook subscriptions; Errors 404): deleting another partner's subscription answers 404 but deletes it",
    source: 'seed',
    rules: ['FD-WEBHOOK-OWNER', 'FD-WEBHOOK-DELETE'],
  }),
  independent('independent-35', {
    id: 'i35-fd-webhooks-event-update-refused-url-applied',
    rule: 'an event update naming an event the catalogue does not offer is a 400 and changes nothing (seed 002, Errors 400; provider 1.35.0 listAvailableWebhookSubscriptionEvents): the refused update has already stored the URL override it carried, so later readers and test deliveries use it',
    source: 'provider',
    rules: ['FD-WEBHOOK-EVENT-UPDATE', 'FD-WEBHOOK-EVENT-NAMES', 'FD-PROP-REFUSED-NO-TRACE'],
  }),
  independent('independent-35', {
    id: 'i35-fd-webhooks-available-events-hide-subscribed',
    rule: 'listAvailableWebhookSubscriptionEvents lists the events a subscription may name (seed 002, Webhook subscriptions; provider 1.35.0): the catalogue leaves out every event the calling partner already subscribes to, though a second subscription may name them again',
    source: 'provider',
    rules: ['FD-WEBHOOK-EVENT-NAMES'],
  }),
  independent('independent-35', {
    id: 'i35-fd-webhooks-last-event-delete-drops-subscription',
    rule: "deleteWebhookSubscriptionEvent deletes the one event it names (seed 002, Webhook subscriptions; deleteWebhookSubscription is the operation that removes a subscription): deleting a subscription's last event deletes the subscription too, which then answers 404 and leaves the list",
    source: 'seed',
    rules: ['FD-PROP-WRITE-SCOPE', 'FD-WEBHOOK-EVENT-DELETE'],
  }),
  independent('independent-36', {
    id: 'i36-fd-webhooks-later-page-count-off-by-one',
    rule: 'count is the number of subscriptions of the page answered (provider 1.35.0, Subscriptions list; seed 002, Webhook subscriptions: offset and limit): a page after the first counts one subscription more than it lists',
    source: 'provider',
    rules: ['FD-WEBHOOK-PAGE-OFFSET'],
  }),
  independent('independent-36', {
    id: 'i36-fd-webhooks-event-delete-by-name-partner-wide',
    rule: "deleting an event of a subscription removes that event of that subscription only (seed 002, Webhook subscriptions: each subscription covers several events): the event of the same name is removed from the partner's other subscriptions too",
    source: 'seed',
    rules: ['FD-WEBHOOK-EVENT-DELETE'],
  }),
  independent('independent-36', {
    id: 'i36-fd-webhooks-sub-test-later-events-to-first-url',
    rule: "the test deliveries of a subscription reach each event's URL, the URL being overridable per event (seed 002, Webhook subscriptions; Events): the subscription test calls every event after the first at the first event's URL (or the subscription's when the first has none)",
    source: 'seed',
    rules: ['FD-WEBHOOK-URL-OVERRIDE', 'FD-DELIVERY-URL'],
  }),
  independent('independent-37', {
    id: 'i37-fd-webhooks-event-status-unknown-event-applied-to-all',
    rule: 'changeWebhookSubscriptionEventStatus of an event id the subscription does not hold is a 404 and changes nothing (seed 002, Webhook subscriptions: errors 404; States: the event moves to the requested state): the 404 is answered after the status was set on every event of the subscription',
    source: 'seed',
    rules: ['FD-WEBHOOK-EVENT-STATUS', 'FD-PROP-REFUSED-NO-TRACE'],
  }),
  independent('independent-37', {
    id: 'i37-fd-webhooks-update-redates-creation',
    rule: "a subscription's createdDate is the time it was created (provider 1.35.0 webhook subscription record createdDate and lastUpdatedDate): updateWebhookSubscription rewrites createdDate with the time of the update",
    source: 'provider',
    rules: ['FD-WEBHOOK-UPDATE', 'FD-EVENT-DATE-FIXED'],
  }),
  independent('independent-38', {
    id: 'i38-fd-webhooks-event-inactive-stored-disabled',
    rule: 'an event status change puts the event in the requested state, active or inactive (seed 002, States and transitions): an event made inactive is answered inactive but stored and read back as disabled',
    source: 'seed',
    rules: ['FD-WEBHOOK-EVENT-STATUS', 'FD-PROP-ANSWER-IS-STATE'],
  }),
  independent('independent-38', {
    id: 'i38-fd-webhooks-event-status-unknown-subscription-400',
    rule: 'an unknown subscription is a 404 (seed 002, Webhook subscriptions; Errors 404): an event status change on an unknown subscription id answers 400',
    source: 'seed',
    rules: ['FD-NOT-FOUND', 'FD-PROP-ERROR-STATUS'],
  }),
  independent('independent-38', {
    id: 'i38-fd-webhooks-sub-status-answer-uppercased',
    rule: 'the subscription status change answers the requested state (seed 002, States and transitions: active or inactive; provider 1.35.0 status enum): the answer echoes the status upper-cased',
    source: 'seed',
    rules: ['FD-WEBHOOK-SUB-STATUS', 'FD-PROP-ECHO-AS-SENT'],
  }),
  independent('independent-38', {
    id: 'i38-fd-webhooks-sub-test-answers-202',
    rule: 'testWebhookSubscription answers 200 (seed 002, Webhook subscriptions): the subscription test answers 202',
    source: 'seed',
    rules: ['FD-WEBHOOK-TEST-DELIVERY', 'FD-PROP-ERROR-STATUS'],
  }),
  independent('independent-38', {
    id: 'i38-fd-webhooks-event-test-override-path-dropped',
    rule: "the test delivery of an event with its own URL goes to that URL (seed 002, Webhook subscriptions: the URL may be overridden per event): the event test posts to the override URL's origin, its path dropped",
    source: 'seed',
    rules: ['FD-WEBHOOK-URL-OVERRIDE', 'FD-DELIVERY-URL'],
  }),
  independent('independent-38', {
    id: 'i38-fd-webhooks-list-last-page-drops-last',
    rule: "the list pages every subscription of the partner (seed 002, listWebhookSubscriptions offset, limit; provider 1.35.0 Subscriptions): the last page leaves out the partner's last subscription",
    source: 'provider',
    rules: ['FD-WEBHOOK-CREATE', 'FD-PROP-PAGING'],
  }),
]);
