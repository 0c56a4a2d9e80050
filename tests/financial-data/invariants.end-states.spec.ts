// Covers: an object's end state never moves (FD-PROP-END-STATE; states.ts; seed 002, States and
// transitions): every report generation makes one report ending in success and one failed, each with a
// callback URL; every reader reads them, the clock moves two days and thirteen hours, and every reader
// reads them the same, no callback coming but the one of its end (seed 002, Events).
import {
  expect,
  expectDeliveries,
  expectToBe,
  mockOnly,
  receivedPathOf,
  rules,
  sample,
  tellingListenerPath,
  test,
} from '../../fixtures/financial-data.js';
import type { CallOptions } from '../../helpers/client/client.js';
import {
  DELIVERY_IDS,
  deliveryIdProblems,
  EVENT_IDS,
  eventIdProblems,
  eventMembersOf,
} from '../../helpers/client/invariants/delivery-ids.js';
import { isRead } from '../../helpers/client/invariants/kit.js';
import { answerRollups, ROLLUPS, rollupComponents } from '../../helpers/client/invariants/rollups.js';
import { END_STATES, type EndReading, EndStates } from '../../helpers/client/invariants/states.js';
import type { PropertyException } from '../../helpers/client/property-counts.js';
import type { Operation } from '../../helpers/contract/contract.js';
import { FD_CONTRACT } from './security.known.js';
import { countRule, noteCoverage } from '../shared/property.js';

const STATES = new EndStates(FD_CONTRACT);
/** The contents holding a total over parts (an analytics report's customerAnalytics over its accounts'): FD-PROP-ROLLUP. */
const ROLLUP_CONTENTS = rollupComponents(FD_CONTRACT);
/** The members of a report callback naming its event (FD-PROP-EVENT-IDS), from its schema. */
const CALLBACK_EVENT = eventMembersOf(FD_CONTRACT, 'ReportCallback');
const APPLIES = STATES.operations();
/** The writers making an object with end states: a POST answering it accepted (202: it ends later). */
const MAKERS = APPLIES.filter((o) => !isRead(o) && o.method === 'POST' && STATES.statusOf(o) === '202');
const MAKER_IDS = MAKERS.map((o) => o.operationId);
/** Every other operation answering such an object reads it (a reissue answers the report it reissues). */
const READERS = APPLIES.filter((o) => !MAKERS.includes(o));
/** Past the mock's time to end a report (seed 002, Limits: polled every 20 s; it ends by the third read). */
const ENDED_AFTER_S = 60;
/** Two days and thirteen hours: past two date boundaries, as the event-date check moves the clock. */
const LATER_S = 2 * 86_400 + 13 * 3_600;

/** The ids a made report carries (its ack): a path naming one of them reads that report or its owner. */
const OWN_IDS = ['reportId', 'customerId', 'consumerId', 'portfolioId'];

type Made = { o: Operation; op: string; path: Record<string, unknown>; ids: Record<string, string>; url: string };

test(
  'an object read in its end state reads the same state, with the same members, on every reader after the clock moves on, and sends no further callback @mock-only',
  mockOnly(
    rules('FD-PROP-END-STATE', 'FD-PROP-DELIVERY-NAMES', 'FD-PROP-EVENT-IDS', 'FD-PROP-ROLLUP'),
    "needs the mock's virtual clock (each end state is read again 2 days and 13 hours later) and its outcome switch (a report made to end in failure)",
  ),
  async ({ fdApi, fd, fdEntities, fdPowers, fdListener }) => {
    test.info().setTimeout(test.info().timeout + MAKERS.length * 4_000);
    const made: Made[] = [];
    const exceptions: PropertyException[] = [];
    for (const o of MAKERS)
      for (const outcome of ['success', 'failure'] as const) {
        const url = fdListener.url(tellingListenerPath(`end-${o.operationId}-${outcome}`));
        const base = sample(o, fd, fdEntities) as CallOptions;
        const res = await fdApi.callOperation(o, { ...base, query: { ...(base.query ?? {}), callbackUrl: url } });
        expect(res.status, `${o.operationId}: 202`).toBe(202);
        if (outcome === 'failure') await fdPowers.reportOutcome(res.body.id, 'failure');
        const ids: Record<string, string> = { reportId: String(res.body.id), customerId: String(res.body.customerId) };
        if (res.body.consumerId) ids.consumerId = String(res.body.consumerId);
        if (res.body.portfolioId) ids.portfolioId = String(res.body.portfolioId);
        made.push({ o, op: `${o.operationId} (${outcome})`, path: base.path ?? {}, ids, url });
      }
    /** Each reader's calls: its sample with the path ids of each made object, one call per distinct path. */
    const calls = new Map<string, { o: (typeof READERS)[number]; call: CallOptions }>();
    const unread = new Map<string, string>();
    for (const o of READERS) {
      const names = [...o.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      const base = sample(o, fd, fdEntities) as CallOptions;
      for (const m of made) {
        // A path id the report does not carry is the sample's (the partner of a billing report).
        const missing = names.filter((n) => m.ids[n] === undefined && (OWN_IDS.includes(n) || base.path?.[n] === undefined));
        if (missing.length) {
          unread.set(o.operationId, `its path names ${missing.join(', ')}, which no report made here carries`);
          continue;
        }
        const path = { ...(base.path ?? {}), ...Object.fromEntries(names.filter((n) => m.ids[n] !== undefined).map((n) => [n, m.ids[n]])) };
        calls.set(`${o.operationId} ${JSON.stringify(path)}`, { o, call: { ...base, path } });
      }
    }
    const first = new Map<string, EndReading>();
    const madeIds = new Set(made.map((m) => m.ids.reportId));
    /** The readers whose answers carried the state of a report made here. */
    const stated = new Set<string>();
    const problems: string[] = [];
    /** FD-PROP-ROLLUP, judged on the same reads: the readers whose answers carried a rolled-up content, and what did not add up. */
    const rolled = new Set<string>();
    const rollupFindings = new Set<string>();
    const read = async (when: string) => {
      for (const { o, call } of calls.values()) {
        const res = await fdApi.callOperation(o, call);
        expectToBe(res.status, 200, `${o.operationId} ${JSON.stringify(call.path)}`);
        if (STATES.leaves(o, res.status, res.body).some((l) => l.objectId !== undefined && madeIds.has(l.objectId)))
          stated.add(o.operationId);
        problems.push(...STATES.judge(first, o, res.status, res.body, when));
        const rollups = answerRollups(ROLLUP_CONTENTS, o, res.body);
        if (rollups.judged) rolled.add(o.operationId);
        for (const p of rollups.problems) rollupFindings.add(`${p}, report ${JSON.stringify(call.path)}`);
      }
    };
    await fdPowers.advanceClock(ENDED_AFTER_S);
    await read('when first read ended');
    const ended = made.filter((m) => first.has(`${m.ids.reportId} status`));
    const unended = made.filter((m) => !ended.includes(m)).map((m) => m.op);
    expect(unended, 'every report made here read in an end state').toEqual([]);
    const once = made.map(({ op, ids, url }) => ({ url, count: 1, what: `${op} report ${ids.reportId} callback, at its end` }));
    expectDeliveries(fdListener.received(), once);
    await fdPowers.advanceClock(LATER_S);
    await read(`${LATER_S} s later`);
    const checked = [...MAKER_IDS, ...stated];
    for (const { operationId } of READERS.filter((o) => !stated.has(o.operationId)))
      exceptions.push({ operationId, reason: unread.get(operationId) ?? 'its answer carried the state of no report made here' });
    noteCoverage(
      `end states: ${made.length} reports made by ${MAKERS.length} writers, ${calls.size} reads a round by ${new Set([...calls.values()].map(({ o }) => o.operationId)).size} readers, two rounds`,
    );
    countRule(END_STATES, 'FD-PROP-END-STATE', { applies: APPLIES.map((o) => o.operationId), checked, exceptions });
    // FD-PROP-DELIVERY-NAMES: each callback names the customer of the generation's path and the report it made.
    const callbacks = (m: Made) => fdListener.received().filter((c) => c.url === receivedPathOf(m.url));
    const misnamed = made.flatMap((m) =>
      callbacks(m).flatMap((c) => deliveryIdProblems(m.o, m.path, c.json, { reportId: m.ids.reportId })),
    );
    countRule(DELIVERY_IDS, 'FD-PROP-DELIVERY-NAMES', { applies: MAKER_IDS, checked: MAKER_IDS });
    // FD-PROP-EVENT-IDS: the callbacks of the reports made here, each about its own report, carry each its own event id.
    const about = made.flatMap((m) => callbacks(m).map((c) => ({ about: `${m.op} report ${m.ids.reportId}`, json: c.json })));
    const sameEvent = eventIdProblems(CALLBACK_EVENT, about);
    countRule(EVENT_IDS, 'FD-PROP-EVENT-IDS', {
      applies: MAKER_IDS,
      checked: CALLBACK_EVENT.ids.length ? MAKER_IDS : [],
      exceptions: CALLBACK_EVENT.ids.length
        ? []
        : MAKERS.map((o) => ({ operationId: o.operationId, reason: "the contract's ReportCallback names no event id" })),
    });
    countRule(ROLLUPS, 'FD-PROP-ROLLUP', {
      applies: READERS.map((o) => o.operationId),
      checked: [...rolled],
      exceptions: READERS.filter((o) => !rolled.has(o.operationId)).map((o) => ({
        operationId: o.operationId,
        reason:
          unread.get(o.operationId) ??
          `its answers carried no content holding a total over parts (${ROLLUP_CONTENTS.map((c) => c.name).join(', ')})`,
      })),
    });
    expect(misnamed, 'FD-PROP-DELIVERY-NAMES: a callback naming another customer or report').toEqual([]);
    expect(sameEvent, 'FD-PROP-EVENT-IDS: two callbacks about two reports carrying one event id').toEqual([]);
    const moved = problems.length > 40 ? [...problems.slice(0, 40), `... and ${problems.length - 40} more`] : problems;
    expect(moved, 'FD-PROP-END-STATE: an end state that moved').toEqual([]);
    expect([...rollupFindings].slice(0, 12), 'FD-PROP-ROLLUP: a total over parts that is not their total').toEqual([]);
    const noMore = once.map((d) => ({ ...d, what: `${d.what}, none after it ${LATER_S} s later` }));
    expectDeliveries(fdListener.received(), noMore);
  },
);
