// The dates of past events an answer reports (a creation, request, submission, change), read from the contract's member
// names and descriptions: fixed at the event, the same on every later read (FD-EVENT-DATE-FIXED). "As of now" members
// (asOfDate, a balance's date, an aggregation attempt) are left out.
import type { Contract, Json } from './contract.js';

/**
 * A member name saying "the moment this happened": the event's verb first (created, linked, posted, opened...), then at most
 * one noun (`linkedAccountDate`: provider 1.35.0 LinkedAccountDate; `postedDate`, `openDate`).
 */
const EVENT_NAME =
  /^(created|creation|request(ed)?|submitted|(last)?[mM]odified|(last)?[uU]pdated|accepted|sent|initiated|generated|linked|posted|open(ed)?)([A-Z][a-z]+)?(Date|Time|Timestamp)$/;
/** A description that says the same: "When the registration was submitted", "Creation time", "last changed". */
const EVENT_TEXT = /\b(was|were) (requested|created|submitted|initiated|generated|sent)\b|^Creation\b|\blast changed\b/i;
/** A description of a moment relative to the read: never an event date. */
const AS_OF_NOW = /\bas of\b|\bnow\b|\bcurrent(ly)?\b/i;

/** Members whose event the same call does not keep naming, with the reason (the call, not the date, moves on). */
const RELATIVE_EVENT_DATES: Record<string, string> = {
  documentDate:
    'a statement is read by its index counted back from the latest (seed 002, Statements: index 1 the most recent), so once a new statement is issued the same call names another statement',
};

/** The member names reporting a past event's date, each with what it was taken from (the name or the description). */
export function eventDateMembers(contract: Contract): Map<string, string> {
  const found = new Map<string, string>();
  const seen = new Set<Json>();
  const walk = (node: Json) => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) return node.forEach(walk);
    for (const [name, schema] of Object.entries<Json>(node.properties ?? {})) {
      const text = String(schema?.description ?? '');
      if (RELATIVE_EVENT_DATES[name] !== undefined || AS_OF_NOW.test(text)) continue;
      if (EVENT_NAME.test(name)) found.set(name, found.get(name) ?? 'its name');
      else if (EVENT_TEXT.test(text)) found.set(name, `its description ("${text}")`);
    }
    Object.values(node).forEach(walk);
  };
  walk(contract.document.components?.schemas);
  return found;
}

/** Every leaf of an answer whose member is one of `members`, by its path (`customers.0.createdDate`). */
export function eventDateLeaves(body: unknown, members: ReadonlyMap<string, string>, at = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (!body || typeof body !== 'object') return out;
  for (const [key, value] of Object.entries(body)) {
    const where = at ? `${at}.${key}` : key;
    if (members.has(key) && (value === null || typeof value !== 'object')) out.set(where, value);
    else for (const [k, v] of eventDateLeaves(value, members, where)) out.set(k, v);
  }
  return out;
}
