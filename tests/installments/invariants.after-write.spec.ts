// Covers: every installments writer that succeeds (helpers/client/invariants/after-write.ts): its answer is the
// state after it (IN-PROP-ANSWER-IS-STATE) and every value sent comes back as sent (IN-PROP-ECHO-AS-SENT).
import { loadContract, rules, test, type InstallmentsOperationId, skipWithout } from '../../fixtures/installments.js';
import { readAfterCall } from '../../helpers/client/invariants/after-write.js';
import { readerAfterWrite } from '../../helpers/client/invariants/answer-state.js';
import { expectNone, withObjects } from '../../helpers/client/security/probe.js';
import { objectIdsOf } from '../../helpers/contract/object-ids.js';
import { kindOfKey } from '../../helpers/secrets/sensitive.js';
import type { CallOptions } from '../../helpers/client/client.js';
import { writeEveryWriter } from '../shared/after-write.js';

const contract = await loadContract('installments');
/** A sensitive member, or the encrypted card: never made to tell. */
const kept = (path: string) => kindOfKey(path.split('.').at(-1)!) !== undefined || /encrypt|sensitive/i.test(path);

skipWithout('eligiblePan');

test(
  'a writer answers the state a read right after it shows, and every value it was sent as sent @assumption',
  rules('IN-PROP-ANSWER-IS-STATE', 'IN-PROP-ECHO-AS-SENT'),
  async ({ instApi, instReq }) => {
    const { planId } = await instReq.createPlan(instApi);
    const { judge } = await writeEveryWriter({
      api: instApi,
      prefix: 'IN',
      callOf: async (writer) => {
        const { operationId } = writer;
        const call = (await instReq.sampleCall(operationId as InstallmentsOperationId).catch((error: Error) => error)) as
          | CallOptions
          | Error;
        if (call instanceof Error) return `no sample call (${call.message.split('\n')[0]})`;
        if (call.baseURL) return "served by the issuer's endpoint, not by the target";
        // A selection names an offer the service made: a fresh offers call's first.
        const sent = operationId === 'savePlan' ? await instReq.selectionCall(instApi) : call;
        return withObjects(sent, objectIdsOf(contract, writer).ids, { plan: planId });
      },
      readOf: (writer, sent) => {
        const after = readerAfterWrite(contract, writer);
        return after && readAfterCall(after, sent);
      },
      kept,
      // planApproval's status and getPlanApprovalStatus's (provider 2.0.0 CompletionPSPData) are two members of one name.
      echoSkip: (p) => kept(p) || p === 'status',
    });
    const [state, echo] = judge();
    expectNone([state, echo]);
  },
);
