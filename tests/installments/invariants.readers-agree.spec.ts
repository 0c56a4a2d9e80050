// Covers: two readers of one object agree (IN-PROP-READERS-AGREE; seed 001, Endpoints; provider 2.0.0
// MerchantMidSearchParameters), and a path id names one plan only (exact-id.ts, IN-PROP-ID-NAMES-ONE). The merchants' legal
// name carries the characters an HTML encoder changes, so every reader of them (by request_id, the completed list, the searches)
// is held to the name sent by the client's echo net (normalisedEchoConformance, filed IN-ECHO-PARTICIPATION-DETAILS).
import { exampleParticipation, loadContract, rules, test } from '../../fixtures/installments.js';
import { byIdReaders } from '../../helpers/client/invariants/exact-id.js';
import { isRead } from '../../helpers/client/invariants/kit.js';
import type { PropertyException } from '../../helpers/client/property-counts.js';
import { judgeIdNamesOne, judgeReadersAgree, type ReaderCall, readTwice, showingOf } from '../shared/readers-agree.js';
import { noteCoverage } from '../shared/property.js';

const contract = await loadContract('installments');
const READERS = [...contract.operations.values()].filter(isRead);
const BY_ID = byIdReaders(READERS);
/** The last items of the completed merchants read (the check's own, effectuated last, among them). */
const TAIL = 50;

test(
  'an object every reader shows reads the same on each of them, and a plan’s path id names that plan only @assumption',
  rules('IN-PROP-READERS-AGREE', 'IN-PROP-ID-NAMES-ONE'),
  async ({ inst, instApi, instReq }) => {
    const exceptions: PropertyException[] = [];
    const calls: ReaderCall[] = [];
    const reader = (id: string) => READERS.find((r) => r.operationId === id)!;
    const missing = new Map<string, string>();
    // Two merchants of one legal name in two countries, every member set with telling values, flags the other way round.
    if (inst.knownAcquirerIca) {
      const ica = inst.knownAcquirerIca;
      // A legal name with an ampersand, an apostrophe and angle brackets (provider 2.0.0 MerchantLegalName: ^.{1,300}, any
      // character but a line break): a reader answering it escaped for HTML, or otherwise altered, differs from the one sent.
      const telling = exampleParticipation(ica);
      const first: Record<string, any> = { ...telling, merchantLegalName: `${telling.merchantLegalName}& O'Hara <Co> ` };
      const merchants = [
        first,
        exampleParticipation(ica, {
          merchantLegalName: first.merchantLegalName,
          countryCode: 'CAN',
          // Both flags N: optIn takes precedence where they differ (provider 2.0.0), so only equal flags judge the legacy one.
          optIn: 'N',
          nonMerchantNegotiatedParticipation: 'N',
        }),
      ].map(
        (m, i): Record<string, any> => ({
          ...m,
          // A name twice, one ending in a comma: a set of names read as a set keeps both.
          dbaNames: [`${m.dbaNames[0]} Ünit  0${i}`, `  Dba & "Co" ${i}  Store,`, m.dbaNames[0], m.dbaNames[0]],
          duns: `00${i}4567`,
          websiteUrl: `https://Shop-0${i}.Example.test/Path/A%20B?Q=1&r=Two`,
          wallets: [
            { walletId: 3, walletAcceptance: 'N', walletMerchantId: ` W0${i}  wallet ` },
            { walletId: 1, walletAcceptance: 'Y', walletMerchantId: `\tW-1${i}` },
          ],
          address: { ...m.address, addressLine2: `Suite  0${i}`, addressLine3: ` Floor 0${i} `, state: 'AZ', postalCode: `0${i}501` },
        }),
      );
      // On the mock each merchant is sent twice, the first with other values; a sandbox's once (real time).
      if (inst.control) {
        const earlier = merchants.map((m) => ({
          ...m,
          optIn: m.optIn === 'Y' ? 'N' : 'Y',
          nonMerchantNegotiatedParticipation: m.nonMerchantNegotiatedParticipation === 'Y' ? 'N' : 'Y',
          dbaNames: ['Earlier name'],
          address: { ...m.address, city: 'Earlier' },
        }));
        await instReq.awaitEffectuation(instApi, await instReq.submitParticipations(instApi, earlier));
      }
      const requestId = await instReq.submitParticipations(instApi, merchants);
      await instReq.awaitEffectuation(instApi, requestId);
      // The completed merchants: their count first, then the last page (the check's own merchants were completed last).
      const head = await instApi.call('getMerchantParticipations', { query: { offset: 0, limit: 1 } });
      const total = Number(head.headers.total ?? 0);
      calls.push(
        { reader: reader('getMerchantParticipations'), call: { query: { request_id: requestId } }, what: 'by request_id' },
        {
          reader: reader('getMerchantParticipations'),
          call: { query: { offset: Math.max(0, total - TAIL), limit: TAIL } },
          what: 'the completed merchants',
        },
        { reader: reader('postMerchantSearches'), call: { body: { merchantLegalName: first.merchantLegalName } } },
        ...merchants.map((m) => ({
          reader: reader('postMerchantMidSearches'),
          call: { body: { merchantLegalName: m.merchantLegalName, countryCode: m.countryCode, acquirerICA: m.acquirerICA } },
          what: m.countryCode,
        })),
      );
    } else
      for (const id of ['getMerchantParticipations', 'postMerchantSearches', 'postMerchantMidSearches'])
        missing.set(id, 'needs an acquirer ICA the target knows (INSTALLMENTS_KNOWN_ACQUIRER_ICA) to make merchants');
    // Two plans, each read by every reader of a plan.
    if (inst.eligiblePan) {
      const plans = [await instReq.createPlan(instApi), await instReq.createPlan(instApi)];
      for (const r of READERS.filter((o) => o.path.endsWith('/{plan_id}')))
        for (const plan of plans) calls.push({ reader: r, call: { path: { plan_id: plan.planId } }, what: plan.planId });
    } else
      for (const { reader: r } of BY_ID)
        missing.set(r.operationId, 'needs a card the target offers installments for (INSTALLMENTS_ELIGIBLE_PAN) to make a plan');

    // Two rounds, every call once in each: a leaf differing between a call's rounds moved on its own.
    const twice = await readTwice(calls, async () => {
      const out = [];
      for (const { reader: r, call } of calls) out.push(await instApi.callOperation(r, call));
      return out;
    });
    exceptions.push(...[...missing].map(([operationId, reason]) => ({ operationId, reason })));
    const { violations, checked } = judgeReadersAgree(contract, 'IN-PROP-READERS-AGREE', READERS, twice, exceptions);

    // A path id names exactly its object (IN-PROP-ID-NAMES-ONE).
    const { reads } = twice;
    const exact = await judgeIdNamesOne('IN-PROP-ID-NAMES-ONE', {
      contract,
      byId: BY_ID,
      calls,
      first: twice.first,
      showing: showingOf(calls, twice.first),
      send: (reader, call) => instApi.callOperation(reader, call),
      notRead: (operationId, status) => missing.get(operationId) ?? `its call answered ${status ?? 'no answer'} here`,
    });
    noteCoverage(
      `readers-agree: ${reads.length} reads of ${new Set(reads.map((r) => r.reader.operationId)).size} readers, ${checked.length} showing an object another shows`,
    );
    violations.expectNone();
    exact.expectNone();
  },
);
