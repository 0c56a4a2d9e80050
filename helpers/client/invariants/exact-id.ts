// Property: a path id names exactly its object (seed 002, Resources: each object by its identifier; *-PROP-ID-NAMES-ONE):
// each other identifying value the object shows (a routing number, an RSSD, an external id), sent as the path id where
// the parameter takes it, must not answer that object (a target looking ids up in a shared index fails).
import type { Contract, Json, Operation } from '../../contract/contract.js';
import type { Violations } from '../security/probe.js';
import { eachObject, leavesOf } from './kit.js';
import { versionless, camel } from '../../contract/writers.js';

export const ID_NAMES_ONE = 'id-names-one';

/** A member naming an identifying value of its object. */
const ID_LIKE = /(^id$|Id$|_id$|[Nn]umbers?$|^rssd$|Rssd$)/;

/** The member a leaf's dotted path ends in, list positions aside. */
const memberOf = (path: string) =>
  path
    .split('.')
    .filter((step) => !/^\d+$/.test(step))
    .at(-1) ?? '';

/** The by-id readers among `readers`: a GET whose path ends in a parameter, with that parameter's name. */
export function byIdReaders(readers: readonly Operation[]): { reader: Operation; param: string }[] {
  return readers.flatMap((reader) => {
    const param = reader.method === 'GET' ? /\{([^}]+)\}$/.exec(reader.path)?.[1] : undefined;
    return param ? [{ reader, param }] : [];
  });
}

/** Whether the path parameter takes `value` as written in a URL (an integer schema: digits, no leading zero), by the one Ajv instance. */
function takenBy(contract: Contract, reader: Operation, param: string): (value: string) => boolean {
  const p = reader.parameters.find((x) => x.in === 'path' && x.name === param);
  const schema = p ? (contract.resolveSchema(p.schema ?? {}) as Json) : undefined;
  if (!schema) return () => false;
  const validate = contract.validator(`path-param:${reader.operationId}:${param}`, p!.schema);
  const numeric = schema.type === 'integer' || schema.type === 'number';
  return (value) => (numeric ? /^(0|[1-9][0-9]*)$/.test(value) && validate(Number(value)) : validate(value)) === true;
}

/** A read of the run: the path values it was called with and what it answered. */
export interface Read {
  /** The path template of the operation read. */
  at: string;
  path: Record<string, unknown>;
  body: unknown;
}

/** A path parameter's name as an answer's member (`plan_id`: planId). */

/** The other objects a by-id reader reads: the ids of the nodes a read under its collection lists, lookups' first, at most four. */
function objectsUnder(reads: readonly Read[], reader: Operation, param: string, pathId: string): string[] {
  const collection = versionless(reader.path.slice(0, reader.path.lastIndexOf('/')));
  const under = reads
    .filter((r) => versionless(r.at).startsWith(`${collection}/`) || versionless(r.at) === collection)
    .sort((a, b) => Object.keys(b.path).length - Object.keys(a.path).length);
  const out: string[] = [];
  for (const read of under)
    eachObject(read.body, (record) => {
      const id = record.id ?? record[param] ?? record[camel(param)];
      if ((typeof id === 'string' || typeof id === 'number') && String(id) !== pathId && !out.includes(String(id))) out.push(String(id));
    });
  return out.slice(0, 4);
}

/** The object's other identifying values (ID_LIKE members, a lookup's path values): taken by the parameter, never sensitive, at most 6. */
function otherIdsOf(
  reads: readonly Read[],
  param: string,
  pathId: string,
  takes: (value: string) => boolean,
  sensitive: (member: string) => boolean,
): { at: string; value: string }[] {
  const out: { at: string; value: string }[] = [];
  const add = (at: string, v: unknown) => {
    if (out.length >= 6 || (typeof v !== 'string' && !Number.isInteger(v))) return;
    const value = String(v);
    if (value !== pathId && value !== '' && !out.some((x) => x.value === value) && takes(value)) out.push({ at, value });
  };
  for (const read of reads)
    eachObject(read.body, (node) => {
      if (![node.id, node[param], node[camel(param)]].some((v) => v !== undefined && String(v) === pathId)) return;
      for (const [name, v] of Object.entries(node)) {
        if (!ID_LIKE.test(name) || sensitive(name)) continue;
        for (const item of Array.isArray(v) ? v : [v]) add(name, item);
      }
      for (const [name, v] of Object.entries(read.path)) if (!sensitive(name)) add(`the ${name} whose lookup lists it`, v);
    });
  return out;
}

/** Where an answer shows the id it was read by, under an identifying member (the object's own id): empty where it does not show it. */
const idPlaces = (answer: unknown, pathId: string): string[] =>
  [...leavesOf(answer)]
    .filter(([at, v]) => ID_LIKE.test(memberOf(at)) && (typeof v === 'string' || typeof v === 'number') && String(v) === pathId)
    .map(([at]) => at);

/** One by-id read of another identifying value: a 2xx showing the original id where the object's read did is a violation. */
function judgeOtherId(
  reader: Operation,
  param: string,
  pathId: string,
  places: readonly string[],
  sent: { at: string; value: string },
  res: { status: number; body: unknown },
  violations: Violations,
): void {
  if (res.status < 200 || res.status >= 300) return;
  const leaves = leavesOf(res.body);
  const shows = places.filter((at) => String(leaves.get(at)) === pathId);
  if (!shows.length) return;
  violations.add(
    reader.operationId,
    `${param}=${JSON.stringify(sent.value)} (${sent.at} of the object of ${JSON.stringify(pathId)})`,
    `${res.status}, the object of ${JSON.stringify(pathId)} (${shows[0]})`,
    res.status === 200 && reader.responses['404'] ? 'a 404: no object has that id' : 'not that object: no object has that id',
  );
}

/** A by-id reader's call the check made, and its first answer (undefined: not called). */
interface ByIdCall<C extends { path?: Record<string, unknown> }> {
  reader: Operation;
  call: C;
}

/** The property over every by-id reader (judgeOtherId on each value): the readers checked, those left out, and the values sent. */
export async function checkIdNamesOne<C extends { path?: Record<string, unknown> }>(args: {
  contract: Contract;
  byId: readonly { reader: Operation; param: string }[];
  calls: readonly ByIdCall<C>[];
  first: readonly ({ status: number; body: unknown } | undefined)[];
  showing: readonly Read[];
  send: (reader: Operation, call: C) => Promise<{ status: number; body: unknown }>;
  /** Why a reader has no first read to start from (not called, or its answer's status). */
  notRead: (operationId: string, status: number | undefined) => string;
  sensitive: (member: string) => boolean;
  violations: Violations;
}): Promise<{ checked: string[]; exceptions: { operationId: string; reason: string }[]; sent: number }> {
  const { calls, first } = args;
  const checked: string[] = [];
  const exceptions: { operationId: string; reason: string }[] = [];
  let sentIds = 0;
  for (const { reader, param } of args.byId) {
    const i = calls.findIndex((c) => c.reader === reader);
    const pathId = i < 0 ? undefined : calls[i]!.call.path?.[param];
    if (i < 0 || first[i]?.status !== 200 || pathId === undefined) {
      exceptions.push({ operationId: reader.operationId, reason: args.notRead(reader.operationId, i < 0 ? undefined : first[i]?.status) });
      continue;
    }
    const base = calls[i]!.call;
    const withId = (id: string) => ({ ...base, path: { ...base.path, [param]: id } }) as C;
    const takes = takenBy(args.contract, reader, param);
    // The first object, read already, then the other objects a read under its collection lists.
    const objects: { id: string; body: unknown }[] = [{ id: String(pathId), body: first[i]!.body }];
    for (const id of objectsUnder(args.showing, reader, param, String(pathId)).filter(takes)) {
      const n = calls.findIndex((c) => c.reader === reader && c.call.path?.[param] === id);
      const res = n >= 0 ? first[n] : await args.send(reader, withId(id));
      if (res?.status === 200) objects.push({ id, body: res.body });
    }
    let sent = 0;
    for (const object of objects) {
      const places = idPlaces(object.body, object.id);
      if (!places.length) continue;
      for (const other of otherIdsOf(args.showing, param, object.id, takes, args.sensitive)) {
        sent++;
        judgeOtherId(reader, param, object.id, places, other, await args.send(reader, withId(other.value)), args.violations);
      }
    }
    sentIds += sent;
    if (sent) checked.push(reader.operationId);
    else
      exceptions.push({
        operationId: reader.operationId,
        reason: !idPlaces(first[i]!.body, String(pathId)).length
          ? 'its answer does not show the id it was read by'
          : 'its objects show no other identifying value its path parameter takes',
      });
  }
  return { checked, exceptions, sent: sentIds };
}
