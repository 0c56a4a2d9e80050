// Covers: an outbound delivery names the object it is about (FD-PROP-DELIVERY-NAMES; delivery-ids.ts),
// over every test trigger (seed 002, Events), each sent for an object other than the first of its parent
// (reference, Outbound deliveries: the account, the subscription, the event).
import {
  changesLinkedCustomer,
  expect,
  mockOnly,
  receivedPathOf,
  rules,
  tellingListenerPath,
  test,
} from '../../fixtures/financial-data.js';
import {
  DELIVERY_IDS,
  type Delivered,
  deliveryIdProblems,
  EVENT_IDS,
  eventIdProblems,
  eventMembersOf,
} from '../../helpers/client/invariants/delivery-ids.js';
import { sendsTestDeliveries } from '../../helpers/client/invariants/refused-trace.js';
import type { PropertyException } from '../../helpers/client/property-counts.js';
import { FD_CONTRACT } from './security.known.js';
import { createSub, offeredNames } from './webhooks.helpers.js';
import { countRule } from '../shared/property.js';

const TRIGGERS = [...FD_CONTRACT.operations.values()].filter(sendsTestDeliveries);
/** The delivery schemas of each trigger (seed 002, Events), read for their event and sending-date members (FD-PROP-EVENT-IDS). */
const DELIVERY_SCHEMAS: Record<string, string[]> = {
  CreateTxPushTestTransaction: ['TxPushTransactionEvent', 'TxPushAccountEvent'],
  testWebhookSubscription: ['WebhookTestDelivery'],
  testWebhookSubscriptionBasedOnEventId: ['WebhookTestDelivery'],
};

test.beforeEach(({ fdTxPushTurn }) => fdTxPushTurn);

test(
  'every delivery a test trigger makes names the object it was sent for, never the first of its parent @assumption @mock-only',
  mockOnly(
    changesLinkedCustomer(rules('FD-PROP-DELIVERY-NAMES', 'FD-PROP-EVENT-IDS')),
    "reads the deliveries as the mock makes them, before it answers: on a sandbox they arrive later, at a public listener URL, and the TxPush events of the linked customer's accounts are shared with other checks",
  ),
  async ({ fdApi, fd, linkedCustomer, fdListener }) => {
    const problems: string[] = [];
    const checked: string[] = [];
    const exceptions: PropertyException[] = [];
    const byTrigger = new Map<string, { path: Record<string, string>; url: string; from: number; at: number }>();
    const receivedAt = (url: string) => fdListener.received().filter((c) => c.url === receivedPathOf(url));

    // TxPush: the last account of the customer's list, subscribed at its own URL.
    const listed = await fdApi.call('GetCustomerAccounts', { path: { customerId: linkedCustomer.customerId } });
    expect(listed.status, 'the linked customer’s accounts').toBe(200);
    const accounts = (listed.body.accounts as { id: unknown }[]).map((a) => String(a.id));
    expect(accounts.length, 'two accounts or more, so that the last is not the first').toBeGreaterThanOrEqual(2);
    const account = { customerId: linkedCustomer.customerId, accountId: accounts.at(-1)! };
    const txUrl = fdListener.url(tellingListenerPath('delivery-ids-txpush'));
    const sub = await fdApi.call('SubscribeToTxPushNotifications', { path: account, body: { callbackUrl: txUrl } });
    expect(sub.status, 'the subscription of the last account').toBe(201);
    const txBody = { amount: -3.21, description: 'Delivery names check', transactionDate: Math.floor(fd.now() / 1000) - 60 };
    const txAt = fd.now();
    const tx = await fdApi.call('CreateTxPushTestTransaction', { path: account, body: txBody });
    expect(tx.status, 'the test transaction on the last account').toBe(201);
    byTrigger.set('CreateTxPushTestTransaction', { path: account, url: txUrl, from: 0, at: txAt });

    // Webhooks: two subscriptions of two events each; the tests sent for the second, and its second event.
    const names = await offeredNames(fdApi);
    expect(names.length, 'two events offered without a mandatory condition').toBeGreaterThanOrEqual(2);
    const hookUrls = [1, 2].map((n) => fdListener.url(tellingListenerPath(`delivery-ids-hook${n}`)));
    const subs = [];
    for (const url of hookUrls) subs.push(await createSub(fdApi, { url, events: names.slice(0, 2).map((name) => ({ name })) }));
    const second = subs[1];
    const subPath = { subscription_id: second.subscriptionId };
    const subUrl = hookUrls[1];
    const before = receivedAt(subUrl).length;
    const subAt = fd.now();
    expect((await fdApi.call('testWebhookSubscription', { path: subPath })).status, 'the subscription test').toBe(200);
    byTrigger.set('testWebhookSubscription', { path: subPath, url: subUrl, from: before, at: subAt });
    const eventPath = { ...subPath, webhook_event_id: second.events[1].webhookEventId };
    const afterSub = receivedAt(subUrl).length;
    const eventAt = fd.now();
    expect((await fdApi.call('testWebhookSubscriptionBasedOnEventId', { path: eventPath })).status, 'the event test').toBe(200);
    byTrigger.set('testWebhookSubscriptionBasedOnEventId', { path: eventPath, url: subUrl, from: afterSub, at: eventAt });

    // FD-PROP-EVENT-IDS: every delivery of every trigger is one event (a test delivery is its own event, each trigger's
    // deliveries are about different changes: a transaction posted and the balance it moved; two events of a subscription).
    const events: { schema: string; delivered: Delivered }[] = [];
    const eventChecked: string[] = [];
    const eventExceptions: PropertyException[] = [];
    for (const o of TRIGGERS) {
      const sent = byTrigger.get(o.operationId);
      if (!sent) {
        exceptions.push({ operationId: o.operationId, reason: 'a test trigger this check does not know how to send' });
        eventExceptions.push({ operationId: o.operationId, reason: 'a test trigger this check does not know how to send' });
        continue;
      }
      const until = o.operationId === 'testWebhookSubscription' ? afterSub : undefined;
      const deliveries = receivedAt(sent.url).slice(sent.from, until);
      if (!deliveries.length) problems.push(`${o.operationId}: no delivery reached ${sent.url}`);
      for (const d of deliveries) problems.push(...deliveryIdProblems(o, sent.path, d.json));
      checked.push(o.operationId);
      const schemas = (DELIVERY_SCHEMAS[o.operationId] ?? []).map((name) => eventMembersOf(FD_CONTRACT, name));
      if (!schemas.some((m) => m.ids.length || m.dates.length)) {
        eventExceptions.push({
          operationId: o.operationId,
          reason: schemas.length
            ? `its delivery schemas (${schemas.map((m) => m.schema).join(', ')}) name no event id and date no sending`
            : 'a trigger whose delivery schema this check does not know',
        });
        continue;
      }
      eventChecked.push(o.operationId);
      deliveries.forEach((d, i) => {
        const body = d.json as Record<string, unknown> | undefined;
        const about = `${o.operationId} delivery ${i + 1} (${String(body?.name ?? body?.class ?? '')})`;
        for (const m of schemas) events.push({ schema: m.schema, delivered: { about, json: d.json, sentAfter: sent.at } });
      });
    }
    const deliveredOf = (schema: string) => events.filter((e) => e.schema === schema).map((e) => e.delivered);
    const eventFindings = [...new Set(events.map((e) => e.schema))].flatMap((s) =>
      eventIdProblems(eventMembersOf(FD_CONTRACT, s), deliveredOf(s)),
    );
    await fdApi.call('DisableTxPushNotifications', { path: account });
    for (const s of subs) await fdApi.call('deleteWebhookSubscription', { path: { subscription_id: s.subscriptionId } });
    const applies = TRIGGERS.map((o) => o.operationId);
    countRule(DELIVERY_IDS, 'FD-PROP-DELIVERY-NAMES', { applies, checked, exceptions });
    countRule(EVENT_IDS, 'FD-PROP-EVENT-IDS', { applies, checked: eventChecked, exceptions: eventExceptions });
    expect(problems, 'FD-PROP-DELIVERY-NAMES: a delivery naming another object').toEqual([]);
    expect(eventFindings, 'FD-PROP-EVENT-IDS: one event id for two events, or a sending dated before its trigger').toEqual([]);
  },
);
