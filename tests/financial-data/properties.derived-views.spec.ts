// Covers: every "latest of each kind" view (derived-views.ts; seed 002, Resources - Portfolio) against
// its owner's list (GetReportsByCustomerId, GetReportsByConsumerId), recomputed in every state its
// reports reach (FD-DERIVED-VIEW), on a new customer and consumer of the check; mock control ends reports.
import { expect, mockOnly, rules, sampleCall, test, type FdOperationId } from '../../fixtures/financial-data.js';
import { MissingTestData } from '../../fixtures/examples/fd-samples/entities.js';
import type { CallOptions } from '../../helpers/client/client.js';
import {
  DERIVED_VIEWS,
  countProblems,
  countedLists,
  countedPageProblems,
  lastPageProblems,
  otherCountedReaders,
  derivedProblems,
  derivedViews,
  kindMakersOf,
} from '../../helpers/client/invariants/derived-views.js';
import { countRule, noteCoverage } from '../shared/property.js';
import { Violations } from '../../helpers/client/security/probe.js';
import { customerWithConsumer, makeReport } from './reports-retrieval.known.js';
import { sampleOrReason } from './records.known.js';
import { FD_CONTRACT } from './security.known.js';

const VIEWS = derivedViews(FD_CONTRACT);
const COUNTED = countedLists(FD_CONTRACT);
const OTHER_COUNTED = otherCountedReaders(FD_CONTRACT);
/** The largest set read page by page (about four reads of a reader): a larger one is judged on its first pages only. */
const PAGED_AT_MOST = 60;

/** The derived-view counts of a check: every view it compared, each other one left out with `reason` (where a check can leave one out). */
const countViews = (compared: ReadonlySet<string>, reason?: string) =>
  countRule(DERIVED_VIEWS, 'FD-DERIVED-VIEW', {
    applies: VIEWS.map((dv) => dv.view.operationId),
    checked: [...compared],
    exceptions: reason
      ? VIEWS.filter((dv) => !compared.has(dv.view.operationId)).map((dv) => ({ operationId: dv.view.operationId, reason }))
      : [],
  });

test(
  'every portfolio is the latest report of each type its owner’s list holds, in progress, finished or failed @mock-only',
  mockOnly(
    rules('FD-DERIVED-VIEW'),
    "needs the mock's report outcome switch (to make one report of the owner fail) and its harness route that makes reports of a customer without accounts: a sandbox decides a report's outcome itself",
  ),
  async ({ fdApi, fdMock, createCustomer }) => {
    const who = await customerWithConsumer(fdApi, createCustomer);
    const owners: Record<string, string> = { customerId: who.customerId, consumerId: who.consumerId };
    const violations = new Violations(DERIVED_VIEWS);
    const compared = new Set<string>();
    let portfolioId = '';
    const check = async (state: string) => {
      for (const dv of VIEWS) {
        const owner = owners[dv.owner];
        expect(owner, `an owner for ${dv.owner}`).toBeDefined();
        const view = await fdApi.callOperation(dv.view, { path: { [dv.owner]: owner, portfolioId } });
        for (const source of dv.sources) {
          const list = await fdApi.callOperation(source.operation, { path: { [dv.owner]: owner } });
          if (view.status !== 200 || list.status !== 200) {
            violations.add(dv.view.operationId, state, `${view.status} / ${source.operation.operationId} ${list.status}`, '200 from both');
            continue;
          }
          for (const p of derivedProblems(dv, view.body[dv.member] ?? [], list.body[source.member] ?? []))
            violations.add(
              dv.view.operationId,
              `${state}, against ${source.operation.operationId}`,
              p,
              'the latest of each kind the list holds',
            );
          compared.add(dv.view.operationId);
        }
      }
    };
    const voa = await makeReport(fdMock, who.customerId, 'voa');
    portfolioId = voa.portfolioId;
    await makeReport(fdMock, who.customerId, 'voi');
    await check('two reports in progress');
    await fdMock.advanceClock(120);
    await check('both finished');
    await fdMock.advanceClock(1);
    const failed = await makeReport(fdMock, who.customerId, 'voa');
    await fdMock.reportOutcome(failed.id, 'failure');
    await fdMock.advanceClock(120);
    await check('the latest VOA failed');
    await fdMock.advanceClock(1);
    await makeReport(fdMock, who.customerId, 'voi');
    await check('a later VOI in progress over a finished one');
    countViews(compared, 'neither the view nor its list answered 200');
    noteCoverage(
      `derived views: ${VIEWS.map((dv) => `${dv.view.operationId} from ${dv.sources.map((s) => s.operation.operationId).join(', ')}`).join('; ')}; a deleted state: no operation deletes a report (seed 002, Report retrieval)`,
    );
    expect(compared.size, 'views compared').toBeGreaterThan(0);
    violations.expectNone();
  },
);

// Covers: a "latest of each kind" view holds one item per kind its owner's list holds, every kind the
// contract can make (FD-DERIVED-VIEW; seed 002, Resources - Portfolio). ReportType is prose, so each
// maker (kindMakersOf) makes one on the check's customer and names its kind; the view must show each
// (voa and voaHistory both held) and agree with its list.
test(
  'every portfolio holds one report of each kind its owner has, every kind the generate operations make @mock-only',
  mockOnly(
    rules('FD-DERIVED-VIEW'),
    "links the check's own customer through the mock's control so that every generate operation makes its report (a sandbox's new customer has no accounts to report on, and twenty reports of the worker's linked customer would crowd its shared portfolio)",
  ),
  async ({ fd, fdApi, fdMock, fdEntities, createCustomer }) => {
    const who = await customerWithConsumer(fdApi, createCustomer);
    const linked = await fdMock.linkAccounts(who.customerId);
    const entities = { ...fdEntities, ...who, linked: { ...linked, customerId: who.customerId } };
    const owners: Record<string, string> = { customerId: who.customerId, consumerId: who.consumerId };
    const violations = new Violations(DERIVED_VIEWS);
    const compared = new Set<string>();
    const made = new Map<string, { maker: string; ack: Record<string, unknown> }>();
    const leftOut: string[] = [];
    let portfolioId = '';
    const makers = new Map(VIEWS.flatMap((dv) => kindMakersOf(FD_CONTRACT, dv)).map((op) => [op.operationId, op]));
    for (const maker of makers.values()) {
      if (!maker.parameters.some((p) => p.in === 'path' && p.name === 'customerId')) {
        leftOut.push(`${maker.operationId} (names no customer)`);
        continue;
      }
      let call: CallOptions;
      try {
        call = sampleCall(maker.operationId as FdOperationId, fd, entities) as CallOptions;
      } catch (error) {
        if (!(error instanceof MissingTestData)) throw error;
        leftOut.push(`${maker.operationId} (${error.message})`);
        continue;
      }
      const res = await fdApi.callOperation(maker, { ...call, path: { ...(call.path ?? {}), customerId: who.customerId } });
      // A maker this owner's sample cannot make here (its own data missing) is left out, never a finding of this view.
      if (res.status < 200 || res.status > 299) {
        leftOut.push(`${maker.operationId} (${res.status})`);
        continue;
      }
      const kind = String(res.body?.type);
      if (!made.has(kind)) made.set(kind, { maker: maker.operationId, ack: res.body as Record<string, unknown> });
      portfolioId ||= String(res.body?.portfolioId ?? '');
    }
    expect(made.size, `kinds made (left out: ${leftOut.join('; ')})`).toBeGreaterThan(1);
    for (const dv of VIEWS) {
      const owner = owners[dv.owner]!;
      const view = await fdApi.callOperation(dv.view, { path: { [dv.owner]: owner, portfolioId } });
      expect(view.status, `${dv.view.operationId} of the check's own ${dv.owner}`).toBe(200);
      const shown = new Set(((view.body[dv.member] ?? []) as Record<string, unknown>[]).map((i) => String(i[dv.key])));
      // The kinds of this owner: those whose answer names it (a report needing no consumer is in no consumer's portfolio).
      const own = [...made].filter(([, m]) => String(m.ack[dv.owner]) === owner);
      expect(own.length, `kinds made whose answer names the ${dv.owner}`).toBeGreaterThan(1);
      for (const [kind, { maker }] of own)
        if (!shown.has(kind))
          violations.add(
            dv.view.operationId,
            `every kind made on its owner (${own.length})`,
            `shows no ${kind}, made by ${maker}; shows ${[...shown].join(', ')}`,
            'one item of each kind its owner has',
          );
      for (const source of dv.sources) {
        const list = await fdApi.callOperation(source.operation, { path: { [dv.owner]: owner } });
        expect(list.status, `${source.operation.operationId} of the check's own ${dv.owner}`).toBe(200);
        for (const p of derivedProblems(dv, view.body[dv.member] ?? [], list.body[source.member] ?? []))
          violations.add(
            dv.view.operationId,
            `every kind made, against ${source.operation.operationId}`,
            p,
            'the latest of each kind the list holds',
          );
      }
      compared.add(dv.view.operationId);
    }
    countViews(compared);
    noteCoverage(
      `kinds made on one owner: ${[...made].map(([k, m]) => `${k} (${m.maker})`).join(', ')}; left out: ${leftOut.join('; ') || 'none'}`,
    );
    violations.expectNone();
  },
);

// Covers: every count and flag a list carries over its items (countedLists; provider 1.35.0 FoundResults,
// DisplayingResults, MoreResultsAvailable) recomputed from the items (FD-DERIVED-COUNTS): the sample's
// first page, a page of one item, the last page of a limit that leaves it short, and on the mock the next page,
// holding items exactly when moreAvailable said.
test(
  'every count and more-available flag of a list answer agrees with the items it lists and with the next page',
  rules('FD-DERIVED-COUNTS'),
  async ({ fd, fdApi, fdEntities }) => {
    const violations = new Violations(DERIVED_VIEWS);
    const checked = new Set<string>();
    const leftOut: { operationId: string; reason: string }[] = [];
    const paged: string[] = [];
    for (const list of COUNTED) {
      const { operationId } = list.reader;
      // On a sandbox a reader needing test data the user did not give (a linked customer) is left out, not the whole check.
      const base = sampleOrReason(operationId, fd, fdEntities);
      if (typeof base === 'string') {
        leftOut.push({ operationId, reason: base });
        continue;
      }
      const query = { ...(base.query ?? {}) } as Record<string, unknown>;
      if (list.start) delete query[list.start];
      const read = (q: Record<string, unknown>) => fdApi.callOperation(list.reader, { ...base, query: q } as CallOptions);
      const first = await read(query);
      if (first.status !== 200) {
        leftOut.push({ operationId, reason: `its sample answered ${first.status} here` });
        continue;
      }
      checked.add(operationId);
      const judge = (what: string, body: unknown, firstPage: boolean) => {
        for (const p of countProblems(list, body, firstPage))
          violations.add(operationId, what, p, 'counts and flags recomputed from the items');
      };
      judge('its first page', first.body, true);
      const listed = (body: unknown) => ((body as Record<string, unknown>)?.[list.items] as unknown[] | undefined)?.length ?? 0;
      const n = listed(first.body);
      if (list.limit && n >= 2) {
        const one = await read({ ...query, [list.limit]: 1 });
        if (one.status === 200) judge(`its first page at ${list.limit}=1`, one.body, true);
        else violations.add(operationId, `its first page at ${list.limit}=1`, `${one.status}`, '200');
      }
      // On the mock, a set of a few pages is read whole (nothing moves between the reads there).
      const total = list.found ? (first.body as Record<string, unknown>)[list.found] : undefined;
      if (fd.control && list.start && list.limit && typeof total === 'number' && total >= 2 && total <= PAGED_AT_MOST) {
        paged.push(`${operationId} (${total})`);
        for (const p of await countedPageProblems(list, total, (start, limit) =>
          read({ ...query, [list.start!]: start, [list.limit!]: limit }),
        ))
          violations.add(operationId, 'its pages', p, 'counts and flags recomputed from every page of the set');
      }
      // The page ending the set short of the limit asked: displaying counts its items, never the limit (DisplayingResults).
      if (typeof total === 'number')
        for (const p of await lastPageProblems(
          list,
          total,
          (start, limit) => read({ ...query, [list.start!]: start, [list.limit!]: limit }),
          Boolean(fd.control),
        ))
          violations.add(
            operationId,
            'its last page',
            p,
            'counts and flags recomputed from the items of a page holding fewer than the limit',
          );
      const more = list.more ? (first.body as Record<string, unknown>)[list.more] : undefined;
      if (fd.control && list.start && (more === true || more === false || more === 'true' || more === 'false')) {
        const next = await read({ ...query, [list.start]: 2 });
        const holds = next.status === 200 && listed(next.body) > 0;
        if (holds !== (more === true || more === 'true'))
          violations.add(
            operationId,
            `its page ${list.start}=2 after a first page of ${n}`,
            holds ? `${listed(next.body)} ${list.items}` : `no ${list.items} (${next.status})`,
            `${list.more} ${more} on the first page: ${holds ? 'no later page' : 'a later page with items'}`,
          );
      }
    }
    countRule(DERIVED_VIEWS, 'FD-DERIVED-COUNTS', {
      applies: [...COUNTED, ...OTHER_COUNTED].map((l) => l.reader.operationId),
      checked: [...checked],
      exceptions: [
        ...leftOut,
        // Paged their own way: recomputed by their readers' own specs (webhooks.paging, reports-retrieval.billing, app-registration.lists).
        ...OTHER_COUNTED.map((o) => ({
          operationId: o.reader.operationId,
          reason: `its counts (${o.members.join(', ')}) are described by no member description this check reads (paged its own way): recomputed by its reader's own spec`,
        })),
      ],
    });
    noteCoverage(
      `counted lists: ${COUNTED.map((l) => `${l.reader.operationId} (${[l.found, l.displaying, l.more].filter(Boolean).join(', ')} over ${l.items})`).join('; ')}; read page by page: ${paged.join(', ') || 'none'}`,
    );
    expect(checked.size, 'counted lists checked').toBeGreaterThan(0);
    violations.expectNone();
  },
);
