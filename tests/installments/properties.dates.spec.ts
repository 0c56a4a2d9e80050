// Covers: every date of an installments answer is in its unit, a date-time with its zone (RFC 3339 section 5.6:
// IN-DATE-UNIT; provider 2.0.0 Offer offerBeginDatetime, offerEndDatetime), for merchants in and outside the USA.
import { expect, loadContract, rules, test, underRule } from '../../fixtures/installments.js';
import { DateUnits } from '../../helpers/client/invariants/dates.js';
import { checkDatedAnswers } from '../shared/dates.js';
import { dateTimeForms } from '../../helpers/client/invariants/type-forms.js';
import { walkSchema } from '../../helpers/contract/schema-walk.js';
import { setAt } from '../../helpers/client/invariants/kit.js';

const CONTRACT = await loadContract('installments');
const DATES = new DateUnits(CONTRACT);
/** The date-time members of a plan (provider 2.0.0 CardedTransaction localDateTime, transmissionDateTime: format date-time), by their steps. */
const PLAN_DATE_TIMES: string[][] = [];
walkSchema(CONTRACT, CONTRACT.operation('savePlan').requestBody?.schema, (s, at) => {
  if (s.format === 'date-time') PLAN_DATE_TIMES.push(at);
});
/** The merchants that can tell a window written in local time: at home and abroad, each paying in its country's currency (provider 2.0.0, InvalidCountryCurrencyCodePair). */
const MERCHANTS = [
  { merchant: { name: 'Example Electronics', country: 'USA', mcc: '5732', url: 'https://shop.example.test' }, currency: 'USD' },
  { merchant: { name: 'Exemple Électronique', country: 'FRA', mcc: '5732', url: 'https://boutique.example.test' }, currency: 'EUR' },
];

test(
  'every date an installments answer holds is in its unit, a date-time with its zone, for a merchant at home and abroad @provider',
  rules('IN-DATE-UNIT'),
  async ({ instApi, instReq, inst }) => {
    test.skip(!inst.eligiblePan, 'needs a card the target offers installments for (INSTALLMENTS_ELIGIBLE_PAN)');
    const transaction = { amount: 1200.37, localDateTime: '2025-06-01T10:15:00Z' };
    await checkDatedAnswers(
      'IN-DATE-UNIT',
      DATES,
      // The operations whose documented answers hold a date.
      [...CONTRACT.operations.values()].filter((o) => DATES.answersDates(o)).map((o) => o.operationId),
      MERCHANTS.map(({ merchant, currency }) => ({
        operation: CONTRACT.operation('approvedOffers'),
        where: `a merchant in ${merchant.country}`,
        status: 200,
        send: async () =>
          instApi.call('approvedOffers', {
            body: await instReq.offersBody(inst.eligiblePan!, { merchant, transaction: { ...transaction, currency } }),
          }),
      })),
      { unsent: 'its dated answers are judged by the answer judge wherever another check reads them; not called here' },
    );
  },
);

/**
 * The days of the calendar a reader of dates gets wrong (RFC 3339 section 5.7: the day within its month and year, 29 February in
 * a leap year), each beside an ordinary day of the same month: the twin, answered as the edge must be.
 */
const CALENDAR_EDGES: readonly { day: string; what: string }[] = [
  { day: '2024-02-28', what: 'an ordinary day (the twin)' },
  { day: '2024-02-29', what: '29 February of a leap year' },
  { day: '2025-04-30', what: "a 30-day month's last day" },
  { day: '2025-12-31', what: "a year's last day" },
];

test(
  "a purchase dated on a calendar edge (29 February of a leap year, a month's and a year's last day) is taken as on an ordinary day: its offers request, and its plan carrying the date in the form the target takes on the ordinary day, that day's instant in each other RFC 3339 form too @provider",
  rules('IN-FMT-PLAN-DATETIME', 'IN-VALID-ACCEPTED'),
  async ({ instApi, instReq, inst }) => {
    test.skip(!inst.eligiblePan, 'needs a card the target offers installments for (INSTALLMENTS_ELIGIBLE_PAN)');
    // provider 2.0.0 OfferParameters and CardedTransaction: localDateTime is a date and time (RFC 3339 in the prose); a plan's
    // is the offers request's, sent without any changes (POST /plans). Its form in a plan is disputed (conflicts.yaml
    // IN-DEVIATION-PLAN-LOCAL-DATETIME-FORM), so a plan's date is judged only where the target takes the RFC 3339 form on the
    // ordinary day: a day of the calendar then refused breaks the member's form (IN-FMT-PLAN-DATETIME), whichever day it is.
    const offersRefused: string[] = [];
    const plansRefused: string[] = [];
    let planForm = true;
    // The plan carries every date-time member of its body (the contract's, PLAN_DATE_TIMES: localDateTime, transmissionDateTime)
    // at the purchase's instant; the offers request its localDateTime, as the plan repeats it unchanged.
    const datedPlan = async (localDateTime: string, what: string) => {
      const asked = await instReq.offersBody(inst.eligiblePan!, { transaction: { amount: 1200.37, currency: 'USD', localDateTime } });
      const offers = await instApi.call('approvedOffers', { body: asked, valid: true });
      if (offers.status !== 200 || !offers.body.offers?.length) {
        offersRefused.push(
          `offers asked with localDateTime ${localDateTime} (${what}): Received ${offers.status} / Documented 200 with offers`,
        );
        return undefined;
      }
      let body: Record<string, any> = await instReq.selectionOf({ asked, body: offers.body }, offers.body.offers[0]);
      for (const at of PLAN_DATE_TIMES) body = setAt(body, at, localDateTime) as Record<string, any>;
      return instApi.call('savePlan', { body });
    };
    const named = PLAN_DATE_TIMES.map((at) => at.join('.')).join(' and ');
    for (const { day, what } of CALENDAR_EDGES) {
      const localDateTime = `${day}T10:15:00Z`;
      const plan = await datedPlan(localDateTime, `on ${day}, ${what}`);
      if (!plan) continue;
      if (day === CALENDAR_EDGES[0].day) planForm = plan.status === 201;
      else if (planForm && plan.status !== 201)
        plansRefused.push(
          `a plan with ${named} ${localDateTime} (${what}): Received ${plan.status} ${plan.text.slice(0, 160)} / Documented 201, as on ${CALENDAR_EDGES[0].day}`,
        );
    }
    // The same instant as the ordinary day's in each other RFC 3339 form (type-forms.ts dateTimeForms: a numeric offset keeping
    // the day, fractional seconds, 't' and 'z' in lower case; RFC 3339 section 5.6): the form the target takes is RFC 3339,
    // so each of its forms is taken as the plain one is, on every date-time member of the plan. 6 exchanges a run.
    const plain = `${CALENDAR_EDGES[0].day}T10:15:00Z`;
    if (planForm)
      for (const form of dateTimeForms({ type: 'string', format: 'date-time' }, plain)) {
        const plan = await datedPlan(form.value, form.how);
        if (plan && plan.status !== 201)
          plansRefused.push(
            `a plan with ${named} ${form.value} (${form.how}): Received ${plan.status} ${plan.text.slice(0, 160)} / Documented 201, as ${plain} on the same instant`,
          );
      }
    if (!planForm)
      test.info().annotations.push({
        type: 'left out',
        description: `a plan dated ${CALENDAR_EDGES[0].day} in the RFC 3339 form is refused: the target reads the other form (IN-DEVIATION-PLAN-LOCAL-DATETIME-FORM), plans' dates not judged`,
      });
    underRule(
      test.info(),
      'IN-VALID-ACCEPTED',
      () => expect(offersRefused, 'offers asked on every day of the calendar').toEqual([]),
      'approvedOffers',
    );
    underRule(
      test.info(),
      'IN-FMT-PLAN-DATETIME',
      () =>
        expect(
          plansRefused,
          "IN-FMT-PLAN-DATETIME: a plan's date and time on every day of the calendar and in every RFC 3339 form",
        ).toEqual([]),
      'savePlan',
    );
  },
);
