// Covers: every operation whose answer counts items of its request (the contract's `x-counts`: the
// PAN-list registration and deregistration, provider 2.0.0 Registration and Deregistration), each with
// the inputs that tell what is counted: cards only, an account range only, both, cards the list holds
// already (refused) beside new ones, and card data holding no card. The answer judge holds every answer
// of every check to the ties (helpers/client/invariants/counts.ts: the counts together are the items
// sent, an account range never counted as a card); this check sends each input once so that none goes
// unjudged, and gives the property's counts.
import { expect, loadContract, rules, test, unregisteredPan } from '../../fixtures/installments.js';
import { COUNTS, countedOperationsOf } from '../../helpers/client/invariants/counts.js';
import { countProperty } from '../../helpers/client/property-counts.js';
import { Violations } from '../../helpers/client/security/probe.js';
import { ContractViolation } from '../../helpers/contract/checks.js';

const CONTRACT = await loadContract('installments');

/** A 16-digit account range of its own (BIN 455553, which no other check registers). */
function newRange() {
  const block = `455553${String(1000 + Math.floor(Math.random() * 8999))}`;
  return { accountRangeLow: `${block}00000`, accountRangeHigh: `${block}99999` };
}

test(
  'every count an answer ties to the items of its request counts those items and only them: cards only, a range only, both, cards refused, none @provider',
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
    const held = [unregisteredPan(), unregisteredPan()];
    const listed = await send('registerPans', 'cards only', { panListName: 'Counted cards', ...(await cards(held)) });
    await send('registerPans', 'an account range only', { panListName: 'Counted range', accountRange: newRange() });
    await send('registerPans', 'an account range and cards', {
      panListName: 'Counted both',
      accountRange: newRange(),
      ...(await cards([unregisteredPan(), unregisteredPan(), unregisteredPan()])),
    });
    await send('registerPans', 'card data holding no card', { panListName: 'Counted none', ...(await cards([])) });
    const panListId = listed?.panList?.panListId;
    if (typeof panListId === 'string') {
      await send('registerPans', 'cards the list holds (refused) beside a new one', {
        panListId,
        ...(await cards([...held, unregisteredPan()])),
      });
      await send('deregisterPans', 'a card the list holds and one it does not (refused)', {
        panListId,
        ...(await cards([held[0], unregisteredPan()])),
      });
      await send('deregisterPans', 'cards only', { panListId, ...(await cards([held[1]])) });
    }
    const exceptions = applies
      .filter((op) => !checked.has(op))
      .map((operationId) => ({ operationId, reason: 'no list of its own was made to count against (its registration was refused)' }));
    countProperty(test.info(), {
      property: COUNTS,
      service: 'installments',
      rule: 'IN-PROP-COUNTS',
      applies,
      checked: [...checked],
      exceptions,
    });
    expect(applies.sort(), 'the operations the contract ties counts to').toEqual(['deregisterPans', 'registerPans']);
    expect(violations.list, violations.describe()).toEqual([]);
  },
);
