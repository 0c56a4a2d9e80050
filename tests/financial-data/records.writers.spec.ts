// Covers: every financial data writer of an existing object's members (helpers/contract/writers.ts):
// what it leaves alone (FD-MODIFY-LEAVES-OTHERS). Its smallest body, then each member alone, and every
// reader of the object shows each sent member as sent and every other as before; a "Replaces" writer
// (UpdateBusiness, the webhook updates, app registration) may change its body's other members.
import { expect, notePartial, rules, sampleCall, test, whileAlone, type SharedState } from '../../fixtures/financial-data.js';
import { Violations, type LiveObjects } from '../../helpers/client/security/probe.js';
import { kindOfKey } from '../../helpers/secrets/sensitive.js';
import type { CallOptions } from '../../helpers/client/client.js';
import { eventDateMembers } from '../../helpers/contract/event-dates.js';
import {
  bodyMembers,
  collectionQuery,
  compareAround,
  leaves,
  objectPaths,
  readersOf,
  replaces,
  writerBodies,
  writersOf,
} from '../../helpers/contract/writers.js';
import { READERS, readerCall } from './records.known.js';
import { FD_CONTRACT, FD_OBJECT_OPS, liveWorld } from './security.known.js';
import { noteCoverage } from '../shared/property.js';

const { writers: WRITERS, leftOut: NOT_WRITERS } = writersOf(FD_CONTRACT);
/** The dates of the last change: any write may move them. */
const CHANGE_DATES = new Set([...eventDateMembers(FD_CONTRACT).keys()].filter((name) => /modif|updat/i.test(name)));

/** The partner's lists a reader of a written object may list it in, each counting every worker's objects. */
const PARTNER_LISTS: SharedState[] = ['customers', 'apps', 'webhooks'];

/** What the contract documents a writer changes beyond its body (relative paths, `*` for a list index). */
const DOCUMENTED: Record<string, RegExp[]> = {
  // "Moves the subscription and every one of its events to the requested state" (seed 002, States and transitions).
  changeWebhookSubscriptionStatus: [/^events\.\*\.status$/],
  // "The answer carries the same preAppId and status P: a modified registration awaits approval again" (provider 1.35.0 AppRegistrationStatus).
  ModifyAppRegistration: [/^status$/],
};

test(
  'a writer changes the members it is sent, as sent, and leaves every other member of its object unchanged on every reader @assumption',
  rules('FD-MODIFY-LEAVES-OTHERS'),
  async ({ fd, fdApi, fdPowers }) => {
    const world = await liveWorld(fd, fdApi, (id) => fdPowers.linkAccounts(id));
    // An app registration of this test's own: the seeded one (4000) is what other checks read.
    const registered = await fdApi.call('RegisterApp', sampleCall('RegisterApp', fd, world.entities));
    expect(registered.status, 'RegisterApp (setting up the live objects)').toBeLessThan(300);
    const objects: LiveObjects = { ...world.objects, appRegistration: String(registered.body.preAppId) };
    // Every reader read once: one holding a node with a writer's object id reads that object too (GetConsumerForCustomer).
    const firstReads = new Map<string, unknown>();
    for (const o of READERS) {
      const call = readerCall(o, world, fd, objects);
      if (typeof call !== 'string') firstReads.set(o.operationId, (await fdApi.callOperation(o, call)).body);
    }
    const violations = new Violations('leaves-others');
    const leftOut = NOT_WRITERS.map((l) => `${l.operationId}: ${l.reason}`);
    const checked: string[] = [];
    const refused: string[] = [];
    for (const w of WRITERS) {
      const withIds = FD_OBJECT_OPS.find((x) => x.operation.operationId === w.operation.operationId);
      const resource = withIds?.ids.find((i) => i.in === 'path' && i.name === w.param)?.resource;
      const id = resource ? objects[resource] : undefined;
      const members = bodyMembers(FD_CONTRACT, w.operation.requestBody!.schema);
      const derived = readersOf(FD_CONTRACT, w);
      const holders = id
        ? READERS.filter(
            (o) =>
              !derived.some((r) => r.operation === o) &&
              objectPaths(firstReads.get(o.operationId), { operation: o, kind: 'holder' }, w, id, new Set(members.keys())).length > 0,
          ).map((operation) => ({ operation, kind: 'holder' as const }))
        : [];
      const readers = [...derived, ...holders];
      const base = withIds && readerCall(w.operation, world, fd, objects);
      if (!readers.length || !id || typeof base !== 'object') {
        leftOut.push(`${w.operation.operationId}: ${!readers.length ? 'the contract has no reader of its object' : 'no live object'}`);
        continue;
      }
      const calls = readers.map((r) => {
        const call = readerCall(r.operation, world, fd, objects);
        const query = r.kind === 'collection' ? collectionQuery(r.operation, w, id) : undefined;
        return { r, call: typeof call === 'string' ? call : ({ ...call, ...(query ? { query } : {}) } as CallOptions) };
      });
      const read = async () => {
        const out: unknown[] = [];
        for (const { r, call } of calls)
          out.push(typeof call === 'string' ? undefined : (await fdApi.callOperation(r.operation, call)).body);
        return out;
      };
      const valid = (body: unknown) => FD_CONTRACT.requestValidatorOf(w.operation.operationId)!(body) === true;
      const bodies = writerBodies(base.body as Record<string, unknown>, valid, [...members.keys()], (m) => kindOfKey(m) !== undefined);
      // The partner-wide lists among the readers (GetCustomers, the app registrations, the webhook subscriptions) count every
      // worker's objects: on a sandbox they are held alone from the first read to the last (docs/sandbox.md, Isolated), so another
      // worker's creation meanwhile is no change this writer made.
      await whileAlone(fd, PARTNER_LISTS, async () => {
        let before = await read();
        const again = await read();
        const volatile = new Set<string>();
        before.forEach((answer, i) => {
          const l = leaves(again[i]);
          for (const [p, v] of leaves(answer)) if (l.get(p) !== v) volatile.add(`${i}:${p}`);
        });
        const bodies = writerBodies(base.body as Record<string, unknown>, valid, [...members.keys()], (m) => kindOfKey(m) !== undefined);
        for (const { what, body } of bodies) {
          const res = await fdApi.callOperation(w.operation, { ...base, body });
          // A schema-valid body may be refused for what the schema cannot say (an event name): nothing to compare.
          if (res.status < 200 || res.status >= 300) {
            refused.push(`${w.operation.operationId} ${what}: ${res.status}`);
            continue;
          }
          const after = await read();
          calls.forEach(({ r }, i) => {
            const paths = objectPaths(before[i], r, w, id, new Set(members.keys()));
            const findings = compareAround(before[i], after[i], paths, {
              sent: body,
              replacing: replaces(FD_CONTRACT, w.operation),
              bodyMembers: new Set(members.keys()),
              changeDates: CHANGE_DATES,
              documented: DOCUMENTED[w.operation.operationId] ?? [],
              renames: r.kind === 'holder',
              volatile: new Set([...volatile].filter((v) => v.startsWith(`${i}:`)).map((v) => v.slice(`${i}:`.length))),
            });
            for (const f of findings)
              violations.add(w.operation.operationId, `${what}, read by ${r.operation.operationId}`, f, 'as sent, or as before');
          });
          before = after;
        }
      });
      checked.push(`${w.operation.operationId} (${bodies.length} bodies; ${readers.map((r) => r.operation.operationId).join(', ')})`);
    }
    noteCoverage(
      `writers: ${WRITERS.length + NOT_WRITERS.length} PUT/PATCH operations, ${checked.length} checked (${checked.join('; ')}); ${leftOut.length} left out (${leftOut.join('; ')}); bodies refused: ${refused.join('; ') || 'none'}`,
    );
    if (leftOut.length) notePartial(`writers: ${leftOut.length} operations left out, each with its reason in the coverage annotation`);
    expect(checked.length, 'writers checked').toBeGreaterThan(0);
    violations.expectNone();
  },
);
