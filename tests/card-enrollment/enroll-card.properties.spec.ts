// Covers: POST /cards (putCard), property-based: the contract's whole valid space is accepted and
// each single-field violation is rejected naming that field. FC_NUM_RUNS widens, FC_SEED replays.
import fc from 'fast-check';
import {
  assertProperty,
  CARD_VIOLATIONS,
  enrollRequestArbitrary,
  expectCardError,
  expectToBe,
  restsOnSeedIdentity,
  rules,
  SCHEMA_REFUSAL,
  setPath,
  skipForIdentity,
  test,
  underRule,
} from '../../fixtures/card-enrollment.js';

// The valid space: every Origin, both correlation id forms, ISO codes, PANs, codes (fixtures/arbitraries/card-enrollment).
const ACCEPTED = [
  'CE-ENUM-CARDSOURCE',
  'CE-PAT-CORRELATIONID',
  'CE-FMT-COUNTRY',
  'CE-FMT-LANGUAGE',
  'CE-FMT-EMAIL',
  'CE-PAT-PHONE',
  'CE-LIM-PAN',
  'CE-LIM-CVC',
  'CE-LUHN',
];

// With CARD_REQUEST_IDENTITY=provider no e-mail address is sent: the e-mail rule is not cited then. Every answer is judged by
// the card enrollment client (fixtures/assertions/card-enrollment-answer.ts): the srcCorrelationId of each form the pattern
// takes (with and without its prefix, joined by each class of character) echoed byte for byte (seed 000, SrcCorrelationId).
test(
  'accepts every request the contract allows @property',
  rules(...ACCEPTED.filter((id) => !restsOnSeedIdentity([id])).map((id) => `${id}:accept`), 'CE-ECHO-CORRELATION@card'),
  async ({ cardApi, cards, card, cardRequestContract }, testInfo) => {
    const validate = cardRequestContract.requestValidator('putCard')!;
    await assertProperty(
      fc.asyncProperty(enrollRequestArbitrary(cardRequestContract, card), async ({ card: plain, ...rest }) => {
        const body = { ...rest, encryptedCard: await cards.encrypt(plain) };
        // Step-free when they hold (fixtures/assertions/quiet.ts): they run on every draw.
        expectToBe(validate(body), true, 'generated request is valid by the contract');
        expectToBe((await cardApi.call('putCard', { body })).status, 200, 'a request the contract allows is accepted');
      }),
      testInfo,
      {
        none: 'a form property: the stated bounds of each member are sent by the generated bound rows (boundEnds) of enroll-card.every-source.spec.ts, on each path and source',
      },
    );
  },
);

for (const violation of CARD_VIOLATIONS) {
  test(
    `rejects ${violation.field} that breaks '${violation.rule}' naming that field @property`,
    rules(...violation.rules.map((id) => `${id}:refuse`), 'CE-ERR-FIELD'),
    async ({ cardApi, cards, card, cardRequestContract }, testInfo) => {
      skipForIdentity(testInfo, violation.rules);
      const validateBody = cardRequestContract.requestValidator('putCard')!;
      const validateCard = cardRequestContract.component('Card');
      const inCard = violation.field.startsWith('card.');
      await assertProperty(
        fc.asyncProperty(enrollRequestArbitrary(cardRequestContract, card), violation.value, async ({ card: plain, ...rest }, bad) => {
          const brokenCard = inCard ? setPath(plain, violation.field.slice(5), bad) : plain;
          const brokenBody = inCard ? rest : setPath(rest, violation.field, bad);
          // Confirm with the contract that the generated value breaks it (never blame the target for the generator).
          fc.pre(inCard ? !validateCard(brokenCard) : !validateBody({ ...brokenBody, encryptedCard: 'a.b.c.d.e' }));
          // Sent expected refused (CallOptions.negative): an acceptance is filed under the violation's rule below, not under the
          // answer's form of the value taken.
          const res = await cardApi.call('putCard', {
            body: { ...brokenBody, encryptedCard: await cards.encrypt(brokenCard) },
            negative: true,
            judges: violation.rules[0],
          });
          // A value taken is its violation's rule broken; a refusal not naming the member, CE-ERR-FIELD's (expectCardError).
          underRule(testInfo, violation.rules[0], () => expectToBe(res.status, 400, `${violation.field} breaking '${violation.rule}'`));
          expectCardError(res, { http: 400, status: SCHEMA_REFUSAL, field: violation.field });
        }),
        testInfo,
        {
          none: 'a form property: the stated bounds of each member are sent by the generated bound rows (boundEnds) of enroll-card.every-source.spec.ts, on each path and source',
        },
      );
    },
  );
}
