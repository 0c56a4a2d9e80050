// Covers: the error-status property (helpers/client/every-answer/error-status.ts; seed 000, Error body and the 400's
// Errors table), judged by the client on every error answer, and held here to bodies that disagree.
import { expect, loadContract, rules, test } from '../../fixtures/card-enrollment.js';
import { errorStatusOf, statusMemberOf } from '../../helpers/client/every-answer/error-status.js';
import { serviceProfile } from '../../helpers/contract/services.js';

const CONTRACT = await loadContract('card-enrollment');
const SCHEMAS = [
  ...serviceProfile('card-enrollment').errorSchemas,
  ...(serviceProfile('card-enrollment').toleratedErrorSchemas ?? []).map((t) => t.name),
];

test(
  'an enrollment error body’s code is the HTTP status of its answer, and a 400’s status value is never another answer’s',
  rules('CE-PROP-ERROR-STATUS'),
  () => {
    const op = CONTRACT.operation('putCard');
    expect(statusMemberOf(CONTRACT, 'ErrorResponse')?.member, 'the member the seed’s samples give the status in').toBe('code');
    expect(statusMemberOf(CONTRACT, 'DeclaredError'), 'the declared schema’s status: no sample shows it beside a status').toBeUndefined();
    const body = (code: number, status: string) => ({
      code,
      status,
      message: 'pass exactly one of encryptedCard and enrolmentReferenceData',
    });
    expect(errorStatusOf(CONTRACT, SCHEMAS, { operation: op, status: 400, body: body(400, 'INVALID_ARGUMENT') })).toEqual({
      judged: true,
      problems: [],
    });
    expect(errorStatusOf(CONTRACT, SCHEMAS, { operation: op, status: 500, body: body(500, 'INTERNAL') }).problems).toEqual([]);
    expect(errorStatusOf(CONTRACT, SCHEMAS, { operation: op, status: 400, body: body(422, 'INVALID_ARGUMENT') }).problems).toEqual([
      'its ErrorResponse code 422 states HTTP 422, the answer is HTTP 400',
    ]);
    expect(errorStatusOf(CONTRACT, SCHEMAS, { operation: op, status: 403, body: body(403, 'INVALID_STATE') }).problems).toEqual([
      'its status "INVALID_STATE" is the code the contract gives HTTP 400 (x-codes), the answer is HTTP 403',
    ]);
    const declared = errorStatusOf(CONTRACT, SCHEMAS, { operation: op, status: 400, body: { message: 'm', reason: 'r', status: 422 } });
    expect(declared.judged, 'the declared shape is left out').toBe(false);
    expect(declared.reason).toContain('not the shape whose member states the status');
  },
);
