// Covers: a refused request leaves no trace (FD-PROP-REFUSED-NO-TRACE) on every writer: each valid sample on the live
// objects refused for every reason its contract states (validation, catalogue, port, credentials, another partner, a 409
// duplicate, a 404's unresolved member, a harness-set condition, a refused kind or state: invariants.refused-subjects.spec.ts);
// every reader of what it names answers as before. Checker: refused-trace.ts; counts: the certification's (rule x path).
import { mockOnly, rules, sampleCall, spareAuth, test, type FdOperationId } from '../../fixtures/financial-data.js';
import { movesAloneOf, parentReadersOf } from '../../helpers/client/invariants/refused-subjects.js';
import { countRefusedNoTrace } from '../shared/refused-trace.js';
import {
  checkRefusedLeaveNoTrace,
  REFUSED_NO_TRACE,
  sendsTestDeliveries,
  deliveriesRead,
  traceWriters,
} from '../../helpers/client/invariants/refused-trace.js';
import { readerAfterWrite } from '../../helpers/client/security/read-only.js';
import { lastOwnedPathId, leavesOf, namedResources, readersOfNamed, setAt } from '../../helpers/client/invariants/kit.js';
import { type LiveObjects, Violations, withObjects } from '../../helpers/client/security/probe.js';
import type { CallOptions } from '../../helpers/client/client.js';
import type { Operation } from '../../helpers/contract/contract.js';
import type { FdMockControl } from '../../helpers/target/financial-data.js';
import { readerCall } from './records.known.js';
import { tellingBody } from '../../helpers/client/invariants/echo.js';
import { kindOfKey } from '../../helpers/secrets/sensitive.js';
import { camel, versionless } from '../../helpers/contract/writers.js';
import { DELETED_BY, FD_CONTRACT, FD_EXEMPT, FD_OBJECT_OPS, liveWorld, NOT_DELETES } from './security.known.js';
import { afterDeleteProbes, deletes } from '../../helpers/client/security/after-delete.js';
import { otherPartnerProbes } from '../../helpers/client/security/other-partner.js';
import {
  catalogueOperations,
  conditionRefusalsOf,
  type Condition,
  listedAt,
  methodProbesOf,
  NOT_ACCEPTABLE,
  rateOf,
  rateRefusalOf,
  refusalsOf,
  siblingReadersOf,
  stateRefusalsOf,
  type Tell,
  type Read,
  type TraceProbe,
} from '../../helpers/client/invariants/refusals.js';

/** A leaf that moves without a write (refused-subjects.ts): an "as of now" date, a report leaving inProgress. */
const movesAlone = movesAloneOf(FD_CONTRACT);

const WRITERS = traceWriters(FD_CONTRACT);
/** The operations that send test deliveries: the deliveries they make are a reader of what their object's subscriptions hold. */
const TRIGGERS = [...FD_CONTRACT.operations.values()].filter(sendsTestDeliveries);

/** The reads of the object a writer's valid call made or found: its by-id reader and the views under its path. */
function existingReads(
  writer: (typeof WRITERS)[number]['writer'],
  world: Awaited<ReturnType<typeof liveWorld>>,
  fd: Parameters<typeof readerCall>[2],
  fdMock: FdMock,
) {
  const after = readerAfterWrite(FD_CONTRACT, writer);
  if (!after) return undefined;
  const last = lastOwnedPathId(FD_CONTRACT, after.reader);
  if (!last) return undefined;
  const own = versionless(after.reader.path);
  const readers = [...FD_CONTRACT.operations.values()].filter(
    (o) =>
      o.method === 'GET' &&
      (versionless(o.path) === own || new RegExp(`^${own.replace(/[{}]/g, '\\$&')}/[a-z]+$`, 'i').test(versionless(o.path))),
  );
  return (answer: unknown): Read[] => {
    const record = (Array.isArray(answer) ? answer[0] : answer) as Record<string, unknown> | undefined;
    const id = after.idParams.length ? (record?.[last.name] ?? record?.[camel(last.name)] ?? record?.id) : world.objects[last.resource];
    if (id === undefined || typeof id === 'object') return [];
    return withViews(
      readers.flatMap((operation) => {
        const call = readerCall(operation, world, fd, { ...world.objects, [last.resource]: String(id) });
        return typeof call === 'string' ? [] : [{ operation, call }];
      }),
      fdMock,
    );
  };
}
/** The harness's views of what no operation reads: the amounts micro entries drew (seed 002, Micro entries). */
type FdMock = Pick<FdMockControl<string>, 'microAmounts'>;
const HARNESS_VIEWS: Record<string, (fdMock: FdMock, call: CallOptions) => Read['view']> = {
  GetMicroDepositsDetails: (fdMock, call) => {
    const accountId = String(call.path?.accountId);
    return {
      name: `the amounts micro entries ${accountId} drew`,
      read: async () => ({ status: 200, body: await fdMock.microAmounts(accountId) }),
    };
  },
};
/** The reads with the harness's view beside each reader that has one. */
const withViews = (reads: Read[], fdMock: FdMock): Read[] => [
  ...reads,
  ...reads.flatMap((r) => {
    const view = HARNESS_VIEWS[r.operation.operationId]?.(fdMock, r.call);
    return view ? [{ ...r, view }] : [];
  }),
];
const sensitive = (path: string) => kindOfKey(path.split('.').at(-1)!) !== undefined;

/** A run's own digits, so that the objects a rate's calls name are new to the target. */
const RUN = String(Date.now()).slice(-3);
/** The valid call naming another object, the k-th: each sensitive number made the run's and k's, where the contract takes it. */
function anotherObject(valid: CallOptions, k: number, ok: (body: unknown) => boolean): CallOptions {
  let body = valid.body;
  for (const [p, v] of leavesOf(valid.body)) {
    if (!sensitive(p) || typeof v !== 'string' || !/^[0-9]{8,}$/.test(v)) continue;
    const tail = `${RUN}${String(k).padStart(2, '0')}`;
    const next = setAt(body, p.split('.'), v.slice(0, -tail.length) + tail);
    if (ok(next)) body = next;
  }
  return { ...valid, body };
}

test(
  'a refused write (each stated validation rule, catalogue, URL port, no credentials, another partner, a duplicate) leaves every reader of what it names as before @assumption @mock-only',
  mockOnly(
    rules('FD-PROP-REFUSED-NO-TRACE'),
    "sends refused writes to every writer, the spare partner's and the unauthenticated ones among them: a target that wrongly takes one changes the partner-wide state (secret, registrations, lists) every worker of a sandbox reads, which the mock keeps per worker",
  ),
  async ({ fd, fdApi, fdMock, createCustomer }) => {
    const world = await liveWorld(fd, fdApi, (id) => fdMock.linkAccounts(id));
    /** A read by each reader on the objects (the live ones by default); a test trigger is read as the deliveries it makes (triggerReads), never as its bare answer. */
    const readsOn = (readers: readonly Operation[], objects: LiveObjects = world.objects): Read[] =>
      readers
        .filter((operation) => !sendsTestDeliveries(operation))
        .flatMap((operation) => {
          const call = readerCall(operation, world, fd, objects);
          return typeof call === 'string' ? [] : [{ operation, call }];
        });
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
    // The catalogues request members are bound to (x-offered-by), read once: a refusal names a value outside them.
    const catalogues = new Map<string, string[]>();
    for (const { operation, at } of catalogueOperations(FD_CONTRACT)) {
      const call = readerCall(FD_CONTRACT.operationOf(operation), world, fd);
      const res = typeof call === 'string' ? undefined : await fdApi.callOperation(FD_CONTRACT.operationOf(operation), call);
      if (res?.status === 200) catalogues.set(operation, listedAt(res.body, at));
    }
    // What a subscription stores shows in the deliveries of its object's test trigger (the mock's record of its outbound calls).
    const triggerReads = TRIGGERS.flatMap((operation): Read[] => {
      const call = readerCall(operation, world, fd);
      if (typeof call === 'string') return [];
      return [{ operation, call, send: deliveriesRead(fdApi, () => fdMock.deliveries(), operation, call) }];
    });
    // The refusals whose condition the harness sets up (seed 002, Errors 403, 406): an Accept, a disputed statement, a freeze.
    const customer = world.objects.customer;
    const conditions: Condition[] = [NOT_ACCEPTABLE];
    if (fd.disputedCustomerId) {
      const objects = { ...world.objects, customer: fd.disputedCustomerId };
      conditions.push({ status: 403, names: /disputed/i, why: 'the customer has a disputed statement', objects });
    }
    if (customer) {
      const freeze = { setUp: () => fdMock.securityFreeze(customer), undo: () => fdMock.securityFreeze(customer, false) };
      conditions.push({ status: 403, names: /security freeze/i, why: 'the customer is under a security freeze', ...freeze });
    }
    // The refusals the operation's own description states (Condition.stated): a test transaction on an
    // active customer's account (seed 002, Events: testing accounts only), a PSI run on a type PSI does not
    // rate (rules/psi.yaml FD-PSI-ACCOUNT-TYPE), a VOIE payroll refresh with none to refresh (seed 002).
    const active = await createCustomer('active');
    const activeAccount = (await fdMock.linkAccounts(active)).accounts.find((a) => a.status === 'active');
    const unrated = world.entities.linked?.accounts.find(
      (a) => a.status === 'active' && !['checking', 'savings', 'moneyMarket'].includes(a.type),
    );
    const stated = 'operation' as const;
    if (activeAccount) {
      const objects = { ...world.objects, customer: active, account: String(activeAccount.id) };
      const why = "the account is an active (not a testing) customer's";
      conditions.push({ status: 400, stated, names: /testing accounts only/i, why, objects });
    }
    if (unrated) {
      const objects = { ...world.objects, account: String(unrated.id) };
      const why = `the account is of a type PSI does not rate (${unrated.type})`;
      conditions.push({ status: 400, stated, names: /account PSI does not rate/i, why, objects });
    }
    const noPayroll = { ...world.objects, customer: world.otherParents.customer! };
    const noPayrollWhy = 'the customer has no VOIE payroll report to refresh';
    conditions.push({ status: 404, stated, names: /no VOIE payroll report to refresh/i, why: noPayrollWhy, objects: noPayroll });
    const conditionProbes: TraceProbe[] = [];
    /** The documented refusals whose condition the harness cannot set up, by writer. */
    const unproduced: string[] = [];
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
      const reads = readsOn(readers);
      const named = namedResources(FD_CONTRACT, writer).at(-1);
      reads.push(...triggerReads.filter((t) => named !== undefined && namedResources(FD_CONTRACT, t.operation).at(-1) === named));
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
      const refusals = refusalsOf(FD_CONTRACT, writer, valid, ownership.get(operationId), telling, catalogues);
      // The condition refusals: the valid call, told, on the condition's objects; its readers read on them.
      const conditioned = conditionRefusalsOf(FD_CONTRACT, writer, conditions, (objects) => {
        if (objects && !withIds) return undefined;
        const call = objects && withIds ? withObjects(world.sample(withIds), withIds.ids, objects) : valid;
        return telling(call, () => false);
      });
      unproduced.push(...conditioned.leftOut.map((why) => `${operationId} ${why}`));
      for (const refusal of conditioned.refusals) {
        const objects = conditions.find((c) => refusal.why.includes(c.why))?.objects;
        const on = readsOn(readers, objects);
        if (on.length) conditionProbes.push({ writer, refusals: [refusal], reads: on });
        else unproduced.push(`${operationId} ${refusal.statuses!.join()} (no reader of the objects it names)`);
      }
      // A child id naming nothing: the readers of the parent's children join (refused-subjects.ts parentReadersOf).
      if (refusals.some((r) => r.reason === 'unresolved'))
        reads.push(...readsOn(parentReadersOf(FD_CONTRACT, writer).filter((o) => !reads.some((r) => r.operation === o))));
      const existing = refusals.some((r) => r.prime) ? existingReads(writer, world, fd, fdMock) : undefined;
      if (!reads.length && !existing) exceptions.push({ operationId, reason: 'the contract has no reader of an object it names' });
      else if (!refusals.length) exceptions.push({ operationId, reason: 'documents no refusal its sample can be turned into' });
      else {
        probes.push({ writer, refusals, reads, ...(existing ? { existing } : {}) });
        // A stated rate (x-rate on its 429): its own probe, the rate used up by calls on other objects first.
        const rate = rateRefusalOf(FD_CONTRACT, writer, (k) => anotherObject(valid, k, (b) => !validate || Boolean(validate(b))));
        if (rate) probes.push({ writer, refusals: [rate], reads });
      }
    }
    // The method reason: on each path naming an object a GET reads, a method the path does not document.
    const methods = methodProbesOf(
      FD_CONTRACT,
      (operation) => {
        const call = readerCall(operation, world, fd);
        return typeof call === 'string' ? undefined : call;
      },
      (operation) => {
        const withIds = FD_OBJECT_OPS.find((o) => o.operation === operation);
        return withIds ? withObjects(world.sample(withIds), withIds.ids, world.objects).body : undefined;
      },
    );
    probes.push(...methods.probes);
    exceptions.push(...methods.leftOut);
    // A reader's stated rate (the report lists' x-rate): used up by its own call, last, so no other probe meets the 429.
    const RATED = [...FD_CONTRACT.operations.values()].filter((op) => !WRITERS.some((w) => w.writer === op) && rateOf(FD_CONTRACT, op));
    for (const reader of RATED) {
      const call = readerCall(reader, world, fd);
      const rate = typeof call === 'string' ? undefined : rateRefusalOf(FD_CONTRACT, reader, () => call);
      if (rate) probes.push({ writer: reader, refusals: [rate], reads: [] });
      else exceptions.push({ operationId: reader.operationId, reason: `no call of it on the live objects (${String(call)})` });
    }
    const violations = new Violations(REFUSED_NO_TRACE);
    const advance = async (s: number) => void (await fdMock.advanceClock(s));
    const { checked, sent } = await checkRefusedLeaveNoTrace(fdApi, probes, violations, movesAlone, 'FD-PROP-REFUSED-NO-TRACE', advance);
    // The condition reason, before any object is deleted: one read round over every writer's condition refusal.
    if (conditionProbes.length) {
      const state = await checkRefusedLeaveNoTrace(fdApi, conditionProbes, violations, movesAlone, 'FD-PROP-REFUSED-NO-TRACE');
      for (const id of state.checked) if (!checked.includes(id)) checked.push(id);
      for (const [k, n] of state.sent) sent.set(k, (sent.get(k) ?? 0) + n);
    }
    // The state reason (stateRefusalsOf): per resource family, its object deleted first, then each writer naming it sent.
    const families: string[] = [];
    const deleters = deletes(FD_OBJECT_OPS, NOT_DELETES);
    /** How many other deletes' paths lie under a delete's: a parent goes after the objects under it. */
    const under = (o: (typeof deleters)[number]) =>
      deleters.filter((x) => x !== o && versionless(x.operation.path).startsWith(`${versionless(o.operation.path)}/`)).length;
    for (const d of deleters.sort(
      (a, b) => under(a) - under(b) || b.operation.path.split('/').length - a.operation.path.split('/').length,
    )) {
      const by = d.operation.operationId;
      const resource = DELETED_BY[by] ?? d.ids.filter((id) => id.in === 'path').at(-1)?.resource;
      if (!resource || families.some((f) => f.startsWith(`${resource} `)) || !world.objects[resource]) continue;
      // An institution login is the spare one (its accounts none of the live objects), as the use-after-delete check deletes it.
      const gone: LiveObjects = { ...world.objects, ...(resource === 'institutionLogin' ? { institutionLogin: world.spareLogin.id } : {}) };
      const removed = await fdApi.callOperation(d.operation, withObjects(world.sample(d), d.ids, gone));
      if (removed.status >= 300) {
        families.push(`${resource} (left out: ${by} answered ${removed.status}, the object gone with another)`);
        continue;
      }
      // One read round per family: every writer on the deleted object between the reads of what they name and of its siblings.
      const { probes: afterDelete } = afterDeleteProbes(FD_OBJECT_OPS, world.sample, gone, { resource, id: gone[resource]! });
      const refusals = stateRefusalsOf(afterDelete, { resource, by });
      const reads = readsOn(
        [...new Set([...refusals.flatMap((r) => readersOfNamed(FD_CONTRACT, r.writer)), ...siblingReadersOf(FD_CONTRACT, d.operation)])],
        gone,
      );
      if (!reads.length) {
        families.push(`${resource} (left out: no reader of it nor of its collection)`);
        continue;
      }
      const family: TraceProbe[] = [{ writer: d.operation, refusals: refusals.map((r) => ({ ...r.refusal, operation: r.writer })), reads }];
      const state = await checkRefusedLeaveNoTrace(fdApi, family, violations, movesAlone, 'FD-PROP-REFUSED-NO-TRACE');
      for (const id of state.checked) if (!checked.includes(id)) checked.push(id);
      for (const [k, n] of state.sent) sent.set(k, (sent.get(k) ?? 0) + n);
      families.push(`${resource} by ${by}: ${refusals.length} writers, ${reads.length} readers`);
    }
    test.info().annotations.push({ type: 'state refusals: objects deleted, by resource', description: families.join('; ') });
    const also = RATED.map((op) => op.operationId);
    countRefusedNoTrace('FD-PROP-REFUSED-NO-TRACE', { writers: WRITERS, methods, also, probes, checked, sent, unproduced, exceptions });
    violations.expectNone();
  },
);
