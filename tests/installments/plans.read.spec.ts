// Covers: GET /plans/{plan_id} (getPlan) 200/400/404, GET /approvals/{plan_id}
// (getPlanApprovalStatus) 200/404, POST /plans (savePlan) 400 and POST /approvals (planApproval)
// 400 for ids the service does not know (reference, Operations table).
import { expect, expectErrors, examplePlanBody, loadContract, rangeOf, rules, test, withDecision } from '../../fixtures/installments.js';

const CONTRACT = await loadContract('installments');
/** The largest amount a plan may carry (PlanTransaction.amount maximum). */
const PLAN_MAX = rangeOf(CONTRACT, 'PlanTransaction', 'amount').max!;

test.beforeEach(({ inst }) => {
  test.skip(!inst.eligiblePan, 'needs a card the target offers installments for (INSTALLMENTS_ELIGIBLE_PAN)');
});

// The plan's merchant is the purchase's, which only the offers request names (reference, Offers
// merchant{country, mcc (4)} and Plan merchant*{country*, mcc*}; the plan body carries no merchant). An
// mcc with a leading zero (0742, veterinary services) is read back as sent: it is text of 4 characters.
const MERCHANT = { name: 'Example Veterinary', country: 'CAN', mcc: '0742', url: 'https://vet.example.test' };

// The plan is sent with its offer's terms unchanged (provider 2.0.0, POST /plans: the selected offer's
// details without any changes), an apr of 0 included where the offer has one: a reader shows each term
// as sent.
test(
  "reads back a new plan with its merchant, transaction and its offer's terms @assumption",
  rules('IN-ECHO-PLAN', 'IN-FMT-UUID:accept'),
  async ({ instApi, instReq }) => {
    const { planId, request, status } = await instReq.createPlan(
      instApi,
      {},
      {
        merchant: MERCHANT,
        // In the merchant's country's currency (provider 2.0.0, InvalidCountryCurrencyCodePair).
        transaction: { amount: 1200.37, currency: 'CAD', localDateTime: '2025-06-01T10:15:00Z' },
      },
    );
    const plan = await instApi.call('getPlan', { path: { plan_id: planId } });
    expect(plan.status).toBe(200);
    expect(plan.body).toMatchObject({ planId, providerId: request.providerId, status });
    expect(plan.body.merchant, "the plan's merchant as the offers request named it").toEqual(
      expect.objectContaining({ country: MERCHANT.country, mcc: MERCHANT.mcc }),
    );
    // provider 2.0.0: the plan reads its transaction back as amount and currency (no amountType).
    expect(plan.body.transaction).toMatchObject({ amount: request.transaction.amount, currency: request.transaction.currency });
    // No approval was posted yet: the document states no approval status of an undecided plan, and its 404 is documented.
    const approval = await instApi.call('getPlanApprovalStatus', { path: { plan_id: planId } });
    expect([200, 404], 'the approval status of a plan no approval named yet').toContain(approval.status);
    const wrong: string[] = [];
    const [got, terms] = [plan.body.planInstallmentInformation as Record<string, unknown> | undefined, request.planInstallmentInformation];
    for (const m of ['frequency', 'tenure', 'apr'])
      if (got?.[m] !== undefined && got[m] !== terms[m]) wrong.push(`${m} ${JSON.stringify(got[m])}, sent ${JSON.stringify(terms[m])}`);
    expect(wrong, 'each term shown is the one the plan was selected with').toEqual([]);
  },
);

// Plans made in currencies of every minor unit (ISO 4217: none, two and three decimals, and a code of
// no minor unit), each with the smallest amount of its unit, a fraction no rounding to whole units or
// to another unit keeps, an amount of ten million or more (past a single-precision float's exact
// integers) and the largest a plan may carry: getPlan reads each back with the amount and currency
// savePlan sent (the client's answer judge compares every getPlan answer with what savePlan sent,
// IN-ECHO-PLAN; the check below names the plan). USD must be planned; another currency is judged when
// the target offers and plans in it.
const PLAN_AMOUNTS: [string, number[]][] = [
  ['USD', [0.01, 1200.37, 12345678.91, PLAN_MAX]],
  ['EUR', [0.01, 250.75, 12345678.91]],
  ['GBP', [0.01, 1200.37, 12345678.91, PLAN_MAX]],
  ['CHF', [0.05, 99.99, 12345678.91]],
  ['JPY', [1, 1201, 12345679, Math.floor(PLAN_MAX)]],
  ['KRW', [1, 999, 12345679]],
  ['KWD', [0.001, 1200.375, 12345678.912, 9999999999.999]],
  ['BHD', [0.001, 250.755, 12345678.912]],
  ['XTS', [0.5, 1200.37, 12345678.91]],
];

test(
  'reads back plans made in every minor unit with their smallest, fractional, large and largest amounts, amount and currency as sent @assumption',
  rules('IN-ECHO-PLAN'),
  async ({ instApi, instReq, inst }) => {
    test.skip(!inst.eligiblePan, 'needs a card the target offers installments for (INSTALLMENTS_ELIGIBLE_PAN)');
    const wrong: string[] = [];
    let read = 0;
    for (const [currency, amounts] of PLAN_AMOUNTS)
      for (const amount of amounts) {
        // A USD plan of an ordinary amount must be made; an extreme one (a single cent, the largest) or
        // another currency may be refused by the provider's own limits on offers, which no source bounds.
        const ordinary = currency === 'USD' && amount >= 1 && amount < PLAN_MAX;
        const transaction = { amount, currency, localDateTime: '2025-06-01T10:15:00Z' };
        const offers = await instApi.call('approvedOffers', { body: await instReq.offersBody(inst.eligiblePan!, { transaction }) });
        if (!ordinary && offers.status >= 400 && offers.status < 500) continue;
        expect(offers.status, `offers for ${amount} ${currency}`).toBe(200);
        const offer = offers.body.offers?.[0];
        if (!offer) continue;
        const body = examplePlanBody(
          offers.body.offerTransactionId,
          offer,
          await instReq.sensitive({ consumer: { primaryAccountNumber: inst.eligiblePan! } }),
          { transaction, offers: offers.body.offers },
        );
        const saved = await instApi.call('savePlan', { body, headers: { 'Correlation-Id': crypto.randomUUID() } });
        if (!ordinary && saved.status >= 400 && saved.status < 500) continue;
        expect(saved.status, `a plan of ${amount} ${currency}`).toBe(201);
        const plan = await instApi.call('getPlan', { path: { plan_id: saved.body.planId } });
        expect(plan.status, `getPlan of the plan of ${amount} ${currency}`).toBe(200);
        read++;
        const t = plan.body.transaction ?? {};
        if (t.amount !== amount || t.currency !== currency)
          wrong.push(`plan of ${amount} ${currency}: read back ${JSON.stringify(t.amount)} ${JSON.stringify(t.currency)}`);
      }
    expect(read, 'plans were read back').toBeGreaterThan(0);
    expect(wrong, 'each plan reads back the amount and currency it was made with').toEqual([]);
  },
);

test(
  'getPlan answers a plan_id that is not a UUID (a word, a UUID with a character before or after it) with 400 @assumption',
  rules('IN-FMT-UUID:refuse'),
  async ({ instApi }) => {
    // Ids that hold a whole UUID tell a format check anchored at both ends from one that searches for a UUID inside.
    const uuid = crypto.randomUUID();
    for (const id of ['not-a-plan-id', `0${uuid}`, `${uuid}0`]) {
      const res = await instApi.call('getPlan', { path: { plan_id: id } });
      expect(res.status, `getPlan with plan_id '${id}'`).toBe(400);
      expectErrors(res, 400);
    }
  },
);

test('getPlan answers an unknown plan with 404 @assumption', rules('IN-STATUS-PLAN-UNKNOWN'), async ({ instApi }) => {
  expectErrors(await instApi.call('getPlan', { path: { plan_id: crypto.randomUUID() } }), 404);
});

test('getPlanApprovalStatus answers an unknown plan with 404 @assumption', rules('IN-STATUS-PLAN-UNKNOWN'), async ({ instApi }) => {
  expectErrors(await instApi.call('getPlanApprovalStatus', { path: { plan_id: crypto.randomUUID() } }), 404);
});

test(
  'savePlan refuses an offerTransactionId the service never issued with 400 @assumption',
  rules('IN-STATE-OFFER-TRANSACTION'),
  async ({ instApi, instReq }) => {
    const { offer, offers } = await instReq.createPlan(instApi);
    const body = examplePlanBody(`otx${Date.now()}unknown`, offer);
    expect(body.offerTransactionId).not.toBe(offers.offerTransactionId);
    expectErrors(await instApi.call('savePlan', { body }), 400);
  },
);

// The ids a plan names are compared exactly (reference, Flows - checkout: the plan names the offers
// answer and one of its offers): an issued id with a character added at its end, its last removed, or
// a trailing space names no answer and no offer, so a target that trims ids or finds them by prefix
// shows. Case is not varied: no source says whether these ids are compared with case.
test(
  'savePlan refuses an offerTransactionId or offerId one character from the issued one (added, removed, a trailing space) with 400; the exact ids are accepted @assumption',
  rules('IN-STATE-OFFER-TRANSACTION', 'IN-STATE-PLAN-OFFER:refuse', 'IN-STATE-PLAN-OFFER:accept'),
  async ({ instApi, instReq, inst }) => {
    const res = await instApi.call('approvedOffers', { body: await instReq.offersBody(inst.eligiblePan!) });
    expect(res.status, 'offers for the eligible card').toBe(200);
    const { offerTransactionId, offers } = res.body as {
      offerTransactionId: string;
      offers: { offerId: string; tenure: number; frequency: string; provider: any }[];
    };
    const offer = offers[0];
    const card = await instReq.sensitive({ consumer: { primaryAccountNumber: inst.eligiblePan } });
    // The last character is removed only from an id ending in a letter: one ending in a digit may be
    // a counter, and with its last digit removed name an earlier answer or offer. Nor is a near id
    // tried that is another offer of this answer.
    const taken = new Set(offers.map((o) => o.offerId));
    const near = (id: string) =>
      [
        ['a character added', `${id}q`],
        ...(/[0-9]$/.test(id) ? [] : [['its last character removed', id.slice(0, -1)]]),
        ['a trailing space', `${id} `],
      ].filter(([, value]) => !taken.has(value));
    const wrong: string[] = [];
    for (const [how, id] of near(offerTransactionId)) {
      const saved = await instApi.call('savePlan', { body: { ...examplePlanBody(id, offer, {}, { offers }), ...card } });
      if (saved.status !== 400) wrong.push(`offerTransactionId ${JSON.stringify(id)} (${how}): ${saved.status}`);
    }
    for (const [how, id] of near(offer.offerId)) {
      const saved = await instApi.call('savePlan', {
        body: { ...examplePlanBody(offerTransactionId, { ...offer, offerId: id }, {}, { offers }), ...card },
      });
      if (saved.status !== 400) wrong.push(`offerId ${JSON.stringify(id)} (${how}): ${saved.status}`);
    }
    expect(wrong, `the plan names answer ${offerTransactionId} and its offer ${offer.offerId} exactly`).toEqual([]);
    const exact = await instApi.call('savePlan', { body: { ...examplePlanBody(offerTransactionId, offer, {}, { offers }), ...card } });
    expect(exact.status, 'the exact offerTransactionId and offerId').toBe(201);
  },
);

test(
  'planApproval refuses a planId the service does not know with 400 @assumption',
  rules('IN-STATE-APPROVAL-PLAN'),
  async ({ instApi }) => {
    expectErrors(
      await instApi.call('planApproval', {
        query: { sync: true },
        body: withDecision({ planId: crypto.randomUUID(), status: 'APPROVED' }),
      }),
      400,
    );
  },
);

test(
  'savePlan refuses an offerId its offerTransactionId did not offer (one of another offers answer, one no answer gave) with 400 @assumption',
  rules('IN-STATE-PLAN-OFFER:refuse'),
  async ({ instApi, instReq, inst }) => {
    // seed 001, Endpoints: POST /plans tells the service that the cardholder chose one of the offers,
    // those of the offers answer the offerTransactionId names.
    const ask = async () => {
      const res = await instApi.call('approvedOffers', { body: await instReq.offersBody(inst.eligiblePan!) });
      expect(res.status, 'offers for the eligible card').toBe(200);
      return res.body as { offerTransactionId: string; offers: { offerId: string; tenure: number; frequency: string; provider: any }[] };
    };
    const [mine, other] = [await ask(), await ask()];
    const offered = new Set(mine.offers.map((o) => o.offerId));
    // An offer id a target reuses across answers is an offer of this one too, so not tried.
    const foreign = other.offers.find((o) => !offered.has(o.offerId));
    const madeUp = `zz${crypto.randomUUID().replaceAll('-', '')}`;
    const wrong: string[] = [];
    for (const [what, offerId] of [
      ['an offer of another offers answer', foreign?.offerId],
      ['an id no answer gave', madeUp],
    ] as const) {
      if (offerId === undefined) continue;
      const body = examplePlanBody(mine.offerTransactionId, { ...mine.offers[0], offerId }, {}, { offers: mine.offers });
      const res = await instApi.call('savePlan', {
        body: { ...body, ...(await instReq.sensitive({ consumer: { primaryAccountNumber: inst.eligiblePan } })) },
      });
      if (res.status !== 400) wrong.push(`${what} (${offerId}): ${res.status}`);
    }
    expect(wrong, 'a plan names one of the offers of its offerTransactionId').toEqual([]);
  },
);
