// Covers: every documented status is provoked by a check, or the contract says why not
// (`x-unexercised` of an operation: helpers/contract/unexercised.ts). Here, statically: each reason is
// well formed, names a documented status, the sources read, and a rule of the catalogue where it
// says a rule answers the stated condition otherwise. The strict judgement is the run's: a run on the
// mock of a service's whole project fails on a documented pair no check provoked and no reason
// explains, and on a reason a check proved wrong by provoking the pair (coverageGapsOfRun, called by
// the suite reporter, the one place that sees every check's calls); its rule is shown here on a
// small coverage.
import { expect, test } from '../../fixtures/self.js';
import { Contract } from '../../helpers/contract/contract.js';
import { loadRules, rulesFile } from '../../helpers/contract/rules.js';
import { SERVICES } from '../../helpers/contract/services.js';
import { UnexercisedError, unexercisedReasons } from '../../helpers/contract/unexercised.js';
import { computeCoverage, coverageGapsOfRun } from '../../helpers/verdict/coverage-report.js';
import fs from 'node:fs';

test('every x-unexercised reason names a documented status, its sources and, where a rule decides, that rule', async ({ contracts }) => {
  const problems: string[] = [];
  for (const { name } of SERVICES) {
    const contract = await contracts(name);
    let reasons: ReturnType<typeof unexercisedReasons>;
    try {
      reasons = unexercisedReasons(contract);
    } catch (error) {
      if (!(error instanceof UnexercisedError)) throw error;
      problems.push(error.message);
      continue;
    }
    const ruleIds = new Set(fs.existsSync(rulesFile(name)) ? loadRules(name).rules.map((r) => r.id) : []);
    for (const r of reasons.values())
      if (r.rule && !ruleIds.has(r.rule)) problems.push(`${name} ${r.operationId} ${r.status}: rule ${r.rule} is not in the catalogue`);
  }
  expect(problems, 'x-unexercised entries').toEqual([]);
});

/** A one-operation contract: 200 provoked, 404 with a reason, 400 without, 409 provoked though its reason says none can. */
function small(): Contract {
  const reason = { kind: 'no-stated-condition', note: 'nothing names it', read: ['seed x', 'provider y'] };
  return new Contract('financial-data', {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {
      '/things': {
        get: {
          operationId: 'listThings',
          responses: {
            '200': { description: 'ok' },
            '400': { description: 'bad' },
            '404': { description: 'none' },
            '409': { description: 'c' },
          },
          'x-unexercised': { '404': reason, '409': reason },
        },
      },
    },
  });
}

test('a whole run on the mock fails on an unexercised status without a reason and on a stale reason', () => {
  const record = (status: number) => ({ service: 'financial-data', operationId: 'listThings', status, documented: true });
  const coverage = computeCoverage(small(), [record(200), record(409)]);
  expect(coverage.pairs.map((p) => `${p.status} ${p.exercised ? 'yes' : 'no'} ${p.reason?.kind ?? '-'}`)).toEqual([
    '200 yes -',
    '400 no -',
    '404 no no-stated-condition',
    '409 yes no-stated-condition',
  ]);
  const whole = { target: 'mock', selection: { projects: ['financial-data'], files: [] }, ranToEnd: true };
  expect(coverageGapsOfRun(coverage, whole)).toEqual([
    'financial-data: listThings 400 is documented and no check provoked it, and the contract states no reason (x-unexercised)',
    'financial-data: listThings 409 was provoked (1 calls) though its x-unexercised reason says no check can: remove the reason',
  ]);
  // Judged only where it means something: not on a sandbox, a part of the project, or a run cut short.
  expect(coverageGapsOfRun(coverage, { ...whole, target: 'sandbox' })).toEqual([]);
  expect(coverageGapsOfRun(coverage, { ...whole, selection: { projects: ['financial-data'], files: ['x.spec.ts'] } })).toEqual([]);
  expect(coverageGapsOfRun(coverage, { ...whole, ranToEnd: false })).toEqual([]);
});

test('a malformed x-unexercised entry is one line naming the operation and the status', () => {
  const contract = (entry: unknown) =>
    new Contract('financial-data', {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: { '/things': { get: { operationId: 'listThings', responses: { '200': { description: 'ok' } }, 'x-unexercised': entry } } },
    });
  expect(() => unexercisedReasons(contract({ '404': { kind: 'no-stated-condition', note: 'n', read: ['s'] } }))).toThrow(
    'financial-data listThings x-unexercised 404: the operation documents no such status',
  );
  expect(() => unexercisedReasons(contract({ '200': { kind: 'hard', note: 'n', read: ['s'] } }))).toThrow(/kind 'hard' is not one of/);
  expect(() => unexercisedReasons(contract({ '200': { kind: 'no-stated-condition', note: 'n', read: [] } }))).toThrow(/read must list/);
  expect(() => unexercisedReasons(contract({ '200': { kind: 'decided-otherwise', note: 'n', read: ['s'] } }))).toThrow(/names the rule/);
});
