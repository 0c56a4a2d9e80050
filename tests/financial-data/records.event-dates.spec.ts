// Covers: every reader of the live objects: a past event's date (helpers/contract/event-dates.ts) is fixed at the event
// (FD-EVENT-DATE-FIXED, @assumption: seed 002 and provider 1.35.0 call these the dates the event happened), read before and
// after the clock moves past two date boundaries, alike on every reader; a top-level date of no owned object is the read's.
import { expect, mockOnly, notePartial, rules, test } from '../../fixtures/financial-data.js';
import { Violations } from '../../helpers/client/security/probe.js';
import { eventDateLeaves, eventDateMembers } from '../../helpers/contract/event-dates.js';
import { namesOwned, READERS, readerCall } from './records.known.js';
import { FD_CONTRACT, liveWorld } from './security.known.js';
import { noteCoverage } from '../shared/property.js';

const EVENT_DATES = eventDateMembers(FD_CONTRACT);
/** Two days and thirteen hours: past at least two date boundaries, within every lifetime of the live objects. */
const LATER_S = 2 * 86_400 + 13 * 3_600;

test(
  'a date of an event already past reads the same on every later read after the clock moves on, and the same on every reader of its object @assumption @mock-only',
  mockOnly(
    rules('FD-EVENT-DATE-FIXED'),
    "needs the mock's virtual clock: each event date is read again after the clock moves on by 2 days and 13 hours (past two date boundaries), which a sandbox spends in real time",
  ),
  async ({ fd, fdApi, fdMock }) => {
    const world = await liveWorld(fd, fdApi, (id) => fdMock.linkAccounts(id));
    const calls = READERS.map((o) => ({ o, call: readerCall(o, world, fd) }));
    /** Each event date of an item of a top-level list (`accounts.2.linkedAccountDate`), by the item's own id: `accountId=<id> linkedAccountDate`. */
    const listed = new Map<string, { operationId: string; value: unknown }[]>();
    const read = async (first: boolean) => {
      const out = new Map<string, Map<string, unknown>>();
      for (const { o, call } of calls) {
        if (typeof call === 'string') continue;
        const res = await fdApi.callOperation(o, call);
        if (res.status < 200 || res.status >= 300) continue;
        const leaves = eventDateLeaves(res.body, EVENT_DATES);
        if (!namesOwned(o)) for (const at of leaves.keys()) if (!at.includes('.')) leaves.delete(at);
        out.set(o.operationId, leaves);
        for (const [at, value] of first ? leaves : []) {
          const [list, n, member, ...deeper] = at.split('.');
          const id = (res.body as Record<string, any>)[list]?.[n]?.id;
          if (deeper.length || member === undefined || !/^\d+$/.test(n) || id === undefined || id === null) continue;
          const key = `${list.replace(/s$/, '')}Id=${id} ${member}`;
          listed.set(key, [...(listed.get(key) ?? []), { operationId: o.operationId, value }]);
        }
      }
      return out;
    };
    const before = await read(true);
    await fdMock.advanceClock(LATER_S);
    const after = await read(false);
    const violations = new Violations('event-date');
    for (const [operationId, leaves] of before)
      for (const [at, value] of leaves) {
        const later = after.get(operationId)?.get(at);
        if (later !== value)
          violations.add(operationId, at, `${JSON.stringify(later)} ${LATER_S} s later`, `${JSON.stringify(value)} as first read`);
      }
    // The object's own members (top-level leaves) on each reader of the same object (its last path id).
    const byObject = new Map<string, { operationId: string; value: unknown }>();
    for (const { o, call } of calls) {
      const leaves = before.get(o.operationId);
      // The object a reader is about: the id its path ends with (`/customers/{customerId}/consumer` reads the consumer, not the customer).
      const last = /\{([^}]+)\}$/.exec(o.path)?.[1];
      if (!leaves || typeof call === 'string' || !last) continue;
      for (const [at, value] of leaves) {
        if (at.includes('.')) continue;
        const key = `${last}=${call.path?.[last]} ${at}`;
        const first = byObject.get(key);
        if (!first) byObject.set(key, { operationId: o.operationId, value });
        else if (String(first.value) !== String(value))
          violations.add(o.operationId, key, JSON.stringify(value), `${JSON.stringify(first.value)} as ${first.operationId} reads it`);
      }
    }
    // The same object as an item of a list (its `id`), on every list and by-id reader that holds it.
    for (const [key, seen] of listed)
      for (const { operationId, value } of seen) {
        const first = byObject.get(key) ?? seen[0];
        if (String(first.value) !== String(value))
          violations.add(operationId, key, JSON.stringify(value), `${JSON.stringify(first.value)} as ${first.operationId} reads it`);
      }
    const covered = [...before].filter(([, leaves]) => leaves.size > 0).map(([id]) => id);
    const unread = calls.filter(({ call }) => typeof call === 'string');
    noteCoverage(
      `event dates (${[...EVENT_DATES.keys()].join(', ')}): ${[...listed.values()].filter((seen) => seen.length > 1).length} dates of list items read on several lists, ${[...listed.keys()].filter((key) => byObject.has(key)).length} on a by-id reader too; ${READERS.length} readers, ${before.size} answered, ${covered.length} report an event date (${covered.join(', ')}); ${unread.length} not called (${unread.map(({ o, call }) => `${o.operationId}: ${String(call)}`).join('; ')})`,
    );
    if (unread.length) notePartial(`event dates: ${unread.length} readers not called, each with its reason in the coverage annotation`);
    expect(covered.length, 'readers reporting an event date').toBeGreaterThan(0);
    violations.expectNone();
  },
);
