// Covers: every paged reader keeps its pages windows over one list (IN-PROP-PAGING; helpers/client/invariants/paging.ts;
// provider 2.0.0, offset / limit and the paging headers), over sets the check makes.
import { exampleParticipation, expect, isoCountry, rules, test, type CallOptions } from '../../fixtures/installments.js';
import { loadContract } from '../../helpers/contract/contract.js';
import { FILTERED_TOTALS, filtersOf, PAGING, pagedReaders, pagingProblems } from '../../helpers/client/invariants/paging.js';
import { Violations } from '../../helpers/client/security/probe.js';
import { countRule, noteCoverage } from '../shared/property.js';
import { judgeFilteredTotals, pageReader } from '../shared/paging.js';

const contract = await loadContract('installments');
const PAGED = pagedReaders(contract);
const SIZE = 5;

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
    // Its MIDs settle before they are paged: processing is asynchronous (provider 2.0.0 postMerchantParticipations), and a
    // MID's status moving from PENDING between two reads moves the list (a clean-room server's left the MID pages out once).
    await instReq.awaitEffectuation(instApi, await instReq.submitParticipations(instApi, [merchant]));
    const calls: Record<string, CallOptions[]> = {
      getMerchantParticipations: [{ query: { request_id: byRequest } }, ...(inst.control ? [{}] : [])],
      postMerchantSearches: [{ body: { merchantLegalName: name } }],
      postMerchantMidSearches: [
        { body: { merchantLegalName: merchant.merchantLegalName, countryCode: merchant.countryCode, acquirerICA: merchant.acquirerICA } },
      ],
    };
    const violations = new Violations(PAGING);
    const checked = new Set<string>();
    const leftOut: { operationId: string; reason: string }[] = [];
    const seen: string[] = [];
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
        for (const problem of outcome.problems) violations.add(what, 'its pages', problem, 'a window over the list its largest page reads');
      }
      if (!checked.has(operationId))
        leftOut.push({
          operationId,
          reason: calls[operationId] ? 'every set the check made was left out (see checker-coverage)' : 'the check makes no set of it',
        });
    }
    countRule(PAGING, 'IN-PROP-PAGING', { applies: PAGED.map((p) => p.reader.operationId), checked: [...checked], exceptions: leftOut });
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
