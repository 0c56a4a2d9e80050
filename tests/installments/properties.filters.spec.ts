// Covers: every search keeps the matching rule its contract states (IN-FILTER-RULE; helpers/client/invariants/filter-rules.ts);
// a legal name's matching no source states (seed 001, Endpoints; provider 2.0.0 MerchantLegalName): an exception.
import { expect, loadContract, rules, test } from '../../fixtures/installments.js';
import { FILTER_RULES, matchRule } from '../../helpers/client/invariants/filter-rules.js';
import { isRead } from '../../helpers/client/invariants/kit.js';
import { countRule } from '../shared/property.js';

const contract = await loadContract('installments');

interface Criterion {
  operationId: string;
  member: string;
  description: string;
  /** The component schema the member takes (`$ref`), else its name and description: the key of one shared criterion. */
  key: string;
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
        const description = String(s.description ?? '');
        const key =
          typeof (node as { $ref?: unknown })?.$ref === 'string' ? String((node as { $ref: string }).$ref) : `${member}: ${description}`;
        return freeText ? [{ operationId: op.operationId, member, description, key }] : [];
      },
    ),
  );

test(
  'every search criterion keeps the matching rule its contract states; a criterion no source gives a rule is counted as an exception @assumption',
  rules('IN-FILTER-RULE'),
  async () => {
    const stated = CRITERIA.filter((c) => matchRule('search', c.description) !== 'search');
    const applies = [...new Set(CRITERIA.map((c) => c.operationId))];
    countRule(FILTER_RULES, 'IN-FILTER-RULE', {
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

/** The criteria several searches take (the same component schema, or the same name and description: merchantLegalName). */
const SHARED = [...new Set(CRITERIA.map((c) => c.key))]
  .map((key) => CRITERIA.filter((c) => c.key === key))
  .filter((cs) => new Set(cs.map((c) => c.operationId)).size > 1);

test(
  'a criterion several searches take matches the same way on each; where the seed gives the searches different roles, counted as an exception @assumption',
  rules('IN-PROP-FILTER-SAME'),
  async () => {
    const applies = [...new Set(SHARED.flatMap((cs) => cs.map((c) => c.operationId)))];
    // seed 001, Endpoints: "by merchant name", "the mids of a given merchant": no source states how either matches.
    countRule(FILTER_RULES, 'IN-PROP-FILTER-SAME', {
      applies,
      checked: [],
      exceptions: applies.map((operationId) => ({
        operationId,
        reason: `${SHARED.filter((cs) => cs.some((c) => c.operationId === operationId))
          .map((cs) => `${cs[0].member} (${cs[0].key}, taken by ${cs.map((c) => c.operationId).join(', ')})`)
          .join(
            '; ',
          )}: seed 001, Endpoints gives the searches different roles (merchants searched by name; the MIDs of a given merchant, named by it) and no source states how either matches`,
      })),
    });
    expect(
      SHARED.flatMap((cs) => cs.filter((c) => matchRule('search', c.description) !== 'search')).map((c) => `${c.operationId} ${c.member}`),
      'shared criteria whose description states a matching rule (each needs its comparison)',
    ).toEqual([]);
  },
);
