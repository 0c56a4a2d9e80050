// Covers: every reader of a participation answers each member as submitted, byte for byte (seed 001, Endpoints; provider
// 2.0.0 MerchantParticipation, MerchantDetails, MidDetailsPage), with telling values and every enum and flag value.
import {
  citing,
  expect,
  mixedCase,
  NO_ACQUIRER_ICA,
  rules,
  tellingDigits,
  tellingText,
  test,
  exampleParticipation,
  enumOf,
  lengthOf,
  participationDetailsWrong,
} from '../../fixtures/installments.js';
import { loadContract } from '../../helpers/contract/contract.js';

type Merchant = Record<string, any>;

const CONTRACT = await loadContract('installments');
const NAME_MAX = lengthOf(CONTRACT, 'MerchantLegalName').max!;
// The longest value of each echoed free-text member: the contract's own maxima.
const LONGEST = {
  dbaName: lengthOf(CONTRACT, 'DbaNames', '[]').max!,
  walletMerchantId: lengthOf(CONTRACT, 'Wallet', 'walletMerchantId').max!,
  addressLine: lengthOf(CONTRACT, 'MerchantAddress', 'addressLine1').max!,
  city: lengthOf(CONTRACT, 'MerchantAddress', 'city').max!,
  state: lengthOf(CONTRACT, 'MerchantAddress', 'state').max!,
  postalCode: lengthOf(CONTRACT, 'MerchantAddress', 'postalCode').max!,
  websiteUrl: lengthOf(CONTRACT, 'WebsiteUrl').max!,
  duns: lengthOf(CONTRACT, 'Duns').max!,
};
/** The longest MID (provider 2.0.0: 1 to 15 letters or digits), with leading zeros and mixed case. */
const MID_MAX = 15;

/** Every maidType (provider 2.0.0, MaidType) and flag value (YesNo), one per participation in turn. */
const MAID_TYPES = enumOf(CONTRACT, 'MaidType') as string[];
const FLAGS = ['Y', 'N'];
/** Every walletId (Wallet.walletId, its range) a participation may name. */
const WALLET_IDS = (() => {
  const schema = CONTRACT.componentSchema('Wallet').properties.walletId;
  return Array.from({ length: schema.maximum - schema.minimum + 1 }, (_, i) => schema.minimum + i);
})();

/** A participation whose every echoed member can tell; `n` picks its enum and flag values. */
function tellingParticipation(acquirerICA: string, n = 0): Merchant {
  const base = exampleParticipation(acquirerICA);
  // Mixed-case host, default port and a dot segment, each allowed by WebsiteUrl's pattern (provider 2.0.0).
  const url = `https://${mixedCase('shop')}.Example.com:443/./${mixedCase('store')}-007/Ab_C?Ref=${mixedCase('echo')}007&p=`;
  return {
    ...base,
    merchantLegalName: tellingText(`Echo Merchant ${acquirerICA.length}`, { length: NAME_MAX }),
    merchantGroup: '07',
    // A dba name given twice: DbaNames has no uniqueItems (provider 2.0.0), so each reader answers both.
    dbaNames: [
      tellingText('Echo Store', { length: LONGEST.dbaName }),
      `${mixedCase('outlet')}  Nº 007 `,
      `${mixedCase('outlet')}  Nº 007 `,
      ` \t${mixedCase('tabbed')}\t\tOutlet 007 \t`,
    ],
    mids: [`00${mixedCase('mid')}${tellingDigits(MID_MAX - 5)}`, tellingDigits(9)],
    maid: `0${mixedCase('ab')}012`,
    duns: tellingDigits(LONGEST.duns),
    websiteUrl: `${url}${'aB0'.repeat(LONGEST.websiteUrl)}`.slice(0, LONGEST.websiteUrl),
    maidType: MAID_TYPES[n % MAID_TYPES.length],
    optIn: FLAGS[n % 2],
    nonMerchantNegotiatedParticipation: FLAGS[(n + 1) % 2],
    // Every walletId, accepted or not in turn, with telling merchant ids (Wallet.walletMerchantId: any text).
    wallets: WALLET_IDS.map((walletId, i) => ({
      walletId,
      walletAcceptance: FLAGS[(n + i) % 2],
      walletMerchantId: [
        `00${tellingText('wallet', { length: LONGEST.walletMerchantId - 3 })}Z`,
        `  ${mixedCase('wallet')}\t007  `,
        `\t0${mixedCase('pay')} \t Id\t`,
      ][i % 3],
    })),
    address: {
      addressLine1: tellingText('Main Street', { length: LONGEST.addressLine }),
      addressLine2: `${mixedCase('suite')}  007 `,
      addressLine3: ` \t${mixedCase('building')}\t 007 `,
      city: tellingText('City', { length: LONGEST.city }),
      state: mixedCase('uta').slice(0, LONGEST.state),
      postalCode: `01234-${mixedCase('abcdefghijklmnop')}`.slice(0, LONGEST.postalCode),
      countryCode: base.address.countryCode,
    },
  };
}

/** A participation whose texts start and end with punctuation (provider 2.0.0: any text); `n` picks the forms. */
function punctuatedParticipation(acquirerICA: string, n: number): Merchant {
  const base = tellingParticipation(acquirerICA, n);
  const tag = crypto.randomUUID().slice(0, 6);
  const names = [
    `"${mixedCase('quoted')} ${tag}" ${mixedCase('holdings')}, Inc.`,
    `'${tag} ${mixedCase('traders')}', Ltd.,`,
    `(${tag}) ${mixedCase('co')} S.A.!`,
  ];
  return {
    ...base,
    merchantLegalName: names[n % names.length],
    dbaNames: [`"${mixedCase('store')} ${tag}",`, `, ${mixedCase('outlet')} Nº 7.`, `'${mixedCase('kiosk')}'.`],
    address: {
      ...base.address,
      addressLine1: `${mixedCase('main')} St.`,
      addressLine2: `, ${mixedCase('suite')} 7,`,
      addressLine3: `"${mixedCase('bldg')}".`,
      city: `St. ${mixedCase('louis')}.`,
    },
  };
}

/** The problems of one reader's answer for the merchant (participationDetailsWrong; a MID page's flags, group and MIDs). */
function echoProblems(reader: string, got: Merchant | undefined, sent: Merchant): string[] {
  if (!got) return [`${reader}: the merchant is not answered`];
  const out: string[] = [];
  if (Array.isArray(got.mids) && got.mids.some((m: unknown) => typeof m === 'object' && m !== null)) {
    const { mids: pageMids, ...page } = got;
    out.push(...participationDetailsWrong(page, sent).map((p) => `${reader}: ${p}`));
    const mids = (pageMids as Merchant[]).map((m) => m.mid).sort();
    if (JSON.stringify(mids) !== JSON.stringify([...sent.mids].sort()))
      out.push(`${reader}: mids ${JSON.stringify(mids)}, submitted ${JSON.stringify(sent.mids)}`);
    return out;
  }
  return participationDetailsWrong(got, sent).map((p) => `${reader}: ${p}`);
}

// One participation per acquirer ICA the target knows (the mock: 6, 9 and 11 digits), read back through every reader.
test(
  'a participation reads back member by member as submitted through every reader, each acquirer ICA form and texts starting and ending with punctuation too: by request, the completed list, the merchant and MID searches @provider',
  rules('IN-ECHO-PARTICIPATION', ...citing('IN-ECHO-PARTICIPATION-DETAILS', '@by-request', '@list', '@search', '@mids')),
  async ({ instApi, inst, instReq }) => {
    test.skip(inst.knownAcquirerIcas.length === 0, NO_ACQUIRER_ICA);
    // Each ICA twice: telling texts, and texts that start and end with punctuation.
    const sent = inst.knownAcquirerIcas.flatMap((ica, n) => [tellingParticipation(ica, n), punctuatedParticipation(ica, n)]);
    const validate = CONTRACT.requestValidator('postMerchantParticipations')!;
    expect(validate(sent), `the telling participations are valid: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
    const { merchants: byRequest } = await instReq.effectuated(instApi, sent);
    const listed = await instReq.completedList(
      instApi,
      sent.map((m) => m.merchantLegalName),
    );
    const problems: string[] = [];
    for (const one of sent) {
      const ica = `(ICA of ${one.acquirerICA.length} digits)`;
      const search = await instApi.call('postMerchantSearches', { body: { merchantLegalName: one.merchantLegalName } });
      expect(search.status, 'the merchant search').toBe(200);
      const mids = await instReq.midSearch(instApi, one);
      expect(mids.status, 'the MID search').toBe(200);
      problems.push(
        ...echoProblems(
          `by request_id ${ica}`,
          byRequest.find((m) => m.merchantLegalName === one.merchantLegalName),
          one,
        ),
        ...echoProblems(
          `the completed list ${ica}`,
          listed.find((m) => m.merchantLegalName === one.merchantLegalName),
          one,
        ),
        ...echoProblems(
          `the merchant search ${ica}`,
          (search.body as Merchant[]).find((m) => m.merchantLegalName === one.merchantLegalName),
          one,
        ),
        ...echoProblems(`the MID search ${ica}`, mids.body as Merchant, one),
      );
    }
    expect(problems, 'every member a reader answers is the one submitted').toEqual([]);
  },
);
