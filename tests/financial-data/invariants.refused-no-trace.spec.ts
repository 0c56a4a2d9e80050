// Covers: a refused request leaves no trace (FD-PROP-REFUSED-NO-TRACE), on every writer of the
// financial data contract (every operation that is not a read; helpers/client/invariants/kit.ts):
// each is sent its valid sample on the live objects of security.known.ts with one member the contract
// refuses, without credentials, as another partner, and, where it documents a 409, again as a
// duplicate of what it made (a customer's username taken, a second consumer or business, micro entries
// already open); every reader of the objects it names (the object, its collection) then answers as
// before, member by member. The checker is
// helpers/client/invariants/refused-trace.ts; its counts are the certification's (rule x path).
import { expect, mockOnly, rules, sampleCall, spareAuth, test, type FdOperationId } from '../../fixtures/financial-data.js';
import { countProperty } from '../../helpers/client/property-counts.js';
import {
  checkRefusedLeaveNoTrace,
  refusalsOf,
  REFUSED_NO_TRACE,
  traceWriters,
  type Tell,
  type TraceProbe,
} from '../../helpers/client/invariants/refused-trace.js';
import { Violations, withObjects } from '../../helpers/client/security/probe.js';
import type { CallOptions } from '../../helpers/client/client.js';
import { readerCall } from './records.known.js';
import { tellingBody } from '../../helpers/client/invariants/echo.js';
import { kindOfKey } from '../../helpers/secrets/sensitive.js';
import { FD_CONTRACT, FD_EXEMPT, FD_OBJECT_OPS, liveWorld } from './security.known.js';
import { otherPartnerProbes } from '../../helpers/client/security/other-partner.js';
import { eventDateMembers } from '../../helpers/contract/event-dates.js';

/** The members dating a past event (helpers/contract/event-dates.ts): they never move without a write. */
const EVENT_DATES = eventDateMembers(FD_CONTRACT);
/** An epoch-seconds leaf that is no event's date moved forward by the run's seconds: an "as of now" date (asOfDate). */
const asOfNow = (path: string, before: unknown, after: unknown) =>
  typeof before === 'number' &&
  typeof after === 'number' &&
  before > 1e9 &&
  after >= before &&
  after - before < 600 &&
  !EVENT_DATES.has(path.split('.').at(-1)!);

const WRITERS = traceWriters(FD_CONTRACT);
const sensitive = (path: string) => kindOfKey(path.split('.').at(-1)!) !== undefined;

test(
  'a refused write (invalid member, no credentials, another partner) leaves every reader of what it names as before @assumption @mock-only',
  mockOnly(
    rules('FD-PROP-REFUSED-NO-TRACE'),
    "sends refused writes to every writer, the spare partner's and the unauthenticated ones among them: a target that wrongly takes one changes the partner-wide state (secret, registrations, lists) every worker of a sandbox reads, which the mock keeps per worker",
  ),
  async ({ fd, fdApi, fdMock }) => {
    void fdMock;
    const world = await liveWorld(fd, fdApi, (id) => fdMock.linkAccounts(id));
    const other = await spareAuth(fdApi, fd);
    // Another partner's caller on each writer's objects, as the other-partner checker probes them (its exemptions kept).
    const ownership = new Map(
      other
        ? otherPartnerProbes(FD_OBJECT_OPS, world.sample, world.objects, fd.sparePartner!.partnerId, FD_EXEMPT).probes.map((p) => [
            p.operation.operationId,
            { ...p.call, auth: other },
          ])
        : [],
    );
    const probes: TraceProbe[] = [];
    const exceptions: { operationId: string; reason: string }[] = [];
    for (const { writer, readers } of WRITERS) {
      const { operationId } = writer;
      const withIds = FD_OBJECT_OPS.find((o) => o.operation === writer);
      let valid: CallOptions;
      try {
        valid = withIds
          ? withObjects(world.sample(withIds), withIds.ids, world.objects)
          : (sampleCall(operationId as FdOperationId, fd, world.entities) as CallOptions);
      } catch (error) {
        exceptions.push({ operationId, reason: `no sample call (${(error as Error).message.split('\n')[0]})` });
        continue;
      }
      const reads = readers.flatMap((operation) => {
        const call = readerCall(operation, world, fd);
        return typeof call === 'string' ? [] : [{ operation, call }];
      });
      // Each refused request carries values that tell (helpers/client/invariants/echo.ts): one the live object already holds would hide a trace.
      const validate = FD_CONTRACT.requestValidatorOf(operationId);
      const ids = new Set((withIds?.ids ?? []).map((id) => id.at));
      const telling: Tell = (call, keep) =>
        call.body !== undefined && validate
          ? {
              ...call,
              body: tellingBody(
                call.body,
                (b) => Boolean(validate(b)),
                (p, v) => ids.has(p.replace(/\.\d+(?=\.|$)/g, '')) || sensitive(p) || keep(p, v),
              ),
            }
          : call;
      const refusals = refusalsOf(FD_CONTRACT, writer, valid, ownership.get(operationId), telling);
      if (!reads.length) exceptions.push({ operationId, reason: 'the contract has no reader of an object it names' });
      else if (!refusals.length) exceptions.push({ operationId, reason: 'documents no refusal its sample can be turned into' });
      else probes.push({ writer, refusals, reads });
    }
    const violations = new Violations(REFUSED_NO_TRACE);
    const checked = await checkRefusedLeaveNoTrace(fdApi, probes, violations, asOfNow);
    for (const p of probes)
      if (!checked.includes(p.writer.operationId))
        exceptions.push({ operationId: p.writer.operationId, reason: 'none of its refusals was refused' });
    countProperty(test.info(), {
      property: REFUSED_NO_TRACE,
      service: 'financial-data',
      rule: 'FD-PROP-REFUSED-NO-TRACE',
      applies: WRITERS.map((w) => w.writer.operationId),
      checked,
      exceptions,
    });
    expect(violations.list, violations.describe()).toEqual([]);
  },
);
