// Covers: every financial data operation: each request the contract refuses (helpers/client/negative.ts)
// is refused with a documented 4xx and the error body (seed 002, Errors).
import { expect, expectToEqual, loadContract, newBusiness, newConsumer, rules, sample, test } from '../../fixtures/financial-data.js';
import type { CallOptions } from '../../helpers/client/call-options.js';
import type { OperationClient } from '../../fixtures/financial-data.js';
import { refusalStatuses, runNegativeCases } from '../../fixtures/negative.js';
import { sampleSubscriptionBody } from '../../fixtures/examples/fd-samples/webhooks.js';
import { suiteConfig } from '../../helpers/config/config.js';
import { readValue } from '../../helpers/config/env-schema.js';
import { genericRuleOperations } from '../../helpers/contract/generic-rules.js';

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

// The operations whose cases include a body that is not JSON (helpers/contract/generic-rules.ts): its breach is filed under
// FD-ERR-MALFORMED-JSON (seed 002 Errors: a 400, never a 500; ruleBrokenBy), so those checks cite it.
const MALFORMED_JSON = new Set(genericRuleOperations(contract)['FD-ERR-MALFORMED-JSON']);

for (const operationId of OPERATIONS) {
  test(
    `${operationId} refuses every request the contract refuses with a documented 4xx`,
    rules('FD-NEGATIVE', ...(MALFORMED_JSON.has(operationId) ? ['FD-ERR-MALFORMED-JSON'] : [])),
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
      // A guest leaves shared data as it found it: on a sandbox the workers share the prepared linked customer, its consumer and its
      // business (fixtures/financial-data/customers.ts sandboxEntities), which every later check and run reads. A refused case a
      // target wrongly takes (a business's country of one character taken, a creation the API cannot undo: ownership.ts names no
      // delete) would change them, so the cases of a write naming one go to an object of this check's own (ownObjects).
      if (!fd.control) valid.path = await ownObjects(fdApi, op, valid, fdEntities, createCustomer);
      const { cases, failures } = await runNegativeCases(fdApi, op, valid);
      test.info().annotations.push({ type: 'negative cases', description: String(cases) });
      // Step-free when it holds (fixtures/assertions/quiet.ts): one such check per operation.
      expectToEqual(failures, [], `cases of ${operationId} answered otherwise`);
    },
  );
}

/** The shared objects of the worker (the prepared linked customer and its consumer and business on a sandbox). */
interface Shared {
  customerId: string;
  consumerId: string;
  businessId: string;
  linked?: { customerId: string };
}

/**
 * The path of a write's refused cases on a sandbox: each shared object it names replaced by one of the check's own. A customer named
 * alone (its creations, its modification) by a testing customer of the check, deleted as it ends; the shared business or consumer by
 * one made on such a customer. A path naming an object under the customer (an account) keeps it: a customer of the check's own holds
 * none, and every case would meet that 404 first. Reads change nothing and keep the shared objects.
 */
async function ownObjects(
  fdApi: OperationClient,
  op: { operationId: string; method: string },
  valid: CallOptions,
  shared: Shared,
  createCustomer: (type?: 'testing' | 'active') => Promise<string>,
): Promise<CallOptions['path']> {
  const path = { ...(valid.path ?? {}) };
  if (['get', 'head'].includes(op.method.toLowerCase())) return path;
  const customers = new Set([shared.customerId, shared.linked?.customerId].filter(Boolean).map(String));
  const keys = Object.keys(path);
  const parent = keys.find((k) => k === 'customerId' || k === 'customer_id');
  if (parent && keys.length === 1 && customers.has(String(path[parent]))) path[parent] = await createCustomer('testing');
  // The verification of micro entries (seed 002, Micro deposits): the sample names the linked checking account, which holds none
  // on a sandbox, so every case would meet that account's 404 before its body is read (an order no document states), and a
  // case wrongly taken would spend the shared account's attempts. The cases go to entries of the check's own, initiated here.
  if (op.operationId === 'VerifyMicroAmountDeposits' && customers.has(String(path.customerId))) {
    const customerId = await createCustomer('testing');
    const accountNumber = `88${String(Date.now()).slice(-10)}`;
    const made = await fdApi.call('InitiateMicroAmountDeposits', {
      path: { customerId },
      body: { receiver: { routingNumber: '021000021', accountNumber, accountType: 'personalChecking', name: 'Refusal Cases' } },
    });
    expect(made.status, `micro entries of the check's own (${op.operationId}'s cases)`).toBe(200);
    return { customerId, accountId: String(made.body.accountId) };
  }
  if ('business_id' in path && String(path.business_id) === String(shared.businessId)) {
    const customer_id = await createCustomer('testing');
    const made = await fdApi.call('AddBusinessDetails', { path: { customer_id }, body: newBusiness() });
    expect(made.status, `a business of the check's own (${op.operationId}'s cases)`).toBe(200);
    path.business_id = made.body.businessId;
  }
  if ('consumerId' in path && String(path.consumerId) === String(shared.consumerId)) {
    const customerId = await createCustomer('testing');
    const made = await fdApi.call('CreateConsumer', { path: { customerId }, body: newConsumer() });
    expect(made.status, `a consumer of the check's own (${op.operationId}'s cases)`).toBe(201);
    path.consumerId = made.body.id;
  }
  return path;
}
