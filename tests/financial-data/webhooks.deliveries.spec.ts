// Covers: testWebhookSubscription, testWebhookSubscriptionBasedOnEventId - seed 002, Events (only the test
// operations trigger deliveries), Webhook subscriptions (per-event URL override), States and transitions:
// counted at the listener byte for byte (`hook`, `hook-override`). The body is shown nowhere: @assumption.
// After changes the test deliveries go to the URLs registered now.
import {
  expect,
  expectDeliveries,
  type FdListener,
  listenerTag,
  type OperationClient,
  rules,
  sentUrlViolations,
  tellingListenerPath,
  test,
  withDefaultPort,
} from '../../fixtures/financial-data.js';
import { at, createSub, deliveriesSince, offeredNames } from './webhooks.helpers.js';
import { atSite, cite } from './cite.js';

/**
 * A subscription to `hook` with event A (no override) and event B (override `hook-override`), both made
 * active; `written` writes each listener URL (withDefaultPort: its default port named). It is the second of two
 * of the partner: one to `hook-before` is made just before it, and no test of it may reach that URL (seed 002,
 * Events: a subscription's test deliveries go to its own URL, not the partner's first subscription's).
 */
async function hookedSubscription(fdApi: OperationClient, fdListener: FdListener, written: (url: string) => string = (url) => url) {
  const [a, b] = await offeredNames(fdApi);
  const suffixes = {
    hook: tellingListenerPath('hook'),
    override: tellingListenerPath('hook-override'),
    before: tellingListenerPath('hook-before'),
  };
  const urls = {
    hook: written(fdListener.url(suffixes.hook)),
    override: written(fdListener.url(suffixes.override)),
    before: written(fdListener.url(suffixes.before)),
  };
  const tagged = (['hook', 'override', 'before'] as const).map((k) => ({ url: urls[k], tag: listenerTag(suffixes[k]) }));
  await createSub(fdApi, { url: urls.before, events: [{ name: a }] });
  const made = await createSub(fdApi, { url: urls.hook, events: [{ name: a }, { name: b, url: urls.override }] });
  const sub = { subscription_id: made.subscriptionId };
  // seed 002, States and transitions: the requested state; the starting one is the target's.
  expect((await fdApi.call('changeWebhookSubscriptionStatus', { path: sub, body: { status: 'active' } })).status).toBe(200);
  const A = made.events.find((e) => e.name === a)!;
  const B = made.events.find((e) => e.name === b)!;
  return {
    made,
    sub,
    A: { ...sub, webhook_event_id: A.webhookEventId },
    B: { ...sub, webhook_event_id: B.webhookEventId },
    names: { a, b },
    urls,
    tagged,
  };
}

/** The rules each test operation's deliveries are judged by. */
const TEST_DELIVERY = [
  'FD-WEBHOOK-TEST-DELIVERY',
  'FD-WEBHOOK-URL-OVERRIDE',
  'FD-DELIVERY-URL',
  'FD-DELIVERY-MEDIA-TYPE',
  'FD-DELIVERY-SENSITIVE',
];

/** How many of these deliveries went to each URL of the subscription (at: byte for byte). */
const atUrls = <K extends string>(got: { url: string }[], urls: Record<K, string>) =>
  Object.fromEntries(Object.entries<string>(urls).map(([k, url]) => [k, at(got, url)])) as Record<K, number>;

test(
  'testWebhookSubscription delivers exactly once per event per call, to the subscription URL or the event override, none to the other',
  rules(...atSite('wh-sub-test', ...TEST_DELIVERY)),
  async ({ fdApi, fd, fdListener }) => {
    // On the mock each URL names its default port, which a target writing the URL again drops: only the
    // mock's record of its outbound calls shows the origin used (a listener sees the path and query).
    const { sub, urls, tagged } = await hookedSubscription(fdApi, fdListener, fd.control ? withDefaultPort : undefined);
    for (const call of [1, 2]) {
      const since = fdListener.received().length;
      expect((await fdApi.call('testWebhookSubscription', { path: sub })).status, `test call ${call}`).toBe(200);
      const got = await deliveriesSince(fdListener, fd, since, 2);
      expect(
        { ...atUrls(got, urls), total: got.length, posts: got.every((r) => r.method === 'POST') },
        `call ${call}: event A at the subscription URL, event B at its override, once each`,
      ).toEqual({ hook: 1, override: 1, before: 0, total: 2, posts: true });
      expectDeliveries(got, [
        { url: urls.hook, count: 1, what: `call ${call}: event A at the subscription URL` },
        { url: urls.override, count: 1, what: `call ${call}: event B at its override` },
      ]);
    }
    if (fd.control)
      expect(sentUrlViolations(await fd.control.deliveries(), tagged), 'the test deliveries sent to each URL byte for byte').toEqual([]);
  },
);

test(
  'testWebhookSubscriptionBasedOnEventId delivers exactly once for that event, to its override when it has one, else to the subscription URL',
  rules(...atSite('wh-event-test', ...TEST_DELIVERY)),
  async ({ fdApi, fd, fdListener }) => {
    const { A, B, urls } = await hookedSubscription(fdApi, fdListener);
    for (const [which, path, want] of [
      ['A', A, { hook: 1, override: 0, before: 0 }],
      ['B', B, { hook: 0, override: 1, before: 0 }],
    ] as const) {
      const since = fdListener.received().length;
      expect((await fdApi.call('testWebhookSubscriptionBasedOnEventId', { path })).status).toBe(200);
      const got = await deliveriesSince(fdListener, fd, since, 1);
      expect({ ...atUrls(got, urls), total: got.length }, `event ${which}`).toEqual({ ...want, total: 1 });
      expectDeliveries(got, [{ url: want.hook ? urls.hook : urls.override, count: 1, what: `the test of event ${which}` }]);
    }
  },
);

test(
  'each test delivery is a WebhookTestDelivery naming the subscription, the event id and the event name @assumption',
  rules('FD-WEBHOOK-DELIVERY-SHAPE'),
  async ({ fdApi, fd, fdListener, fdContract }) => {
    const { made, sub, A, names, urls } = await hookedSubscription(fdApi, fdListener);
    const since = fdListener.received().length;
    expect((await fdApi.call('testWebhookSubscription', { path: sub })).status).toBe(200);
    expect((await fdApi.call('testWebhookSubscriptionBasedOnEventId', { path: A })).status).toBe(200);
    const got = await deliveriesSince(fdListener, fd, since, 3);
    const valid = fdContract.component('WebhookTestDelivery');
    for (const r of got) expect(valid(r.json), `delivery to ${r.url}: ${JSON.stringify(valid.errors?.[0] ?? {})}`).toBe(true);
    const toOf = (r: { url: string }) => (at([r], urls.hook) ? 'hook' : at([r], urls.override) ? 'hook-override' : r.url);
    const seen = got
      .map((r) => ({ to: toOf(r), ...(r.json as object) }))
      .map((b: any) => [b.to, b.subscriptionId, b.webhookEventId, b.name]);
    const id = (n: string) => made.events.find((e) => e.name === n)!.webhookEventId;
    expect(seen.sort(), 'who each delivery names').toEqual(
      [
        ['hook', made.subscriptionId, id(names.a), names.a],
        ['hook', made.subscriptionId, id(names.a), names.a],
        ['hook-override', made.subscriptionId, id(names.b), names.b],
      ].sort(),
    );
  },
);

test(
  'an inactive event receives no test delivery from either test operation; active again, it receives one',
  rules('FD-WEBHOOK-INACTIVE-NO-TEST@wh-via-event'),
  async ({ fdApi, fd, fdListener }) => {
    const { A, urls } = await hookedSubscription(fdApi, fdListener);
    const { subscription_id } = A;
    const since = fdListener.received().length;
    expect((await fdApi.call('changeWebhookSubscriptionEventStatus', { path: A, body: { status: 'inactive' } })).status).toBe(200);
    const { status } = await fdApi.call('testWebhookSubscriptionBasedOnEventId', { path: A });
    expect([200, 400], 'the test of an inactive event: a documented answer').toContain(status);
    expect((await fdApi.call('testWebhookSubscription', { path: { subscription_id } })).status).toBe(200);
    const whileInactive = await deliveriesSince(fdListener, fd, since, 1);
    expect(atUrls(whileInactive, urls), 'while A is inactive: only B, at its override').toEqual({ hook: 0, override: 1, before: 0 });
    const again = fdListener.received().length;
    expect((await fdApi.call('changeWebhookSubscriptionEventStatus', { path: A, body: { status: 'active' } })).status).toBe(200);
    expect((await fdApi.call('testWebhookSubscriptionBasedOnEventId', { path: A })).status).toBe(200);
    const afterwards = await deliveriesSince(fdListener, fd, again, 1);
    expect(atUrls(afterwards, urls), 'A active again: one delivery').toEqual({ hook: 1, override: 0, before: 0 });
  },
);

// The subscription's status is its events' together (seed 002, States and transitions; FD-ST-242): an event made
// active alone receives deliveries only if its subscription then reads active.
test(
  'no event of an inactive subscription receives a test delivery, one made active alone included while the subscription reads inactive; active again, every event receives one',
  rules('FD-WEBHOOK-INACTIVE-NO-TEST@wh-via-subscription'),
  async ({ fdApi, fd, fdListener }) => {
    const { sub, A, B, urls } = await hookedSubscription(fdApi, fdListener);
    const since = fdListener.received().length;
    expect((await fdApi.call('changeWebhookSubscriptionStatus', { path: sub, body: { status: 'inactive' } })).status).toBe(200);
    const tests = [
      { op: 'testWebhookSubscription' as const, path: sub },
      { op: 'testWebhookSubscriptionBasedOnEventId' as const, path: A },
      { op: 'testWebhookSubscriptionBasedOnEventId' as const, path: B },
    ];
    for (const call of tests) {
      const { status } = await fdApi.call(call.op, { path: call.path });
      expect([200, 400], `${call.op} on an inactive subscription: a documented answer`).toContain(status);
    }
    expect((await fdApi.call('changeWebhookSubscriptionEventStatus', { path: A, body: { status: 'active' } })).status).toBe(200);
    const read = await fdApi.call('getWebhookSubscriptionById', { path: sub });
    expect(read.status, read.text.slice(0, 200)).toBe(200);
    const subscriptionActive = read.body.status === 'active';
    for (const call of tests.slice(0, 2)) expect([200, 400]).toContain((await fdApi.call(call.op, { path: call.path })).status);
    const alone = await deliveriesSince(fdListener, fd, since, subscriptionActive ? 1 : 0);
    expect(
      { hook: at(alone, urls.hook) > 0, override: at(alone, urls.override) },
      `event A made active alone, the subscription reading ${String(read.body.status)}: A receives test deliveries only with an active subscription, B none`,
    ).toEqual({ hook: subscriptionActive, override: 0 });
    const before = fdListener.received().length;
    expect((await fdApi.call('changeWebhookSubscriptionStatus', { path: sub, body: { status: 'active' } })).status).toBe(200);
    expect((await fdApi.call('testWebhookSubscription', { path: sub })).status).toBe(200);
    // Everything since the subscription went active again: one per event.
    const got = await deliveriesSince(fdListener, fd, before, 2);
    expect(atUrls(got, urls), 'nothing while inactive, one per event once active').toEqual({ hook: 1, override: 1, before: 0 });
  },
);

test(
  'each test delivery goes to the URL registered now, once: the new subscription URL, the new override, none to a URL replaced nor for a deleted event; reads and changes deliver nothing',
  rules(
    ...['FD-WEBHOOK-DELIVERY-CURRENT', 'FD-DELIVERY-URL', 'FD-DELIVERY-MEDIA-TYPE'].flatMap((r) =>
      cite(r, ['wh-sub-test', 'wh-event-test']),
    ),
  ),
  async ({ fdApi, fd, fdListener }) => {
    const [a, b] = await offeredNames(fdApi);
    const url = (name: string) => fdListener.url(tellingListenerPath(name));
    const urls = { hook: url('hook-old'), override: url('override-old'), hook2: url('hook-new'), override2: url('override-new') };
    const made = await createSub(fdApi, { url: urls.hook, events: [{ name: a }, { name: b, url: urls.override }] });
    const sub = { subscription_id: made.subscriptionId };
    const activate = async () =>
      expect((await fdApi.call('changeWebhookSubscriptionStatus', { path: sub, body: { status: 'active' } })).status).toBe(200);
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
    const updatedEvents = updated.body.events as { name: string; webhookEventId: string }[];
    const eventOf = (name: string) => ({ ...sub, webhook_event_id: updatedEvents.find((e) => e.name === name)!.webhookEventId });
    const B = eventOf(b);
    const answered = (await fdApi.call('updateWebhookSubscriptionEvent', { path: B, body: { name: b, url: urls.override2 } })).status;
    expect(answered, 'event B moves to a new override').toBe(200);
    await activate();
    expect(await deliveriesSince(fdListener, fd, start, 0), 'reads, updates and status changes deliver nothing').toEqual([]);

    // The subscription test: event A at the new subscription URL, event B at its new override, once each.
    let since = fdListener.received().length;
    expect((await fdApi.call('testWebhookSubscription', { path: sub })).status, 'the subscription test').toBe(200);
    let got = await deliveriesSince(fdListener, fd, since, 2);
    const once = { hook: 0, override: 0, hook2: 1, override2: 1 };
    expect(atUrls(got, urls), 'after the updates: the URLs registered now, once each; none to the URLs replaced').toEqual(once);
    expectDeliveries(got, [
      { url: urls.hook2, count: 1, what: 'event A at the new subscription URL' },
      { url: urls.override2, count: 1, what: 'event B at its new override' },
    ]);

    // Event A deleted: the subscription test delivers event B alone; B's own test goes to its new override.
    const A = eventOf(a);
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
