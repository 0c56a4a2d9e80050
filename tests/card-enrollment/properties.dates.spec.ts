// Covers: putCard on both paths: every date-time of the answer carries its zone (seed 000, MaskedCard, MaskedConsumer:
// UTC datetimes; RFC 3339 section 5.6: CE-DATE-UNIT), judged by the answer judge on every answer.
import { ENROLLMENT_PATHS, expect, lacksPathData, loadContract, NO_RECEIPT, rules, test } from '../../fixtures/card-enrollment.js';
import { DateUnits } from '../../helpers/client/invariants/dates.js';
import { checkDatedAnswers } from '../shared/dates.js';

const CONTRACT = await loadContract('card-enrollment');
const DATES = new DateUnits(CONTRACT);

test(
  'every date-time an enrollment answers carries its zone, on every enrollment path, for a new identity and one enrolled again',
  rules(...ENROLLMENT_PATHS.map((path) => `CE-DATE-UNIT@${path}`)),
  async ({ card, cardApi, cards }) => {
    const operation = CONTRACT.operation('putCard');
    await checkDatedAnswers(
      'CE-DATE-UNIT',
      DATES,
      ['putCard'],
      // Each path with a new identity, then that identity again: a returning consumer's answer is the one its profile's dates
      // (dateConsumerLastUsed, dateConsumerAdded as kept) may first show in (seed 000, MaskedConsumer; ConsumerIdentity).
      ENROLLMENT_PATHS.flatMap((path) => {
        let identity: unknown;
        const enroll = async (again: boolean) => {
          const body = await cards.on(path);
          if (again) body.consumer = { ...body.consumer, consumerIdentity: identity };
          else identity = body.consumer.consumerIdentity;
          return cardApi.call('putCard', { body });
        };
        return [
          { where: `${path} path, a new identity`, again: false },
          { where: `${path} path, the identity enrolled again`, again: true },
        ].map(({ where, again }) => ({
          operation,
          where,
          status: 200,
          send: lacksPathData(card, path) ? NO_RECEIPT : () => enroll(again),
        }));
      }),
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
