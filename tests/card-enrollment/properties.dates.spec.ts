// Covers: putCard on both paths: every date-time of the answer carries its zone (seed 000, MaskedCard, MaskedConsumer:
// UTC datetimes; RFC 3339 section 5.6: CE-DATE-UNIT), judged by the answer judge on every answer.
import { ENROLLMENT_PATHS, expect, lacksPathData, loadContract, NO_RECEIPT, rules, test } from '../../fixtures/card-enrollment.js';
import { DateUnits } from '../../helpers/client/invariants/dates.js';
import { checkDatedAnswers } from '../shared/dates.js';

const CONTRACT = await loadContract('card-enrollment');
const DATES = new DateUnits(CONTRACT);

test(
  'every date-time an enrollment answers carries its zone, on every enrollment path',
  rules(...ENROLLMENT_PATHS.map((path) => `CE-DATE-UNIT@${path}`)),
  async ({ card, cardApi, cards }) => {
    const operation = CONTRACT.operation('putCard');
    await checkDatedAnswers(
      'CE-DATE-UNIT',
      DATES,
      ['putCard'],
      ENROLLMENT_PATHS.map((path) => ({
        operation,
        where: `${path} path`,
        status: 200,
        send: lacksPathData(card, path) ? NO_RECEIPT : async () => cardApi.call('putCard', { body: await cards.on(path) }),
      })),
    );
  },
);

// The checker itself: a date-time of the masked consumer without its zone is named by its member.
test('the date checker names an enrollment answer’s date-time written without its zone', rules('CE-DATE-UNIT@card'), () => {
  const op = CONTRACT.operation('putCard');
  const answer = { maskedConsumer: { dateConsumerAdded: '2026-01-02T03:04:05Z', dateConsumerLastUsed: '2026-01-02T03:04:05' } };
  expect(DATES.unitProblems(op, 200, answer)).toEqual([
    'maskedConsumer.dateConsumerLastUsed "2026-01-02T03:04:05" is a date-time without its zone',
  ]);
});
