// Covers: every body's media types (RFC 9110 section 8.3.1; approvedOffers' 415, provider 2.0.0; IN-PROP-BODY-MEDIA,
// helpers/client/invariants/request-media.ts), and every valid body once in chunked transfer coding (RFC 9112 section 6.1;
// IN-VALID-ACCEPTED: provider 2.0.0, each operation's documented success). The OAuth body hash is over the bytes, which the
// framing leaves as they are.
import { expect, OPERATIONS, rules, test } from '../../fixtures/installments.js';
import type { CallOptions } from '../../helpers/client/client.js';
import { BODY_MEDIA, bodyMediaOf, checkBodyMedia } from '../../helpers/client/invariants/request-media.js';
import { countRule, tally } from '../shared/property.js';
import { loadRules, validAcceptedRule } from '../../helpers/contract/rules.js';

// One fact once: a type not taken answered otherwise than the 415 provider 2.0.0 documents for approvedOffers is IN-TRANS-MEDIA's
// (its text); the valid forms of application/json (a charset parameter, RFC 9110 section 8.3.1, RFC 8259 section 11) are the
// property's own (IN-PROP-BODY-MEDIA).
const TRANS_MEDIA = loadRules('installments').rules.find((r) => r.id === 'IN-TRANS-MEDIA')!;

test(
  'every operation taking a body answers it in every valid form of its media type as in the plain form, and refuses another type only as documented @provider',
  rules('IN-PROP-BODY-MEDIA', 'IN-TRANS-MEDIA', 'IN-VALID-ACCEPTED'),
  async ({ inst, instApi, instReq, instContract }) => {
    const { violations, checked, exceptions, file } = tally(BODY_MEDIA);
    const applies: string[] = [];
    let sent = 0;
    for (const b of bodyMediaOf(instContract)) {
      const operationId = b.operation.operationId as (typeof OPERATIONS)[number];
      applies.push(operationId);
      if (operationId === 'notifyPlan' && !inst.issuerEndpoint) {
        file(operationId, 'needs an issuer endpoint to certify (INSTALLMENTS_ISSUER_ENDPOINT_URL, INSTALLMENTS_ISSUER_ICA)');
        continue;
      }
      if (operationId === 'savePlan' && !inst.eligiblePan) {
        file(operationId, 'needs a card the target offers installments for (INSTALLMENTS_ELIGIBLE_PAN)');
        continue;
      }
      const sample: CallOptions = await instReq.sampleCall(operationId);
      // A decision uses its plan up and a selection its offer: each call decides a plan, or selects an offer, of its own.
      const fresh = () => instReq.ownCall(instApi, operationId, sample);
      const own415 = TRANS_MEDIA.operations.includes(operationId) ? TRANS_MEDIA.id : undefined;
      const done = await checkBodyMedia(instApi, b, fresh, violations, {
        notTakenRule: own415,
        chunkedRule: validAcceptedRule('installments'),
      });
      sent += done.sent;
      file(operationId, done.leftOut);
    }
    countRule(BODY_MEDIA, 'IN-PROP-BODY-MEDIA', { applies, checked, exceptions });
    expect(sent, 'calls sent').toBeGreaterThan(0);
    violations.expectNone();
  },
);
