// Covers: putCard: every request the contract refuses (helpers/client/negative.ts) is refused with 400 (seed 000,
// Errors: a body that does not match the request schema).
import { expect, rules, test, underRule } from '../../fixtures/card-enrollment.js';
import { runNegativeCases } from '../../fixtures/negative.js';
import { ruleOfCase } from './sources.known.js';

test(
  'refuses every request the contract refuses with 400 INVALID_ARGUMENT or INVALID_STATE',
  rules('CE-REQ-NULL'),
  async ({ cardApi, cards, cardRequestContract }) => {
    // seed 000, Errors: schema and data type failures are INVALID_ARGUMENT, or INVALID_STATE; cases confirmed by the contract.
    const { cases, failures } = await runNegativeCases(
      cardApi,
      'putCard',
      { body: await cards.withCard() },
      (res) =>
        ['INVALID_ARGUMENT', 'INVALID_STATE'].includes(res.body?.status)
          ? undefined
          : `error status ${res.body?.status} is not INVALID_ARGUMENT or INVALID_STATE`,
      cardRequestContract,
    );
    test.info().annotations.push({ type: 'negative cases', description: String(cases) });
    expect(cases, 'generated cases').toBeGreaterThan(40);
    // A null answered as a member left out breaks only this catalogue's decision (CE-REQ-NULL), judged apart.
    const asAbsent = (f: string) => /: null \(empty, not absent\): Received 2\d\d /.test(f);
    // Each wrong case is its own rule's (the first leads; sources.known.ts ruleOfCase).
    const wrong = failures.filter((f) => !asAbsent(f));
    underRule(test.info(), (wrong[0] && ruleOfCase(wrong[0])) ?? 'CE-REQ-NULL', () =>
      expect(wrong, 'cases answered otherwise').toEqual([]),
    );
    underRule(test.info(), 'CE-REQ-NULL', () => expect(failures.filter(asAbsent), 'members sent null, taken as left out').toEqual([]));
  },
);
