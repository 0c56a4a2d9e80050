// Covers: 400 of the PAN list writers, POST /offers, POST /plans, POST /approvals: every pattern, length, enum and cap
// of reference/installments.md (Main fields) at its boundaries, each with an accepted twin.
import {
  enumOf,
  examplePlanBody,
  expect,
  expectAtLeast,
  expectErrors,
  expectToBe,
  lengthOf,
  loadContract,
  malformedUuidForms,
  panLengthRefusalWrong,
  planPlaintext,
  rangeOf,
  rules,
  test,
  withDecision,
  withPath,
  type CallOptions,
  type OfferLike,
  type InstallmentsOperationId,
  withCheckDigit,
  boundEnds,
  statedBounds,
  withConflict,
  unregisteredPan,
  deviationTaken,
  underRule,
  PURCHASE_CURRENCIES,
  countryNotOf,
} from '../../fixtures/installments.js';

type All = Parameters<Parameters<typeof test>[2]>[0];
type Fx = Pick<All, 'instApi' | 'instReq' | 'inst'>;

interface Row {
  op: InstallmentsOperationId;
  /** Dotted path in the body, or `header:<name>`, or `query:<name>`, or `plain:<path>` inside the encrypted sensitiveData. */
  field: string;
  value: unknown;
  accepted: boolean;
  why: string;
  /** The rule citation (schemas/installments/rules.yaml) the row checks. */
  rule: string;
  /** Further rules the row checks (cited beside `rule`). */
  also?: string[];
  /** Other members set first (dotted paths of the body), the row's own field breaking or keeping the rule. */
  with?: Record<string, unknown>;
  /** The known provider deviations (conflicts.yaml) a target may meet on the row. */
  conflicts?: string[];
  /**
   * A refusal's ReasonCode, where the provider's error example for the member's stated condition gives it. Never its
   * Description: an example's wording states no rule (tests/self/literals.spec.ts fails a check comparing one).
   */
  reason?: string;
  /** The known provider deviation (schemas/installments/conflicts.yaml) a target taking the row's value as the provider's example shows meets. */
  conflict?: string;
}

// The bounds are the contract's (provider 2.0.0, transcribed in tests/self/installments-limits.spec.ts).
const contract = await loadContract('installments');
const INSTALLMENT_NUMBER = rangeOf(contract, 'PlanRequest', 'schedulePayments.[].installmentNumber');
const APPROVAL_OFFER_ID = lengthOf(contract, 'PlanApprovalRequest', 'offerId');

const digits = (n: number) => '4'.repeat(n);
/** A test card whose last digit is not its check digit (ISO/IEC 7812). */
const offByOne = (card: string) => `${card.slice(0, -1)}${(Number(card.at(-1)) + 1) % 10}`;
/** A paymentAuthorization of withDecision's form with its card and names replaced. */
const authorization = (over: Record<string, unknown>) => {
  const { cardholderFullName: _full, ...rest } = withDecision({ status: 'APPROVED' }).paymentAuthorization as Record<string, unknown>;
  return { ...rest, primaryAccountNumber: unregisteredPan(), ...over };
};
const PLAN = 'invalid.request.parameter';
// installmentNumber stays within its own range, so a schedule one past the cap breaks only the cap.
const schedule = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    installmentAmount: 10,
    dueDate: '2030-01-01',
    installmentNumber: (i % INSTALLMENT_NUMBER.max!) + INSTALLMENT_NUMBER.min!,
  }));
const SUCCESS: Partial<Record<InstallmentsOperationId, number>> = {
  registerPans: 200,
  deregisterPans: 200,
  approvedOffers: 200,
  savePlan: 201,
  planApproval: 200,
};

/** A valid call of the operation, built fresh for the row (plans and approvals need real offers). */
async function baseCall(
  op: InstallmentsOperationId,
  { instApi, instReq, inst }: Fx,
): Promise<{
  call: CallOptions;
  plain?: Record<string, any>;
  offers?: OfferLike[];
  selection?: (offer: OfferLike) => Record<string, any>;
  offerId?: string;
  /** Another offer of the offers answer the plan's offer came from (planApproval). */
  siblingId?: string;
  /** The plan's status as created (planApproval). */
  created?: string;
}> {
  const pan = inst.eligiblePan!;
  switch (op) {
    case 'registerPans':
      return { call: { body: { panListName: 'Boundary list' } }, plain: { pans: [{ pan: instReq.listPan() }] } };
    case 'deregisterPans': {
      const created = await instApi.call('registerPans', {
        body: { panListName: 'Boundary list', ...(await instReq.pansOf(instReq.listPan())) },
      });
      return { call: { body: { panListId: created.body.panList.panListId } }, plain: { pans: [{ pan: instReq.listPan() }] } };
    }
    case 'approvedOffers':
      return { call: { body: await instReq.offersBody(pan) }, plain: { consumer: { primaryAccountNumber: pan } } };
    case 'savePlan': {
      // The selection as the provider takes it: the offer's details unchanged, the card encrypted.
      const asked = await instReq.offersBody(pan);
      const offers = await instApi.call('approvedOffers', { body: asked });
      expect(offers.status, 'offers for the eligible card').toBe(200);
      const presented = { transaction: asked.transaction, merchant: asked.merchant, offers: offers.body.offers };
      const selection = (offer: OfferLike) => examplePlanBody(offers.body.offerTransactionId, offer, {}, presented);
      return {
        call: { body: selection(offers.body.offers[0]) },
        plain: planPlaintext(pan, asked.merchant),
        offers: offers.body.offers,
        selection,
      };
    }
    default: {
      const { planId, offer, offers, status } = await instReq.createPlan(instApi);
      return {
        call: { query: { sync: true }, body: { planId, status: 'DECLINED', rejectReasonCode: 'OTHER_REASON' } },
        offerId: offer.offerId as string,
        siblingId: offers.offers.find((o) => o.offerId !== offer.offerId)?.offerId as string | undefined,
        created: status,
      };
    }
  }
}

const uuid = () => crypto.randomUUID();
/** Stands for the offerId of the row's plan, put in when the row runs. */
const PLAN_OFFER = "the plan's offer";
/** Stand for the plan's offerId with its last character repeated once more, and with its last character cut, put in when the row runs. */
const PLAN_OFFER_LONGER = "the plan's offer and one character more";
const PLAN_OFFER_SHORTER = "the plan's offer, its last character cut";
/**
 * Stand for the row's just-created list's panListId with a digit more, and with its last digit cut (provider 2.0.0,
 * PanDeregistrationBody.panListId ^[0-9]{18}$): each differs from a held id by its length alone, so a target cutting or
 * padding the id to its length (applying it to the list its first digits name) takes it, which an unrelated id would not tell.
 */
const LIST_ID_LONGER = "the list's panListId and one digit more";
const LIST_ID_SHORTER = "the list's panListId, its last digit cut";
/** Stands for another offer of the same offers answer as the row's plan's offer, put in when the row runs. */
const SIBLING_OFFER = "another offer of the plan's offers answer";
/** Stands for the offer of a second plan of the same card (its own offers answer), made and put in when the row runs. */
const OTHER_PLAN_OFFER = 'the offer of another plan of the same card';

/** An accepted sync decision shows on both readers (provider 2.0.0, Sync; seed 001, States), judged by the answer judge. */
const DECISION_SHOWN = ['IN-STATE-DECISION@sync', 'IN-STATE-DECISION@approval-status', 'IN-STATE-DECISION@plan'];
async function expectDecisionShown({ instApi }: Fx, body: Record<string, any>): Promise<void> {
  for (const reader of ['getPlanApprovalStatus', 'getPlan'] as const)
    expect((await instApi.call(reader, { path: { plan_id: String(body.planId) } })).status, `${reader} after the sync ${body.status}`).toBe(
      200,
    );
}
/** A row of one operation: [field, value, accepted, why, rule, more]. */
type Cells = [string, unknown, boolean, string, string, Partial<Row>?];
const on = (op: InstallmentsOperationId, rows: Cells[]): Row[] =>
  rows.map(([field, value, accepted, why, rule, more]) => ({ op, field, value, accepted, why, rule, ...more }));
const verdict = (ok: boolean) => (ok ? 'accept' : 'refuse');
/** Luhn-complete (provider 2.0.0, Pan: every pan is validated against the Luhn algorithm): only the length varies. */
const pan = (n: number) => withCheckDigit(digits(n - 1));
const REFUSED_PAN = { reason: PLAN };
/** Each bound's ends accepted, a step past refused (statedBounds, boundEnds): [operation, member, rule, schema, value, options]. */
type Bound = [
  InstallmentsOperationId,
  string,
  string,
  [string, string?],
  (n: number, bounds: { max?: number }) => unknown,
  { step?: number; at?: string; refusedOnly?: true; more?: (n: number) => Partial<Row> }?,
];
const BOUNDED: Bound[] = [
  // provider 2.0.0 PanListName: 1 to 64 characters, written in its pattern (no minLength / maxLength).
  ['registerPans', 'panListName', 'IN-LIM-PANLISTNAME', ['PanListName'], (n) => 'a'.repeat(n)],
  [
    'registerPans',
    'accountRange',
    'IN-LIM-ACCOUNTRANGE',
    ['AccountRangeBound'],
    (n) => ({ accountRangeLow: digits(n), accountRangeHigh: digits(n) }),
  ],
  // provider 2.0.0 Pan and ConsumerCard: 11 to 19 digits, encrypted. Offers and plans need their own card: refusing ends only.
  ['registerPans', 'plain:pans.0.pan', 'IN-LIM-PAN', ['Pan'], pan, { at: '@encrypted' }],
  ['deregisterPans', 'plain:pans.0.pan', 'IN-LIM-PAN', ['Pan'], pan, { at: '@encrypted' }],
  // provider 2.0.0's 400 example InvalidPrimaryAccountNumberSize takes 13 to 24 digits; savePlan's InvalidPANLength.
  [
    'approvedOffers',
    'plain:consumer.primaryAccountNumber',
    'IN-LIM-PAN',
    ['Pan'],
    pan,
    { at: '@encrypted', refusedOnly: true, more: (n) => (n > 19 ? { conflicts: ['IN-DEVIATION-OFFERS-PAN-LENGTH'] } : {}) },
  ],
  [
    'savePlan',
    'plain:consumer.primaryAccountNumber',
    'IN-LIM-PAN',
    ['Pan'],
    pan,
    { at: '@encrypted', refusedOnly: true, more: () => REFUSED_PAN },
  ],
  // Offers (provider 2.0.0, OfferParameters)
  ['approvedOffers', 'transaction.currency', 'IN-LIM-CURRENCY', ['Currency'], (n) => 'USDDD'.slice(0, n)],
  ['approvedOffers', 'merchant.mcc', 'IN-LIM-MCC', ['Mcc'], (n) => '5999999'.slice(0, n)],
  ['approvedOffers', 'merchant.acquirerId', 'IN-LIM-ACQUIRERID', ['OffersMerchant', 'acquirerId'], (n) => '1234567890'.slice(0, n)],
  // Plan creation (provider 2.0.0, PlanRequest): a term accepted only as an offer of the answer gives it (OFFER_TERM).
  ['savePlan', 'planInstallmentInformation.tenure', 'IN-LIM-TENURE', ['PlanInstallmentInformation', 'tenure'], (n) => n],
  ['savePlan', 'planInstallmentInformation.apr', 'IN-LIM-APR', ['PlanInstallmentInformation', 'apr'], (n) => n, { step: 0.5 }],
  ['savePlan', 'schedulePayments', 'IN-LIM-SCHEDULE', ['PlanRequest', 'schedulePayments'], schedule],
  // Approval (provider 2.0.0, PlanApprovalParameters); the detail at its longest in two-byte characters.
  [
    'planApproval',
    'rejectReasonDetail',
    'IN-LIM-REJECTDETAIL',
    ['PlanApprovalRequest', 'rejectReasonDetail'],
    (n, b) => (n > b.max! ? 'r' : 'é').repeat(n),
  ],
  ['planApproval', 'approvedCurrency', 'IN-LIM-CURRENCY', ['Currency'], (n) => 'EUROS'.slice(0, n), { refusedOnly: true }],
];
const BOUND_ROWS: Row[] = BOUNDED.flatMap(([op, field, rule, schema, fill, o = {}]) => {
  const b = statedBounds(contract, ...schema);
  return boundEnds(b, o.step)
    .filter((e) => !(o.refusedOnly && e.ok))
    .map(({ n, ok }) => ({
      op,
      field,
      value: fill(n, b),
      accepted: ok,
      why: `${field} at ${n} (the contract's ${b.min === undefined ? `at most ${b.max}` : `${b.min}-${b.max}`})`,
      rule: `${rule}:${verdict(ok)}${o.at ?? ''}`,
      ...o.more?.(n),
    }));
});
const ROWS: Row[] = [
  ...on('planApproval', [
    // provider 2.0.0, planApproval sync: a boolean; a boolean word with more after it is none.
    ['query:sync', 'true1', false, 'sync true1 (a boolean word and more)', 'IN-ERR-CONTRACT:refuse'],
    // ... and one with letters before it (a target matching only the end of the text takes it).
    ['query:sync', 'untrue', false, 'sync untrue (a boolean word after other letters)', 'IN-ERR-CONTRACT:refuse'],
  ]),
  ...on('registerPans', [
    // The boolean words in another case (TRUE, False) on either mode: the type-forms checker, every typed parameter of every operation (properties.type-forms.spec.ts).
    // PAN registration (provider 2.0.0, PanRegistrationBody)
    ['panListName', 'Gold list-2', true, 'letters, digits, space and hyphen', 'IN-PAT-PANLISTNAME:accept'],
    ['panListName', 'Gold_list', false, 'an underscore', 'IN-PAT-PANLISTNAME:refuse'],
    // provider 2.0.0 (400 example): a registration names its list (panListId) or creates one (panListName).
    ['panListName', undefined, false, 'neither panListId nor panListName (provider 400 example)', 'IN-EXCL-PANLIST:refuse'],
    ['panListId', '1'.repeat(17), false, 'panListId of 17 digits', 'IN-PAT-PANLISTID:refuse'],
  ]),
  ...BOUND_ROWS,
  ...on('registerPans', [
    ['accountRange.accountRangeHigh', undefined, false, 'without accountRangeHigh (required)', 'IN-REQ-ACCOUNTRANGE'],
    // A range the system does not hold (provider 2.0.0 InvalidAccountRangeForNewPanList): pan-lists.ranges.spec.ts, over its two ends.
  ]),
  ...on('deregisterPans', [
    ['panListName', undefined, true, 'the 18-digit panListId of a list just created', 'IN-PAT-PANLISTID:accept'],
    ['panListId', LIST_ID_SHORTER, false, "panListId of 17 digits, the held list's id cut by one", 'IN-PAT-PANLISTID:refuse'],
    ['panListId', LIST_ID_LONGER, false, "panListId of 19 digits, the held list's id and one digit more", 'IN-PAT-PANLISTID:refuse'],
    ['panListId', `${'1'.repeat(17)}a`, false, 'panListId with a letter', 'IN-PAT-PANLISTID:refuse'],
    ['panListId', undefined, false, 'without panListId (required)', 'IN-REQ-DEREG-LISTID'],
  ]),
  ...on('approvedOffers', [
    // provider 2.0.0 approvedOffers "Invalid Country and Currency Pair": the merchant's (USA) currency.
    ['transaction.localDateTime', undefined, false, 'without transaction.localDateTime (required)', 'IN-REQ-OFFERS'],
    // provider 2.0.0: the offers Correlation-Id is a plain string (no UUID format), unlike savePlan's.
    ['header:Correlation-Id', 'corr-1', true, 'a Correlation-Id that is not a UUID', 'IN-FMT-CORRELATION:accept'],
    // A string that reads as another JSON type: a target that types header values by their look refuses it.
    ['header:Correlation-Id', 'true', true, 'a Correlation-Id that reads as a boolean (still a plain string)', 'IN-FMT-CORRELATION:accept'],
    ['transaction', undefined, false, 'without transaction (required)', 'IN-REQ-OFFERS'],
    [
      'plain:consumer.primaryAccountNumber',
      offByOne(unregisteredPan()),
      false,
      'an encrypted PAN whose last digit is not its check digit',
      'IN-FMT-PAN-CHECK-DIGIT',
      { reason: PLAN },
    ],
  ]),
  // Plan creation (provider 2.0.0, PlanRequest; savePlan 400 examples BlankPAN, NonNumericPAN, InvalidPANLength).
  ...(
    [
      ['', 'blank', 'IN-REQ-PLAN-PRODUCT:refuse'],
      ['4111 1111 1111 1111', 'with spaces, not numeric', 'IN-LIM-PAN:refuse@encrypted'],
      [digits(20), 'of 20 digits', 'IN-LIM-PAN:refuse@encrypted'],
    ] as const
  ).map(([value, what, rule]) => ({
    op: 'savePlan' as const,
    field: 'plain:consumer.primaryAccountNumber',
    value,
    accepted: false,
    why: `a plan's encrypted PAN ${what}`,
    rule,
    reason: PLAN,
  })),
  ...on('savePlan', [
    ['providerId', 'not-a-uuid', false, 'a providerId that is not a UUID', 'IN-FMT-UUID:refuse'],
    ['transaction.amountType', undefined, false, 'without transaction.amountType (required)', 'IN-REQ-PLAN'],
    ['transaction.amountType', 'FINAL', true, 'transaction.amountType FINAL', 'IN-ENUM-AMOUNTTYPE:accept'],
    [
      'transaction.amountType',
      'TOTAL',
      false,
      'transaction.amountType TOTAL (neither PURCHASE nor FINAL)',
      'IN-ENUM-AMOUNTTYPE:refuse',
      { reason: PLAN },
    ],
    ['header:Correlation-Id', 'corr-1', false, 'a Correlation-Id that is not a UUID', 'IN-FMT-CORRELATION:refuse'],
    // provider 2.0.0 savePlan: the merchant's name encrypted; its examples carry it in clear: that deviation (conflicts.yaml).
    [
      'plain:merchant.name',
      'Example Electronics',
      true,
      "the merchant's name encrypted in encryptedValue",
      'IN-FMT-PLAN-MERCHANT-NAME:accept',
    ],
    [
      'merchant.name',
      'Example Electronics',
      false,
      "the merchant's name in clear",
      'IN-FMT-PLAN-MERCHANT-NAME:refuse',
      { conflict: 'IN-DEVIATION-PLAN-MERCHANT-NAME-CLEAR' },
    ],
  ]),
  // Each malformed form of a UUID (provider 2.0.0, savePlan Correlation-Id format uuid).
  ...on('savePlan', [
    ...malformedUuidForms(uuid()).map(
      ({ value, why }): Cells => ['header:Correlation-Id', value, false, `a Correlation-Id that is ${why}`, 'IN-FMT-CORRELATION:refuse'],
    ),
    ['header:Correlation-Id', uuid(), true, 'a Correlation-Id that is a UUID', 'IN-FMT-CORRELATION:accept'],
  ]),
  // provider 2.0.0 CardedTransaction stan, rrn, authorizationCode: 1 to 6, 12 and 6 digits (PlanCreateInvalidInput examples).
  // A shorter rrn or authorization code keeps the schema (minLength 0): taken, it meets IN-DEVIATION-PLAN-CODES-SHORTER.
  ...(
    [
      ['stan', '1', true],
      ['stan', '123456', true],
      ['stan', '1234567', false],
      ['stan', '12345a', false],
      ['rrn', '012345678901', true],
      ['rrn', '12345678901', false, 'IN-DEVIATION-PLAN-CODES-SHORTER'],
      ['rrn', '1234567890123', false],
      ['rrn', '12345678901A', false],
      ['authorizationCode', '012345', true],
      ['authorizationCode', '12345', false, 'IN-DEVIATION-PLAN-CODES-SHORTER'],
      ['authorizationCode', '12345A', false],
    ] as [string, string, boolean, string?][]
  ).map(([member, value, ok, conflict]) => ({
    op: 'savePlan' as const,
    field: `transaction.${member}`,
    value,
    accepted: ok,
    why: `transaction.${member} ${value}`,
    rule: `IN-PAT-PLAN-CODES:${verdict(ok)}`,
    ...(ok ? {} : { reason: PLAN }),
    ...(conflict ? { conflict } : {}),
  })),
  // provider 2.0.0 PlanInstallmentInformation.frequency: three values; InvalidFrequency: 15DAYS refused.
  ...enumOf(contract, 'PlanRequestFrequency').map((v) => ({
    op: 'savePlan' as const,
    field: 'planInstallmentInformation.frequency',
    value: v,
    accepted: true,
    why: `frequency ${v}, where an offer of the answer gives it`,
    rule: 'IN-ENUM-PLAN-FREQUENCY:accept',
  })),
  ...on('savePlan', [
    [
      'planInstallmentInformation.frequency',
      '15DAYS',
      false,
      'frequency 15DAYS (Installments on Cards)',
      'IN-ENUM-PLAN-FREQUENCY:refuse',
      { reason: PLAN },
    ],
  ]),
  // provider 2.0.0 CardedTransaction date-times: neither documented form (RFC 3339, the examples' conflicts.yaml form) is refused.
  ...['localDateTime', 'transmissionDateTime'].map((member) => ({
    op: 'savePlan' as const,
    field: `transaction.${member}`,
    value: '06/01/2025 10:15',
    accepted: false,
    why: `transaction.${member} in neither documented form`,
    rule: 'IN-FMT-PLAN-DATETIME',
    reason: PLAN,
  })),
  ...on('approvedOffers', [
    // provider 2.0.0 approvedOffers: MissingMerchantParameters (an empty merchant) and InvalidCountryCurrencyCodePair.
    ['merchant', {}, false, 'an empty merchant', 'IN-REQ-OFFERS-MERCHANT-SOME', { reason: PLAN }],
  ]),
  // Every currency the suite makes a purchase in, at a merchant of a country whose currency it is not (ISO 4217's list of
  // entities, helpers/contract/currency-countries.ts): no target may take the pair. USD in the USA, the provider's examples'
  // pair, is the accepted twin (no document lists the pairs a target serves).
  ...[['USD', 'USA', true] as const, ...PURCHASE_CURRENCIES.map((currency) => [currency, countryNotOf(currency), false] as const)].map(
    ([currency, country, ok]) => ({
      op: 'approvedOffers' as const,
      field: 'transaction.currency',
      value: currency,
      accepted: ok,
      why: ok
        ? "a purchase in its merchant's country's currency (USD in the USA)"
        : `a purchase in a currency other than its merchant's country's (${currency} in ${country})`,
      rule: `IN-VAL-COUNTRY-CURRENCY:${verdict(ok)}`,
      with: { 'merchant.country': country },
      ...(ok ? {} : { reason: PLAN }),
    }),
  ),
  ...on('approvedOffers', [
    // provider 2.0.0 InvalidCurrencyCode, InvalidCountryCode, InvalidTransactionCurrency: codes no ISO 4217 / 3166 list holds.
    ['transaction.currency', 'QQQ', false, 'a currency ISO 4217 does not list (QQQ)', 'IN-FMT-CODES:refuse', { reason: PLAN }],
    ['merchant.country', 'QQQ', false, 'a merchant country ISO 3166 does not list (QQQ)', 'IN-FMT-CODES:refuse', { reason: PLAN }],
    [
      'transaction.currency',
      'USD',
      true,
      "a purchase in a currency and at a merchant country of the ISO lists (USD in the USA, the provider's examples' pair)",
      'IN-FMT-CODES:accept',
      { with: { 'merchant.country': 'USA' } },
    ],
  ]),
  ...on('savePlan', [
    ['transaction.currency', 'QQQ', false, "a plan's currency ISO 4217 does not list (QQQ)", 'IN-FMT-CODES:refuse', { reason: PLAN }],
  ]),
  ...on('planApproval', [
    // Approval (provider 2.0.0, PlanApprovalParameters)
    [
      'offerId',
      'o'.repeat(APPROVAL_OFFER_ID.max!),
      false,
      `an offerId of ${APPROVAL_OFFER_ID.max} characters naming no offer of the plan`,
      'IN-STATE-APPROVAL-OFFER:refuse',
    ],
    // provider 2.0.0 PlanApprovalParameters.offerId "one of the offer IDs retrieved via Plan API": read as the plan's own offer
    // (a plan read names one), a sibling of the same answer, of the approval's length, names no offer of the plan (the plan left
    // as created: "decides nothing"). Reading it as any offer of the answer is as fair: an assumption.
    [
      'offerId',
      SIBLING_OFFER,
      false,
      "an offerId of another offer of the offers answer the plan's offer came from @assumption",
      'IN-STATE-APPROVAL-OWN-OFFER:refuse',
    ],
    // provider 2.0.0 PlanApprovalParameters.offerId: the offer of a second plan of the same card (another offers answer) is
    // under every reading no offer of this plan: refused, and the plan named left as created.
    [
      'offerId',
      OTHER_PLAN_OFFER,
      false,
      'an offerId of the offer of another plan of the same card (another offers answer)',
      'IN-STATE-APPROVAL-OFFER:refuse',
    ],
    [
      'paymentAuthorization',
      authorization({ cardholderFirstName: 'Jane', cardholderLastName: 'Doe' }),
      true,
      'a card with the first and last names, no full name',
      'IN-REQ-CARDHOLDER-NAME:accept',
    ],
    // provider 2.0.0 paymentAuthorization: cardholderFirstName and cardholderLastName "optional if the full name is used" (the
    // form every approval of the flows sends: withDecision), and all three together.
    [
      'paymentAuthorization',
      authorization({ cardholderFullName: 'Jane Doe' }),
      true,
      'a card with the full name alone, no first or last name',
      'IN-REQ-CARDHOLDER-NAME:accept',
    ],
    [
      'paymentAuthorization',
      authorization({ cardholderFullName: 'Jane Doe', cardholderFirstName: 'Jane', cardholderLastName: 'Doe' }),
      true,
      'a card with the full name and the first and last names',
      'IN-REQ-CARDHOLDER-NAME:accept',
    ],
  ]),
  ...[
    [{}, 'no name'],
    [{ cardholderFirstName: 'Jane' }, 'a first name alone'],
  ].map(([names, why]) => ({
    op: 'planApproval' as const,
    field: 'paymentAuthorization',
    value: authorization(names as Record<string, unknown>),
    accepted: false,
    why: `a card with ${String(why)}`,
    rule: 'IN-REQ-CARDHOLDER-NAME:refuse',
  })),
  // provider 2.0.0 paymentAuthorization.primaryAccountNumber: ISO/IEC 7812; its own example's check digit is that deviation.
  ...[
    [offByOne(unregisteredPan()), 'its last digit not its check digit', 'IN-DEVIATION-APPROVAL-PAN-CHECK-DIGIT'],
    [`${unregisteredPan().slice(0, -1)}A`, 'a letter', undefined],
  ].map(([card, why, conflict]) => ({
    op: 'planApproval' as const,
    field: 'paymentAuthorization',
    value: authorization({ primaryAccountNumber: card, cardholderFullName: 'Jane Doe' }),
    accepted: false,
    why: `a card number with ${why}`,
    rule: 'IN-FMT-APPROVAL-PAN',
    ...(conflict ? { conflict } : {}),
  })),
  ...on('planApproval', [
    ...enumOf(contract, 'RejectReasonCode').map(
      (v): Cells => ['rejectReasonCode', v, true, `rejectReasonCode ${v}`, 'IN-ENUM-REJECTCODE:accept'],
    ),
    ['rejectReasonCode', 'OTHER', false, 'rejectReasonCode outside the enum', 'IN-ENUM-REJECTCODE:refuse'],
    ['status', 'PENDING', false, 'status outside APPROVED|DECLINED', 'IN-ENUM-DECISION:refuse'],
  ]),
  // provider 2.0.0: an approval's offerId has one length (offers' own ids have a range).
  ...[
    [APPROVAL_OFFER_ID.min! - 1, false, PLAN_OFFER_SHORTER],
    [APPROVAL_OFFER_ID.min!, true, PLAN_OFFER],
    [APPROVAL_OFFER_ID.max! + 1, false, PLAN_OFFER_LONGER],
  ].map(([n, ok, value]) => ({
    op: 'planApproval' as const,
    field: 'offerId',
    // The accepted one the plan's own offer ("one of the offer IDs retrieved via Plan API", provider 2.0.0); the refused ones
    // that offer one character past the length, each way, so they differ from it by their length alone: a target cutting or
    // padding the id to its length, which an unrelated string would not tell, takes them and decides the plan.
    value: value as string,
    accepted: ok as boolean,
    why: `offerId of ${n} characters${ok ? ", the plan's own, with sync=true and sync=false" : ''} (exactly ${APPROVAL_OFFER_ID.max})`,
    rule: `IN-LIM-APPROVAL-OFFERID:${ok ? 'accept' : 'refuse'}`,
    ...(ok ? { also: ['IN-STATE-APPROVAL-OFFER:accept'] } : {}),
  })),
  ...on('planApproval', [
    [
      'paymentAuthorization',
      { primaryAccountNumber: '5204730000001234' },
      false,
      'a paymentAuthorization without expiry, security code and billing address (required)',
      'IN-ERR-CONTRACT:refuse',
    ],
    ['planId', 'plan-1', false, 'a planId that is not a UUID', 'IN-FMT-UUID:refuse'],
    [
      'status',
      'APPROVED',
      false,
      'an APPROVED decision without approvedAmount, approvedCurrency and paymentAuthorization',
      'IN-REQ-DECISION-MEMBERS',
    ],
    ['rejectReasonCode', undefined, false, 'a DECLINED decision without rejectReasonCode', 'IN-REQ-DECISION-MEMBERS'],
  ]),
];

/** The terms a plan takes from its offer unchanged (provider 2.0.0, POST /plans: "without any changes"). */
const OFFER_TERM: Record<string, (offer: OfferLike) => unknown> = {
  'planInstallmentInformation.tenure': (o) => o.tenure,
  'planInstallmentInformation.apr': (o) => o.apr,
  schedulePayments: (o) => (Array.isArray(o.schedulePayments) ? o.schedulePayments.length : undefined),
  'planInstallmentInformation.frequency': (o) => o.frequency,
};

for (const row of ROWS) {
  test(
    `${row.op}: ${row.accepted ? 'accepts' : 'rejects'} ${row.why}${row.why.includes('@assumption') ? '' : ' @provider'}`,
    // approvedOffers declares Correlation-Id on every answer (provider 2.0.0): its rows cite the echo rule.
    withConflict(
      rules(
        row.rule,
        ...(row.also ?? []),
        ...(row.op === 'approvedOffers' ? ['IN-ECHO-CORRELATION'] : []),
        ...(row.op === 'planApproval' && row.accepted ? DECISION_SHOWN : []),
        'IN-ERR-RECOVERABLE',
      ),
      ...(row.conflicts ?? []),
    ),
    async ({ instApi, instReq, inst }) => {
      test.skip(!inst.eligiblePan, 'needs a card the target offers installments for (INSTALLMENTS_ELIGIBLE_PAN)');
      const fx = { instApi, instReq, inst };
      const { call, plain, offers, selection, offerId, siblingId, created } = await baseCall(row.op, fx);
      const fromPlanOffer = row.value === PLAN_OFFER || row.value === PLAN_OFFER_LONGER || row.value === PLAN_OFFER_SHORTER;
      if (fromPlanOffer)
        test.skip(offerId?.length !== APPROVAL_OFFER_ID.max, `the plan's offerId is not of ${APPROVAL_OFFER_ID.max} characters`);
      if (row.value === SIBLING_OFFER)
        test.skip(
          siblingId?.length !== APPROVAL_OFFER_ID.max,
          `needs an offers answer holding a second offer whose id has the ${APPROVAL_OFFER_ID.max} characters an approval's offerId takes (provider 2.0.0 PlanApprovalParameters.offerId): the target's has none`,
        );
      const otherPlanOffer = row.value === OTHER_PLAN_OFFER ? ((await instReq.createPlan(instApi)).offer.offerId as string) : undefined;
      if (row.value === OTHER_PLAN_OFFER)
        test.skip(
          otherPlanOffer === offerId || otherPlanOffer?.length !== APPROVAL_OFFER_ID.max,
          otherPlanOffer === offerId
            ? "needs the card's second plan to come from an offer of another id: the target's offers answers give one offer id again, so the other plan's offer cannot be told from this plan's own"
            : `needs the card's second plan's offer id to have the ${APPROVAL_OFFER_ID.max} characters an approval's offerId takes (provider 2.0.0 PlanApprovalParameters.offerId): the target's has another length`,
        );
      const value =
        row.value === OTHER_PLAN_OFFER
          ? otherPlanOffer
          : row.value === PLAN_OFFER
            ? offerId
            : row.value === PLAN_OFFER_LONGER
              ? `${offerId}${offerId!.at(-1)}`
              : row.value === PLAN_OFFER_SHORTER
                ? offerId!.slice(0, -1)
                : row.value === SIBLING_OFFER
                  ? siblingId
                  : row.value === LIST_ID_LONGER
                    ? `${(call.body as Record<string, string>).panListId}${(call.body as Record<string, string>).panListId.at(-1)}`
                    : row.value === LIST_ID_SHORTER
                      ? (call.body as Record<string, string>).panListId.slice(0, -1)
                      : row.value;
      let body = call.body as Record<string, any>;
      const term = row.op === 'savePlan' && row.accepted ? OFFER_TERM[row.field] : undefined;
      const wanted = Array.isArray(row.value) ? row.value.length : row.value;
      const offered = term && offers?.find((o) => term(o) === wanted);
      if (term)
        test.skip(!offered, `no offer of the answer has ${row.field} ${String(wanted)}, and a plan takes its offer's terms unchanged`);
      const headers = { ...call.headers };
      // A telling id (mixed case, an inner space; approvedOffers takes any string) for the client's echo check.
      if (row.op === 'approvedOffers') headers['Correlation-Id'] = `Row ${crypto.randomUUID().toUpperCase()}-ab`;
      const query: CallOptions['query'] = { ...call.query };
      if (row.field.startsWith('header:')) headers[row.field.slice(7)] = value as string;
      else if (row.field.startsWith('query:')) query[row.field.slice(6)] = value as string;
      else if (offered) body = selection!(offered);
      // An accepted range is one the target holds (provider 2.0.0, InvalidAccountRangeForNewPanList); skipped where none is.
      else if (row.field === 'accountRange' && row.accepted)
        body = withPath(body, row.field, instReq.heldRange(String((row.value as Record<string, string>).accountRangeLow).length));
      else if (!row.field.startsWith('plain:'))
        body = withPath(
          Object.entries(row.with ?? {}).reduce((b, [at, v]) => withPath(b, at, v), body),
          row.field,
          value,
        );
      if (plain)
        body = {
          ...body,
          ...(await fx.instReq.sensitive(row.field.startsWith('plain:') ? withPath(plain, row.field.slice(6), value) : plain)),
        };
      // A row expecting a refusal, answered a success, breaks its own rule first (the client judges such an answer for a
      // sensitive value only: CallOptions.negative), so the success is filed under it, not under what the taken answer then
      // echoes; a row a documented deviation or a per-card failure may take (a 200 then judged whole) is sent as any call.
      const negative = !row.accepted && !row.conflict && row.field !== 'plain:pans.0.pan';
      const send = () => fx.instApi.callBuilt(row.op, { ...call, query, body, headers, ...(negative ? { negative: true as const } : {}) });
      const res = await send();
      // provider 2.0.0 Error.Recoverable: whether retrying the request could succeed; false: the same request sent again is
      // refused, whether the row expects the refusal or its acceptance (a refusal a retry turns into a success breaks it).
      const refusedAgain = async () => {
        if (res.status < 400 || !res.body?.Errors?.Error?.some((e: { Recoverable?: unknown }) => e?.Recoverable === false)) return;
        const again = await send();
        underRule(test.info(), 'IN-ERR-RECOVERABLE', () =>
          expectAtLeast(again.status, 400, `${row.why}, sent again unchanged after its ${res.status} marked not recoverable`),
        );
      };
      if (row.accepted) {
        await refusedAgain();
        // An allowed value refused breaks the row's own rule (a valid combination of the cardholder's names: IN-REQ-CARDHOLDER-NAME);
        // the plan's own offer refused breaks IN-STATE-APPROVAL-OFFER, whose text alone states it accepted (provider 2.0.0
        // PlanApprovalParameters.offerId), whatever its length rule says of the other lengths.
        const ownOffer = row.op === 'planApproval' && row.value === PLAN_OFFER;
        underRule(test.info(), ownOffer ? 'IN-STATE-APPROVAL-OFFER' : row.rule.split(/[:@]/)[0], () =>
          expectToBe(
            res.status,
            SUCCESS[row.op],
            `${row.why}: received ${res.status} ${res.text.slice(0, 200)}; documented ${SUCCESS[row.op]}`,
          ),
        );
        // provider 2.0.0 Sync: a decision is taken in either mode, sync=false answered 202 (IN-STATUS-SYNC); the plan's own
        // offer is accepted in each, so a fresh plan of the same card is decided asynchronously naming its own offer.
        if (ownOffer) {
          const fresh = await baseCall(row.op, fx);
          const deferred = await fx.instApi.callBuilt(row.op, {
            ...fresh.call,
            query: { ...fresh.call.query, sync: false },
            body: { ...(fresh.call.body as Record<string, unknown>), offerId: fresh.offerId },
            headers,
          });
          underRule(
            test.info(),
            'IN-STATE-APPROVAL-OFFER',
            () =>
              expectToBe(
                deferred.status,
                202,
                `the plan's own offerId (${fresh.offerId}) in an approval with sync=false: received ${deferred.status} ${deferred.text.slice(0, 200)}; documented 202`,
              ),
            'planApproval',
          );
        }
      }
      // A list's card off its pattern: 400, or a 200 counting it failed as the provider's example shows (IN-DEVIATION-PAN-LENGTH-COUNTED).
      else if (row.field === 'plain:pans.0.pan') expect(panLengthRefusalWrong(fx.instApi, res, 1), row.why).toBeUndefined();
      // Taken as the provider's own example shows: the deviation met, noted (CONDITIONAL), never a failure.
      else if (row.conflict && deviationTaken(fx.instApi, res, row.conflict)) return;
      else {
        // A refusal missing is a failure of the row's own rule; IN-ERR-RECOVERABLE is judged only on a refusal given.
        const error = underRule(test.info(), row.rule.split(/[:@]/)[0], () => {
          expectErrors(res, 400);
          const first = res.body.Errors.Error[0];
          if (row.reason) expect(first.ReasonCode, "the reason code of the provider's example").toBe(row.reason);
          return first;
        });
        if (error?.Recoverable === false) await refusedAgain();
      }
      if (row.op === 'planApproval' && row.accepted) await expectDecisionShown(fx, body);
      // provider 2.0.0 PlanApprovalParameters: each rule holds under every decision and mode (but IN-REQ-DECISION-MEMBERS).
      if (row.op === 'planApproval' && !row.accepted && row.rule !== 'IN-REQ-DECISION-MEMBERS') {
        const accepted: string[] = [];
        for (const decision of row.field === 'status' ? [body.status] : enumOf(contract, 'ApprovalDecision'))
          for (const sync of row.field === 'query:sync' ? [query.sync] : [true, false]) {
            if (decision === body.status && String(sync) === String(query.sync)) continue;
            const other = await fx.instApi.callBuilt(row.op, {
              ...call,
              query: { ...query, sync: sync as boolean },
              body: decision === body.status ? body : withDecision({ ...body, status: decision }),
              headers,
            });
            if (other.status !== 400) accepted.push(`${String(decision)} with sync=${String(sync)}: ${other.status}`);
          }
        expect(accepted, `${row.why} is refused on every decision and mode`).toEqual([]);
        // IN-STATE-APPROVAL-OFFER, IN-STATE-APPROVAL-OWN-OFFER: an offerId of no offer of the plan decides nothing: the plan
        // reads as it was created, judged under the row's own rule.
        const decidesNothing = row.rule.split(':')[0];
        if (decidesNothing === 'IN-STATE-APPROVAL-OFFER' || decidesNothing === 'IN-STATE-APPROVAL-OWN-OFFER') {
          const plan = await fx.instApi.call('getPlan', { path: { plan_id: String(body.planId) } });
          underRule(test.info(), decidesNothing, () => expect(plan.body?.status, `the plan after ${row.why} was refused`).toBe(created));
        }
      }
    },
  );
}
