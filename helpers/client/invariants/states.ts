// Checker: an object's end state never moves (FD-PROP-END-STATE): in an end state (`x-end-states`: seed 002, States and
// transitions, polled only while inProgress) it reads the same state and top-level members by any reader, after the
// clock moves and its callbacks. Pure: the spec makes, moves and reads.
import type { Contract, Json, Operation } from '../../contract/contract.js';
import { schemaHolds } from './kit.js';
import { resolve } from '../../contract/schema-walk.js';

export const END_STATES = 'end-states';

interface StateLeaf {
  /** Where the member is in the answer (`status`, `reports.2.status`). */
  at: string;
  member: string;
  value: unknown;
  /** The values its schema says the object ends in. */
  ends: readonly string[];
  /** The `id` of the object holding the member (the report's id), undefined where it holds none. */
  objectId: string | undefined;
  /** The names of the members of that object, sorted: what comes with its state. */
  members: string[];
}

/** The end states a schema node states, or undefined (its `x-end-states`, through its reference). */
function endsOf(contract: Contract, schema: Json): string[] | undefined {
  const s = resolve(contract, schema);
  const ends = s?.['x-end-states'];
  return Array.isArray(ends) ? ends.map(String) : undefined;
}

/** Every state member of a JSON value by its schema, with the object holding it. */
function stateLeaves(contract: Contract, schema: Json, value: unknown, at = '', depth = 0): StateLeaf[] {
  if (depth > 12 || value === null || typeof value !== 'object' || !schema || typeof schema !== 'object') return [];
  const s = resolve(contract, schema);
  if (Array.isArray(value))
    return s?.items ? value.slice(0, 100).flatMap((v, i) => stateLeaves(contract, s.items, v, `${at}${at ? '.' : ''}${i}`, depth + 1)) : [];
  const out: StateLeaf[] = [];
  const object = value as Record<string, unknown>;
  for (const [name, v] of Object.entries(object)) {
    const member = s?.properties?.[name];
    if (!member) continue;
    const here = at ? `${at}.${name}` : name;
    const ends = typeof v === 'string' ? endsOf(contract, member) : undefined;
    if (ends)
      out.push({
        at: here,
        member: name,
        value: v,
        ends,
        objectId: object.id === undefined || object.id === null ? undefined : String(object.id),
        members: Object.keys(object).sort(),
      });
    else out.push(...stateLeaves(contract, member, v, here, depth + 1));
  }
  return out;
}

/** Whether a schema holds, at any depth, a member with end states. */
const holdsState = (contract: Contract, schema: Json): boolean =>
  schemaHolds(contract, schema, (node) => Array.isArray(node['x-end-states']));

/** One reading of an object in an end state: its state and what comes with it, and the reader that read it. */
export interface EndReading {
  value: unknown;
  members: string[];
  reader: string;
}

export class EndStates {
  private readonly holds = new Map<string, boolean>();

  constructor(private readonly contract: Contract) {}

  /** The 2xx status of an operation whose answer schema holds a member with end states, or undefined. */
  statusOf(operation: Operation): string | undefined {
    for (const [code, response] of Object.entries(operation.responses)) {
      if (!/^2\d\d$/.test(code) || !response?.schema) continue;
      const key = `${operation.operationId} ${code}`;
      let holds = this.holds.get(key);
      if (holds === undefined) this.holds.set(key, (holds = holdsState(this.contract, response.schema)));
      if (holds) return code;
    }
    return undefined;
  }

  /** Every operation of the contract whose answer carries a member with end states: the operations the property applies to. */
  operations(): Operation[] {
    return [...this.contract.operations.values()].filter((o) => this.statusOf(o) !== undefined);
  }

  leaves(operation: Operation, status: number, body: unknown): StateLeaf[] {
    const schema = operation.responses[String(status)]?.schema;
    return schema && this.statusOf(operation) ? stateLeaves(this.contract, schema, body) : [];
  }

  /** Records each object first read in an end state (`first`); a later reading by any reader differing from it is a problem. */
  judge(first: Map<string, EndReading>, operation: Operation, status: number, body: unknown, when: string): string[] {
    const out: string[] = [];
    for (const leaf of this.leaves(operation, status, body)) {
      if (leaf.objectId === undefined) continue;
      const key = `${leaf.objectId} ${leaf.member}`;
      const was = first.get(key);
      // What comes with the state, as each reader shows it (a list's items carry a summary only).
      const byReader = `${operation.operationId} ${leaf.at.replace(/\.\d+\./g, '.[].')} ${key}`;
      const wasHere = first.get(byReader);
      if (leaf.ends.includes(String(leaf.value))) {
        if (!was) first.set(key, { value: leaf.value, members: leaf.members, reader: operation.operationId });
        if (!wasHere) first.set(byReader, { value: leaf.value, members: leaf.members, reader: operation.operationId });
      }
      if (was && leaf.value !== was.value)
        out.push(
          `${operation.operationId} ${leaf.at} of ${leaf.objectId} reads ${JSON.stringify(leaf.value)} ${when}, yet ${was.reader} read it in its end state ${JSON.stringify(was.value)}`,
        );
      else if (wasHere && leaf.members.join() !== wasHere.members.join())
        out.push(
          `${operation.operationId} ${leaf.at} of ${leaf.objectId} in its end state ${JSON.stringify(leaf.value)} comes with the members ${leaf.members.join(', ')} ${when}, where it came with ${wasHere.members.join(', ')}`,
        );
    }
    return out;
  }
}
