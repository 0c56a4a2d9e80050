// Covers: the lender-app flow (reference, Flows - lender app) to COMPLETED and to ERROR (INVALID_ACQUIRER_ICA),
// each state read through every merchant reader.
import { A_MAID, citing, expect, expectErrors, exampleParticipation, rules, test, underRule } from '../../fixtures/installments.js';
import { schemaAt } from '../../helpers/contract/facts.js';

const show = (v: unknown) => JSON.stringify(v);

// Three merchants of one legal name (one per country, provider 2.0.0 CountryCode: another merchant) in one request, each with
// several MIDs: every merchant and every MID of each reader's page is judged, not the first alone.
test(
  'participations with an invalid acquirer ICA end in ERROR with INVALID_ACQUIRER_ICA in every reader, each merchant and MID of a page, and are not listed @assumption',
  rules(...citing('IN-STATE-INVALID-ICA', '@by-request', '@list', '@search', '@mids'), 'IN-FILTER-COMPLETED:refuse'),
  async ({ instApi, inst, instReq }) => {
    test.skip(!inst.unknownAcquirerIca, 'needs a well-formed acquirer ICA the target does not know (INSTALLMENTS_UNKNOWN_ACQUIRER_ICA)');
    const ica = inst.unknownAcquirerIca!;
    const first = exampleParticipation(ica);
    const merchants = ['USA', 'CAN', 'MEX'].map((countryCode) =>
      exampleParticipation(ica, {
        merchantLegalName: first.merchantLegalName,
        countryCode,
        mids: [...exampleParticipation(ica).mids, ...exampleParticipation(ica).mids],
        address: { ...first.address, countryCode },
      }),
    );
    const failed = { status: 'ERROR', errorReason: 'INVALID_ACQUIRER_ICA' };
    /** Each of our merchants (or MIDs) a reader answers, against ERROR with its reason; `count` of them expected. */
    const judge = (reader: string, operationId: string, items: Record<string, any>[], count: number) => {
      const wrong: string[] = [];
      if (items.length !== count) wrong.push(`${reader}: received ${items.length} of ours, documented ${count}`);
      for (const [i, m] of items.entries())
        if (m.status !== failed.status || m.errorReason !== failed.errorReason)
          wrong.push(
            `${reader}, item ${i}: received ${m.status} ${m.errorReason ?? '(no errorReason)'}, documented ERROR INVALID_ACQUIRER_ICA`,
          );
      underRule(
        test.info(),
        'IN-STATE-INVALID-ICA',
        () => expect(wrong, `${reader}: each merchant or MID of an unknown acquirer ICA in ERROR with INVALID_ACQUIRER_ICA`).toEqual([]),
        operationId,
      );
    };
    const ours = (list: unknown) =>
      (Array.isArray(list) ? (list as Record<string, any>[]) : []).filter((m) => m.merchantLegalName === first.merchantLegalName);

    const { merchants: done } = await instReq.effectuated(instApi, merchants);
    judge('read by request_id', 'getMerchantParticipations', ours(done), merchants.length);

    // seed 001: without request_id, only merchants whose effectuation request is completed.
    const listed = ours((await instApi.call('getMerchantParticipations', {})).body);
    underRule(
      test.info(),
      'IN-STATE-INVALID-ICA',
      () => expect(listed, 'the completed list: merchants of ours in ERROR received, documented none').toHaveLength(0),
      'getMerchantParticipations',
    );

    const search = await instApi.call('postMerchantSearches', { body: { merchantLegalName: first.merchantLegalName } });
    judge('the merchant search by their legal name', 'postMerchantSearches', ours(search.body), merchants.length);

    for (const merchant of merchants) {
      const mids = await instReq.midSearch(instApi, merchant);
      judge(
        `the MID search of ${merchant.countryCode}`,
        'postMerchantMidSearches',
        (mids.body.mids ?? []) as Record<string, any>[],
        merchant.mids.length,
      );
    }
  },
);

// provider 2.0.0, postMerchantParticipations: MIDs sent for a merchant that exists are appended to its MIDs.
test(
  'a merchant submitted again with other MIDs keeps those it had: the MID search lists both sets @provider',
  // The MID search of the merchant named lists every MID it holds, those of both submissions; the second submission's 202
  // names a request of its own, not the first's (IN-STATUS-PARTICIPATION, judged by instReq.submitParticipations).
  rules('IN-STATE-MIDS-ADDED', 'IN-FILTER-MID-MERCHANT:accept', 'IN-STATUS-PARTICIPATION'),
  async ({ instApi, inst, instReq }) => {
    test.skip(!inst.knownAcquirerIca, 'needs an acquirer ICA the target knows (INSTALLMENTS_KNOWN_ACQUIRER_ICA)');
    const first = exampleParticipation(inst.knownAcquirerIca!);
    const again = { ...first, mids: exampleParticipation(inst.knownAcquirerIca!).mids };
    for (const merchant of [first, again]) {
      const [done] = (await instReq.effectuated(instApi, [merchant])).merchants;
      expect(done.status, 'the submission effectuated').toBe('COMPLETED');
    }
    const mids = await instReq.midSearch(instApi, first);
    expect(mids.status).toBe(200);
    expect((mids.body.mids ?? []).map((m: { mid: string }) => m.mid).sort(), 'the MIDs of both submissions').toEqual(
      [...new Set([...first.mids, ...again.mids])].sort(),
    );
  },
);

// Its error body is judged by the client's error shape check (IN-ERR-SHAPE): the 404 is a refusal no generated negative case makes.
test('answers an unknown request_id with 404 @assumption', rules('IN-STATUS-UNKNOWN-REQUEST', 'IN-ERR-SHAPE'), async ({ instApi }) => {
  expectErrors(await instApi.call('getMerchantParticipations', { query: { request_id: 999999999999 } }), 404);
});

// request_id names one request exactly (seed 001, Endpoints; provider 2.0.0: an integer): a digit added or removed is another.
test(
  "a request_id one digit longer or shorter than a live request's is 404 and answers none of its merchants @assumption",
  rules('IN-STATUS-UNKNOWN-REQUEST', 'IN-FILTER-REQUEST-ID:refuse', 'IN-ERR-SHAPE'),
  async ({ instApi, inst, instReq }) => {
    const merchant = exampleParticipation(inst.knownAcquirerIca ?? '001234');
    const requestId = await instReq.submitParticipations(instApi, [merchant]);
    expect(requestId, 'the request id is an integer').toMatch(/^[0-9]+$/);
    expect((await instApi.call('getMerchantParticipations', { query: { request_id: requestId } })).status, 'the exact request_id').toBe(
      200,
    );
    for (const [how, near] of [
      ['a digit added', `${requestId}7`],
      ['its last digit removed', requestId.slice(0, -1)],
    ] as const) {
      if (near === '') continue;
      const res = await instApi.call('getMerchantParticipations', { query: { request_id: near } });
      const names = Array.isArray(res.body) ? (res.body as { merchantLegalName?: string }[]).map((m) => m.merchantLegalName) : [];
      expect(names, `request_id ${near} (${how}; the request is ${requestId}) answers none of its merchants`).not.toContain(
        merchant.merchantLegalName,
      );
      expectErrors(res, 404);
    }
  },
);

/** The closed values of a member: its enum, or the alternatives of a pattern `^(?:A|B)$` (provider 2.0.0 writes its Y/N flags so). */
const closedValues = (schema: Record<string, any>): string[] =>
  Array.isArray(schema.enum)
    ? schema.enum
    : (/^\^\(\?:([A-Za-z0-9]+(?:\|[A-Za-z0-9]+)+)\)\$$/.exec(String(schema.pattern ?? ''))?.[1].split('|') ?? []);

/** Every member of a participation with closed values, a list's item members as `<list>.[].<member>`, read from the contract. */
function closedMembers(contract: Parameters<typeof schemaAt>[0]): { at: string; values: string[] }[] {
  const out: { at: string; values: string[] }[] = [];
  const walk = (component: string, prefix: string) => {
    const at = (m: string) => (prefix ? `${prefix}.${m}` : m);
    for (const m of Object.keys(schemaAt(contract, component, prefix || undefined).properties ?? {})) {
      const schema = schemaAt(contract, component, at(m));
      const values = closedValues(schema);
      if (values.length) out.push({ at: at(m), values });
      else if (schema.type === 'array' && contract.resolveSchema(schema.items)?.type === 'object') walk(component, `${at(m)}.[]`);
    }
  };
  walk('MerchantParticipation', '');
  return out;
}

/** The two flags of which the POST table makes one mandatory (provider 2.0.0 postMerchantParticipations). */
const ALTERNATIVES = ['optIn', 'nonMerchantNegotiatedParticipation'];

// provider 2.0.0 getMerchantParticipations: a merchant carries the members the POST table makes mandatory for its market
// (MIDs aside: the MID search shows them). Each value of each member with closed values (optIn and
// nonMerchantNegotiatedParticipation Y and N, each maidType, each wallet's acceptance: the contract's) is a merchant of its own
// in one submission, each Y/N flag of the two alternatives sent alone so the merchant's flag is that value; every reader (by
// request_id, the completed list, the merchant search, the MID search) is read, and the client's answer judge holds each
// member it answers to the one submitted (IN-ECHO-PARTICIPATION-DETAILS).
test(
  'a merchant added in each market (MID, Australia MID, MAID) and with each value of each closed member reads back by request_id with every member the table makes mandatory, and every reader answers each member as sent @provider',
  rules(
    'IN-ECHO-PARTICIPATION-MANDATORY@by-request',
    ...citing('IN-ECHO-PARTICIPATION-DETAILS', '@by-request', '@list', '@search', '@mids'),
  ),
  async ({ instApi, instReq, inst, instContract }) => {
    test.skip(!inst.knownAcquirerIca, 'needs an acquirer ICA the target knows (INSTALLMENTS_KNOWN_ACQUIRER_ICA)');
    const without = (m: Record<string, any>, keys: string[]) => Object.fromEntries(Object.entries(m).filter(([k]) => !keys.includes(k)));
    const ica = inst.knownAcquirerIca!;
    const base = ['merchantLegalName', 'countryCode', 'acquirerICA', 'dbaNames'];
    const mid = () => without(exampleParticipation(ica), ['maid', 'maidType', 'merchantGroup']);
    const maid = () => exampleParticipation(ica, { maid: A_MAID });
    const scenarios: [string, Record<string, any>, string[]][] = [
      ['MID', mid(), base],
      [
        'Australia MID',
        without(exampleParticipation(ica, { countryCode: 'AUS', address: { city: 'Perth', postalCode: '6000', countryCode: 'AUS' } }), [
          'maid',
          'maidType',
        ]),
        [...base, 'merchantGroup'],
      ],
      ['MAID', maid(), [...base, 'maids', 'maidType']],
    ];
    for (const { at, values } of closedMembers(instContract))
      for (const value of values) {
        const [list, , member] = at.split('.');
        const market = at === 'maidType' ? maid() : mid();
        const merchant =
          member !== undefined
            ? { ...market, [list]: market[list].map((item: Record<string, any>) => ({ ...item, [member]: value })) }
            : { ...without(market, ALTERNATIVES.includes(at) ? ALTERNATIVES : []), [at]: value };
        scenarios.push([`${at} ${value}`, merchant, at === 'maidType' ? [...base, 'maids', 'maidType'] : base]);
      }
    const { merchants: answered } = await instReq.effectuated(
      instApi,
      scenarios.map(([, m]) => m),
    );
    const missing = scenarios.flatMap(([scenario, sent, mandatory]) => {
      const m = answered.find((a) => a.merchantLegalName === sent.merchantLegalName);
      if (!m) return [`${scenario}: not answered`];
      const absent = (k: string) => m[k] === undefined || m[k] === null || (Array.isArray(m[k]) && m[k].length === 0);
      return [
        ...mandatory.filter(absent).map((k) => `${scenario}: ${k}: Received: none / Documented: ${show(sent[k] ?? 'the member')}`),
        ...(ALTERNATIVES.every(absent)
          ? [
              `${scenario}: optIn (or nonMerchantNegotiatedParticipation): Received: neither / Documented: ${ALTERNATIVES.filter(
                (k) => sent[k] !== undefined,
              )
                .map((k) => `${k} ${sent[k]}`)
                .join(', ')}`,
            ]
          : []),
      ];
    });
    underRule(
      test.info(),
      'IN-ECHO-PARTICIPATION-MANDATORY',
      () => expect(missing, 'members the table makes mandatory, not answered by request_id').toEqual([]),
      'getMerchantParticipations',
    );
    // The other readers: each answer judged member by member against the submission by the client's answer judge.
    const names = scenarios.map(([, m]) => m.merchantLegalName as string);
    const listed = await instReq.completedList(instApi, names);
    expect(listed.length, 'the completed list holds each merchant submitted').toBeGreaterThanOrEqual(names.length);
    for (const [scenario, sent] of scenarios) {
      const search = await instApi.call('postMerchantSearches', { body: { merchantLegalName: sent.merchantLegalName } });
      expect(search.status, `${scenario}: the merchant search`).toBe(200);
      if (sent.mids) expect((await instReq.midSearch(instApi, sent)).status, `${scenario}: the MID search`).toBe(200);
    }
  },
);
