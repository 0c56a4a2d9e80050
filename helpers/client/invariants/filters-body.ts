// Checker: every criterion a search takes in its body keeps its matching rule, as a query filter does (filter-rules.ts):
// a code (an enum, a format, a narrow pattern: an ICA, a MID) compared whole, a free text by its stated rule (else left
// out), over each held value, its parts at every accepted length, lengthened, recased, and another object's value.
import type { Contract, Operation } from '../../contract/contract.js';
import { matchRule } from './filter-rules.js';
import { isRead } from './kit.js';
import { caseSwapped } from '../security/value-forms.js';

export const BODY_CRITERIA = 'body-criteria';

interface BodyCriterion {
  operation: Operation;
  member: string;
  /** `exact`: a code or identifier compared whole; `stated`: a free-text rule the description states; `unstated`: no rule stated. */
  rule: 'exact' | 'stated' | 'unstated';
  enumValues?: string[];
  /** The member of the answer's objects holding the value the criterion selects by: its own name, else the one member of the
   * same schema (MerchantSearchParameters.merchantParticipationStatus is answered as MerchantSearch.status, provider 2.0.0). */
  answerMember: string;
}

/** The member maps of the objects a 200 answer lists: the answer, its items, and its arrays' items. */
function answerObjects(contract: Contract, operation: Operation): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const visit = (node: unknown, depth: number) => {
    const s = contract.resolveSchema(node as never) as { type?: string; items?: unknown; properties?: Record<string, unknown> };
    if (!s || typeof s !== 'object' || depth > 2) return;
    if (s.items) visit(s.items, depth + 1);
    if (s.properties) {
      out.push(s.properties);
      for (const p of Object.values(s.properties)) {
        const r = contract.resolveSchema(p as never) as { items?: unknown };
        if (r?.items) visit(r.items, depth + 1);
      }
    }
  };
  const schema = operation.responses['200']?.schema;
  if (schema) visit(schema, 0);
  return out;
}

/** The answer member `member` of `operation`'s body is read back as: its own name where an answered object has it, else the
 * single answered member whose schema is the criterion's (compared resolved), else its own name. */
function answerMemberOf(contract: Contract, operation: Operation, member: string, node: unknown): string {
  const objects = answerObjects(contract, operation);
  if (objects.some((o) => member in o)) return member;
  const want = JSON.stringify(contract.resolveSchema(node as never));
  const same = [
    ...new Set(
      objects.flatMap((o) =>
        Object.entries(o)
          .filter(([, n]) => JSON.stringify(contract.resolveSchema(n as never)) === want)
          .map(([k]) => k),
      ),
    ),
  ];
  return same.length === 1 ? same[0]! : member;
}

/** The string criteria of every search's body, read from the contract. */
export function bodyCriteria(contract: Contract): BodyCriterion[] {
  return [...contract.operations.values()]
    .filter((op) => isRead(op) && op.requestBody?.schema)
    .flatMap((operation) =>
      Object.entries(
        (contract.resolveSchema(operation.requestBody!.schema) as { properties?: Record<string, unknown> }).properties ?? {},
      ).flatMap(([member, node]) => {
        const s = contract.resolveSchema(node) as {
          type?: string;
          enum?: string[];
          format?: string;
          pattern?: string;
          description?: string;
        };
        if (s.type !== 'string') return [];
        const coded = Boolean(s.enum || s.format || (s.pattern && !/^\^?\.\{/.test(s.pattern)));
        const rule = coded ? 'exact' : matchRule('search', String(s.description ?? '')) === 'search' ? 'unstated' : 'stated';
        return [
          {
            operation,
            member,
            rule,
            answerMember: answerMemberOf(contract, operation, member, node),
            ...(s.enum ? { enumValues: [...s.enum] } : {}),
          } as BodyCriterion,
        ];
      }),
    );
}

/** The inputs telling an exact criterion from a looser one (shorter parts, lengthened to twice, recased), those `accepts` takes. */
export function exactInputs(value: string, accepts: (input: string) => boolean): { how: string; value: string }[] {
  const n = value.length;
  const pad = /^[0-9]+$/.test(value) ? '0' : 'x';
  const out: { how: string; value: string }[] = [];
  for (let len = 1; len < n; len++) {
    out.push({ how: `its first ${len}`, value: value.slice(0, len) });
    out.push({ how: `its last ${len}`, value: value.slice(n - len) });
    const from = Math.floor((n - len) / 2);
    if (from > 0 && from + len < n) out.push({ how: `its middle ${len}`, value: value.slice(from, from + len) });
  }
  for (let more = 1; more <= n; more++) {
    out.push({ how: `${more} more at its end`, value: value + pad.repeat(more) });
    out.push({ how: `${more} more at its start`, value: pad.repeat(more) + value });
  }
  out.push({ how: 'its case swapped', value: caseSwapped(value) });
  return out.filter((x, i, all) => x.value !== value && all.findIndex((y) => y.value === x.value) === i && accepts(x.value));
}

/** The objects of a search's answer carrying `member` (its items, itself, or its arrays' items: a MID search); undefined where none. */
export function rowsOf(answer: unknown, member: string): Record<string, unknown>[] | undefined {
  if (Array.isArray(answer)) return answer.filter((x): x is Record<string, unknown> => typeof x === 'object' && x !== null);
  if (typeof answer !== 'object' || answer === null) return undefined;
  const o = answer as Record<string, unknown>;
  if (member in o) return [o];
  const nested = Object.values(o)
    .filter(Array.isArray)
    .flatMap((a) => (a as unknown[]).filter((x): x is Record<string, unknown> => typeof x === 'object' && x !== null && member in x));
  return nested.length ? nested : undefined;
}

/** The rows an exact criterion `sent` should not have listed: each names the member's value it shows. */
export function strayRows(rows: Record<string, unknown>[], member: string, sent: string): string[] {
  return rows.filter((r) => member in r && r[member] !== sent).map((r) => `${member} ${JSON.stringify(r[member])}`);
}

/** What an object answer lists: its array members' items (its top members echo the criteria). */
export function listedUnder(answer: unknown): unknown[] {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return [];
  return Object.values(answer as Record<string, unknown>)
    .filter(Array.isArray)
    .flat();
}
