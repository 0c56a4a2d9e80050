// The valid call of every financial data operation on a live webhook subscription of the check's own,
// for the property specs that send every operation (properties.type-forms, properties.media-types).
import { expect, sample, type OperationClient } from '../../fixtures/financial-data.js';

/** An operation's sampled call, with the app key alone where the operation takes no partner token. */
const validCall = <A>(
  op: Parameters<typeof sample>[0],
  fd: Parameters<typeof sample>[1],
  entities: Parameters<typeof sample>[2],
  appKeyOnly: A,
) => ({
  ...sample(op, fd, entities),
  ...(op.security.every((alt) => alt.length > 1) ? {} : { auth: appKeyOnly }),
});

/**
 * The webhook samples name no subscription (a sample cannot make one): the operations under a
 * subscription take a live one of the worker's partner and its first event instead. Returns each
 * operation's valid call, with those ids in its path where it names a subscription.
 */
export async function withLiveSubscription<A>(
  fdApi: OperationClient,
  fd: Parameters<typeof sample>[1],
  entities: Parameters<typeof sample>[2],
  appKeyOnly: A,
) {
  const hook = await fdApi.call('createWebhookSubscription', { ...sample('createWebhookSubscription', fd, entities) });
  expect(hook.status, 'a webhook subscription for the operations under one').toBe(201);
  const live: Record<string, string> = {
    subscription_id: String(hook.body.subscriptionId),
    webhook_event_id: String(hook.body.events[0].webhookEventId),
  };
  return (op: Parameters<typeof sample>[0]) => {
    const call = validCall(op, fd, entities, appKeyOnly);
    const path = call.path as Record<string, string | number | undefined> | undefined;
    return path && 'subscription_id' in path
      ? { ...call, path: { ...path, ...Object.fromEntries(Object.entries(live).filter(([k]) => k in path)) } }
      : call;
  };
}
