// Two properties of every writer that succeeds, from one write each (after-write.ts): its answer is the
// state after it (<S>-PROP-ANSWER-IS-STATE), every value sent comes back as sent (<S>-PROP-ECHO-AS-SENT).
import type { CallOptions, OperationClient } from '../../helpers/client/client.js';
import { writeThenRead, type WriteOutcome, type WriteProbe } from '../../helpers/client/invariants/after-write.js';
import { afterWriteExceptions, ANSWER_IS_STATE, answersBody, checkAnswerIsState } from '../../helpers/client/invariants/answer-state.js';
import {
  checkEchoAsSent,
  checkEveryItemAsSent,
  ECHO_AS_SENT,
  ECHO_EVERY_ITEM,
  echoedLists,
  itemsLeftOut,
  tellingWrite,
} from '../../helpers/client/invariants/echo.js';
import { writersOfContract } from '../../helpers/client/invariants/kit.js';
import type { PropertyException } from '../../helpers/client/property-counts.js';
import { countRule } from './property.js';
import { Violations } from '../../helpers/client/security/probe.js';
import type { Operation } from '../../helpers/contract/contract.js';
import { objectIdsOf } from '../../helpers/contract/object-ids.js';
import type { ServiceName } from '../../helpers/contract/operations.js';

export interface AfterWrites<S extends ServiceName> {
  api: OperationClient<S>;
  /** The catalogue's prefix of the two rules (`IN`, `FD`). */
  prefix: string;
  /** A writer's valid call on the check's live objects, or why none is sent. */
  callOf: (writer: Operation) => Promise<CallOptions | string>;
  /** The read right after a write of the call sent (undefined: no reader shows what it changed). */
  readOf: (writer: Operation, sent: CallOptions) => WriteProbe['read'] | undefined;
  /** A member never made to tell (a sensitive value), nor compared item by item. */
  kept: (path: string) => boolean;
  /** A member the echo leaves out (the kept ones, and a member of one name meaning two things). */
  echoSkip?: (path: string) => boolean;
  /** Before each write (a second of its own on the mock's clock). */
  beforeWrite?: () => Promise<unknown>;
}

/** Each writer sent its telling valid call, then read right after; returns the outcomes and `judge`, holding and counting both. */
export async function writeEveryWriter<S extends ServiceName>(w: AfterWrites<S>) {
  const { contract } = w.api;
  const writers = writersOfContract(contract);
  const stateOut: PropertyException[] = [];
  const echoOut: PropertyException[] = [];
  const probes: WriteProbe[] = [];
  const listsOf = new Map<string, string[]>();
  for (const writer of writers) {
    const { operationId } = writer;
    const body = answersBody(writer);
    if (!body && (!w.readOf(writer, {}) || !writer.requestBody)) {
      if (writer.requestBody) echoOut.push({ operationId, reason: 'neither its answer nor a reader of what it changed shows a member' });
      continue;
    }
    const plain = await w.callOf(writer);
    if (typeof plain === 'string') {
      if (body) stateOut.push({ operationId, reason: plain });
      if (writer.requestBody) echoOut.push({ operationId, reason: plain });
      continue;
    }
    let call = plain;
    const validate = contract.requestValidatorOf(operationId);
    const ids = new Set(objectIdsOf(contract, writer).ids.map((id) => id.at));
    // The read right after names the object by its ids as sampled: an id the telling body sends in
    // another case (a UUID) is the write's to take, not a rule for the reader.
    const read = w.readOf(writer, plain);
    let recased: CallOptions | undefined;
    if (call.body !== undefined && validate) {
      const valid = (b: unknown) => Boolean(validate(b));
      const keep = (p: string) => ids.has(p.replace(/\.\d+(?=\.|$)/g, '')) || w.kept(p);
      // Every enum and coded member at another value; each list the answer or the read shows sent several items (the echo's every item).
      const told = tellingWrite(contract, writer, read?.reader, call.body, valid, keep);
      if (told.lists.length) listsOf.set(operationId, told.lists);
      call = { ...call, body: told.body };
      // Where the telling body is refused (a free text a documented refusal names), its ids in another case alone (a UUID, RFC 9562
      // section 4) still reach the target, before the sample as it is.
      const sent = (body: unknown) => JSON.stringify(body) === JSON.stringify(told.recased);
      if (!sent(plain.body) && !sent(told.body)) recased = { ...plain, body: told.recased };
    }
    probes.push({ writer, call, plain, ...(recased ? { recased } : {}), ...(read ? { read } : {}) });
  }
  const outcomes = await writeThenRead(w.api, probes, w.beforeWrite);
  const seen = afterWriteExceptions(outcomes);
  stateOut.push(...seen.state);
  echoOut.push(...seen.echo);
  /** Both properties judged on the outcomes and counted: their violations, for the check's expectation. */
  const judge = (): [Violations, Violations] => {
    const state = new Violations(ANSWER_IS_STATE);
    const echo = new Violations(ECHO_AS_SENT);
    const stateApplies = writers.filter(answersBody).map((x) => x.operationId);
    countRule(ANSWER_IS_STATE, `${w.prefix}-PROP-ANSWER-IS-STATE`, {
      applies: stateApplies,
      checked: checkAnswerIsState(outcomes, state),
      exceptions: stateOut.filter((e) => stateApplies.includes(e.operationId)),
    });
    const echoApplies = writers.filter((x) => x.requestBody).map((x) => x.operationId);
    const echoChecked = checkEchoAsSent(outcomes, echo, w.echoSkip ?? w.kept);
    countRule(ECHO_AS_SENT, `${w.prefix}-PROP-ECHO-AS-SENT`, { applies: echoApplies, checked: echoChecked, exceptions: echoOut });
    // Every item of each list the answer or the read shows, once, as sent (the same rule, its lists).
    const lists = (id: string) => listsOf.get(id) ?? [];
    const itemsChecked = checkEveryItemAsSent(outcomes, (o) => lists(o.probe.writer.operationId), echo, w.kept);
    const itemsApply = writers.filter((x) => echoedLists(contract, x, w.readOf(x, {})?.reader).length).map((x) => x.operationId);
    const exceptions = itemsLeftOut(outcomes, itemsApply, itemsChecked, lists, echoOut);
    countRule(ECHO_EVERY_ITEM, `${w.prefix}-PROP-ECHO-AS-SENT`, { applies: itemsApply, checked: itemsChecked, exceptions });
    return [state, echo];
  };
  return { outcomes: outcomes as WriteOutcome[], judge };
}
