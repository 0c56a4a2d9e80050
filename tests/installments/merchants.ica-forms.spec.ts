// Covers: an acquirer ICA of each form (provider 2.0.0 AcquirerIca: 6, 9 or 11 digits) through every reader (seed 001,
// Endpoints; provider 2.0.0 MerchantParticipation, MerchantDetails, MidDetailsPage): never cut, padded or prefix-matched.
import { citing, exampleParticipation, expect, loadContract, rules, test, textForms } from '../../fixtures/installments.js';

type Merchant = Record<string, any>;

const CONTRACT = await loadContract('installments');
/** Whether the contract admits a value as an acquirer ICA (AcquirerIca: 6, 9 or 11 digits). */
const isIca = (value: string) => CONTRACT.component('AcquirerIca')(value) === true;
/** The lengths the contract admits for an ICA, read from it (a string of zeros of each length). */
const ICA_LENGTHS = Array.from({ length: 20 }, (_, i) => i + 1).filter((n) => isIca('0'.repeat(n)));

test(
  'an acquirer ICA of each form is answered whole by every reader, and a search by its first six or nine digits, or by the ICA with leading zeros added or dropped, finds only merchants of that exact ICA @provider',
  rules(
    ...citing('IN-ECHO-ICA-FORMS', '@by-request', '@list', '@search', '@mids'),
    'IN-ECHO-PARTICIPATION',
    ...citing('IN-FILTER-ICA', ':accept', ':refuse'),
    ...citing('IN-FILTER-ICA-TEXT', '@search', '@mids'),
  ),
  async ({ instApi, inst, instReq }) => {
    const icas = inst.knownAcquirerIcas;
    test.skip(icas.length === 0, 'needs an acquirer ICA the target knows (INSTALLMENTS_KNOWN_ACQUIRER_ICA)');
    const word = `Ica${Date.now().toString(36)}`;
    const sent = icas.map((ica, i) => exampleParticipation(ica, { merchantLegalName: `${word} Form${i} ${ica.length}` }));
    const { merchants: byRequest } = await instReq.effectuated(instApi, sent);

    const wrong: string[] = [];
    const mine = (list: Merchant[]) => list.filter((m) => sent.some((s) => s.merchantLegalName === m.merchantLegalName));
    /** Each of our merchants a reader answers, its ICA against the one submitted with that name. */
    const compare = (reader: string, list: Merchant[]) => {
      for (const got of mine(list)) {
        const own = sent.find((s) => s.merchantLegalName === got.merchantLegalName)!;
        if (got.acquirerICA !== undefined && got.acquirerICA !== own.acquirerICA)
          wrong.push(
            `${reader}: ${got.merchantLegalName} answered acquirerICA ${JSON.stringify(got.acquirerICA)}, submitted '${own.acquirerICA}'`,
          );
      }
    };
    compare('by request_id', byRequest);
    if (mine(byRequest).length !== sent.length) wrong.push(`by request_id: ${mine(byRequest).length} of ${sent.length} merchants answered`);

    compare(
      'the completed list',
      await instReq.completedList(
        instApi,
        sent.map((s) => s.merchantLegalName),
      ),
    );

    // A search by each known ICA and by its first six and nine digits: exactly the merchants of the criterion.
    const criteria = [...new Set(icas.flatMap((ica) => [ica, ica.slice(0, 6), ica.slice(0, 9)]))].filter(isIca);
    for (const acquirerICA of criteria) {
      const found = mine(await instReq.searchAll(instApi, { acquirerICA }));
      compare(`the merchant search by '${acquirerICA}'`, found);
      const names = found.map((m) => m.merchantLegalName).sort();
      const expected = sent
        .filter((s) => s.acquirerICA === acquirerICA)
        .map((s) => s.merchantLegalName)
        .sort();
      if (JSON.stringify(names) !== JSON.stringify(expected))
        wrong.push(`the merchant search by '${acquirerICA}' found ${JSON.stringify(names)}, expected ${JSON.stringify(expected)}`);
    }

    // The same ICA written another way (zeros added or dropped) is another ICA: it finds none of our merchants or MIDs.
    for (const s of sent)
      for (const acquirerICA of textForms(s.acquirerICA, ICA_LENGTHS).filter((f) => isIca(f) && !icas.includes(f))) {
        const found = mine(await instReq.searchAll(instApi, { acquirerICA })).map((m) => m.merchantLegalName);
        if (found.length) wrong.push(`the merchant search by '${acquirerICA}' (not '${s.acquirerICA}') found ${JSON.stringify(found)}`);
        const mids = await instReq.midSearch(instApi, { ...s, acquirerICA });
        // It names no merchant: provider 2.0.0 says not how that is answered, so its 400 or a page of no MID.
        if (mids.status !== 400 && (mids.status !== 200 || (mids.body.mids ?? []).length))
          wrong.push(`the MID search of ${s.merchantLegalName} under '${acquirerICA}': ${mids.status} ${JSON.stringify(mids.body.mids)}`);
      }

    for (const s of sent) {
      const mids = await instReq.midSearch(instApi, s);
      expect(mids.status, `the MID search of ${s.merchantLegalName}`).toBe(200);
      compare('the MID search', [{ ...mids.body, merchantLegalName: mids.body.merchantLegalName ?? s.merchantLegalName }]);
    }
    expect(wrong, `every reader answers each ICA form (${icas.map((i) => i.length).join(', ')} digits) whole`).toEqual([]);
  },
);
