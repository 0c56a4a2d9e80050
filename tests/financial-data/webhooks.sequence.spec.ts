// Covers: the test deliveries of a subscription over create, updateWebhookSubscription,
// updateWebhookSubscriptionEvent, deleteWebhookSubscriptionEvent - seed 002, Events, Webhook subscriptions:
// after every step each delivery carries what getWebhookSubscriptionById then answers
// (FD-WEBHOOK-DELIVERY-STATE): one per live event, at its override or the subscription's URL.
import { underRule } from '../../helpers/client/annotations.js';
import { expect, receivedPathOf, rules, tellingListenerPath, test } from '../../fixtures/financial-data.js';
import { createSub, deliveriesSince, offeredNames, type Sub } from './webhooks.helpers.js';
import { cite } from './cite.js';

test(
  'after every change of a subscription, each test delivery carries the subscription, event id, name and condition the reader then answers, once, at its URL',
  // FD-DELIVERY-MEDIA-TYPE: the test listener judges the form of every delivery it received (fdListener),
  // here those of events with conditions and overrides.
  rules(
    'FD-WEBHOOK-DELIVERY-STATE',
    ...cite('FD-WEBHOOK-DELIVERY-CURRENT', ['wh-sub-test', 'wh-event-test']),
    ...cite('FD-DELIVERY-MEDIA-TYPE', ['wh-sub-test', 'wh-event-test']),
  ),
  async ({ fdApi, fd, fdListener }) => {
    const [a, b] = await offeredNames(fdApi);
    const url = (name: string) => fdListener.url(tellingListenerPath(name));
    const condition = (includes: string[]) => ({ subscribeFor: 'institutionId', includes });
    const made = await createSub(fdApi, {
      url: url('seq-hook-1'),
      events: [
        { name: a, condition: condition(['0012', 'A b']) },
        { name: b, url: url('seq-override-1') },
      ],
    });
    const sub = { subscription_id: made.subscriptionId };
    let compared = 0;
    let steps = 0;
    /** The reader's view now, then both test operations, each delivery compared with that view. */
    const compare = async (step: string) => {
      steps++;
      const read = await fdApi.call('getWebhookSubscriptionById', { path: sub });
      expect(read.status, `${step}: read by id`).toBe(200);
      const view = read.body as Sub;
      const expectOne = (got: { url: string; json?: unknown }[], e: Sub['events'][number], what: string) => {
        const to = receivedPathOf(e.url ?? view.url!);
        const mine = got.filter((d) => (d.json as { webhookEventId?: unknown })?.webhookEventId === e.webhookEventId);
        const listed = mine.map((d) => d.url);
        expect(listed, `${step}, ${what}: one delivery of event ${e.name} at its URL`).toEqual([to]);
        // The body's members: no document shows them (seed 002, payload shapes not shown): FD-WEBHOOK-DELIVERY-STATE, an assumption.
        const body = mine[0].json as Record<string, unknown>;
        const carried = { subscriptionId: body.subscriptionId, name: body.name, condition: body.condition };
        const state = `${step}, ${what}: the delivery of event ${e.name} carries the state the reader answers`;
        const judged = () => expect(carried, state).toEqual({ subscriptionId: view.subscriptionId, name: e.name, condition: e.condition });
        underRule(test.info(), 'FD-WEBHOOK-DELIVERY-STATE', judged);
        compared++;
      };
      let since = fdListener.received().length;
      expect((await fdApi.call('testWebhookSubscription', { path: sub })).status, `${step}: the subscription test`).toBe(200);
      let got = await deliveriesSince(fdListener, fd, since, view.events.length);
      expect(got, `${step}, the subscription test: one delivery per event`).toHaveLength(view.events.length);
      for (const e of view.events) expectOne(got, e, 'the subscription test');
      const last = view.events[view.events.length - 1];
      since = fdListener.received().length;
      const one = await fdApi.call('testWebhookSubscriptionBasedOnEventId', { path: { ...sub, webhook_event_id: last.webhookEventId } });
      expect(one.status, `${step}: the event test`).toBe(200);
      got = await deliveriesSince(fdListener, fd, since, 1);
      expect(got, `${step}, the event test: one delivery`).toHaveLength(1);
      expectOne(got, last, 'the event test');
      return view;
    };
    // A guest on a sandbox leaves no subscription behind, whatever fails.
    try {
      const activated = await fdApi.call('changeWebhookSubscriptionStatus', { path: sub, body: { status: 'active' } });
      expect(activated.status, 'made active').toBe(200);
      await compare('created');

      const updated = await fdApi.call('updateWebhookSubscription', {
        path: sub,
        body: {
          url: url('seq-hook-2'),
          events: [
            { name: a, url: url('seq-override-2'), condition: condition(['101732']) },
            { name: b, condition: condition(['0012']) },
          ],
        },
      });
      expect(updated.status, 'the subscription replaced').toBe(200);
      const afterUpdate = await compare('after the subscription update');

      const eventB = afterUpdate.events.find((e) => e.name === b)!;
      const changed = await fdApi.call('updateWebhookSubscriptionEvent', {
        path: { ...sub, webhook_event_id: eventB.webhookEventId },
        body: { name: b, url: url('seq-override-3'), condition: condition(['A b', '0042']) },
      });
      expect(changed.status, 'event B replaced').toBe(200);
      await compare('after the event update');

      const eventA = afterUpdate.events.find((e) => e.name === a)!;
      const deleted = await fdApi.call('deleteWebhookSubscriptionEvent', { path: { ...sub, webhook_event_id: eventA.webhookEventId } });
      expect(deleted.status, 'event A deleted').toBe(204);
      await compare('after the event delete');

      test.info().annotations.push({
        type: 'checker-coverage',
        description: `webhook sequence: ${steps} steps, ${compared} deliveries compared with the reader`,
      });
    } finally {
      const removed = await fdApi.call('deleteWebhookSubscription', { path: sub });
      expect([204, 404], 'the subscription removed').toContain(removed.status);
    }
  },
);
