// Covers: two properties of every installments writer that succeeds, from one write each
// (helpers/client/invariants/after-write.ts): its answer describes the state after it
// (IN-PROP-ANSWER-IS-STATE: every member the answer and the read right after show reads the same) and
// every value it was sent comes back as sent wherever the answer or that read shows it
// (IN-PROP-ECHO-AS-SENT: the body made to tell where the contract accepts it). The writers are every
// operation that is not a read (helpers/client/invariants/kit.ts); a plan selection is sent the
// offer of a fresh offers call, an approval names a live plan. Counts: the certification's rule x path.
import { expect, loadContract, rules, test, type InstallmentsOperationId } from '../../fixtures/installments.js';
import { countProperty, type PropertyException } from '../../helpers/client/property-counts.js';
import { readAfterCall, writeThenRead, type WriteProbe } from '../../helpers/client/invariants/after-write.js';
import {
  afterWriteExceptions,
  ANSWER_IS_STATE,
  answersBody,
  checkAnswerIsState,
  readerAfterWrite,
} from '../../helpers/client/invariants/answer-state.js';
import {
  checkEchoAsSent,
  checkEveryItemAsSent,
  ECHO_AS_SENT,
  ECHO_EVERY_ITEM,
  echoedLists,
  tellingWrite,
  itemsLeftOut,
} from '../../helpers/client/invariants/echo.js';
import { writersOfContract } from '../../helpers/client/invariants/kit.js';
import { Violations, withObjects } from '../../helpers/client/security/probe.js';
import { objectIdsOf } from '../../helpers/contract/object-ids.js';
import { kindOfKey } from '../../helpers/secrets/sensitive.js';
import type { CallOptions } from '../../helpers/client/client.js';

const contract = await loadContract('installments');
const WRITERS = writersOfContract(contract);
/** A sensitive member, or the encrypted card: never made to tell. */
const kept = (path: string) => kindOfKey(path.split('.').at(-1)!) !== undefined || /encrypt|sensitive/i.test(path);

test.beforeEach(({ inst }) => {
  test.skip(!inst.eligiblePan, 'needs a card the target offers installments for (INSTALLMENTS_ELIGIBLE_PAN)');
});

test(
  'a writer answers the state a read right after it shows, and every value it was sent as sent @assumption',
  rules('IN-PROP-ANSWER-IS-STATE', 'IN-PROP-ECHO-AS-SENT'),
  async ({ instApi, instReq }) => {
    const { planId } = await instReq.createPlan(instApi);
    const stateOut: PropertyException[] = [];
    const echoOut: PropertyException[] = [];
    const probes: WriteProbe[] = [];
    const listsOf = new Map<string, string[]>();
    for (const writer of WRITERS) {
      const { operationId } = writer;
      const after = readerAfterWrite(contract, writer);
      const body = answersBody(writer);
      if (!body && (!after || !writer.requestBody)) {
        if (writer.requestBody) echoOut.push({ operationId, reason: 'neither its answer nor a reader of what it changed shows a member' });
        continue;
      }
      let call = (await instReq.sampleCall(operationId as InstallmentsOperationId).catch((error: Error) => error)) as CallOptions | Error;
      if (call instanceof Error || call.baseURL) {
        const reason =
          call instanceof Error ? `no sample call (${call.message.split('\n')[0]})` : "served by the issuer's endpoint, not by the target";
        if (body) stateOut.push({ operationId, reason });
        if (writer.requestBody) echoOut.push({ operationId, reason });
        continue;
      }
      if (operationId === 'savePlan') {
        // A selection names an offer the service made: a fresh offers call's first.
        call = await instReq.selectionCall(instApi);
      }
      const ids = objectIdsOf(contract, writer).ids;
      call = withObjects(call, ids, { plan: planId });
      const validate = contract.requestValidatorOf(operationId);
      const at = new Set(ids.map((id) => id.at));
      const plain = call;
      if (call.body !== undefined && validate) {
        const valid = (b: unknown) => Boolean(validate(b));
        const keep = (p: string) => at.has(p.replace(/\.\d+(?=\.|$)/g, '')) || kept(p);
        // Every enum and coded member at another value; each list the answer or the read shows sent several items (IN-PROP-ECHO-AS-SENT, every item).
        const { body, lists } = tellingWrite(contract, writer, after?.reader, call.body, valid, keep);
        if (lists.length) listsOf.set(operationId, lists);
        call = { ...call, body };
      }
      // The read right after names the object by its ids as sampled: an id the telling body sends in
      // another case (a UUID) is the write's to take, not a rule for the reader.
      probes.push({ writer, call, plain, ...(after ? { read: readAfterCall(after, plain) } : {}) });
    }
    const outcomes = await writeThenRead(instApi, probes);
    const seen = afterWriteExceptions(outcomes);
    stateOut.push(...seen.state);
    echoOut.push(...seen.echo);
    const state = new Violations(ANSWER_IS_STATE);
    const echo = new Violations(ECHO_AS_SENT);
    const stateChecked = checkAnswerIsState(outcomes, state);
    // planApproval's status is its decision, the status getPlanApprovalStatus reads the approval's processing
    // (provider 2.0.0 CompletionPSPData: IN_PROGRESS or COMPLETED): two members of one name, not one echoed.
    const echoChecked = checkEchoAsSent(outcomes, echo, (p) => kept(p) || p === 'status');
    countProperty(test.info(), {
      property: ANSWER_IS_STATE,
      service: 'installments',
      rule: 'IN-PROP-ANSWER-IS-STATE',
      applies: WRITERS.filter(answersBody).map((w) => w.operationId),
      checked: stateChecked,
      exceptions: stateOut,
    });
    countProperty(test.info(), {
      property: ECHO_AS_SENT,
      service: 'installments',
      rule: 'IN-PROP-ECHO-AS-SENT',
      applies: WRITERS.filter((w) => w.requestBody).map((w) => w.operationId),
      checked: echoChecked,
      exceptions: echoOut,
    });
    // Every item of each list the answer or the read shows, once, as sent (the same rule, its lists).
    const itemsChecked = checkEveryItemAsSent(outcomes, (o) => listsOf.get(o.probe.writer.operationId) ?? [], echo, kept);
    const itemsApply = WRITERS.filter((w) => echoedLists(contract, w, readerAfterWrite(contract, w)?.reader).length).map(
      (w) => w.operationId,
    );
    countProperty(test.info(), {
      property: ECHO_EVERY_ITEM,
      service: 'installments',
      rule: 'IN-PROP-ECHO-AS-SENT',
      applies: itemsApply,
      checked: itemsChecked,
      exceptions: itemsLeftOut(outcomes, itemsApply, itemsChecked, (id) => listsOf.get(id) ?? [], echoOut),
    });
    expect([...state.list, ...echo.list], [state.describe(), echo.describe()].filter(Boolean).join('\n')).toEqual([]);
  },
);
