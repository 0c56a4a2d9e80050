// The installments contract encodes each limit of the provider document 2.0.0 (and of
// reference/installments.md where the provider is silent), transcribed here as a table: a change to
// the contract that loosens or drops one of them fails this test.
import { expect, test } from '../../fixtures/self.js';
import { loadContract } from '../../helpers/contract/contract.js';

/** A list written as its words. */
const words = (text: string) => text.split(' ');
type Limit = [schema: string, path: string, keyword: string, expected: unknown, source: string];

const LIMITS: Limit[] = [
  ['PanListName', '', 'pattern', '^[a-zA-Z0-9\\s-]{1,64}$', 'PAN registration: panListName'],
  ['PanListId', '', 'pattern', '^[0-9]{18}$', 'PAN registration: panListId'],
  ['AccountRangeBound', '', 'pattern', '^[0-9]{11,19}$', 'accountRangeLow/High'],
  ['AccountRange', '', 'required', ['accountRangeLow', 'accountRangeHigh'], 'accountRange{accountRangeLow*, accountRangeHigh*}'],
  ['PanDeregistrationRequest', '', 'required', ['panListId'], 'Deregistration: panListId*'],
  ['MerchantParticipationRequest', '', 'maxItems', 30, 'at most 30 per request'],
  ['MerchantLegalName', '', 'minLength', 1, 'merchantLegalName* (1-300)'],
  ['MerchantLegalName', '', 'maxLength', 300, 'merchantLegalName* (1-300)'],
  ['CountryCode', '', 'pattern', '^[A-Za-z]{3}$', 'countryCode* (3 letters of either case)'],
  ['AcquirerIca', '', 'pattern', '^(?:[0-9]{6}|[0-9]{9}|[0-9]{11})$', 'acquirerICA*'],
  ['MerchantGroup', '', 'pattern', '^[A-Z0-9]{1,2}$', 'merchantGroup'],
  ['DbaNames', '', 'maxItems', 1000, 'dbaNames[] (at most 1000)'],
  ['MerchantParticipation', 'properties/mids', 'maxItems', 5000, 'mids[] (at most 5000)'],
  ['Wallets', '', 'maxItems', 3, 'wallets[] (at most 3)'],
  ['Wallet', '', 'required', ['walletId', 'walletAcceptance'], 'wallet{walletId*, walletAcceptance*}'],
  ['Wallet', 'properties/walletId', 'maximum', 3, 'walletId 1-3'],
  ['MerchantParticipationRequest', '', 'minItems', 1, 'at least 1 per request'],
  ['Pan', '', 'pattern', '^[0-9]{11,19}$', 'pan 11-19 digits'],
  ['PanListIdView', '', 'maxLength', 18, 'answered panListId at most 18'],
  ['PlanTransaction', '', 'required', ['amount', 'currency', 'amountType'], 'savePlan transaction'],
  ['PlanTransactionView', '', 'required', ['amount', 'currency'], 'getPlan transaction (no amountType)'],
  ['PlanApprovalStatus', '', 'required', ['status'], 'approval status: only status required'],
  ['PlanApprovalRequest', 'properties/offerId', 'maxLength', 8, 'approval offerId exactly 8'],
  ['OfferProvider', '', 'required', ['providerId', 'providerName', 'providerLogoUrl'], 'offer provider'],
  ['MerchantParticipation', '', 'required', ['merchantLegalName', 'countryCode', 'acquirerICA'], 'required participation fields'],
  ['MaidType', '', 'enum', ['GRP', 'EXT'], 'maidType (GRP|EXT)'],
  // provider 2.0.0 writes these value lists as patterns, not enums.
  ['YesNo', '', 'pattern', '^(?:Y|N)$', 'optIn, nonMerchantNegotiatedParticipation (Y|N)'],
  ['EffectuationStatus', '', 'pattern', '^(?:PENDING|COMPLETED|ERROR)$', 'effectuation status'],
  ['EffectuationErrorReason', '', 'pattern', '^(?:INVALID_ACQUIRER_ICA|UNKNOWN)$', 'errorReason'],
  ['MidSearchRequest', '', 'required', ['merchantLegalName', 'countryCode', 'acquirerICA'], 'MID search required fields'],
  ['MidDetails', '', 'required', ['mid', 'status'], 'mids[{mid*, status*}]'],
  // provider 2.0.0, the whole document (schemas/installments/deviations.yaml is diffed against it).
  ['MidDetailsPage', '', 'required', ['merchantLegalName', 'acquirerICA', 'countryCode', 'optIn', 'mids'], 'MidDetailsPage required'],
  ['Currency', '', 'maxLength', 3, 'currency* (3)'],
  ['Mcc', '', 'maxLength', 4, 'mcc (4)'],
  ['OfferTransactionId', '', 'minLength', 8, 'offerTransactionId* (8-40)'],
  ['OfferTransactionId', '', 'maxLength', 40, 'offerTransactionId* (8-40)'],
  ['OfferId', '', 'minLength', 8, 'offerId* (8-64)'],
  ['OfferId', '', 'maxLength', 64, 'offerId* (8-64)'],
  ['Offer', 'properties/tenure', 'minimum', 2, 'tenure* (>=2)'],
  ['OffersGroup', '', 'required', ['total', 'offerTransactionId'], 'OffersGroup required'],
  ['PlanInstallmentInformation', 'properties/tenure', 'minimum', 2, 'tenure* 2-99'],
  ['PlanInstallmentInformation', 'properties/tenure', 'maximum', 99, 'tenure* 2-99'],
  ['PlanInstallmentInformation', 'properties/apr', 'minimum', 0, 'apr 0-200'],
  ['PlanInstallmentInformation', 'properties/apr', 'maximum', 200, 'apr 0-200'],
  ['PlanRequest', 'properties/schedulePayments', 'maxItems', 99, 'schedulePayments[] (at most 99)'],
  ['PlanRequest', '', 'required', ['providerId', 'offerTransactionId', 'transaction'], 'Plan creation required fields'],
  ['InstallmentPlan', '', 'required', ['planId', 'providerId', 'merchant', 'transaction', 'status'], 'Plan required fields'],
  ['ApprovalDecision', '', 'enum', ['APPROVED', 'DECLINED'], 'Approval status'],
  [
    'RejectReasonCode',
    '',
    'enum',
    words('CONSUMER_AUTH_FAIL CONSUMER_APPLICATION_FAIL CONSUMER_CANCELLATION LENDER_DRIVEN_REJECTION LENDER_SYSTEM_ERROR OTHER_REASON'),
    'rejectReasonCode',
  ],
  ['PlanApprovalRequest', 'properties/rejectReasonDetail', 'maxLength', 5000, 'rejectReasonDetail (at most 5000)'],
  [
    'PlanNotification',
    '',
    'required',
    words('planId issuerCid issuerIca offerId schedulePayments planInstallmentInformation transaction consumer'),
    'Notification body',
  ],
  ['NotificationSchedulePayment', '', 'required', ['installmentAmount', 'dueDate', 'installmentNumber'], 'schedulePayments items'],
  ['ErrorItem', '', 'required', ['Source', 'ReasonCode', 'Description', 'Recoverable'], 'error body'],
  ['PlanNotifErrorItem', 'properties/ReasonCode', 'maxLength', 36, 'PlanNotifError ReasonCode at most 36'],
  ['PlanNotifErrorItem', 'properties/Source', 'maxLength', 15, 'PlanNotifError Source at most 15'],
];

for (const [schema, at, keyword, expected, source] of LIMITS) {
  test(`installments contract: ${schema}${at ? `/${at}` : ''} ${keyword} = ${JSON.stringify(expected)} (${source})`, async () => {
    const contract = await loadContract('installments');
    const node = at
      .split('/')
      .filter(Boolean)
      .reduce((n: any, k) => n?.[k], contract.componentSchema(schema));
    const value = node?.[keyword];
    if (Array.isArray(expected)) expect([...(value ?? [])].sort()).toEqual([...expected].sort());
    else expect(value).toEqual(expected);
  });
}

test('installments contract: paging limit at most 500, default 500; offset from 0', async () => {
  const contract = await loadContract('installments');
  for (const id of ['getMerchantParticipations', 'postMerchantSearches', 'postMerchantMidSearches']) {
    const params = contract.operationOf(id).parameters;
    expect(params.find((p) => p.name === 'limit')?.schema).toMatchObject({ minimum: 1, maximum: 500, default: 500 });
    expect(params.find((p) => p.name === 'offset')?.schema).toMatchObject({ minimum: 0, default: 0 });
    // provider 2.0.0 declares the paging headers on every page but requires none of them.
    for (const h of ['count', 'offset', 'limit', 'total'])
      expect(contract.operationOf(id).responses['200'].headers[h], `${id} header ${h}`).toBeDefined();
  }
});

test('installments contract: Correlation-Id required on notifyPlan only, and the 12 operationIds exist', async () => {
  const contract = await loadContract('installments');
  expect(contract.operations.size).toBe(12);
  expect(contract.operation('notifyPlan').parameters.find((p) => p.name === 'Correlation-Id')?.required).toBe(true);
  for (const id of ['savePlan', 'approvedOffers'])
    expect(contract.operationOf(id).parameters.find((p) => p.name === 'Correlation-Id')?.required).toBe(false);
});
