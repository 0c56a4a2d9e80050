// Covers: every installments operation a signing security scheme covers (the contract's securitySchemes:
// oauth1Signature, reference, Transport and auth; notifyPlan at the issuer endpoint where one is
// configured): the request signed over exactly what is sent is not refused for who sends it, and the
// same request signed with any part RFC 5849 section 3.4.1 covers otherwise than sent (the query left
// out, a query parameter added, removed or changed after signing, another method, another body, the path
// in another case) is 401 (IN-PROP-SIGNATURE-WHOLE, helpers/client/invariants/signatures.ts). The
// outbound notification's signature is verified over the URL, query included, the issuer receives
// (notifications.round-trip.spec.ts, IN-NOTIFY-SIGNED).
import { expect, rules, test } from '../../fixtures/installments.js';
import type { CallOptions } from '../../helpers/client/client.js';
import { checkSignatureWhole, SIGNATURE_WHOLE, signedOperationsOf } from '../../helpers/client/invariants/signatures.js';
import { countRule, tally } from '../shared/property.js';

test(
  'every signed operation refuses with 401 a request sent otherwise than it was signed (query, method, body, path case), and takes it signed as sent @assumption',
  rules('IN-PROP-SIGNATURE-WHOLE', 'IN-AUTH-BODY-HASH', 'IN-AUTH-SIGNATURE:refuse', 'IN-AUTH-SIGNATURE:accept'),
  async ({ inst, instApi, instReq, instContract }) => {
    const { violations, checked, exceptions, file } = tally(SIGNATURE_WHOLE);
    const applies: string[] = [];
    let sent = 0;
    let planId: string | undefined;
    for (const op of signedOperationsOf(instContract)) {
      const operationId = op.operationId as Parameters<typeof instReq.sampleCall>[0];
      applies.push(operationId);
      if (operationId === 'notifyPlan' && !inst.issuerEndpoint) {
        file(operationId, 'needs an issuer endpoint to certify (INSTALLMENTS_ISSUER_ENDPOINT_URL, INSTALLMENTS_ISSUER_ICA)');
        continue;
      }
      // The call the target takes when signed as sent, so that an altered one it takes tells: a plan of
      // the check's own where the call names one (a decision uses its plan up), a fresh offer's selection.
      let call: CallOptions = await instReq.sampleCall(operationId);
      if (inst.eligiblePan && operationId === 'savePlan') call = { ...call, ...(await instReq.selectionCall(instApi)) };
      else if (inst.eligiblePan && operationId === 'planApproval')
        call = { ...call, body: { ...(call.body as object), planId: (await instReq.createPlan(instApi)).planId } };
      else if (inst.eligiblePan && op.parameters.some((p) => p.in === 'path' && p.name === 'plan_id')) {
        planId ??= (await instReq.createPlan(instApi)).planId;
        call = { ...call, path: { ...call.path, plan_id: planId } };
      }
      const done = await checkSignatureWhole(instApi, op, call, inst.signer, violations);
      sent += done.sent;
      file(operationId, done.leftOut);
    }
    countRule(SIGNATURE_WHOLE, 'IN-PROP-SIGNATURE-WHOLE', { applies, checked, exceptions });
    expect(sent, 'calls sent').toBeGreaterThan(0);
    expect(violations.list, violations.describe()).toEqual([]);
  },
);
