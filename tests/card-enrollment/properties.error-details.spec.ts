// Covers: the error-details property (helpers/client/invariants/error-details.ts; seed 000, Error body: ErrorDetail's members
// and sourceType; reference A4 and the samples' reasons, CE-ERR-FIELD), judged by the card enrollment answer judge on every
// error answer of every check, and held here to details that break each reading.
import { ENROLLMENT_PATHS, expect, lacksPathData, loadContract, rules, test } from '../../fixtures/card-enrollment.js';
import { errorDetailsOf } from '../../helpers/client/invariants/error-details.js';

const CONTRACT = await loadContract('card-enrollment');

test(
  'every detail of an enrollment refusal carries the seed’s ErrorDetail members only, its sourceType the place of its source, its reason the samples’',
  rules('CE-PROP-ERROR-DETAILS', 'CE-ERR-FIELD'),
  () => {
    const op = CONTRACT.operation('putCard');
    const refusal = (status: string, ...details: Record<string, unknown>[]) => ({ code: 400, status, message: 'refused', details });
    const judge = (body: unknown, sent: unknown, card?: unknown) => errorDetailsOf(CONTRACT, op, 400, body, sent, { card });
    const sent = { srcCorrelationId: 'x', serviceId: 'S', enrolmentReferenceData: { enrolmentReferenceId: 'r' } };
    // As the samples give them: a member left out CANNOT_BE_NULL, one naming no entity INVALID_VALUE under INVALID_STATE.
    const missing = { reason: 'CANNOT_BE_NULL', source: 'srcClientId', message: 'm', sourceType: 'BODY' };
    expect(judge(refusal('INVALID_ARGUMENT', missing), sent)).toEqual({ judged: true, documented: [], assumed: [] });
    const unknown = { reason: 'INVALID_VALUE', source: 'enrolmentReferenceData.enrolmentReferenceId', message: 'm', sourceType: 'BODY' };
    expect(judge(refusal('INVALID_STATE', unknown), sent)).toEqual({ judged: true, documented: [], assumed: [] });
    // A member inside the encrypted card, by its card.<member> path; the whole body, by `body`.
    const inCard = { reason: 'INVALID_VALUE', source: 'card.primaryAccountNumber', sourceType: 'BODY' };
    expect(judge(refusal('INVALID_STATE', inCard), { encryptedCard: 'jwe' }, { primaryAccountNumber: '4111111111111112' }).assumed).toEqual(
      [],
    );
    expect(judge(refusal('INVALID_ARGUMENT', { reason: 'INVALID_VALUE', source: 'body', sourceType: 'BODY' }), 'text')).toMatchObject({
      documented: [],
      assumed: [],
    });
    // The seed's ErrorDetail: other members, a place that is not the source's.
    expect(judge(refusal('INVALID_STATE', { reasonCode: 'INVALID_VALUE', field: 'serviceId' }), sent).documented).toEqual([
      'details[0] carries reasonCode, field, no member of the detail (reason, source, message, sourceType)',
    ]);
    expect(judge(refusal('INVALID_STATE', { ...unknown, sourceType: 'QUERY' }), sent).documented).toEqual([
      'details[0] sourceType "QUERY", where enrolmentReferenceData.enrolmentReferenceId is a BODY member',
    ]);
    // The assumptions: a path the operation does not take, another reason than the samples'.
    expect(judge(refusal('INVALID_STATE', { ...unknown, source: 'enrolmentReferenceId' }), sent).assumed).toEqual([
      'details[0] source "enrolmentReferenceId" is no dotted path of a member putCard takes',
    ]);
    expect(judge(refusal('INVALID_STATE', { ...unknown, reason: 'NOT_FOUND' }), sent).assumed).toEqual([
      `details[0] reason "NOT_FOUND" for enrolmentReferenceData.enrolmentReferenceId sent, under INVALID_STATE, the samples' is INVALID_VALUE`,
    ]);
    expect(judge(refusal('INVALID_ARGUMENT', { ...missing, reason: 'INVALID_VALUE' }), sent).assumed).toEqual([
      `details[0] reason "INVALID_VALUE" for srcClientId left out, the samples' is CANNOT_BE_NULL`,
    ]);
    // A member left out refused under another condition's status (INVALID_STATE): the status is the cause, judged under
    // CE-PROP-REFUSAL-CODE; the reason is that status's (one cause, one group), and another reason under it still a problem.
    expect(judge(refusal('INVALID_STATE', { ...missing, reason: 'INVALID_VALUE' }), sent).assumed).toEqual([]);
    expect(judge(refusal('INVALID_STATE', missing), sent).assumed).toEqual([
      `details[0] reason "CANNOT_BE_NULL" for srcClientId left out, the samples' is INVALID_VALUE`,
    ]);
    // A header the request was sent with, and the API key's header whether sent or not, are HEADER members.
    const header = (source: string, sourceType = 'HEADER') => refusal('INVALID_ARGUMENT', { reason: 'INVALID_VALUE', source, sourceType });
    expect(errorDetailsOf(CONTRACT, op, 400, header('Content-Type'), sent, {}, ['content-type'])).toMatchObject({
      documented: [],
      assumed: [],
    });
    expect(errorDetailsOf(CONTRACT, op, 401, header('x-openapi-clientid'), sent)).toMatchObject({ documented: [], assumed: [] });
    expect(errorDetailsOf(CONTRACT, op, 401, header('x-openapi-clientid', 'BODY'), sent).documented).toEqual([
      'details[0] sourceType "BODY", where x-openapi-clientid is a HEADER member',
    ]);
    // An answer without details is not judged.
    expect(errorDetailsOf(CONTRACT, op, 400, { code: 400, status: 'INVALID_ARGUMENT', message: 'm' }, sent).judged).toBe(false);
  },
);

// Live, on each path: the answer judge holds every refusal of every check to the property; here one refusal a path gives
// about a member left out (srcClientId, seed 000 Errors: "a mandatory value is missing") is judged whole.
test(
  'a refusal on each enrollment path gives details the property finds as documented: a member left out, named with its place',
  rules('CE-PROP-ERROR-DETAILS', 'CE-ERR-FIELD'),
  async ({ cardApi, cards, card }) => {
    const op = CONTRACT.operation('putCard');
    let judged = 0;
    for (const path of ENROLLMENT_PATHS) {
      if (lacksPathData(card, path)) continue;
      const { srcClientId: _left, ...body } = await cards.on(path);
      const res = await cardApi.call('putCard', { body });
      expect(res.status, `${path} path, srcClientId left out`).toBe(400);
      const verdict = errorDetailsOf(CONTRACT, op, res.status, res.body, body);
      if (verdict.judged) judged++;
      expect({ documented: verdict.documented, assumed: verdict.assumed }, `${path} path`).toEqual({ documented: [], assumed: [] });
    }
    test.info().annotations.push({ type: 'error details', description: `${judged} refusals with details judged` });
  },
);
