// Covers: savePlan against the configured product (INSTALLMENTS_USE_CASES, INSTALLMENTS_DISTRIBUTION_PARTNER; provider
// 2.0.0, PlanPost "mandatory for", POST /plans "without any changes"), refused 400 with the ReasonCode PlanCreateInvalidInput's
// examples give the condition; never their Description, an example's wording (tests/self/literals.spec.ts).
import {
  expect,
  luhnValid,
  mockOnly,
  planDistributionPartner,
  planOffersPresented,
  rules,
  test,
  withDecision,
  withPath,
  skipWithout,
  underRule,
} from '../../fixtures/installments.js';

skipWithout('eligiblePan');

type Plan = Record<string, any>;
type InstReq = Parameters<Parameters<typeof test>[2]>[0]['instReq'];
const other = (f: unknown) => (f === 'MONTHLY' ? 'WEEKLY' : 'MONTHLY');
// [what, rule, the plan changed, its ReasonCode where not invalid.request.parameter]
/** The plan without the member at `path`. */
const without = (path: string) => (p: Plan) => withPath(p, path, undefined);
const ROWS: [string, string, (p: Plan, instReq: InstReq) => Plan | Promise<Plan>, string?][] = [
  ['without offerId', 'IN-REQ-PLAN-PRODUCT:refuse', without('offerId')],
  ...(planOffersPresented()
    ? [
        [
          `without transactionOffers (${planDistributionPartner() ? 'a distribution partner' : 'During Purchase'})`,
          'IN-REQ-PLAN-PRODUCT:refuse',
          without('transactionOffers'),
        ] as [string, string, (p: Plan) => Plan],
      ]
    : []),
  ['without planInstallmentInformation', 'IN-REQ-PLAN-PRODUCT:refuse', without('planInstallmentInformation')],
  ['without planInstallmentInformation.feeValue', 'IN-REQ-PLAN-PRODUCT:refuse', without('planInstallmentInformation.feeValue')],
  ['without schedulePayments', 'IN-REQ-PLAN-PRODUCT:refuse', without('schedulePayments')],
  ['without the card', 'IN-REQ-PLAN-PRODUCT:refuse', without('encryptedValue')],
  // Its ReasonCode only: a target reading the error examples' form of a date-time (conflicts.yaml) refuses its format first.
  [
    'with a transaction date other than the offers request',
    'IN-VAL-PLAN-OFFER-TERMS',
    (p) => withPath(p, 'transaction.localDateTime', '2025-06-02T10:15:00Z'),
  ],
  // The merchant details too are sent as presented (POST /plans); no error example names them: its ReasonCode only.
  [
    'with a merchant mcc other than the offers request',
    'IN-VAL-PLAN-OFFER-TERMS',
    (p) => withPath(p, 'merchant.mcc', p.merchant?.mcc === '5411' ? '5732' : '5411'),
  ],
  [
    'with a merchantId other than the offers request',
    'IN-VAL-PLAN-OFFER-TERMS',
    (p) => withPath(p, 'merchant.merchantId', `${String(p.merchant?.merchantId ?? 'MID')}9`.slice(-15)),
  ],
];

test(
  'a plan built from the chosen offer with every member the configured product makes mandatory is accepted @provider',
  rules('IN-REQ-PLAN-PRODUCT:accept'),
  async ({ instApi, instReq }) => {
    const plan = await instApi.call('savePlan', await instReq.selectionCall(instApi));
    expect(plan.status, plan.text.slice(0, 300)).toBe(201);
  },
);

// provider 2.0.0 InvalidPresentedOffersDSP: a distribution partner sends the offers presented; the mock set to each product.
test(
  'outside During Purchase, a plan without transactionOffers is accepted, and refused 400 for a distribution partner @provider @mock-only',
  mockOnly(
    rules('IN-REQ-PLAN-PRODUCT:accept', 'IN-REQ-PLAN-PRODUCT:refuse'),
    "needs the mock's product set to each classification: a sandbox's is its onboarding's (INSTALLMENTS_DISTRIBUTION_PARTNER)",
  ),
  async ({ instApi, instReq, instMock }) => {
    for (const distributionPartner of [false, true]) {
      await instMock.setProduct({ useCases: ['POST_PURCHASE'], distributionPartner });
      const { body } = await instReq.selectionCall(instApi);
      const res = await instApi.call('savePlan', { body: without('transactionOffers')(body) });
      const who = distributionPartner ? 'a distribution partner' : 'a partner of another classification';
      expect(res.status, `${who}: ${res.text.slice(0, 300)}`).toBe(distributionPartner ? 400 : 201);
      if (!distributionPartner) continue;
      expect(res.body.Errors.Error[0]?.ReasonCode, "the provider's example InvalidPresentedOffersDSP's code").toBe(
        'invalid.request.parameter',
      );
    }
  },
);

// provider 2.0.0 PlanApprovalParameters.offerId: given when consumer offer selection is disabled (the mock set to it). The
// requirement is the product's, not the mode's: it holds in each mode the Sync parameter documents (provider 2.0.0, Sync:
// true answered 200, false or left out 202, default false), each on a fresh plan under the same product setting.
const SYNC_MODES: { name: string; query: { sync?: boolean }; accepted: number }[] = [
  { name: 'sync=true', query: { sync: true }, accepted: 200 },
  { name: 'sync=false', query: { sync: false }, accepted: 202 },
  { name: 'without sync (false by default)', query: {}, accepted: 202 },
];

test(
  "with consumer offer selection disabled, an approval without offerId is refused 400 and decides nothing in each sync mode; with the plan's offerId it is accepted @provider @mock-only",
  mockOnly(
    rules('IN-REQ-APPROVAL-OFFER-ID:refuse', 'IN-REQ-APPROVAL-OFFER-ID:accept'),
    "needs the lender's consumer offer selection disabled: a sandbox's is its onboarding's",
  ),
  async ({ instApi, instReq, instMock }) => {
    await instMock.setProduct({
      useCases: ['DURING_PURCHASE'],
      distributionPartner: planDistributionPartner(),
      consumerOfferSelection: false,
    });
    for (const mode of SYNC_MODES) {
      const { planId, offer } = await instReq.createPlan(instApi);
      const decline = { planId, status: 'DECLINED', rejectReasonCode: 'OTHER_REASON' };
      const refused = await instApi.call('planApproval', { query: mode.query, body: decline, negative: true });
      expect(
        refused.status,
        `${mode.name}, without offerId: received ${refused.status} ${refused.text.slice(0, 200)}; documented 400`,
      ).toBe(400);
      const read = await instApi.call('getPlan', { path: { plan_id: planId } });
      expect(read.body.status, `${mode.name}: the refused approval decided nothing`).toBe('CREATED');
      const named = await instApi.call('planApproval', { query: mode.query, body: withDecision({ ...decline, offerId: offer.offerId }) });
      expect(
        named.status,
        `${mode.name}, with the plan's offerId: received ${named.status} ${named.text.slice(0, 200)}; documented ${mode.accepted}`,
      ).toBe(mode.accepted);
    }
  },
);

/**
 * `pan` with its digit `at` moved by one and another digit before its last four set so that its check digit holds (Luhn). That
 * digit follows the first six (the card's issuer identification): a card changed after them stays in its issuer's account range,
 * so a target notifying a selection it refuses for the card has an issuer to notify (IN-NOTIFY-REFUSED, judged at the test's end).
 */
function otherDigit(pan: string, at: number): string {
  const digits = [...pan];
  digits[at] = String((Number(digits[at]) + 1) % 10);
  const fix = at === 7 ? 8 : 7;
  for (let d = 0; d < 10; d++)
    if (luhnValid(Object.assign([...digits], { [fix]: String(d) }).join(''))) return Object.assign(digits, { [fix]: String(d) }).join('');
  throw new Error('no digit makes the card valid');
}

/** Every term of the chosen offer moved by the least a comparison can tell (provider 2.0.0, POST /plans: "without any changes"). */
function termChanges(p: Plan): [string, Plan][] {
  const cent = (path: string, v: number): [string, Plan][] => [
    [`${path} one minor unit up`, withPath(p, path, Math.round(v * 100 + 1) / 100)],
    // Down only where the value stays one the contract takes (apr and feeValue have a minimum of 0).
    ...(v >= 0.01 ? [[`${path} one minor unit down`, withPath(p, path, Math.round(v * 100 - 1) / 100)] as [string, Plan]] : []),
  ];
  const info = (p.planInstallmentInformation ?? {}) as Record<string, unknown>;
  return [
    ...cent('transaction.amount', p.transaction.amount),
    ['transaction.currency another', withPath(p, 'transaction.currency', p.transaction.currency === 'EUR' ? 'USD' : 'EUR')],
    ...Object.entries(info).flatMap(([k, v]): [string, Plan][] =>
      k === 'tenure'
        ? [[`tenure ${Number(v) + 1}`, withPath(p, 'planInstallmentInformation.tenure', Number(v) + 1)]]
        : k === 'frequency'
          ? [[`frequency ${other(v)}`, withPath(p, 'planInstallmentInformation.frequency', other(v))]]
          : typeof v === 'number'
            ? cent(`planInstallmentInformation.${k}`, v)
            : [],
    ),
    ...((p.schedulePayments ?? []) as Record<string, any>[]).flatMap((s, i): [string, Plan][] => [
      ...cent(`schedulePayments.${i}.installmentAmount`, s.installmentAmount),
      [
        `schedulePayments.${i}.dueDate a day later`,
        withPath(p, `schedulePayments.${i}.dueDate`, new Date(Date.parse(s.dueDate) + 86_400_000).toISOString().slice(0, 10)),
      ],
    ]),
    ...scheduleChanges(p),
  ];
}

/**
 * The schedule itself changed by its least step (provider 2.0.0, POST /plans: the offer data, its schedule of payments, sent
 * "without any changes" and validated against the presented offer): its last installment left out (the others sent as
 * offered), a copy of its last with the next installmentNumber added, two installments' amounts swapped (each keeping its
 * installmentNumber and dueDate) and two installments' due dates swapped (each keeping its installmentNumber and amount).
 * Each installment is compared on its own: a schedule holding the offer's amounts and dates at other installments is not the
 * offer's (two whole items swapped only reorder the array, which no document says is a change).
 */
function scheduleChanges(p: Plan): [string, Plan][] {
  const schedule = (Array.isArray(p.schedulePayments) ? p.schedulePayments : []) as Record<string, any>[];
  if (!schedule.length) return [];
  const last = schedule[schedule.length - 1];
  /** The first two installments differing in `key`, that member swapped between them (every other member kept). */
  const swap = (key: 'installmentAmount' | 'dueDate', what: string): [string, Plan][] => {
    const i = schedule.findIndex((s) => s[key] !== schedule[0][key]);
    if (i < 1) return [];
    const items = schedule.map((s) => ({ ...s }));
    [items[0][key], items[i][key]] = [schedule[i][key], schedule[0][key]];
    return [
      [
        `schedulePayments, the ${what} of installments ${schedule[0].installmentNumber} and ${schedule[i].installmentNumber} swapped (their numbers and other terms kept)`,
        { ...p, schedulePayments: items },
      ],
    ];
  };
  return [
    // One item short: its last left out, where one is left (an empty schedule is the member's absence, IN-REQ-PLAN-PRODUCT).
    ...(schedule.length > 1
      ? [
          [
            `schedulePayments one item short (its last, number ${last.installmentNumber}, left out)`,
            { ...p, schedulePayments: schedule.slice(0, -1) },
          ] as [string, Plan],
        ]
      : []),
    [
      `schedulePayments one item more (a copy of its last numbered ${Number(last.installmentNumber) + 1})`,
      { ...p, schedulePayments: [...schedule, { ...last, installmentNumber: Number(last.installmentNumber) + 1 }] },
    ],
    ...swap('installmentAmount', 'amounts'),
    ...swap('dueDate', 'due dates'),
  ];
}

/** Whether an offer's schedule holds installments of differing amounts (the amounts swap of scheduleChanges tells something). */
const amountsDiffer = (o: Record<string, any>) =>
  new Set(((o.schedulePayments ?? []) as Record<string, any>[]).map((s) => Math.round(Number(s.installmentAmount) * 100))).size > 1;

test(
  "refuses a plan with any term of the chosen offer moved by its least step, and a card told from the offers request's only before its last four digits, with 400 @provider",
  rules('IN-VAL-PLAN-OFFER-TERMS'),
  async ({ instApi, instReq, inst }) => {
    // An offer whose installments differ in amount, so that two amounts swapped is a change: a purchase that does not divide
    // evenly puts its remainder on one installment (provider 2.0.0 Offer: otherInstallmentAmount, the first installment's own).
    // Where no offer of the first answer has one, the purchase one minor unit more: a whole of minor units divisible by a tenure
    // is not, one more, by any tenure above one.
    let from = await instReq.offersOf(instApi);
    if (!from.body.offers.some(amountsDiffer)) {
      const t = from.asked.transaction as Record<string, any>;
      from = await instReq.offersOf(instApi, { transaction: { ...t, amount: Math.round(Number(t.amount) * 100 + 1) / 100 } });
    }
    const offer = from.body.offers.find(amountsDiffer);
    // The other changes are made all the same; only the amounts swap, which would change nothing, is left out.
    if (!offer)
      test.info().annotations.push({
        type: 'left out',
        description: 'two installments of the same amount swapped: no offer of the target has installments of differing amounts',
      });
    const { body } = await instReq.selectionCall(instApi, { from, offer: offer ?? from.body.offers[0] });
    const pan = inst.eligiblePan!;
    const changes: [string, Plan, string][] = [
      ...termChanges(body).map(([what, p]): [string, Plan, string] => [what, p, 'invalid.request.parameter']),
      ...(await Promise.all(
        [0, 6, pan.length - 5].map(
          async (at): Promise<[string, Plan, string]> => [
            `the card's digit ${at + 1} changed (its last four kept)`,
            { ...body, ...(await instReq.sensitive({ consumer: { primaryAccountNumber: otherDigit(pan, at) } })) },
            'pan.match',
          ],
        ),
      )),
    ];
    const taken: string[] = [];
    for (const [what, plan, reason] of changes) {
      const res = await instApi.call('savePlan', { body: plan });
      const error = res.body?.Errors?.Error?.[0];
      if (res.status !== 400 || error?.ReasonCode !== reason) taken.push(`${what}: ${res.status} ${res.text.slice(0, 160)}`);
    }
    underRule(
      test.info(),
      'IN-VAL-PLAN-OFFER-TERMS',
      () =>
        expect(
          taken,
          `plans differing from the chosen offer in one term: received ${taken.length ? taken.join('; ') : 'none taken'}; documented 400 with its reason code`,
        ).toEqual([]),
      'savePlan',
    );
  },
);

for (const [what, rule, change, reason = 'invalid.request.parameter'] of ROWS)
  test(`refuses a plan ${what} with 400 ${reason} @provider`, rules(rule), async ({ instApi, instReq }) => {
    const { body } = await instReq.selectionCall(instApi);
    const res = await instApi.call('savePlan', { body: await change(body, instReq) });
    expect(res.status, res.text.slice(0, 300)).toBe(400);
    const error = res.body.Errors.Error[0];
    expect(error.ReasonCode, 'the reason code of PlanCreateInvalidInput').toBe(reason);
  });
