// A limit counts only its key (<S>-PROP-LIMIT-KEY, helpers/client/invariants/keys.ts): the loop every
// service's check of a stated rate or lock runs, each operation's calls its spec's.
import { test } from '@playwright/test';
import type { Operation } from '../../helpers/contract/contract.js';
import type { Violations } from '../../helpers/client/security/probe.js';
import { countRule, tally } from './property.js';

/** Checks each operation (`check`: what it saw, or why it is left out) and counts the rule over them all. */
export async function checkKeysOf(
  rule: string,
  operations: readonly Operation[],
  check: (op: Operation, violations: Violations) => Promise<string[] | { leftOut: string }>,
): Promise<void> {
  const { violations, checked, exceptions } = tally(rule);
  const seen: string[] = [];
  for (const op of operations) {
    const got = await check(op, violations);
    if ('leftOut' in got) exceptions.push({ operationId: op.operationId, reason: got.leftOut });
    else {
      checked.push(op.operationId);
      seen.push(...got);
    }
  }
  test.info().annotations.push({ type: 'limit-key', description: seen.join('; ') });
  countRule('limit-key', rule, { applies: operations.map((o) => o.operationId), checked, exceptions });
  violations.expectNone(seen.join('\n'));
}
