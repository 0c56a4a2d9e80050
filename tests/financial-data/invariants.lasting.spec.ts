// Covers: a state the documents make lasting, lasts (FD-PROP-LASTING; lasting.ts), over every lasting
// state the statement index states (FD-ST-67, -334, -335, -458, -486, -516, -518, -534: deletes removing
// access; FD-ST-289: five failed authentications lock the partner), made on the check's own objects;
// every operation naming the object answers as right after as the clock moves 10 minutes, 5 hours, 3 days.
import { expect, fdLimit, mockOnly, rules, test } from '../../fixtures/financial-data.js';
import { lastingStatesOf } from '../../helpers/client/invariants/lasting.js';
import type { PropertyException } from '../../helpers/client/property-counts.js';
import { checkLasting, type LastingRead } from '../shared/lasting.js';
import { afterDeleteProbes } from '../../helpers/client/security/after-delete.js';
import { type LiveObjects, withObjects } from '../../helpers/client/security/probe.js';
import { FD_OBJECT_OPS, liveWorld } from './security.known.js';

const STATES = lastingStatesOf(FD_OBJECT_OPS, 'financial-data');
const LOCK_AT = fdLimit('failedAuthenticationsBeforeLock');
/** An operation a lock refuses: one whose body carries the partner's own secret. */
const authenticates = (o: (typeof FD_OBJECT_OPS)[number]) =>
  JSON.stringify(o.operation.requestBody?.schema ?? {}).includes('partnerSecret') ||
  ['CreateToken', 'ModifyPartnerSecret'].includes(o.operation.operationId);

test(
  'a deletion and a lock the documents give no end still hold after the clock moves on by minutes, hours and days @mock-only',
  mockOnly(
    rules('FD-PROP-LASTING'),
    "needs the mock's virtual clock (each state is read again 10 minutes, 5 hours and 3 days later); a sandbox's clock cannot move",
  ),
  async ({ fd, fdApi, fdPowers, appKeyOnly }) => {
    test.skip(!fd.sparePartner, 'needs a spare partner (FD_SPARE_PARTNER_ID / FD_SPARE_PARTNER_SECRET) to lock');
    const spare = fd.sparePartner!;
    const world = await liveWorld(fd, fdApi, (id) => fdPowers.linkAccounts(id));
    // The second customer, the spare login, the second subscription: the live world's others stay for the rest.
    const base: LiveObjects = {
      ...world.objects,
      institutionLogin: world.spareLogin.id,
      webhookSubscription: world.otherParents.webhookSubscription!,
    };
    const objectsOf = (resource: string): LiveObjects =>
      resource === 'customer' ? { ...base, customer: world.otherParents.customer! } : resource === 'webhookEvent' ? world.objects : base;
    const reads: LastingRead[] = [];
    const exceptions: PropertyException[] = [];
    // A child before its parent: each delete's probes judged on its own, all answered once every state is made.
    const order = [
      'webhookEvent',
      'txpushSubscription',
      'configuration',
      'consentReceipt',
      'account',
      'institutionLogin',
      'webhookSubscription',
      'partner',
      'customer',
    ];
    try {
      for (const state of [...STATES].sort((a, b) => order.indexOf(a.object) - order.indexOf(b.object))) {
        if (state.object === 'partner') {
          for (let i = 1; i <= LOCK_AT; i++)
            await fdApi.call('CreateToken', { body: { ...spare, partnerSecret: `wrong-lasting-${i}x` }, auth: appKeyOnly });
          for (const o of state.operations) {
            if (o.operation.operationId !== 'CreateToken') {
              exceptions.push({
                operationId: o.operation.operationId,
                reason: authenticates(o)
                  ? 'a secret change on the locked spare partner would change the secret the other checks use were the lock lifted: judged by FD-LOCK-NO-SECRET-CHANGE'
                  : 'it names the partner without its secret: a lock refuses its authentication, not the operation',
              });
              continue;
            }
            const call = { body: { ...spare }, auth: appKeyOnly };
            reads.push({ state, operation: o.operation, call, object: `the locked partner ${spare.partnerId}` });
          }
          continue;
        }
        const maker = FD_OBJECT_OPS.find((o) => o.operation.operationId === state.by)!;
        const objects = objectsOf(state.object);
        const made = await fdApi.callOperation(maker.operation, withObjects(world.sample(maker), maker.ids, objects));
        expect(made.status, `${state.by} of the live ${state.object}`).toBeLessThan(300);
        const deleted = { resource: state.object, id: String(objects[state.object]) };
        const { probes: mine, leftOut } = afterDeleteProbes(FD_OBJECT_OPS, world.sample, objects, deleted);
        for (const probe of mine) reads.push({ state, ...probe });
        for (const l of leftOut) if (state.operations.some((o) => o.operation.operationId === l.operationId)) exceptions.push(l);
      }
      await checkLasting(fdApi, 'FD-PROP-LASTING', STATES, reads, { advance: (seconds) => fdPowers.advanceClock(seconds), exceptions });
    } finally {
      await fd.control?.unlockPartner(spare.partnerId);
    }
  },
);
