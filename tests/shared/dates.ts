// Dates in their unit (<S>-DATE-UNIT, helpers/client/invariants/dates.ts): the answer judge holds every
// answer of every check to it; each service's check sends the calls that tell (every reader, every
// enrollment path, a merchant at home and abroad) through this body, so that none goes unjudged.
import { expect } from '@playwright/test';
import type { Operation } from '../../helpers/contract/contract.js';
import { DATE_UNITS, type DateUnits } from '../../helpers/client/invariants/dates.js';
import { ContractViolation } from '../../helpers/contract/checks.js';
import { countRule, tally } from './property.js';

/** One call: what it is sent on (`card path`), how (a string: why it is not sent), the status it must answer where known. */
type DatedCall = {
  operation: Operation;
  where: string;
  send: (() => Promise<{ status: number; body: unknown }>) | string;
  status?: number;
};

/** Sends every call, a judge's date violation a finding; operations of `applies` no call checked are left out with their reasons. */
export async function checkDatedAnswers(
  rule: string,
  dates: DateUnits,
  applies: readonly string[],
  calls: readonly DatedCall[],
  { unsent = 'not called', stopped = () => false }: { unsent?: string; stopped?: () => boolean } = {},
): Promise<string[]> {
  const { violations, checked } = tally(DATE_UNITS);
  const notes = calls.map(() => '');
  for (const [i, c] of calls.entries()) {
    if (typeof c.send === 'string') notes[i] = `${c.where}: ${c.send}`;
    else
      try {
        const res = await c.send();
        if (c.status !== undefined) expect(res.status, c.where).toBe(c.status);
        if (dates.leaves(c.operation, res.status, res.body).length) checked.push(c.operation.operationId);
        else notes[i] = `${c.where}: its answer (${res.status}) carries no date member`;
      } catch (error) {
        // The judge's violation names the member; the loop goes on to every other call.
        if (stopped() || !(error instanceof ContractViolation)) throw error;
        checked.push(c.operation.operationId);
        violations.add(c.operation.operationId, c.where, error.message.split('\n')[0]!, 'every date in its unit and range');
      }
  }
  const reasonOf = (id: string) => notes.filter((n, i) => n && calls[i]!.operation.operationId === id).join('; ') || unsent;
  const exceptions = applies.filter((id) => !checked.includes(id)).map((operationId) => ({ operationId, reason: reasonOf(operationId) }));
  countRule(DATE_UNITS, rule, { applies: [...applies], checked: [...new Set(checked)], exceptions });
  expect(checked.length, 'answers holding a date').toBeGreaterThan(0);
  violations.expectNone();
  return calls.filter((c) => typeof c.send === 'string').map((c) => `${c.where}: ${c.send}`);
}
