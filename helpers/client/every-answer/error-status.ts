// Property: an error body agrees with its answer: a member stating the HTTP status (seed 000, Error body: `code`; financial data's
// ErrorMessage `status`) is the answer's; a code `x-codes` ties to a status (seed 000 Errors: INVALID_ARGUMENT under 400; provider
// 1.35.0: 3003, 3004 under getCustomerAuthorizationDetails' 404) comes in no other (`x-status-member`); judged at the choke point.
import type { Contract, Json, Operation } from '../../contract/contract.js';
import type { Answered, PropertyChecker, Verdict } from './checker.js';
import { codedConditionsOf } from '../../contract/coded-conditions.js';

/** A member of an error schema that states the HTTP status, as the schema's `x-status-member` says. */
interface StatusMember {
  schema: string;
  /** Dotted, through lists (`Errors.Error.ReasonCode`: the ReasonCode of each error). */
  member: string;
  /** Where the member carries a code rather than the status: the statuses each code is given (a code not listed is not judged). */
  codes?: Record<string, number[]>;
  /** Members of the same schema that are not the status, each with why (a provider's own code). */
  notStatus: Record<string, string>;
  /** The member holds the status and nothing else (`onlyStatus`): digits in it that are no status disagree with every answer. */
  onlyStatus?: boolean;
}

/** Every value at a dotted member, each item of a list on the way read. */
export function valuesAt(node: unknown, member: string): unknown[] {
  let at: unknown[] = [node];
  for (const step of member.split('.'))
    at = at
      .flatMap((n) => (Array.isArray(n) ? n : [n]))
      .map((n) => (n !== null && typeof n === 'object' ? (n as Record<string, unknown>)[step] : undefined))
      .filter((v) => v !== undefined);
  return at.flatMap((n) => (Array.isArray(n) ? n : [n]));
}

const statusMembers = new WeakMap<Contract, Map<string, StatusMember | undefined>>();
const codeTables = new WeakMap<Contract, Map<string, { member: string; statuses: Map<string, Set<number>> }[]>>();

/** The member of a named error schema stating the HTTP status (undefined: the schema states none). */
export function statusMemberOf(contract: Contract, schema: string): StatusMember | undefined {
  const known = statusMembers.get(contract) ?? new Map<string, StatusMember | undefined>();
  statusMembers.set(contract, known);
  if (known.has(schema)) return known.get(schema);
  const node: Json = contract.resolveSchema(contract.componentSchema(schema));
  const mark: Json = node?.['x-status-member'];
  const codes: Record<string, number[]> | undefined = mark?.codes
    ? Object.fromEntries(Object.entries<unknown>(mark.codes).map(([code, st]) => [code, (Array.isArray(st) ? st : [st]).map(Number)]))
    : undefined;
  const found = mark?.member
    ? {
        schema,
        member: String(mark.member),
        ...(codes ? { codes } : {}),
        notStatus: { ...(mark.notStatus ?? {}) },
        ...(mark.onlyStatus === true ? { onlyStatus: true } : {}),
      }
    : undefined;
  known.set(schema, found);
  return found;
}

/** Each operation's x-codes tables: for a member, the statuses each code is documented under. */
export function codeStatusesOf(contract: Contract, operationId: string): { member: string; statuses: Map<string, Set<number>> }[] {
  let all = codeTables.get(contract);
  if (!all) {
    all = new Map();
    for (const c of codedConditionsOf(contract)) {
      const tables = all.get(c.operationId) ?? [];
      all.set(c.operationId, tables);
      let table = tables.find((t) => t.member === c.member);
      if (!table) tables.push((table = { member: c.member, statuses: new Map() }));
      for (const code of c.codes) table.statuses.set(code, (table.statuses.get(code) ?? new Set()).add(c.status));
    }
    codeTables.set(contract, all);
  }
  return all.get(operationId) ?? [];
}

/** A value in the form of an HTTP status: a number, or a string of three digits. */
const statusForm = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isInteger(v) ? v : typeof v === 'string' && /^[1-5][0-9]{2}$/.test(v) ? Number(v) : undefined;

/**
 * A value written as a number that is no HTTP status (`"3003"`, `4040`): where a member holds the status and nothing else
 * (`onlyStatus`), such digits disagree with every answer (an error code carried there, e.g.). Words (`"Not Found"`) are not judged.
 */
const digitsNotStatus = (v: unknown): boolean =>
  statusForm(v) === undefined && ((typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && /^[0-9]+$/.test(v)));

const show = (v: unknown) => (typeof v === 'string' ? `"${v}"` : String(v));

/** Judges one error answer against `schemas` (the service's, the operation's) in order: the first matching one stating the status. */
export function errorStatusOf(
  contract: Contract,
  schemas: readonly string[],
  answer: { operation: Operation; status: number; body: unknown },
): Verdict {
  const { operation, status, body } = answer;
  const problems: string[] = [];
  const reasons: string[] = [];
  let judged = false;
  const object = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  const stating = schemas.map((s) => statusMemberOf(contract, s)).filter((m): m is StatusMember => m !== undefined);
  const matched = stating.find((m) => object && contract.component(m.schema)(object));
  if (matched && object) {
    const values = valuesAt(object, matched.member);
    const stated = matched.codes
      ? values.flatMap((v) =>
          typeof v === 'string' || typeof v === 'number' ? (matched.codes![String(v)] ?? []).map((st) => ({ v, st })) : [],
        )
      : values.slice(0, 1).flatMap((v) => (statusForm(v) === undefined ? [] : [{ v, st: statusForm(v)! }]));
    // The status member's digits that are no status (financial data's Error `status` carrying the provider's code): judged, each a
    // disagreement, where the schema says the member holds only the status (provider 1.35.0 ErrorMessage `status`: the HTTP status of
    // the answer; `code` the provider's own code). Card enrollment's `code` is not so marked: no sentence says what it holds.
    const noStatus = matched.codes || !matched.onlyStatus ? [] : values.slice(0, 1).filter(digitsNotStatus);
    if (noStatus.length) {
      judged = true;
      for (const v of noStatus)
        problems.push(
          `its ${matched.schema} ${matched.member} ${show(v)} is no HTTP status (the member states the status of its answer, three digits 100 to 599${
            Object.keys(matched.notStatus).length
              ? `; ${Object.entries(matched.notStatus)
                  .map(([m, why]) => `${m} is ${why}`)
                  .join('; ')}`
              : ''
          }), the answer is HTTP ${status}`,
        );
    } else if (stated.length) {
      judged = true;
      // A code given several statuses (a 401's two codes aside) agrees when one of them is the answer's.
      const byValue = new Map<unknown, number[]>();
      for (const { v, st } of stated) byValue.set(v, [...(byValue.get(v) ?? []), st]);
      for (const [v, sts] of byValue)
        if (!sts.includes(status))
          problems.push(
            matched.codes
              ? `its ${matched.schema} ${matched.member} ${show(v)} is the code the contract gives HTTP ${sts.join(' or ')} (x-status-member), the answer is HTTP ${status}`
              : `its ${matched.schema} ${matched.member} ${show(v)} states HTTP ${sts[0]}, the answer is HTTP ${status}`,
          );
    } else
      reasons.push(
        `its ${matched.schema} body gives no ${matched.member} ${matched.codes ? 'the contract ties to a status' : "in a status's form"}${Object.entries(
          matched.notStatus,
        )
          .map(([m, why]) => `; ${m} is ${why}`)
          .join('')}`,
      );
  } else if (!stating.length)
    reasons.push(`its error shape (${schemas.join(', ')}) has no member the contract says states the HTTP status (x-status-member)`);
  else reasons.push(`its error body is not the shape whose member states the status (${stating.map((m) => m.schema).join(', ')})`);
  for (const table of codeStatusesOf(contract, operation.operationId)) {
    const value = object?.[table.member];
    if (value === undefined || value === null || typeof value === 'object') continue;
    const documented = table.statuses.get(String(value));
    if (!documented) continue;
    judged = true;
    if (!documented.has(status))
      problems.push(
        `its ${table.member} ${show(value)} is the code the contract gives HTTP ${[...documented].join(' or ')} (x-codes), the answer is HTTP ${status}`,
      );
  }
  return judged ? { judged, problems } : { judged, problems, reason: reasons.join('; ') };
}

/**
 * The property, its catalogue rule per service; judged on an error body of the service's error shape (`schemas`: the service's and
 * the operation's own, helpers/client/answer-checks.ts); an error answer no member of whose body states the status is left out.
 */
export const ERROR_STATUS: PropertyChecker<Answered & { schemas: readonly string[] }> = {
  property: 'error-agrees-with-status',
  rules: { 'card-enrollment': 'CE-PROP-ERROR-STATUS', installments: 'IN-PROP-ERROR-STATUS', 'financial-data': 'FD-PROP-ERROR-STATUS' },
  unjudged: 'no member of its error body states the status',
  check: 'errorStatusConformance',
  received: 'an error body that disagrees with its status',
  documented: 'the error body states the status of its answer',
  applies: () => true,
  judge: ({ contract, schemas, exchange }) => errorStatusOf(contract, schemas, exchange),
};
