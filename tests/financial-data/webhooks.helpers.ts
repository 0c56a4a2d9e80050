// Shared steps of the webhooks specs (tests/financial-data/webhooks.*.spec.ts; seed 002, Webhook
// subscriptions): bodies built from the names the target offers, the two readers of a
// subscription, a token of the spare partner, and counting the deliveries one test received.
import { expect, notePartial, receivedPathOf, type FdListener, type OperationClient } from '../../fixtures/financial-data.js';
import { awaitTarget } from '../../helpers/client/guest/time-budget.js';

/** What these steps need of the target (the `fd` fixture). */
type FdTarget = { control?: unknown; appKey: string; sparePartner?: { partnerId: string; partnerSecret: string } };

export type EventSpec = { name: string; url?: string; condition?: { subscribeFor: string; includes?: string[]; excludes?: string[] } };
export type Sub = {
  subscriptionId: string;
  url?: string;
  status: string;
  events: (EventSpec & { webhookEventId: string; status: string })[];
};

/**
 * A URL of no listener (the CRUD checks deliver nothing): the mock's public listener host. Written
 * as a normalisation would change it (case, an encoded slash, leading zeros, a query string), so
 * that every reader's echo of it is compared byte for byte.
 */
export const quietUrl = (suffix: string) => `https://listener.example.test/Quiet/${suffix}/Ab%2F07?Ref=oRdEr%2F007&n=0042`;

/** An event the target offers (provider 1.35.0 AvailableEvent). */
export interface OfferedEvent {
  name: string;
  conditionalSubscription?: { applicable?: boolean; fields?: string; mandatory?: boolean };
}

/** The events the target offers (listAvailableWebhookSubscriptionEvents); at least two. */
export async function offeredEvents(fdApi: OperationClient): Promise<OfferedEvent[]> {
  const res = await fdApi.call('listAvailableWebhookSubscriptionEvents');
  expect(res.status, 'the events a subscription may name').toBe(200);
  const events = res.body.events as OfferedEvent[];
  expect(events.length, 'at least two events are offered').toBeGreaterThanOrEqual(2);
  return events;
}

/**
 * The event names the target offers that a subscription may name without a condition
 * (provider 1.35.0 AvailableEvent conditionalSubscription.mandatory: a mandatory condition is left
 * to the checks that send one); at least two.
 */
export async function offeredNames(fdApi: OperationClient): Promise<string[]> {
  const names = (await offeredEvents(fdApi)).filter((e) => !e.conditionalSubscription?.mandatory).map((e) => e.name);
  expect(names.length, 'at least two events are offered without a mandatory condition').toBeGreaterThanOrEqual(2);
  return names;
}

/** An offered event as a valid request names it: with a condition on its first field where the condition is mandatory. */
export function eventRequest(e: OfferedEvent): EventSpec {
  const field = e.conditionalSubscription?.fields?.split(',')[0]?.trim();
  return e.conditionalSubscription?.mandatory && field ? { name: e.name, condition: { subscribeFor: field } } : { name: e.name };
}

export async function createSub(
  fdApi: OperationClient,
  body: { url?: string; events: EventSpec[] },
  auth?: () => Record<string, string>,
): Promise<Sub> {
  const res = await fdApi.call('createWebhookSubscription', { body, auth });
  expect(res.status, 'seed 002: creation answers 201').toBe(201);
  return res.body as Sub;
}

/** Every subscription of the caller, page after page of 100 (a page past the last may be a 404). */
export async function listAll(fdApi: OperationClient, auth?: () => Record<string, string>): Promise<Sub[]> {
  return (await listWhole(fdApi, auth)).all;
}

/** The whole list as listAll reads it, with the totals its pages answered (one per page read, none when the first is a 404). */
async function listWhole(fdApi: OperationClient, auth?: () => Record<string, string>): Promise<{ all: Sub[]; totals: number[] }> {
  const all: Sub[] = [];
  const totals: number[] = [];
  for (let offset = 1; offset < 50; offset++) {
    const res = await fdApi.call('listWebhookSubscriptions', { query: { offset, limit: 100 }, auth });
    if (res.status === 404) break;
    expect(res.status, `list page ${offset}`).toBe(200);
    all.push(...res.body.subscriptions);
    totals.push(res.body.total);
    if (res.body.subscriptions.length < 100) break;
  }
  return { all, totals };
}

/**
 * The subscription through both readers: by id (undefined on a 404) and in the list (undefined when
 * absent); with the list's `total` and the subscriptions it `held`, when it was read in one page
 * (one answer: no other worker's write can come between the two on a sandbox).
 */
export async function readers(
  fdApi: OperationClient,
  id: string,
): Promise<{ byId?: Sub; listed?: Sub; onePage?: { total: number; held: number } }> {
  const res = await fdApi.call('getWebhookSubscriptionById', { path: { subscription_id: id } });
  expect([200, 404], 'read by id').toContain(res.status);
  const { all, totals } = await listWhole(fdApi);
  return {
    byId: res.status === 200 ? res.body : undefined,
    listed: all.find((s) => s.subscriptionId === id),
    ...(totals.length === 1 ? { onePage: { total: totals[0], held: all.length } } : {}),
  };
}

/**
 * The list's total after a write, against the subscriptions its one page held (provider 1.35.0
 * Subscriptions.total, TotalResults: "the total number of items in the collection"): a created one
 * counted, a deleted one not. A list of more pages (or none) is not compared, and the report says so.
 */
export function expectListTotal(onePage: { total: number; held: number } | undefined, after: string): void {
  if (!onePage) return notePartial(`the list after ${after} took more than one page (or none): its total not compared`);
  expect(onePage.total, `the list's total after ${after}: the subscriptions it holds`).toBe(onePage.held);
}

/** What a reader shows of the events, comparable with what was sent (order not stated: sorted). */
export const eventsOf = (events: EventSpec[]) =>
  events
    .map(({ name, url, condition }) => ({ name, ...(url ? { url } : {}), ...(condition ? { condition } : {}) }))
    .sort((a, b) => `${a.name} ${a.url ?? ''}`.localeCompare(`${b.name} ${b.url ?? ''}`));

/** The event of a subscription that carries this name. */
export const eventNamed = (sub: Sub, name: string) => {
  const found = sub.events.find((e) => e.name === name);
  expect(found, `the subscription holds the event ${name}`).toBeDefined();
  return found!;
};

/** The spare partner's authorizer (fixtures/financial-data.ts), re-exported for the webhook specs. */
export { spareAuth } from '../../fixtures/financial-data.js';

/**
 * The deliveries this test received after `since` (an index into fdListener.received()), once
 * `expected` have arrived (waitFor on the first, then up to 5 s); a sandbox gets two more seconds
 * for any extra delivery to show.
 */
export async function deliveriesSince(fdListener: FdListener, fd: FdTarget, since: number, expected: number) {
  if (expected > 0) await fdListener.waitFor((r) => fdListener.received().indexOf(r) >= since);
  const deadline = Date.now() + 5000;
  while (fdListener.received().length - since < expected && Date.now() < deadline) await awaitTarget(20);
  if (!fd.control) await awaitTarget(2000);
  return fdListener.received().slice(since);
}

/** How many of these deliveries went to `url` as registered, byte for byte with its query string. */
export const at = (received: { url: string }[], url: string) => received.filter((r) => r.url === receivedPathOf(url)).length;
