// Documented statuses no check provokes, with the contract's reason (`x-unexercised`, by status), shown beside the pair; a
// whole run on the mock fails on one left without (coverage-report.ts, coverageGapsOfRun). A reason is about the sources,
// never the suite's convenience: silent on when it is answered, a condition decided otherwise, a state no request brings.
import { type Contract, deref, type Json, type Operation } from './contract.js';

/** Why a documented status is not provoked, as the reports word it. */
export const UNEXERCISED_KINDS = {
  'no-stated-condition': 'documented, no stated condition',
  'decided-otherwise': 'documented; its only stated condition is answered otherwise by a rule of the contract',
  'target-state': 'documented; answered in a state of the target that no request brings about',
} as const;

type UnexercisedKind = keyof typeof UNEXERCISED_KINDS;

export interface UnexercisedReason {
  operationId: string;
  status: string;
  kind: UnexercisedKind;
  /** The sources read, each with what it says of the status (our words): seed section, provider document and schema, reference item. */
  read: string[];
  /** Why, in one or two sentences. */
  note: string;
  /** With decided-otherwise: the rule of the catalogue that answers the stated condition. */
  rule?: string;
}

/** A malformed `x-unexercised` entry: one line naming it. */
export class UnexercisedError extends Error {}

/** The `x-unexercised` entries of an operation, checked: each names a documented status, a known kind, the sources read and a note. */
function unexercisedOf(contract: Contract, op: Operation): UnexercisedReason[] {
  const raw = operationNode(contract, op)?.['x-unexercised'];
  if (raw === undefined) return [];
  const where = `${contract.service} ${op.operationId} x-unexercised`;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new UnexercisedError(`${where}: not a map of status to reason`);
  return Object.entries<Json>(raw).map(([status, entry]) => {
    const at = `${where} ${status}`;
    if (!op.responses[status]) throw new UnexercisedError(`${at}: the operation documents no such status`);
    if (!(entry?.kind in UNEXERCISED_KINDS))
      throw new UnexercisedError(`${at}: kind '${String(entry?.kind)}' is not one of ${Object.keys(UNEXERCISED_KINDS).join(', ')}`);
    if (!Array.isArray(entry.read) || entry.read.length === 0 || entry.read.some((r: unknown) => typeof r !== 'string' || !r.trim()))
      throw new UnexercisedError(`${at}: read must list the sources read (seed, provider, reference)`);
    if (typeof entry.note !== 'string' || !entry.note.trim()) throw new UnexercisedError(`${at}: note must say why`);
    if (entry.kind === 'decided-otherwise' && typeof entry.rule !== 'string')
      throw new UnexercisedError(`${at}: decided-otherwise names the rule that answers the condition`);
    return {
      operationId: op.operationId,
      status,
      kind: entry.kind as UnexercisedKind,
      read: entry.read,
      note: entry.note,
      ...(entry.rule ? { rule: entry.rule } : {}),
    };
  });
}

/** Every `x-unexercised` entry of a contract, by `operationId status`. */
export function unexercisedReasons(contract: Contract): Map<string, UnexercisedReason> {
  const out = new Map<string, UnexercisedReason>();
  for (const op of contract.operations.values()) for (const r of unexercisedOf(contract, op)) out.set(`${r.operationId} ${r.status}`, r);
  return out;
}

/** The operation object as the document writes it (the loaded Operation keeps no extensions). */
function operationNode(contract: Contract, op: Operation): Json {
  const item = contract.document.paths?.[op.path];
  const resolved = deref(contract.document, item);
  return resolved?.[op.method.toLowerCase()];
}
