// Covers: a card is matched on its whole length on every operation that finds it in a PAN list -
// registerPans (already in the list?), deregisterPans (in the list?) and approvedOffers (registered?):
// provider 2.0.0 Pan (11 to 19 digits), Registration / Deregistration counts; reference/installments.md,
// Flows - services (a card gets offers once registered, none before nor once deregistered). A 19-digit
// card and its first 16 digits are two cards, as are a 16-digit card and the same digits followed by
// three more: a target that compares cards on a prefix (the first 16 digits, a fixed-width field) takes
// one for the other.
import { expect, noOffers, rules, test, withCheckDigit } from '../../fixtures/installments.js';
import { underRule } from '../../helpers/client/annotations.js';

const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');
/** `card` followed by three digits, the last its check digit. */
const extended = (card: string) => withCheckDigit(`${card}${digits(2)}`);

test(
  'a 19-digit card and its first 16 digits, and a 16-digit card and its 19-digit extension, are four cards to registration, deregistration and offers @provider',
  rules('IN-VAL-PAN-COUNTS', 'IN-STATE-PAN-ELIGIBLE:accept@encrypted', 'IN-STATE-PAN-ELIGIBLE:refuse@encrypted'),
  async ({ instApi, instReq }) => {
    // Every card a valid one: the 19-digit card extends its valid first 16 digits.
    // Cards of a range the target holds (provider 2.0.0: a list's cards are validated against one).
    const longHead = instReq.listPan(16);
    const long = extended(longHead);
    const short = instReq.listPan(16);
    const shortExtended = extended(short);
    // 404 stands for no offers (a 200 without offers: provider 2.0.0, approvedOffers).
    const offers = async (pan: string) => {
      const res = await instApi.call('approvedOffers', { body: await instReq.offersBody(pan) });
      return noOffers(res) ? 404 : res.status;
    };
    const counts = (body: any) => ({ successfulCount: Number(body?.successfulCount), failureCount: Number(body?.failureCount) });
    const wrong: string[] = [];
    // Which cards get offers: the reference's decision (Flows - services), judged last under its rule.
    const wrongOffers: string[] = [];

    const created = await instApi.call('registerPans', {
      body: { panListName: 'Whole PAN list', ...(await instReq.sensitive({ pans: [{ pan: long }, { pan: short }] })) },
    });
    expect(created.status, 'a list of a 19-digit and a 16-digit card').toBe(200);
    const panListId = String(created.body.panList.panListId);
    for (const [what, pan, status] of [
      ['the listed 19-digit card', long, 200],
      ['the listed 16-digit card', short, 200],
      ["the 19-digit card's first 16 digits", longHead, 404],
      ['the 16-digit card followed by three digits', shortExtended, 404],
    ] as const) {
      const got = await offers(pan);
      if (got !== status) wrongOffers.push(`offers for ${what}: ${got}, expected ${status}`);
    }

    // Deregistering the two cards that are not listed removes nothing: both fail, the listed cards keep their offers.
    const dereg = await instApi.call('deregisterPans', {
      body: { panListId, ...(await instReq.sensitive({ pans: [{ pan: longHead }, { pan: shortExtended }] })) },
    });
    expect(dereg.status, 'a deregistration of two cards the list does not hold').toBe(200);
    const d = counts(dereg.body);
    if (d.successfulCount !== 0 || d.failureCount !== 2)
      wrong.push(`deregistering two unlisted cards counted ${JSON.stringify(d)}, expected 0 deregistered and 2 refused`);
    for (const pan of [long, short])
      if ((await offers(pan)) !== 200) wrongOffers.push(`a listed card (${pan.length} digits) lost its offers`);

    // Registering them is two new cards, not two already listed.
    const reg = await instApi.call('registerPans', {
      body: { panListId, ...(await instReq.sensitive({ pans: [{ pan: longHead }, { pan: shortExtended }] })) },
    });
    expect(reg.status, 'a registration of the two cards into the list').toBe(200);
    const r = counts(reg.body);
    if (r.successfulCount !== 2 || r.failureCount !== 0)
      wrong.push(`registering two new cards counted ${JSON.stringify(r)}, expected 2 registered and 0 refused`);
    expect(wrong, 'each card is matched on its whole length').toEqual([]);
    underRule(
      test.info(),
      'IN-STATE-PAN-ELIGIBLE',
      () => expect(wrongOffers, 'each card gets offers as registered').toEqual([]),
      'approvedOffers',
    );
  },
);
