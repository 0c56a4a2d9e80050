// Covers: every search of the installments contract keeps the matching rule its contract states
// (IN-FILTER-RULE; helpers/client/invariants/filter-rules.ts). The searches are read from the
// contract (the reads sending their criteria as a body, helpers/client/invariants/kit.ts), their
// criteria from the request schema: a free-text member (a string with no enum, no format and no
// pattern narrower than any character) is matched by a rule its description must state; a code or an
// identifier under a pattern is compared as text (IN-FILTER-ICA-TEXT, IN-FILTER-MAID, IN-FILTER-MID).
// No installments source states how a merchant's legal name matches (seed 001, Endpoints: "search
// merchants ... by merchant name"; provider 2.0.0 MerchantLegalName: "Legal name of the merchant"):
// each such search is counted as an exception with that reason, never checked against a guessed rule,
// and a criterion whose description does state a rule fails here until a check of it is written.
import { expect, loadContract, rules, test } from '../../fixtures/installments.js';
import { FILTER_RULES, matchRule } from '../../helpers/client/invariants/filter-rules.js';
import { isRead } from '../../helpers/client/invariants/kit.js';
import { countProperty } from '../../helpers/client/property-counts.js';

const contract = await loadContract('installments');

interface Criterion {
  operationId: string;
  member: string;
  description: string;
}

/** The free-text criteria of every search: string members of a read's body that no enum, format or narrow pattern makes a code. */
const CRITERIA: Criterion[] = [...contract.operations.values()]
  .filter((op) => isRead(op) && op.requestBody?.schema)
  .flatMap((op) =>
    Object.entries((contract.resolveSchema(op.requestBody!.schema) as { properties?: Record<string, unknown> }).properties ?? {}).flatMap(
      ([member, node]) => {
        const s = contract.resolveSchema(node) as {
          type?: string;
          enum?: unknown;
          format?: string;
          pattern?: string;
          description?: string;
        };
        const freeText = s.type === 'string' && !s.enum && !s.format && (!s.pattern || /^\^?\.\{/.test(s.pattern));
        return freeText ? [{ operationId: op.operationId, member, description: String(s.description ?? '') }] : [];
      },
    ),
  );

test(
  'every search criterion keeps the matching rule its contract states; a criterion no source gives a rule is counted as an exception @assumption',
  rules('IN-FILTER-RULE'),
  async () => {
    const stated = CRITERIA.filter((c) => matchRule('search', c.description) !== 'search');
    const applies = [...new Set(CRITERIA.map((c) => c.operationId))];
    countProperty(test.info(), {
      property: FILTER_RULES,
      service: 'installments',
      rule: 'IN-FILTER-RULE',
      applies,
      checked: [],
      exceptions: applies.map((operationId) => ({
        operationId,
        reason: `${CRITERIA.filter((c) => c.operationId === operationId)
          .map((c) => c.member)
          .join(
            ', ',
          )}: no source states how it matches (seed 001, Endpoints: search by merchant name; provider 2.0.0 MerchantLegalName: no exact, prefix, substring or case rule)`,
      })),
    });
    expect(applies.length, 'the searches with a free-text criterion, read from the contract').toBeGreaterThan(0);
    expect(
      stated.map((c) => `${c.operationId} ${c.member}: ${c.description}`),
      'criteria whose description states a matching rule (each needs its check)',
    ).toEqual([]);
  },
);
