// Covers: a lasting state lasts (IN-PROP-LASTING; helpers/client/invariants/lasting.ts; IN-ST-6, IN-ST-71: seed 001
// States): decided plans read the same after 10 minutes, 5 hours and 3 days (provider 2.0.0 getPlanApprovalStatus: 24 h).
import { expect, loadContract, mockOnly, rules, test, skipWithout } from '../../fixtures/installments.js';
import { isRead } from '../../helpers/client/invariants/kit.js';
import { lastingStatesOf } from '../../helpers/client/invariants/lasting.js';
import type { PropertyException } from '../../helpers/client/property-counts.js';
import { checkLasting, type LastingRead } from '../shared/lasting.js';
import { withObjects } from '../../helpers/client/security/probe.js';
import { objectIdOperations } from '../../helpers/contract/object-ids.js';

const contract = await loadContract('installments');
const STATES = lastingStatesOf(objectIdOperations(contract), 'installments');

skipWithout('eligiblePan');

test(
  'a decided plan reads decided on every reader after the clock moves on by minutes, hours and days @mock-only',
  mockOnly(
    rules('IN-PROP-LASTING'),
    "needs the mock's virtual clock (each decision is read again 10 minutes, 5 hours and 3 days later); a sandbox's clock cannot move",
  ),
  async ({ inst, instApi, instReq }) => {
    const control = inst.control!;
    const exceptions: PropertyException[] = [];
    const reads: LastingRead[] = [];
    try {
      for (const state of STATES) {
        const maker = state.operations.find((o) => o.operation.operationId === state.by)!;
        const sample = await instReq.sampleCall(state.by as 'planApproval');
        for (const [decision, sync] of [
          ['APPROVED', true],
          ['DECLINED', true],
          ['DECLINED', false],
        ] as const) {
          const { planId } = await instReq.createPlan(instApi);
          const body: Record<string, unknown> = {
            ...(sample.body as Record<string, unknown>),
            status: decision,
            ...(decision === 'DECLINED' ? { rejectReasonCode: 'OTHER_REASON' } : {}),
          };
          if (decision === 'DECLINED') for (const k of ['approvedAmount', 'approvedCurrency', 'paymentAuthorization']) delete body[k];
          const made = await instApi.callOperation(
            maker.operation,
            withObjects({ query: { sync }, body }, maker.ids, { [state.object]: planId }),
          );
          expect(made.status, `${state.by} ${decision} (sync ${sync})`).toBe(sync ? 200 : 202);
          // An asynchronous decision lands a few seconds later (the mock's choice): read once it has.
          if (!sync) await control.advanceClock(30);
          for (const o of state.operations) {
            if (o === maker) continue;
            if (!isRead(o.operation)) {
              exceptions.push({
                operationId: o.operation.operationId,
                reason:
                  'a writer naming a decided plan: no document states its answer on one, and sending it would change what the property judges',
              });
              continue;
            }
            const base = await instReq.sampleCall(o.operation.operationId as 'getPlan');
            reads.push({
              state,
              operation: o.operation,
              call: withObjects(base, o.ids, { [state.object]: planId }),
              object: `plan ${planId} ${decision} (sync ${sync})`,
            });
          }
        }
      }
      await checkLasting(instApi, 'IN-PROP-LASTING', STATES, reads, {
        advance: (seconds) => control.advanceClock(seconds),
        exceptions,
        made: STATES.map((s) => s.by),
      });
    } finally {
      // The rest of the worker's checks read the mock at the real time again.
      await control.setClock(Date.now());
    }
  },
);
