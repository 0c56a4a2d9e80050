// Covers: helpers/contract/checks.ts: each named check fails on an exchange that breaks its rule and
// passes one that keeps it (a check that cannot fail is a defect).
import { expect, test } from '../../fixtures/self.js';
import { MASKED_CARD } from './support.known.js';
import { loadContract } from '../../helpers/contract/contract.js';
import {
  answerHolderAt,
  ContractViolation,
  contentTypeConformance,
  responseBodyAbsence,
  responseBodyPresence,
  responseSchemaConformance,
  sensitiveEchoConformance,
  statusCodeConformance,
  type Exchange,
  type JudgedMember,
} from '../../helpers/contract/checks.js';
import { normalisedEchoConformance, noteSentTexts } from '../../helpers/contract/normalised-echo.js';
import { withCatalogueRules } from '../../helpers/client/answer-checks.js';
import { redact } from '../../helpers/secrets/redact.js';
import {
  findAnswerEchoes,
  findEchoes,
  findHeaderEchoes,
  markEchoes,
  SentValues,
  sensitiveValuesIn,
} from '../../helpers/secrets/sensitive.js';

const json = { 'content-type': 'application/json; charset=utf-8' };
const okBody = {
  srcCorrelationId: '0f8fad5b-d9cb-469f-a165-70867728950e',
  maskedCard: { ...MASKED_CARD, anExtraField: 'allowed' },
};

const load = () => loadContract('card-enrollment');

async function exchange(status: number, body: unknown, headers: Record<string, string> = json): Promise<Exchange> {
  return { operation: (await load()).operation('putCard'), status, headers, body, text: body === undefined ? '' : JSON.stringify(body) };
}

test('statusCodeConformance fails an undocumented status and passes a documented one', async () => {
  const undocumented = await exchange(201, okBody);
  expect(() => statusCodeConformance(undocumented)).toThrow(/Received: 201 \/ Documented: 200, 400, 401, 403, 500/);
  statusCodeConformance(await exchange(200, okBody));
});

test('contentTypeConformance fails a text/plain body where JSON is documented', async () => {
  const text = await exchange(200, okBody, { 'content-type': 'text/plain' });
  expect(() => contentTypeConformance(text)).toThrow(/Received: 'text\/plain'/);
  contentTypeConformance(await exchange(200, okBody));
});

test('responseBodyPresence fails an empty 200 where a body is documented', async () => {
  const empty = await exchange(200, undefined);
  expect(() => responseBodyPresence(empty)).toThrow(ContractViolation);
});

test('responseBodyAbsence fails a body on a success documented without content, not on one documented with it', async () => {
  const operation = (await loadContract('installments')).operation('planApproval');
  const accepted = (body: unknown, status = 202): Exchange => ({
    operation,
    status,
    headers: body === undefined ? {} : json,
    body,
    text: body === undefined ? '' : JSON.stringify(body),
  });
  expect(() => responseBodyAbsence(accepted({ callbackUrl: 'https://psp.example.test/cb' }))).toThrow(/Documented: no content/);
  responseBodyAbsence(accepted(undefined));
  responseBodyAbsence(accepted({ callbackUrl: 'https://psp.example.test/cb' }, 200));
});

test('responseSchemaConformance names the instance path and keyword of a missing required field', async () => {
  const contract = await load();
  const { dateOfCardCreated: _dropped, ...card } = okBody.maskedCard;
  const broken = await exchange(200, { ...okBody, maskedCard: card });
  expect(() => responseSchemaConformance(contract, broken)).toThrow(/\/maskedCard: required 'dateOfCardCreated'/);
  responseSchemaConformance(contract, await exchange(200, okBody));
});

test('responseSchemaConformance prints an offending card number redacted', async () => {
  const contract = await load();
  const broken = await exchange(200, { ...okBody, maskedCard: { ...okBody.maskedCard, panLastFour: '5204731600014792' } });
  expect(() => responseSchemaConformance(contract, broken)).toThrow('/maskedCard/panLastFour: pattern');
  expect(() => responseSchemaConformance(contract, broken)).not.toThrow('5204731600014792');
});

test('responseSchemaConformance allows unknown extra fields (no false alarms)', async () => {
  const contract = await load();
  const exchanged = await exchange(200, { ...okBody, somethingNew: { nested: true } });
  expect(() => responseSchemaConformance(contract, exchanged)).not.toThrow();
});

// provider 1.35.0 declares 401 bodies as JSON or text/plain: each is checked against its own schema.
test('responseSchemaConformance checks a body against the schema of its received media type', async () => {
  const contract = await load();
  const base = (await load()).operation('putCard');
  const schemas = {
    'application/json': { type: 'object', required: ['code'], properties: { code: {} } },
    'text/plain': { type: 'string', minLength: 1 },
  };
  const operation = {
    ...base,
    operationId: 'twoMediaTypes',
    responses: { '401': { status: '401', contentTypes: Object.keys(schemas), schema: schemas['application/json'], schemas, headers: {} } },
  };
  const ex = (contentType: string, text: string, body?: unknown): Exchange => ({
    operation,
    status: 401,
    headers: { 'content-type': contentType },
    body,
    text,
  });
  responseSchemaConformance(contract, ex('text/plain; charset=utf-8', 'Unauthorized'));
  responseSchemaConformance(contract, ex('application/json', '{"code":1}', { code: 1 }));
  expect(() => responseSchemaConformance(contract, ex('application/json', '{}', {}))).toThrow(/required 'code'/);
  expect(() => responseSchemaConformance(contract, ex('application/json', 'Unauthorized'))).toThrow(/not JSON/);
});

test('sensitiveEchoConformance fails a response that carries a sent PAN, SSN or key in clear, in any member', async () => {
  const sent = sensitiveValuesIn(
    { card: { primaryAccountNumber: '5204731600014792', cvc: '123' }, ssn: '123-45-6789' },
    { 'partner-app-key': 'fdak_0123456789abcdef' },
  );
  const echoes = (body: unknown) => findEchoes(body, JSON.stringify(body), sent);
  expect(echoes({ note: 'card 5204 7316 0001 4792 on file' })).toMatchObject([{ kind: 'PAN', at: '/note' }]);
  expect(echoes({ owner: { taxId: '123456789' } })).toMatchObject([{ kind: 'SSN', at: '/owner/taxId' }]);
  expect(echoes({ debug: ['fdak_0123456789abcdef'] })).toMatchObject([{ kind: 'key', at: '/debug/0' }]);
  expect(echoes({ cardSecurityCode: '123' })).toMatchObject([{ kind: 'security code' }]);
  // Masked forms and chance matches of short values are not echoes (no false alarms).
  expect(echoes({ panBin: '520473', panLastFour: '4792', ssn: 'XXX-XX-6789', count: 123, id: '1234567' })).toEqual([]);
  const ex = await exchange(200, okBody);
  expect(() => sensitiveEchoConformance(ex, echoes({ note: '5204731600014792' }))).toThrow(
    /\[sensitiveEchoConformance\].*a full PAN \(16 characters\) at \/note/,
  );
  sensitiveEchoConformance(ex, []);
});

test('an answer read from its JSON text gives the echoes of a visit of every member, whatever the text writes them as', () => {
  const sent = new SentValues(
    sensitiveValuesIn({ primaryAccountNumber: '5204731600014792', cvc: '123', ssn: '123456789', secret: 'S3cr/t-value_01' }),
  );
  const texts = [
    '{"note":"card 5204 7316 0001 4792 on file"}',
    '{"list":[{"n":5204731600014792}]}',
    '{"n":5.204731600014792e15}',
    '{"n":5204731600014791.9999}',
    '{"n":123456788.99999999999}',
    '{"owner":{"taxId":123456789.0}}',
    '{"a":"S3cr\\/t-value_01"}',
    '{"a":"\\u0053\\u0033cr/t-value_01"}',
    '{"cvc":"123"}',
    '{"CVV2":[" 123 ",123]}',
    '{"list":[":x"],"Cvc" : 123}',
    '{"cvcHint":"123","count":123,"id":"12345678"}',
    '{"ssn":"XXX-XX-6789","panLastFour":"4792"}',
    '{}',
    '[]',
    '"5204731600014792"',
  ];
  for (const text of texts) {
    const body = JSON.parse(text) as unknown;
    expect(findAnswerEchoes(body, text, sent), text).toEqual(findEchoes(body, text, sent));
  }
  // The texts tell: some carry an echo, some none.
  expect(texts.filter((t) => findEchoes(JSON.parse(t), t, sent).length).length).toBeGreaterThan(8);
  expect(texts.filter((t) => !findEchoes(JSON.parse(t), t, sent).length).length).toBeGreaterThan(3);
});

test('a token sent in its header is an echo in any member but the one a token is issued in', () => {
  const sent = sensitiveValuesIn(undefined, { 'Finicity-App-Token': 'fdtk_AbCdEf0123456789-_AbCdEf01234567' });
  const echoes = (body: unknown) => findEchoes(body, JSON.stringify(body), sent);
  expect(echoes({ customer: { requestToken: 'fdtk_AbCdEf0123456789-_AbCdEf01234567' } })).toMatchObject([
    { kind: 'token', at: '/customer/requestToken' },
  ]);
  // CreateToken's answer (provider 1.35.0: token) issuing it again is judged by the token rules, not as an echo.
  expect(echoes({ token: 'fdtk_AbCdEf0123456789-_AbCdEf01234567' })).toEqual([]);
});

test('sensitiveEchoConformance fails a sent key or consumer key in any response header, its name or its value; a correlation id is no secret', () => {
  const sent = sensitiveValuesIn(undefined, {
    'x-openapi-clientid': 'CLIENT_KEY_0123456789abcdef',
    authorization: 'OAuth oauth_consumer_key="consumer-KEY-0123456789!abc", oauth_nonce="n1", oauth_signature="c2ln"',
    'correlation-id': 'Trace-0123456789-aB',
  });
  expect(findHeaderEchoes({ 'x-openapi-clientid': 'CLIENT_KEY_0123456789abcdef' }, sent)).toMatchObject([
    { kind: 'key', at: 'header x-openapi-clientid' },
  ]);
  expect(findHeaderEchoes({ 'x-debug': 'caller=consumer-KEY-0123456789!abc' }, sent)).toMatchObject([
    { kind: 'key', at: 'header x-debug' },
  ]);
  expect(findHeaderEchoes({ 'x-CLIENT_KEY_0123456789abcdef': '1' }, sent)).toMatchObject([{ kind: 'key' }]);
  // A documented echo (the correlation id) and the other headers are not sensitive values.
  expect(findHeaderEchoes({ 'correlation-id': 'Trace-0123456789-aB', 'content-type': 'application/json' }, sent)).toEqual([]);
});

test('an echoed value is marked as a leak in the report, not masked into something that looks right', () => {
  const sent = sensitiveValuesIn({ ssn: '123-45-6789' });
  const text = JSON.stringify({ ssn: '123-45-6789', other: 'x' });
  const marked = markEchoes(text, findEchoes(JSON.parse(text), text, sent));
  expect(redact(JSON.parse(marked))).toEqual({ ssn: '[REDACTED: full SSN echoed]', other: 'x' });
});

/** Texts sent in a test -> the answered forms normalisedEchoConformance fails (at /anyName), and bodies it leaves alone. */
const SENT = "O'Brien-Ann  ÅéßŁΩ & <b>x</b> ";
const NORMALISED: [what: string, sent: Record<string, unknown>, changed: string[], alone: Record<string, unknown>[]][] = [
  [
    'lower-cased, trimmed, collapsed, folded or escaped, in any member',
    { consumer: { lastName: SENT }, status: 'ACTIVE' },
    [
      SENT.toLowerCase(),
      SENT.trim(),
      SENT.replace(/\s+/g, ' '),
      SENT.normalize('NFKD').replace(/\p{M}/gu, ''),
      SENT.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
    ],
    // As sent, another text, an enum in another case; a member a document defines as the sent text
    // normalised (provider 1.35.0 Categorization) is no echo.
    [{ a: SENT }, { a: 'Someone Else  Ω ' }, { status: 'active' }, { categorization: { bestRepresentation: SENT.trim() } }],
  ],
  [
    'URL-encoded or tidied of a closing period, a trailing comma or its quotes',
    { serviceId: 'wallet#program_2', consumer: { lastName: '"Quoted" Holdings, Inc.', firstName: 'Store Nº 7,' } },
    ['wallet%23program_2', 'Quoted" Holdings, Inc.', '"Quoted" Holdings, Inc', 'Store Nº 7', 'Store%20N%C2%BA%207,'],
    // As sent, and texts that differ by more than that.
    [{ a: 'wallet#program_2' }, { a: '"Quoted" Holdings, Inc.' }, { a: 'wallet#program_3' }, { a: '"Quoted" Holding, Inc.' }],
  ],
];

for (const [what, sent, changed, alone] of NORMALISED)
  test(`normalisedEchoConformance fails a text sent in the test answered ${what}`, async ({}, testInfo) => {
    const putCard = (await load()).operation('putCard');
    noteSentTexts(testInfo, putCard, sent);
    const answer = async (body: unknown) => ({ ...(await exchange(200, body)), operation: putCard });
    for (const text of changed) {
      const changedAnswer = await answer({ anyName: { nested: [text] } });
      expect(() => normalisedEchoConformance(changedAnswer, testInfo), text).toThrow(/\/anyName\/nested\/0/);
    }
    for (const body of alone) normalisedEchoConformance(await answer(body), testInfo);
    // An error answer: nothing to report.
    normalisedEchoConformance({ ...(await answer({ a: changed[0] })), status: 400 }, testInfo);
  });

test('normalisedEchoConformance follows no search criterion: a search answers the stored value, not its criterion', async ({}, testInfo) => {
  const contract = loadContract('installments');
  const search = (await contract).operation('postMerchantMidSearches');
  noteSentTexts(testInfo, search, { merchantLegalName: ' Forms  Merchant ' });
  const found = { operation: search, status: 200, headers: json, body: { merchantLegalName: 'forms merchant' }, text: '' };
  expect(() => normalisedEchoConformance(found, testInfo)).not.toThrow();
});

test("an answer's member in a component the request shares is named by the answer's object holding it (PhoneNumber in MaskedConsumer)", async () => {
  const contract = await load();
  const schema = contract.operationOf('putCard').responses['200'].schema;
  // seed 000: maskedMobileNumber is a PhoneNumber, as the request's mobileNumber is; CE-RESP-FORMS states MaskedConsumer's forms.
  expect(answerHolderAt(contract, schema, '/maskedConsumer/maskedMobileNumber')).toEqual({
    in: 'MaskedConsumer',
    member: 'maskedMobileNumber',
  });
  // A component only the answer has is the holder itself, the member as it is.
  expect(answerHolderAt(contract, schema, '/maskedCard')).toEqual({ in: 'MaskedCard' });
});

test("a member of a date form off it is filed under the service's date rule and the value rule citing it; the answer's other forms under its forms rule", async () => {
  const contract = await load();
  const filed = async (body: unknown) => {
    const exchanged = await exchange(200, body);
    try {
      responseSchemaConformance(contract, exchanged);
    } catch (error) {
      return [...((withCatalogueRules(error, exchanged) as ContractViolation).rules ?? [])].sort();
    }
    return [];
  };
  // seed 000, MaskedCard.dateOfCardCreated "UTC datetime" answered with another offset: CE-DATE-UNIT, and CE-VAL-CREATED citing
  // `MaskedCard (dateOfCardCreated ...)`; MaskedCard.countryCode off its ISO form stays the answer forms' rule.
  const local = { ...okBody, maskedCard: { ...okBody.maskedCard, dateOfCardCreated: '2026-11-21T08:00:00.000+01:00' } };
  expect(await filed(local)).toEqual(['CE-DATE-UNIT', 'CE-VAL-CREATED']);
  expect(await filed({ ...okBody, maskedCard: { ...okBody.maskedCard, countryCode: 'GBR' } })).toEqual(['CE-RESP-FORMS']);
  expect(await filed({ ...local, maskedCard: { ...local.maskedCard, countryCode: 'GBR' } })).toEqual([
    'CE-DATE-UNIT',
    'CE-RESP-FORMS',
    'CE-VAL-CREATED',
  ]);
  // A date-time of the masked consumer with no value rule citing it in its holder: the date rule alone.
  const consumer = {
    dateConsumerAdded: '2026-11-21T07:00:00Z',
    maskedConsumerIdentity: { identityType: 'EMAIL_ADDRESS', maskedIdentityValue: 'a***@b.co' },
  };
  expect(await filed({ ...okBody, maskedConsumer: { ...consumer, dateConsumerLastUsed: '2026-11-21T07:00:00' } })).toEqual([
    'CE-DATE-UNIT',
  ]);
  // provider 2.0.0 Offer.offerEndDatetime, an RFC 3339 date-time, answered without its zone: IN-DATE-UNIT, on every answer.
  const installments = await loadContract('installments');
  const offers = installments.operation('approvedOffers');
  const offer = installments.document.components.schemas.Offer;
  expect(offer.properties.offerEndDatetime.format).toBe('date-time');
  const filedAt = (operation: Exchange['operation'], member: JudgedMember) => {
    const at: Exchange = { operation, status: 200, headers: json, body: {}, text: '{}' };
    const v = new ContractViolation('responseSchemaConformance', `${operation.operationId} 200: ...`, at, [], [member]);
    return (withCatalogueRules(v, at) as ContractViolation).rules;
  };
  expect(filedAt(offers, { member: 'offerEndDatetime', keyword: 'format', in: 'Offer', dated: 'date-time' })).toEqual(['IN-DATE-UNIT']);
  // Financial data lists no date rule for date forms: its answer forms' rule cites them (FD-RESP-FORMS: DateTimeWithZone,
  // NoZoneDateTime, a switch's dates), and keeps them.
  const fd = await loadContract('financial-data');
  expect(
    filedAt(fd.operation('GetBusinessByCustomer'), { member: 'createdDate', keyword: 'format', in: 'Business', dated: 'date-time-local' }),
  ).toEqual(['FD-RESP-FORMS']);
});
