// Covers: every financial data operation: each request the contract refuses (helpers/client/negative.ts)
// is refused with a documented 4xx and the error body (seed 002, Errors).
import { expect, loadContract, rules, sample, test } from '../../fixtures/financial-data.js';
import { refusalStatuses, runNegativeCases } from '../../fixtures/negative.js';
import { sampleSubscriptionBody } from '../../fixtures/examples/fd-samples/webhooks.js';
import { suiteConfig } from '../../helpers/config/config.js';
import { readValue } from '../../helpers/config/env-schema.js';
import { ownershipOf } from '../../helpers/client/guest/ownership.js';

test.describe('generated refusals', () => {
  test('every operation documents a refusal or is listed as having none', async ({ fdContract }) => {
    const none = [...fdContract.operations.values()].filter((op) => refusalStatuses(op).length === 0).map((op) => op.operationId);
    test.info().annotations.push({ type: 'operations without a documented refusal', description: none.join(', ') || 'none' });
    expect(none.length).toBeLessThan(fdContract.operations.size);
  });
});

// One test per operation documenting a refusal status (get-configurations documents none).
const contract = await loadContract('financial-data');
const OPERATIONS = [...contract.operations.keys()].filter((id) => refusalStatuses(contract.operationOf(id)).length > 0);

for (const operationId of OPERATIONS) {
  test(
    `${operationId} refuses every request the contract refuses with a documented 4xx`,
    rules('FD-NEGATIVE'),
    async ({ fdApi, fd, fdEntities, fdContract, appKeyOnly, createCustomer }) => {
      const op = fdContract.operationOf(operationId);
      const needsToken = op.security.every((alt) => alt.length > 1);
      const valid = { ...sample(op, fd, fdEntities), ...(needsToken ? {} : { auth: appKeyOnly }) };
      // The samples' report and webhook ids name nothing on a sandbox: every case of a body or query
      // would meet that 404 first, in an order no document states. A report: FD_SAMPLE_REPORT_ID's.
      test.skip(
        !fd.control && 'reportId' in (valid.path ?? {}) && !readValue<string>('FD_SAMPLE_REPORT_ID', suiteConfig().env),
        'needs FD_SAMPLE_REPORT_ID (a report of the partner): the sample report names nothing on this sandbox',
      );
      // A subscription and its first event: the caller's own, made here.
      if (valid.path && 'subscription_id' in valid.path) {
        const made = await fdApi.call('createWebhookSubscription', { body: sampleSubscriptionBody() });
        expect(made.status, 'a subscription of the caller').toBe(201);
        valid.path = { ...valid.path, subscription_id: made.body.subscriptionId };
        if ('webhook_event_id' in valid.path) valid.path.webhook_event_id = made.body.events[0].webhookEventId;
      }
      // A creation the API cannot undo (a consumer, a business, a pay statement: ownership.ts names no delete) that a target takes
      // where it should refuse stays with its customer: on a sandbox the cases go to a customer of this check's own, deleted as it
      // ends, never to the prepared linked customer every later check and run reads.
      const parent = Object.keys(valid.path ?? {}).find((k) => k === 'customerId' || k === 'customer_id');
      if (!fd.control && parent && ownershipOf('financial-data', operationId) && !ownershipOf('financial-data', operationId)!.undo)
        valid.path = { ...valid.path, [parent]: await createCustomer('testing') };
      const { cases, failures } = await runNegativeCases(fdApi, op, valid);
      test.info().annotations.push({ type: 'negative cases', description: String(cases) });
      expect(failures, `cases of ${operationId} answered otherwise`).toEqual([]);
    },
  );
}
