// Covers: every operation whose answer counts items of its request (`x-counts`; provider 2.0.0 Registration and
// Deregistration), with inputs that tell what is counted (helpers/client/invariants/counts.ts, judged on every answer).
import { expect, loadContract, rules, test } from '../../fixtures/installments.js';
import { COUNTS, countedOperationsOf } from '../../helpers/client/invariants/counts.js';
import { Violations } from '../../helpers/client/security/probe.js';
import { ContractViolation } from '../../helpers/contract/checks.js';
import { countRule } from '../shared/property.js';

const CONTRACT = await loadContract('installments');

test(
  'every count an answer ties to the items of its request counts those items and only them: cards only, a range only, both, cards refused @provider',
  rules('IN-PROP-COUNTS', 'IN-VAL-PAN-COUNTS'),
  async ({ instApi, instReq }) => {
    const violations = new Violations(COUNTS);
    const applies = countedOperationsOf(CONTRACT);
    const checked = new Set<string>();
    const cards = (pans: string[]) => instReq.sensitive({ pans: pans.map((pan) => ({ pan })) });
    /** Sends one input; the judge's violation is the finding. Returns the answer of a 200, else undefined. */
    const send = async (operationId: 'registerPans' | 'deregisterPans', input: string, body: Record<string, unknown>) => {
      try {
        const res = await instApi.call(operationId, { body: body as never });
        expect(res.status, `${operationId}, ${input}`).toBe(200);
        checked.add(operationId);
        return res.body as Record<string, any>;
      } catch (error) {
        if (!(error instanceof ContractViolation)) throw error;
        checked.add(operationId);
        violations.add(operationId, input, error.message.split('\n')[0], 'its counts count the items sent, and only them');
        return undefined;
      }
    };
    const held = [instReq.listPan(), instReq.listPan()];
    const listed = await send('registerPans', 'cards only', { panListName: 'Counted cards', ...(await cards(held)) });
    // Ranges the target holds, cards inside them (provider 2.0.0: a new list's range must be in the system).
    await send('registerPans', 'an account range only', { panListName: 'Counted range', accountRange: instReq.heldRange() });
    const both = instReq.heldRange()!;
    await send('registerPans', 'an account range and cards', {
      panListName: 'Counted both',
      accountRange: both,
      ...(await cards([instReq.listPan(16, both), instReq.listPan(16, both), instReq.listPan(16, both)])),
    });
    const panListId = listed?.panList?.panListId;
    if (typeof panListId === 'string') {
      await send('registerPans', 'cards the list holds (refused) beside a new one', {
        panListId,
        ...(await cards([...held, instReq.listPan()])),
      });
      await send('deregisterPans', 'a card the list holds and one it does not (refused)', {
        panListId,
        ...(await cards([held[0], instReq.listPan()])),
      });
      await send('deregisterPans', 'cards only', { panListId, ...(await cards([held[1]])) });
    }
    const exceptions = applies
      .filter((op) => !checked.has(op))
      .map((operationId) => ({ operationId, reason: 'no list of its own was made to count against (its registration was refused)' }));
    countRule(COUNTS, 'IN-PROP-COUNTS', { applies, checked: [...checked], exceptions });
    expect(applies.sort(), 'the operations the contract ties counts to').toEqual(['deregisterPans', 'registerPans']);
    violations.expectNone();
  },
);
