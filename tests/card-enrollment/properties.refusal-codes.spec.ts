// Covers: a refusal carries the error status of the condition that caused it (CE-PROP-REFUSAL-CODE), on
// every operation whose refusal tells its conditions apart (`x-codes` on putCard's 400,
// helpers/client/invariants/refusal-codes.ts; seed 000, Errors): a mandatory value missing (srcClientId,
// the seed's example) is INVALID_ARGUMENT, a srcClientId or serviceId that resolves to no entity is
// INVALID_STATE, on both enrollment paths. Each refusal is made from the path's valid call, confirmed
// by the contract first (the body without the member is invalid; the new id of its own form is
// valid); nothing is enrolled, so the check runs on a sandbox too.
import { ENROLLMENT_PATHS, expect, lacksPathData, rules, test } from '../../fixtures/card-enrollment.js';
import { countProperty } from '../../helpers/client/property-counts.js';
import {
  checkRefusalCodes,
  type CodedCondition,
  codedOperationsOf,
  type Provoked,
  REFUSAL_CODES,
  requestCaseOf,
} from '../../helpers/client/invariants/refusal-codes.js';
import { Violations } from '../../helpers/client/security/probe.js';

const RULE = 'CE-PROP-REFUSAL-CODE';

test(
  'a refused enrollment carries the error status of its own condition: a missing value INVALID_ARGUMENT, an id resolving to nothing INVALID_STATE',
  rules(...ENROLLMENT_PATHS.map((p) => `${RULE}@${p}`)),
  async ({ cardApi, cards, card, cardRequestContract }, testInfo) => {
    const violations = new Violations(RULE);
    const checked = new Set<string>();
    const provokedAll: string[] = [];
    const leftOut: string[] = [];
    for (const path of ENROLLMENT_PATHS) {
      if (lacksPathData(card, path)) {
        leftOut.push(`${path}: the target names no receipt`);
        continue;
      }
      const valid = { body: await cards.on(path) };
      const provoke = async (c: CodedCondition): Promise<Provoked> => {
        const call = requestCaseOf(cardRequestContract, c, valid);
        if (typeof call === 'string') return { leftOut: call };
        return cardApi.callBuilt('putCard', call);
      };
      const { checked: ops, provoked } = await checkRefusalCodes(cardRequestContract, provoke, violations);
      for (const op of ops) checked.add(op);
      provokedAll.push(...provoked.map((p) => `${path}: ${p}`));
    }
    testInfo.annotations.push({ type: REFUSAL_CODES, description: [...provokedAll, ...leftOut].join('; ') });
    const applies = codedOperationsOf(cardRequestContract).map((o) => o.operationId);
    countProperty(testInfo, {
      property: REFUSAL_CODES,
      service: 'card-enrollment',
      rule: RULE,
      applies,
      checked: [...checked],
      exceptions: applies
        .filter((op) => !checked.has(op))
        .map((operationId) => ({ operationId, reason: 'no condition of its table could be provoked from a valid call' })),
    });
    expect(checked.size, 'the contract tells putCard refusal conditions apart').toBeGreaterThan(0);
    expect(violations.list, `${violations.describe()}\n${provokedAll.join('\n')}`).toEqual([]);
  },
);
