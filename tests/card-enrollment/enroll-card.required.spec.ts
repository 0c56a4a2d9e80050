// Covers: POST /cards (putCard) 400: every required field missing (INVALID_ARGUMENT, detail
// CANNOT_BE_NULL, sourceType BODY, source naming the field) and a body that is not JSON
// (seed 000, Resources and their fields; Errors).
import {
  conflictsWithout,
  deletePath,
  ENROLLMENT_PATHS,
  exampleCard,
  expect,
  expectCardError,
  lacksPathData,
  NO_RECEIPT,
  rules,
  test,
  withConflict,
} from '../../fixtures/card-enrollment.js';

// seed 000: EnrollCardRequest, Consumer ("all fields required"), ConsumerIdentity, PhoneNumber,
// ComplianceSettings ("required latestVersionUri"); the rule id of each group.
const REQUIRED_IN_BODY: Record<string, string[]> = {
  'CE-REQ-REQUEST': ['srcClientId', 'serviceId', 'consumer', 'complianceSettings'],
  'CE-REQ-CONSUMER': [
    'consumer.consumerIdentity',
    'consumer.mobileNumber',
    'consumer.countryCode',
    'consumer.languageCode',
    'consumer.firstName',
    'consumer.lastName',
  ],
  'CE-REQ-IDENTITY': ['consumer.consumerIdentity.identityType', 'consumer.consumerIdentity.identityValue'],
  'CE-REQ-PHONE': ['consumer.mobileNumber.countryCode', 'consumer.mobileNumber.phoneNumber'],
  'CE-REQ-COMPLIANCE': [
    'complianceSettings.privacy',
    'complianceSettings.tnc',
    'complianceSettings.privacy.latestVersionUri',
    'complianceSettings.tnc.latestVersionUri',
  ],
};

// On both enrollment paths (seed 000: the request fields are the same for a card and a receipt): a
// target that checks a field on one path only is caught (a blind fault made tnc optional on receipts).
// Where the provider's document does not require the member, a target that enrolls without it is
// that seed-vs-provider conflict (schemas/card-enrollment/conflicts.yaml), not a failure.
for (const path of ENROLLMENT_PATHS) {
  for (const [rule, fields] of Object.entries(REQUIRED_IN_BODY)) {
    for (const field of fields) {
      const cited = withConflict(
        rules(`${rule}@${path}`, 'CE-ERR-FIELD'),
        ...conflictsWithout('card-enrollment', 'putCard', `body:${field}`),
      );

      test(
        `rejects a ${path} request without ${field} with INVALID_ARGUMENT and CANNOT_BE_NULL`,
        cited,
        async ({ cardApi, cards, card }) => {
          test.skip(lacksPathData(card, path), NO_RECEIPT);
          const res = await cardApi.call('putCard', { body: deletePath(await cards.on(path), field) });
          expectCardError(res, { http: 400, status: 'INVALID_ARGUMENT', field, reason: 'CANNOT_BE_NULL', sourceType: 'BODY' });
        },
      );
    }
  }
}

// seed 000, EnrolmentReferenceData (both required)
for (const member of ['enrolmentReferenceId', 'enrolmentReferenceType']) {
  const field = `enrolmentReferenceData.${member}`;

  test(
    `rejects a receipt without ${member} with INVALID_ARGUMENT and CANNOT_BE_NULL`,
    rules('CE-REQ-RECEIPT', 'CE-ERR-FIELD'),
    async ({ cardApi, cards }) => {
      const res = await cardApi.call('putCard', { body: deletePath(cards.withReceipt(), field) });
      expectCardError(res, { http: 400, status: 'INVALID_ARGUMENT', field, reason: 'CANNOT_BE_NULL', sourceType: 'BODY' });
    },
  );
}

test(
  'rejects a card without primaryAccountNumber with INVALID_ARGUMENT and CANNOT_BE_NULL',
  rules('CE-REQ-CARD', 'CE-ERR-FIELD'),
  async ({ cardApi, cards }) => {
    // seed, Errors: "a mandatory value is missing (for example ... card.primaryAccountNumber)".
    const { primaryAccountNumber: _omitted, ...card } = exampleCard();
    const res = await cardApi.call('putCard', { body: await cards.withCard(card) });
    expectCardError(res, {
      http: 400,
      status: 'INVALID_ARGUMENT',
      field: 'card.primaryAccountNumber',
      reason: 'CANNOT_BE_NULL',
      sourceType: 'BODY',
    });
  },
);

// seed 000: cardSource is not required, and of the Card only primaryAccountNumber is. The provider
// requires both (a target refusing them with a 4xx is that conflict).
test(
  'enrolls a request without cardSource (not required)',
  withConflict(rules('CE-REQ-REQUEST'), ...conflictsWithout('card-enrollment', 'putCard', 'body:cardSource')),
  async ({ cardApi, cards }) => {
    const res = await cardApi.call('putCard', { body: deletePath(await cards.withCard(), 'cardSource') });
    expect(res.status).toBe(200);
  },
);

test(
  'enrolls a card without panExpirationMonth and panExpirationYear (not required)',
  withConflict(rules('CE-REQ-CARD'), ...conflictsWithout('card-enrollment', 'putCard', 'body:card.panExpirationMonth')),
  async ({ cardApi, cards }) => {
    const { panExpirationMonth: _month, panExpirationYear: _year, ...card } = exampleCard();
    const res = await cardApi.call('putCard', { body: await cards.withCard(card) });
    expect(res.status).toBe(200);
  },
);

test('rejects a body that is not JSON with 400 INVALID_ARGUMENT', rules('CE-ERR-MALFORMED'), async ({ cardApi }) => {
  // seed 000, Errors: "Body does not match the request schema" is 400 INVALID_ARGUMENT.
  const res = await cardApi.call('putCard', { rawBody: '{"srcClientId": ' });
  expectCardError(res, { http: 400, status: 'INVALID_ARGUMENT' });
});

// seed 000, Errors: a body that does not match the request schema (an object) is 400 INVALID_ARGUMENT,
// whatever JSON value it is instead: each of them, never a failure of the server.
const NOT_AN_OBJECT = ['null', '[]', '[{}]', '"card"', '42', 'true'];

test(
  `rejects a JSON body that is no object (${NOT_AN_OBJECT.join(', ')}) with 400 INVALID_ARGUMENT`,
  rules('CE-ERR-MALFORMED'),
  async ({ cardApi }) => {
    const wrong: string[] = [];
    for (const rawBody of NOT_AN_OBJECT) {
      const res = await cardApi.call('putCard', { rawBody });
      const status = (res.body as { status?: unknown } | undefined)?.status;
      if (res.status !== 400 || status !== 'INVALID_ARGUMENT') wrong.push(`${rawBody}: ${res.status} ${JSON.stringify(status)}`);
    }
    expect(wrong, 'each is 400 INVALID_ARGUMENT').toEqual([]);
  },
);
