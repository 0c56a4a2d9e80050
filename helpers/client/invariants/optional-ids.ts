// Checker: each optional id member of a writer (object-ids.ts) set to a live object of the caller is accepted as the valid call is
// (a 2xx), and where the answer or the read right after carries it, it names that object.
import type { Contract, Json, Operation } from '../../contract/contract.js';
import type { ServiceName } from '../../contract/operations.js';
import { objectIdsOf, queryIdsOf, type ObjectId } from '../../contract/object-ids.js';
import { typeOf } from '../../contract/wire-forms.js';
import { ContractViolation } from '../../contract/checks.js';
import type { CallOptions, OperationClient } from '../client.js';
import type { Violations } from '../security/probe.js';
import { leavesOf, okSchemaOf, schemaAt } from './kit.js';
import { readOfWrite } from './answer-state.js';
import { verdictOn2xx } from './after-write.js';

export const OPTIONAL_IDS = 'optional-ids';

/** The object a live id names, or why no live object of the caller fits the member. */
type LiveId = { value: string } | { leftOut: string };

/** The object an optional id member of an operation is set to. */
export type LiveOf = (id: ObjectId, op: Operation) => LiveId;

/** Whether every step of a dotted body member is required by the part of the schema declaring it (a list's items passed through). */
function requiredAt(contract: Contract, root: Json, dotted: string): boolean {
  let nodes: Json[] = [contract.resolveSchema(root)];
  for (const step of dotted.split('.')) {
    const parts = nodes
      .flatMap((n) => [n, ...['allOf', 'oneOf', 'anyOf'].flatMap((k) => n?.[k] ?? [])])
      .map((n) => contract.resolveSchema(n))
      .map((n) => (n?.items ? contract.resolveSchema(n.items) : n))
      .flatMap((n) => [n, ...(n?.allOf ?? []).map((b: Json) => contract.resolveSchema(b))]);
    const holders = parts.filter((p) => p?.properties?.[step]);
    if (!holders.length) return false;
    if (!holders.some((p) => Array.isArray(p.required) && p.required.includes(step))) return false;
    nodes = holders.map((p) => p.properties[step]);
  }
  return true;
}

/** The optional members of an operation naming an object (a body member, a query parameter; a path id is always required), from the contract. */
export function optionalIdsOf(contract: Contract, op: Operation): ObjectId[] {
  const body = objectIdsOf(contract, op).ids.filter((id) => id.in === 'body' && !requiredAt(contract, op.requestBody!.schema, id.at));
  const query = queryIdsOf(op).filter((id) => !op.parameters.find((p) => p.in === 'query' && p.name === id.at)?.required);
  return [...body, ...query];
}

/** A body with a dotted member set (in each item where a step is a list; a missing holder made an object). */
function withMember(body: unknown, dotted: string, value: unknown): unknown {
  const copy = structuredClone(body ?? {}) as Json;
  const set = (node: Json, steps: string[]) => {
    if (Array.isArray(node)) return node.forEach((item) => set(item, steps));
    if (!node || typeof node !== 'object') return;
    if (steps.length === 1) return void (node[steps[0]] = value);
    if (node[steps[0]] === undefined) node[steps[0]] = {};
    set(node[steps[0]], steps.slice(1));
  };
  set(copy, dotted.split('.'));
  return copy;
}

/** The value as its schema types it (an integer customerId sent as a number). */
const typed = (schema: Json | undefined, value: string): unknown =>
  ['integer', 'number'].includes(typeOf(schema ?? {}) ?? '') && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;

/** The leaves of an answer at a member's place (its dotted path, list indices aside, ending the leaf's path). */
function linksIn(answer: unknown, at: string): { path: string; value: unknown }[] {
  const out: { path: string; value: unknown }[] = [];
  for (const [path, value] of leavesOf(answer)) {
    const plain = path.replace(/\.\d+(?=\.|$)/g, '').replace(/^\d+\./, '');
    if (plain === at || plain.endsWith(`.${at}`)) out.push({ path, value });
  }
  return out;
}

/** Whether a response schema declares a member at an id's place (so an answer of that schema shows the link). */
function declares(contract: Contract, schema: Json | undefined, at: string): boolean {
  const names: string[] = [];
  const walk = (node: Json, path: string, depth: number) => {
    const n = contract.resolveSchema(node);
    if (!n || depth > 6) return;
    for (const part of [n, ...['allOf', 'oneOf', 'anyOf'].flatMap((k) => n[k] ?? [])].map((x) => contract.resolveSchema(x))) {
      for (const [k, v] of Object.entries<Json>(part?.properties ?? {})) {
        names.push(path ? `${path}.${k}` : k);
        walk(v, path ? `${path}.${k}` : k, depth + 1);
      }
      if (part?.items) walk(part.items, path, depth + 1);
    }
  };
  if (schema) walk(schema, '', 0);
  return names.some((p) => p === at || p.endsWith(`.${at}`));
}

/** Sends each optional id member set to the caller's live object: accepted as the valid call is, and named as set where shown. */
export async function checkOptionalIds<S extends ServiceName>(
  api: OperationClient<S>,
  op: Operation,
  fresh: () => CallOptions | Promise<CallOptions>,
  liveOf: LiveOf,
  violations: Violations,
): Promise<{ sent: string[]; membersLeftOut: string[]; leftOut?: string }> {
  const { contract } = api;
  const ids = optionalIdsOf(contract, op);
  // The client's verdict on a 2xx answer (the answer judge) is a finding of that call; any other error its outcome.
  const send = async (call: CallOptions, operation: Operation = op) =>
    api.callOperation(operation, call).catch((error: Error) => {
      if (api.stopped || !(error instanceof ContractViolation)) throw error;
      const verdict = verdictOn2xx(error);
      if (verdict)
        violations.add(
          op.operationId,
          `${operation.operationId}: a 2xx answer the client judged`,
          verdict,
          'an answer that keeps the contract',
        );
      return { status: verdict ? error.site!.status : error.message.split('\n')[0], body: undefined as unknown };
    });
  const ok = (status: number | string) => typeof status === 'number' && status >= 200 && status < 300;
  const bodyValid = op.requestBody?.schema ? contract.validator(`request:${op.operationId}`, op.requestBody.schema) : undefined;
  const sent: string[] = [];
  const membersLeftOut: string[] = [];
  for (const id of ids) {
    const live = liveOf(id, op);
    if ('leftOut' in live) {
      membersLeftOut.push(`${id.in} ${id.at}: ${live.leftOut}`);
      continue;
    }
    const valid = await fresh();
    const call: CallOptions =
      id.in === 'body'
        ? { ...valid, body: withMember(valid.body, id.at, typed(schemaAt(contract, op.requestBody!.schema, id.at.split('.')), live.value)) }
        : { ...valid, query: { ...valid.query, [id.at]: live.value } };
    if (id.in === 'body' && !bodyValid?.(call.body)) {
      membersLeftOut.push(`${id.in} ${id.at}: the request with the live ${id.resource} is not one the contract takes`);
      continue;
    }
    sent.push(`${id.in} ${id.at}`);
    const where = `${id.in} ${id.at} = the caller's live ${id.resource} ${live.value}`;
    const res = await send(call);
    if (!ok(res.status)) {
      // A refusal tells only where the valid call, sent right after, is accepted (else the operation is left out).
      const plain = await send({ ...(await fresh()), valid: true });
      if (!ok(plain.status)) {
        return { sent: [], membersLeftOut, leftOut: `its valid call is answered ${plain.status}, so a refusal would not tell the link` };
      }
      violations.add(
        op.operationId,
        where,
        String(res.status),
        `a 2xx, as its valid call gets: the ${id.resource} is the caller's own and the member optional`,
      );
      continue;
    }
    const judge = (answer: unknown, schema: Json | undefined, what: string) => {
      // An answer the client judged is a finding already, its body not kept.
      if (answer === undefined) return;
      const links = linksIn(answer, id.at);
      if (!links.length && declares(contract, schema, id.at))
        violations.add(op.operationId, `${where}, ${what}`, `${id.at} absent`, `the ${id.resource} it was sent to link`);
      for (const l of links)
        if (String(l.value) !== live.value)
          violations.add(op.operationId, `${where}, ${what} ${l.path}`, JSON.stringify(l.value), `the ${id.resource} it was sent to link`);
    };
    judge(res.body, okSchemaOf(op), 'its answer');
    const read = readOfWrite(contract, op, call);
    const readCall = read?.call(res.body);
    if (read && readCall) {
      const after = await send(readCall, read.reader);
      if (after.status === 200) judge(after.body, read.reader.responses['200']?.schema, `${read.reader.operationId} right after`);
    }
  }
  return { sent, membersLeftOut };
}
