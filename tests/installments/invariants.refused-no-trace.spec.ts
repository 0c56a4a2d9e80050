// Covers: a refused request leaves no trace (IN-PROP-REFUSED-NO-TRACE), on every writer of the
// installments contract (every operation that is not a read; helpers/client/invariants/kit.ts): each
// is sent its valid sample naming a live plan refused for each kind of validation rule the contract
// states (one generated invalid input per kind), and unsigned;
// every reader of the objects it names then answers as before, member by member. The checker is
// helpers/client/invariants/refused-trace.ts; its counts are the certification's (rule x path).
import { expect, loadContract, rules, test, type InstallmentsOperationId } from '../../fixtures/installments.js';
import { countProperty } from '../../helpers/client/property-counts.js';
import {
  checkRefusedLeaveNoTrace,
  refusalsOf,
  REFUSED_NO_TRACE,
  traceWriters,
  type TraceProbe,
} from '../../helpers/client/invariants/refused-trace.js';
import { Violations, withObjects } from '../../helpers/client/security/probe.js';
import { objectIdsOf } from '../../helpers/contract/object-ids.js';
import type { CallOptions } from '../../helpers/client/client.js';

const contract = await loadContract('installments');
const WRITERS = traceWriters(contract);

test.beforeEach(({ inst }) => {
  test.skip(!inst.eligiblePan, 'needs a card the target offers installments for (INSTALLMENTS_ELIGIBLE_PAN)');
});

test(
  'a refused write (invalid member, no signature) leaves every reader of what it names as before @assumption',
  rules('IN-PROP-REFUSED-NO-TRACE'),
  async ({ inst, instApi, instReq }) => {
    const { planId } = await instReq.createPlan(instApi);
    const objects = { plan: planId };
    const callOf = async (operationId: string): Promise<CallOptions | string> => {
      const op = contract.operationOf(operationId);
      const call = (await instReq.sampleCall(operationId as InstallmentsOperationId).catch((error: Error) => error.message)) as
        | CallOptions
        | string;
      return typeof call === 'string' ? `no sample call (${call})` : withObjects(call, objectIdsOf(contract, op).ids, objects);
    };
    const probes: TraceProbe[] = [];
    const exceptions: { operationId: string; reason: string }[] = [];
    for (const { writer, readers } of WRITERS) {
      const { operationId } = writer;
      const valid = await callOf(operationId);
      if (typeof valid === 'string') {
        exceptions.push({ operationId, reason: valid });
        continue;
      }
      const reads = [];
      for (const operation of readers) {
        const call = await callOf(operation.operationId);
        if (typeof call !== 'string') reads.push({ operation, call });
      }
      if (!reads.length) exceptions.push({ operationId, reason: 'the contract has no reader of an object it names' });
      else if (valid.baseURL) exceptions.push({ operationId, reason: "served by the issuer's endpoint, not by the target" });
      else probes.push({ writer, refusals: refusalsOf(contract, writer, valid), reads });
    }
    void inst;
    const violations = new Violations(REFUSED_NO_TRACE);
    const { checked, sent } = await checkRefusedLeaveNoTrace(instApi, probes, violations, undefined, 'IN-PROP-REFUSED-NO-TRACE');
    test
      .info()
      .annotations.push({ type: 'refusals sent and refused, by reason', description: [...sent].map(([k, n]) => `${k} ${n}`).join(', ') });
    for (const p of probes)
      if (!checked.includes(p.writer.operationId))
        exceptions.push({ operationId: p.writer.operationId, reason: 'none of its refusals was refused' });
    countProperty(test.info(), {
      property: REFUSED_NO_TRACE,
      service: 'installments',
      rule: 'IN-PROP-REFUSED-NO-TRACE',
      applies: WRITERS.map((w) => w.writer.operationId),
      checked,
      exceptions,
    });
    expect(violations.list, violations.describe()).toEqual([]);
  },
);
