// Covers: all twelve webhook subscription operations - seed 002, Webhook subscriptions ("every
// operation takes a request-id header"; provider 1.35.0 RequestIdHeader: X-External-Request-Id,
// optional), their error body (reference, Error bodies: {"Errors": {"Error": [...]}}, provider
// 1.35.0 ErrorWrapper), and the event names a subscription may name
// (listAvailableWebhookSubscriptionEvents; seed 002 Events: names not shown).
import {
  expect,
  expectFdError,
  fdAuthHeaders,
  rules,
  test,
  type OperationClient,
  type CallOptions,
  type FdOperationId,
} from '../../fixtures/financial-data.js';
import { createSub, eventRequest, offeredEvents, offeredNames, quietUrl } from './webhooks.helpers.js';
import { BOTH, cite } from './cite.js';
import { underRuleAsync } from '../../helpers/client/annotations.js';
import { sampleSubscriptionBody } from '../../fixtures/examples/fd-samples/webhooks.js';

const REQUEST_ID = 'X-External-Request-Id';

/** Every operation once, in an order that leaves each id valid when used; each with its documented success. */
async function everyOperation(fdApi: OperationClient, headers: Record<string, string>) {
  const [a, b] = await offeredNames(fdApi);
  const answered: Record<string, number> = {};
  const call = async (op: FdOperationId, options: CallOptions = {}) => {
    const res = await fdApi.callBuilt(op, { headers, ...options });
    answered[op] = res.status;
    return res;
  };
  await call('listAvailableWebhookSubscriptionEvents');
  const made = (await call('createWebhookSubscription', { body: { url: quietUrl('request-id'), events: [{ name: a }, { name: b }] } }))
    .body;
  const sub = { subscription_id: made.subscriptionId };
  const event = { ...sub, webhook_event_id: made.events[0].webhookEventId };
  await call('listWebhookSubscriptions', { query: { offset: 1, limit: 10 } });
  await call('getWebhookSubscriptionById', { path: sub });
  await call('changeWebhookSubscriptionStatus', { path: sub, body: { status: 'active' } });
  await call('changeWebhookSubscriptionEventStatus', { path: event, body: { status: 'active' } });
  await call('updateWebhookSubscriptionEvent', { path: event, body: { name: made.events[0].name } });
  await call('testWebhookSubscription', { path: sub });
  await call('testWebhookSubscriptionBasedOnEventId', { path: event });
  // With its URL: whether an update without one keeps it no document says (provider 1.35.0 Subscription: url optional).
  await call('updateWebhookSubscription', { path: sub, body: { url: quietUrl('request-id'), events: [{ name: a }, { name: b }] } });
  const current = (await fdApi.call('getWebhookSubscriptionById', { path: sub })).body;
  await call('deleteWebhookSubscriptionEvent', { path: { ...sub, webhook_event_id: current.events[0].webhookEventId } });
  await call('deleteWebhookSubscription', { path: sub });
  return answered;
}

const SUCCESS = {
  listAvailableWebhookSubscriptionEvents: 200,
  createWebhookSubscription: 201,
  listWebhookSubscriptions: 200,
  getWebhookSubscriptionById: 200,
  changeWebhookSubscriptionStatus: 200,
  changeWebhookSubscriptionEventStatus: 200,
  updateWebhookSubscriptionEvent: 200,
  testWebhookSubscription: 200,
  testWebhookSubscriptionBasedOnEventId: 200,
  updateWebhookSubscription: 200,
  deleteWebhookSubscriptionEvent: 204,
  deleteWebhookSubscription: 204,
};

for (const [what, headers] of [
  [`with ${REQUEST_ID}`, { [REQUEST_ID]: 'c7d1e0a2-5b8f-4e3a-9c6d-2f4b1a0e8d73' }],
  [`without ${REQUEST_ID}`, {}],
] as const) {
  test(`every webhook operation is served ${what} @provider`, rules('FD-WEBHOOK-REQUEST-ID'), async ({ fdApi }) => {
    expect(await everyOperation(fdApi, headers), `each operation's documented success, ${what}`).toEqual(SUCCESS);
  });
}

test(
  'the 401 of every operation, and its 400 and 404, carry the {"Errors": {"Error": [...]}} body with the ReasonCode of the case @provider',
  rules('FD-WEBHOOK-ERROR-SHAPE'),
  async ({ fdApi, fd, fdContract, appKeyOnly }) => {
    const [a] = await offeredNames(fdApi);
    const made = await createSub(fdApi, { url: quietUrl('errors'), events: [{ name: a }] });
    const sub = { subscription_id: made.subscriptionId };
    const event = { ...sub, webhook_event_id: made.events[0].webhookEventId };
    const gone = { subscription_id: '00000000-0000-4000-8000-0000000000c4' };
    const goneEvent = { ...gone, webhook_event_id: '00000000-0000-4000-8000-0000000000c5' };
    const badBody = { events: [{ url: quietUrl('errors/no-name') }] };
    // [operation, a valid call, a call the contract refuses (400) or undefined, a call naming nothing (404) or undefined]
    const table: [FdOperationId, CallOptions, CallOptions | undefined, CallOptions | undefined][] = [
      ['createWebhookSubscription', { body: { events: [{ name: a }] } }, { body: badBody }, undefined],
      ['listWebhookSubscriptions', {}, { query: { limit: 0 } }, { query: { offset: 100000 } }],
      ['getWebhookSubscriptionById', { path: sub }, undefined, { path: gone }],
      [
        'updateWebhookSubscription',
        { path: sub, body: { events: [{ name: a }] } },
        { path: sub, body: badBody },
        { path: gone, body: { events: [{ name: a }] } },
      ],
      ['deleteWebhookSubscription', { path: sub }, undefined, { path: gone }],
      [
        'updateWebhookSubscriptionEvent',
        { path: event, body: { name: a } },
        { path: event, body: { url: quietUrl('x') } },
        { path: goneEvent, body: { name: a } },
      ],
      ['deleteWebhookSubscriptionEvent', { path: event }, undefined, { path: goneEvent }],
      [
        'changeWebhookSubscriptionEventStatus',
        { path: event, body: { status: 'active' } },
        { path: event, body: {} },
        { path: goneEvent, body: { status: 'active' } },
      ],
      [
        'changeWebhookSubscriptionStatus',
        { path: sub, body: { status: 'active' } },
        { path: sub, body: { status: 'paused' } },
        { path: gone, body: { status: 'active' } },
      ],
      ['listAvailableWebhookSubscriptionEvents', {}, undefined, undefined],
      ['testWebhookSubscription', { path: sub }, undefined, { path: gone }],
      ['testWebhookSubscriptionBasedOnEventId', { path: event }, undefined, { path: goneEvent }],
    ];
    const shape = fdContract.component('WebhookErrors');
    // provider 1.35.0 examples of the Event Subscription Service: ReasonCode 1501 not found
    // (ObmwsResourceNotFoundExample), 1502 bad request (BadRequestErrorResponseExample), 1503 expired
    // token and 1504 missing parameter (ObwmsExpiredTokenExample, MissingAppKeyExample: the two 401s).
    const check = (res: { body: any }, label: string, codes: string[]) => {
      expect(shape(res.body), `${label}: ${JSON.stringify(shape.errors?.[0] ?? {})}`).toBe(true);
      expect(res.body.Errors.Error.length, `${label}: at least one error`).toBeGreaterThanOrEqual(1);
      const reasons = res.body.Errors.Error.map((e: { ReasonCode?: unknown }) => String(e.ReasonCode));
      const wrong = reasons.filter((r: string) => !codes.includes(r));
      expect(wrong, `${label}: ReasonCode the provider's code of the case (${codes.join(' or ')})`).toEqual([]);
    };
    for (const [op, valid, refused, unknown] of table) {
      const noToken = await fdApi.callBuilt(op, { ...valid, auth: appKeyOnly });
      expectFdError(noToken, 401, 'no token');
      check(noToken, `${op} 401`, ['1504', '1503']);
      const badToken = await fdApi.callBuilt(op, { ...valid, auth: () => fdAuthHeaders(fd.appKey, 'fdtk_not-a-token-the-target-issued') });
      expectFdError(badToken, 401, 'a token the target never issued');
      check(badToken, `${op} 401 (token never issued)`, ['1503', '1504']);
      if (refused) {
        const res = await fdApi.callBuilt(op, refused);
        expectFdError(res, 400, 'refused request');
        check(res, `${op} 400`, ['1502']);
      }
      // An event call names nothing two ways: under an unknown subscription, and an event its known subscription does not hold.
      const naming =
        unknown?.path && 'webhook_event_id' in unknown.path
          ? [unknown, { ...unknown, path: { ...event, webhook_event_id: goneEvent.webhook_event_id } }]
          : unknown
            ? [unknown]
            : [];
      for (const call of naming) {
        const res = await fdApi.callBuilt(op, call);
        const label = call === unknown ? `${op} 404` : `${op} 404 (an event the subscription does not hold)`;
        expectFdError(res, 404, label);
        check(res, label, ['1501']);
      }
    }
  },
);

test(
  'every name listAvailableWebhookSubscriptionEvents returns is accepted on creation, subscription update and event update; another name is a 400 on each',
  rules(...cite('FD-WEBHOOK-EVENT-NAMES', ['wh-create', 'wh-update', 'wh-event-update'], BOTH)),
  async ({ fdApi }) => {
    // provider 1.35.0 AvailableEvent conditionalSubscription.mandatory: an event whose condition is
    // mandatory is named with one (eventRequest).
    const offered = await offeredEvents(fdApi);
    const names = offered.map((e) => e.name);
    const events = offered.map(eventRequest);
    // The 201 answers each event sent and no other: the answer judge's echo (fixtures/financial-data/judge.ts).
    const made = await createSub(fdApi, { url: quietUrl('names'), events });
    const sub = { subscription_id: made.subscriptionId };
    const everyName = { url: quietUrl('names'), events: [...events].reverse() };
    expect((await fdApi.call('updateWebhookSubscription', { path: sub, body: everyName })).status, 'update: every offered name').toBe(200);
    const eventId = (await fdApi.call('getWebhookSubscriptionById', { path: sub })).body.events[0].webhookEventId;
    const event = { ...sub, webhook_event_id: eventId };
    for (const body of events)
      expect((await fdApi.call('updateWebhookSubscriptionEvent', { path: event, body })).status, `event update to ${body.name}`).toBe(200);
    const unknown = `${names[0]}.not-offered`;
    const badCreate = { url: quietUrl('names/bad'), events: [events[0], { name: unknown }] };
    expectFdError(await fdApi.call('createWebhookSubscription', { body: badCreate }), 400, 'creation naming an unknown event');
    const badUpdate = { url: quietUrl('names'), events: [{ name: unknown }] };
    expectFdError(await fdApi.call('updateWebhookSubscription', { path: sub, body: badUpdate }), 400, 'update naming an unknown event');
    const refusal = await fdApi.call('updateWebhookSubscriptionEvent', { path: event, body: { name: unknown } });
    expectFdError(refusal, 400, 'event update to an unknown name');
    // The other way round: a name a subscription is accepted with is one the list returns (provider 1.35.0
    // listAvailableWebhookSubscriptionEvents: the events the system supports are listed for partners to
    // subscribe to). The names the provider's examples show (seed 002 shows none) are probes, never
    // expectations: each sent alone in a valid subscription, a target may refuse it (it offers other names),
    // but one it accepts must be listed.
    const exampleNames = [...new Set(sampleSubscriptionBody().events.map((e) => e.name))];
    for (const name of exampleNames) {
      const probe = await fdApi.call('createWebhookSubscription', { body: { url: quietUrl('names/example'), events: [{ name }] } });
      if (probe.status !== 201) continue;
      expect(
        names,
        `received: a subscription naming ${name} is accepted (201) while listAvailableWebhookSubscriptionEvents lists [${names.join(', ')}]; documented: the list returns every event a subscription can name`,
      ).toContain(name);
    }
  },
);

test(
  'an event the list marks with a mandatory condition is refused without one (400, reason code 1502) on creation, subscription update and event update, and taken with one @provider',
  rules(...cite('FD-WEBHOOK-MANDATORY-CONDITION', ['wh-create', 'wh-update', 'wh-event-update'], BOTH)),
  async ({ fdApi }) => {
    // provider 1.35.0 AvailableEvent conditionalSubscription.mandatory: the event's condition fields are mandatory.
    const offered = await offeredEvents(fdApi);
    const strict = offered.find((e) => e.conditionalSubscription?.mandatory);
    test.skip(!strict, 'the target offers no event whose condition is mandatory (listAvailableWebhookSubscriptionEvents)');
    const [free] = await offeredNames(fdApi);
    const bare = { name: strict!.name };
    // The provider's bad request (ObwmsBadRequestErrorResponse): the webhook error body, reason code 1502. This
    // rule alone states the case, so the call's own judgement at the choke point (its ReasonCode) is filed under it too.
    const refused = (call: () => Promise<Parameters<typeof expectFdError>[0]>, what: string, operationId: string) =>
      underRuleAsync(
        test.info(),
        'FD-WEBHOOK-MANDATORY-CONDITION',
        async () => {
          const res = await call();
          expectFdError(res, 400, what);
          const reasons = (res.body?.Errors?.Error ?? []).map((e: { ReasonCode?: unknown }) => String(e.ReasonCode));
          expect(reasons, `${what}: received reason codes against the documented bad-request code`).toEqual(['1502']);
        },
        operationId,
      );
    await refused(
      () => fdApi.call('createWebhookSubscription', { body: { url: quietUrl('mandatory/bad'), events: [{ name: free }, bare] } }),
      'creation naming it without a condition',
      'createWebhookSubscription',
    );
    const made = await createSub(fdApi, { url: quietUrl('mandatory'), events: [{ name: free }, eventRequest(strict!)] });
    const sub = { subscription_id: made.subscriptionId };
    await refused(
      () => fdApi.call('updateWebhookSubscription', { path: sub, body: { url: quietUrl('mandatory'), events: [bare] } }),
      'update naming it without a condition',
      'updateWebhookSubscription',
    );
    const read = await fdApi.call('getWebhookSubscriptionById', { path: sub });
    const listed = (read.body.events as { name: string; condition?: unknown }[]).map((e) => [e.name, e.condition !== undefined]).sort();
    expect(listed, 'the refused update stored nothing').toEqual(made.events.map((e) => [e.name, e.condition !== undefined]).sort());
    const event = { ...sub, webhook_event_id: read.body.events.find((e: { name: string }) => e.name === free).webhookEventId };
    await refused(
      () => fdApi.call('updateWebhookSubscriptionEvent', { path: event, body: bare }),
      'event update to it without a condition',
      'updateWebhookSubscriptionEvent',
    );
    const statusNow = (await fdApi.call('updateWebhookSubscriptionEvent', { path: event, body: eventRequest(strict!) })).status;
    expect(statusNow, 'event update to it with a condition').toBe(200);
    const withCondition = { url: quietUrl('mandatory'), events: [eventRequest(strict!), { name: free }] };
    const updated = await fdApi.call('updateWebhookSubscription', { path: sub, body: withCondition });
    expect(updated.status, 'update naming it with a condition').toBe(200);
  },
);
