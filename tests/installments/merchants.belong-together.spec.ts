// Covers: postMerchantParticipations, getMerchantParticipations (by request_id),
// postMerchantSearches (acquirerICA alone and with the legal name) and postMerchantMidSearches:
// the merchant a search names by legal name, country and acquirer ICA together (seed 001,
// Endpoints: search merchants "by merchant name, or country code, or acquirer ICA", search "the
// mids of a given merchant"; provider 2.0.0 MerchantSearchParameters, MerchantMidSearchParameters).
// Two merchants share a legal name and a country and differ only by their acquirer, one ICA the
// other's prefix (both well formed), so that a search that drops the ICA, or matches it by prefix,
// answers the other acquirer's merchant.
import { exampleParticipation, expect, rules, test } from '../../fixtures/installments.js';

/** A well-formed acquirer ICA (6, 9 or 11 digits) of which `ica` is a prefix, or that is a prefix of it. */
const relatedIca = (ica: string) => (ica.length === 6 ? `${ica}000` : ica.length === 9 ? `${ica}00` : ica.slice(0, 9));

test(
  'a merchant search by acquirerICA and a MID search answer the merchant of that acquirer only, not its namesake of another ICA @seed',
  rules('IN-FILTER-MID-MERCHANT:refuse', 'IN-FILTER-MID-MERCHANT:accept', 'IN-FILTER-ICA:refuse', 'IN-FILTER-ICA:accept'),
  async ({ instApi, instReq, inst }) => {
    test.skip(!inst.knownAcquirerIca, 'needs an acquirer ICA the target knows (INSTALLMENTS_KNOWN_ACQUIRER_ICA)');
    const known = inst.knownAcquirerIca!;
    // provider 2.0.0 postMerchantParticipations identifies a MAID merchant by ICA, name and country in one
    // sentence and by name and country in the next: namesakes of one country under two acquirers are
    // MID merchants here, whose identity (ICA, name and country) it states once.
    const mid = { maid: undefined, maidType: undefined };
    const a = exampleParticipation(known, mid);
    const b = exampleParticipation(relatedIca(known), { ...mid, merchantLegalName: a.merchantLegalName });
    const requestId = await instReq.submitParticipations(instApi, [a, b]);
    await instReq.awaitEffectuation(instApi, requestId);

    for (const [mine, other] of [
      [a, b],
      [b, a],
    ]) {
      const what = `the merchant of ICA ${mine.acquirerICA} (its namesake's is ${other.acquirerICA})`;
      // seed 001: "the mids of a given merchant" - this acquirer's, none of the namesake's.
      const mids = await instApi.call('postMerchantMidSearches', {
        body: { merchantLegalName: mine.merchantLegalName, countryCode: mine.countryCode, acquirerICA: mine.acquirerICA },
      });
      expect(mids.status).toBe(200);
      expect(((mids.body.mids ?? []) as { mid: string }[]).map((m) => m.mid).sort(), `the MIDs of ${what}`).toEqual(
        [...(mine.mids as string[])].sort(),
      );
      // The name and the ICA together: this merchant alone.
      const both = await instReq.searchAll(instApi, { merchantLegalName: mine.merchantLegalName, acquirerICA: mine.acquirerICA });
      const ours = both.filter((m) => m.merchantLegalName === mine.merchantLegalName);
      expect(
        ours.map((m) => m.acquirerICA),
        `merchant search by the shared name and the ICA of ${what}`,
      ).toEqual([mine.acquirerICA]);
      expect(
        both.filter((m) => m.acquirerICA !== mine.acquirerICA).map((m) => m.acquirerICA),
        `merchants of another ICA found by ICA ${mine.acquirerICA}`,
      ).toEqual([]);
    }
    // The ICA alone: every merchant found is of that acquirer, ours among them (nothing extra, nothing missing).
    const byIca = await instReq.searchAll(instApi, { acquirerICA: known });
    expect([...new Set(byIca.map((m) => m.acquirerICA))], `acquirer ICAs found by ${known}`).toEqual([known]);
    expect(byIca.filter((m) => m.merchantLegalName === a.merchantLegalName).map((m) => m.acquirerICA)).toEqual([known]);
  },
);

// Two merchants share a legal name and an acquirer and differ by their country, each with its own
// flags (optIn Y and N, nonMerchantNegotiatedParticipation the other way): the MID page of each names
// its MIDs and answers its flags, never its namesake's (seed 001, "the mids of a given merchant";
// provider 2.0.0, MidDetailsPage optIn). The client's answer judge compares the page's flags with the
// participation of the name, country and ICA searched as well.
test(
  'a MID search answers the MIDs and flags of the merchant of the country searched, not those of its namesake of another country @seed',
  rules('IN-FILTER-MID-MERCHANT:refuse', 'IN-FILTER-MID-MERCHANT:accept', 'IN-ECHO-MIDSEARCH', 'IN-ECHO-PARTICIPATION-DETAILS@mids'),
  async ({ instApi, instReq, inst }) => {
    test.skip(!inst.knownAcquirerIca, 'needs an acquirer ICA the target knows (INSTALLMENTS_KNOWN_ACQUIRER_ICA)');
    const a = exampleParticipation(inst.knownAcquirerIca!, { optIn: 'Y', nonMerchantNegotiatedParticipation: 'N' });
    const b = exampleParticipation(inst.knownAcquirerIca!, {
      merchantLegalName: a.merchantLegalName,
      countryCode: 'CAN',
      optIn: 'N',
      nonMerchantNegotiatedParticipation: 'Y',
    });
    await instReq.awaitEffectuation(instApi, await instReq.submitParticipations(instApi, [a, b]));
    const wrong: string[] = [];
    for (const mine of [a, b]) {
      const mids = await instApi.call('postMerchantMidSearches', {
        body: { merchantLegalName: mine.merchantLegalName, countryCode: mine.countryCode, acquirerICA: mine.acquirerICA },
      });
      expect(mids.status, `the MID search of the merchant of ${mine.countryCode}`).toBe(200);
      const got = ((mids.body.mids ?? []) as { mid: string }[]).map((m) => m.mid).sort();
      if (JSON.stringify(got) !== JSON.stringify([...mine.mids].sort())) wrong.push(`${mine.countryCode}: mids ${JSON.stringify(got)}`);
      // optIn alone: "where both fields are provided, the optIn field will take precedence" (provider 2.0.0).
      if (mids.body.optIn !== undefined && mids.body.optIn !== mine.optIn) wrong.push(`${mine.countryCode}: optIn ${mids.body.optIn}`);
    }
    expect(wrong, "each page is its own merchant's").toEqual([]);
  },
);
