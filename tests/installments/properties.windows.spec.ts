// Covers: every window the installments documents state relative to an event, judged from its own anchor told apart from every
// other candidate (IN-ECHO-CALLBACK; provider 2.0.0 getPlanApprovalStatus: used "within 24 hours from the time the approval was
// posted"; PSPData.callbackUrl: expires 24 hours after the approval is posted; x-limits entries with an `anchor`), also with the
// approval posted on a month's last day, a year's last day and 29 February (the window over the calendar's edge; a decision posted
// asynchronously then shows over that edge, IN-STATE-DECISION: seed 001 States), and every
// schedule at a calendar frequency judged over a month's end, a year's end and 29 February (IN-VAL-OFFER-TERMS; provider 2.0.0
// Offer.frequency MONTHLY, Offer.firstInstallmentSchedule). Both need the mock's virtual clock (@mock-only).
import {
  dayOf,
  expect,
  firstDueWrong,
  loadContract,
  mockOnly,
  rules,
  skipWithout,
  test,
  withDecision,
} from '../../fixtures/installments.js';
import { problemsUnder } from '../../helpers/client/annotations.js';

const CONTRACT = await loadContract('installments');
/** The windows of the contract: an x-limits entry with an anchor (its value in hours, by its name). */
const WINDOWS = Object.entries<any>(CONTRACT.document['x-limits'] ?? {})
  .filter(([, e]) => typeof e?.anchor === 'string')
  .map(([name, e]) => ({ name, anchor: String(e.anchor), hours: Number(e.value), rule: String(e.rules?.[0]) }));
const HOUR_S = 3600;
/** How far from a window's edge each read is taken: just inside it and just outside it. */
const EDGE_S = 60;
/**
 * The other candidate anchor placed early: the plan is created this long before its approval is posted (nearly a day), so a
 * window counted from the creation has closed at the documented anchor's last minute, and one counted from the approval has not.
 */
const CREATED_BEFORE_S = 23 * HOUR_S + 30 * 60;
/** The anchors the check has a harness for: approval-posted, a planApproval posted on a plan made long before it. */
const HARNESSED = new Set(['approval-posted']);
/** The decisions each window is read after: an approval answered at once (its callbackUrl), a decline landing later (202). */
const DECISIONS = [
  ['APPROVED', true],
  ['DECLINED', false],
] as const;

skipWithout('eligiblePan');

test('every window the contract states relative to an event names an anchor the check has a harness for', rules('IN-ECHO-CALLBACK'), () => {
  expect(WINDOWS.map((w) => w.name).sort()).toEqual(['approvalStatusHours', 'callbackUrlHours']);
  expect(WINDOWS.filter((w) => !HARNESSED.has(w.anchor)).map((w) => `${w.name}: ${w.anchor}`)).toEqual([]);
});

for (const w of WINDOWS.filter((x) => x.anchor === 'approval-posted'))
  test(
    `${w.name}: getPlanApprovalStatus reads the decision a minute inside ${w.hours} hours from the approval posted, the plan created nearly a day before it, and answers as documented a minute outside @mock-only`,
    mockOnly(
      rules(w.rule),
      "needs the mock's virtual clock (the approval posted nearly a day after the plan's creation, read a day later); a sandbox's clock cannot move",
    ),
    async ({ inst, instApi, instReq }) => {
      const control = inst.control!;
      const problems: string[] = [];
      try {
        for (const [decision, sync] of DECISIONS) {
          const what = `${decision} (sync ${sync})`;
          const { planId, offer } = await instReq.createPlan(instApi);
          // The other candidate anchor (the plan's creation) well before the documented one (the approval posted).
          await control.advanceClock(CREATED_BEFORE_S);
          const body = withDecision({ planId, status: decision, offerId: offer.offerId });
          const posted = await instApi.call('planApproval', { query: { sync }, body, valid: true });
          expect(posted.status, `planApproval ${what}`).toBe(sync ? 200 : 202);
          const callbackUrl = sync ? posted.body?.callbackUrl : undefined;
          // provider 2.0.0 getPlanApprovalStatus: read within the window from the approval posted: the decision, COMPLETED (and
          // IN-ECHO-CALLBACK: the callbackUrl the sync approval answered).
          await control.advanceClock(w.hours * HOUR_S - EDGE_S);
          const inside = await instApi.call('getPlanApprovalStatus', { path: { plan_id: planId } });
          const at = `${what}, ${w.hours} h less a minute after the approval (${(CREATED_BEFORE_S / HOUR_S + w.hours).toFixed(1)} h after the plan's creation)`;
          if (inside.status !== 200) problems.push(`${at}: HTTP ${inside.status}, not 200`);
          else {
            if (inside.body?.status !== 'COMPLETED') problems.push(`${at}: status ${JSON.stringify(inside.body?.status)}, not COMPLETED`);
            if (callbackUrl !== undefined && inside.body?.callbackUrl !== callbackUrl)
              problems.push(
                `${at}: callbackUrl ${JSON.stringify(inside.body?.callbackUrl)}, not the approval's ${JSON.stringify(callbackUrl)}`,
              );
          }
          // Past the window no answer is stated (the read is meant within it): any documented answer, the same 200 or a 404.
          await control.advanceClock(2 * EDGE_S);
          const outside = await instApi.call('getPlanApprovalStatus', { path: { plan_id: planId } });
          const after = `${what}, ${w.hours} h and a minute after the approval`;
          if (outside.status === 200) {
            if (outside.body?.status !== 'COMPLETED')
              problems.push(`${after}: status ${JSON.stringify(outside.body?.status)}, not COMPLETED`);
            if (callbackUrl !== undefined && outside.body?.callbackUrl !== undefined && outside.body.callbackUrl !== callbackUrl)
              problems.push(`${after}: callbackUrl ${JSON.stringify(outside.body.callbackUrl)}, not the approval's`);
          } else if (outside.status !== 404) problems.push(`${after}: HTTP ${outside.status}, neither the 200 nor a 404`);
        }
      } finally {
        // The rest of the worker's checks read the mock at the real time again.
        await control.setClock(Date.now());
      }
      expect(problemsUnder(w.rule, problems, 'getPlanApprovalStatus'), `${w.name}: counted from the approval posted`).toEqual([]);
    },
  );

/**
 * The calendar positions of the approval posted (the anchor of every window above): ten minutes before the UTC midnight of a
 * month's last day, a year's last day and 29 February of a leap year, so that each window runs over into the next month, the
 * next year, 1 March. A window's end is its anchor plus its hours (provider 2.0.0 getPlanApprovalStatus: within 24 hours from
 * the time the approval was posted), whatever the calendar.
 */
const POSTED_ON: readonly (readonly [string, string])[] = [
  ['2025-04-30T23:50:00Z', "a month's last day"],
  ['2025-12-31T23:50:00Z', "a year's last day"],
  ['2024-02-29T23:50:00Z', '29 February of a leap year'],
];

test(
  `with the approval posted on a month's last day, a year's last day and 29 February, getPlanApprovalStatus reads the decision a minute after it and a minute inside the shortest window (${Math.min(...WINDOWS.map((w) => w.hours))} h); a decision posted asynchronously then shows on getPlan and getPlanApprovalStatus over the edge @mock-only`,
  mockOnly(
    rules(...new Set(WINDOWS.map((w) => w.rule)), 'IN-STATE-DECISION'),
    "needs the mock's virtual clock (the approval posted on fixed calendar days); a sandbox's clock cannot move",
  ),
  async ({ inst, instApi, instReq }) => {
    // One synchronous approval per position (its callbackUrl read back, IN-ECHO-CALLBACK), read twice: inside every window
    // anchored at the approval posted, both reads answer as the window states. Beside it a decline posted asynchronously at the
    // same minute (provider 2.0.0 planApproval 202: processed later), read once the clock is past the midnight, in the next
    // month, the next year, 1 March: getPlan shows the decision (its reason is IN-REQ-PLAN-REJECT-REASON's, judged on every read), getPlanApprovalStatus COMPLETED (IN-STATE-DECISION:
    // seed 001 States, an approval decides the plan, sync or async; nothing makes its landing turn on the calendar). 10 exchanges
    // a position, 30 a run.
    const control = inst.control!;
    const shortest = Math.min(...WINDOWS.map((w) => w.hours));
    const problems: string[] = [];
    const decisions: string[] = [];
    try {
      for (const [at, what] of POSTED_ON) {
        await control.setClock(at);
        const { planId, offer } = await instReq.createPlan(instApi);
        const later = await instReq.createPlan(instApi);
        const body = withDecision({ planId, status: 'APPROVED', offerId: offer.offerId });
        const posted = await instApi.call('planApproval', { query: { sync: true }, body, valid: true });
        expect(posted.status, `planApproval posted at ${at} (${what})`).toBe(200);
        const decline = withDecision({ planId: later.planId, status: 'DECLINED', offerId: later.offer.offerId });
        const accepted = await instApi.call('planApproval', { query: { sync: false }, body: decline, valid: true });
        expect(accepted.status, `planApproval (sync false) posted at ${at} (${what})`).toBe(202);
        const callbackUrl = posted.body?.callbackUrl;
        for (const [after, when] of [
          [EDGE_S, 'a minute after it'],
          [shortest * HOUR_S - 2 * EDGE_S, `a minute before the end of ${shortest} h from it`],
        ] as const) {
          await control.advanceClock(after);
          const read = await instApi.call('getPlanApprovalStatus', { path: { plan_id: planId } });
          const where = `the approval posted at ${at} (${what}), read ${when}`;
          if (read.status !== 200) problems.push(`${where}: HTTP ${read.status}, not 200`);
          else {
            if (read.body?.status !== 'COMPLETED') problems.push(`${where}: status ${JSON.stringify(read.body?.status)}, not COMPLETED`);
            if (callbackUrl !== undefined && read.body?.callbackUrl !== callbackUrl)
              problems.push(
                `${where}: callbackUrl ${JSON.stringify(read.body?.callbackUrl)}, not the approval's ${JSON.stringify(callbackUrl)}`,
              );
          }
        }
        // The clock is now past the midnight (the next month, year, 1 March), the decline's landing long passed.
        const where = `the decline posted asynchronously at ${at} (${what}), read ${shortest} h less two minutes after it`;
        const plan = await instApi.call('getPlan', { path: { plan_id: later.planId } });
        if (plan.status !== 200 || plan.body?.status !== 'DECLINED')
          decisions.push(`${where}: getPlan ${plan.status} status ${JSON.stringify(plan.body?.status)}, not DECLINED`);
        const processing = await instApi.call('getPlanApprovalStatus', { path: { plan_id: later.planId } });
        if (processing.status !== 200 || processing.body?.status !== 'COMPLETED')
          decisions.push(
            `${where}: getPlanApprovalStatus ${processing.status} status ${JSON.stringify(processing.body?.status)}, not COMPLETED`,
          );
      }
    } finally {
      await control.setClock(Date.now());
    }
    const rule = WINDOWS[0]!.rule;
    expect(problemsUnder(rule, problems, 'getPlanApprovalStatus'), `${rule}: the windows over calendar edges`).toEqual([]);
    expect(
      problemsUnder('IN-STATE-DECISION', decisions, 'getPlan'),
      'IN-STATE-DECISION: an asynchronous decision over calendar edges',
    ).toEqual([]);
  },
);

/**
 * The calendar scenarios every calendar-frequency schedule is judged on (the offers asked that day, the purchase made then): a
 * 31st before a February of 28 days and of 29, a month of 30 days before one of 31, a year's end, 29 February itself, each at noon
 * UTC; and a month's last day and a year's last day a few minutes before the UTC midnight, where an offer's validity (provider
 * 2.0.0 Offer.offerBeginDatetime, offerEndDatetime: its start and its end) runs over into the next day, the next month, the next
 * year: its end after its begin is judged there by the answer judge on the answer (IN-VAL-OFFER-TERMS, offerTermsWrong), as on
 * every offers answer of every check.
 */
const CALENDAR_DAYS: readonly (readonly [string, string, string?])[] = [
  ['2025-01-31', 'a 31st before a February of 28 days'],
  ['2025-11-30', "a 30-day month's end, the schedule over the year's end"],
  ['2025-12-31', "a year's end"],
  ['2024-02-29', '29 February of a leap year'],
  ['2024-01-31', 'a 31st before a February of 29 days'],
  ['2025-04-30', "a month's last day, ten minutes before the UTC midnight", '23:50:00'],
  ['2025-12-31', "a year's last day, ten minutes before the UTC midnight", '23:50:00'],
];

test(
  "offers asked on month ends, a year end and 29 February, at noon and just before the UTC midnight: every offer ends after it begins, and every schedule at a calendar frequency starts in the purchase's month or the next (its steps judged on every offers answer, away from the 29th-31st) @mock-only",
  mockOnly(
    rules('IN-VAL-OFFER-TERMS'),
    "needs the mock's virtual clock (the offers asked on fixed calendar days); a sandbox's clock cannot move",
  ),
  async ({ inst, instApi, instReq }) => {
    const control = inst.control!;
    const problems: string[] = [];
    let judged = 0;
    try {
      for (const [day, what, time = '12:00:00'] of CALENDAR_DAYS) {
        const at = `${day}T${time}Z`;
        await control.setClock(at);
        // Each due date after the one before, and each offer's end after its begin, are judged on every offers answer by the
        // answer judge (offerTermsWrong), but not a step from or to a 29th-31st (how a month is added there is not stated): on
        // these days the first installment's month against the purchase is what is judged here, where the purchase's day is the
        // day asked.
        const { body } = await instReq.offersOf(instApi, { transaction: { amount: 1200.37, currency: 'USD', localDateTime: at } });
        for (const offer of body.offers) {
          const where = `offers asked at ${at} (${what}), offer ${offer.offerId} (tenure ${offer.tenure})`;
          problems.push(...firstDueWrong(offer, dayOf(day)!, where));
          if (offer.frequency === 'MONTHLY' && Array.isArray(offer.schedulePayments)) judged++;
        }
      }
    } finally {
      await control.setClock(Date.now());
    }
    expect(problemsUnder('IN-VAL-OFFER-TERMS', problems, 'approvedOffers'), 'the offers asked on calendar edges').toEqual([]);
    expect(judged, 'calendar-frequency schedules were judged').toBeGreaterThan(0);
  },
);
