// Covers: changeWebhookSubscriptionEventStatus, changeWebhookSubscriptionStatus - seed 002, States
// and transitions (a webhook subscription event, and a subscription with all its events, move to
// the requested state, active or inactive), read back through getWebhookSubscriptionById and
// listWebhookSubscriptions; another value is a 400 (seed 002, Errors); pending and removed, which the
// provider lets a request set, are the conflict FD-CONFLICT-WEBHOOK-STATUS-VALUES.
import { expect, expectFdError, rules, test, type OperationClient, withConflict } from '../../fixtures/financial-data.js';
import { createSub, offeredNames, quietUrl, readers, type Sub } from './webhooks.helpers.js';

/** The states both readers show: the subscription's and each event's, by event id. */
async function statesOf(fdApi: OperationClient, id: string) {
  const { byId, listed } = await readers(fdApi, id);
  const view = (s?: Sub) =>
    s && {
      status: s.status,
      events: Object.fromEntries(s.events.map((e) => [e.webhookEventId, e.status])),
      conditions: Object.fromEntries(s.events.map((e) => [e.webhookEventId, e.condition])),
    };
  return { byId: view(byId), listed: view(listed) };
}

test(
  'changeWebhookSubscriptionEventStatus moves one event to inactive, then active, through both readers; the other event keeps its state',
  rules('FD-WEBHOOK-EVENT-STATUS@wh-by-id', 'FD-WEBHOOK-EVENT-STATUS@wh-list', 'FD-WEBHOOK-STATUS-VALUES:accept'),
  async ({ fdApi }) => {
    const [a, b] = await offeredNames(fdApi);
    // The moved event carries a condition: a change of state is not a change of condition (seed 002).
    const condition = { subscribeFor: 'institutionId', includes: ['0101', 'A b'] };
    const made = await createSub(fdApi, { url: quietUrl('event-status'), events: [{ name: a, condition }, { name: b }] });
    // The starting states are the target's (the provider's example answers pending at creation).
    const start = await statesOf(fdApi, made.subscriptionId);
    const [moved, other] = made.events.map((e) => e.webhookEventId);
    const path = { subscription_id: made.subscriptionId, webhook_event_id: moved };
    // The last 'active' asks for the state the event is already in: still a 200 (seed: "the requested state").
    for (const status of ['inactive', 'active', 'active']) {
      const res = await fdApi.call('changeWebhookSubscriptionEventStatus', { path, body: { status } });
      expect(res.status, `to ${status}`).toBe(200);
      expect(res.body.status, 'the 200 body: the status set').toBe(status);
      const now = await statesOf(fdApi, made.subscriptionId);
      for (const [reader, seen] of Object.entries(now)) {
        expect(seen?.events[moved], `${reader}: the event is ${status}`).toBe(status);
        expect(seen?.conditions[moved], `${reader}: the moved event keeps its condition`).toEqual(condition);
        expect(seen?.events[other], `${reader}: the other event keeps its state`).toBe(start.byId?.events[other]);
      }
    }
  },
);

test(
  'changeWebhookSubscriptionStatus moves the subscription and all its events to inactive, then active, through both readers',
  rules('FD-WEBHOOK-SUB-STATUS@wh-by-id', 'FD-WEBHOOK-SUB-STATUS@wh-list', 'FD-WEBHOOK-STATUS-VALUES:accept'),
  async ({ fdApi }) => {
    const [a, b] = await offeredNames(fdApi);
    const condition = { subscribeFor: 'institutionId', includes: ['0101', 'A b'] };
    const made = await createSub(fdApi, { url: quietUrl('sub-status'), events: [{ name: a, condition }, { name: b }] });
    // Every event keeps its condition (or its lack of one) through the change of state.
    const conditions = Object.fromEntries(made.events.map((e) => [e.webhookEventId, e.name === a ? condition : undefined]));
    for (const status of ['inactive', 'active']) {
      const res = await fdApi.call('changeWebhookSubscriptionStatus', { path: { subscription_id: made.subscriptionId }, body: { status } });
      expect(res.status, `to ${status}`).toBe(200);
      expect(res.body.status, 'the 200 body: the status set').toBe(status);
      const all = { status, events: Object.fromEntries(made.events.map((e) => [e.webhookEventId, status])), conditions };
      expect(await statesOf(fdApi, made.subscriptionId), `the subscription and every event ${status}`).toEqual({ byId: all, listed: all });
    }
  },
);

/** Each value sent to both status changes is a 400 and nothing moves. */
async function expectStatusesRefused(fdApi: OperationClient, statuses: string[]): Promise<void> {
  const [a] = await offeredNames(fdApi);
  const made = await createSub(fdApi, { url: quietUrl('status-values'), events: [{ name: a }] });
  const before = await statesOf(fdApi, made.subscriptionId);
  const sub = { subscription_id: made.subscriptionId };
  const event = { ...sub, webhook_event_id: made.events[0].webhookEventId };
  for (const status of statuses) {
    expectFdError(await fdApi.call('changeWebhookSubscriptionStatus', { path: sub, body: { status } }), 400, `subscription to ${status}`);
    expectFdError(await fdApi.call('changeWebhookSubscriptionEventStatus', { path: event, body: { status } }), 400, `event to ${status}`);
  }
  expect(await statesOf(fdApi, made.subscriptionId), 'the states are unchanged').toEqual(before);
}

// Seed 002, States and transitions: active or inactive only.
test(
  'a status neither source names is a 400 on both status changes, and nothing moves',
  rules('FD-WEBHOOK-STATUS-VALUES:refuse'),
  ({ fdApi }) => expectStatusesRefused(fdApi, ['paused', 'enabled']),
);

// Provider 1.35.0 EventStatusUpdate also lets a request set pending and removed: a target accepting them
// follows the provider (conflicts.yaml FD-CONFLICT-WEBHOOK-STATUS-VALUES); the check keeps the seed's 400.
test(
  'pending and removed, which the seed does not name, are a 400 on both status changes, and nothing moves',
  withConflict(rules('FD-WEBHOOK-STATUS-VALUES:refuse'), 'FD-CONFLICT-WEBHOOK-STATUS-VALUES'),
  ({ fdApi }) => expectStatusesRefused(fdApi, ['pending', 'removed']),
);
