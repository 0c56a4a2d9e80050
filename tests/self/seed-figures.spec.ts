/* eslint-disable playwright/no-standalone-expect -- each row's check runs inside the test that walks the table */
// Covers: the contracts against the seeds' own figures. Every limit, enum and security header name
// a seed states is transcribed here once, by hand from the seed (/work/shared/seeds/), and compared
// with what the contract says. The rest of the suite (fixtures, arbitraries, mocks, checks) reads
// these figures from the contract (helpers/contract/facts.ts) and never writes them again: this
// file is the only other place a figure appears, so that a contract drifting from its seed fails
// here and nowhere silently. Seed 001 (installments) states no limit, enum or header; the
// provider's figures the installments contract rests on are transcribed in installments-limits.spec.ts.
import { expect, test } from '../../fixtures/self.js';
import { loadContract, type Contract } from '../../helpers/contract/contract.js';
import { constOf, enumOf, lengthOf, limitListOf, limitOf, rangeOf, securityHeader, sizeOf } from '../../helpers/contract/facts.js';

type Row = { seed: string; check: (c: Contract) => void };
/** A row: the seed's words, and the check of its figure on the contract. */
const row = (seed: string, check: Row['check']): Row => ({ seed, check });
const HOUR_S = 3600;

/** A row whose figure is the length bounds of a component's member (the component's own without one). */
const lengthIs =
  (component: string, member: string, bounds: { min?: number; max?: number }) =>
  (c: Contract): void =>
    expect(lengthOf(c, component, member)).toEqual(bounds);
/** A row whose figure is the values of an enum, a component's or its member's. */
const enumIs =
  (values: string[], component: string, member?: string) =>
  (c: Contract): void =>
    expect(enumOf(c, component, member)).toEqual(values);

// --- seed 000 (card enrollment), Limits table and field tables, verbatim row names.
const CARD: Row[] = [
  row('consumer.firstName: max 30 characters', lengthIs('Consumer', 'firstName', { max: 30 })),
  row('consumer.lastName: max 30 characters', lengthIs('Consumer', 'lastName', { max: 30 })),
  row('consumerIdentity.identityValue: max 255 characters', lengthIs('ConsumerIdentity', 'identityValue', { max: 255 })),
  row('enrolmentReferenceId: max 256 characters', lengthIs('EnrolmentReferenceData', 'enrolmentReferenceId', { max: 256 })),
  row('Card.primaryAccountNumber: 16 to 20 characters', lengthIs('Card', 'primaryAccountNumber', { min: 16, max: 20 })),
  row('Card.panExpirationMonth: 2 characters', lengthIs('Card', 'panExpirationMonth', { min: 2, max: 2 })),
  row('Card.panExpirationYear: 4 characters', lengthIs('Card', 'panExpirationYear', { min: 4, max: 4 })),
  row('Card.cardSecurityCode: 3 to 6 characters', lengthIs('Card', 'cardSecurityCode', { min: 3, max: 6 })),
  row('descriptorName: max 64', lengthIs('DigitalCardData', 'descriptorName', { max: 64 })),
  row('artUri: max 1024', lengthIs('DigitalCardData', 'artUri', { max: 1024 })),
  row('coBrandedName: max 128', lengthIs('DigitalCardData', 'coBrandedName', { max: 128 })),
  row('ConsumerIdentityType enum: EMAIL_ADDRESS', enumIs(['EMAIL_ADDRESS'], 'ConsumerIdentityType')),
  row('Origin (cardSource) enum: CARDHOLDER, ISSUER, MERCHANT, WALLET', enumIs(['CARDHOLDER', 'ISSUER', 'MERCHANT', 'WALLET'], 'Origin')),
  row('DigitalCardStatus enum: ACTIVE, SUSPENDED, CANCELLED', enumIs(['ACTIVE', 'SUSPENDED', 'CANCELLED'], 'DigitalCardStatus')),
  row('ConsumerStatus enum: ACTIVE, SUSPENDED, LOCKED', enumIs(['ACTIVE', 'SUSPENDED', 'LOCKED'], 'ConsumerStatus')),
  row(
    'enrolmentReferenceType enum: PUSH_ACCOUNT_RECEIPT',
    enumIs(['PUSH_ACCOUNT_RECEIPT'], 'EnrolmentReferenceData', 'enrolmentReferenceType'),
  ),
  row('ErrorDetail.sourceType enum: BODY, HEADER, PATH, QUERY', enumIs(['BODY', 'HEADER', 'PATH', 'QUERY'], 'ErrorDetail', 'sourceType')),
  row('Authentication: API key in the request header x-openapi-clientid', (c) =>
    expect(securityHeader(c, 'ApiKeyAuth').name).toBe('x-openapi-clientid'),
  ),
];

// --- seed 002 (financial data), Limits table (verbatim subject: limit), enums and Authentication.
const FINANCIAL_DATA: Row[] = [
  row('Access token: valid 2 hours; renew after 90 minutes', (c) => {
    expect(limitOf(c, 'tokenLifetimeSeconds')).toBe(2 * HOUR_S);
    expect(limitOf(c, 'tokenRenewAfterSeconds')).toBe(90 * 60);
  }),
  row('Failed authentications: 5 before lock', (c) => expect(limitOf(c, 'failedAuthenticationsBeforeLock')).toBe(5)),
  row('Partner secret length: 12 to 255', (c) => {
    expect(lengthOf(c, 'NewPartnerSecret')).toEqual({ min: 12, max: 255 });
    // The contract's validator agrees at each boundary (the keywords are what it enforces).
    const v = c.component('NewPartnerSecret');
    expect([9, 252, 8, 253].map((n) => v('Ab1' + 'x'.repeat(n)))).toEqual([true, true, false, false]);
  }),
  row('Transactions per page: 1000', (c) => expect(rangeOf(c, 'PageLimit').max).toBe(1000)),
  row('Standard history: 180 days before the account was added', (c) => expect(limitOf(c, 'standardHistoryDays')).toBe(180)),
  row('Historic load / statements: up to 24 months', (c) => {
    // The historic load's reach in days: 24 months of 30 days (the contract's reading); statements: index 1 to 24.
    expect(limitOf(c, 'historicLoadDays')).toBe(24 * 30);
    expect(rangeOf(c, 'StatementIndex')).toEqual({ min: 1, max: 24 });
  }),
  row('Transactions report window: at most 24 months', (c) => expect(limitOf(c, 'transactionsReportMonths')).toBe(24)),
  row('VOA / VOAI / VOI history: 12 months / 24 months (default 61 days) / 2 years', (c) => {
    expect(limitOf(c, 'voaHistoryMonths')).toBe(12);
    expect(limitOf(c, 'voaiHistoryMonths')).toBe(24);
    expect(limitOf(c, 'voaiDefaultHistoryDays')).toBe(61);
    expect(limitOf(c, 'voiHistoryMonths')).toBe(2 * 12);
  }),
  row('Statement details: up to 24', (c) => {
    // The indexes list: 24 indexes are one list the contract allows, 25 are not.
    const v = c.component('StatementIndexes');
    const list = (n: number) => Array.from({ length: n }, (_, i) => String((i % 24) + 1)).join(',');
    expect([v(list(24)), v(list(25)), v('24'), v('25')]).toEqual([true, false, true, false]);
  }),
  row('Report status polling: wait 20 seconds while inProgress', (c) => expect(limitOf(c, 'reportPollSeconds')).toBe(20)),
  row('Enrichment batch: 1000 transactions', (c) => expect(sizeOf(c, 'EnrichTransactionsPayload', 'transactions').max).toBe(1000)),
  row('Billing range: 31 days; size default 100, max 1000', (c) => {
    expect(limitOf(c, 'billingWindowDays')).toBe(31);
    const size = c.operation('getResellerBillingReport').parameters.find((p) => p.name === 'size')?.schema;
    expect(size).toMatchObject({ default: 100, maximum: 1000 });
  }),
  row('Location matches: up to 3', (c) => expect(sizeOf(c, 'LocationMatches', 'locationMatches').max).toBe(3)),
  row('Institution response time: under 500 ms average (1000 ms for routing number lookup)', (c) => {
    for (const op of c.operations.values()) {
      if (!op.tags.includes('Institutions')) continue;
      const declared = c.document.paths[op.path][op.method.toLowerCase()]['x-response-time-ms'];
      expect(declared, op.operationId).toBe(op.operationId === 'GetInstitutionsByRoutingNumber' ? 1000 : 500);
    }
  }),
  row('Listener ports: 80, 443', (c) => expect(limitListOf(c, 'listenerPorts')).toEqual([80, 443])),
  row('Micro amounts: two, each under one dollar', (c) => {
    expect(sizeOf(c, 'MicroDepositVerification', 'amounts')).toEqual({ min: 2, max: 2 });
    expect(constOf(c, 'InitiatedMicroDeposit', 'depositCount'), 'the initiation answers the same two').toBe(2);
    expect(rangeOf(c, 'MicroDepositVerification', 'amounts.[]').max).toBeLessThan(1);
  }),
  row('Businesses per customer: 1', (c) => {
    expect(Object.keys(c.operation('AddBusinessDetails').responses)).toContain('409');
    expect(sizeOf(c, 'BusinessList')).toEqual({ min: 1, max: 1 });
  }),
  row('Report: status inProgress, failure or success', (c) =>
    expect([...enumOf(c, 'ReportStatus')].sort()).toEqual(['failure', 'inProgress', 'success']),
  ),
  row('Webhook subscription (and event) status: active or inactive', (c) =>
    expect([...enumOf(c, 'WebhookStatusValue')].sort()).toEqual(['active', 'inactive']),
  ),
  row('Customer: kind testing or active', (c) => expect([...enumOf(c, 'CustomerType')].sort()).toEqual(['active', 'testing'])),
  row('Authentication: two API-key headers, Partner-App-Key and Partner-App-Token', (c) => {
    expect(securityHeader(c, 'PartnerAppKey').name).toBe('Partner-App-Key');
    expect(securityHeader(c, 'PartnerAppToken').name).toBe('Partner-App-Token');
  }),
];

// Stated by the seed, but not a figure the contract can hold: recorded here so that the list of
// rows is the seed's whole Limits table, each with why it has no check.
const NOT_IN_THE_CONTRACT = [
  {
    seed: 'Refresh request timeout: 180 seconds recommended',
    why: 'a recommendation to clients; the suite waits as long as the test allows',
  },
];

for (const [service, rows] of Object.entries({ 'card-enrollment': CARD, 'financial-data': FINANCIAL_DATA }))
  for (const figure of rows)
    test(`${service} contract states the seed's '${figure.seed}'`, async () => figure.check(await loadContract(service)));

test("financial-data: every row of the seed's Limits table is transcribed or said why not", () => {
  // seed 002, Limits: 18 rows (the row names above, before the colon).
  const subjects = new Set([...FINANCIAL_DATA, ...NOT_IN_THE_CONTRACT].map((r) => r.seed.split(':')[0]));
  const table = `Access token, Failed authentications, Partner secret length, Transactions per page, Standard history,
    Historic load / statements, Transactions report window, VOA / VOAI / VOI history, Statement details, Report status polling,
    Refresh request timeout, Enrichment batch, Billing range, Location matches, Institution response time, Listener ports,
    Micro amounts, Businesses per customer`.split(/,\s+/);
  expect(table).toHaveLength(18);
  for (const subject of table) expect(subjects.has(subject), subject).toBe(true);
});

test("financial-data: the seed's operationIds of part 1 are all present, with the security each needs", async () => {
  const c = await loadContract('financial-data');
  const ids = `CreateToken ModifyPartnerSecret AddTestingCustomer AddCustomer GetCustomers GetCustomerWithAppData GetCustomer
    ModifyCustomer DeleteCustomer CreateConsumer GetConsumerForCustomer GetConsumer ModifyConsumer AddBusinessDetails
    GetBusinessByCustomer UpdateBusiness GetBusinessById GetInstitutions GetCertifiedInstitutions
    GetCertifiedInstitutionsWithRSSD GetInstitution GetInstitutionBranding GetInstitutionsByRoutingNumber
    GetLocationMatches`.split(/\s+/);
  for (const id of ids) expect(c.operations.has(id), id).toBe(true);
  // seed 002, Authentication: token creation and the secret change need only the app key.
  expect(c.operation('CreateToken').security).toEqual([['PartnerAppKey']]);
  expect(c.operation('ModifyPartnerSecret').security).toEqual([['PartnerAppKey']]);
  expect(c.operation('GetCustomer').security).toEqual([['PartnerAppKey', 'PartnerAppToken']]);
});
