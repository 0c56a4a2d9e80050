// Covers: registerPans with an account range, read through offers (provider 2.0.0 PanRegistrationBody, ^[0-9]{11,19}$,
// registerPans 400 examples; reference, Flows - services). Ranges in BIN 455552.
import { expect, expectErrors, luhnNear, rules, test, underRule } from '../../fixtures/installments.js';

test(
  'a registration with neither card data nor an account range is 400; card data or a range alone is accepted @provider',
  rules('IN-REQ-CARDS-OR-RANGE:refuse', 'IN-REQ-CARDS-OR-RANGE:accept'),
  async ({ instApi, instReq }) => {
    const { panListId } = await instReq.newList(instApi, 'Cards or range', [instReq.listPan()]);
    for (const [what, body] of [
      ['a new list by name alone', { panListName: 'Neither cards nor range' }],
      ['an existing list by id alone', { panListId }],
    ] as const)
      expect((await instApi.call('registerPans', { body })).status, `${what}: neither card data nor a range`).toBe(400);
    const accepted: [string, Record<string, unknown>][] = [
      ['a new list with a range only', { panListName: 'Range only', accountRange: instReq.heldRange() }],
      ['an existing list by id with card data only', { panListId, ...(await instReq.pansOf(instReq.listPan())) }],
    ];
    for (const [what, body] of accepted) expect((await instApi.call('registerPans', { body })).status, what).toBe(200);
  },
);

// provider 2.0.0, registerPans 400 example PansNotPresentUpdateRequest: an update of a list needs at least one card; the list's
// own range given again names no card (a new list may be made of a range alone: IN-REQ-CARDS-OR-RANGE).
test(
  "an update of an existing list carrying only the list's own account range, no card, is 400 @provider",
  rules('IN-REQ-UPDATE-PANS:refuse'),
  async ({ instApi, instReq }) => {
    const own = instReq.heldRange()!;
    const { panListId } = await instReq.newList(instApi, 'Range kept', [], { accountRange: own });
    expect((await instApi.call('registerPans', { body: { panListId, accountRange: { ...own } } })).status, 'its own range alone').toBe(400);
  },
);

test(
  "a registration into an existing list with another account range is 400 and changes nothing; the list's own range, or none, is accepted and kept @provider",
  rules('IN-STATE-LIST-RANGE:refuse', 'IN-STATE-LIST-RANGE:accept', 'IN-VAL-PAN-COUNTS', 'IN-STATE-PAN-ELIGIBLE:refuse@encrypted'),
  async ({ instApi, instReq }) => {
    // Two ranges the target holds (provider 2.0.0: a new list's range not in the system is refused).
    const own = instReq.heldRange()!;
    const other = instReq.heldRange(16, own)!;
    const { panListId } = await instReq.newList(instApi, 'Ranged list', [], { accountRange: own });
    // Cards of the list's range (provider 2.0.0, ExistingPanListIdRegistrationRequest: validated against it).
    const [first, second] = [instReq.listPan(16, own), instReq.listPan(16, own)];
    // The card the refused registrations carry: of the other range, so that only a registration makes it eligible.
    const stray = instReq.listPan(16, other);
    // The cards at the ends: the valid card (provider 2.0.0, Pan: Luhn) nearest each end, inside.
    const [ownLow, ownHigh] = [luhnNear(own.accountRangeLow, true), luhnNear(own.accountRangeHigh, false)];
    const ownEnds: [string, boolean, string][] = [
      [ownLow, true, "the low end of the list's range"],
      [ownHigh, true, "the high end of the list's range"],
    ];

    // Another range, one end moved, or a leading zero on both ends (provider 2.0.0, 11 to 19 digits): each another range.
    const narrowed = { accountRangeLow: own.accountRangeLow, accountRangeHigh: `${own.accountRangeHigh.slice(0, -1)}0` };
    const raised = { accountRangeLow: `${own.accountRangeLow.slice(0, -1)}1`, accountRangeHigh: own.accountRangeHigh };
    const zeroLed = { accountRangeLow: `0${own.accountRangeLow}`, accountRangeHigh: `0${own.accountRangeHigh}` };
    for (const range of [other, narrowed, raised, zeroLed]) {
      const refused = await instApi.call('registerPans', {
        body: { panListId, accountRange: range, ...(await instReq.pansOf(stray)) },
      });
      expectErrors(refused, 400);
      // provider 2.0.0 InvalidAccountRangeForExistingPanList: its ReasonCode.
      expect(refused.body.Errors.Error[0].ReasonCode, "the example's reason code").toBe('invalid.accountRange');
    }
    // Nothing changed: the list's range still gives offers; the other range and the card sent with it none.
    const offers = instReq.eligibility(instApi);
    await offers.read([
      ...ownEnds,
      [luhnNear(other.accountRangeLow, true), false, 'the low end of the refused range'],
      [luhnNear(other.accountRangeHigh, false), false, 'the high end of the refused range'],
      [stray, false, 'the card of the refused registrations'],
    ]);

    // Two lists of one owner (the documented scenario): a newer list over the other range, so that the list's own range is
    // judged against the list the registration names (provider 2.0.0 ExistingPanListIdRegistrationRequest), not the newest one.
    await instReq.newList(instApi, 'Newer ranged list', [], { accountRange: other });
    const same = await instApi.call('registerPans', {
      body: {
        panListId,
        accountRange: { ...own },
        ...(await instReq.pansOf(first, ownHigh)),
      },
    });
    underRule(
      test.info(),
      'IN-STATE-LIST-RANGE',
      () => expect(same.status, "the list's own range again, with cards, a newer list of the owner over another range").toBe(200),
      'registerPans',
    );
    // A card the list's range covers is not in the list until registered: both are new.
    expect(same.body, "two cards registered, one of them in the list's range").toMatchObject({ successfulCount: '2', failureCount: '0' });
    // A first card with a leading zero is another card, outside the range (provider 2.0.0, account range validation): a failure.
    const none = await instApi.call('registerPans', {
      body: { panListId, ...(await instReq.pansOf(second, `0${first}`)) },
    });
    expect(none.status, 'no range, two cards').toBe(200);
    expect(none.body, 'a new card, and one the same as a listed card only as a number, outside the range').toMatchObject({
      successfulCount: '1',
      failureCount: '1',
    });
    await offers.read([
      ...ownEnds,
      [first, true, 'the first card'],
      [second, true, 'the second card'],
      [`0${second}`, false, 'the second card with a leading zero, never registered'],
    ]);

    // A card the range covers but never registered, or one with a leading zero, is a failure (provider 2.0.0, Deregistration).
    // The three registered cards are the list's last: the deregistration empties it.
    const removed = await instApi.call('deregisterPans', {
      body: {
        panListId,
        ...(await instReq.pansOf(`0${second}`, first, ownHigh, second, ownLow)),
      },
    });
    expect(removed.body, "three registered cards; one only in the list's range, one only the same as a number").toMatchObject({
      successfulCount: '3',
      failureCount: '2',
    });
    offers.judge();
    // The documented scenario of a parent emptied, what survives: a deregistration takes cards out of a list, nothing else
    // (provider 2.0.0 deregisterPans), and the list keeps the account range associated to it (provider 2.0.0
    // ExistingPanListIdRegistrationRequest: cards added later are validated against it). Its last card gone, a card of the range
    // never registered by number still gets offers, as before the deregistration. 1 exchange a run.
    const after = await instApi.call('approvedOffers', { body: await instReq.offersBody(ownLow) });
    underRule(
      test.info(),
      'IN-STATE-LIST-RANGE',
      () =>
        expect(
          after.status,
          "offers for the card at the low end of the list's range, never registered by number, once the list's last card left it (offered before)",
        ).toBe(200),
      'approvedOffers',
    );
  },
);

test(
  "a list's cards are validated against one account range: without its own, the first a card of its creation falls in, kept for the cards added later; a card outside it is a per-PAN failure @provider",
  rules('IN-STATE-LIST-CARD-RANGE:accept', 'IN-STATE-LIST-CARD-RANGE:refuse', 'IN-VAL-PAN-COUNTS'),
  async ({ instApi, instReq }) => {
    // Two ranges the target holds (INSTALLMENTS_ACCOUNT_RANGES), each card Luhn-valid inside one of them.
    const first = instReq.heldRange()!;
    const second = instReq.heldRange(16, first)!;
    // heldRange skips, with its reason, on a target holding one range of 16 digits only.
    const [a, b, c, d] = [instReq.listPan(16, first), instReq.listPan(16, second), instReq.listPan(16, first), instReq.listPan(16, second)];
    // The card of the other range sent last: a list taking the range of its last card, or of most of its cards, differs from
    // one taking its first card's (provider 2.0.0 PanRegistrationWithEncryptedValueRequest: the first valid account range).
    const { res: created, panListId } = await instReq.newList(instApi, 'First range found', [a, c, b]);
    underRule(
      test.info(),
      'IN-STATE-LIST-CARD-RANGE',
      () =>
        expect(
          { successfulCount: created.body?.successfulCount, failureCount: created.body?.failureCount },
          `a new list given two cards of the range its first card falls in, then one of another held range: received ${created.body?.successfulCount} successful / ${created.body?.failureCount} failed, documented 2 / 1`,
        ).toEqual({ successfulCount: '2', failureCount: '1' }),
      'registerPans',
    );
    // Added later, by the list's id, each in a request of its own (provider 2.0.0 ExistingPanListIdRegistrationRequest: pans
    // added to an existing list are validated against the range associated to it): a card of another held range alone, first,
    // so that a list which kept its range for its creation request only would take it as its first card; then one of its range.
    for (const [card, what, counts] of [
      [d, 'a card of another held range alone', { successfulCount: '0', failureCount: '1' }],
      [instReq.listPan(16, first), "a card of the list's range", { successfulCount: '1', failureCount: '0' }],
    ] as const) {
      const added = await instApi.call('registerPans', { body: { panListId, ...(await instReq.pansOf(card)) } });
      expect(added.status, `${what}: ${added.text.slice(0, 200)}`).toBe(200);
      // Which card the list takes is this rule's judgement, not the counts' (IN-VAL-PAN-COUNTS: what a count counts).
      underRule(
        test.info(),
        'IN-STATE-LIST-CARD-RANGE',
        () =>
          expect(
            { successfulCount: added.body?.successfulCount, failureCount: added.body?.failureCount },
            `added later by the list's id, ${what}: received ${added.body?.successfulCount} successful / ${added.body?.failureCount} failed, documented ${counts.successfulCount} / ${counts.failureCount} (validated against the range the list's first card fell in at its creation)`,
          ).toEqual(counts),
        'registerPans',
      );
    }
    // Which cards the list holds, not only how many (counts alike whichever card was taken): each card of the creation
    // deregistered alone (provider 2.0.0 deregisterPans: a card the list holds counted successful, one it does not counted
    // failed). The first card's range is the list's: its cards are held, the card of the other range is not.
    for (const [card, what, held] of [
      [a, 'the first card of the creation (its range the one validated against)', true],
      [b, 'the card of the other held range, sent last at the creation', false],
    ] as const) {
      const removed = await instApi.call('deregisterPans', { body: { panListId, ...(await instReq.pansOf(card)) } });
      expect(removed.status, `deregistering ${what}: ${removed.text.slice(0, 200)}`).toBe(200);
      const counts = held ? { successfulCount: '1', failureCount: '0' } : { successfulCount: '0', failureCount: '1' };
      underRule(
        test.info(),
        'IN-STATE-LIST-CARD-RANGE',
        () =>
          expect(
            { successfulCount: removed.body?.successfulCount, failureCount: removed.body?.failureCount },
            `${what}, deregistered alone: received ${removed.body?.successfulCount} successful / ${removed.body?.failureCount} failed, documented ${counts.successfulCount} / ${counts.failureCount} (the list ${held ? 'holds' : 'never took'} it)`,
          ).toEqual(counts),
        'registerPans',
      );
    }
  },
);

// A list created without a range: the provider's examples do not say whether one given later is taken; either is right. Taken
// (200), it is kept: a registration accepted keeps its range (IN-STATE-LIST-RANGE), so the range's cards at both ends, never
// registered themselves, get offers (provider 2.0.0 AccountRange: low and high).
test(
  'a registration with an account range into an existing list that has none is answered 200 or 400, never 5xx; accepted, the range is kept @provider',
  rules('IN-STATE-LIST-RANGE'),
  async ({ instApi, instReq }) => {
    const range = instReq.heldRange()!;
    const { panListId } = await instReq.newList(instApi, 'List without a range', [instReq.listPan(16, range)]);
    const res = await instApi.call('registerPans', {
      body: { panListId, accountRange: range, ...(await instReq.pansOf(instReq.listPan(16, range))) },
    });
    expect([200, 400], `a range for a list without one (answered ${res.status})`).toContain(res.status);
    if (res.status !== 200) return;
    for (const [end, card] of [
      ['low', luhnNear(range.accountRangeLow, true)],
      ['high', luhnNear(range.accountRangeHigh, false)],
    ] as const) {
      const offers = await instApi.call('approvedOffers', { body: await instReq.offersBody(card) });
      expect(offers.status, `the card at the ${end} end of the range the list took gets offers (the range kept)`).toBe(200);
    }
  },
);

// provider 2.0.0, registerPans 400 example InvalidAccountRangeForNewPanList: a new list's accountRange must be one the system
// holds. A range is held as a whole, its two ends together: over each end kept or moved (one step down and up, the length
// kept), every range but the held one itself is refused, those sharing one end with it among them, and the held one with its
// ends swapped; the held one is accepted.
test(
  'a new list given a range sharing one end, or neither, with a held account range is 400 invalid.accountRange, its ends swapped not created; the held range itself is accepted @provider',
  rules('IN-STATE-HELD-RANGE'),
  async ({ inst, instApi, instReq }) => {
    const held = instReq.heldRange()!;
    const n = held.accountRangeLow.length;
    const moved = (end: string) =>
      [BigInt(end) - 1n, BigInt(end) + 1n].map((v) => v.toString().padStart(n, '0')).filter((v) => v.length === n);
    const isHeld = (r: { accountRangeLow: string; accountRangeHigh: string }) =>
      inst.accountRanges.some((h) => h.accountRangeLow === r.accountRangeLow && h.accountRangeHigh === r.accountRangeHigh);
    const lows = [held.accountRangeLow, ...moved(held.accountRangeLow)];
    const highs = [held.accountRangeHigh, ...moved(held.accountRangeHigh)];
    let refused = 0;
    for (const accountRangeLow of lows)
      for (const accountRangeHigh of highs) {
        const range = { accountRangeLow, accountRangeHigh };
        // Another range the target holds whole (the test data's), or the held one: not a range this property refuses.
        if (isHeld(range) || accountRangeLow > accountRangeHigh) continue;
        const res = await instApi.call('registerPans', { body: { panListName: 'Range by its ends', accountRange: range } });
        const kept = [accountRangeLow === held.accountRangeLow && 'low', accountRangeHigh === held.accountRangeHigh && 'high'].filter(
          Boolean,
        );
        expectErrors(res, 400);
        // provider 2.0.0 InvalidAccountRangeForNewPanList: its ReasonCode.
        expect(
          res.body.Errors.Error[0].ReasonCode,
          `the range ${kept.length ? `keeping only the ${kept[0]} end` : 'moving both ends'}`,
        ).toBe('invalid.accountRange');
        refused++;
      }
    expect(refused, 'ranges sharing one end with the held one were sent').toBeGreaterThanOrEqual(4);
    // The held range with its ends given in the other order (its high end as accountRangeLow): a range the system holds is held
    // low end and high end (provider 2.0.0 AccountRange: accountRangeLow, accountRangeHigh), so this one is not held. No document
    // names the refusal of a range whose low end is above its high end apart, so it is judged not created: refused 4xx, no list.
    const swapped = { accountRangeLow: held.accountRangeHigh, accountRangeHigh: held.accountRangeLow };
    if (!isHeld(swapped)) {
      const res = await instApi.call('registerPans', { body: { panListName: 'Range ends swapped', accountRange: swapped } });
      expect(res.status, 'the held range with its ends swapped: refused, no list created').toBeGreaterThanOrEqual(400);
      expect(res.status, 'the held range with its ends swapped: refused, no list created').toBeLessThan(500);
    }
    const res = await instApi.call('registerPans', { body: { panListName: 'Range held', accountRange: held } });
    expect(res.status, 'the held range itself').toBe(200);
  },
);
