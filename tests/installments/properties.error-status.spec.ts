// Covers: the error-status property on installments (helpers/client/every-answer/error-status.ts): the error shapes
// (provider 2.0.0 ErrorWrapper, PlanNotifError) state no status, so every operation is an exception saying so.
import { expect, loadContract, rules, test } from '../../fixtures/installments.js';
import { codeStatusesOf, errorStatusOf, statusMemberOf } from '../../helpers/client/every-answer/error-status.js';
import { serviceProfile } from '../../helpers/contract/services.js';

const CONTRACT = await loadContract('installments');
const SCHEMAS = serviceProfile('installments').errorSchemas;

test(
  'an installments error body states no status: every error answer of registerPans and every other operation is an exception with its reason',
  rules('IN-PROP-ERROR-STATUS'),
  () => {
    expect(
      SCHEMAS.map((s) => statusMemberOf(CONTRACT, s)),
      'no error shape states the status',
    ).toEqual(SCHEMAS.map(() => undefined));
    expect(
      [...CONTRACT.operations.keys()].filter((id) => codeStatusesOf(CONTRACT, id).length),
      'no code table',
    ).toEqual([]);
    const body = {
      Errors: {
        Error: [
          { Source: 'installments', ReasonCode: 'INVALID_FIELD_VALUE', Description: 'panListId must be 18 digits', Recoverable: false },
        ],
      },
    };
    const verdict = errorStatusOf(CONTRACT, SCHEMAS, { operation: CONTRACT.operation('registerPans'), status: 400, body });
    expect(verdict.judged).toBe(false);
    expect(verdict.reason).toContain('has no member the contract says states the HTTP status');
  },
);
