// Covers: approvedOffers' merchant members that go together (provider 2.0.0, 400 examples InvalidMerchantParameters,
// InvalidMerchantParameterCombinations, MissingCountyCodeInMerchantParameters): complete 200, one left out 400.
import { citing, expect, rules, test, skipWithout } from '../../fixtures/installments.js';

const COUNTRY = { country: 'USA' };
const headers = () => ({ 'Correlation-Id': `Merchant ${crypto.randomUUID().toUpperCase()}-ab` });
const IDS = { acquirerId: '001234', merchantId: 'MID000123' };
/** Each combination, and the members whose absence leaves a member that needs it (a name alone needs its country; a country alone needs nothing). */
const COMBINATIONS: [string, Record<string, string>, string[]][] = [
  ['acquirerId, merchantId and country', { ...IDS, ...COUNTRY, mcc: '5732' }, ['acquirerId', 'merchantId', 'country']],
  ['name and country', { name: 'Example Electronics', ...COUNTRY }, ['country']],
  ['url and country', { url: 'https://shop.example.test', ...COUNTRY }, ['country']],
];

skipWithout('eligiblePan');

test(
  'answers an offers merchant given as each complete combination, its total counting its offers, and refuses it with 400 when one member of the combination is left out @provider',
  rules(...citing('IN-REQ-OFFERS-MERCHANT', ':accept', ':refuse'), 'IN-ECHO-CORRELATION', 'IN-VAL-OFFERS-TOTAL', 'IN-VAL-OFFER-TERMS'),
  async ({ instApi, instReq, inst }) => {
    const offers = async (merchant: Record<string, string>) =>
      instApi.call('approvedOffers', { headers: headers(), body: await instReq.offersBody(inst.eligiblePan!, { merchant }) });
    for (const [what, merchant, needed] of COMBINATIONS) {
      expect((await offers(merchant)).status, `a merchant with ${what}`).toBe(200);
      // The answer under each merchant combination is judged whole by the client's answer judge (IN-VAL-OFFERS-TOTAL, IN-VAL-OFFER-TERMS).
      for (const left of needed) {
        const { [left]: _dropped, ...rest } = merchant;
        expect((await offers(rest)).status, `a merchant with ${what}, ${left} left out`).toBe(400);
      }
    }
  },
);
