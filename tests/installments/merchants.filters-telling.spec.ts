// Covers: postMerchantParticipations, postMerchantSearches by maid and postMerchantMidSearches by
// mid, with values a loose comparison cannot tell apart (provider 2.0.0 MerchantSearchParameters.maid,
// MerchantMidSearchParameters.mid: letters and digits, compared as strings): a value with leading
// zeros and the same digits without them, and a value that is another's prefix. Every merchant or
// MID found is compared with the set the criterion selects: nothing extra, nothing missing.
import { exampleParticipation, expect, rules, test } from '../../fixtures/installments.js';

/** Digits not starting with zero (so the forms below are distinct values). */
const digits = (n: number) =>
  `${1 + Math.floor(Math.random() * 9)}${Array.from({ length: n - 1 }, () => Math.floor(Math.random() * 10)).join('')}`;

test(
  'a MID search by mid answers that MID only, not one with its digits less the leading zeros or one it is a prefix of @provider',
  rules('IN-FILTER-MID:accept', 'IN-FILTER-MID:refuse'),
  async ({ instApi, instReq, inst }) => {
    test.skip(!inst.knownAcquirerIca, 'needs an acquirer ICA the target knows (INSTALLMENTS_KNOWN_ACQUIRER_ICA)');
    const core = digits(7);
    // One merchant's MIDs: the same digits with and without leading zeros, and a longer one starting with the first.
    const mids = [`00${core}`, core, `00${core}000`];
    const merchant = exampleParticipation(inst.knownAcquirerIca!, { mids });
    const requestId = await instReq.submitParticipations(instApi, [merchant]);
    await instReq.awaitEffectuation(instApi, requestId);
    for (const mid of mids) {
      const res = await instApi.call('postMerchantMidSearches', {
        body: { merchantLegalName: merchant.merchantLegalName, countryCode: merchant.countryCode, acquirerICA: merchant.acquirerICA, mid },
      });
      expect(res.status).toBe(200);
      expect(
        ((res.body.mids ?? []) as { mid: string }[]).map((m) => m.mid),
        `the MIDs found by mid ${mid} (the merchant's: ${mids.join(', ')})`,
      ).toEqual([mid]);
    }
  },
);

test(
  'a merchant search by maid finds the merchants of that maid only, not a maid of the same digits without leading zeros or one it is a prefix of @provider',
  rules('IN-FILTER-MAID:accept', 'IN-FILTER-MAID:refuse'),
  async ({ instApi, instReq, inst }) => {
    test.skip(!inst.knownAcquirerIca, 'needs an acquirer ICA the target knows (INSTALLMENTS_KNOWN_ACQUIRER_ICA)');
    const core = digits(4);
    const maids = [`00${core}`, core, `00${core.slice(0, 3)}`];
    const merchants = maids.map((maid) => exampleParticipation(inst.knownAcquirerIca!, { maid }));
    const requestId = await instReq.submitParticipations(instApi, merchants);
    await instReq.awaitEffectuation(instApi, requestId);
    for (const maid of maids) {
      const found = await instReq.searchAll(instApi, { maid });
      // provider 2.0.0, MerchantSearch.maids (nothing required): every merchant that shows its maids has this one.
      const shown = found.map((m) => (m.maids ?? (m.maid === undefined ? undefined : [m.maid])) as string[] | undefined);
      expect(
        shown.filter((x) => x !== undefined && !x.includes(maid)),
        `the maids of merchants found by maid ${maid} (the request's: ${maids.join(', ')})`,
      ).toEqual([]);
      const ours = found.filter((m) => merchants.some((x) => x.merchantLegalName === m.merchantLegalName)).map((m) => m.merchantLegalName);
      expect(ours, `the merchants of maid ${maid}`).toEqual([merchants[maids.indexOf(maid)].merchantLegalName]);
    }
  },
);
