// Property: a count counts only what it names (`x-counts`: provider 2.0.0 Registration and Deregistration's successfulCount
// and failureCount add up to the items sent); its failed items' member (`failed`: registerPans and deregisterPans 200
// examples, encryptedValue "will not be present" without a failed card) answers exactly when failures are counted.
import type { Contract, Json, Operation } from '../../contract/contract.js';
import { valueAt } from './kit.js';

export const COUNTS = 'count-counts-what-it-names';

/** One tie of count members to the items of the request they count. */
interface CountTie {
  operationId: string;
  /** The 2xx status whose schema states the tie. */
  status: number;
  /** The answer's members that together count the items. */
  members: string[];
  /** The dotted path of the counted list in the request. */
  items: string;
  /** The count member of the failed items and the members (any one) answering them, present exactly when it is above 0. */
  failed?: { count: string; detail: string[] };
}

const tiesOf = new WeakMap<Contract, CountTie[]>();

/** Every tie of a contract: each operation's 2xx response schema carrying `x-counts`. */
function countTiesOf(contract: Contract): CountTie[] {
  const known = tiesOf.get(contract);
  if (known) return known;
  const out: CountTie[] = [];
  for (const op of contract.operations.values())
    for (const [status, spec] of Object.entries(op.responses)) {
      if (!/^2/.test(status) || !spec.schema) continue;
      const ties: Json = contract.resolveSchema(spec.schema)?.['x-counts'];
      for (const t of Array.isArray(ties) ? ties : [])
        if (Array.isArray(t?.members) && typeof t.items === 'string')
          out.push({
            operationId: op.operationId,
            status: Number(status),
            members: t.members.map(String),
            items: t.items,
            ...(typeof t.failed?.count === 'string' && Array.isArray(t.failed?.detail)
              ? { failed: { count: t.failed.count, detail: t.failed.detail.map(String) } }
              : {}),
          });
    }
  tiesOf.set(contract, out);
  return out;
}

/** The operations the property applies to: those answering a count the contract ties to items. */
export const countedOperationsOf = (contract: Contract): string[] => [...new Set(countTiesOf(contract).map((t) => t.operationId))];

/** A request member whose plaintext stands for another member (`x-plaintext-schema` naming that member's schema). */
function plaintextOf(contract: Contract, op: Operation, member: string): string | undefined {
  const body: Json = contract.resolveSchema(op.requestBody?.schema);
  const ref = String(body?.properties?.[member]?.$ref ?? '')
    .split('/')
    .pop();
  if (!ref) return undefined;
  for (const [name, node] of Object.entries<Json>(body?.properties ?? {})) {
    const own = contract.componentSchema(
      String(node?.$ref ?? '')
        .split('/')
        .pop() ?? '',
    );
    if (node?.['x-plaintext-schema'] === ref || own?.['x-plaintext-schema'] === ref) return name;
  }
  return undefined;
}

/** The number of items the request carries at `items` (none where left out); undefined where the suite cannot read them. */
function itemsSent(contract: Contract, op: Operation, items: string, sent: unknown, plain: unknown): number | undefined {
  const [first, ...rest] = items.split('.');
  const body = sent !== null && typeof sent === 'object' ? (sent as Record<string, unknown>) : {};
  let node: unknown = body[first];
  if (node === undefined) {
    const stand = plaintextOf(contract, op, first);
    if (stand && body[stand] !== undefined) {
      if (plain === undefined) return undefined;
      node = plain;
    }
  }
  node = valueAt(node, rest);
  if (node === undefined || node === null) return 0;
  return Array.isArray(node) ? node.length : undefined;
}

/** A count as a number: an integer, or a string of digits. */
const countOf = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isInteger(v) ? v : typeof v === 'string' && /^[0-9]+$/.test(v) ? Number(v) : undefined;

/** What an answer counts wrongly: each tie whose members do not add up to the items sent, or whose failed member is wrong. */
export function countProblems(
  contract: Contract,
  exchange: {
    operation: Operation;
    status: number;
    sent: unknown;
    plain: unknown;
    answer: unknown;
    /** A check of the counts' values found them wrong: neither their total nor the failed items' presence is judged against them
     * (a count whose value is documented and answered otherwise is the value's finding, once). */
    countsShownWrong?: boolean;
  },
): string[] {
  const { operation, status, answer } = exchange;
  const problems: string[] = [];
  const a = answer !== null && typeof answer === 'object' ? (answer as Record<string, unknown>) : undefined;
  if (!a) return problems;
  for (const tie of countTiesOf(contract)) {
    if (tie.operationId !== operation.operationId || tie.status !== status) continue;
    const failed = tie.failed && countOf(a[tie.failed.count] ?? 0);
    if (tie.failed && failed !== undefined && !exchange.countsShownWrong) {
      const detail = tie.failed.detail.filter((m) => a[m] !== undefined);
      if (failed > 0 && !detail.length)
        problems.push(`${tie.failed.count} ${failed} but no ${tie.failed.detail.join(' or ')} holding the failed items`);
      if (failed === 0 && detail.length)
        problems.push(`${detail.join(' and ')} answered though ${tie.failed.count} is 0 (present only when an item failed)`);
    }
    const n = itemsSent(contract, operation, tie.items, exchange.sent, exchange.plain);
    const values = tie.members.map((m) => (a[m] === undefined ? 0 : countOf(a[m])));
    // A member in no count's form is the schema check's; no member at all states nothing.
    if (n === undefined || values.some((v) => v === undefined) || tie.members.every((m) => a[m] === undefined)) continue;
    const total = (values as number[]).reduce((x, y) => x + y, 0);
    if (total !== n && !exchange.countsShownWrong)
      problems.push(
        `${tie.members.map((m, i) => `${m} ${values[i]}`).join(' + ')} = ${total}, counting ${tie.items} of the request, which holds ${n}`,
      );
  }
  return problems;
}
