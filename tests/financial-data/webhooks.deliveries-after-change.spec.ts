// Covers: the test deliveries of a webhook subscription after it changes - updateWebhookSubscription
// (a new URL), updateWebhookSubscriptionEvent (a new override), deleteWebhookSubscriptionEvent, then
// testWebhookSubscription and testWebhookSubscriptionBasedOnEventId; and the reads and changes
// themselves (getWebhookSubscriptionById, listWebhookSubscriptions, the updates, the status changes),
// which deliver nothing - seed 002, Events (the test-subscription operations trigger test
// deliveries: nothing else does), Webhook subscriptions (the URL may be overridden per event).
// Every URL is one a normalisation would change (tellingListenerPath), counted where it arrives.
import { expect, expectDeliveries, rules, tellingListenerPath, test } from '../../fixtures/financial-data.js';
import { at, createSub, deliveriesSince, offeredNames } from './webhooks.helpers.js';

test(
  'each test delivery goes to the URL registered now, once: the new subscription URL, the new override, none to a URL replaced nor for a deleted event; reads and changes deliver nothing',
  rules(
    'FD-WEBHOOK-DELIVERY-CURRENT@wh-sub-test',
    'FD-WEBHOOK-DELIVERY-CURRENT@wh-event-test',
    'FD-DELIVERY-URL@wh-sub-test',
    'FD-DELIVERY-MEDIA-TYPE@wh-sub-test',
    'FD-DELIVERY-URL@wh-event-test',
    'FD-DELIVERY-MEDIA-TYPE@wh-event-test',
  ),
  async ({ fdApi, fd, fdListener }) => {
    const [a, b] = await offeredNames(fdApi);
    const url = (name: string) => fdListener.url(tellingListenerPath(name));
    const urls = { hook: url('hook-old'), override: url('override-old'), hook2: url('hook-new'), override2: url('override-new') };
    const made = await createSub(fdApi, { url: urls.hook, events: [{ name: a }, { name: b, url: urls.override }] });
    const sub = { subscription_id: made.subscriptionId };
    const activate = async () =>
      expect((await fdApi.call('changeWebhookSubscriptionStatus', { path: sub, body: { status: 'active' } })).status, 'made active').toBe(
        200,
      );
    const start = fdListener.received().length;
    await activate();
    // Reads and changes: none of them is a test call, none delivers.
    expect((await fdApi.call('getWebhookSubscriptionById', { path: sub })).status).toBe(200);
    expect((await fdApi.call('listWebhookSubscriptions', { query: { offset: 1, limit: 100 } })).status).toBe(200);
    const updated = await fdApi.call('updateWebhookSubscription', {
      path: sub,
      body: { url: urls.hook2, events: [{ name: a }, { name: b, url: urls.override }] },
    });
    expect(updated.status, 'the subscription moves to a new URL').toBe(200);
    const B = {
      ...sub,
      webhook_event_id: (updated.body.events as { name: string; webhookEventId: string }[]).find((e) => e.name === b)!.webhookEventId,
    };
    expect(
      (await fdApi.call('updateWebhookSubscriptionEvent', { path: B, body: { name: b, url: urls.override2 } })).status,
      'event B moves to a new override',
    ).toBe(200);
    await activate();
    expect(await deliveriesSince(fdListener, fd, start, 0), 'reads, updates and status changes deliver nothing').toEqual([]);

    // The subscription test: event A at the new subscription URL, event B at its new override, once each.
    let since = fdListener.received().length;
    expect((await fdApi.call('testWebhookSubscription', { path: sub })).status, 'the subscription test').toBe(200);
    let got = await deliveriesSince(fdListener, fd, since, 2);
    expect(
      { hook: at(got, urls.hook), override: at(got, urls.override), hook2: at(got, urls.hook2), override2: at(got, urls.override2) },
      'after the updates: the URLs registered now, once each; none to the URLs replaced',
    ).toEqual({ hook: 0, override: 0, hook2: 1, override2: 1 });
    expectDeliveries(got, [
      { url: urls.hook2, count: 1, what: 'event A at the new subscription URL' },
      { url: urls.override2, count: 1, what: 'event B at its new override' },
    ]);

    // Event A deleted: the subscription test delivers event B alone; B's own test goes to its new override.
    const A = {
      ...sub,
      webhook_event_id: (updated.body.events as { name: string; webhookEventId: string }[]).find((e) => e.name === a)!.webhookEventId,
    };
    expect((await fdApi.call('deleteWebhookSubscriptionEvent', { path: A })).status, 'event A deleted').toBe(204);
    since = fdListener.received().length;
    expect((await fdApi.call('testWebhookSubscription', { path: sub })).status).toBe(200);
    expect((await fdApi.call('testWebhookSubscriptionBasedOnEventId', { path: B })).status).toBe(200);
    got = await deliveriesSince(fdListener, fd, since, 2);
    expectDeliveries(got, [
      { url: urls.override2, count: 2, what: 'event B, by the subscription test and by its own test' },
      { url: urls.hook2, count: 0, what: 'the deleted event A' },
    ]);
  },
);
