// Covers: putCard: every request the contract refuses (helpers/client/negative.ts) is refused with 400 (seed 000,
// Errors: a body that does not match the request schema).
import { expect, rules, test, underRule } from '../../fixtures/card-enrollment.js';
import { runNegativeCases } from '../../fixtures/negative.js';
import { ruleOfCase } from './sources.known.js';

/** How a refusal carrying another error status than the schema failure's is written in a failure line. */
const WRONG_CODE = 'Received a refusal';

test(
  'refuses every request the contract refuses with 400 INVALID_ARGUMENT or INVALID_STATE',
  // The refusal's status code (seed 000, Errors: a body not matching the request schema is INVALID_ARGUMENT) is judged here on
  // every case, under the rule stating each refusal's code (CE-PROP-REFUSAL-CODE); the refusal itself (400) under the member's own.
  // A member sent as another JSON type (a string member as a number) is CE-TYPE-FORMS' (sources.known.ts ruleOfCase).
  rules('CE-REQ-NULL', 'CE-PROP-REFUSAL-CODE@card', 'CE-TYPE-FORMS@card'),
  async ({ cardApi, cards, cardRequestContract }) => {
    // seed 000, Errors: schema and data type failures are INVALID_ARGUMENT, or INVALID_STATE; cases confirmed by the contract.
    const { cases, failures } = await runNegativeCases(
      cardApi,
      'putCard',
      { body: await cards.withCard() },
      (res) =>
        ['INVALID_ARGUMENT', 'INVALID_STATE'].includes(res.body?.status)
          ? undefined
          : `${WRONG_CODE} ${res.status} with error status ${res.body?.status} / Documented: INVALID_ARGUMENT or INVALID_STATE`,
      cardRequestContract,
    );
    test.info().annotations.push({ type: 'negative cases', description: String(cases) });
    expect(cases, 'generated cases').toBeGreaterThan(40);
    // A null answered as a member left out breaks only this catalogue's decision (CE-REQ-NULL), judged apart.
    const asAbsent = (f: string) => /: null \(empty, not absent\): Received 2\d\d /.test(f);
    // A case refused with another status code: the refusal came (its member's rule holds), its code is CE-PROP-REFUSAL-CODE's.
    const coded = failures.filter((f) => f.includes(`: ${WRONG_CODE} `));
    underRule(test.info(), 'CE-PROP-REFUSAL-CODE', () => expect(coded, 'refusals carrying another error status').toEqual([]));
    // Each other wrong case is its own rule's (the first leads; sources.known.ts ruleOfCase).
    const wrong = failures.filter((f) => !asAbsent(f) && !coded.includes(f));
    underRule(test.info(), (wrong[0] && ruleOfCase(wrong[0])) ?? 'CE-REQ-NULL', () =>
      expect(wrong, 'cases answered otherwise').toEqual([]),
    );
    underRule(test.info(), 'CE-REQ-NULL', () => expect(failures.filter(asAbsent), 'members sent null, taken as left out').toEqual([]));
  },
);
