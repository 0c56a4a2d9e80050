// Faults of webhooks: each breaks one rule of schemas/financial-data/rules/webhooks.yaml.
import type { Fault } from '../kit/faults.js';

export const WEBHOOKS_FAULTS: Fault[] = [
  // CRUD through every reader (seed 002, Webhook subscriptions; Resources - Webhook subscription).
  { id: 'webhooks-create-200', rule: 'FD-WEBHOOK-CREATE: creation answers 201 (not 200)', source: 'seed', rules: ['FD-WEBHOOK-CREATE'] },
  { id: 'webhooks-create-drops-conditions', rule: 'FD-WEBHOOK-CREATE: the conditions of the events are recorded and read back', source: 'seed', rules: ['FD-WEBHOOK-CREATE'] },
  { id: 'webhooks-list-stale', rule: 'FD-WEBHOOK-UPDATE: the list shows the subscription as it is now, not as created', source: 'seed', rules: ['FD-WEBHOOK-UPDATE', 'FD-WEBHOOK-EVENT-STATUS'] },
  { id: 'webhooks-update-keeps-url', rule: 'FD-WEBHOOK-UPDATE: an update changes the URL', source: 'provider', rules: ['FD-WEBHOOK-UPDATE'] },
  { id: 'webhooks-delete-still-readable', rule: 'FD-WEBHOOK-DELETE: a deleted subscription is a 404 by id', source: 'seed', rules: ['FD-WEBHOOK-DELETE'] },
  { id: 'webhooks-delete-keeps-listed', rule: 'FD-WEBHOOK-DELETE: a deleted subscription is gone from the list', source: 'seed', rules: ['FD-WEBHOOK-DELETE'] },
  { id: 'webhooks-event-update-ignored-condition', rule: 'FD-WEBHOOK-EVENT-UPDATE: the condition of an updated event changes', source: 'provider', rules: ['FD-WEBHOOK-EVENT-UPDATE'] },
  { id: 'webhooks-event-delete-noop', rule: 'FD-WEBHOOK-EVENT-DELETE: a deleted event is gone from its subscription', source: 'seed', rules: ['FD-WEBHOOK-EVENT-DELETE'] },
  // States (seed 002, States and transitions).
  { id: 'webhooks-event-status-not-stored', rule: 'FD-WEBHOOK-EVENT-STATUS: the event reads back in the requested state', source: 'seed', rules: ['FD-WEBHOOK-EVENT-STATUS'] },
  { id: 'webhooks-sub-status-events-unchanged', rule: 'FD-WEBHOOK-SUB-STATUS: all the events of the subscription move too', source: 'seed', rules: ['FD-WEBHOOK-SUB-STATUS'] },
  { id: 'webhooks-status-any-value', rule: 'FD-WEBHOOK-STATUS-VALUES: a status other than active or inactive is a 400', source: 'seed', rules: ['FD-WEBHOOK-STATUS-VALUES'], relax: [{ schema: 'WebhookStatusValue', drop: ['enum'] }] },
  // Test deliveries (seed 002, Events; Webhook subscriptions: URL override per event).
  { id: 'webhooks-inactive-event-delivered', rule: 'FD-WEBHOOK-INACTIVE-NO-TEST: an inactive event receives no test delivery', source: 'provider', rules: ['FD-WEBHOOK-INACTIVE-NO-TEST'] },
  { id: 'webhooks-subscription-test-ignores-status', rule: 'FD-WEBHOOK-INACTIVE-NO-TEST: the subscription-wide test skips inactive subscriptions and events', source: 'provider', rules: ['FD-WEBHOOK-INACTIVE-NO-TEST'] },
  { id: 'webhooks-reactivated-not-delivered', rule: 'FD-WEBHOOK-INACTIVE-NO-TEST: an event active again receives test deliveries again', source: 'provider', rules: ['FD-WEBHOOK-INACTIVE-NO-TEST'] },
  { id: 'webhooks-test-delivers-twice', rule: 'FD-WEBHOOK-TEST-DELIVERY: exactly one delivery per test call and event', source: 'seed', rules: ['FD-WEBHOOK-TEST-DELIVERY'] },
  { id: 'webhooks-event-test-delivers-all', rule: 'FD-WEBHOOK-TEST-DELIVERY: the test of one event delivers for that event only', source: 'seed', rules: ['FD-WEBHOOK-TEST-DELIVERY'] },
  { id: 'webhooks-override-ignored', rule: "FD-WEBHOOK-URL-OVERRIDE: an event with its own URL is delivered there, not to the subscription's", source: 'seed', rules: ['FD-WEBHOOK-URL-OVERRIDE'] },
  { id: 'webhooks-delivery-without-event-id', rule: 'FD-WEBHOOK-DELIVERY-SHAPE: a test delivery names its webhookEventId', source: 'assumption', rules: ['FD-WEBHOOK-DELIVERY-SHAPE'] },
  // Header, errors, ids (provider 1.35.0; seed 002 Errors).
  { id: 'webhooks-request-id-required', rule: 'FD-WEBHOOK-REQUEST-ID: a call without X-External-Request-Id is served (the header is optional)', source: 'provider', rules: ['FD-WEBHOOK-REQUEST-ID'] },
  { id: 'webhooks-error-default-shape', rule: 'FD-WEBHOOK-ERROR-SHAPE: errors carry {"Errors": {"Error": [...]}}, not {code, message}', source: 'provider', rules: ['FD-WEBHOOK-ERROR-SHAPE'] },
  { id: 'webhooks-unknown-event-other-sub', rule: 'FD-WEBHOOK-UNKNOWN-EVENT: an event id of another subscription is a 404', source: 'seed', rules: ['FD-WEBHOOK-UNKNOWN-EVENT'] },
  { id: 'webhooks-owner-unchecked', rule: "FD-WEBHOOK-OWNER: another partner's subscription is a 404 and not listed", source: 'seed', rules: ['FD-WEBHOOK-OWNER'] },
  // Event names (provider 1.35.0 AvailableEvent).
  { id: 'webhooks-event-name-unchecked', rule: 'FD-WEBHOOK-EVENT-NAMES: an event name not offered is a 400', source: 'provider', rules: ['FD-WEBHOOK-EVENT-NAMES'] },
  { id: 'webhooks-last-listed-name-refused', rule: 'FD-WEBHOOK-EVENT-NAMES: every offered name is accepted', source: 'provider', rules: ['FD-WEBHOOK-EVENT-NAMES'] },
  // Paging (provider 1.35.0 ObwmsOffsetParameter, ObwmsLimitParameter; reference Paging).
  { id: 'webhooks-limit-uncapped', rule: 'FD-WEBHOOK-PAGE-LIMIT: a limit above 100 is a 400', source: 'assumption', rules: ['FD-WEBHOOK-PAGE-LIMIT'], relax: [{ schema: 'WebhookPageLimit', drop: ['maximum'] }] },
  { id: 'webhooks-limit-cap-50', rule: 'FD-WEBHOOK-PAGE-LIMIT: a limit of 100 is served', source: 'provider', rules: ['FD-WEBHOOK-PAGE-LIMIT'] },
  { id: 'webhooks-default-limit-25', rule: 'FD-WEBHOOK-PAGE-DEFAULT: without limit a page holds 10 subscriptions', source: 'provider', rules: ['FD-WEBHOOK-PAGE-DEFAULT'] },
  { id: 'webhooks-offset-zero-based', rule: 'FD-WEBHOOK-PAGE-OFFSET: offset 1 is the first page', source: 'provider', rules: ['FD-WEBHOOK-PAGE-OFFSET'] },
  { id: 'webhooks-offset-zero-accepted', rule: 'FD-WEBHOOK-PAGE-OFFSET: offset 0 is a 400', source: 'provider', rules: ['FD-WEBHOOK-PAGE-OFFSET'], relax: [{ schema: 'WebhookPageOffset', drop: ['minimum'] }] },
  { id: 'webhooks-past-end-empty-200', rule: 'FD-WEBHOOK-PAGE-PAST-END: a page past the last is a 404', source: 'assumption', rules: ['FD-WEBHOOK-PAGE-PAST-END'] },
];
