// Covers: a deleted object leaves every list of its kind (FD-PROP-DELETE-FREES; keys.ts), on every
// documented delete (seed 002, Customers: "Delete removes access to the customer and all linked
// accounts"; Accounts: "... removes access to that data only"). Whether the values a 409 guards are free
// again no document says. By-id readers: security.after-delete.spec.ts. Sandbox-safe.
import { expect, rules, sampleCall, test, type FdOperationId } from '../../fixtures/financial-data.js';
import type { PropertyException } from '../../helpers/client/property-counts.js';
import { everyPage, pagedReaders } from '../../helpers/client/invariants/paging.js';
import { creatorsFreedBy, deletersOf, listsOfDeleted, listsOfTaken, showsId } from '../../helpers/client/invariants/keys.js';
import { heldValuesOf } from '../../helpers/client/invariants/kit.js';
import { Violations, withObjects, type LiveObjects } from '../../helpers/client/security/probe.js';
import type { CallOptions } from '../../helpers/client/client.js';
import type { Operation } from '../../helpers/contract/contract.js';
import { DELETED_BY, DELETE_RULE, FD_CONTRACT, FD_OBJECT_OPS, liveWorld, NOT_DELETES } from './security.known.js';
import { countRule } from '../shared/property.js';

const RULE = 'FD-PROP-DELETE-FREES';
const DELETERS = deletersOf(FD_CONTRACT).filter((d) => !NOT_DELETES[d.operationId]);

/** The resource a delete removes: its last path id's, unless DELETED_BY names it (as the after-delete check reads it). */
const deletedBy = (deleter: Operation) =>
  DELETED_BY[deleter.operationId] ??
  FD_OBJECT_OPS.find((o) => o.operation === deleter)
    ?.ids.filter((id) => id.in === 'path')
    .pop()?.resource;

/** The parent's by-id reader of a delete's collection (a subscription's reader, which lists its events). */
const parentReaders = (deleter: Operation) => {
  const parent = /^(.*\/\{[^}]+\})\/[a-zA-Z]+\/\{[^}]+\}$/.exec(deleter.path)?.[1];
  return parent ? [...FD_CONTRACT.operations.values()].filter((r) => r.method === 'GET' && r.path === parent) : [];
};

const PAGED = pagedReaders(FD_CONTRACT);

const readersOf = (deleter: Operation) => [...listsOfDeleted(FD_CONTRACT, deleter), ...parentReaders(deleter)];
/** Every list a delete's object or what it takes with it may show (a login's accounts in every list of accounts). */
const allReadersOf = (deleter: Operation) => [...new Set([...readersOf(deleter), ...listsOfTaken(FD_CONTRACT, deleter)])];

/** The deletes the property has something to read for: a list of their kind, or a creator whose 409 their object holds. */
const applies = DELETERS.filter((d) => allReadersOf(d).length || creatorsFreedBy(FD_CONTRACT, d).length);
const NOTHING_HELD = 'no list reads its kind and no creator refuses a duplicate of it (its by-id readers are FD-OBJ-AFTER-DELETE)';

test(
  'a deleted object is gone from every list of its kind, and its parent no longer lists it',
  rules(RULE),
  async ({ fd, fdApi, fdPowers }) => {
    const world = await liveWorld(fd, fdApi, (id) => fdPowers.linkAccounts(id));
    const violations = new Violations(RULE);
    const checked: string[] = [];
    const exceptions: PropertyException[] = DELETERS.filter((d) => !applies.includes(d)).map((d) => ({
      operationId: d.operationId,
      reason: NOTHING_HELD,
    }));
    // A paged list is read whole: the object may stand past the first page of a list other checks grew.
    const readAll = async (reader: Operation, call: CallOptions) => {
      const paged = PAGED.find((p) => p.reader === reader);
      const one = (query: Record<string, number | undefined>) =>
        fdApi.callBuilt(reader.operationId as FdOperationId, { ...call, query: { ...call.query, ...query } });
      if (!paged) return [await one({})];
      return everyPage(paged, (index, size) =>
        one({ [paged.index.name]: index, ...(size === undefined ? {} : { [paged.size.name]: size }) }),
      );
    };
    const shownIn = (pages: { status: number; body: unknown }[], id: string) =>
      pages.map((p) => (p.status === 200 ? showsId(p.body, id) : undefined)).find(Boolean);
    const callOf = (op: Operation, objects: LiveObjects = world.objects): CallOptions => {
      const o = FD_OBJECT_OPS.find((x) => x.operation === op);
      return o
        ? withObjects(world.sample(o), o.ids, objects)
        : (sampleCall(op.operationId as FdOperationId, fd, world.entities) as CallOptions);
    };
    // A child before its parent (an event before its subscription); the customer's delete is the next test's.
    const here = applies
      .filter((d) => d.operationId !== 'DeleteCustomer' && allReadersOf(d).length)
      .sort((a, b) => b.path.split('/').length - a.path.split('/').length);
    for (const deleter of here) {
      const resource = deletedBy(deleter)!;
      if (resource === 'webhookSubscription') await world.renew('webhookEvent');
      // A login: the spare one (the live account's login stays for the others), with the accounts it takes along.
      const login = resource === 'institutionLogin' ? world.spareLogin : undefined;
      const objects = login ? { ...world.objects, institutionLogin: login.id } : world.objects;
      const ids = [objects[resource]!, ...(login?.accounts ?? [])];
      const shown: { reader: Operation; call: CallOptions; ids: string[] }[] = [];
      for (const reader of allReadersOf(deleter)) {
        const call = callOf(reader, objects);
        const before = await readAll(reader, call);
        const seen = ids.filter((id) => shownIn(before, id));
        if (seen.length) shown.push({ reader, call, ids: seen });
      }
      if (!shown.length) {
        exceptions.push({ operationId: deleter.operationId, reason: `no list of its kind showed the live ${resource} before its delete` });
        continue;
      }
      const gone = await fdApi.callBuilt(deleter.operationId as FdOperationId, callOf(deleter, objects));
      expect(gone.status, `${deleter.operationId} of the live ${resource} answers its documented success`).toBeLessThan(300);
      for (const { reader, call, ids: seen } of shown) {
        const after = await readAll(reader, call);
        for (const id of seen) {
          const at = shownIn(after, id);
          const what = `${id === ids[0] ? resource : 'account'} ${id} after ${deleter.operationId}`;
          // A partner object whose own delete a narrower rule states (an event, a subscription, a configuration: gone
          // from its subscription's or its kind's readers, DELETE_RULE) is filed there; the property keeps the others.
          const narrower = id === ids[0] ? DELETE_RULE[resource]?.rule : undefined;
          if (at) violations.add(reader.operationId, what, `still shown at ${at}`, 'absent from every list once deleted', narrower);
        }
      }
      checked.push(deleter.operationId);
    }
    countRule('delete-frees', RULE, { applies: DELETERS.map((d) => d.operationId), checked, exceptions });
    violations.expectNone();
  },
);

test('no list shows a deleted customer, whichever creator made it', rules(RULE), async ({ fd, fdApi }) => {
  const deleter = FD_CONTRACT.operationOf('DeleteCustomer');
  const creators = creatorsFreedBy(FD_CONTRACT, deleter);
  expect(creators.length, 'the creators of a customer document a 409 (seed 002, Errors)').toBeGreaterThan(0);
  const violations = new Violations(RULE);
  const made: string[] = [];
  try {
    for (const creator of creators) {
      const held = heldValuesOf(FD_CONTRACT, creator);
      expect(held.length, `${creator.operationId}: its receipt names back what it holds`).toBeGreaterThan(0);
      const call = sampleCall(creator.operationId as FdOperationId, fd, { customerId: '', consumerId: '', businessId: '' }) as CallOptions;
      const body = call.body as Record<string, unknown>;
      const first = await fdApi.callBuilt(creator.operationId as FdOperationId, call);
      expect(first.status, `${creator.operationId} of a new customer`).toBe(201);
      const id = String(first.body.id);
      made.push(id);
      // Each list, filtered by the held values it takes (a username), so a busy sandbox's pages still show it.
      const lists = readersOf(deleter).map((reader) => {
        const filters = reader.parameters.filter((p) => p.in === 'query' && held.includes(p.name));
        return { reader, call: { query: Object.fromEntries(filters.map((p) => [p.name, body[p.name]])) } as CallOptions };
      });
      const shown = [];
      for (const list of lists) {
        const before = await fdApi.callBuilt(list.reader.operationId as FdOperationId, list.call);
        if (before.status === 200 && showsId(before.body, id)) shown.push(list);
      }
      const gone = await fdApi.call('DeleteCustomer', { path: { customerId: id } });
      expect(gone.status, 'DeleteCustomer of the new customer').toBe(204);
      made.pop();
      for (const { reader, call: listCall } of shown) {
        const after = await fdApi.callBuilt(reader.operationId as FdOperationId, listCall);
        const at = after.status === 200 ? showsId(after.body, id) : undefined;
        if (at) violations.add(reader.operationId, `customer ${id} after DeleteCustomer`, `still shown at ${at}`, 'absent once deleted');
      }
      // Whether its username is free again no document says: the provider's CustomerUsername reads
      // "Usernames are unique", its 409 "Username is not available", and deletion retains the data.
    }
  } finally {
    // Sandbox-safe: the customer made again is deleted too.
    for (const id of made) await fdApi.call('DeleteCustomer', { path: { customerId: id } });
  }
  countRule('delete-frees', RULE, { applies: DELETERS.map((d) => d.operationId), checked: ['DeleteCustomer'] });
  violations.expectNone();
});
