// Covers: every installments operation whose answer holds a date (read from the contract: a member of
// format date-time, or described as an RFC 3339 date and time, provider 2.0.0 Offer offerBeginDatetime
// and offerEndDatetime): each date of its answer is in its unit, a date-time with its zone (RFC 3339
// section 5.6: IN-DATE-UNIT). The answer judge (InstallmentsAnswerJudge) holds every answer of every
// check to it; this check sends the inputs that can tell: a merchant in the USA and one outside it
// (provider 2.0.0, MerchantParameters.country: any three letters), since a service may write the
// window in the merchant's local time.
import { expect, loadContract, rules, test } from '../../fixtures/installments.js';
import { DATE_UNITS, DateUnits } from '../../helpers/client/invariants/dates.js';
import { Violations } from '../../helpers/client/security/probe.js';
import type { PropertyException } from '../../helpers/client/property-counts.js';
import { ContractViolation } from '../../helpers/contract/checks.js';
import { countRule } from '../shared/property.js';

const CONTRACT = await loadContract('installments');
const DATES = new DateUnits(CONTRACT);
/** The operations whose documented answers hold a date. */
const DATED = [...CONTRACT.operations.values()].filter((o) => DATES.answersDates(o));
/** The merchants that can tell a window written in local time: at home and abroad. */
const MERCHANTS = [
  { name: 'Example Electronics', country: 'USA', mcc: '5732', url: 'https://shop.example.test' },
  { name: 'Exemple Électronique', country: 'FRA', mcc: '5732', url: 'https://boutique.example.test' },
];
/** Each merchant's purchase in its country's currency (provider 2.0.0, InvalidCountryCurrencyCodePair). */
const CURRENCY_OF: Record<string, string> = { USA: 'USD', FRA: 'EUR' };

test(
  'every date an installments answer holds is in its unit, a date-time with its zone, for a merchant at home and abroad @provider',
  rules('IN-DATE-UNIT'),
  async ({ instApi, instReq, inst }) => {
    test.skip(!inst.eligiblePan, 'needs a card the target offers installments for (INSTALLMENTS_ELIGIBLE_PAN)');
    const violations = new Violations(DATE_UNITS);
    const checked = new Set<string>();
    for (const merchant of MERCHANTS) {
      try {
        const res = await instApi.call('approvedOffers', {
          body: await instReq.offersBody(inst.eligiblePan!, {
            merchant,
            transaction: { amount: 1200.37, currency: CURRENCY_OF[merchant.country], localDateTime: '2025-06-01T10:15:00Z' },
          }),
        });
        expect(res.status, `offers for a merchant in ${merchant.country}`).toBe(200);
        if (DATES.leaves(CONTRACT.operation('approvedOffers'), res.status, res.body).length) checked.add('approvedOffers');
      } catch (error) {
        // The judge's violation names the member; the loop goes on to the other merchant.
        if (!(error instanceof ContractViolation)) throw error;
        checked.add('approvedOffers');
        violations.add('approvedOffers', `a merchant in ${merchant.country}`, error.message.split('\n')[0], 'every date with its zone');
      }
    }
    const exceptions: PropertyException[] = DATED.filter((o) => !checked.has(o.operationId)).map((o) => ({
      operationId: o.operationId,
      reason: 'its dated answers are judged by the answer judge wherever another check reads them; not called here',
    }));
    countRule(DATE_UNITS, 'IN-DATE-UNIT', { applies: DATED.map((o) => o.operationId), checked: [...checked], exceptions });
    expect(checked.size, 'answers holding a date').toBeGreaterThan(0);
    expect(violations.list, violations.describe()).toEqual([]);
  },
);
