// Covers: POST /cards (putCard) 200, the masked consumer's dateConsumerAdded on each enrollment path
// (seed 000, MaskedConsumer: dateConsumerAdded "string, UTC datetime"; EnrollCardRequest: the consumer
// identity locates the profile, so a new identity is a consumer this enrollment adds). Consumers of
// countries and languages east and west of UTC (CONSUMER_LOCALES): a target writing the consumer's local
// time with a Z, for one country or language only, shows an instant hours from the enrollment.
import {
  CONSUMER_LOCALES,
  ENROLLMENT_PATHS,
  expect,
  lacksPathData,
  NO_RECEIPT,
  rules,
  test,
  utcInstantProblem,
} from '../../fixtures/card-enrollment.js';

// A target's clock may drift from ours; a time zone error is half an hour or more.
const TOLERANCE_MS = 5 * 60_000;

for (const path of ENROLLMENT_PATHS) {
  test(
    `dateConsumerAdded of a new consumer is the enrollment instant in UTC, whatever its country and language (${path}) @assumption`,
    rules(`CE-VAL-CONSUMER-ADDED@${path}`),
    async ({ cardApi, cards, card }) => {
      test.skip(lacksPathData(card, path), NO_RECEIPT);
      const wrong: string[] = [];
      for (const [countryCode, languageCode] of CONSUMER_LOCALES) {
        // cards.on makes a new consumer identity each time: the consumer is added by this enrollment.
        const request = await cards.on(path);
        request.consumer = { ...request.consumer, countryCode, languageCode };
        const sentAt = Date.now();
        const res = await cardApi.call('putCard', { body: request });
        const answeredAt = Date.now();
        expect(res.status, `consumer of ${countryCode}`).toBe(200);
        const added = res.body.maskedConsumer?.dateConsumerAdded;
        const problem = added === undefined ? undefined : utcInstantProblem(added, sentAt, answeredAt, TOLERANCE_MS);
        if (problem) wrong.push(`${countryCode}/${languageCode}: dateConsumerAdded ${problem}`);
      }
      expect(wrong, 'each new consumer added at the enrollment instant, in UTC').toEqual([]);
    },
  );
}
