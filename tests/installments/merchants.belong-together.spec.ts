// Covers: postMerchantParticipations and postMerchantMidSearches: the merchant a MID search names by
// legal name, country and acquirer ICA together (seed 001, Endpoints: search "the mids of a given
// merchant"; provider 2.0.0 MerchantMidSearchParameters). The other criteria of the searches are the
// merchants model check's and the search-criteria property's (merchants.model.spec.ts,
// properties.search-criteria.spec.ts); the criteria in other forms are merchants.criteria-forms.spec.ts'.
import { exampleParticipation, expect, rules, test } from '../../fixtures/installments.js';

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
