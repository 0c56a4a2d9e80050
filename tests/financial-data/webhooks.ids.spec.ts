// Covers: every webhook operation taking a subscription_id or webhook_event_id - seed 002, Webhook
// subscriptions (a 400); provider 1.35.0 SubscriptionIdPathParameter, WebhookEventIdPathParameter ("a unique
// UUID identifier"), ObwmsBadRequestErrorResponse (its example: reason code 1502, a description naming no
// value). The catalogue decides (FD-WEBHOOK-ID-FORMAT): a non-UUID is a 400 with the bad-request reason code,
// a 404 where no 400 is documented; the description's wording is never compared. Operations read from the contract.
import fc from 'fast-check';
import { assertProperty, expectFdError, expectToContain, FD_CONTRACT, rules, sample, test } from '../../fixtures/financial-data.js';
import { malformedUuid } from '../../fixtures/arbitraries/financial-data/ids.js';
import { createSub, offeredNames, quietUrl } from './webhooks.helpers.js';

/** Each (operation, webhook id path parameter) of the contract (its schema WebhookIdParam), with the refusal it documents. */
const CASES = [...FD_CONTRACT.operations.values()].flatMap((op) =>
  op.parameters
    .filter((p) => p.in === 'path' && String(p.schema?.$ref ?? '').endsWith('/WebhookIdParam'))
    .map((p) => ({ operationId: op.operationId, param: p.name, refusal: op.responses['400'] ? 400 : 404 })),
);

/** The members of a webhook error whatever their case (the provider's examples write them in lower case). */
const member = (error: Record<string, unknown>, name: string) =>
  Object.entries(error ?? {}).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];

// One test per operation (a grid over the contract names its operation in the title): the
// property draws which of its ids is malformed and how.
for (const operationId of [...new Set(CASES.map((c) => c.operationId))]) {
  const mine = CASES.filter((c) => c.operationId === operationId);
  const refusal = mine[0].refusal;

  test(
    `${operationId} refuses a ${mine.map((c) => c.param).join(' or ')} that is not a UUID with ${refusal}${refusal === 400 ? ', with the bad-request reason code' : ', documenting no 400'} @assumption @property`,
    rules('FD-WEBHOOK-ID-FORMAT'),
    async ({ fdApi, fd, fdEntities, fdContract }, testInfo) => {
      // A live subscription and event of the caller, so that the malformed id is the one thing wrong.
      const [name] = await offeredNames(fdApi);
      const made = await createSub(fdApi, { url: quietUrl('ids'), events: [{ name }] });
      const live = { subscription_id: made.subscriptionId, webhook_event_id: made.events[0].webhookEventId };
      const op = fdContract.operationOf(operationId);
      const valid = sample(op, fd, fdEntities);
      const pathIds = Object.fromEntries(Object.keys(valid.path ?? {}).map((k) => [k, live[k as keyof typeof live]]));
      await assertProperty(
        fc.asyncProperty(fc.constantFrom(...mine), malformedUuid, async (c, id) => {
          const schema = op.parameters.find((p) => p.name === c.param)!.schema;
          fc.pre(!fdContract.validator(`param:${operationId}:path:${c.param}`, schema)(id));
          const res = await fdApi.callOperation(op, { ...valid, path: { ...pathIds, [c.param]: id } });
          expectFdError(res, c.refusal, `${c.param} ${JSON.stringify(id)}`);
          if (c.refusal !== 400) return;
          const errors = (res.body?.Errors?.Error ?? []) as Record<string, unknown>[];
          const listed = errors.map((e) => String(member(e, 'ReasonCode')));
          // Step-free when it holds (fixtures/assertions/quiet.ts): it runs on every draw.
          expectToContain(listed, '1502', `${operationId}: the provider's bad-request code (1502)`);
        }),
        testInfo,
        // Each of its ids once as a plain word first, whatever the draws (FD-ST-514: a UUID).
        mine.map((c) => ({
          kinds: ['stated form' as const],
          cites: ['FD-ST-514'],
          says: `${c.param} a plain word`,
          input: (): [(typeof CASES)[number], string] => [c, 'not-a-uuid'],
        })),
      );
    },
  );
}
