// Covers: a signature covers the whole request (IN-PROP-SIGNATURE-WHOLE, helpers/client/invariants/signatures.ts;
// reference, Transport and auth; RFC 5849 section 3.4.1): anything changed after signing is 401; a body other than the body
// hash names is filed under IN-AUTH-BODY-HASH, the rule stating it.
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
      // The call the target takes when signed as sent: a plan of the check's own, a fresh offer's selection.
      let call: CallOptions = await instReq.sampleCall(operationId);
      if (inst.eligiblePan && operationId === 'savePlan') call = { ...call, ...(await instReq.selectionCall(instApi)) };
      else if (inst.eligiblePan && operationId === 'planApproval')
        call = { ...call, body: { ...(call.body as object), planId: (await instReq.createPlan(instApi)).planId } };
      else if (inst.eligiblePan && op.parameters.some((p) => p.in === 'path' && p.name === 'plan_id')) {
        planId ??= (await instReq.createPlan(instApi)).planId;
        call = { ...call, path: { ...call.path, plan_id: planId } };
      }
      // A body other than the body hash names is IN-AUTH-BODY-HASH's alone (reference, Transport and auth: oauth_body_hash).
      const done = await checkSignatureWhole(instApi, op, call, inst.signer, violations, { body: 'IN-AUTH-BODY-HASH' });
      sent += done.sent;
      file(operationId, done.leftOut);
    }
    countRule(SIGNATURE_WHOLE, 'IN-PROP-SIGNATURE-WHOLE', { applies, checked, exceptions });
    expect(sent, 'calls sent').toBeGreaterThan(0);
    violations.expectNone();
  },
);
