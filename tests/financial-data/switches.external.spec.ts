// Covers: GET /transfer/externals/{external_id}/deposit-switches (getAllExternalDepositSwitches) -
// seed 002, Resources - Switch ("also found by external_id"). The list echoes the external id and
// holds exactly the deposit switches carrying it (provider 1.35.0: ExternalDepositSwitchesSummary,
// the in-branch deposit switches of an external id). Known answers on the mock (and on a customer of
// the check's own linked through Connect on a sandbox whose page the suite completes): a linked customer's
// deposit switches carry BR-<customerId>-1 (two), BR-<customerId>-2 (one) or no external id (one)
// (mocks/financial-data/switches.ts). An external id no switch carries is a 404, not an empty list:
// @assumption (seed 002 Errors 404; the provider also shows a 400 "No matching record found for
// external_id" example).
import { expect, ownLinkedCustomer, rules, test } from '../../fixtures/financial-data.js';

const byExternal = (fdApi: any, externalId: string) => fdApi.call('getAllExternalDepositSwitches', { path: { external_id: externalId } });

test(
  'the external id list holds exactly the deposit switches carrying that external id',
  rules('FD-SW-EXTERNAL', 'FD-SW-STATUS-ENUM@sw-deposit'),
  async ({ fdApi, fdPowers, createCustomer }) => {
    const linkedCustomer = await ownLinkedCustomer(fdPowers, createCustomer);
    const { customerId } = linkedCustomer;
    const deposit = await fdApi.call('getAllDepositSwitches', { path: { customer_id: customerId } });
    const depositIds: string[] = deposit.body.switches.map((s: { id: string }) => s.id);
    const first = await byExternal(fdApi, `BR-${customerId}-1`);
    const second = await byExternal(fdApi, `BR-${customerId}-2`);
    for (const [res, externalId, statuses] of [
      [first, `BR-${customerId}-1`, ['completed', 'failed']],
      [second, `BR-${customerId}-2`, ['processing']],
    ] as const) {
      expect(res.status, externalId).toBe(200);
      expect(res.body.externalId, 'the list echoes the external id').toBe(externalId);
      expect(
        res.body.switches.map((s: { status: string }) => s.status),
        `the switches at ${externalId} (mock world)`,
      ).toEqual(statuses);
      for (const s of res.body.switches)
        expect(depositIds, `${s.id} at ${externalId} is one of the customer's deposit switches`).toContain(s.id);
      // The same switch through both readers: the summaries agree.
      for (const s of res.body.switches) expect(deposit.body.switches.find((d: { id: string }) => d.id === s.id)).toEqual(s);
    }
    const external = [...first.body.switches, ...second.body.switches].map((s: { id: string }) => s.id);
    expect(new Set(external).size, 'the two external ids share no switch').toBe(3);
    expect(
      depositIds.filter((id) => !external.includes(id)),
      'one deposit switch carries no external id',
    ).toHaveLength(1);
  },
);
