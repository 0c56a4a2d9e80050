// Covers: every merchant reader shows the latest write (IN-PROP-LATEST-WRITE, an assumption; seed 001, Endpoints;
// reference/installments.md, flows; MidSearchRequest names the merchant).
import { citing, exampleParticipation, expect, loadContract, rules, test } from '../../fixtures/installments.js';
import { otherValues } from '../../helpers/client/invariants/echo.js';
import { isRead, leavesOf } from '../../helpers/client/invariants/kit.js';
import { countRule } from '../shared/property.js';

type Merchant = Record<string, any>;
const contract = await loadContract('installments');
const WRITER = contract.operations.get('postMerchantParticipations')!;
const collection = WRITER.path.split('/').slice(0, 2).join('/');
const READERS = [...contract.operations.values()].filter((op) => isRead(op) && op.path.startsWith(`${collection}/`));
/** The members naming a merchant: those a search requires (a search naming one merchant). */
const IDENTITY = [
  ...new Set(
    READERS.flatMap((op) =>
      op.requestBody?.schema ? ((contract.resolveSchema(op.requestBody.schema) as { required?: string[] }).required ?? []) : [],
    ),
  ),
];
/** What a second submission keeps: the merchant's name, its MAID and its duns (provider 2.0.0 postMerchantParticipations: a MAID "becomes immutable" once entered; duns "cannot be modified"). */
const KEPT = [...IDENTITY, 'maid', 'duns'];
const ITEM = (contract.resolveSchema(WRITER.requestBody!.schema) as { items?: unknown }).items;

/** The string and scalar leaves of a value, as text. */
const leafTexts = (v: unknown) => new Set([...leavesOf(v).values()].map((x) => JSON.stringify(x)));

type Api = Parameters<Parameters<typeof test>[2]>[0]['instApi'];

/** The items each reader of merchants answers for the merchant `m` names (its name, country and ICA), each reader answering it. */
async function readEverywhere(instApi: Api, m: Merchant): Promise<[(typeof READERS)[number], Merchant[]][]> {
  const named = Object.fromEntries(IDENTITY.map((k) => [k, m[k]]));
  const read: [(typeof READERS)[number], Merchant[]][] = [];
  for (const reader of READERS) {
    const items: Merchant[] = [];
    if (reader.requestBody?.schema) {
      const res = await instApi.call(reader.operationId as 'postMerchantSearches', { body: named });
      expect(res.status, `${reader.operationId} names the merchant`).toBe(200);
      items.push(...(Array.isArray(res.body) ? res.body : [res.body]).filter((x: Merchant) => x.merchantLegalName === m.merchantLegalName));
    } else {
      // The list, page after page (bounded), until the merchant is found.
      for (let offset = 0, pages = 0; pages < 50; pages++) {
        const res = await instApi.call(reader.operationId as 'getMerchantParticipations', { query: { offset } });
        // Past the last item: an empty page, or the 404 the operation documents (provider 2.0.0: Merchants holds at least one
        // item, and no text says what a page past the end answers).
        if (offset > 0 && res.status === 404) break;
        expect(res.status, `${reader.operationId} from ${offset}`).toBe(200);
        items.push(...(res.body as Merchant[]).filter((x) => x.merchantLegalName === m.merchantLegalName));
        if (res.body.length === 0) break;
        offset += res.body.length;
      }
    }
    expect(items.length, `${reader.operationId} answers the merchant`).toBeGreaterThan(0);
    read.push([reader, items]);
  }
  return read;
}

test(
  'a merchant submitted again with every member changed reads back on every reader of merchants with none of its first submission @assumption',
  // Each reader showing the details submitted last is the catalogue's IN-ECHO-PARTICIPATION-LATEST on its path.
  rules('IN-PROP-LATEST-WRITE', ...citing('IN-ECHO-PARTICIPATION-LATEST', '@list', '@search', '@mids')),
  async ({ instApi, inst, instReq }) => {
    test.skip(inst.knownAcquirerIcas.length === 0, 'needs an acquirer ICA the target knows (INSTALLMENTS_KNOWN_ACQUIRER_ICA)');
    const first = exampleParticipation(inst.knownAcquirerIcas[0], { merchantLegalName: `Latest${Date.now().toString(36)} Merchant` });
    const again: Merchant = { ...exampleParticipation(first.acquirerICA), ...Object.fromEntries(KEPT.map((k) => [k, first[k]])) };
    // A member the two examples share (a fixed group, type or flag) is given another value the contract takes.
    const others = otherValues(contract, ITEM as never, first);
    for (const [path, values] of others) {
      const [top, ...rest] = path.split('.');
      if (KEPT.includes(top) || JSON.stringify(again[top]) !== JSON.stringify(first[top]) || values.length === 0) continue;
      again[top] = rest.length ? structuredClone(first[top]) : values[0];
      if (rest.length) {
        let node = again[top];
        for (const k of rest.slice(0, -1)) node = node[k];
        node[rest.at(-1)!] = values[0];
      }
    }
    // A flag written as a pattern of alternatives (YesNo: '^(?:Y|N)$', provider 2.0.0) is given its other alternative.
    const members = (contract.resolveSchema(ITEM as never) as { properties?: Record<string, unknown> }).properties ?? {};
    for (const [k, node] of Object.entries(members)) {
      const alternatives = /^\^\(\?:([^()]+)\)\$$/.exec(
        String((contract.resolveSchema(node as never) as { pattern?: string }).pattern ?? ''),
      )?.[1];
      if (KEPT.includes(k) || !alternatives || again[k] !== first[k]) continue;
      again[k] = alternatives.split('|').find((v) => v !== first[k]) ?? again[k];
    }
    const validate = contract.requestValidator('postMerchantParticipations')!;
    expect(validate([again]), `the second submission is valid: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
    // Not judged (provider 2.0.0): the MIDs ("appended to the current set"), and nonMerchantNegotiatedParticipation beside optIn.
    const changed = Object.keys(first).filter(
      (k) =>
        !KEPT.includes(k) &&
        k !== 'mids' &&
        !(k === 'nonMerchantNegotiatedParticipation' && again.optIn !== again[k]) &&
        JSON.stringify(first[k]) !== JSON.stringify(again[k]),
    );
    /** The leaves of each changed member only the first submission had. */
    const onlyFirst = new Map(
      changed.map((k) => {
        const later = leafTexts(again[k]);
        return [k, [...leafTexts(first[k])].filter((t) => !later.has(t))];
      }),
    );
    await instReq.awaitEffectuation(instApi, await instReq.submitParticipations(instApi, [first]));
    await instReq.awaitEffectuation(instApi, await instReq.submitParticipations(instApi, [again]));

    const problems: string[] = [];
    const checked: string[] = [];
    for (const [reader, items] of await readEverywhere(instApi, first)) {
      checked.push(reader.operationId);
      const each = items.map((m) =>
        changed.flatMap((k) => {
          if (!(k in m)) return [];
          const shown = leafTexts(m[k]);
          const earlier = onlyFirst.get(k)!.filter((t) => shown.has(t));
          return earlier.length ? [`${reader.operationId} ${k}: shows ${earlier.slice(0, 3).join(', ')} of the first submission`] : [];
        }),
      );
      problems.push(...(each.find((p) => p.length === 0) ?? each[0]));
    }
    countRule('latest-write', 'IN-PROP-LATEST-WRITE', {
      applies: [WRITER.operationId, ...READERS.map((r) => r.operationId)],
      checked: [WRITER.operationId, ...checked],
    });
    expect(changed.length, `members the second submission changes (${changed.join(', ')})`).toBeGreaterThan(3);
    expect(
      READERS.map((r) => r.operationId).sort(),
      'the readers of merchants (IN-ECHO-PARTICIPATION-LATEST on the completed list, the search, the MID search)',
    ).toEqual(['getMerchantParticipations', 'postMerchantMidSearches', 'postMerchantSearches']);
    expect(problems, 'every reader shows the latest submission').toEqual([]);
  },
);

// provider 2.0.0 postMerchantParticipations: an update keeps what it leaves out (@assumption; reference, Flows - lender app).
test(
  "an update naming only its market's mandatory members and the opt-in flag reads back with the new flag on every reader (the list, postMerchantSearches, postMerchantMidSearches), each way, every member it leaves out as it was @assumption",
  rules('IN-STATE-PARTICIPATION-UPDATE'),
  async ({ instApi, inst, instReq }) => {
    test.skip(inst.knownAcquirerIcas.length === 0, 'needs an acquirer ICA the target knows (INSTALLMENTS_KNOWN_ACQUIRER_ICA)');
    const first = exampleParticipation(inst.knownAcquirerIcas[0], { merchantLegalName: `Update${Date.now().toString(36)} Merchant` });
    await instReq.awaitEffectuation(instApi, await instReq.submitParticipations(instApi, [first]));
    const before = new Map((await readEverywhere(instApi, first)).map(([r, items]) => [r.operationId, items[0]]));
    const problems: string[] = [];
    for (const optIn of first.optIn === 'N' ? ['Y', 'N'] : ['N', 'Y']) {
      const update = {
        ...Object.fromEntries(['maid', 'maidType', ...IDENTITY].filter((k) => k in first).map((k) => [k, first[k]])),
        optIn,
      };
      await instReq.awaitEffectuation(instApi, await instReq.submitParticipations(instApi, [update]));
      for (const [reader, items] of await readEverywhere(instApi, first)) {
        const was = before.get(reader.operationId)!;
        const shown = (m: Merchant) => [
          ...('optIn' in was && m.optIn !== optIn ? [`optIn ${JSON.stringify(m.optIn)}, updated to ${optIn}`] : []),
          ...Object.keys(was)
            .filter((k) => !['optIn', 'status', 'mids', 'requestId', 'errorReason'].includes(k))
            .filter((k) => JSON.stringify(m[k]) !== JSON.stringify(was[k]))
            .map((k) => `${k} ${JSON.stringify(m[k])?.slice(0, 80)}, before the update ${JSON.stringify(was[k])?.slice(0, 80)}`),
        ];
        const each = items.map(shown);
        problems.push(...(each.find((p) => p.length === 0) ?? each[0]).map((p) => `${reader.operationId} after optIn ${optIn}: ${p}`));
      }
    }
    expect(problems, 'every reader shows the flag the update set and the members it left out as they were').toEqual([]);
  },
);
