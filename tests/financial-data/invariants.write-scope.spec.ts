// Covers: a successful write changes only what it names (FD-PROP-WRITE-SCOPE) on every writer: the named object between
// siblings of its kind, each reading as before through its by-id readers, its collections' entries and its test deliveries;
// every date a write stamps is its own time (FD-DATE-WRITE-TIME, by the answer judge). Checker: write-scope.ts.
import {
  expect,
  fdLimit,
  mockOnly,
  newBusiness,
  newConsumer,
  rules,
  sampleCall,
  test,
  type FdOperationId,
} from '../../fixtures/financial-data.js';
import type { PropertyException } from '../../helpers/client/property-counts.js';
import {
  checkWriteScope,
  latestReaders,
  otherStateCall,
  parentStateCalls,
  scopeReaders,
  twinOf,
  WRITE_SCOPE,
  type ScopeProbe,
  type ScopeRead,
} from '../../helpers/client/invariants/write-scope.js';
import { DATE_UNITS, DateUnits } from '../../helpers/client/invariants/dates.js';
import { isRead, lastOwnedPathId, movesAloneBeside, namedResources, writersOfContract } from '../../helpers/client/invariants/kit.js';
import { sendsTestDeliveries, deliveriesRead } from '../../helpers/client/invariants/refused-trace.js';
import { Violations, withObjects, type LiveObjects } from '../../helpers/client/security/probe.js';
import { objectIdsOf } from '../../helpers/contract/object-ids.js';
import { eventDateMembers } from '../../helpers/contract/event-dates.js';
import { camel } from '../../helpers/contract/writers.js';
import type { CallOptions } from '../../helpers/client/client.js';
import type { Operation } from '../../helpers/contract/contract.js';
import { sampleSubscriptionBody } from '../../fixtures/examples/fd-samples/webhooks.js';
import { liveCall, readerCall } from './records.known.js';
import { FD_CONTRACT, FD_EXEMPT, FD_OBJECT_OPS, liveWorld, spareAuth } from './security.known.js';
import { countRule } from '../shared/property.js';

const DATES = new DateUnits(FD_CONTRACT);
/** The members described as a position in the siblings' listing (displayPosition, "1 on top"): a sibling's delete moves them. */
const POSITIONS = new Set<string>();
{
  const seen = new Set<unknown>();
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    const properties = (node as { properties?: Record<string, { description?: string }> }).properties ?? {};
    for (const [name, schema] of Object.entries(properties))
      if (/^Position of\b.*\blisting\b/i.test(String(schema?.description ?? ''))) POSITIONS.add(name);
    Object.values(node).forEach(walk);
  };
  walk(FD_CONTRACT.document.components?.schemas);
}
const asOfNow = movesAloneBeside(eventDateMembers(FD_CONTRACT));
/** A leaf that moves without changing its object: an "as of now" date, a report leaving inProgress, a position once a sibling is deleted. */
const movesAlone = (path: string, before: unknown, after: unknown, writer: Operation) =>
  asOfNow(path, before, after) || (writer.method === 'DELETE' && POSITIONS.has(path.split('.').at(-1)!));
const lastNamed = (op: Operation) => namedResources(FD_CONTRACT, op).at(-1);
/** The resources a path shows under an object of each resource (`/institutionLogins/{institutionLoginId}/accounts`). */
const HOLDS = new Map<string, Set<string>>();
{
  const known = new Set([...FD_CONTRACT.operations.values()].flatMap((op) => objectIdsOf(FD_CONTRACT, op).ids.map((id) => id.resource)));
  for (const op of FD_CONTRACT.operations.values()) {
    const ids = objectIdsOf(FD_CONTRACT, op).ids.filter((id) => id.in === 'path');
    for (const [i, id] of ids.entries()) {
      const rest = op.path.slice(op.path.indexOf(`{${id.name}}`) + id.name.length + 2);
      const collection = /^\/([A-Za-z]+)s(?:\/|$)/.exec(rest)?.[1];
      const under = [...ids.slice(i + 1).map((x) => x.resource), ...(collection && known.has(collection) ? [collection] : [])];
      for (const x of under.filter((x) => x !== id.resource)) HOLDS.set(id.resource, (HOLDS.get(id.resource) ?? new Set()).add(x));
    }
  }
}
/** How much a delete takes: 0 (no delete), 1 (an object holding nothing), 2 (the named object's children), 3 (an object holding others). */
const reach = (op: Operation) => (op.method !== 'DELETE' ? 0 : !/\}$/.test(op.path) ? 2 : HOLDS.get(lastNamed(op) ?? '')?.size ? 3 : 1);
const holdsOther = (a: Operation, b: Operation) => Number(HOLDS.get(lastNamed(a) ?? '')?.has(lastNamed(b) ?? '') ?? false);
/** The writers, children before parents, at each depth deletes last (those taking more after): a parent's write leaves children nothing. */
const WRITERS = writersOfContract(FD_CONTRACT)
  .map((writer, i) => ({ writer, i, depth: namedResources(FD_CONTRACT, writer).length }))
  .sort(
    (a, b) =>
      b.depth - a.depth ||
      reach(a.writer) - reach(b.writer) ||
      holdsOther(a.writer, b.writer) - holdsOther(b.writer, a.writer) ||
      a.i - b.i,
  )
  .map((w) => w.writer);
/** A kind no reader shows but its holder's test trigger delivers (seed 002, Events: "one transaction event and one account event"). */
const DELIVERED_THROUGH: Record<string, string> = { txpushSubscription: 'CreateTxPushTestTransaction' };
/** The operations that send test deliveries (refused-trace.ts): a sibling's TxPush subscriptions show only in what its test transaction delivers. */
const TRIGGERS = [...FD_CONTRACT.operations.values()].filter(sendsTestDeliveries);
/** As the after-write check (invariants.after-write.spec.ts): a registration's approval moves the dates of the partner's list other checks of the worker read. */
const SHARED: Record<string, string> = {
  RegisterApp: "a new registration's approval moves the dates of the partner's list other checks of the worker read",
  ModifyAppRegistration: "a modified registration's approval moves the dates of the partner's list other checks of the worker read",
};

test(
  'a write that succeeds leaves every object it does not name as it was, and dates what it stamps at its own time @assumption @mock-only',
  mockOnly(
    rules('FD-PROP-WRITE-SCOPE', 'FD-PROP-LATEST-WRITE', 'FD-DATE-WRITE-TIME'),
    "sends every writer its valid sample, the partner's secret change (ModifyPartnerSecret) and its deletes among them: on a sandbox the partner and its secret are every worker's, the mock's are the worker's own",
  ),
  async ({ fd, fdApi, fdMock, createCustomer }) => {
    // The siblings made before the live world: a customer (and its consumer and business after it), a configuration.
    const first = await createCustomer('testing');
    const olderConfiguration = await fdApi.callBuilt('post-configurations', { body: {} });
    expect(olderConfiguration.status, 'post-configurations (making a sibling)').toBe(201);
    const world = await liveWorld(fd, fdApi, (id) => fdMock.linkAccounts(id));
    const objects: LiveObjects = { ...world.objects };
    const last = world.otherParents.customer!;
    const made = async (operationId: FdOperationId, call: CallOptions) => {
      const res = await fdApi.callBuilt(operationId, call);
      expect(res.status, `${operationId} (making a sibling)`).toBeLessThan(300);
      return res.body as Record<string, unknown>;
    };
    const owners = [first, last];
    const consumers = [];
    const businesses = [];
    for (const customerId of owners) {
      consumers.push(String((await made('CreateConsumer', { path: { customerId }, body: newConsumer() })).id));
      businesses.push(String((await made('AddBusinessDetails', { path: { customer_id: customerId }, body: newBusiness() })).businessId));
    }
    // A subscription of three events, the middle one named: an event before and one after it (seed 002, Webhook subscriptions).
    const offered = await fdApi.callBuilt('listAvailableWebhookSubscriptionEvents', { headers: {} });
    const body = sampleSubscriptionBody();
    // One the catalogue does not mark with a mandatory condition (provider 1.35.0 AvailableEvent): named bare.
    const bare = (offered.body.events as { name: string; conditionalSubscription?: { mandatory?: boolean } }[])
      .filter((e) => !e.conditionalSubscription?.mandatory)
      .map((e) => e.name);
    const third = bare.find((name) => !body.events.some((e) => e.name === name));
    expect(third, 'an event the catalogue offers beside the sample two').toBeDefined();
    const middle = await made('createWebhookSubscription', {
      body: { ...body, events: [body.events[0], { name: third }, body.events[1]] },
    });
    const events = (middle.events as { webhookEventId: string }[]).map((e) => String(e.webhookEventId));
    const after = await made('createWebhookSubscription', { body: sampleSubscriptionBody() });
    // The named configuration (the live world's) is the older of two of the partner: a write by id reaching the
    // partner's newest instead of the one named shows on the younger (seed 002, Connect components: the configuration of the path).
    const youngerConfiguration = await made('post-configurations', { body: { aoRequired: true } });
    objects.webhookSubscription = String(middle.subscriptionId);
    objects.webhookEvent = events[1]!;
    const accounts = world.entities.linked!.accounts.map((a) => String(a.id));
    const at = accounts.indexOf(objects.account!);
    /** The siblings of each resource, as the live objects to read them with: one made before the named object and one after. */
    const siblings: Record<string, LiveObjects[]> = {
      customer: owners.map((customer) => ({ customer })),
      consumer: consumers.map((consumer, i) => ({ customer: owners[i]!, consumer })),
      business: businesses.map((business, i) => ({ customer: owners[i]!, business })),
      account: [accounts[at - 1], accounts[at + 1]].filter((a) => a !== undefined).map((account) => ({ account })),
      institutionLogin: [{ institutionLogin: world.spareLogin.id }],
      webhookSubscription: [
        { webhookSubscription: world.objects.webhookSubscription! },
        { webhookSubscription: String(after.subscriptionId) },
      ],
      webhookEvent: [{ webhookEvent: events[0]! }, { webhookEvent: events[2]! }],
      configuration: [String(olderConfiguration.body.id), String(youngerConfiguration.id)].map((configuration) => ({ configuration })),
    };
    // Another customer's account is a sibling too (seed 002, Endpoints: each operation acts on the object its path names).
    const elsewhere = await fdApi.callBuilt('GetCustomerAccounts', { path: { customerId: last } });
    expect(elsewhere.status, 'GetCustomerAccounts of the other customer (making a sibling)').toBe(200);
    siblings.account!.push({ customer: last, account: String(elsewhere.body.accounts[0].id) });
    // Every account sibling holds TxPush subscriptions of its own: a write reaching them shows in its test deliveries.
    const subscribe = FD_OBJECT_OPS.find((o) => o.operation.operationId === 'SubscribeToTxPushNotifications')!;
    for (const sibling of siblings.account!)
      await made('SubscribeToTxPushNotifications', withObjects(world.sample(subscribe), subscribe.ids, { ...objects, ...sibling }));
    // Micro entries only an initiation makes (seed 002, Micro entries): three receivers, the middle one verified.
    const initiate = sampleCall('InitiateMicroAmountDeposits', fd, world.entities) as CallOptions;
    const micro: { account: string; amounts: number[] }[] = [];
    for (const n of [1, 2, 3]) {
      const receiver = { ...(initiate.body as { receiver: object }).receiver, accountNumber: `88${String(Date.now()).slice(-7)}00${n}` };
      const account = String((await made('InitiateMicroAmountDeposits', { ...initiate, body: { receiver } })).accountId);
      micro.push({ account, amounts: await fdMock.microAmounts(account) });
    }
    // An application of the check's own, approved a day after registering (seed 002, App registration): FRESH.
    const registration = await made('RegisterApp', sampleCall('RegisterApp', fd, world.entities) as CallOptions);
    // The deposits land a day after the initiation (x-limits microEntryDepositDelaySeconds): verified once they have.
    await fdMock.advanceClock(fdLimit('microEntryDepositDelaySeconds'));
    const approved = await fdApi.call('getApplications', { query: { pre_app_id: Number(registration.preAppId), limit: 5 } });
    const mine = (approved.body?.applications ?? []).find(
      (a: { preAppId?: unknown }) => String(a.preAppId) === String(registration.preAppId),
    );
    /** Objects of the check's own that a write points the object it names at, each other than the one it points at already. */
    const FRESH: LiveObjects = mine?.applicationId ? { application: String(mine.applicationId) } : {};
    const ENTRIES: Record<string, { call: CallOptions; siblings: LiveObjects[] }> = {
      VerifyMicroAmountDeposits: {
        call: { path: { customerId: objects.customer!, accountId: micro[1]!.account }, body: { amounts: micro[1]!.amounts } },
        siblings: [micro[0]!, micro[2]!].map(({ account }) => ({ account })),
      },
    };
    /** The deliveries a test trigger makes (the mock's record of its outbound calls), by their scalar members but dates. */
    const delivered = (operation: Operation, call: CallOptions) => deliveriesRead(fdApi, () => fdMock.deliveries(), operation, call);
    const own = new Set([
      ...Object.values(objects),
      ...Object.values(world.otherParents),
      ...Object.values(siblings).flat().flatMap(Object.values),
      ...micro.map((m) => m.account),
    ]);
    const probes: ScopeProbe[] = [];
    const exceptions: PropertyException[] = [];
    const other = await spareAuth(fdApi, fd);
    /** A read by each reader (a test trigger's deliveries are read apart) on the objects, described by `as`; a reader with no call on them left out. */
    const readsOn = (
      readers: readonly Operation[],
      on: LiveObjects,
      as: Omit<ScopeRead, 'operation' | 'call'> | ((call: CallOptions) => Omit<ScopeRead, 'operation' | 'call'>),
    ): ScopeRead[] =>
      readers
        .filter((r) => isRead(r) && !sendsTestDeliveries(r))
        .flatMap((operation) => {
          const call = readerCall(operation, world, fd, on);
          return typeof call === 'string' ? [] : [{ operation, call, ...(typeof as === 'function' ? as(call) : as) }];
        });
    for (const writer of WRITERS) {
      const { operationId } = writer;
      if (SHARED[operationId]) {
        exceptions.push({ operationId, reason: SHARED[operationId] });
        continue;
      }
      const withIds = FD_OBJECT_OPS.find((o) => o.operation === writer);
      const sampled = liveCall(writer, world, fd, objects);
      if (typeof sampled === 'string') {
        exceptions.push({ operationId, reason: sampled });
        continue;
      }
      let call: CallOptions = sampled;
      // A one-per-customer create (a consumer, a business) goes to the customer that has none.
      if (/^(CreateConsumer|AddBusinessDetails)$/.test(operationId))
        call = withObjects(call, withIds!.ids, { ...objects, customer: await createCustomer('testing') });
      if (ENTRIES[operationId]) call = ENTRIES[operationId].call;
      // A write pointing its object at another (a customer's application) points it at one it does not point at yet.
      if (withIds && withIds.ids.some((id) => id.in === 'path' && FRESH[id.resource] !== undefined))
        call = withObjects(call, withIds.ids, { ...objects, ...FRESH });
      const { named, own: byId, collections, parents } = scopeReaders(FD_CONTRACT, writer);
      const others = ENTRIES[operationId]?.siblings ?? (named ? (siblings[named] ?? []) : []);
      // What the write names (its path and body ids) is no sibling: the rest of the check's own objects are.
      // The object it is about (its last named resource) changes with what hangs under it; its parents are read for their other children.
      const ids = objectIdsOf(FD_CONTRACT, writer).ids.filter((id) => id.owner !== 'public');
      const idValue = (id: (typeof ids)[number]) => String(id.in === 'path' ? call.path?.[id.name] : objects[id.resource]);
      const names = new Set([...Object.values(call.path ?? {}).map(String), ...ids.map(idValue)]);
      const about = new Set(ids.filter((id) => id.resource === named).map(idValue));
      const pick = new Set([...own].filter((id) => !names.has(id)));
      const onPath = Object.fromEntries(ids.filter((id) => id.in === 'path').map((id) => [id.resource, idValue(id)]));
      // The named object, read before and after (not compared) so the answer judge holds it (FD-EVENT-DATE-FIXED).
      const namedAt = ids.filter((id) => id.resource === named && idValue(id) !== 'undefined');
      const itself = namedAt.length
        ? readsOn(byId, { ...objects, [named!]: idValue(namedAt[0]!) }, { object: `${named} ${idValue(namedAt[0]!)}`, own: true })
        : [];
      // The other readers of what it names showing one of its inputs (latestReaders): each input shown as sent.
      const latest: ScopeRead[] = latestReaders(FD_CONTRACT, writer)
        .filter((r) => isRead(r) && !sendsTestDeliveries(r))
        .flatMap((operation) => {
          const read = readerCall(operation, world, fd, objects);
          if (typeof read === 'string') return [];
          const sent = Object.entries(call.path ?? {});
          const path = Object.fromEntries(
            Object.keys(read.path ?? {}).map((k) => [k, sent.find(([w]) => camel(w) === camel(k))?.[1] ?? read.path![k]]),
          );
          return [{ operation, call: { ...read, path }, object: `what ${operationId} names`, latest: true }];
        });
      const reads = [
        ...itself,
        ...latest,
        ...byId.flatMap((operation) =>
          others.flatMap((sibling) =>
            readsOn([operation], { ...objects, ...sibling }, { object: `${named} ${Object.values(sibling).at(-1)}` }),
          ),
        ),
        ...collections.flatMap((operation) =>
          readsOn([operation], objects, { object: `the check's own objects ${operation.operationId} lists`, pick, named: about }),
        ),
        // The parents its path names, but for the named child's entry; one pointed at a FRESH object is no sibling.
        ...(named && FRESH[named] ? [] : parents).flatMap((operation) =>
          readsOn([operation], { ...objects, ...onPath }, (read) => ({
            object: `its parent ${Object.values(read.path ?? {}).at(-1)}`,
            parent: true,
            named: about,
          })),
        ),
        // What a sibling's subscriptions hold: the deliveries of its test trigger (sent before and after the other reads).
        ...TRIGGERS.filter((t) => named !== undefined && lastNamed(t) === named).flatMap((operation) =>
          others.flatMap((sibling) => {
            const read = readerCall(operation, world, fd, { ...objects, ...sibling });
            return typeof read === 'string'
              ? []
              : [
                  {
                    operation,
                    call: read,
                    object: `${named} ${Object.values(sibling).at(-1)}, by what it delivers`,
                    send: delivered(operation, read),
                  },
                ];
          }),
        ),
        // A kind read only through its deliveries (a TxPush subscription): the named ones' left out, the others' compared.
        ...(named && DELIVERED_THROUGH[named]
          ? [FD_CONTRACT.operationOf(DELIVERED_THROUGH[named])].flatMap((operation) => {
              const read = readerCall(operation, world, fd, objects);
              if (typeof read === 'string') return [];
              const send = async () => {
                const res = await delivered(operation, read)();
                const kept = res.body.filter((d) => !Object.values(d).some((v) => about.has(String(v))));
                return { status: res.status, body: kept };
              };
              return [{ operation, call: read, object: `the other ${named}s of its holder, by what they deliver`, send }];
            })
          : []),
      ];
      // A create the contract lets make twins (no 409) has the one its own call made just before as a sibling.
      const twins = twinOf(FD_CONTRACT, writer, call);
      if (reads.length === itself.length + latest.length && !twins)
        exceptions.push({
          operationId,
          reason:
            named && !others.length
              ? `the check makes no other ${named} beside the one it names`
              : `the contract has no by-id reader of ${named ? `a ${named}` : 'what it makes'} nor a list its path extends`,
        });
      // A status writer is sent each way, the siblings and the named object first moved to the state it does not set.
      const toOther = otherStateCall(FD_CONTRACT, writer, call);
      const siblingCalls = (state: CallOptions) =>
        withIds && others.length
          ? others.flatMap((sibling) => {
              const moved = withObjects(state, withIds.ids, { ...objects, ...sibling });
              return JSON.stringify(moved.path) !== JSON.stringify(call.path) ? [moved] : [];
            })
          : [];
      // The named object and its parents too are first moved the other way; a child's delete is also sent
      // on the parent's other children, so the parent reads as before, its last child gone.
      const rest =
        writer.method === 'DELETE' && parents.length && withIds
          ? others
              .map((sibling) => withObjects(call, withIds.ids, { ...objects, ...sibling }))
              .filter((c) => JSON.stringify(c.path) !== JSON.stringify(call.path))
          : [];
      const restIds = rest.flatMap((c) => Object.values(c.path ?? {}).map(String)).filter((id) => !names.has(id));
      // A writer another partner may send on our object (a reissue: seed 002, Report retrieval) is sent by
      // the spare partner too: our own reads of that object stay as they were.
      const ours: ScopeRead[] = [...FD_CONTRACT.operations.values()]
        .filter(
          (r) =>
            r !== writer &&
            isRead(r) &&
            !sendsTestDeliveries(r) &&
            /\}$/.test(r.path) &&
            lastOwnedPathId(FD_CONTRACT, r)?.resource === named,
        )
        .flatMap((operation) => {
          const read = namedAt.length ? readerCall(operation, world, fd, { ...objects, [named!]: idValue(namedAt[0]!) }) : 'nothing named';
          return typeof read === 'string' ? [] : [{ operation, call: read, object: `${named} ${idValue(namedAt[0]!)}`, foreign: true }];
        });
      if (FD_EXEMPT.byDesign?.[operationId] && ours.length)
        if (!other) exceptions.push({ operationId, reason: 'sent by our partner only: the target has no spare partner' });
        else probes.push({ writer, call: { ...call, auth: other }, reads: ours });
      /** The write sent after the siblings, its parents and itself were moved the other way (`back`). */
      const afterBack = (sent: CallOptions, back: CallOptions): ScopeProbe => ({
        writer,
        call: sent,
        reads,
        twins,
        prepareParents: parentStateCalls(FD_CONTRACT, writer, sent),
        prepare: [...siblingCalls(back), back],
      });
      if (!toOther || !siblingCalls(toOther).length)
        probes.push({ writer, call, reads, twins, ...(rest.length ? { rest: { calls: rest, ids: restIds } } : {}) });
      else probes.push(afterBack(call, toOther), afterBack(toOther, call));
    }
    const violations = new Violations(WRITE_SCOPE);
    const outcome = await checkWriteScope(fdApi, probes, violations, movesAlone, 'FD-PROP-WRITE-SCOPE', 'FD-PROP-LATEST-WRITE');
    for (const r of outcome.refused)
      if (ENTRIES[r.operationId])
        // Its call is valid on the objects the check made for it (the amounts deposited): a refusal is the target's.
        violations.add(r.operationId, 'its valid call on the objects the check made for it', r.status, 'a 2xx (FD-PROP-WRITE-SCOPE)');
      else exceptions.push({ operationId: r.operationId, reason: `its sample answered ${r.status}: nothing it changed` });
    countRule(WRITE_SCOPE, 'FD-PROP-WRITE-SCOPE', { applies: WRITERS.map((w) => w.operationId), checked: outcome.checked, exceptions });
    /** The writers of `ws` not in `checked`, each with its exception above, or `otherwise`. */
    const leftOut = (ws: Operation[], checked: string[], otherwise: string) =>
      ws
        .filter((w) => !checked.includes(w.operationId))
        .map(({ operationId }) => ({ operationId, reason: exceptions.find((e) => e.operationId === operationId)?.reason ?? otherwise }));
    // Every reader of what a writer names shows its latest write: the writers with such a reader.
    const showing = WRITERS.filter((w) => latestReaders(FD_CONTRACT, w).some((r) => isRead(r) && !sendsTestDeliveries(r)));
    countRule('latest-write-on-every-reader', 'FD-PROP-LATEST-WRITE', {
      applies: showing.map((w) => w.operationId),
      checked: outcome.latest,
      exceptions: leftOut(showing, outcome.latest, 'no reader of what it names answered one of its inputs at its top here'),
    });
    // FD-DATE-WRITE-TIME: the answer judge held every 2xx answer of these writes to it (a verdict is a violation above).
    const stamping = WRITERS.filter((w) => DATES.stamps(w));
    const stamped = stamping.filter((w) => outcome.answers.has(w.operationId)).map((w) => w.operationId);
    countRule(`${DATE_UNITS}: write time`, 'FD-DATE-WRITE-TIME', {
      applies: stamping.map((w) => w.operationId),
      checked: stamped,
      exceptions: leftOut(stamping, stamped, 'its write was not sent'),
    });
    violations.expectNone();
  },
);
