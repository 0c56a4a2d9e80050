// Checker (OWASP API Security 2023, API3, mass assignment): response-only members (in the reader's answer, not the writer's request:
// the contract has no readOnly) sent in create and update bodies at a value no target would choose are never shown by the reader.
import fc from 'fast-check';
import type { Contract, Json, Operation } from '../../contract/contract.js';
import { camel, pathParams } from '../../contract/writers.js';

export const READ_ONLY = 'read-only';

const PAGING = new Set(['limit', 'offset', 'start', 'page', 'size']);

interface ReadOnlyPair {
  writer: Operation;
  reader: Operation;
  /** The reader's path id the writer's answer gives (`plan_id` from savePlan's `planId`), when the paths differ by one id. */
  idParam?: string;
  /** Response-only members with the value sent for each. */
  members: Record<string, string | number>;
}

function resolve(contract: Contract, node: Json): Json {
  const current = contract.resolveSchema(node);
  if (current?.type === 'array' || current?.items) return resolve(contract, current.items);
  return current;
}

function properties(contract: Contract, schema: Json): Record<string, Json> {
  const node = resolve(contract, schema);
  const out: Record<string, Json> = { ...(node?.properties ?? {}) };
  // allOf parts at any depth (a report acknowledgement's base is itself an allOf).
  for (const part of node?.allOf ?? []) Object.assign(out, properties(contract, part));
  return out;
}

/** A value of the member's type that tells: a target that stored it shows it back exactly. */
function telling(contract: Contract, schema: Json): string | number | undefined {
  const node = resolve(contract, schema);
  const type = Array.isArray(node?.type) ? node.type.find((t: string) => t !== 'null') : node?.type;
  if (node?.enum || node?.const !== undefined) return undefined;
  if (type === 'string') {
    if (node.format === 'date-time') return '2001-02-03T04:05:06Z';
    if (node.format === 'date-time-local') return '2001-02-03T04:05:06';
    if (!node.pattern) return 'ro-9f3c7a';
    // A value of the member's own form (the last four digits of an account), drawn once with a fixed seed.
    try {
      return fc.sample(fc.stringMatching(new RegExp(node.pattern)), { numRuns: 1, seed: 20_261_127 })[0];
    } catch {
      return undefined;
    }
  }
  if (type === 'integer') return 987_650_123;
  if (type === 'number') return 98_765.43;
  return undefined;
}

/** The members (name, schema) a reader's 200 declares and the writer's request does not: the reader's alone. */
function readerOnly(contract: Contract, writer: Operation, reader: Operation): [string, Json][] {
  const sent = writer.requestBody?.schema ? properties(contract, writer.requestBody.schema) : {};
  const answer = (reader.responses['200'] ?? reader.responses[successCode(reader) ?? ''])?.schema;
  return Object.entries(answer ? properties(contract, answer) : {}).filter(([name]) => !(name in sent));
}

/** The members a reader's 200 declares and the writer's request does not, each with a telling value. */
export function readOnlyMembers(contract: Contract, writer: Operation, reader: Operation): Record<string, string | number> {
  const members: Record<string, string | number> = {};
  for (const [name, schema] of readerOnly(contract, writer, reader)) {
    const value = telling(contract, schema);
    if (value !== undefined) members[name] = value;
  }
  return members;
}

/**
 * The members a reader's 200 declares as an enum and the writer's request does not (a state the service sets: a plan's status),
 * each with its values. No value of them tells alone (the service's own may be any), so a check sends one a control object,
 * written without it, does not show.
 */
export function readOnlyEnums(contract: Contract, writer: Operation, reader: Operation): Record<string, string[]> {
  return Object.fromEntries(
    readerOnly(contract, writer, reader)
      .map(([name, schema]) => [name, resolve(contract, schema)?.enum])
      .filter((e): e is [string, string[]] => Array.isArray(e[1]) && e[1].every((v: unknown) => typeof v === 'string')),
  );
}

/** The record readers of a contract: a GET answering 200 with a body that does not page (a list read answers about the list, not the record). */
const recordReaders = (contract: Contract) =>
  [...contract.operations.values()].filter(
    (r) => r.method === 'GET' && r.responses['200']?.schema && !r.parameters.some((p) => p.in === 'query' && PAGING.has(p.name)),
  );

/** The record reader of a writer's own path, else of its path plus one id (`idParam`, the last of the reader's path). */
function ownReader(readers: Operation[], writer: Operation): { reader: Operation; idParam?: string } | undefined {
  const same = readers.find((r) => r.path === writer.path);
  if (same) return { reader: same };
  const child = readers.find(
    (r) => r.path.startsWith(`${writer.path}/{`) && r.path.split('/').length === writer.path.split('/').length + 1,
  );
  return child && { reader: child, idParam: child.path.split('/').pop()!.slice(1, -1) };
}

/** Every writer of a contract with its reader and the response-only members it can be sent. */
export function readOnlyPairs(contract: Contract): ReadOnlyPair[] {
  const readers = recordReaders(contract);
  const pairs: ReadOnlyPair[] = [];
  for (const writer of contract.operations.values()) {
    if (!['POST', 'PUT', 'PATCH'].includes(writer.method) || !writer.requestBody?.schema) continue;
    const own = ownReader(readers, writer);
    if (!own) continue;
    const members = readOnlyMembers(contract, writer, own.reader);
    if (Object.keys(members).length) pairs.push({ writer, reader: own.reader, members, idParam: own.idParam });
  }
  return pairs;
}

/** The first 2xx status the operation declares. */
function successCode(op: Operation): string | undefined {
  return Object.keys(op.responses).find((code) => code.startsWith('2'));
}

/** The reader of what a writer changed: under its path (GetMicroDepositsDetails), else of one it extends (getWebhookSubscriptionById). */
function readerOfWrite(contract: Contract, writer: Operation, kindsAside = false): { reader: Operation; idParams: string[] } | undefined {
  const readers = recordReaders(contract);
  const code = successCode(writer);
  const answerSchema = code ? contract.resolveSchema(writer.responses[code]?.schema) : undefined;
  // The answer's members, each branch of a oneOf / anyOf included (a report generation's answer is one of several shapes).
  const answered: Record<string, Json> = Object.assign(
    {},
    ...[answerSchema, ...(answerSchema?.oneOf ?? []), ...(answerSchema?.anyOf ?? [])].map((b: Json) => (b ? properties(contract, b) : {})),
  );
  const child = readers.find((r) => {
    if (!r.path.startsWith(`${writer.path}/`)) return false;
    const added = pathParams(r.path).filter((p) => !pathParams(writer.path).includes(p));
    return added.length > 0 && added.every((p) => p in answered);
  });
  if (child) return { reader: child, idParams: pathParams(child.path).filter((p) => !pathParams(writer.path).includes(p)) };
  const parent = readers.filter((r) => writer.path.startsWith(`${r.path}/`)).sort((a, b) => b.path.length - a.path.length)[0];
  if (parent) return { reader: parent, idParams: [] };
  // Else the shortest same-API reader taking the writer's ids and its answer's `id` (kindsAside: a path enum aside).
  const api = (path: string) => path.split('/')[1];
  const isKind = (name: string) => {
    const schema = writer.parameters.find((p) => p.in === 'path' && p.name === name)?.schema;
    return kindsAside && Array.isArray(contract.resolveSchema(schema)?.enum);
  };
  const byId = readers
    .filter((r) => api(r.path) === api(writer.path) && 'id' in answered)
    .filter((r) => {
      const added = pathParams(r.path).filter((p) => !pathParams(writer.path).includes(p));
      return (
        added.length === 1 &&
        pathParams(writer.path).every((p) => pathParams(r.path).includes(p) || isKind(p)) &&
        r.path.endsWith(`{${added[0]}}`)
      );
    })
    .sort((a, b) => a.path.length - b.path.length)[0];
  return byId ? { reader: byId, idParams: pathParams(byId.path).filter((p) => !pathParams(writer.path).includes(p)) } : undefined;
}

/** The reader for a read right after a write: of the writer's own path, else its path plus an answered id, else readerOfWrite's. */
export function readerAfterWrite(contract: Contract, writer: Operation): { reader: Operation; idParams: string[] } | undefined {
  const own = ownReader(recordReaders(contract), writer);
  return own ? { reader: own.reader, idParams: own.idParam ? [own.idParam] : [] } : readerOfWrite(contract, writer, true);
}

/** A writer no readOnlyPairs reader reads, with the reader of what it changed (when the contract has one). */
interface OwnAnswerPair extends ReadOnlyPair {
  /** The reader of what the write changed, its path ids beyond the writer's read from the writer's answer. */
  then?: { reader: Operation; idParams: string[] };
  /** List readers that filter by an id the writer's answer gives (getApplications by pre_app_id after RegisterApp). */
  lists?: { reader: Operation; param: string; member: string }[];
}

/** The members of one record of a list reader's answer (the items of its array member). */
function listRecord(contract: Contract, reader: Operation): Record<string, Json> {
  const answer = reader.responses['200']?.schema;
  if (!answer) return {};
  for (const schema of Object.values(properties(contract, answer))) {
    const node = contract.resolveSchema(schema);
    if (node?.type === 'array' && node.items) return properties(contract, node.items);
  }
  return {};
}

/** The GET lists with a query id (`pre_app_id`, `preAppId`) the writer's answer gives under its camel-case name. */
function listsOfWrite(contract: Contract, writer: Operation): { reader: Operation; param: string; member: string }[] {
  const code = successCode(writer);
  const answered = code && writer.responses[code]?.schema ? properties(contract, writer.responses[code].schema) : {};
  const out: { reader: Operation; param: string; member: string }[] = [];
  for (const reader of contract.operations.values()) {
    if (reader.method !== 'GET') continue;
    const param = reader.parameters.find((p) => p.in === 'query' && camel(p.name).endsWith('Id') && camel(p.name) in answered);
    if (param) out.push({ reader, param: param.name, member: camel(param.name) });
  }
  return out;
}

/** Every other writer whose 2xx answer, or the reader after it, declares members its request does not: each shows the service's own. */
export function ownAnswerPairs(contract: Contract): OwnAnswerPair[] {
  const paired = new Set(readOnlyPairs(contract).map((p) => p.writer.operationId));
  const out: OwnAnswerPair[] = [];
  for (const writer of contract.operations.values()) {
    if (!['POST', 'PUT', 'PATCH'].includes(writer.method) || !writer.requestBody?.schema || paired.has(writer.operationId)) continue;
    const then = readerOfWrite(contract, writer);
    const lists = listsOfWrite(contract, writer);
    const sent = writer.requestBody?.schema ? properties(contract, writer.requestBody.schema) : {};
    // A list record's own members, each with a telling value (as readOnlyMembers gives a record reader's).
    const listed: Record<string, string | number> = {};
    for (const { reader } of lists)
      for (const [name, schema] of Object.entries(listRecord(contract, reader))) {
        const value = name in sent ? undefined : telling(contract, schema);
        if (value !== undefined) listed[name] = value;
      }
    const members = {
      ...listed,
      ...(then ? readOnlyMembers(contract, writer, then.reader) : {}),
      ...readOnlyMembers(contract, writer, writer),
    };
    if (Object.keys(members).length)
      out.push({ writer, reader: writer, members, ...(then ? { then } : {}), ...(lists.length ? { lists } : {}) });
  }
  return out;
}

/** The members of a reader's answer (its first element when a list) that show a value sent as response-only. */
export function storedReadOnly(pair: ReadOnlyPair, answer: unknown): string[] {
  const record = Array.isArray(answer) ? answer[0] : answer;
  if (!record || typeof record !== 'object') return [];
  return Object.entries(pair.members)
    .filter(([name, value]) => (record as Record<string, unknown>)[name] === value)
    .map(([name]) => name);
}

/** The reader's path id out of the writer's answer: the member of that name in camel case (`plan_id` -> `planId`), else `id`. */
export function idFromAnswer(pair: ReadOnlyPair, answer: unknown): string | undefined {
  if (!pair.idParam || !answer || typeof answer !== 'object') return undefined;
  const record = answer as Record<string, unknown>;
  const value = record[pair.idParam] ?? record[camel(pair.idParam)] ?? record.id;
  return value === undefined ? undefined : String(value);
}
