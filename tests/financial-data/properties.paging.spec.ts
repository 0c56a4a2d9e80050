// Covers: every paged reader keeps its pages windows over one list (FD-PROP-PAGING; paging.ts; provider 1.35.0
// StartParameter, LimitParameter, FoundResults, DisplayingResults, MoreResultsAvailable, ObwmsOffsetParameter, AppStatuses;
// seed 002, Report retrieval: page zero-based, size default 100; Limits); a short list gets the check's own objects, shared
// ones are read alone on a sandbox. Each filter alone: the total is what the answer lists (FD-PROP-FILTERED-TOTALS).
import { expect, mockOnly, rules, test, whileAlone } from '../../fixtures/financial-data.js';
import type { SharedState } from '../../fixtures/financial-data.js';
import type { CallOptions } from '../../helpers/client/client.js';
import {
  FILTERED_TOTALS,
  filtersOf,
  PAGING,
  type PagedReader,
  pagedReaders,
  pagingProblems,
  type WindowProblem,
} from '../../helpers/client/invariants/paging.js';
import { loadRules } from '../../helpers/contract/rules.js';
import { Violations } from '../../helpers/client/security/probe.js';
import { newApplication } from '../../fixtures/examples/fd-samples/app-registration.js';
import { makeReport } from './reports-retrieval.known.js';
import { createSub, offeredNames, quietUrl } from './webhooks.helpers.js';
import { sampleOrReason } from './records.known.js';
import { FD_CONTRACT } from './security.known.js';
import { countRule, noteCoverage } from '../shared/property.js';
import { judgeFilteredTotals, pageReader } from '../shared/paging.js';

const PAGED = pagedReaders(FD_CONTRACT);
/** The operations whose page size against its limit a rule of their own states (provider 1.35.0 LimitParameter). */
const LIMIT_APPLIED = 'FD-PAGE-LIMIT-APPLIED';
const LIMIT_APPLIED_OPS = new Set(loadRules('financial-data').rules.find((r) => r.id === LIMIT_APPLIED)?.operations ?? []);
/** The rule a page that is not its window breaks, by how (helpers/client/invariants/paging.ts WindowProblem); none: this property's. */
const SIZE_RULE: Record<WindowProblem['kind'], (operationId: string) => string | undefined> = {
  size: (operationId) => (LIMIT_APPLIED_OPS.has(operationId) ? LIMIT_APPLIED : undefined),
  slice: () => undefined,
  query: () => undefined,
};
/** Lists another worker of a sandbox changes (its customers, subscriptions and registrations under the one partner): read while the check holds them alone. */
const SHARED_LISTS: Partial<Record<string, SharedState>> = {
  GetCustomers: 'customers',
  listWebhookSubscriptions: 'webhooks',
  getApplications: 'apps',
  GetAppRegistrationStatus: 'apps',
  getRegisteredInstitutions: 'apps',
};

type Fx = Parameters<Parameters<typeof test>[2]>[0];
/** A maker of one more object of a reader's list, where the check can make them. */
type Makers = Partial<Record<string, (i: number) => Promise<unknown>>>;

/** Checks each paged reader of `readers` and records the property's counts. */
async function checkPaging(readers: PagedReader[], { fd, fdApi, fdEntities }: Pick<Fx, 'fd' | 'fdApi' | 'fdEntities'>, makers: Makers) {
  const violations = new Violations(PAGING);
  const checked: string[] = [];
  const leftOut: { operationId: string; reason: string }[] = [];
  const sizes: string[] = [];
  // The filtered totals (FD-PROP-FILTERED-TOTALS): the readers counting their set and taking a filter.
  const filtered = readers.filter((p) => p.members.some((m) => m.meaning === 'total') && filtersOf(p).length);
  const totals = { checked: [] as string[], leftOut: [] as { operationId: string; reason: string }[], judged: [] as string[] };
  const totalViolations = new Violations(FILTERED_TOTALS);
  for (const p of readers) {
    const { operationId } = p.reader;
    const base = sampleOrReason(operationId, fd, fdEntities);
    if (typeof base === 'string') {
      leftOut.push({ operationId, reason: base });
      if (filtered.includes(p)) totals.leftOut.push({ operationId, reason: base });
      continue;
    }
    const query = { ...(base.query ?? {}) } as Record<string, unknown>;
    delete query[p.index.name];
    delete query[p.size.name];
    const check = (filters = query) => pagingProblems(p, (index, size) => pageReader(fdApi, p, base)(filters, index, size));
    // Each filter alone, beside the required parameters only: the totals of the set it keeps.
    const checkTotals = async (p: PagedReader, base: CallOptions, query: Record<string, unknown>) => {
      const required = new Set(p.reader.parameters.filter((x) => x.in === 'query' && x.required).map((x) => x.name));
      const alone = Object.fromEntries(Object.entries(query).filter(([k]) => required.has(k)));
      const read = pageReader(fdApi, p, base, alone);
      await judgeFilteredTotals(FD_CONTRACT, p, read, { filters: {}, sample: query }, totals, totalViolations);
    };
    const shared = SHARED_LISTS[operationId];
    const outcome = await whileAlone(fd, shared ? [shared] : [], async () => {
      let out = await check();
      // A list too short to tell is given objects of the check's own where it can make them (to three, once).
      const make = makers[operationId];
      if (make && out.size !== undefined && out.size < 3) {
        for (let i = out.size; i < 3; i++) await make(i);
        out = await check();
      }
      // Still too short under the sample's filters (registrations approved): the list its required parameters alone select.
      if (make && out.size !== undefined && out.size < 3) {
        const required = new Set(p.reader.parameters.filter((x) => x.in === 'query' && x.required).map((x) => x.name));
        out = await check(Object.fromEntries(Object.entries(query).filter(([k]) => required.has(k))));
      }
      if (filtered.includes(p)) await checkTotals(p, base, query);
      return out;
    });
    if (outcome.leftOut) {
      leftOut.push({ operationId, reason: outcome.leftOut });
      continue;
    }
    checked.push(operationId);
    sizes.push(
      `${operationId} (${p.index.name} from ${p.index.base} as a ${p.index.kind}, ${p.size.name} ${p.size.default ?? '-'}..${p.size.max ?? '-'}, ${outcome.size ?? '?'} items, ${outcome.reads} reads)`,
    );
    // A page that is not its window first; one holding another number of items than min(size, what remains) under the
    // operation's own rule of the limit applied where the catalogue has one (FD-PAGE-LIMIT-APPLIED: provider 1.35.0
    // LimitParameter, the most results a page holds), else this property's.
    const windows = outcome.windows ?? [];
    for (const w of windows)
      violations.add(
        operationId,
        'its pages',
        w.problem,
        w.kind === 'size'
          ? 'a page holds min(its size, what remains) items (provider 1.35.0 LimitParameter: the most results a page holds)'
          : 'the window of the list its largest page reads',
        SIZE_RULE[w.kind](operationId),
      );
    for (const problem of outcome.problems.filter((x) => !windows.some((w) => w.problem === x)))
      violations.add(operationId, 'its pages', problem, 'a window over the list its largest page reads');
  }
  countRule(PAGING, 'FD-PROP-PAGING', { applies: readers.map((p) => p.reader.operationId), checked, exceptions: leftOut });
  noteCoverage(`paged readers: ${sizes.join('; ')}`);
  if (filtered.length) {
    countRule(FILTERED_TOTALS, 'FD-PROP-FILTERED-TOTALS', {
      applies: filtered.map((p) => p.reader.operationId),
      checked: totals.checked,
      exceptions: totals.leftOut,
    });
    noteCoverage(`filtered totals: ${totals.judged.join('; ')}`);
  }
  expect(checked.length, 'paged readers checked').toBeGreaterThan(0);
  violations.expectNone();
  totalViolations.expectNone();
}

/** The readers whose objects only the mock's control makes (reports billed to the partner: seed 002, Report retrieval). */
const MADE_BY_MOCK = new Set(['getResellerBillingReport']);

test(
  'the pages of every paged reader are windows over one list: each page its slice, the counts what the pages hold, past the end as documented',
  rules(
    'FD-PROP-PAGING',
    'FD-PROP-FILTERED-TOTALS',
    // The webhook list's page index from 1 and each later page keeping the largest page's records and total.
    'FD-WEBHOOK-PAGE-OFFSET:accept',
    'FD-PAGE-KEEPS-QUERY',
    // The institution lists' paging rules, proved by this check on each of their paths and operations.
    ...Object.keys({
      institutions: 'GetInstitutions',
      certified: 'GetCertifiedInstitutions',
      rssd: 'GetCertifiedInstitutionsWithRSSD',
    }).flatMap((path) => [`FD-PAGE-START@${path}`, `FD-PAGE-LIMIT-APPLIED@${path}`, `FD-PAGE-COUNTS@${path}`]),
  ),
  async ({ fd, fdApi, fdEntities }) => {
    test.setTimeout(120_000);
    const registerApp = async () => expect((await fdApi.call('RegisterApp', { body: newApplication() })).status, 'RegisterApp').toBe(201);
    await checkPaging(
      PAGED.filter((p) => !(fd.control && MADE_BY_MOCK.has(p.reader.operationId))),
      { fd, fdApi, fdEntities },
      {
        listWebhookSubscriptions: async (i) =>
          createSub(fdApi, { url: quietUrl(`paging-property/${i}`), events: [{ name: (await offeredNames(fdApi))[0] }] }),
        // A registration has no delete (seed 002, App registration): made on the mock only.
        ...(fd.control ? { getApplications: registerApp, GetAppRegistrationStatus: registerApp } : {}),
      },
    );
  },
);

test(
  'the billing report’s pages are windows over one list of reports the check made @mock-only',
  mockOnly(
    rules('FD-PROP-PAGING'),
    "needs the mock's harness route that makes reports of an active customer without accounts: a sandbox reports only on linked accounts, and its billing list holds what it holds",
  ),
  async ({ fd, fdApi, fdEntities, fdMock, createCustomer }) => {
    // Three reports of an active customer, made before the sample's window is read (it ends at the mock's now).
    const billed = await createCustomer('active');
    for (let i = 0; i < 3; i++) await makeReport(fdMock, billed, 'voa');
    await fdMock.advanceClock(1);
    await checkPaging(
      PAGED.filter((p) => MADE_BY_MOCK.has(p.reader.operationId)),
      { fd, fdApi, fdEntities },
      {},
    );
  },
);
