// Covers: 401 (seed 001, Authentication) and 403 (provider 2.0.0, reference Error codes) alike under each valid form of
// the other members (IN-PROP-REFUSAL-FORMS; helpers/client/invariants/type-forms.ts checkRefusalOnForms).
import { expect, OPERATIONS, rules, signedAs, test } from '../../fixtures/installments.js';
import { checkRefusalOnForms, REFUSAL_FORMS } from '../../helpers/client/invariants/type-forms.js';
import type { CallOptions } from '../../helpers/client/client.js';
import { objectIdsOf } from '../../helpers/contract/object-ids.js';
import { kindOfKey } from '../../helpers/secrets/sensitive.js';
import { countRule, noteCoverage, tally } from '../shared/property.js';

/** What is wrong with an answer that should be the documented refusal `status`, or undefined. */
const refusedWith = (status: number) => (res: { status: number }) => (res.status === status ? undefined : `${res.status}, not ${status}`);

test(
  'a call refused for who sends it (unsigned, a key without the operation’s right) stays refused in every valid form of its other members @provider',
  rules('IN-PROP-REFUSAL-FORMS'),
  async ({ inst, instApi, instReq, instContract }) => {
    const { violations, checked, exceptions, file } = tally(REFUSAL_FORMS);
    const applies: string[] = [];
    const seen: string[] = [];
    let cases = 0;
    for (const operationId of OPERATIONS.filter((id) => id !== 'notifyPlan')) {
      const op = instContract.operation(operationId);
      // The refusals the contract documents for who sends the call.
      const refusals = [
        ...(op.responses['401'] ? [{ what: 'unsigned', auth: false as const, status: 401 }] : []),
        ...(op.responses['403'] && inst.forbidden
          ? [{ what: 'a key without the operation’s right', auth: signedAs(inst.forbidden), status: 403 }]
          : []),
      ];
      if (!refusals.length) continue;
      applies.push(operationId);
      if ((operationId === 'savePlan' || operationId === 'planApproval') && !inst.eligiblePan) {
        file(operationId, 'needs a card the target offers installments for (INSTALLMENTS_ELIGIBLE_PAN)');
        continue;
      }
      // A selection names an offer the service made, an approval a plan it made: both made first.
      let sample: CallOptions = await instReq.sampleCall(operationId);
      if (operationId === 'savePlan') sample = await instReq.selectionCall(instApi);
      if (operationId === 'planApproval') {
        const { planId } = await instReq.createPlan(instApi);
        sample = { ...sample, body: { ...(sample.body as object), planId } };
      }
      // The ids the call names, members named as references (offerTransactionId, offerId) and the card data: as sampled.
      const ids = new Set(objectIdsOf(instContract, op).ids.map((id) => id.at));
      const keep = (at: string) =>
        ids.has(at.replace(/\.\d+(?=\.|$)/g, '')) ||
        /[a-z]Ids?$/.test(at) ||
        kindOfKey(at.split('.').at(-1)!) !== undefined ||
        /encrypt|sensitive/i.test(at);
      const why: string[] = [];
      let sent = 0;
      for (const r of refusals) {
        const outcome = await checkRefusalOnForms(instApi, op, { ...sample, auth: r.auth }, refusedWith(r.status), violations, {
          keep,
          on: r.what,
        });
        if (outcome.leftOut) why.push(`${r.what}: ${outcome.leftOut}`);
        sent += outcome.sent;
      }
      cases += sent;
      // A refusal left out beside another sent (its refused call answered otherwise) is named too.
      seen.push(`${operationId} ${sent}${sent && why.length ? ` (${why.join('; ')})` : ''}`);
      file(operationId, sent ? undefined : why.join('; '));
    }
    noteCoverage(
      `refusal forms: ${checked.length} operations checked with ${cases} forms (${seen.join(', ')}); ${exceptions.length} left out (${exceptions.map((e) => `${e.operationId}: ${e.reason}`).join('; ')})`,
    );
    countRule(REFUSAL_FORMS, 'IN-PROP-REFUSAL-FORMS', { applies, checked, exceptions });
    expect(checked.length, 'operations checked').toBeGreaterThan(0);
    violations.expectNone();
  },
);
