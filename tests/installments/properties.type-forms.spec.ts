// Covers: every installments operation the suite calls (notifyPlan is the issuer's side): each typed
// parameter and body member its sample sends (a boolean, a number, an enum) sent in another form of
// the same value that the contract refuses (helpers/client/invariants/type-forms.ts: a boolean in
// another case or as a digit, a number with a leading zero, a sign, a fraction, an exponent or a
// space, an enum value in another case, a number or boolean as a JSON string) is refused with a
// documented 4xx (IN-TYPE-FORMS). One checker over every operation; each violation names the operation and the member.
import { expect, OPERATIONS, rules, test, underRule } from '../../fixtures/installments.js';
import {
  checkTypeForms,
  checkValidForms,
  describeFormCoverage,
  formCoverage,
  type FormCoverageRow,
  TYPE_FORMS,
  typedMembers,
  VALID_FORMS,
  validFormCases,
} from '../../helpers/client/invariants/type-forms.js';
import type { CallOptions } from '../../helpers/client/client.js';
import { objectIdsOf } from '../../helpers/contract/object-ids.js';
import { checkOptionalIds, type LiveOf, OPTIONAL_IDS, optionalIdsOf } from '../../helpers/client/invariants/optional-ids.js';
import { writersOfContract } from '../../helpers/client/invariants/kit.js';
import { kindOfKey } from '../../helpers/secrets/sensitive.js';
import { Violations } from '../../helpers/client/security/probe.js';
import { countProperty, type PropertyException } from '../../helpers/client/property-counts.js';

test(
  'every typed parameter and body member takes only its type’s own form: another form of the same value is refused @provider',
  rules('IN-TYPE-FORMS', 'IN-PARAM-FORMS'),
  async ({ inst, instApi, instReq, instContract }) => {
    const violations = new Violations(TYPE_FORMS);
    const checked: string[] = [];
    const leftOut: string[] = [];
    const applies: string[] = [];
    const exceptions: PropertyException[] = [];
    const members: FormCoverageRow[] = [];
    let cases = 0;
    for (const operationId of OPERATIONS.filter((id) => id !== 'notifyPlan')) {
      const op = instContract.operation(operationId);
      if (operationId === 'savePlan' && !inst.eligiblePan) {
        applies.push(operationId);
        leftOut.push(`${operationId}: needs a card the target offers installments for (INSTALLMENTS_ELIGIBLE_PAN)`);
        exceptions.push({ operationId, reason: 'needs a card the target offers installments for (INSTALLMENTS_ELIGIBLE_PAN)' });
        continue;
      }
      // A plan is made from a selection of a fresh offer: the sample's own selection names none the target made.
      const selection = () => instReq.selectionCall(instApi);
      const sampled = operationId === 'savePlan' ? await selection() : await instReq.sampleCall(operationId);
      if (!typedMembers(instContract, op, sampled).length) {
        members.push(...formCoverage(instContract, op, sampled));
        continue;
      }
      applies.push(operationId);
      // A decision uses its plan up: each case decides a plan of its own, made through checkout.
      const fresh = () => instReq.ownCall(instApi, operationId);
      const { sent, leftOut: why } = await checkTypeForms(instApi, op, fresh, violations);
      members.push(...formCoverage(instContract, op, sampled, why));
      if (why) {
        leftOut.push(`${operationId}: ${why}`);
        exceptions.push({ operationId, reason: why });
      } else checked.push(operationId);
      cases += sent;
    }
    test.info().annotations.push({
      type: 'checker-coverage',
      description: `type forms: ${checked.length} operations checked with ${cases} forms (${checked.join(', ')}); ${leftOut.length} left out (${leftOut.join('; ')})`,
    });
    test.info().annotations.push({ type: 'type-forms-members', description: describeFormCoverage(members) });
    countProperty(test.info(), { property: TYPE_FORMS, service: 'installments', rule: 'IN-TYPE-FORMS', applies, checked, exceptions });
    expect(checked.length, 'operations checked').toBeGreaterThan(0);
    // A query, path or header text has no grammar in the documents (RFC 8259 is a JSON body's): another
    // text of the same value there is refused only by this catalogue's decision (IN-PARAM-FORMS).
    const inParameter = (v: { object: string }) => /^([^:=]*: )?(query|path|header) /.test(v.object);
    expect(
      violations.list.filter((v) => !inParameter(v)),
      violations.describe(),
    ).toEqual([]);
    underRule(test.info(), 'IN-PARAM-FORMS', () =>
      expect(violations.list.filter(inParameter), 'another text of a parameter value refused').toEqual([]),
    );
  },
);

/** A sensitive member, the encrypted card: sent as sampled. */
const sensitive = (at: string) => kindOfKey(at.split('.').at(-1)!) !== undefined || /encrypt|sensitive/i.test(at);

test(
  'every form the contract allows of each parameter and body member is accepted, on every operation that takes it @provider',
  rules('IN-VALID-FORMS', 'IN-VALID-ACCEPTED'),
  async ({ inst, instApi, instReq, instContract }) => {
    const violations = new Violations(VALID_FORMS);
    // A selection names an offer the service made: a fresh offers call's first, for each form.
    const selection = () => instReq.selectionCall(instApi);
    const checked: string[] = [];
    const applies: string[] = [];
    const exceptions: PropertyException[] = [];
    let cases = 0;
    for (const operationId of OPERATIONS.filter((id) => id !== 'notifyPlan')) {
      const op = instContract.operation(operationId);
      // The ids an operation names are the target's own objects (a merchant, a plan), and a member named
      // as a reference (offerTransactionId, offerId) names what the target made (an offer): sent as sampled.
      const ids = new Set(objectIdsOf(instContract, op).ids.map((id) => id.at));
      // A selection sends the offers call's and the offer's details "without any changes", validated against the
      // presented offer (provider 2.0.0, POST /plans): its members bound to them are sent as sampled.
      const offered = (at: string) =>
        operationId === 'savePlan' && /^(merchant|transaction|planInstallmentInformation|schedulePayments)\./.test(at);
      const keep = (at: string) => ids.has(at.replace(/\.\d+(?=\.|$)/g, '')) || /[a-z]Ids?$/.test(at) || sensitive(at) || offered(at);
      if (operationId === 'savePlan' && !inst.eligiblePan) {
        applies.push(operationId);
        exceptions.push({ operationId, reason: 'needs a card the target offers installments for (INSTALLMENTS_ELIGIBLE_PAN)' });
        continue;
      }
      const sample: CallOptions = operationId === 'savePlan' ? await selection() : await instReq.sampleCall(operationId);
      if (sample.baseURL || !validFormCases(instContract, op, sample, keep).length) continue;
      applies.push(operationId);
      // A decision uses its plan up: each form decides a plan of its own, made through checkout.
      const fresh = () => instReq.ownCall(instApi, operationId, sample);
      const { sent, leftOut: why } = await checkValidForms(instApi, op, fresh, violations, { keep });
      if (why) exceptions.push({ operationId, reason: why });
      else checked.push(operationId);
      cases += sent;
    }
    test.info().annotations.push({
      type: 'checker-coverage',
      description: `valid forms: ${checked.length} operations checked with ${cases} forms (${checked.join(', ')}); ${exceptions.length} left out (${exceptions.map((e) => `${e.operationId}: ${e.reason}`).join('; ')})`,
    });
    countProperty(test.info(), { property: VALID_FORMS, service: 'installments', rule: 'IN-VALID-FORMS', applies, checked, exceptions });
    expect(checked.length, 'operations checked').toBeGreaterThan(0);
    expect(violations.list, violations.describe()).toEqual([]);
  },
);

test(
  'every optional member naming another object takes the caller’s own: the write is accepted and links that object @provider',
  rules('IN-OPTIONAL-IDS'),
  async ({ instApi, instReq, instContract }) => {
    const violations = new Violations(OPTIONAL_IDS);
    const applies: string[] = [];
    const checked: string[] = [];
    const exceptions: PropertyException[] = [];
    // The caller's own PAN list, made by the check (a registration by name: its answer names the list);
    // each card registered here is deregistered when the check ends (no operation deletes a list).
    const registered: CallOptions[] = [];
    const register = async () => {
      const call = await instReq.sampleCall('registerPans');
      registered.push(call);
      return call;
    };
    const made = await instApi.call('registerPans', await register());
    expect(made.status, 'a PAN list of the caller (registered by name)').toBe(200);
    const live: Record<string, string> = { panList: String(made.body.panList.panListId) };
    const liveOf: LiveOf = (id) =>
      live[id.resource] ? { value: live[id.resource] } : { leftOut: `no live ${id.resource} of the caller the harness makes` };
    try {
      for (const op of writersOfContract(instContract)) {
        if (!optionalIdsOf(instContract, op).length) continue;
        applies.push(op.operationId);
        if (op.operationId !== 'registerPans') {
          exceptions.push({ operationId: op.operationId, reason: 'no sample of it is sent by the suite (the issuer’s side)' });
          continue;
        }
        const { sent, membersLeftOut, leftOut } = await checkOptionalIds(instApi, op, register, liveOf, violations);
        if (leftOut || !sent.length) exceptions.push({ operationId: op.operationId, reason: leftOut ?? membersLeftOut.join('; ') });
        else checked.push(op.operationId);
      }
    } finally {
      for (const call of registered) {
        const { panListName: _, ...cards } = call.body as Record<string, unknown>;
        await instApi.call('deregisterPans', { body: { ...cards, panListId: live.panList } });
      }
    }
    countProperty(test.info(), { property: OPTIONAL_IDS, service: 'installments', rule: 'IN-OPTIONAL-IDS', applies, checked, exceptions });
    expect(checked.length, 'writers checked').toBeGreaterThan(0);
    expect(violations.list, violations.describe()).toEqual([]);
  },
);
