// Covers: RFC 9110 section 12.5.1 on every operation declaring a media type (helpers/client/invariants/negotiation.ts;
// reference, Operations table; provider 2.0.0: 406).
import { rules, test } from '../../fixtures/installments.js';
import { ACCEPT, acceptFormsOf, judgeAccept, negotiatedOf } from '../../helpers/client/invariants/negotiation.js';
import type { CallOptions } from '../../helpers/client/client.js';
import { countRule, tally } from '../shared/property.js';

test(
  'every operation serves the media type each Accept selects (case, parameters, lists, wildcards, q), and 406 where none is admitted @provider',
  rules('IN-PROP-ACCEPT'),
  async ({ instApi, instReq, instContract }) => {
    const negotiated = negotiatedOf(instContract);
    const { violations, checked, exceptions } = tally(ACCEPT);
    let planId: string | undefined;
    for (const n of negotiated) {
      const op = n.operation.operationId;
      if (n.operation.method !== 'GET' && !n.notAcceptable) {
        exceptions.push({ operationId: op, reason: 'a write documenting no 406: its valid call is not repeated once per Accept form' });
        continue;
      }
      let call: CallOptions = await instReq.sampleCall(op as Parameters<typeof instReq.sampleCall>[0]);
      const forms = acceptFormsOf(n.offered);
      // An operation naming one plan names a fresh plan of the check's own per form.
      const body = call.body as Record<string, unknown> | undefined;
      const inPath = n.operation.parameters.some((p) => p.in === 'path' && p.name === 'plan_id');
      const inBody = body !== null && typeof body === 'object' && !Array.isArray(body) && 'planId' in body;
      if (inPath || inBody) {
        planId ??= (await instReq.createPlan(instApi)).planId;
        call = inPath ? { ...call, path: { ...call.path, plan_id: planId } } : { ...call, body: { ...body, planId } };
      }
      let served = true;
      for (const form of forms) {
        if (inBody && form !== forms[0]) call = { ...call, body: { ...body, planId: (await instReq.createPlan(instApi)).planId } };
        const res = await instApi.callOperation(n.operation, { ...call, headers: { ...call.headers, accept: form.accept } });
        if (res.status === 429) continue;
        // The first form is the offered type alone: a sample this target does not serve is no finding of negotiation.
        if (form === forms[0] && !/^2/.test(String(res.status))) {
          exceptions.push({ operationId: op, reason: `its sample answered ${res.status} with Accept ${form.accept}` });
          served = false;
          break;
        }
        judgeAccept(violations, n, form, res);
      }
      if (served) checked.push(op);
    }
    countRule(ACCEPT, 'IN-PROP-ACCEPT', { applies: negotiated.map((n) => n.operation.operationId), checked, exceptions });
    violations.expectNone();
  },
);
