// Covers: a refusal carries the error status of its condition (CE-PROP-REFUSAL-CODE; helpers/client/invariants/
// refusal-codes.ts; seed 000, Errors, Origin; reference A3, A5) on both paths under every cardSource.
import { ENROLLMENT_PATHS, exampleCard, expect, lacksPathData, rules, test, underRule } from '../../fixtures/card-enrollment.js';
import { named, SOURCES, withSource } from './sources.known.js';
import {
  checkRefusalCodes,
  type CodedCondition,
  codedOperationsOf,
  type Provoked,
  REFUSAL_CODES,
  REFUSAL_MEMBER,
  requestCaseOf,
  wrongCheckDigit,
} from '../../helpers/client/invariants/refusal-codes.js';
import { Violations } from '../../helpers/client/security/probe.js';
import { countRule } from '../shared/property.js';

const RULE = 'CE-PROP-REFUSAL-CODE';
// A refusal about a member names it, and no other, in its detail's source (reference A3, A4).
const MEMBER_RULE = 'CE-PROP-REFUSAL-MEMBER';

test(
  'a refused enrollment carries the error status of its own condition on every source and path: a missing value INVALID_ARGUMENT, a wrong check digit either validation code, an id resolving to nothing INVALID_STATE',
  rules(
    ...ENROLLMENT_PATHS.flatMap((p) => [
      `${RULE}@${p}`,
      `${MEMBER_RULE}@${p}`,
      `CE-STATE-UNKNOWN-CLIENT@${p}`,
      `CE-STATE-UNKNOWN-SERVICE@${p}`,
    ]),
    'CE-STATE-UNKNOWN-RECEIPT',
    'CE-LUHN:refuse',
    // Every refusal condition of the Errors table (the 400's x-codes) provoked here, each answer's body judged by the client
    // against the error schema (seed 000, Error body: code an integer): the forms of every refusal kind, INVALID_STATE's too.
    'CE-RESP-FORMS:refuse',
  ),
  async ({ cardApi, cards, card, cardRequestContract }, testInfo) => {
    const violations = new Violations(RULE);
    const naming = new Violations(MEMBER_RULE);
    const checked = new Set<string>();
    const namingChecked = new Set<string>();
    const provokedAll: string[] = [];
    const leftOut: string[] = [];
    // The Card with its check digit wrong, encrypted once (the Card sits inside encryptedCard).
    const wrongDigitCard = await cards.encrypt({
      ...exampleCard(),
      primaryAccountNumber: wrongCheckDigit(exampleCard().primaryAccountNumber),
    });
    for (const path of ENROLLMENT_PATHS) {
      if (lacksPathData(card, path)) {
        leftOut.push(`${path}: the target names no receipt`);
        continue;
      }
      const onPath = await cards.on(path);
      // Every cardSource and none, each with the whole table.
      for (const source of SOURCES) {
        const valid = { body: withSource(onPath, source) };
        const provoke = async (c: CodedCondition): Promise<Provoked> => {
          if (c.checkDigit) {
            if (c.checkDigit !== 'card.primaryAccountNumber') return { leftOut: `no harness sets ${c.checkDigit}` };
            if (path !== 'card') return { leftOut: 'the receipt path carries no card' };
            return cardApi.call('putCard', { body: { ...valid.body, encryptedCard: wrongDigitCard } });
          }
          const call = requestCaseOf(cardRequestContract, c, valid);
          if (typeof call === 'string') return { leftOut: call };
          return cardApi.callBuilt('putCard', call);
        };
        // Each cell's findings named with its path and source.
        const cell = new Violations(RULE);
        const cellNaming = new Violations(MEMBER_RULE);
        const run = await checkRefusalCodes(cardRequestContract, provoke, cell, undefined, cellNaming);
        for (const v of cell.list) violations.add(v.operationId, `${path} path, ${named(source)}: ${v.object}`, v.received, v.documented);
        for (const v of cellNaming.list) naming.add(v.operationId, `${path} path, ${named(source)}: ${v.object}`, v.received, v.documented);
        for (const op of run.checked) checked.add(op);
        for (const op of run.named) namingChecked.add(op);
        provokedAll.push(...run.provoked.map((p) => `${path}, ${named(source)}: ${p}`));
      }
    }
    testInfo.annotations.push({ type: REFUSAL_CODES, description: [...provokedAll, ...leftOut].join('; ') });
    const applies = codedOperationsOf(cardRequestContract).map((o) => o.operationId);
    /** The operations `done` leaves out, each with `reason`. */
    const missed = (done: Set<string>, reason: string) =>
      applies.filter((op) => !done.has(op)).map((operationId) => ({ operationId, reason }));
    countRule(REFUSAL_CODES, RULE, {
      applies,
      checked: [...checked],
      exceptions: missed(checked, 'no condition of its table could be provoked from a valid call'),
    });
    countRule(REFUSAL_MEMBER, MEMBER_RULE, {
      applies,
      checked: [...namingChecked],
      exceptions: missed(namingChecked, 'no refusal of a condition about a member named any member (details are optional)'),
    });
    expect(checked.size, 'the contract tells putCard refusal conditions apart').toBeGreaterThan(0);
    // The conditions only the reference states (A3 check digit, A5 receipts) weigh as their assumption rules.
    const ruleOf = (object: string) =>
      /check digit/.test(object) ? 'CE-LUHN' : /receipt/.test(object) ? 'CE-STATE-UNKNOWN-RECEIPT' : RULE;
    for (const rule of [RULE, 'CE-LUHN', 'CE-STATE-UNKNOWN-RECEIPT'])
      underRule(testInfo, rule, () =>
        expect(
          violations.list.filter((v) => ruleOf(v.object) === rule),
          `${violations.describe()}\n${provokedAll.join('\n')}`,
        ).toEqual([]),
      );
    underRule(testInfo, MEMBER_RULE, () => expect(naming.list, naming.describe()).toEqual([]));
  },
);
