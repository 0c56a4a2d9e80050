// Covers: mid and maid criteria compared as text (provider 2.0.0, MerchantMidSearchParameters.mid, MerchantSearchParameters
// .maid), and a MID search's merchant named by legal name, country and ICA together (seed 001, Endpoints).
import { exampleParticipation, expect, participationRequestId, rules, test } from '../../fixtures/installments.js';
import { underRule } from '../../helpers/client/annotations.js';

test(
  'a MID and a maid with leading zeros, the same digits without them and the first digits of a MID are each found alone @provider',
  rules('IN-STATUS-PARTICIPATION', 'IN-FILTER-MID:accept', 'IN-FILTER-MID:refuse', 'IN-FILTER-MAID:accept', 'IN-FILTER-MAID:refuse'),
  async ({ instApi, inst, instReq }) => {
    test.skip(
      !inst.knownAcquirerIca,
      'needs an acquirer ICA the target knows, so that a participation completes (set INSTALLMENTS_KNOWN_ACQUIRER_ICA)',
    );
    const digits = String(100_000 + Math.floor(Math.random() * 800_000));
    // MIDs: the digits, the digits after two zeros, and the digits followed by two more.
    const mids = [digits, `00${digits}`, `${digits}42`];
    const name = `Exact ids ${Date.now().toString(36)}`;
    // Maids (at most six): the digits' first four, and the same after two zeros, on two MAID merchants of the one name;
    // the MIDs on a MID merchant of its own name (exampleParticipation: a merchant is MID or MAID based).
    const maids = [digits.slice(0, 4), `00${digits.slice(0, 4)}`];
    const maidMerchants = maids.map((maid, i) =>
      exampleParticipation(inst.knownAcquirerIca!, { merchantLegalName: name, countryCode: i ? 'CAN' : 'USA', maid }),
    );
    const midMerchant = exampleParticipation(inst.knownAcquirerIca!, { merchantLegalName: `${name} mids`, mids });
    const submitted = await instApi.call('postMerchantParticipations', { body: [midMerchant, ...maidMerchants] });
    // provider 2.0.0, postMerchantParticipations 202 and its Location: the request id the readers take.
    underRule(test.info(), 'IN-STATUS-PARTICIPATION', () => expect(submitted.status, 'the participations are accepted').toBe(202));
    const requestId = participationRequestId(submitted.headers.location) ?? '';
    await instReq.awaitEffectuation(instApi, requestId);

    const wrong: string[] = [];
    for (const mid of mids) {
      const res = await instReq.midSearch(instApi, midMerchant, { mid });
      expect(res.status, `the MID search for '${mid}'`).toBe(200);
      const found = ((res.body.mids ?? []) as { mid: unknown }[]).map((m) => m.mid);
      if (JSON.stringify(found) !== JSON.stringify([mid])) wrong.push(`mid '${mid}' answered ${JSON.stringify(found)}`);
    }
    for (const [i, maid] of maids.entries()) {
      const found = (await instReq.searchAll(instApi, { merchantLegalName: name, maid })).filter((m) => m.merchantLegalName === name);
      const countries = found.map((m) => m.countryCode);
      const expected = [maidMerchants[i].countryCode];
      if (JSON.stringify(countries) !== JSON.stringify(expected))
        wrong.push(`maid '${maid}' found the merchants of ${JSON.stringify(countries)}, expected ${JSON.stringify(expected)}`);
    }
    expect(wrong, 'each id is found alone, as text').toEqual([]);
  },
);

// Two namesakes of one acquirer in two countries, flags the other way: each MID page shows its own MIDs and flags
// (seed 001, "the mids of a given merchant"; provider 2.0.0, MidDetailsPage optIn).
test(
  'a MID search answers the MIDs and flags of the merchant of the country searched, not those of its namesake of another country @seed',
  rules('IN-FILTER-MID-MERCHANT:refuse', 'IN-FILTER-MID-MERCHANT:accept', 'IN-ECHO-MIDSEARCH', 'IN-ECHO-PARTICIPATION-DETAILS@mids'),
  async ({ instApi, instReq, inst }) => {
    test.skip(
      !inst.knownAcquirerIca,
      'needs an acquirer ICA the target knows, so that a participation completes (set INSTALLMENTS_KNOWN_ACQUIRER_ICA)',
    );
    const a = exampleParticipation(inst.knownAcquirerIca!, { optIn: 'Y', nonMerchantNegotiatedParticipation: 'N' });
    const b = exampleParticipation(inst.knownAcquirerIca!, {
      merchantLegalName: a.merchantLegalName,
      countryCode: 'CAN',
      optIn: 'N',
      nonMerchantNegotiatedParticipation: 'Y',
    });
    await instReq.effectuated(instApi, [a, b]);
    // Which MIDs a page answers (IN-FILTER-MID-MERCHANT) apart from what the page shows of its merchant (IN-ECHO-MIDSEARCH).
    const wrongMids: string[] = [];
    const wrongFlags: string[] = [];
    for (const mine of [a, b]) {
      const mids = await instReq.midSearch(instApi, mine);
      expect(mids.status, `the MID search of the merchant of ${mine.countryCode}`).toBe(200);
      const got = ((mids.body.mids ?? []) as { mid: string }[]).map((m) => m.mid).sort();
      const own = [...mine.mids].sort();
      if (JSON.stringify(got) !== JSON.stringify(own))
        wrongMids.push(`${mine.countryCode}: received mids ${JSON.stringify(got)}, documented its own ${JSON.stringify(own)}`);
      // optIn alone: "where both fields are provided, the optIn field will take precedence" (provider 2.0.0).
      if (mids.body.optIn !== undefined && mids.body.optIn !== mine.optIn)
        wrongFlags.push(`${mine.countryCode}: received optIn ${mids.body.optIn}, documented ${mine.optIn}`);
    }
    underRule(
      test.info(),
      'IN-FILTER-MID-MERCHANT',
      () => expect(wrongMids, "each page answers its own merchant's MIDs").toEqual([]),
      'postMerchantMidSearches',
    );
    underRule(
      test.info(),
      'IN-ECHO-MIDSEARCH',
      () => expect(wrongFlags, "each page shows its own merchant's optIn").toEqual([]),
      'postMerchantMidSearches',
    );
  },
);

// A merchant submitted again with its flags the other way (provider 2.0.0 postMerchantParticipations: a known merchant's
// submission updates it) holds the flags of that update: its MID page shows them, not the first submission's
// (MidDetailsPage optIn: the merchant's).
test(
  'a MID search after a merchant is updated with its optIn the other way shows the optIn of the update @provider',
  rules('IN-ECHO-MIDSEARCH', 'IN-FILTER-MID-MERCHANT:accept'),
  async ({ instApi, instReq, inst }) => {
    test.skip(
      !inst.knownAcquirerIca,
      'needs an acquirer ICA the target knows, so that a participation completes (set INSTALLMENTS_KNOWN_ACQUIRER_ICA)',
    );
    const first = exampleParticipation(inst.knownAcquirerIca!, { optIn: 'Y', nonMerchantNegotiatedParticipation: 'N' });
    await instReq.effectuated(instApi, [first]);
    const update = { ...first, optIn: 'N', nonMerchantNegotiatedParticipation: 'Y' };
    await instReq.effectuated(instApi, [update]);
    const page = await instReq.midSearch(instApi, update);
    expect(page.status, 'the MID search of the updated merchant').toBe(200);
    underRule(
      test.info(),
      'IN-ECHO-MIDSEARCH',
      () => expect(page.body.optIn ?? update.optIn, "the MID page's optIn, the merchant's since its update").toBe(update.optIn),
      'postMerchantMidSearches',
    );
  },
);
