// Covers: the ids installments resolves, in the forms a prefix or cut lookup takes (value-forms.ts endForms), refused as
// documented (seed 001, Endpoints; reference, Operations table, Flows - checkout; provider 2.0.0 PanListIdNotFound).
import { exampleParticipation, expect, rules, test, withDecision } from '../../fixtures/installments.js';
import { problemsUnder } from '../../helpers/client/annotations.js';
import { endForms } from '../../helpers/client/security/value-forms.js';

const forms = (value: string) => [
  ...endForms(value),
  { how: 'a space inside it', value: `${value.slice(0, Math.floor(value.length / 2))} ${value.slice(Math.floor(value.length / 2))}` },
];

test(
  "a plan's id with its last character changed, dropped or one added, or a space inside it, names no plan on getPlan, getPlanApprovalStatus and planApproval; in another case, the plan on all or on none @assumption",
  rules('IN-LOOKUP-EXACT', 'IN-STATUS-PLAN-UNKNOWN', 'IN-STATE-APPROVAL-PLAN', 'IN-ERR-SHAPE'),
  async ({ instApi, instReq, inst }) => {
    test.skip(!inst.eligiblePan, 'needs a card the target offers installments for (INSTALLMENTS_ELIGIBLE_PAN)');
    const { planId } = await instReq.createPlan(instApi);
    const decide = (id: string, status = 'APPROVED') =>
      instApi.call('planApproval', { query: { sync: true }, body: withDecision({ planId: id, status }) });
    // Decided first: getPlanApprovalStatus reads the approval posted for a plan (provider 2.0.0, GET /approvals/{plan_id}).
    expect((await decide(planId, 'DECLINED')).status, 'the plan decided').toBe(200);
    const documented = (op: 'getPlan' | 'getPlanApprovalStatus' | 'planApproval', statuses: number[]) =>
      statuses.filter((s) => instApi.contract.operation(op).responses[String(s)] !== undefined);
    const wrong: string[] = [];
    let sent = 0;
    for (const { how, value } of forms(planId)) {
      for (const op of ['getPlan', 'getPlanApprovalStatus'] as const) {
        const res = await instApi.call(op, { path: { plan_id: value } });
        sent++;
        if (!documented(op, [400, 404]).includes(res.status)) wrong.push(`${op} plan_id with ${how}: ${res.status}`);
      }
      // A decision for a plan the id does not name: refused before anything is decided (sync, so nothing lands later).
      const decided = await decide(value);
      sent++;
      if (!documented('planApproval', [400]).includes(decided.status)) wrong.push(`planApproval planId with ${how}: ${decided.status}`);
    }
    // The id in another case (RFC 9562: a UUID without case): one plan or none, alike on every operation.
    const swapped = planId === planId.toLowerCase() ? planId.toUpperCase() : planId.toLowerCase();
    if (swapped !== planId) {
      const found: string[] = [];
      for (const op of ['getPlan', 'getPlanApprovalStatus'] as const) {
        const res = await instApi.call(op, { path: { plan_id: swapped } });
        found.push(
          `${op} ${res.status === 200 ? 'finds the plan' : documented(op, [400, 404]).includes(res.status) ? 'names no plan' : res.status}`,
        );
      }
      if (found.every((f) => f.endsWith('names no plan'))) {
        const decided = await decide(swapped);
        found.push(`planApproval ${documented('planApproval', [400]).includes(decided.status) ? 'names no plan' : decided.status}`);
      }
      if (new Set(found.map((f) => f.replace(/^\S+ /, ''))).size !== 1) wrong.push(`plan_id in another case: ${found.join('; ')}`);
    }
    test.info().annotations.push({ type: 'lookup forms', description: `1 plan id over 3 operations, ${sent} forms sent` });
    expect(wrong, 'a plan id with its end changed names no plan; in another case, the same plan or none on every operation').toEqual([]);
    expect((await instApi.call('getPlanApprovalStatus', { path: { plan_id: planId } })).status, 'the exact id names the plan').toBe(200);
  },
);

// reference, Flows - checkout: the plan names an issued offers answer and one of its offers.
test(
  'savePlan refuses an offerTransactionId or offerId with its last character changed, dropped or one added, or a space inside or after it (400) @assumption',
  rules('IN-LOOKUP-EXACT', 'IN-STATE-OFFER-TRANSACTION', 'IN-STATE-PLAN-OFFER:refuse'),
  async ({ instApi, instReq, inst }) => {
    test.skip(!inst.eligiblePan, 'needs a card the target offers installments for (INSTALLMENTS_ELIGIBLE_PAN)');
    const from = await instReq.offersOf(instApi);
    const { offerTransactionId, offers } = from.body;
    const offer = offers[0];
    const taken = offers.map((o) => String(o.offerId));
    // The selection of the offer as the provider takes it, naming the answer `answer` and the offer `offerId`.
    const selecting = (answer: string, offerId: unknown) =>
      instReq.selectionOf({ ...from, body: { ...from.body, offerTransactionId: answer } }, { ...offer, offerId });
    const wrong: string[] = [];
    // A trailing space too: a target that trims the ids it is sent takes it.
    const near = (value: string) => [...forms(value), { how: 'a trailing space', value: `${value} ` }];
    for (const { how, value } of near(offerTransactionId)) {
      const saved = await instApi.call('savePlan', { body: await selecting(value, offer.offerId) });
      if (saved.status !== 400) wrong.push(`offerTransactionId with ${how}: ${saved.status}`);
    }
    for (const { how, value } of near(String(offer.offerId)).filter((f) => !taken.includes(f.value))) {
      const saved = await instApi.call('savePlan', { body: await selecting(offerTransactionId, value) });
      if (saved.status !== 400) wrong.push(`offerId with ${how}: ${saved.status}`);
    }
    expect(wrong, 'an issued id with its end changed names no answer and no offer').toEqual([]);
  },
);

test(
  "a pan list's id with its last digit changed, dropped or one added, or a space inside it, registers into and deregisters from no list (400) @provider",
  rules('IN-LOOKUP-EXACT', 'IN-STATE-UNKNOWN-LIST'),
  async ({ instApi, instReq }) => {
    const pan = instReq.listPan();
    const { panListId } = await instReq.newList(instApi, 'End forms list', [instReq.listPan()]);
    const unknown: string[] = [];
    let registered = false;
    for (const { how, value } of forms(panListId))
      for (const op of ['registerPans', 'deregisterPans'] as const) {
        // Sent as a refusal expected (CallOptions.negative): a success is the refusal missed, filed under the rule stating it
        // (provider 2.0.0 registerPans and deregisterPans, PanListIdNotFound: a pan list that does not exist is 400), not under
        // what the success's body shows (its counts).
        const res = await instApi.call(op, {
          body: { panListId: value, ...(await instReq.pansOf(pan)) },
          negative: true,
          judges: 'IN-STATE-UNKNOWN-LIST',
        });
        if (res.status !== 400)
          unknown.push(
            `${op} panListId ${JSON.stringify(value)} (${how}): Received ${res.status} / Documented 400, a pan list that does not exist`,
          );
        if (op === 'registerPans' && res.status >= 200 && res.status < 300) registered = true;
      }
    // IN-LOOKUP-EXACT's own judgement: a registration taken under a changed id resolved to the registered list puts the card in it.
    const folded: string[] = [];
    if (registered) {
      const back = await instApi.call('deregisterPans', { body: { panListId, ...(await instReq.pansOf(pan)) } });
      if (back.status === 200 && Number(back.body?.successfulCount) > 0)
        folded.push(`a card registered under a changed form of list ${panListId}: Received it in that list / Documented in no list`);
    }
    expect(
      problemsUnder('IN-LOOKUP-EXACT', folded, 'registerPans'),
      'a list id with its end changed is never resolved to the list',
    ).toEqual([]);
    expect(problemsUnder('IN-STATE-UNKNOWN-LIST', unknown), 'a list id with its end changed names no list').toEqual([]);
  },
);

test(
  'a participation under the known acquirer ICA with its last digit changed ends in ERROR with INVALID_ACQUIRER_ICA; the ICA with a digit dropped or added (no admitted length) is 400 @assumption',
  rules('IN-LOOKUP-EXACT', 'IN-STATE-INVALID-ICA@by-request'),
  async ({ instApi, instReq, inst }) => {
    test.skip(!inst.knownAcquirerIca, 'needs an acquirer ICA the target knows (INSTALLMENTS_KNOWN_ACQUIRER_ICA)');
    const known = inst.knownAcquirerIca!;
    const valid = instApi.contract.component('AcquirerIca');
    const wrong: string[] = [];
    const admitted: string[] = [];
    // A changed form that is another ICA the target knows (INSTALLMENTS_OTHER_KNOWN_ACQUIRER_ICAS) names a known acquirer: not sent.
    for (const { how, value } of endForms(known).filter((f) => !inst.knownAcquirerIcas.includes(f.value))) {
      if (valid(value)) {
        admitted.push(value);
        continue;
      }
      // provider 2.0.0, AcquirerIca: 6, 9 or 11 digits; a form of no admitted length is refused whole.
      const res = await instApi.call('postMerchantParticipations', { body: [exampleParticipation(value)] });
      if (res.status !== 400) wrong.push(`a participation under the ICA with ${how}: ${res.status}`);
    }
    // reference, Main fields - merchant participation: an acquirer ICA the service does not know ends in ERROR.
    const merchants = admitted.map((ica) => exampleParticipation(ica));
    const ended = merchants.length ? (await instReq.effectuated(instApi, merchants)).merchants : [];
    for (const m of ended)
      if (m.status !== 'ERROR' || m.errorReason !== 'INVALID_ACQUIRER_ICA')
        wrong.push(
          `a participation under ICA ${m.acquirerICA} (the known ${known} with its end changed): ${m.status} ${m.errorReason ?? ''}`,
        );
    expect(wrong, 'the known ICA with its end changed is no known acquirer').toEqual([]);
  },
);
