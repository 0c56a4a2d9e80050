// Covers: POST /cards (putCard), both ways of enrolling: each typed member of the request (a boolean,
// a number, an enum) sent in another form of the same value that the contract refuses
// (helpers/client/invariants/type-forms.ts: an enum value in another case, a boolean or number as a JSON
// string) is refused with 400 (CE-TYPE-FORMS; seed 000, Errors: a body that does not match the
// request schema). Each violation names the member.
import { expect, rules, test } from '../../fixtures/card-enrollment.js';
import { checkTypeForms, TYPE_FORMS } from '../../helpers/client/invariants/type-forms.js';
import { Violations } from '../../helpers/client/security/probe.js';
import { countProperty } from '../../helpers/client/property-counts.js';

test(
  'every typed member of an enrollment takes only its type’s own form: another form of the same value is refused',
  rules('CE-TYPE-FORMS@card', 'CE-TYPE-FORMS@receipt'),
  async ({ cardApi, cards, cardRequestContract }) => {
    const violations = new Violations(TYPE_FORMS);
    const op = cardRequestContract.operation('putCard');
    let cases = 0;
    const leftOut: string[] = [];
    for (const [path, make] of [
      ['card', () => cards.withCard()],
      ['receipt', () => cards.withReceipt()],
    ] as const) {
      const { sent, leftOut: why } = await checkTypeForms(
        cardApi,
        op,
        async () => ({ body: await make() }),
        violations,
        cardRequestContract,
      );
      if (why) leftOut.push(`${path}: ${why}`);
      cases += sent;
    }
    test.info().annotations.push({
      type: 'checker-coverage',
      description: `type forms: putCard checked with ${cases} forms; left out: ${leftOut.join('; ') || 'none'}`,
    });
    countProperty(test.info(), {
      property: TYPE_FORMS,
      service: 'card-enrollment',
      rule: 'CE-TYPE-FORMS',
      applies: ['putCard'],
      checked: cases ? ['putCard'] : [],
      exceptions: cases ? [] : [{ operationId: 'putCard', reason: leftOut.join('; ') }],
    });
    expect(cases, 'forms sent').toBeGreaterThan(0);
    expect(violations.list, violations.describe()).toEqual([]);
  },
);
