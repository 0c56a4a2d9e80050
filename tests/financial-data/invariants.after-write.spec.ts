// Covers: two properties of every financial data writer that succeeds, from one write each
// (helpers/client/invariants/after-write.ts): its answer describes the state after it
// (FD-PROP-ANSWER-IS-STATE: every member the answer and the read right after show reads the same) and
// every value it was sent comes back as sent wherever the answer or that read shows it
// (FD-PROP-ECHO-AS-SENT: the body made to tell, mixed case, inner spaces, leading zeros, signed
// amounts with cents, where the contract accepts them); and every version of a writer (an FCRA and a
// non-FCRA PSI run, a refresh v1 and v2), written with one body on one owner, reads back every member
// of the owner as the other version does (FD-PROP-SAME-ON-EVERY-READER). The writers are every operation that is not
// a read (helpers/client/invariants/kit.ts), on the live objects of security.known.ts; a
// one-per-customer create goes to a customer that has none. Counts: the certification's rule x path.
import { expect, mockOnly, rules, sampleCall, test } from '../../fixtures/financial-data.js';
import { countProperty, type PropertyException } from '../../helpers/client/property-counts.js';
import { readAfterCall, writeThenRead, type WriteProbe } from '../../helpers/client/invariants/after-write.js';
import {
  afterWriteExceptions,
  ANSWER_IS_STATE,
  answersBody,
  checkAnswerIsState,
  checkEveryReader,
  checkVersionsAgree,
  readerAfterWrite,
  readOfWrite,
  SAME_ON_EVERY_READER,
  writerVersions,
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
import { liveCall } from './records.known.js';
import { FD_CONTRACT, FD_OBJECT_OPS, liveWorld } from './security.known.js';

const WRITERS = writersOfContract(FD_CONTRACT);
/**
 * The mock approves a registration a day after it was submitted or modified, on its virtual clock
 * (mocks/financial-data/app-registration.ts): the registrations this test writes are approved before
 * it ends, so the dates of the partner's list that later checks of the worker read stay as they are.
 */
const APPROVAL_S = 86_400;
const sensitive = (path: string) => kindOfKey(path.split('.').at(-1)!) !== undefined;

test(
  'a writer answers the state a read right after it shows, and every value it was sent as sent @assumption @mock-only',
  mockOnly(
    rules('FD-PROP-ANSWER-IS-STATE', 'FD-PROP-ECHO-AS-SENT', 'FD-PROP-SAME-ON-EVERY-READER'),
    "sends every writer a body made to tell, the partner's secret change (ModifyPartnerSecret) among them: on a sandbox the partner and its secret are every worker's, the mock's are the worker's own",
  ),
  async ({ fd, fdApi, fdMock, createCustomer }) => {
    void fdMock;
    const world = await liveWorld(fd, fdApi, (id) => fdMock.linkAccounts(id));
    const bare = await createCustomer('testing');
    // An app registration of this test's own to modify: the seeded one (4000) is what other checks read.
    const registered = await fdApi.call('RegisterApp', sampleCall('RegisterApp', fd, world.entities));
    expect(registered.status, 'RegisterApp (setting up the live objects)').toBeLessThan(300);
    const objects = { ...world.objects, appRegistration: String(registered.body.preAppId) };
    const stateOut: PropertyException[] = [];
    const echoOut: PropertyException[] = [];
    const probes: WriteProbe[] = [];
    const listsOf = new Map<string, string[]>();
    for (const writer of WRITERS) {
      const { operationId } = writer;
      const body = answersBody(writer);
      if (!body && (!readOfWrite(FD_CONTRACT, writer, {}) || !writer.requestBody)) {
        if (writer.requestBody) echoOut.push({ operationId, reason: 'neither its answer nor a reader of what it changed shows a member' });
        continue;
      }
      const withIds = FD_OBJECT_OPS.find((o) => o.operation === writer);
      const sampled = liveCall(writer, world, fd, objects);
      if (typeof sampled === 'string') {
        if (body) stateOut.push({ operationId, reason: sampled });
        if (writer.requestBody) echoOut.push({ operationId, reason: sampled });
        continue;
      }
      let call: CallOptions = sampled;
      // A one-per-customer create (a consumer, a business) goes to the customer that has none.
      if (/^(CreateConsumer|AddBusinessDetails)$/.test(operationId)) call = withObjects(call, withIds!.ids, { ...objects, customer: bare });
      const validate = FD_CONTRACT.requestValidatorOf(operationId);
      const ids = new Set(objectIdsOf(FD_CONTRACT, writer).ids.map((id) => id.at));
      const plain = call;
      // The read right after names the object by its ids as sampled: an id the telling body sends in
      // another case (a UUID) is the write's to take, not a rule for the reader.
      const read = readOfWrite(FD_CONTRACT, writer, plain);
      if (call.body !== undefined && validate) {
        const valid = (b: unknown) => Boolean(validate(b));
        const keep = (p: string) => ids.has(p.replace(/\.\d+(?=\.|$)/g, '')) || sensitive(p);
        // Every enum and coded member at another value; each list the answer or the read shows sent several items (FD-PROP-ECHO-AS-SENT, every item).
        const { body, lists } = tellingWrite(FD_CONTRACT, writer, read?.reader, call.body, valid, keep);
        if (lists.length) listsOf.set(operationId, lists);
        call = { ...call, body };
      }
      probes.push({
        writer,
        call,
        plain,
        ...(read ? { read } : {}),
      });
    }
    // Each write at a second of its own on the mock's clock: a date it sets differs from the one the write before left.
    const outcomes = await writeThenRead(fdApi, probes, () => fdMock.advanceClock(1));
    const seen = afterWriteExceptions(outcomes);
    stateOut.push(...seen.state);
    echoOut.push(...seen.echo);
    // Every version of a writer (an FCRA and a non-FCRA PSI run, a refresh v1 and v2) read back
    // against the others: one of them written again with the other's body (FD-PROP-SAME-ON-EVERY-READER).
    const agree = new Violations(SAME_ON_EVERY_READER);
    const VERSIONS = writerVersions(FD_CONTRACT);
    const agreeChecked: string[] = [];
    const agreeOut: PropertyException[] = [];
    for (const group of VERSIONS) {
      const [a, b] = group.map((w) => outcomes.find((o) => o.probe.writer === w));
      const after = readerAfterWrite(FD_CONTRACT, group[0]);
      if (!a?.read || !b?.read || !after) {
        for (const w of group)
          agreeOut.push({
            operationId: w.operationId,
            reason: 'a version of it was not read back here (its sample refused, or no reader of what it made)',
          });
        continue;
      }
      // The three writes back to back, each sent the second version's body: two of the first version, then the second.
      const call = { ...a.probe.call, body: b.probe.call.body };
      const first = { writer: a.probe.writer, call, read: readAfterCall(after, call) };
      const [a1, a2, b1] = await writeThenRead(fdApi, [first, first, { ...b.probe, plain: undefined }]);
      if (checkVersionsAgree(a1, a2, b1, agree)) agreeChecked.push(...group.map((w) => w.operationId));
      else
        for (const w of group)
          agreeOut.push({
            operationId: w.operationId,
            reason: `written again with the other version's body, it answered ${a1.status}, ${a2.status}, ${b1.status}`,
          });
    }
    // Every other reader of what each writer made (its by-id reader, its collection's list) against the answer.
    const everyReader = await checkEveryReader(fdApi, FD_CONTRACT, outcomes, agree);
    test.info().annotations.push({
      type: 'checker-coverage',
      description: `every reader of the object: ${everyReader.writers.length} writers' answers compared with another reader of their object (${everyReader.reads} reads): ${everyReader.writers.join(', ')}`,
    });
    countProperty(test.info(), {
      property: SAME_ON_EVERY_READER,
      service: 'financial-data',
      rule: 'FD-PROP-SAME-ON-EVERY-READER',
      applies: VERSIONS.flat().map((w) => w.operationId),
      checked: agreeChecked,
      exceptions: agreeOut,
    });
    const state = new Violations(ANSWER_IS_STATE);
    const echo = new Violations(ECHO_AS_SENT);
    const stateChecked = checkAnswerIsState(outcomes, state);
    const echoChecked = checkEchoAsSent(outcomes, echo, sensitive);
    countProperty(test.info(), {
      property: ANSWER_IS_STATE,
      service: 'financial-data',
      rule: 'FD-PROP-ANSWER-IS-STATE',
      applies: WRITERS.filter(answersBody).map((w) => w.operationId),
      checked: stateChecked,
      exceptions: stateOut.filter((e) => WRITERS.find((w) => w.operationId === e.operationId && answersBody(w))),
    });
    countProperty(test.info(), {
      property: ECHO_AS_SENT,
      service: 'financial-data',
      rule: 'FD-PROP-ECHO-AS-SENT',
      applies: WRITERS.filter((w) => w.requestBody).map((w) => w.operationId),
      checked: echoChecked,
      exceptions: echoOut,
    });
    // Every item of each list the answer or the read shows, once, as sent (the same rule, its lists).
    const itemsChecked = checkEveryItemAsSent(outcomes, (o) => listsOf.get(o.probe.writer.operationId) ?? [], echo, sensitive);
    const itemsApply = WRITERS.filter((w) => echoedLists(FD_CONTRACT, w, readOfWrite(FD_CONTRACT, w, {})?.reader).length).map(
      (w) => w.operationId,
    );
    countProperty(test.info(), {
      property: ECHO_EVERY_ITEM,
      service: 'financial-data',
      rule: 'FD-PROP-ECHO-AS-SENT',
      applies: itemsApply,
      checked: itemsChecked,
      exceptions: itemsLeftOut(outcomes, itemsApply, itemsChecked, (id) => listsOf.get(id) ?? [], echoOut),
    });
    // The registrations written here approved now (APPROVAL_S), not while a later check reads the partner's list:
    // the mock approves a registration when it is read, and its clock is restored when the test ends,
    // so the partner's list is read once on the moved clock.
    await fdMock.advanceClock(APPROVAL_S);
    await fdApi.call('getApplications', sampleCall('getApplications', fd, world.entities));
    expect(
      [...state.list, ...echo.list, ...agree.list],
      [state.describe(), echo.describe(), agree.describe()].filter(Boolean).join('\n'),
    ).toEqual([]);
  },
);
