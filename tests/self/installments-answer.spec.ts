// The installments answer judge's invariants (fixtures/assertions/installments-answer.ts) on answers
// written here: each invariant fails its deviation, and leaves alone what no source states (a value of
// digits only, an undecided plan's approval status, a page's last short page, a legal name's matching).
import { expect, test } from '../../fixtures/self.js';
import {
  installmentsAnswerProblems,
  panCountsAgainstList,
  type InstallmentsExchange,
  type PlanRecord,
} from '../../fixtures/assertions/installments-answer.js';
import { countProblems } from '../../helpers/client/invariants/counts.js';
import { loadContract } from '../../helpers/contract/contract.js';

const CARD = '5204731600014792';
const exchange = (over: Partial<InstallmentsExchange>): InstallmentsExchange => ({
  operationId: 'approvedOffers',
  status: 200,
  sent: {},
  responseHeaders: {},
  answer: {},
  cards: [],
  ...over,
});
/** An offer whose terms keep every rule (provider 2.0.0, Offer): each test changes what it judges. */
const OFFER_TERMS = {
  offerId: '12345678',
  tenure: 3,
  frequency: 'MONTHLY',
  feeType: 'NO_FEES',
  offerBeginDatetime: '2025-06-01T10:00:00Z',
  offerEndDatetime: '2025-06-01T10:30:00Z',
};
const ruleIds = (problems: string[]) => problems.map((p) => p.split(':')[0]);

test('offers: the total against the offers listed, each offer against its terms', () => {
  const offer = { ...OFFER_TERMS };
  expect(installmentsAnswerProblems(exchange({ answer: { total: 1, offers: [offer] } }))).toEqual([]);
  expect(
    ruleIds(
      installmentsAnswerProblems(exchange({ answer: { total: 2, offers: [{ ...offer, offerEndDatetime: offer.offerBeginDatetime }] } })),
    ),
  ).toEqual(['IN-VAL-OFFERS-TOTAL', 'IN-VAL-OFFER-TERMS']);
});

test('a card of the exchange shown beyond its last four is named by form and place, never by its digits', () => {
  const masked = installmentsAnswerProblems(
    exchange({ status: 404, cards: [CARD], answer: { Errors: { Error: [{ Description: `card 520473******4792 refused` }] } } }),
  );
  expect(ruleIds(masked)).toEqual(['IN-OBJ-SENSITIVE', 'IN-OBJ-SENSITIVE']);
  expect(masked.join(' ')).not.toMatch(/520473|4792/);
  // The last four alone, and a value of digits only (an account range's end the card lies in), are left alone.
  const lastFour = exchange({ operationId: 'registerPans', cards: [CARD], answer: { panLastFour: '4792', low: '52047316000' } });
  expect(installmentsAnswerProblems(lastFour)).toEqual([]);
  // A refusal quoting a pan list id the request sent, whose digits happen to hold seven of the card's, shows that id, not the
  // card; the card itself in the same text is still shown.
  const listId = `99${CARD.slice(3, 10)}123456789`;
  const quoting = (text: string) =>
    exchange({
      operationId: 'registerPans',
      status: 400,
      cards: [CARD],
      sent: { panListId: listId },
      answer: { Errors: { Error: [{ Description: text }] } },
    });
  expect(installmentsAnswerProblems(quoting(`Pan list not found for id ${listId}`))).toEqual([]);
  expect(ruleIds(installmentsAnswerProblems(quoting(`Pan list ${listId} holds no card ${CARD.slice(0, 12)} here`)))).toContain(
    'IN-OBJ-SENSITIVE',
  );
});

test('a page: Count, Offset and Limit as asked, and a short page only at the end of the set', () => {
  const page = (headers: Record<string, string>, items: number, query?: Record<string, unknown>) =>
    installmentsAnswerProblems(
      exchange({
        operationId: 'postMerchantSearches',
        query,
        defaultLimit: 500,
        responseHeaders: headers,
        answer: Array.from({ length: items }, () => ({})),
      }),
    );
  expect(page({ count: '2', offset: '0', limit: '500', total: '2' }, 2)).toEqual([]);
  expect(page({ count: '1', offset: '2', limit: '2', total: '3' }, 1, { offset: 2, limit: 2 })).toEqual([]);
  expect(page({ count: '0', offset: '5', limit: '2', total: '3' }, 0, { offset: '5', limit: '2' })).toEqual([]);
  expect(ruleIds(page({ count: '2', offset: '0', limit: '500', total: '3' }, 2))).toEqual(['IN-PAGE-HEADERS']);
  expect(ruleIds(page({ count: '3', offset: '1', limit: '10', total: '3' }, 2, { offset: 0, limit: 10 }))).toEqual([
    'IN-PAGE-HEADERS',
    'IN-PAGE-HEADERS',
    'IN-PAGE-HEADERS',
  ]);
});

test('a search: every item matches the ICA, status and country sent (the country without case); the legal name is not judged', () => {
  const search = (sent: Record<string, unknown>, answer: unknown[]) =>
    ruleIds(installmentsAnswerProblems(exchange({ operationId: 'postMerchantSearches', sent, answer })));
  expect(search({ merchantLegalName: 'Acme', countryCode: 'usa' }, [{ merchantLegalName: 'ACME Stores', countryCode: 'USA' }])).toEqual([]);
  expect(search({ countryCode: 'CAN' }, [{ countryCode: 'USA' }])).toEqual(['IN-FILTER-COUNTRY']);
  expect(search({ acquirerICA: '001234' }, [{ acquirerICA: '1234' }])).toEqual(['IN-FILTER-ICA']);
  expect(search({ merchantParticipationStatus: 'ERROR' }, [{ status: 'COMPLETED' }])).toEqual(['IN-FILTER-STATUS']);
  expect(search({ maid: '00012345' }, [{ maids: ['12345'] }])).toEqual(['IN-FILTER-MAID']);
});

test('PAN lists: the list named is the one answered, its name as created', () => {
  const plain = { pans: [{ pan: CARD }, { pan: '5204731600014800' }] };
  const register = (answer: Record<string, unknown>, sent: Record<string, unknown> = { panListName: 'My  list' }) =>
    ruleIds(installmentsAnswerProblems(exchange({ operationId: 'registerPans', sent, plain, answer })));
  expect(register({ successfulCount: '1', failureCount: '1', panList: { panListId: '1'.repeat(18), panListName: 'My  list' } })).toEqual(
    [],
  );
  expect(register({ successfulCount: '1', failureCount: '1', panList: { panListName: 'My list' } })).toEqual(['IN-ECHO-PANLIST']);
});

// The counts property (helpers/client/invariants/counts.ts), which the judge runs on every answer: the
// counts the contract ties to the request's cards (x-counts) add up to the cards sent, and only them.
test('PAN lists: the counts add up to the cards sent, an account range counted as none, card data the suite cannot read not judged, the failed cards answered only when one failed', async () => {
  const contract = await loadContract('installments');
  const operation = contract.operation('registerPans');
  const counted = (sent: Record<string, unknown>, plain: unknown, answer: Record<string, unknown>) =>
    countProblems(contract, { operation, status: 200, sent, plain, answer });
  const plain = { pans: [{ pan: CARD }, { pan: '5204731600014800' }] };
  const failedBack = { encryptedValue: 'f' };
  expect(counted({ panListName: 'L', encryptedValue: 'e' }, plain, { successfulCount: '1', failureCount: '1', ...failedBack })).toEqual([]);
  expect(counted({ panListName: 'L', encryptedValue: 'e' }, plain, { successfulCount: '2', failureCount: '1', ...failedBack })).toEqual([
    'successfulCount 2 + failureCount 1 = 3, counting sensitiveData.pans of the request, which holds 2',
  ]);
  // The failed cards come back exactly when one failed (x-counts failed: provider 2.0.0 200 examples).
  expect(counted({ panListName: 'L', encryptedValue: 'e' }, plain, { successfulCount: '1', failureCount: '1' })).toEqual([
    'failureCount 1 but no encryptedValue or sensitiveData holding the failed items',
  ]);
  expect(counted({ panListName: 'L', encryptedValue: 'e' }, plain, { successfulCount: '2', failureCount: '0', ...failedBack })).toEqual([
    'encryptedValue answered though failureCount is 0 (present only when an item failed)',
  ]);
  expect(counted({ panListName: 'L', sensitiveData: plain }, undefined, { successfulCount: '2', failureCount: '0' })).toEqual([]);
  const range = { accountRangeLow: '4555530000000000', accountRangeHigh: '4555539999999999' };
  expect(counted({ panListName: 'L', accountRange: range }, undefined, { successfulCount: '1', failureCount: '0' })).toEqual([
    'successfulCount 1 + failureCount 0 = 1, counting sensitiveData.pans of the request, which holds 0',
  ]);
  expect(counted({ panListName: 'L', accountRange: range }, undefined, { successfulCount: '0', failureCount: '0' })).toEqual([]);
  // Card data encrypted elsewhere (the suite cannot read it): the counts are not judged.
  expect(counted({ panListName: 'L', encryptedValue: 'e' }, undefined, { successfulCount: '5', failureCount: '0' })).toEqual([]);
});

// The counts' values against a PAN list the suite knows whole (IN-VAL-PAN-COUNTS; provider 2.0.0 Registration, Deregistration).
test('PAN lists: a deregistration removes the cards the list holds and refuses the others; a registration refuses each card it holds; the list followed', () => {
  const OTHER = '5204731600014800';
  const pans = (...cards: string[]) => ({ pans: cards.map((pan) => ({ pan })) });
  const against = (operationId: string, plain: unknown, answer: Record<string, unknown>, held?: Set<string>, status = 200) =>
    panCountsAgainstList(exchange({ operationId, status, plain, answer }), held);
  const list = new Set([CARD]);
  expect(against('deregisterPans', pans(CARD, OTHER), { successfulCount: '1', failureCount: '1' }, list)).toEqual({
    problems: [],
    after: new Set(),
  });
  // Each count filled from the other: the value is wrong, whatever the failed cards' presence says.
  const swapped = against('deregisterPans', pans(CARD), { successfulCount: '0', failureCount: '1' }, list);
  expect(ruleIds(swapped.problems)).toEqual(['IN-VAL-PAN-COUNTS']);
  expect(swapped.problems[0]).toMatch(
    /received successfulCount "0" and failureCount "1"; documented: the list holds 1 of the 1 cards sent/,
  );
  expect(swapped.after).toBeUndefined();
  // A repeated registration refuses the card the list holds; a new card may fail for another reason (its range): not judged.
  expect(ruleIds(against('registerPans', pans(CARD, OTHER), { successfulCount: '2', failureCount: '0' }, list).problems)).toEqual([
    'IN-VAL-PAN-COUNTS',
  ]);
  expect(against('registerPans', pans(CARD, OTHER), { successfulCount: '1', failureCount: '1' }, list).after).toEqual(
    new Set([CARD, OTHER]),
  );
  expect(against('registerPans', pans(CARD, OTHER), { successfulCount: '0', failureCount: '2' }, list).after).toEqual(list);
  expect(against('registerPans', pans(OTHER), { successfulCount: '0', failureCount: '1' }, new Set()).after).toEqual(new Set());
  // A list made with an account range: a new card of the bounds' length outside them is refused too; one of another length, or
  // inside, is not judged a failure.
  const range = { accountRangeLow: '5204731600000000', accountRangeHigh: '5204731600009999' };
  const ranged = (answer: Record<string, unknown>, ...cards: string[]) =>
    panCountsAgainstList(exchange({ operationId: 'registerPans', status: 200, plain: pans(...cards), answer }), new Set(), range);
  const outsideCounted = ranged({ successfulCount: '2', failureCount: '0' }, '5204731600001234', OTHER);
  expect(ruleIds(outsideCounted.problems)).toEqual(['IN-VAL-PAN-COUNTS']);
  expect(outsideCounted.problems[0]).toMatch(/documented: .*1 outside the list's account range, refused too, so at least 1 failures/);
  expect(ranged({ successfulCount: '1', failureCount: '1' }, '5204731600001234', OTHER)).toEqual({ problems: [] });
  expect(ranged({ successfulCount: '1', failureCount: '0' }, `0${OTHER}`)).toEqual({ problems: [], after: new Set([`0${OTHER}`]) });
  // A deregistration's counts not adding up (the cards left in the list counted, not those removed): each value is documented,
  // so the value's finding, not the total's (IN-PROP-COUNTS not judged again: countsShownWrong).
  expect(ruleIds(against('deregisterPans', pans(CARD), { successfulCount: '0', failureCount: '0' }, list).problems)).toEqual([
    'IN-VAL-PAN-COUNTS',
  ]);
  // Not judged: a list not known whole, a registration's counts not adding up (IN-PROP-COUNTS's), a card repeated, a refusal.
  expect(against('deregisterPans', pans(CARD), { successfulCount: '0', failureCount: '1' })).toEqual({ problems: [] });
  expect(against('registerPans', pans(CARD), { successfulCount: '0', failureCount: '0' }, list)).toEqual({ problems: [] });
  expect(against('deregisterPans', pans(CARD, CARD), { successfulCount: '0', failureCount: '2' }, list)).toEqual({ problems: [] });
  expect(against('deregisterPans', pans(CARD), {}, list, 400)).toEqual({ problems: [], after: list });
});

test("a plan's readers: the echoes of savePlan, and the decision once sync or seen landed, on getPlan", () => {
  const plan = (decision?: PlanRecord['decision']): PlanRecord => ({
    planId: 'p1',
    sent: { providerId: 'v1', transaction: { amount: 1200.37, currency: 'USD' }, planInstallmentInformation: { tenure: 3, apr: 0 } },
    created: 'CREATED',
    merchant: { country: 'CAN', mcc: '0742' },
    ...(decision ? { decision } : {}),
  });
  const read = (operationId: string, answer: Record<string, unknown>, p: PlanRecord) =>
    ruleIds(installmentsAnswerProblems(exchange({ operationId, path: { plan_id: 'p1' }, answer, plan: p })));
  const record = {
    planId: 'p1',
    providerId: 'v1',
    status: 'CREATED',
    transaction: { amount: 1200.37, currency: 'USD' },
    merchant: { country: 'CAN', mcc: '0742' },
  };
  expect(read('getPlan', record, plan())).toEqual([]);
  const changed = { ...record, merchant: { country: 'CAN', mcc: '742' }, planInstallmentInformation: { tenure: 3, apr: null } };
  expect(read('getPlan', changed, plan())).toEqual(['IN-ECHO-PLAN', 'IN-ECHO-PLAN']);
  // A zero apr is a value: the terms shown without it have lost a term; shown as 0, they have not.
  expect(read('getPlan', { ...record, planInstallmentInformation: { tenure: 3 } }, plan())).toEqual(['IN-ECHO-PLAN']);
  expect(read('getPlan', { ...record, planInstallmentInformation: { tenure: 3, apr: 0 } }, plan())).toEqual([]);
  // An undecided plan's approval status is stated nowhere; an async decision not yet seen may or may not show.
  expect(read('getPlanApprovalStatus', { status: 'PENDING' }, plan())).toEqual([]);
  expect(read('getPlan', record, plan({ status: 'APPROVED', sync: false, landed: false }))).toEqual([]);
  // The approval status reads the approval's processing, not the decision (provider 2.0.0 CompletionPSPData): its
  // values are the contract's enum, judged by the schema; the decision is getPlan's.
  expect(read('getPlanApprovalStatus', { status: 'COMPLETED' }, plan({ status: 'APPROVED', sync: true, landed: false }))).toEqual([]);
  expect(read('getPlan', { ...record, status: 'CREATED' }, plan({ status: 'APPROVED', sync: true, landed: false }))).toEqual([
    'IN-STATE-DECISION',
  ]);
  expect(read('getPlan', record, plan({ status: 'DECLINED', sync: false, landed: true }))).toEqual(['IN-STATE-DECISION']);
});

test("offers: each offer's amounts against the purchase, in the currency's minor unit where the suite knows it", () => {
  const offer = (over: Record<string, unknown>) => ({
    ...OFFER_TERMS,
    totalAmount: 100.01,
    otherInstallmentAmount: 33.34,
    ...over,
  });
  const offers = (transaction: Record<string, unknown>, over: Record<string, unknown> = {}) =>
    ruleIds(installmentsAnswerProblems(exchange({ sent: { transaction }, answer: { total: 1, offers: [offer(over)] } })));
  const usd = { amount: 100.01, currency: 'USD' };
  expect(offers(usd)).toEqual([]);
  expect(offers(usd, { firstInstallmentAmount: 33.33 })).toEqual([]);
  expect(offers(usd, { totalAmount: 99.01 })).toEqual(['IN-VAL-OFFER-AMOUNTS']);
  expect(offers(usd, { otherInstallmentAmount: 33.336 })).toEqual(['IN-VAL-OFFER-AMOUNTS']);
  expect(offers(usd, { otherInstallmentAmount: 50.01 })).toEqual(['IN-VAL-OFFER-AMOUNTS']);
  expect(offers(usd, { firstInstallmentAmount: 33.34 })).toEqual(['IN-VAL-OFFER-AMOUNTS']);
  // The schedule makes up the total, summed in whole cents: the cent left over 100.01 is in it, or the schedule is short.
  const schedule = (...amounts: number[]) => ({ schedulePayments: amounts.map((installmentAmount) => ({ installmentAmount })) });
  expect(offers(usd, schedule(33.33, 33.34, 33.34))).toEqual([]);
  expect(offers(usd, schedule(33.34, 33.34, 33.34))).toEqual(['IN-VAL-OFFER-AMOUNTS']);
  expect(offers({ amount: 0.3, currency: 'USD' }, { totalAmount: 0.3, otherInstallmentAmount: 0.1, ...schedule(0.1, 0.1, 0.1) })).toEqual(
    [],
  );
  // No decimals in yen: a share in hundredths is finer than its minor unit; three in dinars.
  expect(offers({ amount: 1201, currency: 'JPY' }, { totalAmount: 1201, otherInstallmentAmount: 400.33 })).toEqual([
    'IN-VAL-OFFER-AMOUNTS',
  ]);
  expect(offers({ amount: 1201, currency: 'JPY' }, { totalAmount: 1201, otherInstallmentAmount: 400 })).toEqual([]);
  expect(offers({ amount: 1.001, currency: 'KWD' }, { totalAmount: 1.001, otherInstallmentAmount: 0.334 })).toEqual([]);
  // A code of no known minor unit, and a purchase of no positive amount: the grain, or the whole offer, not judged.
  expect(offers({ amount: 100.01, currency: 'XTS' }, { otherInstallmentAmount: 33.3367 })).toEqual([]);
  expect(offers({ amount: 0, currency: 'USD' }, { totalAmount: 0, otherInstallmentAmount: 0 })).toEqual([]);
});

test('merchant readers: each item against the participations submitted, by request id and by legal name', () => {
  const sent = {
    merchantLegalName: 'Acme  Stores ',
    countryCode: 'USA',
    acquirerICA: '001234',
    maid: '0aB012',
    maidType: 'EXT',
    mids: ['007', '0123'],
    optIn: 'Y',
    nonMerchantNegotiatedParticipation: 'Y',
    wallets: [
      { walletId: 1, walletAcceptance: 'Y', walletMerchantId: ' \tW-1 ' },
      { walletId: 2, walletAcceptance: 'N' },
    ],
    address: { addressLine3: ' \tFloor 7 ', postalCode: '01234' },
  };
  const again = { ...sent, optIn: 'N' };
  const merchants = {
    byName: new Map([[sent.merchantLegalName, [sent, again]]]),
    byRequest: new Map([['77', [sent]]]),
  };
  const { mids: _mids, ...item } = sent;
  const read = (operationId: string, answer: unknown, over: Partial<InstallmentsExchange> = {}) =>
    ruleIds(installmentsAnswerProblems(exchange({ operationId, answer, merchants, query: {}, ...over })));
  const byRequest = (answer: unknown) => read('getMerchantParticipations', answer, { query: { request_id: '77' } });
  expect(byRequest([{ ...item, maids: ['0aB012'], status: 'COMPLETED' }])).toEqual([]);
  expect(byRequest([{ ...item, wallets: [{ walletId: 1, walletAcceptance: 'Y', walletMerchantId: 'W-1' }] }])).toEqual([
    'IN-ECHO-PARTICIPATION-DETAILS',
  ]);
  // By request id, a name changed on the way is seen (the request's participations, not the name, are the record).
  expect(byRequest([{ ...item, merchantLegalName: 'Acme Stores' }])).toEqual(['IN-ECHO-PARTICIPATION-DETAILS']);
  expect(byRequest([{ requestEndpoint: 'x'.repeat(25), httpErrorStatusCode: 400 }])).toEqual([]);
  // By legal name, either submission agrees; a number postal code by its value; a merchant the suite did not submit is not judged.
  expect(read('postMerchantSearches', [{ ...again, address: { postalCode: 1234 } }], { sent: { merchantLegalName: 'Acme' } })).toEqual([]);
  expect(read('getMerchantParticipations', [{ ...item, maidType: 'ext' }])).toEqual(['IN-ECHO-PARTICIPATION-DETAILS']);
  expect(read('getMerchantParticipations', [{ ...item, address: { addressLine3: 'Floor 7' } }])).toEqual(['IN-ECHO-PARTICIPATION-DETAILS']);
  expect(read('getMerchantParticipations', [{ ...item, merchantLegalName: 'Other', maidType: 'ext' }])).toEqual([]);
  // The MID page: its flags and MIDs against the merchant it names; a page of no MIDs is not judged.
  const mid = (answer: Record<string, unknown>) =>
    read('postMerchantMidSearches', answer, {
      sent: { merchantLegalName: sent.merchantLegalName, countryCode: 'USA', acquirerICA: '001234' },
    });
  const page = { merchantLegalName: sent.merchantLegalName, countryCode: 'USA', acquirerICA: '001234', optIn: 'Y' };
  expect(mid({ ...page, mids: [{ mid: '007', status: 'COMPLETED' }] })).toEqual([]);
  expect(mid({ ...page, nonMerchantNegotiatedParticipation: 'N', mids: [{ mid: '007', status: 'COMPLETED' }] })).toEqual([
    'IN-ECHO-PARTICIPATION-DETAILS',
  ]);
  // The deprecated flag sent against optIn, which takes precedence (provider 2.0.0), is not judged; the country's case neither.
  expect(read('getMerchantParticipations', [{ ...again, countryCode: 'usa', nonMerchantNegotiatedParticipation: 'N' }])).toEqual([]);
  expect(mid({ ...page, mids: [{ mid: '7', status: 'COMPLETED' }] })).toEqual(['IN-ECHO-PARTICIPATION-DETAILS']);
  expect(mid({ ...page, nonMerchantNegotiatedParticipation: 'Y', mids: [] })).toEqual([]);
});

test("merchant readers: a MID page holds every MID of its merchant, and an ICA answered in another form is IN-ECHO-ICA-FORMS's", () => {
  const sent = { merchantLegalName: 'Acme  Störes ', countryCode: 'USA', acquirerICA: '001234', mids: ['007', '0123', '0456'], optIn: 'Y' };
  const merchants = { byName: new Map([[sent.merchantLegalName, [sent]]]), byRequest: new Map([['77', [sent]]]) };
  const criteria = { merchantLegalName: sent.merchantLegalName, countryCode: 'USA', acquirerICA: '001234' };
  const page = { ...criteria, optIn: 'Y' };
  const mids = (...ids: string[]) => ids.map((mid) => ({ mid, status: 'COMPLETED' }));
  const mid = (answer: Record<string, unknown>, over: Partial<InstallmentsExchange> = {}) =>
    ruleIds(
      installmentsAnswerProblems(
        exchange({ operationId: 'postMerchantMidSearches', sent: criteria, answer, merchants, query: {}, defaultLimit: 500, ...over }),
      ),
    );
  expect(mid({ ...page, mids: mids('007', '0123', '0456') }, { responseHeaders: { total: '3' } })).toEqual([]);
  // The last MID left out: the merchant's MIDs, judged before the Total that counts it.
  expect(mid({ ...page, mids: mids('007', '0123') }, { responseHeaders: { total: '3' } })).toEqual(['IN-FILTER-MID-MERCHANT']);
  // A merchant the suite did not submit: its Total counting MIDs the page has room for and does not answer.
  const other = { ...criteria, merchantLegalName: 'Other' };
  expect(mid({ ...page, ...other, mids: mids('1', '2') }, { sent: other, responseHeaders: { total: '3' } })).toEqual([
    'IN-FILTER-MID-MERCHANT',
  ]);
  // A MID of a namesake under another country on the page: which MIDs are answered, IN-FILTER-MID-MERCHANT's (seed 001, the mids
  // of a given merchant); a MID no merchant was submitted with stays the page's echo (a MID changed on the way).
  const namesake = { ...sent, countryCode: 'CAN', mids: ['0999'] };
  const withNamesake = { byName: new Map([[sent.merchantLegalName, [sent, namesake]]]), byRequest: new Map() };
  expect(mid({ ...page, mids: mids('007', '0123', '0456', '0999') }, { merchants: withNamesake })).toEqual(['IN-FILTER-MID-MERCHANT']);
  expect(mid({ ...page, mids: mids('007', '0123', '0456', '999') }, { merchants: withNamesake })).toEqual([
    'IN-ECHO-PARTICIPATION-DETAILS',
  ]);
  // A mid or status criterion, a later page, a page of no MIDs (the merchant not found yet): not judged here.
  expect(mid({ ...page, mids: mids('007') }, { sent: { ...criteria, mid: '007' } })).toEqual([]);
  expect(mid({ ...page, mids: mids('0456') }, { query: { offset: 2, limit: 2 }, responseHeaders: { total: '3' } })).toEqual([]);
  expect(mid({ ...page, mids: [] })).toEqual([]);
  // The ICA with zeros added on the MID page, on a read by request, on a search: IN-ECHO-ICA-FORMS; another ICA stays the page's echo.
  expect(mid({ ...page, acquirerICA: '000001234', mids: mids('007', '0123', '0456') })).toEqual(['IN-ECHO-ICA-FORMS']);
  expect(mid({ ...page, acquirerICA: '001235', mids: mids('007', '0123', '0456') })).toEqual(['IN-ECHO-MIDSEARCH']);
  const { mids: _mids, ...item } = sent;
  const read = (operationId: string, answer: unknown, over: Partial<InstallmentsExchange> = {}) =>
    ruleIds(installmentsAnswerProblems(exchange({ operationId, answer, merchants, query: {}, ...over })));
  expect(read('getMerchantParticipations', [{ ...item, acquirerICA: '1234' }], { query: { request_id: '77' } })).toEqual([
    'IN-ECHO-ICA-FORMS',
  ]);
  expect(read('postMerchantSearches', [{ ...item, acquirerICA: '00000001234' }], { sent: { merchantLegalName: 'Acme' } })).toEqual([
    'IN-ECHO-ICA-FORMS',
  ]);
  expect(read('postMerchantSearches', [item], { sent: { merchantLegalName: 'Acme' } })).toEqual([]);
});

test('PAN lists: a list named by its id answers the name it was created with', () => {
  const panListNames = new Map([['1'.repeat(18), '\tMy\u00a0 list ']]);
  const named = (panListName: string, sent: Record<string, unknown> = { panListId: '1'.repeat(18) }) =>
    installmentsAnswerProblems(exchange({ operationId: 'registerPans', sent, panListNames, answer: { panList: { panListName } } }));
  const byId = (panListName: string, sent?: Record<string, unknown>) => ruleIds(named(panListName, sent));
  expect(byId('\tMy\u00a0 list ')).toEqual([]);
  const wrong = named(' My  list ');
  expect(ruleIds(wrong)).toEqual(['IN-ECHO-PANLIST']);
  expect(wrong[0]).toContain('U+0009, U+00A0');
  // A request naming both its id and a name: not judged against the name created.
  expect(byId('Renamed', { panListId: '1'.repeat(18), panListName: 'Renamed' })).toEqual([]);
});

test("headers of an answer: a submission's Location names the request to poll, a 405's Allow the path's documented methods", () => {
  const submitted = (location: string) =>
    ruleIds(
      installmentsAnswerProblems(exchange({ operationId: 'postMerchantParticipations', status: 202, responseHeaders: { location } })),
    );
  expect(submitted('merchants/participations?request_id=72')).toEqual([]);
  expect(submitted('/installments/merchants/participations?request_id=72')).toEqual([]);
  expect(submitted('merchants/participations/72')).toEqual(['IN-STATUS-PARTICIPATION']);
  expect(submitted('merchants/participations?id=72')).toEqual(['IN-STATUS-PARTICIPATION']);
  const refused = (allow: string) =>
    ruleIds(
      installmentsAnswerProblems(exchange({ operationId: 'getPlan', status: 405, responseHeaders: { allow }, pathMethods: ['GET'] })),
    );
  expect(refused('GET')).toEqual([]);
  expect(refused('GET, HEAD, OPTIONS')).toEqual([]);
  expect(refused('GET, POST')).toEqual(['IN-TRANS-METHOD']);
  expect(refused('POST')).toEqual(['IN-TRANS-METHOD']);
});
