// Covers: putCard on both paths (seed 000: (a), (b)): no answer value is a sensitive input, a short one (the security
// code) as a whole value of any member (helpers/client/security/sensitive-values.ts).
import {
  CARD_KEY_HEADER,
  ENROLLMENT_PATHS,
  exampleCard,
  expect,
  lacksPathData,
  loadContract,
  rules,
  test,
  TEST_PANS,
} from '../../fixtures/card-enrollment.js';
import { checkAnswer, SENSITIVE_VALUES, SensitiveInputs } from '../../helpers/client/security/sensitive-values.js';
import { runProbes, Violations } from '../../helpers/client/security/probe.js';
import { underRule } from '../../helpers/client/annotations.js';

const putCard = (await loadContract('card-enrollment')).operation('putCard');

test(
  'no putCard answer carries the card number (whole, or ten of its digits in a run), the security code or the API key sent, in any member',
  rules(...ENROLLMENT_PATHS.map((p) => `CE-OBJ-SENSITIVE@${p}`), ...ENROLLMENT_PATHS.map((p) => `CE-MASK-PAN@${p}`)),
  async ({ card, cardApi, cards }) => {
    // A four-digit code of its own: as a whole value it cannot be taken for a date part or a count.
    const plain = exampleCard({ primaryAccountNumber: TEST_PANS[1] ?? TEST_PANS[0], cardSecurityCode: '084619' });
    const inputs = new SensitiveInputs()
      .add('PAN', plain.primaryAccountNumber, card.receipt?.primaryAccountNumber)
      .add('security code', plain.cardSecurityCode)
      .add('key', card.apiKey);
    const violations = new Violations(SENSITIVE_VALUES);
    for (const path of ENROLLMENT_PATHS) {
      if (lacksPathData(card, path)) continue;
      const body = await cards.on(path, plain);
      await runProbes(
        cardApi,
        [{ operation: putCard, call: { body }, object: `the ${path} enrollment`, documented: [200] }],
        violations,
        undefined,
        (answer) => checkAnswer(inputs, answer, violations),
      );
    }
    test.info().annotations.push({
      type: 'security-coverage',
      description: `card-enrollment ${SENSITIVE_VALUES}: putCard on ${ENROLLMENT_PATHS.join(', ')}, ${inputs.size} sensitive inputs (${CARD_KEY_HEADER} included)`,
    });
    // Filed under the rule of the first value met: a card number's masking, else the sensitive-object rule.
    const rule = /\bPAN\b/.test(violations.list[0]?.received ?? '') ? 'CE-MASK-PAN' : 'CE-OBJ-SENSITIVE';
    underRule(test.info(), rule, () => expect(violations.list, violations.describe()).toEqual([]), 'putCard');
  },
);
