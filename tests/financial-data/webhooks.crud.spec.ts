// Covers: createWebhookSubscription, getWebhookSubscriptionById, listWebhookSubscriptions,
// updateWebhookSubscription, deleteWebhookSubscription, updateWebhookSubscriptionEvent,
// deleteWebhookSubscriptionEvent - seed 002, Webhook subscriptions (several events with optional
// conditions, a URL override per event; 201 / 200 / 204; 404) through both readers, and the
// 404s of unknown events and of another partner's subscription (seed 002, Errors - 404).
import { expect, expectFdError, rules, test } from '../../fixtures/financial-data.js';
import {
  createSub,
  eventNamed,
  expectListTotal,
  eventsOf,
  offeredNames,
  quietUrl,
  readers,
  type EventSpec,
  type Sub,
} from './webhooks.helpers.js';

/** What a reader shows of a subscription, comparable with what was sent. */
const shape = (s: Sub) => ({ url: s.url, status: s.status, events: eventsOf(s.events), ids: s.events.map((e) => e.webhookEventId).sort() });

test(
  'createWebhookSubscription answers 201 and the subscription reads back by id and in the list (counted in its total) with its URL, events, conditions and status @smoke',
  rules('FD-WEBHOOK-CREATE@wh-created', 'FD-WEBHOOK-CREATE@wh-by-id', 'FD-WEBHOOK-CREATE@wh-list'),
  async ({ fdApi }) => {
    const [a, b, c] = await offeredNames(fdApi);
    const events: EventSpec[] = [
      // Condition values with leading zeros (strings: provider 1.35.0 Condition includes, excludes): read as numbers they change.
      { name: a, condition: { subscribeFor: 'institutionId', includes: ['101', '0102'], excludes: ['00103'] } },
      { name: b, url: quietUrl('create/override') },
      ...(c ? [{ name: c }] : []),
    ];
    const made = await createSub(fdApi, { url: quietUrl('create'), events });
    const sent = { url: quietUrl('create'), events: eventsOf(events) };
    expect({ url: made.url, events: eventsOf(made.events) }, 'the 201 body: the URL and the events sent').toEqual(sent);
    const seen = made.events.every((e) => e.webhookEventId.length === 36);
    expect(seen, 'every event has its webhookEventId').toBe(true);
    const { byId, listed, onePage } = await readers(fdApi, made.subscriptionId);
    expect(byId && shape(byId), 'read by id').toEqual(shape(made));
    expect(listed && shape(listed), 'read in the list').toEqual(shape(made));
    expectListTotal(onePage, 'a creation');
  },
);

test(
  'updateWebhookSubscriptionEvent answers 200 and both readers show the new condition and URL under the same event id, and none once updated without them',
  rules('FD-WEBHOOK-EVENT-UPDATE@wh-by-id', 'FD-WEBHOOK-EVENT-UPDATE@wh-list'),
  async ({ fdApi }) => {
    const [a, b] = await offeredNames(fdApi);
    const made = await createSub(fdApi, {
      url: quietUrl('event-update'),
      events: [{ name: a, condition: { subscribeFor: 'institutionId', includes: ['1'] } }, { name: b }],
    });
    const target = eventNamed(made, a);
    const change: EventSpec = {
      name: a,
      url: quietUrl('event-update/override'),
      condition: { subscribeFor: 'institutionId', excludes: ['2', '03'] },
    };
    const path = { subscription_id: made.subscriptionId, webhook_event_id: target.webhookEventId };
    // Then updated again with its name alone: the update replaces the event as sent (provider 1.35.0 UpdateEventRequest:
    // name, url, condition), so the override and the condition of the first update are gone, not kept.
    for (const [sent, what] of [
      [change, 'with an override and a condition'],
      [{ name: a }, 'again, its override and condition left out'],
    ] as const) {
      const res = await fdApi.call('updateWebhookSubscriptionEvent', { path, body: sent });
      expect(res.status, `the event updated ${what}`).toBe(200);
      expect(eventsOf([res.body]), `the 200 body: the event as updated ${what}`).toEqual(eventsOf([sent]));
      const { byId, listed } = await readers(fdApi, made.subscriptionId);
      for (const [reader, sub] of Object.entries({ byId, listed })) {
        const shown = sub?.events.find((e) => e.webhookEventId === target.webhookEventId);
        expect(shown && eventsOf([shown]), `${reader}: the event updated ${what}`).toEqual(eventsOf([sent]));
        const got = sub && eventsOf(sub.events.filter((e) => e.webhookEventId !== target.webhookEventId));
        expect(got, `${reader}: the other event unchanged`).toEqual(eventsOf([{ name: b }]));
      }
    }
  },
);

test(
  'deleteWebhookSubscriptionEvent answers 204 and the event is gone from its subscription in both readers, the other event stays',
  rules('FD-WEBHOOK-EVENT-DELETE@wh-by-id', 'FD-WEBHOOK-EVENT-DELETE@wh-list'),
  async ({ fdApi }) => {
    const [a, b] = await offeredNames(fdApi);
    const made = await createSub(fdApi, { url: quietUrl('event-delete'), events: [{ name: a }, { name: b }] });
    const gone = eventNamed(made, a);
    const path = { subscription_id: made.subscriptionId, webhook_event_id: gone.webhookEventId };
    const idsOf = (sub?: Sub) => sub?.events.map((e) => e.webhookEventId).sort();
    // Every reader of the subscription is read before the delete as after it (seed 002, Webhook subscriptions:
    // DELETE .../events/{webhook_event_id} 204, the event deleted from its subscription; provider 1.35.0
    // deleteWebhookSubscriptionEvent): a reader that keeps what it showed before (a cache, a soft delete marking
    // the event inactive) still shows it after, which a reader read only after the delete would never reveal.
    const before = await readers(fdApi, made.subscriptionId);
    const both = made.events.map((e) => e.webhookEventId).sort();
    for (const [reader, sub] of Object.entries({ byId: before.byId, listed: before.listed })) {
      expect(idsOf(sub), `${reader} before the delete: both events`).toEqual(both);
    }
    expect((await fdApi.call('deleteWebhookSubscriptionEvent', { path })).status).toBe(204);
    const { byId, listed } = await readers(fdApi, made.subscriptionId);
    const left = [eventNamed(made, b).webhookEventId];
    for (const [reader, sub] of Object.entries({ byId, listed })) {
      const received = sub?.events.map((e) => `${e.webhookEventId} (${e.status})`).join(', ');
      expect(idsOf(sub), `${reader} after the event delete: received ${received}; documented only the other event ${left[0]}`).toEqual(
        left,
      );
    }
    expectFdError(await fdApi.call('deleteWebhookSubscriptionEvent', { path, negative: true }), 404, 'the deleted event deleted again');
  },
);

test(
  'an event id the subscription does not hold (never issued, or of another subscription) is a 404 on every event operation',
  rules('FD-WEBHOOK-UNKNOWN-EVENT'),
  async ({ fdApi }) => {
    const [a] = await offeredNames(fdApi);
    const mine = await createSub(fdApi, { url: quietUrl('unknown-event'), events: [{ name: a }] });
    const other = await createSub(fdApi, { url: quietUrl('unknown-event/other'), events: [{ name: a }] });
    const ids = { 'never issued': '00000000-0000-4000-8000-0000000000e9', 'of another subscription': other.events[0].webhookEventId };
    for (const [what, eventId] of Object.entries(ids)) {
      const path = { subscription_id: mine.subscriptionId, webhook_event_id: eventId };
      expectFdError(
        await fdApi.call('updateWebhookSubscriptionEvent', { path, body: { name: a }, negative: true }),
        404,
        `update an event ${what}`,
      );
      const refused = await fdApi.call('changeWebhookSubscriptionEventStatus', { path, body: { status: 'inactive' }, negative: true });
      expectFdError(refused, 404, `status of an event ${what}`);
      expectFdError(await fdApi.call('testWebhookSubscriptionBasedOnEventId', { path, negative: true }), 404, `test an event ${what}`);
      expectFdError(await fdApi.call('deleteWebhookSubscriptionEvent', { path, negative: true }), 404, `delete an event ${what}`);
    }
    const { byId } = await readers(fdApi, other.subscriptionId);
    const items = byId?.events.map((e) => [e.webhookEventId, e.status]);
    expect(items, 'the other subscription keeps its event, active').toEqual([[other.events[0].webhookEventId, other.events[0].status]]);
  },
);
