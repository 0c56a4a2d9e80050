// Checker (FD-PROP-DELIVERY-NAMES): an outbound delivery names its object. A test trigger (seed 002, Events: "the test-subscription
// operations trigger test deliveries"; "triggers one transaction event and one account event") names it by its path ids; each
// delivery reads, in every member named as one of them, the id sent; a report callback (seed 002, Events) alike. Pure.
import type { Contract, Json, Operation } from '../../contract/contract.js';
import { leavesOf, valueAt } from './kit.js';
import { walkSchema } from '../../contract/schema-walk.js';

export const DELIVERY_IDS = 'delivery-ids';

/** A name as a member and a path parameter both spell it (`subscription_id`, `subscriptionId`). */
const spelled = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The ids an operation's path names (a parameter named as an id: `accountId`, `subscription_id`), outermost first (its object is the last); a kind in the path (`{userType}`) is none. */
const pathIdsOf = (op: Operation): string[] => [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).filter((name) => /id$/i.test(name));

/** What one delivery gets wrong about its object: a member named as a path id reading another id, the object itself not named. */
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

// Checker (FD-PROP-EVENT-IDS; reference, Outbound deliveries; seed 002, Events): a delivery's event id differs for each object or
// change, its sending date never before its trigger; a retry keeping its id is documented by no source. Pure.

export const EVENT_IDS = 'event-ids';

/** The members of a delivery schema naming its event and dating its sending, as dotted paths (`eventId`, `payload.eventId`). */
interface EventMembers {
  schema: string;
  ids: string[];
  dates: string[];
}

/** Derived from the delivery schema `schema` of `contract`: its event id members (at any depth, arrays aside) and its own date-time members (the top level: a nested date is its object's). */
export function eventMembersOf(contract: Contract, schema: string): EventMembers {
  const pathIds = new Set([...contract.operations.values()].flatMap((op) => pathIdsOf(op).map(spelled)));
  const ids: string[] = [];
  const dates: string[] = [];
  const visit = (s: Json, at: string[]) => {
    const name = spelled(at.at(-1) ?? '');
    if (/eventid$/.test(name) && !pathIds.has(name)) ids.push(at.join('.'));
    if (at.length === 1 && s.format === 'date-time') dates.push(at[0]!);
  };
  walkSchema(contract, contract.componentSchema(schema), visit, { depth: 4, items: null });
  return { schema, ids, dates };
}

/** One delivery received: what it is about (an object, or a change of one), its body, and when its trigger was sent (ms, the target's clock). */
export interface Delivered {
  about: string;
  json: unknown;
  sentAfter?: number;
}

/** What deliveries of one kind get wrong: one event id for two objects or changes, a sending dated before its trigger (to the second). */
export function eventIdProblems(members: EventMembers, deliveries: readonly Delivered[]): string[] {
  const out: string[] = [];
  for (const at of members.ids) {
    const abouts = new Map<string, Set<string>>();
    for (const d of deliveries) {
      const value = valueAt(d.json, at.split('.'));
      if (value === undefined || value === null || typeof value === 'object') continue;
      const key = String(value);
      if (!abouts.has(key)) abouts.set(key, new Set());
      abouts.get(key)!.add(d.about);
    }
    for (const [value, about] of abouts)
      if (about.size > 1)
        out.push(
          `${members.schema}: deliveries about ${about.size} different events carry the same ${at} ${JSON.stringify(value)} (${[...about].slice(0, 3).join('; ')}${about.size > 3 ? '; ...' : ''})`,
        );
  }
  for (const at of members.dates)
    for (const d of deliveries) {
      const value = valueAt(d.json, at.split('.'));
      if (d.sentAfter === undefined || typeof value !== 'string' || Number.isNaN(Date.parse(value))) continue;
      if (Date.parse(value) < Math.floor(d.sentAfter / 1000) * 1000)
        out.push(
          `${members.schema}: the delivery about ${d.about} dates its ${at} ${JSON.stringify(value)}, before its trigger was sent (${new Date(d.sentAfter).toISOString()})`,
        );
    }
  return out;
}
