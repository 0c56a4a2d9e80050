// Checker: a state set on a parent reaches every child, the same way every time (a statement's `cascades`: seed 002
// States and transitions, a webhook subscription and its events): set when the parent has it, had the other, and after a
// child moved alone, every reader shows parent and children in it. Parent, readers and children come from the contract.
import type { Contract, Json, Operation } from '../../contract/contract.js';
import { consequencesOf } from '../../contract/statements.js';
import { pathParams } from '../../contract/writers.js';
import { resolve } from '../../contract/schema-walk.js';

export const CASCADES = 'cascades';

export interface Cascade {
  /** The statements saying so. */
  statements: string[];
  writer: Operation;
  /** The body member the writer sets, and the values its schema takes. */
  member: string;
  values: string[];
  /** The parent's path and its id parameter. */
  parentPath: string;
  parentId: string;
  /** Every GET of the parent (by id) and of its list. */
  readers: Operation[];
  /** The array member of the parent holding its children, and a child's id member. */
  children: string;
  childId: string;
  /** The operation setting one child's state (its path parameter naming the child), when the contract has one. */
  childWriter?: Operation;
  childParam?: string;
}

/** The enum member a writer's body sets (the one required member with an enum). */
function stateMember(contract: Contract, writer: Operation): { member: string; values: string[] } | undefined {
  const body = resolve(contract, writer.requestBody?.schema ?? {});
  for (const [member, schema] of Object.entries((body.properties ?? {}) as Record<string, Json>)) {
    const values = resolve(contract, schema).enum;
    if (Array.isArray(values) && (body.required ?? []).includes(member)) return { member, values: values.map(String) };
  }
  return undefined;
}

/** The array member of an answer schema whose items carry `member`, and the items' id member (a required one ending in Id). */
function childrenOf(contract: Contract, schema: Json, member: string): { children: string; childId: string } | undefined {
  const s = resolve(contract, schema);
  for (const [name, node] of Object.entries((s.properties ?? {}) as Record<string, Json>)) {
    const items = resolve(contract, resolve(contract, node).items ?? {});
    const props = Object.keys(items.properties ?? {});
    const id = props.find((p) => /id$/i.test(p));
    if (props.includes(member) && id) return { children: name, childId: id };
  }
  return undefined;
}

/** The cascades the statement index states, each derived from the contract (undefined members: the contract does not give it). */
export function cascadesOf(contract: Contract, service: string): Cascade[] {
  const byWriter = new Map<string, string[]>();
  for (const { statement, consequence } of consequencesOf(service, 'cascades'))
    byWriter.set(consequence, [...(byWriter.get(consequence) ?? []), statement]);
  const all = [...contract.operations.values()];
  const out: Cascade[] = [];
  for (const [writerId, statements] of byWriter) {
    const writer = contract.operationOf(writerId);
    const state = stateMember(contract, writer);
    const parentPath = writer.path.replace(/\/[^/]+$/, '');
    const parentId = pathParams(parentPath).pop();
    if (!state || !parentId) throw new Error(`${statements.join(', ')}: ${writerId} sets no enum member of an object its path names`);
    const listPath = parentPath.replace(/\/\{[^}]+\}$/, '');
    const byId = all.find((o) => o.method === 'GET' && o.path === parentPath);
    const readers = all.filter((o) => o.method === 'GET' && (o.path === parentPath || o.path === listPath));
    const shape = byId && childrenOf(contract, byId.responses['200']?.schema ?? {}, state.member);
    if (!shape) throw new Error(`${statements.join(', ')}: no reader of ${parentPath} shows children carrying ${state.member}`);
    const last = writer.path.split('/').pop();
    const childWriter = all.find(
      (o) =>
        o !== writer &&
        o.method === writer.method &&
        o.path.startsWith(`${parentPath}/`) &&
        o.path.endsWith(`/${last}`) &&
        pathParams(o.path).length === pathParams(writer.path).length + 1,
    );
    out.push({
      statements,
      writer,
      ...state,
      parentPath,
      parentId,
      readers,
      ...shape,
      childWriter,
      childParam: childWriter ? pathParams(childWriter.path).pop() : undefined,
    });
  }
  return out;
}

/** The parent as one reader showed it: its state and each child's, by the child's id. */
interface CascadeView {
  state: unknown;
  children: Record<string, unknown>;
}

export function viewOf(cascade: Cascade, parent: Record<string, any> | undefined): CascadeView | undefined {
  if (!parent) return undefined;
  const kids = Array.isArray(parent[cascade.children]) ? (parent[cascade.children] as Record<string, unknown>[]) : [];
  return {
    state: parent[cascade.member],
    children: Object.fromEntries(kids.map((k) => [String(k[cascade.childId]), k[cascade.member]])),
  };
}

/** What a reader shows the state set did not reach (the parent or a child in another state, a child missing); `step`: the parent before. */
export function cascadeProblems(
  cascade: Cascade,
  reader: string,
  view: CascadeView | undefined,
  set: string,
  childIds: readonly string[],
  step: string,
): string[] {
  const at = `${cascade.writer.operationId} to ${JSON.stringify(set)} ${step}, read by ${reader}`;
  if (!view) return [`${at}: the parent is not shown`];
  const out: string[] = [];
  if (view.state !== set) out.push(`${at}: the parent's ${cascade.member} is ${JSON.stringify(view.state)}`);
  for (const id of childIds)
    if (!(id in view.children)) out.push(`${at}: child ${id} is not shown`);
    else if (view.children[id] !== set) out.push(`${at}: child ${id}'s ${cascade.member} is ${JSON.stringify(view.children[id])}`);
  return out;
}
