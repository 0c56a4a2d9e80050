// Covers: POST /cards (putCard), every pattern of the request outside the card (seed 000,
// EnrollCardRequest, SrcCorrelationId, PhoneNumber) with values accepted at the edge of the pattern
// and values just outside it; each row is first confirmed against the contract.
import { expect, expectCardError, rules, setPath, test, type FieldCase as Case } from '../../fixtures/card-enrollment.js';

const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';

const CASES: Case[] = [
  // seed 000, SrcCorrelationId: ^([0-9a-f]{8}.)?[0-9a-fA-F]{8}-...-[0-9a-fA-F]{12}$ (its other accepted
  // forms, each case of the UUID and the prefix joined by each class of character, on both paths: the
  // valid-forms property, properties.type-forms.spec.ts)
  { rule: 'CE-PAT-CORRELATIONID', field: 'srcCorrelationId', value: uuid, accepted: true, why: 'a lower-case UUID without prefix' },
  {
    rule: 'CE-PAT-CORRELATIONID',
    field: 'srcCorrelationId',
    value: `ffffffff.${uuid.toUpperCase()}`,
    accepted: true,
    why: 'the prefix f..f with an upper-case UUID',
  },
  {
    rule: 'CE-PAT-CORRELATIONID',
    field: 'srcCorrelationId',
    value: `0A1B2C3D.${uuid}`,
    accepted: false,
    why: 'an upper-case prefix (the prefix is [0-9a-f])',
  },
  { rule: 'CE-PAT-CORRELATIONID', field: 'srcCorrelationId', value: `0a1b2c3.${uuid}`, accepted: false, why: 'a 7-hex prefix' },
  { rule: 'CE-PAT-CORRELATIONID', field: 'srcCorrelationId', value: `0a1b2c3d4.${uuid}`, accepted: false, why: 'a 9-hex prefix' },
  { rule: 'CE-PAT-CORRELATIONID', field: 'srcCorrelationId', value: `0a1b2c3g.${uuid}`, accepted: false, why: 'a prefix that is not hex' },
  { rule: 'CE-PAT-CORRELATIONID', field: 'srcCorrelationId', value: uuid.replace(/-/g, ''), accepted: false, why: 'a UUID without dashes' },
  { rule: 'CE-PAT-CORRELATIONID', field: 'srcCorrelationId', value: uuid.slice(0, -1), accepted: false, why: 'a UUID one digit short' },
  { rule: 'CE-PAT-CORRELATIONID', field: 'srcCorrelationId', value: `${uuid}0`, accepted: false, why: 'a UUID one digit long' },
  {
    rule: 'CE-PAT-CORRELATIONID',
    field: 'srcCorrelationId',
    value: uuid.replace('0f8', '0g8'),
    accepted: false,
    why: 'a UUID with a non-hex letter',
  },
  // seed 000, EnrollCardRequest: srcClientId "UUID, lower-case hex 8-4-4-4-12" (the accepted side is
  // the registered id, below; an unregistered well-formed id is INVALID_STATE, enroll-card.unresolved).
  { rule: 'CE-PAT-SRCCLIENTID', field: 'srcClientId', value: 'not-a-uuid', accepted: false, why: 'not a UUID' },
  { rule: 'CE-PAT-SRCCLIENTID', field: 'srcClientId', value: uuid.slice(0, -1), accepted: false, why: 'a UUID one digit short' },
  { rule: 'CE-PAT-SRCCLIENTID', field: 'srcClientId', value: `{${uuid}}`, accepted: false, why: 'a UUID in braces' },
  // seed 000, EnrollCardRequest: serviceId ^[0-9a-zA-Z#_-]*$ (accepted side: every registered id, below)
  { rule: 'CE-PAT-SERVICEID', field: 'serviceId', value: 'SRC PROGRAM', accepted: false, why: 'a space' },
  { rule: 'CE-PAT-SERVICEID', field: 'serviceId', value: 'src.program', accepted: false, why: 'a dot' },
  { rule: 'CE-PAT-SERVICEID', field: 'serviceId', value: 'src+program', accepted: false, why: 'a plus sign' },
  { rule: 'CE-PAT-SERVICEID', field: 'serviceId', value: 'prógram', accepted: false, why: 'a letter outside a-z' },
  // seed 000, PhoneNumber: "digits only, no plus sign"; "digits only, without country code"
  { rule: 'CE-PAT-PHONE', field: 'consumer.mobileNumber.countryCode', value: '1', accepted: true, why: 'one digit' },
  { rule: 'CE-PAT-PHONE', field: 'consumer.mobileNumber.countryCode', value: '44', accepted: true, why: 'digits only' },
  { rule: 'CE-PAT-PHONE', field: 'consumer.mobileNumber.countryCode', value: '+44', accepted: false, why: 'a plus sign' },
  { rule: 'CE-PAT-PHONE', field: 'consumer.mobileNumber.countryCode', value: '44 ', accepted: false, why: 'a trailing space' },
  { rule: 'CE-PAT-PHONE', field: 'consumer.mobileNumber.phoneNumber', value: '5550100', accepted: true, why: 'digits only' },
  { rule: 'CE-PAT-PHONE', field: 'consumer.mobileNumber.phoneNumber', value: '0123456789', accepted: true, why: 'every digit 0-9' },
  { rule: 'CE-PAT-PHONE', field: 'consumer.mobileNumber.phoneNumber', value: '555-0100', accepted: false, why: 'a dash' },
  { rule: 'CE-PAT-PHONE', field: 'consumer.mobileNumber.phoneNumber', value: '55501OO', accepted: false, why: 'letters' },
  { rule: 'CE-PAT-PHONE', field: 'consumer.mobileNumber.phoneNumber', value: '５５５０１００', accepted: false, why: 'full-width digits' },
];

for (const c of CASES) {
  const side = c.accepted ? 'accept' : 'refuse';
  const cited = c.accepted ? rules(`${c.rule}:${side}@card`) : rules(`${c.rule}:${side}@card`, 'CE-ERR-FIELD');

  test(
    `${c.accepted ? 'accepts' : 'rejects'} ${c.field} '${c.value}' (${c.why})`,
    cited,
    async ({ cardApi, cards, cardRequestContract }) => {
      const body = setPath(await cards.withCard(), c.field, c.value);
      expect(cardRequestContract.requestValidator('putCard')!(body), 'the contract agrees with this row').toBe(c.accepted);
      const res = await cardApi.call('putCard', { body });
      if (c.accepted) expect(res.status).toBe(200);
      else expectCardError(res, { http: 400, status: 'INVALID_ARGUMENT', field: c.field, sourceType: 'BODY' });
    },
  );
}

test(
  'accepts the registered srcClientId (a lower-case UUID)',
  rules('CE-PAT-SRCCLIENTID:accept@card'),
  async ({ cardApi, cards, card }) => {
    expect(card.srcClientId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const res = await cardApi.call('putCard', { body: await cards.withCard() });
    expect(res.status).toBe(200);
  },
);

test(
  'rejects the registered srcClientId in upper case with INVALID_ARGUMENT (lower-case UUID only)',
  rules('CE-PAT-SRCCLIENTID:refuse@card', 'CE-ERR-FIELD'),
  async ({ cardApi, cards, card }) => {
    const res = await cardApi.call('putCard', { body: { ...(await cards.withCard()), srcClientId: card.srcClientId.toUpperCase() } });
    expectCardError(res, { http: 400, status: 'INVALID_ARGUMENT', field: 'srcClientId', sourceType: 'BODY' });
  },
);

test(
  'accepts every serviceId registered to the client (the mock registers ids with # _ -)',
  rules('CE-PAT-SERVICEID:accept@card'),
  async ({ cardApi, cards, card }) => {
    for (const serviceId of card.serviceIds) {
      const res = await cardApi.call('putCard', { body: { ...(await cards.withCard()), serviceId } });
      expect(res.status, `serviceId ${serviceId}`).toBe(200);
    }
  },
);
