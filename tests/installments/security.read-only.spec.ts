// Covers: savePlan and planApproval sent with the response-only members of every reader of the plan
// (helpers/client/security/read-only.ts; provider 2.0.0: the request schemas do not declare them): none is stored.
import { expect, loadContract, rules, test, withDecision, skipWithout } from '../../fixtures/installments.js';
import { READ_ONLY, readOnlyEnums, readOnlyMembers, readOnlyPairs, storedReadOnly } from '../../helpers/client/security/read-only.js';
import { Violations } from '../../helpers/client/security/probe.js';
import { awaitTarget } from '../../helpers/client/guest/time-budget.js';

const contract = await loadContract('installments');
/** Every reader of one plan (getPlan, getPlanApprovalStatus): the GETs whose path ends in the plan id. */
const planReaders = [...contract.operations.values()].filter((op) => op.method === 'GET' && op.path.endsWith('/{plan_id}'));

skipWithout('eligiblePan');

test(
  'response-only members sent in savePlan and planApproval bodies are never stored, on any mode or reader',
  rules('IN-OBJ-READ-ONLY'),
  async ({ inst, instApi, instReq }) => {
    const pairs = readOnlyPairs(contract);
    const violations = new Violations(READ_ONLY);
    const paths: string[] = [];
    // The plan's states as a plan written without them shows them (a control): each response-only enum member (a plan's status,
    // provider 2.0.0 StatusField) is sent as the last of its values the control does not show (TIMED_OUT for a new plan: the
    // end of a window no check lasts), so a stored one tells.
    const control = (await instReq.createPlan(instApi)).planId;
    const shown: Record<string, unknown> = {};
    for (const reader of planReaders) Object.assign(shown, (await instApi.callOperation(reader, { path: { plan_id: control } })).body);
    for (const pair of pairs) {
      const states = Object.assign({}, ...planReaders.map((reader) => readOnlyEnums(contract, pair.writer, reader))) as Record<
        string,
        string[]
      >;
      // The response-only members of each reader of the plan, sent together (a reader's own first).
      const members = Object.assign(
        {},
        ...planReaders.map((reader) => readOnlyMembers(contract, pair.writer, reader)),
        ...Object.entries(states).map(([name, values]) => {
          const other = values.filter((v) => v !== shown[name]).at(-1);
          return other === undefined ? {} : { [name]: other };
        }),
        pair.members,
      ) as Record<string, string | number>;
      const judged = { ...pair, members };
      const modes: { what: string; query?: { sync: boolean } }[] =
        pair.writer.operationId === 'planApproval'
          ? [{ what: 'sync=true', query: { sync: true } }, { what: 'without sync' }]
          : [{ what: '' }];
      for (const mode of modes) {
        const where = `${pair.writer.operationId}${mode.what ? ` ${mode.what}` : ''}`;
        let planId: string;
        if (pair.writer.operationId === 'savePlan') {
          planId = (await instReq.createPlan(instApi, members)).planId;
        } else if (pair.writer.operationId === 'planApproval') {
          planId = (await instReq.createPlan(instApi)).planId;
          const res = await instApi.call('planApproval', {
            ...(mode.query ? { query: mode.query } : {}),
            body: withDecision({ planId, status: 'APPROVED', ...members }),
          });
          expect(res.status, `planApproval ${mode.what} with the response-only members`).toBeLessThan(300);
          // The synchronous answer's callbackUrl is the service's, not the one sent.
          const echoed = storedReadOnly(judged, res.body);
          if (echoed.length) violations.add(where, `plan ${planId}`, `echoed ${echoed.join(', ')} as sent`, "the service's own values");
          // An asynchronous decision lands later (seed 001, States; provider 2.0.0 Accepted): getPlanApprovalStatus shows its
          // callbackUrl only once COMPLETED (CompletionPSPData), so the readers are read after it has landed, the mock's clock
          // advanced or a sandbox polled.
          if (!mode.query)
            for (let attempt = 0; attempt < 10; attempt++) {
              if (inst.control) await inst.control.advanceClock(10);
              else await awaitTarget(3000);
              const status = await instApi.call('getPlanApprovalStatus', { path: { plan_id: planId } });
              if (status.body?.status === 'COMPLETED') break;
            }
        } else throw new Error(`no way to call ${pair.writer.operationId} with a live plan: add it here`);
        for (const reader of planReaders) {
          const read = await instApi.callOperation(reader, { path: { plan_id: planId } });
          const stored = storedReadOnly(judged, read.body);
          if (stored.length)
            violations.add(
              reader.operationId,
              `plan ${planId} after ${where}`,
              `stored ${stored.join(', ')} as sent`,
              "the service's own values",
            );
          paths.push(`${where} -> ${reader.operationId}`);
        }
      }
    }
    test.info().annotations.push({
      type: 'security-coverage',
      description: `installments ${READ_ONLY}: ${pairs.length} writers, ${paths.length} write and reader paths (${paths.join(', ')})`,
    });
    violations.expectNone();
  },
);
