// Covers: the error-details property (helpers/client/invariants/error-details.ts; seed 000, Error body: ErrorDetail's members
// and sourceType; reference A4 and the samples' reasons, CE-ERR-FIELD), judged by the card enrollment answer judge on every
// error answer of every check, and held here to details that break each reading.
import {
  ENROLLMENT_PATHS,
  exampleCard,
  expect,
  lacksPathData,
  loadContract,
  rules,
  test,
  underRule,
} from '../../fixtures/card-enrollment.js';
import { errorDetailsOf } from '../../helpers/client/invariants/error-details.js';
import {
  checkRefusalCodes,
  type CodedCondition,
  type Provoked,
  requestCaseOf,
  wrongCheckDigit,
} from '../../helpers/client/invariants/refusal-codes.js';
import { Violations } from '../../helpers/client/security/probe.js';
import type { ApiResponse } from '../../helpers/client/client.js';
import { negativeCases } from '../../helpers/client/negative.js';
import { ContractViolation } from '../../helpers/contract/checks.js';

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
    const inCard = { reason: 'INVALID_VALUE', source: 'card.primaryAccountNumber', message: 'm', sourceType: 'BODY' };
    expect(judge(refusal('INVALID_STATE', inCard), { encryptedCard: 'jwe' }, { primaryAccountNumber: '4111111111111112' }).assumed).toEqual(
      [],
    );
    expect(
      judge(refusal('INVALID_ARGUMENT', { reason: 'INVALID_VALUE', source: 'body', message: 'm', sourceType: 'BODY' }), 'text'),
    ).toMatchObject({
      documented: [],
      assumed: [],
    });
    // The seed's ErrorDetail: other members, a place that is not the source's.
    expect(judge(refusal('INVALID_STATE', { reasonCode: 'INVALID_VALUE', field: 'serviceId' }), sent).documented).toEqual([
      "details[0]: Received: reasonCode, field, no member of the detail / Documented: only the detail's members (reason, source, message, sourceType)",
    ]);
    expect(judge(refusal('INVALID_STATE', { ...unknown, sourceType: 'QUERY' }), sent).documented).toEqual([
      'details[0] sourceType "QUERY", where enrolmentReferenceData.enrolmentReferenceId is a BODY member',
    ]);
    // A sourceType outside ErrorDetail's enum (seed 000: BODY, HEADER, PATH, QUERY) is judged here, the body's other members
    // matched to its error schema whatever its details hold.
    expect(judge(refusal('INVALID_STATE', { ...unknown, sourceType: 'ORIGIN' }), sent)).toEqual({
      judged: true,
      documented: ['details[0]: Received: sourceType "ORIGIN" / Documented: one of BODY, HEADER, PATH, QUERY (seed 000 ErrorDetail)'],
      assumed: [],
    });
    // The assumptions: a detail about a body member without its place (seed 000 lists ErrorDetail's members, requires none;
    // the samples give sourceType BODY), a path the operation does not take, another reason than the samples'.
    const { sourceType: _none, ...placeless } = unknown;
    expect(judge(refusal('INVALID_STATE', placeless), sent)).toEqual({
      judged: true,
      documented: [],
      assumed: [
        `details[0] about enrolmentReferenceData.enrolmentReferenceId: Received: no sourceType / Documented: the samples' sourceType BODY`,
      ],
    });
    // Every member every sample detail gives (reason, source, message, sourceType), each lacking one named once.
    const { message: _said, ...silent } = missing;
    expect(judge(refusal('INVALID_ARGUMENT', silent), sent).assumed).toEqual([
      'details[0] about srcClientId: Received: no message / Documented: every sample detail gives reason, source, message, sourceType',
    ]);
    const { reason: _why, ...reasonless } = missing;
    expect(judge(refusal('INVALID_ARGUMENT', reasonless), sent).assumed).toEqual([
      'details[0] about srcClientId: Received: no reason / Documented: every sample detail gives reason, source, message, sourceType',
    ]);
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
    const header = (source: string, sourceType = 'HEADER') =>
      refusal('INVALID_ARGUMENT', { reason: 'INVALID_VALUE', source, message: 'm', sourceType });
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

// Live, on each path, every refusal condition of the Errors table (the 400's x-codes, reference A3 and A5 too: a member left
// out, an id naming no entity, a receipt naming none, a wrong check digit), and every generated negative case (an enum, a
// pattern, a bound, a type, an empty member): each refusal's details judged whole, the seed's
// ErrorDetail under CE-PROP-ERROR-DETAILS, the samples' readings under CE-ERR-FIELD. The answer judge holds every refusal of
// every other check to the same property.
test(
  'every refusal condition on each enrollment path, another client’s srcClientId among them, gives details the property finds as documented: each names its member with its place',
  rules('CE-PROP-ERROR-DETAILS', 'CE-ERR-FIELD'),
  async ({ cardApi, cards, card, cardRequestContract }) => {
    const op = CONTRACT.operation('putCard');
    const documented: string[] = [];
    const assumed: string[] = [];
    let judged = 0;
    const wrongDigit = { ...exampleCard(), primaryAccountNumber: wrongCheckDigit(exampleCard().primaryAccountNumber) };
    const wrongDigitCard = await cards.encrypt(wrongDigit);
    for (const path of ENROLLMENT_PATHS) {
      if (lacksPathData(card, path)) continue;
      const valid = { body: await cards.on(path) };
      const provoke = async (c: CodedCondition): Promise<Provoked> => {
        let res: ApiResponse;
        let sent: unknown;
        let plaintexts = {};
        if (c.checkDigit) {
          if (c.checkDigit !== 'card.primaryAccountNumber' || path !== 'card') return { leftOut: 'no card on this path' };
          const body = { ...valid.body, encryptedCard: wrongDigitCard };
          sent = body;
          res = await cardApi.call('putCard', { body });
          plaintexts = { card: wrongDigit };
        } else {
          const call = requestCaseOf(cardRequestContract, c, valid);
          if (typeof call === 'string') return { leftOut: call };
          sent = call.body;
          res = await cardApi.callBuilt('putCard', call);
        }
        const verdict = errorDetailsOf(CONTRACT, op, res.status, res.body, sent, plaintexts);
        if (verdict.judged) judged++;
        const where = `${path} path, ${c.condition}`;
        documented.push(...verdict.documented.map((p) => `${where}: ${p}`));
        assumed.push(...verdict.assumed.map((p) => `${where}: ${p}`));
        return res;
      };
      await checkRefusalCodes(cardRequestContract, provoke, new Violations('refusal-codes'));
      // Every refusal the generated negative cases provoke (helpers/client/negative.ts: a member outside its enum or pattern,
      // past a bound, of another type, empty, left out): each a refusal path of its own, whose details are ErrorDetails too
      // (seed 000, Error body). A case answered otherwise (taken, or off the error shape) is its own rule's, judged elsewhere.
      for (const c of negativeCases(cardRequestContract, cardRequestContract.operation('putCard'), valid)) {
        const where = `${path} path, ${c.name}`;
        try {
          const res = await cardApi.callOperation(cardRequestContract.operation('putCard'), { ...c.call, refusal: true, negative: true });
          const verdict = errorDetailsOf(CONTRACT, op, res.status, res.body, c.call.body);
          if (verdict.judged) judged++;
          documented.push(...verdict.documented.map((p) => `${where}: ${p}`));
          assumed.push(...verdict.assumed.map((p) => `${where}: ${p}`));
        } catch (error) {
          // The answer judge holds every refusal to the same property: its findings here are this check's.
          if (!(error instanceof ContractViolation)) throw error;
          const line = error.message.split('\n')[0];
          if (line.includes('CE-PROP-ERROR-DETAILS: ')) documented.push(`${where}: ${line}`);
          else if (line.includes('CE-ERR-FIELD: ')) assumed.push(`${where}: ${line}`);
        }
      }
      // The Authentication table's refusal on this path too (seed 000, 403: the srcClientId is another client's): its details,
      // where given, are ErrorDetails like every other refusal's.
      if (card.otherClient) {
        const body = { ...valid.body, srcClientId: card.otherClient.srcClientId };
        const res = await cardApi.call('putCard', { body });
        const verdict = errorDetailsOf(CONTRACT, op, res.status, res.body, body);
        if (verdict.judged) judged++;
        const where = `${path} path, another client's srcClientId (HTTP ${res.status})`;
        documented.push(...verdict.documented.map((p) => `${where}: ${p}`));
        assumed.push(...verdict.assumed.map((p) => `${where}: ${p}`));
      }
    }
    test.info().annotations.push({ type: 'error details', description: `${judged} refusals with details judged` });
    underRule(test.info(), 'CE-PROP-ERROR-DETAILS', () => expect(documented, 'each detail as seed 000 ErrorDetail gives it').toEqual([]));
    underRule(test.info(), 'CE-ERR-FIELD', () => expect(assumed, 'each detail as the samples and reference A4 give it').toEqual([]));
  },
);
