// Covers: every date of an installments answer is in its unit, a date-time with its zone (RFC 3339 section 5.6:
// IN-DATE-UNIT; provider 2.0.0 Offer offerBeginDatetime, offerEndDatetime), for merchants in and outside the USA.
import { loadContract, rules, test } from '../../fixtures/installments.js';
import { DateUnits } from '../../helpers/client/invariants/dates.js';
import { checkDatedAnswers } from '../shared/dates.js';

const CONTRACT = await loadContract('installments');
const DATES = new DateUnits(CONTRACT);
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
