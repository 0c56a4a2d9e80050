// Faults of approved offers (switched in offers.ts and the answer hook of index.ts; the limits
// through the contract): each breaks one rule of schemas/installments/rules.yaml, the way a
// provider's release might. `rules` names the rule ids it breaks (`npm run mutation -- --targeted`
// runs the specs citing them). The faults of the suite's authors first, then those written blind
// (`origin: 'blind'`, measured apart by `npm run mutation -- --blind`).
import { faultCatalogue, independent, seeded } from '../kit/faults.js';
import { answered, blind, judged, relax, rule } from './fault-builders.js';

export const OFFERS_FAULTS = faultCatalogue([
  // Seeded beside the answer judge's offer amounts on purchases across the range in every minor unit (offers.amounts.spec.ts; origin 'seeded').
  seeded({
    id: 'seeded-fam24-offers-total-int32-cents-wrapped',
    rule: "IN-VAL-OFFER-AMOUNTS: an offer's totalAmount is at least the transaction's amount: the total is kept as a signed 32-bit count of cents, so a purchase past its range is answered with a wrapped total",
    source: 'provider',
    rules: ['IN-VAL-OFFER-AMOUNTS'],
  }),
  seeded({
    id: 'seeded-fam24-offers-zero-decimal-share-in-cents',
    rule: "IN-VAL-OFFER-AMOUNTS: amounts are written in the currency's minor unit (ISO 4217): for a currency without decimals (JPY, KRW) otherInstallmentAmount is the even share rounded to hundredths",
    source: 'provider',
    rules: ['IN-VAL-OFFER-AMOUNTS'],
  }),
  // Seeded beside the checks of a registered range on every card form (offers.range-forms.spec.ts; origin 'seeded').
  seeded({
    id: 'seeded-offers-number-pan-range-low-exclusive',
    rule: 'IN-RANGE-ELIGIBLE: a card sent in clear as a JSON number (ConsumerPan allows one) at the low end of a registered account range gets 404; the string and the encrypted one get offers',
    source: 'assumption',
    rules: ['IN-RANGE-ELIGIBLE'],
  }),
  // Seeded beside the check that a PAN is matched on its whole length (pan-lists.whole-pan.spec.ts; origin 'seeded').
  seeded({
    id: 'offers-pan-matched-on-first-16',
    rule: 'IN-STATE-PAN-ELIGIBLE: a card gets offers when a listed card shares its first sixteen digits (the longest card listed makes its first sixteen digits eligible)',
    source: 'assumption',
    rules: ['IN-STATE-PAN-ELIGIBLE'],
  }),
  // Seeded beside the check that every amount of an offer is to the cent (offers.amounts.spec.ts; origin 'seeded').
  seeded({
    id: 'offers-first-installment-times-hundredth',
    rule: 'IN-VAL-OFFER-AMOUNTS: each offer gives firstInstallmentAmount, its share counted in cents and turned into units by multiplying by 0.01 (4180 x 0.01 = 41.800000000000004), not to the cent',
    source: 'provider',
    rules: ['IN-VAL-OFFER-AMOUNTS'],
  }),
  // Limits, patterns, enums and array caps (provider 2.0.0): the mock's validation is loosened.
  relax('currency-length-unenforced', 'currency minLength/maxLength', 'Currency', undefined, { drop: ['minLength', 'maxLength'] }, [
    'IN-LIM-CURRENCY',
  ]),
  relax('mcc-length-unenforced', 'mcc minLength/maxLength', 'Mcc', undefined, { drop: ['minLength', 'maxLength'] }, ['IN-LIM-MCC']),
  // PAN lists and offers (reference, Flows - services).
  rule('offers-for-unregistered-pan', 'offers only for registered cards and account ranges', [
    'IN-STATE-PAN-ELIGIBLE',
    'IN-RANGE-ELIGIBLE',
  ]),
  rule('offer-tenure-1', 'offer tenure minimum', ['IN-VAL-OFFER-TENURE']),
  rule('offers-total-wrong', 'total is the number of offers returned', ['IN-VAL-OFFERS-TOTAL']),
  relax('currency-code-unlisted-accepted', 'a currency of ISO 4217', 'Currency', undefined, { drop: ['format'] }, ['IN-FMT-CODES']),
  relax(
    'offers-country-unlisted-accepted',
    'a merchant country of ISO 3166',
    'OffersMerchant',
    ['properties', 'country'],
    { drop: ['format'] },
    ['IN-FMT-CODES'],
  ),
  judged(
    'pan-check-digit-unchecked',
    'IN-FMT-PAN-CHECK-DIGIT: a card whose last digit is not its check digit is taken, for offers and into a list, as any other',
    ['IN-FMT-PAN-CHECK-DIGIT'],
    ['approvedOffers', 'registerPans'],
    'check-digit',
    () => undefined,
  ),
  answered(
    'offers-ranked-by-tenure',
    'IN-VAL-OFFER-PRIORITY: the offers listed and ranked by tenure, the shortest first: the highest other installment amount on top',
    ['IN-VAL-OFFER-PRIORITY'],
    'approvedOffers',
    (_x, a) => {
      const offers = [...(a.body?.offers ?? [])].sort((p, q) => p.tenure - q.tenure);
      return { ...a, body: { ...a.body, offers: offers.map((o, i) => ({ ...o, priority: i + 1 })) } };
    },
  ),
  answered(
    'offers-typed-bnpl',
    'IN-VAL-OFFER-TYPE: a carded request answered with offers of type BNPL_OFFER',
    ['IN-VAL-OFFER-TYPE'],
    'approvedOffers',
    (_x, a) => ({ ...a, body: { ...a.body, offers: (a.body?.offers ?? []).map((o: any) => ({ ...o, offerType: 'BNPL_OFFER' })) } }),
  ),
  answered(
    'offers-eligibility-messages-beside-offers',
    'IN-VAL-ELIGIBILITY-MESSAGES: an answer with offers carries an eligibility message too',
    ['IN-VAL-ELIGIBILITY-MESSAGES'],
    'approvedOffers',
    (_x, a) => ({
      ...a,
      body: { ...a.body, eligibilityMessages: [{ reasonCode: 'consumer.eligible', message: 'The consumer is eligible for installments' }] },
    }),
  ),
  // Filters, paging, readers, counts, echoes and paths of the suite's rule catalogue.
  {
    id: 'account-range-high-exclusive',
    rule: 'IN-RANGE-ELIGIBLE: the high end of an account range is inside it',
    source: 'assumption',
    rules: ['IN-RANGE-ELIGIBLE'],
  },
  // Written blind (kit/faults.ts, blind): from the sources and the mock, without reading the specs.
  // State changes seen through other endpoints (seed 001, States; reference, Flows - checkout and services).
  blind(
    'blind-deregistered-pan-still-offered',
    'deregistered PANs are no longer eligible for offers (reference, Flows - services: offers only for registered cards, then deregister): a PAN that got offers once keeps getting them (eligibility cached)',
    'assumption',
    ['IN-STATE-PAN-ELIGIBLE'],
  ),
  blind(
    'blind-offers-correlation-id-not-echoed',
    'the caller\'s Correlation-Id is the one answered (provider: the API creates one only "if not provided"): approvedOffers answers a fresh Correlation-Id instead of the caller\'s (other operations echo it)',
    'provider',
    ['IN-ECHO-CORRELATION'],
  ),
  // The second independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract and the rule catalogue only, the specs unread.
  // Seeded beside the terms judged on every offers answer (offers.amounts.spec.ts; origin 'seeded').
  seeded({
    id: 'seeded-offers-eur-window-reversed',
    rule: 'IN-VAL-OFFER-TERMS: for a purchase in EUR the offers are answered with offerBeginDatetime and offerEndDatetime swapped, so each ends before it begins',
    source: 'provider',
    rules: ['IN-VAL-OFFER-TERMS'],
  }),
  // Seeded beside the terms judged on every currency's answer (pan-lists.flow.spec.ts; origin 'seeded').
  seeded({
    id: 'seeded-offers-begin-aud-local-time',
    rule: 'IN-VAL-OFFER-TERMS: for a purchase in AUD offerBeginDatetime is written in Sydney local time with a Z, hours late, after the end',
    source: 'provider',
    rules: ['IN-VAL-OFFER-TERMS'],
  }),
  independent('independent-2', {
    id: 'i2-offers-range-low-exclusive',
    rule: 'a card at either end of a registered account range gets offers (reference, Flows - services): a card at the low end itself gets none (404); the high end is kept',
    source: 'assumption',
    rules: ['IN-RANGE-ELIGIBLE'],
  }),
  // The fourth independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract, the rule catalogue and this mock only, the specs unread.
  independent('independent-4', {
    id: 'i4-offers-total-counts-dropped-offer',
    rule: 'OffersGroup.total is the number of offers answered (provider OffersGroup.total; reference): on a small purchase the longest-tenure offer is dropped (its installment would be below one currency unit) but total still counts it',
    source: 'assumption',
    rules: ['IN-VAL-OFFERS-TOTAL'],
  }),
  // Seeded beside the checks of the merchant members that go together (offers.merchant.spec.ts).
  seeded({
    id: 'seeded-offers-merchant-id-alone-accepted',
    rule: 'IN-REQ-OFFERS-MERCHANT: an offers request whose merchant has an acquirerId or a merchantId without the other (or without its country) is answered',
    source: 'provider',
    rules: ['IN-REQ-OFFERS-MERCHANT'],
  }),
  seeded({
    id: 'seeded-offers-merchant-country-optional',
    rule: 'IN-REQ-OFFERS-MERCHANT: an offers request whose merchant has a name or a URL without its country is answered',
    source: 'provider',
    rules: ['IN-REQ-OFFERS-MERCHANT'],
  }),
  independent('independent-6', {
    id: 'i6-offers-symbol-from-merchant-country',
    rule: "every offer's currencySymbol is that of the transaction's currency (provider 2.0.0, Offer.currencySymbol): the symbol is taken from the merchant's country, so a EUR purchase at a US merchant is offered in $",
    source: 'provider',
    rules: ['IN-VAL-OFFER-CURRENCY'],
  }),
  independent('independent-6', {
    id: 'i6-offers-404-correlation-regenerated',
    rule: 'every approvedOffers answer, an error too, carries the Correlation-Id the caller sent (provider 2.0.0): the 404 of a card without eligible offers answers a new one',
    source: 'provider',
    rules: ['IN-ECHO-CORRELATION'],
  }),
  independent('independent-7', {
    id: 'i7-offers-range-high-plus-one',
    rule: 'a card just above the high end of a registered account range gets no offer (404; reference, Flows - services): the high end is compared one too far, so a card whose prefix is the high end plus one gets offers',
    source: 'assumption',
    rules: ['IN-RANGE-ELIGIBLE'],
  }),
  // Independent set 8: written from the seed 001, the provider's 2.0.0 document, the contract and
  // the rule catalogue only (the specs unread).
  independent('independent-8', {
    id: 'i8-offers-total-amount-truncated',
    rule: "an offer's totalAmount, the amount owed inclusive of fees, is at least the transaction's amount (provider 2.0.0 Offer.totalAmount): the offers are computed from the amount cut to whole currency units, so a transaction of 250.75 gets offers totalling 250",
    source: 'provider',
    rules: ['IN-VAL-OFFER-AMOUNTS'],
  }),
  independent('independent-8', {
    id: 'i8-offers-range-by-bin',
    rule: 'a card just below the low end or just above the high end of a registered account range gets no offer (reference, Flows - services): eligibility by range is decided on the first six digits (the BIN) of either end, so a card outside a narrow range but with its BIN gets offers',
    source: 'assumption',
    rules: ['IN-RANGE-ELIGIBLE'],
  }),
  independent('independent-8', {
    id: 'i8-offers-first-installment-float',
    rule: 'firstInstallmentAmount, when given, is to the cent (provider 2.0.0 Offer.firstInstallmentAmount, in the minor unit of ISO 4217; reference IN-VAL-OFFER-AMOUNTS): each offer gives firstInstallmentAmount as totalAmount less the other installments in binary floating point, unrounded (250.75 over six installments gives 41.80000000000001)',
    source: 'provider',
    rules: ['IN-VAL-OFFER-AMOUNTS'],
  }),
  independent('independent-9', {
    id: 'i9-listed-pan-outside-range-not-offered',
    rule: 'a card gets offers once registered in a list (seed 001: the customer registers card numbers in a pan list and asks for eligible offers; reference, Flows - services): a card registered by its number in a list that also has an account range is looked up through the range only, so a listed card outside that range gets 404',
    source: 'seed',
    rules: ['IN-STATE-PAN-ELIGIBLE'],
  }),
  independent('independent-9', {
    id: 'i9-offers-correlation-id-lowercased',
    rule: 'an answer of approvedOffers carries the Correlation-Id the caller sent byte for byte (provider 2.0.0, Correlation-Id response header): a 200 of approvedOffers echoes it in lower case (a gateway normalising UUID-looking headers)',
    source: 'provider',
    rules: ['IN-ECHO-CORRELATION'],
  }),
  independent('independent-10', {
    id: 'i10-offers-last-offer-ends-at-begin',
    rule: "every offer's offerEndDatetime is later than its offerBeginDatetime (provider 2.0.0 Offer; IN-VAL-OFFER-TERMS): the longest-tenure offer ends at the instant it begins",
    source: 'provider',
    rules: ['IN-VAL-OFFER-TERMS'],
  }),
  independent('independent-10', {
    id: 'i10-offers-total-with-merchant-off',
    rule: 'total is the number of offers answered (reference; IN-VAL-OFFERS-TOTAL): with a merchant in the request, total counts one offer fewer than the offers answered',
    source: 'assumption',
    rules: ['IN-VAL-OFFERS-TOTAL'],
  }),
  independent('independent-11', {
    id: 'i11-offers-symbol-eur-as-code',
    rule: 'every offer currencySymbol is the symbol of the transaction currency (provider 2.0.0, Offer.currencySymbol): a EUR transaction is answered with the code EUR instead of its symbol',
    source: 'provider',
    rules: ['IN-VAL-OFFER-CURRENCY'],
  }),
  independent('independent-11', {
    id: 'i11-offers-frequency-lowercase-longest',
    rule: 'every offer frequency is one of WEEKLY, BIWEEKLY, MONTHLY (provider 2.0.0, Offer.frequency): the longest offer of an answer says monthly in lower case',
    source: 'provider',
    rules: ['IN-VAL-OFFER-TERMS'],
  }),
  independent('independent-11', {
    id: 'i11-offers-correlation-cut-36',
    rule: 'an approvedOffers answer carries the Correlation-Id sent, byte for byte (provider 2.0.0, Correlation-Id parameter and response header; any string there): a Correlation-Id longer than a UUID comes back cut to the length of a UUID',
    source: 'provider',
    rules: ['IN-ECHO-CORRELATION'],
  }),
  independent('independent-12', {
    id: 'i12-offers-merchant-url-without-country-accepted',
    rule: 'an offers merchant with a URL carries its country (provider 2.0.0, approvedOffers 400 MissingCountyCodeInMerchantParameters): a merchant given by url alone, without country, is accepted',
    source: 'provider',
    rules: ['IN-REQ-OFFERS-MERCHANT'],
  }),
  independent('independent-12', {
    id: 'i12-offers-other-installment-unrounded',
    rule: 'otherInstallmentAmount is in whole cents (provider 2.0.0, Offer.otherInstallmentAmount in the minor unit of ISO 4217): an amount that does not divide evenly by the tenure is answered unrounded',
    source: 'provider',
    rules: ['IN-VAL-OFFER-AMOUNTS'],
  }),
  independent('independent-12', {
    id: 'i12-offers-400-correlation-regenerated',
    rule: 'an approvedOffers answer, success or error, carries the Correlation-Id the caller sent (provider 2.0.0, approvedOffers Correlation-Id): the 400 for an incomplete merchant answers an id of its own',
    source: 'provider',
    rules: ['IN-ECHO-CORRELATION'],
  }),
  independent('independent-13', {
    id: 'i13-offers-first-installment-unadjusted',
    rule: "an offer's installments make up its totalAmount, the first taking the rounding remainder (reference, Offers: totalAmount, otherInstallmentAmount; provider 2.0.0 Offer): a firstInstallmentAmount is given equal to the rounded share, so the installments miss the total by the remainder",
    source: 'provider',
    rules: ['IN-VAL-OFFER-AMOUNTS'],
  }),
  independent('independent-13', {
    id: 'i13-offers-begin-merchant-local-time',
    rule: "offerEndDatetime is later than offerBeginDatetime, both instants in UTC (provider 2.0.0 Offer; reference, Offers): for a merchant outside the USA the begin is written in the merchant's local time (UTC+1) with Z, after the offer's end",
    source: 'provider',
    rules: ['IN-VAL-OFFER-TERMS'],
  }),
  // Seeded beside the check that cards and ranges are compared as digit strings, leading zeros counted
  // (pan-lists.ranges.spec.ts), on the offers reader: the i14 range fault breaks the registration by id.
  seeded({
    id: 'seeded-offers-pan-matched-as-number',
    rule: 'IN-STATE-PAN-ELIGIBLE: a card gets offers when a listed card equals it as a number, so a listed card with a leading zero (another card, provider 2.0.0 ConsumerPan digits) gets offers',
    source: 'provider',
    rules: ['IN-STATE-PAN-ELIGIBLE'],
  }),
  // Seeded beside the check that Accept-Language (the offers' texts only, provider 2.0.0) changes no value
  // of the offers answer (offers.amounts.spec.ts), on the amounts: the i14 fault breaks the window.
  seeded({
    id: 'seeded-offers-other-installment-unrounded-with-accept-language',
    rule: 'IN-VAL-OFFER-AMOUNTS: asked in a language other than English (Accept-Language), the offers answer each subsequent installment unrounded, finer than a cent',
    source: 'provider',
    rules: ['IN-VAL-OFFER-AMOUNTS'],
  }),
  independent('independent-14', {
    id: 'i14-offers-begin-ahead-with-accept-language',
    rule: "every offer's window ends after it begins, both instants in UTC (provider 2.0.0 Offer offerBeginDatetime, offerEndDatetime; reference, Accept-Language on POST /offers): with a non-English Accept-Language the begin is written in the consumer's local time (one hour ahead) with a Z, after the end",
    source: 'provider',
    rules: ['IN-VAL-OFFER-TERMS'],
  }),
  independent('independent-15', {
    id: 'i15-offers-symbol-gbp-as-dollar',
    rule: "every offer's currencySymbol is the symbol of the transaction's currency (provider 2.0.0 Offer.currencySymbol: symbol of currency for all amounts within the offer response): a GBP transaction gets offers in dollars ($)",
    source: 'provider',
    rules: ['IN-VAL-OFFER-CURRENCY'],
  }),
  independent('independent-15', {
    id: 'i15-offers-total-amount-whole-from-thousand',
    rule: "an offer's totalAmount is the total owed on the plan, the transaction amount with no fees (provider 2.0.0 Offer.totalAmount, feeType NO_FEES): a transaction of a thousand or more gets its total rounded to whole units",
    source: 'provider',
    rules: ['IN-VAL-OFFER-AMOUNTS'],
  }),
  independent('independent-16', {
    id: 'i16-offers-end-cad-local-time',
    rule: 'every offer ends after it begins (provider 2.0.0 Offer offerBeginDatetime/offerEndDatetime, UTC date-times): for a purchase in CAD the end is written in Eastern local time with a Z, five hours early, before the begin',
    source: 'provider',
    rules: ['IN-VAL-OFFER-TERMS'],
  }),
  independent('independent-17', {
    id: 'i17-offers-total-eur-one-more',
    rule: 'total is the number of offers answered (provider 2.0.0 OffersResponse.total): a purchase in EUR answers one more than it lists',
    source: 'provider',
    rules: ['IN-VAL-OFFERS-TOTAL'],
  }),
  // The second red team (origin 'seeded', ids rt2-): deviations a stranger would write, measured before any check was extended.
  seeded({
    id: 'rt2-offers-encrypted-range-high-exclusive',
    rule: 'IN-RANGE-ELIGIBLE: a card at either end of a registered account range gets offers (reference, Flows - services): a card sent encrypted at the high end is judged outside',
    source: 'assumption',
    rules: ['IN-RANGE-ELIGIBLE'],
  }),
  seeded({
    id: 'rt2-offers-encrypted-deregistered-still-offered',
    rule: 'IN-STATE-PAN-ELIGIBLE: a card deregistered from its list gets no offers (reference, Flows - services): a card sent encrypted that once got offers still gets them after its deregistration',
    source: 'assumption',
    rules: ['IN-STATE-PAN-ELIGIBLE'],
  }),
  // Seeded beside the offers total compared with its list on every answer (origin 'seeded').
  seeded({
    id: 'seeded-offers-total-gbp-one-less',
    rule: 'IN-VAL-OFFERS-TOTAL: total is the number of offers answered (provider 2.0.0 OffersResponse.total): a purchase in GBP answers one less than it lists',
    source: 'provider',
    rules: ['IN-VAL-OFFERS-TOTAL'],
  }),
  independent('independent-18', {
    id: 'i18-offers-total-with-correlation-off',
    rule: 'total is the number of offers answered (provider 2.0.0 OffersGroup.total; reference): a request sent with a Correlation-Id is answered a total one below the offers listed',
    source: 'assumption',
    rules: ['IN-VAL-OFFERS-TOTAL'],
  }),
  independent('independent-18', {
    id: 'i18-offers-correlation-id-uppercased',
    rule: 'an approvedOffers answer carries the Correlation-Id sent byte for byte (provider 2.0.0, Correlation-Id response header): the success answer echoes it in upper case',
    source: 'provider',
    rules: ['IN-ECHO-CORRELATION'],
  }),
  // Seeded for the answer judge (fixtures/assertions/installments-answer.ts; origin 'seeded'): on a path no
  // spec's own check looks at, so that only the judge of every answer can catch it.
  seeded({
    id: 'seeded-judge-offers-total-listed-card-one-more',
    rule: 'IN-VAL-OFFERS-TOTAL: total is the number of offers answered; a card that gets offers because it is registered by its number in a pan list (not by an account range) is answered a total one above the offers listed',
    source: 'assumption',
    rules: ['IN-VAL-OFFERS-TOTAL'],
  }),
  seeded({
    id: 'seeded-judge-offers-404-card-masked',
    rule: 'IN-OBJ-SENSITIVE: answers carry at most the last four digits of a card (provider 2.0.0); the 404 of a card without offers names it in its Description masked with its first six and last four digits',
    source: 'provider',
    rules: ['IN-OBJ-SENSITIVE'],
  }),
  seeded({
    id: 'seeded-judge-offers-fee-type-first-range-without-correlation',
    rule: "IN-VAL-OFFER-TERMS: every offer's feeType is NO_FEES, FIXED_AMT or PRCENTG (provider 2.0.0, Offer); a card of the account range the service was set up with, asked without a Correlation-Id, is answered offers of feeType NO_FEE",
    source: 'provider',
    rules: ['IN-VAL-OFFER-TERMS'],
  }),
  independent('independent-19', {
    id: 'i19-offers-small-amount-biweekly-misspelt',
    rule: "every offer's frequency is WEEKLY, BIWEEKLY or MONTHLY (provider 2.0.0 Offer.frequency): for a purchase under a hundred the shortest offer is answered with the frequency BI_WEEKLY, a value outside the enum",
    source: 'provider',
    rules: ['IN-VAL-OFFER-TERMS'],
  }),
  independent('independent-19', {
    id: 'i19-offers-large-amount-total-discounted',
    rule: "an offer's totalAmount, the amount owed inclusive of fees, tax and interest, is at least the transaction's amount (provider 2.0.0 Offer.totalAmount): for a purchase of five thousand or more every offer's totalAmount is the amount less a 1% promotional discount",
    source: 'provider',
    rules: ['IN-VAL-OFFER-AMOUNTS'],
  }),
  seeded({
    id: 'seeded-fam27-offers-range-low-end-as-double',
    rule: 'a card just below the low end of a registered account range gets no offers (reference installments.md, account ranges): for ranges too long for a double the low end is compared as a double, so a card of that length just below it gets offers',
    source: 'assumption',
    rules: ['IN-RANGE-ELIGIBLE'],
  }),
  seeded({
    id: 'seeded-fam27-offers-404-correlation-long-cut',
    rule: 'approvedOffers answers the Correlation-Id the caller sent byte for byte, errors included (provider 2.0.0, CorrelationIdHeaderParameter): the 404 of a card without offers echoes a long Correlation-Id cut short',
    source: 'provider',
    rules: ['IN-ECHO-CORRELATION'],
  }),
  independent('independent-20', {
    id: 'i20-offers-named-merchant-needs-url',
    rule: 'an offers merchant with a name carries its country, and each complete combination is accepted (provider 2.0.0 approvedOffers 400 examples): a merchant given by name and country without a URL is refused 400 naming merchant.url',
    source: 'provider',
    rules: ['IN-REQ-OFFERS-MERCHANT'],
  }),
  independent('independent-22', {
    id: 'i22-offers-acquirer-pair-without-country-accepted',
    rule: 'an offers merchant with an acquirerId or a merchantId carries both and its country (provider 2.0.0, approvedOffers 400 examples): a merchant given by acquirerId and merchantId without its country is answered 200 with offers',
    source: 'provider',
    rules: ['IN-REQ-OFFERS-MERCHANT'],
  }),
  independent('independent-22', {
    id: 'i22-offers-range-19-digit-compared-as-number',
    rule: 'a card just above the high end of a registered account range gets no offers (reference installments.md, account ranges): for ranges too long for a double the ends are compared as doubles, so a card of the longest length just above the high end gets offers',
    source: 'assumption',
    rules: ['IN-RANGE-ELIGIBLE'],
  }),
  independent('independent-22', {
    id: 'i22-offers-correlation-inner-spaces-collapsed',
    rule: 'approvedOffers answers the Correlation-Id the caller sent byte for byte (provider 2.0.0, CorrelationIdHeaderParameter): the success answer echoes a Correlation-Id holding runs of spaces with each run collapsed to one',
    source: 'provider',
    rules: ['IN-ECHO-CORRELATION'],
  }),
  independent('independent-23', {
    id: 'i23-offers-symbol-inr-as-rs',
    rule: "every offer's currencySymbol is the one-character symbol of the transaction's currency (provider 2.0.0 Offer.currencySymbol): a purchase in INR is answered with the abbreviation Rs instead of the rupee sign",
    source: 'provider',
    rules: ['IN-VAL-OFFER-CURRENCY'],
  }),
  independent('independent-24', {
    id: 'i24-offers-chf-share-thousandths',
    rule: "otherInstallmentAmount is in the currency's minor unit (provider 2.0.0, Offer amounts in the minor unit of ISO 4217): a purchase in CHF has it written to thousandths of a franc",
    source: 'provider',
    rules: ['IN-VAL-OFFER-AMOUNTS'],
  }),
  independent('independent-24', {
    id: 'i24-offers-jpy-symbol-fullwidth',
    rule: "currencySymbol is the symbol of the transaction's currency (provider 2.0.0, Offer.currencySymbol): a purchase in JPY is answered with the full-width yen sign U+FFE5 instead of ¥",
    source: 'provider',
    rules: ['IN-VAL-OFFER-CURRENCY'],
  }),
  independent('independent-24', {
    id: 'i24-offers-fee-type-singular-from-2000',
    rule: 'feeType is one of NO_FEES, FIXED_AMT, PRCENTG (provider 2.0.0, Offer.feeType): from an amount of two thousand every offer is written NO_FEE',
    source: 'provider',
    rules: ['IN-VAL-OFFER-TERMS'],
  }),
  independent('independent-26', {
    id: 'i26-offers-krw-symbol-generic',
    rule: 'every offer currencySymbol is the symbol of the transaction currency (provider 2.0.0, currencySymbol): a purchase in KRW is answered with the generic currency sign instead of the won sign',
    source: 'provider',
    rules: ['IN-VAL-OFFER-CURRENCY'],
  }),
  independent('independent-27', {
    id: 'i27-offers-total-string-cad',
    rule: 'OffersGroup.total is the number of offers (provider 2.0.0, OffersGroup.total integer): a purchase in CAD is answered with total as a string',
    source: 'provider',
    rules: ['IN-VAL-OFFERS-TOTAL', 'IN-TYPE-FORMS'],
  }),
  independent('independent-29', {
    id: 'i29-inst-offers-error-correlation-lowercased',
    rule: 'an answer of approvedOffers, success or error, carries the Correlation-Id the caller sent byte for byte (reference, Headers; provider 2.0.0): an error answer echoes it in lower case',
    source: 'provider',
    rules: ['IN-ECHO-CORRELATION'],
  }),
  independent('independent-30', {
    id: 'i30-inst-offers-third-offer-ends-day-before-begin',
    rule: "every offer's offerEndDatetime is later than its offerBeginDatetime (reference, Main fields - Offers: offerBeginDatetime, offerEndDatetime): the third offer of an answer ends a day before it begins",
    source: 'provider',
    rules: ['IN-VAL-OFFER-TERMS'],
  }),
  independent('independent-30', {
    id: 'i30-inst-offers-correlation-of-previous-request',
    rule: 'an approvedOffers answer carries the Correlation-Id the caller sent (reference, Transport and auth - Headers: Correlation-Id on POST /offers): a successful answer carries the Correlation-Id of the previous offers request instead',
    source: 'provider',
    rules: ['IN-ECHO-CORRELATION'],
  }),
  independent('independent-31', {
    id: 'i31-inst-offers-total-non-english-one-more',
    rule: 'total is the number of offers answered (provider 2.0.0, OffersGroup.total; reference, Main fields - Offers): a request whose Accept-Language names a language other than English is answered a total one above the offers listed',
    source: 'assumption',
    rules: ['IN-VAL-OFFERS-TOTAL'],
  }),
  independent('independent-31', {
    id: 'i31-inst-offers-second-offer-split-over-one-more',
    rule: "an offer's installments make up its totalAmount over its tenure (provider 2.0.0, Offer: totalAmount, tenure, otherInstallmentAmount): the second offer of the answer gives otherInstallmentAmount as its totalAmount split over one installment more than its tenure",
    source: 'provider',
    rules: ['IN-VAL-OFFER-AMOUNTS'],
  }),
  independent('independent-32', {
    id: 'i32-inst-offers-end-datetime-no-zone',
    rule: 'offerEndDatetime is a date-time with its zone (provider 2.0.0, OffersGroup offers offerEndDatetime): the offers of a purchase whose merchant names a country other than USA end at a local time written without any zone designator',
    source: 'provider',
    rules: ['IN-VAL-OFFER-TERMS', 'IN-DATE-UNIT'],
  }),
  independent('independent-32', {
    id: 'i32-inst-offers-404-description-quotes-pan',
    rule: 'a card number is never returned in clear (reference, payload encryption of sensitiveData; provider 2.0.0 approvedOffers 404): the 404 for a card in no registered range quotes the whole card number in its Description',
    source: 'provider',
    rules: ['IN-OBJ-SENSITIVE'],
  }),
  independent('independent-33', {
    id: 'i33-inst-offers-transaction-id-per-card',
    rule: 'each offers answer has its own offerTransactionId naming that answer (reference, Main fields, Offers; Flows, checkout): the id is derived from the card, so two answers for one card share it and the later replaces the earlier',
    source: 'assumption',
    rules: ['IN-STATE-OFFER-TRANSACTION'],
  }),
  independent('independent-34', {
    id: 'i34-inst-offers-third-offer-installment-rounded-up',
    rule: "each offer's installments make up its totalAmount, tenure - 1 later installments leaving a positive first one (provider 2.0.0, Offer): the third offer's otherInstallmentAmount is rounded up to whole units over tenure - 1, leaving none",
    source: 'provider',
    rules: ['IN-VAL-OFFER-AMOUNTS'],
  }),
  independent('independent-35', {
    id: 'i35-inst-offers-second-begin-epoch-millis',
    rule: 'offerBeginDatetime is an RFC 3339 date and time (provider 2.0.0, Offer): the second offer of an answer carries it as a number of epoch milliseconds',
    source: 'provider',
    rules: ['IN-DATE-UNIT'],
  }),
  independent('independent-35', {
    id: 'i35-inst-offers-priority-string-localised',
    rule: "an offer's priority is a number (reference, Known corrections; provider 2.0.0, Offer): when Accept-Language names a language other than English every priority is written as a string",
    source: 'provider',
  }),
  independent('independent-35', {
    id: 'i35-inst-forbidden-key-gets-offers',
    rule: 'a valid signature of a consumer key not allowed for the operation is 403 (reference, Transport and auth): approvedOffers answers such a key its offers',
    source: 'assumption',
    rules: ['IN-AUTH-FORBIDDEN'],
  }),
  independent('independent-36', {
    id: 'i36-inst-offers-three-decimal-share-at-hundredths',
    rule: 'offer amounts carry the minor unit of their currency as ISO 4217 gives it (provider 2.0.0, Offer amounts): for a currency of three decimals each otherInstallmentAmount is rounded to hundredths',
    source: 'provider',
    rules: ['IN-VAL-OFFER-AMOUNTS'],
  }),
  independent('independent-37', {
    id: 'i37-inst-offers-card-of-later-list-not-found',
    rule: "a card gets offers once registered in a pan list (seed 001, POST /offers and pan lists; reference, flows): a card registered by number only in a list after the first (outside every list's account range) is answered 404 NO_ELIGIBLE_OFFERS",
    source: 'seed',
    rules: ['IN-STATE-PAN-ELIGIBLE'],
  }),
  independent('independent-38', {
    id: 'i38-inst-offers-second-offer-id-of-first',
    rule: "each offer carries its own offerId, the id the selection names (reference, Main fields: offers[].offerId; POST /plans offerId): the second offer of an answer carries the first offer's offerId",
    source: 'provider',
    rules: ['IN-VAL-OFFER-TERMS', 'IN-STATE-PLAN-OFFER'],
  }),
]);
