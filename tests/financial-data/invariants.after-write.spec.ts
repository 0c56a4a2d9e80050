// Covers: two properties of every financial data writer that succeeds, from one write each
// (after-write.ts): its answer is the state after it (FD-PROP-ANSWER-IS-STATE), every value sent comes
// back as sent (FD-PROP-ECHO-AS-SENT), and every version of a writer (an FCRA and a non-FCRA PSI run, a
// refresh v1 and v2) reads back the owner alike (FD-PROP-SAME-ON-EVERY-READER). Counts: rule x path.
import { expect, mockOnly, rules, sampleCall, test } from '../../fixtures/financial-data.js';
import type { PropertyException } from '../../helpers/client/property-counts.js';
import { readAfterCall, writeThenRead } from '../../helpers/client/invariants/after-write.js';
import {
  checkEveryReader,
  checkVersionsAgree,
  readerAfterWrite,
  readOfWrite,
  SAME_ON_EVERY_READER,
  writerVersions,
} from '../../helpers/client/invariants/answer-state.js';
import { expectNone, Violations, withObjects } from '../../helpers/client/security/probe.js';
import { kindOfKey } from '../../helpers/secrets/sensitive.js';
import { writeEveryWriter } from '../shared/after-write.js';
import { liveCall } from './records.known.js';
import { FD_CONTRACT, FD_OBJECT_OPS, liveWorld } from './security.known.js';
import { countRule, noteCoverage } from '../shared/property.js';

/** The mock approves a registration a day after it was written (mocks/financial-data/app-registration.ts): approved before the end. */
const APPROVAL_S = 86_400;
const sensitive = (path: string) => kindOfKey(path.split('.').at(-1)!) !== undefined;

test(
  'a writer answers the state a read right after it shows, and every value it was sent as sent @assumption @mock-only',
  mockOnly(
    // Every writer's 2xx once, each judged by the client against its response schema (FD-RESP-FORMS, provider 1.35.0): a run
    // of that rule's checks reaches every writer's answer here, every reader's in properties.dates.spec.ts.
    rules('FD-PROP-ANSWER-IS-STATE', 'FD-PROP-ECHO-AS-SENT', 'FD-PROP-SAME-ON-EVERY-READER', 'FD-RESP-FORMS'),
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
    const { outcomes, judge } = await writeEveryWriter({
      api: fdApi,
      prefix: 'FD',
      callOf: async (writer) => {
        const call = liveCall(writer, world, fd, objects);
        // A one-per-customer create (a consumer, a business) goes to the customer that has none.
        if (typeof call === 'string' || !/^(CreateConsumer|AddBusinessDetails)$/.test(writer.operationId)) return call;
        return withObjects(call, FD_OBJECT_OPS.find((o) => o.operation === writer)!.ids, { ...objects, customer: bare });
      },
      readOf: (writer, sent) => readOfWrite(FD_CONTRACT, writer, sent),
      kept: sensitive,
      // Each write at a second of its own on the mock's clock: a date it sets differs from the one the write before left.
      beforeWrite: () => fdMock.advanceClock(1),
    });
    // Every version of a writer (an FCRA and a non-FCRA PSI run, a refresh v1 and v2) read back
    // against the others: one of them written again with the other's body (FD-PROP-SAME-ON-EVERY-READER).
    const agree = new Violations(SAME_ON_EVERY_READER);
    const VERSIONS = writerVersions(FD_CONTRACT);
    const agreeChecked: string[] = [];
    const agreeOut: PropertyException[] = [];
    const leaveOut = (group: { operationId: string }[], reason: string) =>
      agreeOut.push(...group.map(({ operationId }) => ({ operationId, reason })));
    for (const group of VERSIONS) {
      const [a, b] = group.map((w) => outcomes.find((o) => o.probe.writer === w));
      const after = readerAfterWrite(FD_CONTRACT, group[0]);
      if (!a?.read || !b?.read || !after) {
        leaveOut(group, 'a version of it was not read back here (its sample refused, or no reader of what it made)');
        continue;
      }
      // The three writes back to back, each sent the second version's body: two of the first version, then the second.
      const call = { ...a.probe.call, body: b.probe.call.body };
      const first = { writer: a.probe.writer, call, read: readAfterCall(after, call) };
      const [a1, a2, b1] = await writeThenRead(fdApi, [first, first, { ...b.probe, plain: undefined }]);
      if (checkVersionsAgree(a1, a2, b1, agree)) agreeChecked.push(...group.map((w) => w.operationId));
      else leaveOut(group, `written again with the other version's body, it answered ${a1.status}, ${a2.status}, ${b1.status}`);
    }
    // Every other reader of what each writer made (its by-id reader, its collection's list) against the answer.
    const everyReader = await checkEveryReader(fdApi, FD_CONTRACT, outcomes, agree);
    noteCoverage(
      `every reader of the object: ${everyReader.writers.length} writers' answers compared with another reader of their object (${everyReader.reads} reads): ${everyReader.writers.join(', ')}`,
    );
    countRule(SAME_ON_EVERY_READER, 'FD-PROP-SAME-ON-EVERY-READER', {
      applies: VERSIONS.flat().map((w) => w.operationId),
      checked: agreeChecked,
      exceptions: agreeOut,
    });
    const [state, echo] = judge();
    // The registrations written here approved now (APPROVAL_S), on the moved clock, not while a later check reads the list.
    await fdMock.advanceClock(APPROVAL_S);
    await fdApi.call('getApplications', sampleCall('getApplications', fd, world.entities));
    expectNone([state, echo, agree]);
  },
);
