// Covers: what a selection names together (seed 001, Endpoints, Events; provider 2.0.0 savePlan "a previously presented
// offer", SchedulePayment, CorrelationIdHeaderParameter), each plan chosen from a later offer of its answer.
import {
  expect,
  given,
  mixedCaseUuid,
  mockOnly,
  planTermsMandatory,
  rules,
  scheduleOf,
  signedAs,
  test,
  skipWithout,
  underRule,
  withCheckDigit,
} from '../../fixtures/installments.js';

skipWithout('eligiblePan');

// An assumption: the chosen offer's terms and schedule in the notification rest on our reading (IN-NOTIFY-CHOSEN).
test(
  'a plan chosen from a later offer is that offer on getPlan and in its one notification, with the schedule and Correlation-Id it was sent with @assumption',
  rules('IN-NOTIFY-CHOSEN', 'IN-NOTIFY-CORRELATION', 'IN-NOTIFY-SENT', 'IN-NOTIFY-SHAPE', 'IN-ECHO-PLAN', 'IN-STATE-PLAN-OFFER:accept'),
  async ({ instApi, instReq, issuerReceiver }) => {
    const offersCorrelation = mixedCaseUuid();
    const answer = await instReq.offersOf(instApi, {}, { 'Correlation-Id': offersCorrelation });
    const chosen = answer.body.offers.at(-1)!;
    // The chosen offer's terms and schedule (its own, or one over its tenure), unchanged.
    const body = await instReq.selectionOf(answer, chosen);
    body.schedulePayments ??= scheduleOf(Number(answer.asked.transaction.amount), Number(chosen.tenure));
    let correlationId = mixedCaseUuid();
    while (correlationId === offersCorrelation) correlationId = mixedCaseUuid();
    const created = await instApi.call('savePlan', { body, headers: { 'Correlation-Id': correlationId } });
    expect(created.status, 'the plan of a later offer of the answer').toBe(201);
    const planId = String(created.body.planId);
    // getPlan and the notification are judged by the answer and notification judges (fixtures/assertions/installments-answer.ts).
    expect((await instApi.call('getPlan', { path: { plan_id: planId } })).status).toBe(200);

    // One notification of this plan, at the configured endpoint (IN-NOTIFY-SENT).
    await issuerReceiver.once(planId);
  },
);

// The tenure is the offer's "total number of installments" (provider 2.0.0 Offer.tenure), not the schedule's length.
test(
  "a plan sent with a schedule shorter than its tenure keeps the chosen offer's tenure and the schedule's numbers on getPlan and in its notification @assumption",
  rules('IN-NOTIFY-CHOSEN', 'IN-ECHO-PLAN'),
  async ({ instApi, instReq, issuerReceiver }) => {
    const answer = await instReq.offersOf(instApi);
    const chosen = answer.body.offers.at(-1)!;
    // provider 2.0.0, POST /plans: the offer's details are sent "without any changes" and validated against it.
    test.skip(
      Array.isArray(chosen.schedulePayments),
      'the offer gives its own schedule, which a plan sends unchanged (provider 2.0.0, POST /plans)',
    );
    const tenure = Number(chosen.tenure);
    const amount = Number(answer.asked.transaction.amount);
    const schedule = scheduleOf(amount, tenure - 1).map((s) => ({ ...s, installmentNumber: s.installmentNumber + 1 }));
    const created = await instApi.call('savePlan', {
      body: await instReq.selectionOf(answer, chosen, { schedulePayments: schedule }),
      headers: { 'Correlation-Id': crypto.randomUUID() },
    });
    expect(created.status, `a plan of tenure ${tenure} with ${schedule.length} scheduled payments`).toBe(201);
    const planId = String(created.body.planId);
    // The offer's tenure and the schedule sent, numbered from 2, on both readers: the answer and notification judges.
    expect((await instApi.call('getPlan', { path: { plan_id: planId } })).status).toBe(200);
    await issuerReceiver.notified(planId);
  },
);

// Each offers answer has its own offerTransactionId (IN-STATE-OFFER-TRANSACTION).
test(
  'savePlan refuses the offerId of another offers answer with 400 and accepts an offer of its own @assumption',
  rules('IN-STATE-PLAN-OFFER:refuse', 'IN-STATE-PLAN-OFFER:accept', 'IN-STATE-OFFER-TRANSACTION'),
  async ({ instApi, instReq }) => {
    const [mine, other] = [await instReq.offersOf(instApi), await instReq.offersOf(instApi)];
    // The chosen offer's details unchanged, under this transaction's offerTransactionId and offers presented.
    const bodyWith = (offer: Record<string, any>) => instReq.selectionOf(mine, offer);
    // Every offer of the other answer: each exists, none was presented in this transaction.
    for (const offer of other.body.offers.filter((o) => !mine.body.offers.some((x) => x.offerId === o.offerId))) {
      const refused = await instApi.call('savePlan', { body: await bodyWith(offer), headers: { 'Correlation-Id': crypto.randomUUID() } });
      expect(refused.status, `offer ${offer.offerId} of another offers answer`).toBe(400);
    }
    // Every offer of its own answer, each chosen by its offerId (provider 2.0.0 OfferIdField: the id of one offer), is accepted:
    // "one of those offers" (savePlan: a previously presented offer) is any of them, the last as much as the first. Each from
    // an answer of its own (the first from `mine`): whether one transaction makes a second plan no document says.
    // An offer the answer marks not selectable (provider 2.0.0 Offer.selectable) is not judged.
    const selectable = (answer: typeof mine) => answer.body.offers.filter((o) => o.selectable !== false);
    for (let i = 0; i < selectable(mine).length; i++) {
      const answer = i === 0 ? mine : await instReq.offersOf(instApi);
      const offer = selectable(answer)[i];
      if (!offer) continue;
      const accepted = await instApi.call('savePlan', {
        body: await instReq.selectionOf(answer, offer),
        headers: { 'Correlation-Id': crypto.randomUUID() },
      });
      expect(accepted.status, `offer ${i + 1} of ${answer.body.offers.length} of its own answer (${offer.offerId})`).toBe(201);
    }
  },
);

// provider 2.0.0 Offer.offerBeginDatetime, offerEndDatetime: the start and the end of the offer's validity (IN-ST-118); an offer
// presented earlier (savePlan) and chosen before its end is an offer of the answer like any other, so it becomes a plan.
test(
  'an offer chosen halfway between its answer and its offerEndDatetime becomes a plan @mock-only',
  mockOnly(
    rules('IN-STATE-PLAN-OFFER:accept'),
    "needs the mock's virtual clock (the choice is made once the clock has moved halfway to the offer's end); a sandbox's clock cannot move",
  ),
  async ({ inst, instApi, instReq }) => {
    const control = inst.control!;
    const answer = await instReq.offersOf(instApi);
    try {
      for (const [i, offer] of answer.body.offers.filter((o) => o.selectable !== false).entries()) {
        const [begin, end] = [Date.parse(offer.offerBeginDatetime), Date.parse(offer.offerEndDatetime)];
        expect(end - begin, `offer ${i + 1}: a validity to choose it within`).toBeGreaterThan(0);
        // Halfway through the validity the answer gave (the clock set, not moved by, so each offer is judged at its own half).
        await control.setClock(begin + (end - begin) / 2);
        const plan = await instApi.call('savePlan', {
          body: await instReq.selectionOf(answer, offer),
          headers: { 'Correlation-Id': crypto.randomUUID() },
        });
        expect(
          plan.status,
          `offer ${i + 1} chosen at ${new Date(begin + (end - begin) / 2).toISOString()}, before its end ${offer.offerEndDatetime}`,
        ).toBe(201);
      }
    } finally {
      // The rest of the worker's checks read the mock at the real time again.
      await control.setClock(Date.now());
    }
  },
);

// seed 001, Events: the issuer is notified when a consumer selects a plan; a refused selection selects none. The refusals are
// sent here; that none is notified is judged at the test's end, as for every savePlan a check sends that is refused, by the
// Correlation-Id each was sent with (fixtures/installments/deliveries.ts, refusedSelectionsUnnotified).
test(
  "a selection savePlan refuses (an offer of another answer, a card not its offers request's: 400; the key allowed no operation: 403) notifies no issuer @seed",
  rules('IN-NOTIFY-REFUSED', 'IN-STATE-PLAN-OFFER:refuse'),
  async ({ instApi, instReq, inst, issuerReceiver: _receiver }, testInfo) => {
    const [mine, other] = [await instReq.offersOf(instApi), await instReq.offersOf(instApi)];
    // Each selection as the provider takes it, under the offers answer `from` (its transaction, merchant and offers presented).
    const bodyWith = (offer: Record<string, any>, from: typeof mine) => instReq.selectionOf(from, offer);
    // An offer of the other answer; where both present the same offers, an id no answer gave (provider 2.0.0 OfferIdField).
    const crossed =
      other.body.offers.find((o) => !mine.body.offers.some((x) => x.offerId === o.offerId)) ??
      ({ ...mine.body.offers[0], offerId: `Zz${crypto.randomUUID().replace(/-/g, '')}` } as Record<string, any>);
    const refused = await instApi.call('savePlan', { body: await bodyWith(crossed, mine) });
    underRule(
      testInfo,
      'IN-STATE-PLAN-OFFER',
      () => expect(refused.status, 'an offer of another offers answer, or of none').toBe(400),
      'savePlan',
    );
    // An offer of its own answer chosen with another card of the same issuer's account range (its digit 8 moved, its check digit
    // made again): a card not its offers request's, 400 pan.match (provider 2.0.0 savePlan 400 example PANMisMatch), and a card
    // the target has an issuer to notify for, had it selected a plan.
    const pan = inst.eligiblePan!;
    const card = withCheckDigit(`${pan.slice(0, 7)}${(Number(pan[7]) + 1) % 10}${pan.slice(8, -1)}`);
    const mismatched = await instApi.call('savePlan', {
      body: {
        ...(await bodyWith(mine.body.offers[0], mine)),
        ...(await instReq.sensitive({ consumer: { primaryAccountNumber: card } })),
      },
    });
    underRule(
      testInfo,
      'IN-VAL-PLAN-OFFER-TERMS',
      () =>
        expect(
          [mismatched.status, mismatched.body?.Errors?.Error?.[0]?.ReasonCode],
          `a card other than the offers request's: received ${mismatched.status} ${mismatched.text.slice(0, 160)}; documented 400 pan.match`,
        ).toEqual([400, 'pan.match']),
      'savePlan',
    );
    if (inst.forbidden) {
      const forbidden = other.body.offers.find((o) => o !== crossed) ?? crossed;
      // A set-up step: the refusal the notification judgement needs first rests on the reference's forbidden key.
      await given(
        'a selection under the key allowed no operation, refused 403',
        'IN-AUTH-FORBIDDEN',
        async () => {
          const res = await instApi.call('savePlan', { body: await bodyWith(forbidden, other), auth: signedAs(inst.forbidden!) });
          expect(res.status, 'the key allowed no operation').toBe(403);
        },
        'savePlan',
      );
    }
  },
);

// provider 2.0.0, PlanPost: offerId is optional, the notification's required (reference, Notification): it names
// "a previously presented offer" (savePlan summary). Without schedulePayments the service schedules the plan itself.
test(
  'a plan saved without an offerId or a schedule is notified with an offer of its own offers answer, and scheduled to the amount bought @assumption',
  rules('IN-NOTIFY-CHOSEN', 'IN-NOTIFY-SENT', 'IN-VAL-PLAN-SCHEDULE'),
  async ({ instApi, instReq, inst, issuerReceiver }) => {
    const mandatory = planTermsMandatory();
    test.skip(mandatory !== undefined, mandatory ?? '');
    const answer = await instReq.offersOf(instApi);
    const created = await instApi.call('savePlan', {
      body: {
        providerId: String(answer.body.offers[0].provider.providerId),
        offerTransactionId: answer.body.offerTransactionId,
        transaction: { amount: 310.45, currency: 'USD', amountType: 'PURCHASE' },
        ...(await instReq.sensitive({ consumer: { primaryAccountNumber: inst.eligiblePan! } })),
      },
    });
    expect(created.status, 'a plan without offerId').toBe(201);
    const n = await issuerReceiver.notified(created.body.planId);
    const offered = answer.body.offers.map((o) => String(o.offerId));
    const named = (n.json as { offerId?: unknown }).offerId;
    expect(
      offered.includes(String(named)),
      `notification offerId ${JSON.stringify(named)}: one of the answer's ${offered.join(', ')}`,
    ).toBe(true);
    // No schedule sent: the service made one (IN-VAL-PLAN-SCHEDULE), judged by the answer and notification judges.
    expect((await instApi.call('getPlan', { path: { plan_id: String(created.body.planId) } })).status, 'the plan reads back').toBe(200);
  },
);

// provider 2.0.0 savePlan: "a unique plan id" for the plan it creates; no document says whether a selection sent again unchanged
// makes a second plan or answers the first again. Either is judged: two plans, each its own id and readable; or one plan
// answered twice, no second plan made (its notification the witness: seed 001, Events, a plan selected notifies the issuer).
// Never one id answered for two plans (IN-PROP-UNIQUE-ID). Sent unchanged, its Correlation-Id too (a plan answered again
// keeps the id it was notified with).
test(
  'a selection sent twice unchanged makes two plans of two ids, or one plan answered twice, never one id answered for two plans @provider',
  rules('IN-PROP-UNIQUE-ID'),
  async ({ instApi, instReq, inst, issuerReceiver }) => {
    const answer = await instReq.offersOf(instApi);
    const chosen = answer.body.offers[0]!;
    const body = await instReq.selectionOf(answer, chosen);
    const correlationId = mixedCaseUuid();
    const send = () => instApi.call('savePlan', { body, headers: { 'Correlation-Id': correlationId } });
    const sent = [await send(), await send()];
    const [first, again] = sent;
    expect(first!.status, 'the selection sent the first time').toBe(201);
    // The resent selection refused: no second plan, nothing this rule judges.
    if (again!.status !== 201) return;
    const ids = sent.map((res) => String(res.body.planId));
    await issuerReceiver.notified(ids[0]!);
    if (ids[0] !== ids[1]) {
      await issuerReceiver.notified(ids[1]!);
      for (const planId of ids) {
        const read = await instApi.call('getPlan', { path: { plan_id: planId } });
        underRule(test.info(), 'IN-PROP-UNIQUE-ID', () => expect(read.status, `plan ${planId}, one of the two made`).toBe(200), 'savePlan');
      }
      return;
    }
    // One id answered twice: one plan. A notification of this selection (its offer and Correlation-Id)
    // naming another plan is a second plan made and never answered.
    const other = (r: { json?: unknown; headers: Record<string, string> }) => {
      const n = r.json as { planId?: unknown; offerId?: unknown } | undefined;
      return (
        n?.offerId === chosen.offerId && r.headers['correlation-id'] === correlationId && n?.planId !== undefined && n.planId !== ids[0]
      );
    };
    const stray = await issuerReceiver.receiver.waitFor(other, inst.control ? 300 : 5000);
    underRule(
      test.info(),
      'IN-PROP-UNIQUE-ID',
      () =>
        expect(
          stray?.json,
          `received: planId ${ids[0]} answered to both sendings while a second plan was notified; documented: a plan's id names that plan alone`,
        ).toBeUndefined(),
      'savePlan',
    );
  },
);
