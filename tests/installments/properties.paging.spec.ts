// Covers: every paged reader keeps its pages windows over one list (IN-PROP-PAGING; helpers/client/invariants/paging.ts;
// provider 2.0.0, offset / limit and the paging headers), over sets the check makes, a search whose criteria narrow a larger
// set among them; a page that is not its window filed under IN-PAGE-SLICE or IN-PAGE-KEEPS-QUERY.
import { exampleParticipation, expect, isoCountry, rules, test, type CallOptions } from '../../fixtures/installments.js';
import { loadContract } from '../../helpers/contract/contract.js';
import {
  FILTERED_TOTALS,
  filtersOf,
  PAGING,
  pagedReaders,
  pagingProblems,
  type WindowProblem,
} from '../../helpers/client/invariants/paging.js';
import { Violations } from '../../helpers/client/security/probe.js';
import { countRule, noteCoverage } from '../shared/property.js';
import { judgeFilteredTotals, pageReader } from '../shared/paging.js';

const contract = await loadContract('installments');
const PAGED = pagedReaders(contract);
const SIZE = 5;
/** The rule a page that is not its window breaks, by how (helpers/client/invariants/paging.ts WindowProblem). */
const WINDOW_RULE: Record<WindowProblem['kind'], string> = { size: 'IN-PAGE-SLICE', slice: 'IN-PAGE-SLICE', query: 'IN-PAGE-KEEPS-QUERY' };

test(
  'the pages of every paged reader are windows over one list: each page its slice, its headers what the pages hold, past the end empty',
  // The merchant readers' paging rules on the sets the check makes (IN-PAGE-SLICE, IN-PAGE-KEEPS-QUERY, IN-PAGE-HEADERS).
  rules(
    'IN-PROP-PAGING',
    'IN-PROP-FILTERED-TOTALS',
    'IN-FILTER-REQUEST-ID:accept',
    ...['by-request', 'search', 'mids', 'list'].flatMap((path) => [
      `IN-PAGE-SLICE@${path}`,
      `IN-PAGE-HEADERS@${path}`,
      `IN-PAGE-KEEPS-QUERY@${path}`,
    ]),
  ),
  async ({ instApi, instReq, inst }) => {
    test.setTimeout(120_000);
    const ica = inst.knownAcquirerIca ?? '001234';
    // The sets the check makes, one call per reader (and the whole completed list on the mock).
    const byRequest = await instReq.submitParticipations(
      instApi,
      Array.from({ length: SIZE }, () => exampleParticipation(ica)),
    );
    // On the mock the request is effectuated (its clock moved on), so the list of completed merchants holds it too.
    if (inst.control) await instReq.awaitEffectuation(instApi, byRequest);
    const name = `Paging ${crypto.randomUUID()}`;
    await instReq.submitParticipations(
      instApi,
      Array.from({ length: SIZE }, (_, i) => exampleParticipation(ica, { merchantLegalName: name, countryCode: isoCountry(i) })),
    );
    const mids = Array.from({ length: SIZE }, (_, i) => String(300_000_001 + i + Math.floor(Math.random() * 1e6) * 10));
    const merchant = exampleParticipation(ica, { mids });
    // A search whose criteria narrow a larger set: merchants of one name, of a known and an unknown acquirer ICA in turn, so
    // that those a participation status selects alternate with others (an unknown ICA's participation ends in ERROR, the
    // reference page's reading, IN-STATE-INVALID-ICA; a target completing them all answers them all, its pages windows still).
    // Its pages are windows over the merchants the criteria match (provider 2.0.0, offset / limit: a window over the one answer
    // the query selects), not over the merchants before the criteria narrowed them.
    const narrowed = `Paging status ${crypto.randomUUID()}`;
    const unknown = inst.unknownAcquirerIca;
    const interleaved = unknown
      ? await instReq.submitParticipations(
          instApi,
          Array.from({ length: SIZE }, (_, i) =>
            exampleParticipation(i % 2 ? unknown : ica, { merchantLegalName: narrowed, countryCode: isoCountry(i) }),
          ),
        )
      : undefined;
    // Its MIDs settle before they are paged: processing is asynchronous (provider 2.0.0 postMerchantParticipations), and a
    // MID's status moving from PENDING between two reads moves the list (a clean-room server's left the MID pages out once).
    await instReq.awaitEffectuation(instApi, await instReq.submitParticipations(instApi, [merchant]));
    // So does each participation status of the narrowed set.
    if (interleaved) await instReq.awaitEffectuation(instApi, interleaved);
    const calls: Record<string, CallOptions[]> = {
      getMerchantParticipations: [{ query: { request_id: byRequest } }, ...(inst.control ? [{}] : [])],
      // The narrowed search first: a window taken before the criteria shows in its pages (fewer matches than the window),
      // where a plain search shows it only in its counts.
      postMerchantSearches: [
        ...(interleaved ? [{ body: { merchantLegalName: narrowed, merchantParticipationStatus: 'COMPLETED' } }] : []),
        { body: { merchantLegalName: name } },
      ],
      postMerchantMidSearches: [
        { body: { merchantLegalName: merchant.merchantLegalName, countryCode: merchant.countryCode, acquirerICA: merchant.acquirerICA } },
      ],
    };
    const violations = new Violations(PAGING);
    const checked = new Set<string>();
    const leftOut: { operationId: string; reason: string }[] = [];
    const seen: string[] = [];
    const count = () =>
      countRule(PAGING, 'IN-PROP-PAGING', { applies: PAGED.map((p) => p.reader.operationId), checked: [...checked], exceptions: leftOut });
    for (const p of PAGED) {
      const { operationId } = p.reader;
      for (const call of calls[operationId] ?? []) {
        const what = `${operationId} ${JSON.stringify(call.query ?? call.body ?? {})}`;
        const outcome = await pagingProblems(p, (index, size) => pageReader(instApi, p, call)(call.query ?? {}, index, size));
        if (outcome.leftOut) {
          seen.push(`${what}: left out, ${outcome.leftOut}`);
          continue;
        }
        checked.add(operationId);
        seen.push(`${what}: ${outcome.size ?? '?'} items, ${outcome.reads} reads`);
        // A page that is not its window first, under the statement it breaks (provider 2.0.0 offset / limit): another slice of
        // the list (IN-PAGE-SLICE), or an item the query's answer does not hold as it is (IN-PAGE-KEEPS-QUERY); then the rest.
        const windows = outcome.windows ?? [];
        const pages = `the pages of ${what}`;
        for (const w of windows)
          violations.add(operationId, pages, w.problem, 'the window of the list its largest page reads', WINDOW_RULE[w.kind]);
        for (const problem of outcome.problems.filter((x) => !windows.some((w) => w.problem === x)))
          violations.add(operationId, pages, problem, 'a window over the list its largest page reads');
        // A page that is not its window is the first failure this check states: the readers after it are not read (the answer
        // judge would stop the check on their counts, the same fault seen from its counting side).
        if (windows.length) {
          count();
          violations.expectNone();
        }
      }
      if (!checked.has(operationId))
        leftOut.push({
          operationId,
          reason: calls[operationId] ? 'every set the check made was left out (see checker-coverage)' : 'the check makes no set of it',
        });
    }
    count();
    noteCoverage(`paged readers: ${seen.join('; ')}`);
    // The filtered totals (IN-PROP-FILTERED-TOTALS): each query filter alone, its values those the set's items hold.
    const totalViolations = new Violations(FILTERED_TOTALS);
    const filtered = PAGED.filter((p) => p.members.some((m) => m.meaning === 'total') && filtersOf(p).length);
    const totals = { checked: [] as string[], leftOut: [] as { operationId: string; reason: string }[], judged: [] as string[] };
    for (const p of filtered) {
      const { operationId } = p.reader;
      const call = calls[operationId]?.[0];
      if (!call) {
        totals.leftOut.push({ operationId, reason: 'the check makes no set of it' });
        continue;
      }
      const sample = (call.query ?? {}) as Record<string, unknown>;
      await judgeFilteredTotals(contract, p, pageReader(instApi, p, call), { filters: sample, sample }, totals, totalViolations);
    }
    countRule(FILTERED_TOTALS, 'IN-PROP-FILTERED-TOTALS', {
      applies: filtered.map((p) => p.reader.operationId),
      checked: totals.checked,
      exceptions: totals.leftOut,
    });
    noteCoverage(`filtered totals: ${totals.judged.join('; ')}`);
    expect([...checked].sort(), 'paged readers checked: every merchant reader').toEqual([
      'getMerchantParticipations',
      'postMerchantMidSearches',
      'postMerchantSearches',
    ]);
    violations.expectNone();
    totalViolations.expectNone();
  },
);
