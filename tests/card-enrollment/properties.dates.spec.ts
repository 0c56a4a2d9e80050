// Covers: POST /cards (putCard), both ways of enrolling: every date-time of the answer (seed 000,
// MaskedCard and MaskedConsumer: UTC datetimes; the contract's UtcDateTime, format date-time) carries
// its zone (RFC 3339 section 5.6: CE-DATE-UNIT). The answer judge (EnrollmentAnswerJudge) holds every
// answer of every check to it, whatever the clock; this check enrolls once on each path so that none
// goes unjudged.
import { ENROLLMENT_PATHS, expect, lacksPathData, loadContract, NO_RECEIPT, rules, test } from '../../fixtures/card-enrollment.js';
import { DATE_UNITS, DateUnits } from '../../helpers/client/invariants/dates.js';
import { Violations } from '../../helpers/client/security/probe.js';
import { ContractViolation } from '../../helpers/contract/checks.js';
import { countRule } from '../shared/property.js';

const CONTRACT = await loadContract('card-enrollment');
const DATES = new DateUnits(CONTRACT);

test(
  'every date-time an enrollment answers carries its zone, on every enrollment path',
  rules(...ENROLLMENT_PATHS.map((path) => `CE-DATE-UNIT@${path}`)),
  async ({ card, cardApi, cards }) => {
    const violations = new Violations(DATE_UNITS);
    const op = CONTRACT.operation('putCard');
    const dated: string[] = [];
    const leftOut: string[] = [];
    for (const path of ENROLLMENT_PATHS) {
      if (lacksPathData(card, path)) {
        leftOut.push(`${path}: ${NO_RECEIPT}`);
        continue;
      }
      try {
        const res = await cardApi.call('putCard', { body: await cards.on(path) });
        expect(res.status, `an enrollment on the ${path} path`).toBe(200);
        if (DATES.leaves(op, res.status, res.body).length) dated.push(path);
        else leftOut.push(`${path}: its answer carries no date`);
      } catch (error) {
        // The judge's violation names the member; the loop goes on to the other path.
        if (!(error instanceof ContractViolation)) throw error;
        dated.push(path);
        violations.add('putCard', `${path} path`, error.message.split('\n')[0], 'every date-time with its zone');
      }
    }
    test.info().annotations.push({
      type: 'checker-coverage',
      description: `dates: putCard answered dates on ${dated.join(', ') || 'no path'}; left out: ${leftOut.join('; ') || 'none'}`,
    });
    countRule(DATE_UNITS, 'CE-DATE-UNIT', {
      applies: ['putCard'],
      checked: dated.length ? ['putCard'] : [],
      exceptions: dated.length ? [] : [{ operationId: 'putCard', reason: leftOut.join('; ') }],
    });
    expect(dated.length, 'paths answering a date').toBeGreaterThan(0);
    expect(violations.list, violations.describe()).toEqual([]);
  },
);

// The checker itself, on an answer no mock fault writes (the mock's date-times always carry Z): a
// date-time of the masked consumer without its zone is named by its member.
test('the date checker names an enrollment answer’s date-time written without its zone', rules('CE-DATE-UNIT@card'), () => {
  const op = CONTRACT.operation('putCard');
  const answer = { maskedConsumer: { dateConsumerAdded: '2026-01-02T03:04:05Z', dateConsumerLastUsed: '2026-01-02T03:04:05' } };
  expect(DATES.unitProblems(op, 200, answer)).toEqual([
    'maskedConsumer.dateConsumerLastUsed "2026-01-02T03:04:05" is a date-time without its zone',
  ]);
});
