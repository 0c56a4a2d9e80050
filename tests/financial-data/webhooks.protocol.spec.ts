// Covers: all twelve webhook subscription operations - seed 002, Webhook subscriptions ("every
// operation takes a request-id header"; provider 1.35.0 RequestIdHeader: X-External-Request-Id,
// optional), their error body (reference, Error bodies: {"Errors": {"Error": [...]}}, provider
// 1.35.0 ErrorWrapper), and the event names a subscription may name
// (listAvailableWebhookSubscriptionEvents; seed 002 Events: names not shown).
import {
  expect,
  expectFdError,
  rules,
  test,
  type OperationClient,
  type CallOptions,
  type FdOperationId,
} from '../../fixtures/financial-data.js';
import { createSub, eventRequest, offeredEvents, offeredNames, quietUrl } from './webhooks.helpers.js';

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
  'every name listAvailableWebhookSubscriptionEvents returns is accepted on creation, subscription update and event update; another name is a 400 on each',
  rules(
    'FD-WEBHOOK-EVENT-NAMES:accept@wh-create',
    'FD-WEBHOOK-EVENT-NAMES:accept@wh-update',
    'FD-WEBHOOK-EVENT-NAMES:accept@wh-event-update',
    'FD-WEBHOOK-EVENT-NAMES:refuse@wh-create',
    'FD-WEBHOOK-EVENT-NAMES:refuse@wh-update',
    'FD-WEBHOOK-EVENT-NAMES:refuse@wh-event-update',
  ),
  async ({ fdApi }) => {
    // provider 1.35.0 AvailableEvent conditionalSubscription.mandatory: an event whose condition is
    // mandatory is named with one (eventRequest).
    const offered = await offeredEvents(fdApi);
    const names = offered.map((e) => e.name);
    const events = offered.map(eventRequest);
    const made = await createSub(fdApi, { url: quietUrl('names'), events });
    expect(made.events.map((e) => e.name).sort(), 'creation: every offered name').toEqual([...names].sort());
    const sub = { subscription_id: made.subscriptionId };
    expect(
      (await fdApi.call('updateWebhookSubscription', { path: sub, body: { url: quietUrl('names'), events: [...events].reverse() } }))
        .status,
      'update: every offered name',
    ).toBe(200);
    const event = {
      ...sub,
      webhook_event_id: (await fdApi.call('getWebhookSubscriptionById', { path: sub })).body.events[0].webhookEventId,
    };
    for (const body of events)
      expect((await fdApi.call('updateWebhookSubscriptionEvent', { path: event, body })).status, `event update to ${body.name}`).toBe(200);
    const unknown = `${names[0]}.not-offered`;
    expectFdError(
      await fdApi.call('createWebhookSubscription', {
        body: { url: quietUrl('names/bad'), events: [events[0], { name: unknown }] },
      }),
      400,
      'creation naming an unknown event',
    );
    expectFdError(
      await fdApi.call('updateWebhookSubscription', { path: sub, body: { url: quietUrl('names'), events: [{ name: unknown }] } }),
      400,
      'update naming an unknown event',
    );
    expectFdError(
      await fdApi.call('updateWebhookSubscriptionEvent', { path: event, body: { name: unknown } }),
      400,
      'event update to an unknown name',
    );
  },
);

test(
  'an event the list marks with a mandatory condition is refused without one (400, reason code 1502) on creation, subscription update and event update, and taken with one @provider',
  rules(
    'FD-WEBHOOK-MANDATORY-CONDITION:accept@wh-create',
    'FD-WEBHOOK-MANDATORY-CONDITION:accept@wh-update',
    'FD-WEBHOOK-MANDATORY-CONDITION:accept@wh-event-update',
    'FD-WEBHOOK-MANDATORY-CONDITION:refuse@wh-create',
    'FD-WEBHOOK-MANDATORY-CONDITION:refuse@wh-update',
    'FD-WEBHOOK-MANDATORY-CONDITION:refuse@wh-event-update',
  ),
  async ({ fdApi }) => {
    // provider 1.35.0 AvailableEvent conditionalSubscription.mandatory: the event's condition fields are mandatory.
    const offered = await offeredEvents(fdApi);
    const strict = offered.find((e) => e.conditionalSubscription?.mandatory);
    test.skip(!strict, 'the target offers no event whose condition is mandatory (listAvailableWebhookSubscriptionEvents)');
    const [free] = await offeredNames(fdApi);
    const bare = { name: strict!.name };
    // The provider's bad request (ObwmsBadRequestErrorResponse): the webhook error body, reason code 1502.
    const refused = (res: Parameters<typeof expectFdError>[0], what: string) => {
      expectFdError(res, 400, what);
      const reasons = (res.body?.Errors?.Error ?? []).map((e: { ReasonCode?: unknown }) => String(e.ReasonCode));
      expect(reasons, `${what}: the provider's bad-request code`).toEqual(['1502']);
    };
    refused(
      await fdApi.call('createWebhookSubscription', { body: { url: quietUrl('mandatory/bad'), events: [{ name: free }, bare] } }),
      'creation naming it without a condition',
    );
    const made = await createSub(fdApi, { url: quietUrl('mandatory'), events: [{ name: free }, eventRequest(strict!)] });
    expect(made.events.map((e) => e.name).sort(), 'creation naming it with a condition').toEqual([free, strict!.name].sort());
    const sub = { subscription_id: made.subscriptionId };
    refused(
      await fdApi.call('updateWebhookSubscription', { path: sub, body: { url: quietUrl('mandatory'), events: [bare] } }),
      'update naming it without a condition',
    );
    const read = await fdApi.call('getWebhookSubscriptionById', { path: sub });
    expect(
      (read.body.events as { name: string; condition?: unknown }[]).map((e) => [e.name, e.condition !== undefined]).sort(),
      'the refused update stored nothing',
    ).toEqual(made.events.map((e) => [e.name, e.condition !== undefined]).sort());
    const event = { ...sub, webhook_event_id: read.body.events.find((e: { name: string }) => e.name === free).webhookEventId };
    refused(await fdApi.call('updateWebhookSubscriptionEvent', { path: event, body: bare }), 'event update to it without a condition');
    expect(
      (await fdApi.call('updateWebhookSubscriptionEvent', { path: event, body: eventRequest(strict!) })).status,
      'event update to it with a condition',
    ).toBe(200);
    expect(
      (
        await fdApi.call('updateWebhookSubscription', {
          path: sub,
          body: { url: quietUrl('mandatory'), events: [eventRequest(strict!), { name: free }] },
        })
      ).status,
      'update naming it with a condition',
    ).toBe(200);
  },
);
