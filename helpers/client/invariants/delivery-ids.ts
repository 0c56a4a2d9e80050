// Checker: an outbound delivery names the object it is about. Every operation that sends test
// deliveries (seed 002, Events: the test-subscription operations trigger test deliveries; the
// test-transaction operation triggers one transaction event and one account event; refused-trace.ts
// sendsTestDeliveries) names its object by the ids of its path (the account under its customer, the
// event under its subscription); each delivery it makes carries the object itself (the last of
// them) and reads, in every member named as one of them (`accountId` for `{accountId}`,
// `subscriptionId` for `{subscription_id}`), the id the trigger was sent. The spec sends each
// trigger for an object other than the first of its parent, so that a delivery naming the first,
// or the previous one, tells (FD-PROP-DELIVERY-NAMES). A report generation's callback (seed 002,
// Events: a callback URL for completion reporting) is held the same way, with the id of the report
// it made (invariants.end-states.spec.ts, which receives them). Pure.
import type { Operation } from '../../contract/contract.js';
import { leavesOf } from './kit.js';

export const DELIVERY_IDS = 'delivery-ids';

/** A name as a member and a path parameter both spell it (`subscription_id`, `subscriptionId`). */
const spelled = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The ids an operation's path names (a parameter named as an id: `accountId`, `subscription_id`), outermost first (its object is the last); a kind in the path (`{userType}`) is none. */
export const pathIdsOf = (op: Operation): string[] =>
  [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).filter((name) => /id$/i.test(name));

/**
 * What one delivery a trigger made gets wrong about its object: a member named as one of the
 * trigger's path ids reading another id, and the object itself (the last path id) not named at all.
 */
export function deliveryIdProblems(
  trigger: Operation,
  path: Record<string, unknown>,
  delivery: unknown,
  made: Record<string, unknown> = {},
): string[] {
  // `made`: the ids of what the trigger made, by the name its delivery gives them (a report's `reportId`), held like the path's.
  const ids = [...Object.keys(made), ...pathIdsOf(trigger)];
  path = { ...path, ...made };
  const out: string[] = [];
  const named = new Set<string>();
  for (const [at, value] of leavesOf(delivery)) {
    const member = at.split('.').at(-1) ?? '';
    const id = ids.find((n) => spelled(n) === spelled(member));
    if (!id || value === null || typeof value === 'object') continue;
    named.add(id);
    if (String(value) !== String(path[id]))
      out.push(
        `${trigger.operationId}: its delivery's ${at} reads ${JSON.stringify(value)}, where the trigger named ${id} ${JSON.stringify(String(path[id]))}`,
      );
  }
  const own = pathIdsOf(trigger).at(-1);
  if (own && !named.has(own))
    out.push(`${trigger.operationId}: its delivery names no ${own} (the object it is about, ${JSON.stringify(String(path[own]))})`);
  return out;
}
