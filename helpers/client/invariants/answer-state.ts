// Property (*-PROP-ANSWER-IS-STATE): a writer's body is what a read of the object right after returns, member by member (the read
// readerAfterWrite's, security/read-only.ts); what moves between two reads is not compared.
import type { Contract, Operation } from '../../contract/contract.js';
import { readerAfterWrite } from '../security/read-only.js';
import type { Violations } from '../security/probe.js';
import { type ReaderReads, sameObject } from './readers-agree.js';
import { addJudged, idOf, leavesUnder, objectIn, readAfterCall, verdictOn2xx, type WriteOutcome, type WriteProbe } from './after-write.js';
import { echoedOtherwise } from './echo.js';
import type { CallOptions } from '../client.js';
import { leavesOf, okSchemaOf, ownLeaves, readersOfNamed, withComputedSiblings, writersOfContract } from './kit.js';
import type { PropertyException } from '../property-counts.js';
import { versionless } from '../../contract/writers.js';

export const ANSWER_IS_STATE = 'answer-is-state';
/** The sibling property: a member of one object (of its owner) reads the same on every reader that shows it. */
export const SAME_ON_EVERY_READER = 'same-on-every-reader';

/** Whether a writer documents a 2xx with a body. */
export const answersBody = (op: Operation): boolean =>
  Object.entries(op.responses).some(([code, r]) => code.startsWith('2') && r?.schema !== undefined);

export { readerAfterWrite };

/** Members an answer may show otherwise: a 202's work not done (RFC 9110, 202 Accepted), a message on the operation itself. */
const movesAfterAnswer = (writer: Operation, member: string): boolean =>
  (writer.responses['202'] !== undefined && /status/i.test(member)) || /^(message|statusDescription|description)$/i.test(member);

/** The members an answer and the read right after it show differently: each a violation naming the writer, the reader and the member. */
export function checkAnswerIsState(outcomes: readonly WriteOutcome[], violations: Violations): string[] {
  const checked: string[] = [];
  for (const o of outcomes) {
    if (typeof o.status === 'number' && o.status < 300 && o.probe.read && addJudged(o, violations)) {
      checked.push(o.probe.writer.operationId);
      continue;
    }
    if (!o.read || typeof o.status !== 'number' || o.status >= 300 || !o.answer || typeof o.answer !== 'object') continue;
    checked.push(o.probe.writer.operationId);
    const at = objectIn(o.read.body, o.answer);
    const read = leavesUnder(o.read.body, at);
    const answer = leavesUnder(Array.isArray(o.answer) && o.answer.length === 1 ? o.answer[0] : o.answer, '');
    for (const [p, v] of answer) {
      if (!read.has(p) || o.read.volatile.has(at ? `${at}.${p}` : p) || movesAfterAnswer(o.probe.writer, p.split('.').at(-1)!)) continue;
      // A value sent, read as sent and answered otherwise by case or spacing: the echo's finding (echo.ts echoedOtherwise).
      if (echoedOtherwise(o.probe.call.body, p, read.get(p), v)) continue;
      if (String(read.get(p)) !== String(v))
        violations.add(
          o.probe.writer.operationId,
          `its answer against ${o.read.reader.operationId} right after`,
          `${p}: answered ${JSON.stringify(v)}, read ${JSON.stringify(read.get(p))}`,
          'the same value (the answer describes the state after the write)',
        );
    }
  }
  return checked;
}

/** Why a writer's outcome leaves it out of the after-write counts: its sample refused, no read after it, or no body to echo. */
export function afterWriteExceptions(outcomes: readonly WriteOutcome[]): { state: PropertyException[]; echo: PropertyException[] } {
  const state: PropertyException[] = [];
  const echo: PropertyException[] = [];
  for (const o of outcomes) {
    const { operationId } = o.probe.writer;
    const failed = typeof o.status !== 'number' || o.status >= 300;
    const reason = failed
      ? `its sample answered ${o.status} here`
      : o.probe.read
        ? 'its answer names no id the reader of what it made takes'
        : 'the contract has no reader of what it makes (no GET of its path, of its path and one id, of the ids its answer gives, nor filtering by its id)';
    if (answersBody(o.probe.writer) && (failed || (!o.read && !(o.probe.read && o.judged.length)))) state.push({ operationId, reason });
    if (o.probe.writer.requestBody && failed) echo.push({ operationId, reason });
    else if (o.probe.writer.requestBody && o.probe.call.body === undefined) echo.push({ operationId, reason: 'its sample sends no body' });
  }
  return { state, echo };
}

/** A writer's versions (`/v2/`, the FCRA mark): each writes the same kind of object (seed 002, PSI: FCRA and non-FCRA runs). */
export function writerVersions(contract: Contract): Operation[][] {
  const key = (op: Operation) =>
    `${op.method} ${versionless(op.path)
      .replace(/\/fcra-/g, '/')
      .replace(/\/fcra(?=\/|$)/g, '')}`;
  const groups = new Map<string, Operation[]>();
  for (const w of writersOfContract(contract)) groups.set(key(w), [...(groups.get(key(w)) ?? []), w]);
  return [...groups.values()].filter((g) => g.length > 1);
}

/** Where two versions' read-backs disagree: a leaf alike after two writes (`a`, `again`) of one version must read so after `b`. */
export function checkVersionsAgree(a: WriteOutcome, again: WriteOutcome, b: WriteOutcome, violations: Violations): boolean {
  if (!a.read || !again.read || !b.read) return false;
  const first = leavesOf(a.read.body);
  const second = leavesOf(again.read.body);
  const other = leavesOf(b.read.body);
  // The run's own: what differs between two runs or two reads, with its computed siblings (a day's risk band).
  const own = withComputedSiblings(
    new Set([
      ...[...second.keys()].filter((p) => String(first.get(p)) !== String(second.get(p))),
      ...a.read.volatile,
      ...again.read.volatile,
      ...b.read.volatile,
    ]),
    a.read.body,
    again.read.body,
    b.read.body,
  );
  for (const [p, v] of second) {
    if (!first.has(p) || own.has(p) || !other.has(p)) continue;
    if (String(other.get(p)) !== String(v))
      violations.add(
        b.probe.writer.operationId,
        `${b.read.reader.operationId} against ${again.read.reader.operationId} (the other version, the same body and owner)`,
        `${p}: ${JSON.stringify(other.get(p))} against ${JSON.stringify(v)}`,
        'the same value on every version of the reader (a member of the owner, not of the run)',
      );
  }
  return true;
}

/** The other readers of what a writer made (readersOfNamed), read twice: each member they and the answer show reads the same. */
export async function checkEveryReader(
  api: { callOperation(op: Operation, call: CallOptions): Promise<{ status: number; body: unknown }> },
  contract: Contract,
  outcomes: readonly WriteOutcome[],
  violations: Violations,
): Promise<{ writers: string[]; reads: number }> {
  const writers: string[] = [];
  let reads = 0;
  for (const o of outcomes) {
    if (!o.read || typeof o.status !== 'number' || o.status >= 300 || !o.answer || typeof o.answer !== 'object') continue;
    const readRight = o.read.reader;
    const answer = Array.isArray(o.answer) && o.answer.length === 1 ? o.answer[0] : o.answer;
    const id = idOf(answer);
    if (!id) continue;
    const byQuery = queryReadersOf(contract, o.probe.writer);
    const others: { reader: Operation; call: CallOptions }[] = [];
    for (const reader of [...readersOfNamed(contract, o.probe.writer), ...byQuery.map((q) => q.reader)]) {
      const q = byQuery.find((x) => x.reader === reader);
      if (reader === readRight || others.some((x) => x.reader === reader)) continue;
      if (!q && reader.parameters.some((p) => p.in === 'query' && p.required)) continue;
      const ids = reader.parameters.filter((p) => p.in === 'path' && o.probe.call.path?.[p.name] === undefined).map((p) => p.name);
      const call = q ? queryReadCall(q, o.probe.call)(o.answer) : readAfterCall({ reader, idParams: ids }, o.probe.call)?.call(o.answer);
      if (call) others.push({ reader, call });
    }
    if (!others.length) continue;
    const rightCall = o.probe.read?.call(o.answer);
    const all = rightCall ? [{ reader: readRight, call: rightCall }, ...others] : others;
    // The client's verdict on a 2xx read (the answer judge: an event date moved) is a finding of the write.
    const read = (r: { reader: Operation; call: CallOptions }) =>
      api.callOperation(r.reader, r.call).catch((error: unknown) => {
        const verdict = verdictOn2xx(error);
        if (verdict)
          violations.add(
            o.probe.writer.operationId,
            `${r.reader.operationId} after it, judged by the client`,
            verdict,
            'an answer that keeps the contract',
          );
        return undefined;
      });
    // Two rounds (readers-agree.ts): what moves between a reader's two reads is compared nowhere.
    const rounds: Awaited<ReturnType<typeof read>>[][] = [[], []];
    for (const round of rounds) for (const r of all) round.push(await read(r));
    reads += 2 * all.length;
    const after: ReaderReads[] = [];
    for (const [i, r] of all.entries()) {
      const first = rounds[0]![i];
      const second = rounds[1]![i];
      if (first?.status !== 200 || second?.status !== 200) continue;
      after.push({ reader: r.reader, first: first.body, second: second.body });
      if (r.reader === readRight) continue;
      const at = objectIn(first.body, answer);
      const node = leavesUnder(first.body, at);
      // Only a node that is the written object: it carries the answer's id under the same key.
      if (String(node.get(id.key)) !== id.value) continue;
      const volatile = ownLeaves(first.body, second.body);
      if (!writers.includes(o.probe.writer.operationId)) writers.push(o.probe.writer.operationId);
      for (const [p, v] of leavesUnder(answer, '')) {
        if (!node.has(p) || volatile.has(at ? `${at}.${p}` : p) || movesAfterAnswer(o.probe.writer, p.split('.').at(-1)!)) continue;
        if (String(node.get(p)) !== String(v))
          violations.add(
            o.probe.writer.operationId,
            `its answer against ${r.reader.operationId}`,
            `${p}: answered ${JSON.stringify(v)}, read ${JSON.stringify(node.get(p))}`,
            'the same value on every reader of the object',
          );
      }
    }
    // What the write set that the answer does not show (a last change): every reader of the object shows it alike.
    const faces = after.flatMap((r) => {
      const at = objectIn(r.first, answer);
      const node = leavesUnder(r.first, at);
      if (String(node.get(id.key)) !== id.value) return [];
      const volatile = ownLeaves(r.first, r.second);
      const own = new Map([...node].filter(([p]) => p !== id.key && !/(^|\.)\d+(\.|$)/.test(p) && !volatile.has(at ? `${at}.${p}` : p)));
      return [{ reader: r.reader.operationId, key: id.key, value: id.value, leaves: own }];
    });
    for (const [i, a] of faces.entries())
      for (const b of faces.slice(i + 1))
        for (const p of sameObject(a, b)?.differ ?? [])
          violations.add(
            o.probe.writer.operationId,
            `${b.reader} after it, ${id.key} ${id.value} against ${a.reader}`,
            `${p}: ${JSON.stringify(b.leaves.get(p))} here, ${JSON.stringify(a.leaves.get(p))} on ${a.reader}`,
            'the same value on every reader of the object',
          );
  }
  return { writers, reads };
}

/** A parameter or member name without case and underscores: `pre_app_id` and `preAppId` name one id. */
const plainName = (name: string) => name.replace(/_/g, '').toLowerCase();

/** The reader where no path reads a write: a GET by its id (provider 1.35.0: getApplications pre_app_id, GetAppRegistrationStatus). */
function queryReadersOf(contract: Contract, writer: Operation): { reader: Operation; param: string; id: string }[] {
  const pathId = writer.parameters.filter((p) => p.in === 'path').at(-1)?.name;
  const schema = contract.resolveSchema(okSchemaOf(writer)) as { properties?: Record<string, unknown> } | undefined;
  const answerIds = Object.keys(schema?.properties ?? {}).filter((k) => /^id$|Id$/.test(k));
  const id = pathId ?? (answerIds.length === 1 ? answerIds[0] : undefined);
  if (!id) return [];
  return [...contract.operations.values()].flatMap((reader) => {
    if (reader.method !== 'GET' || reader === writer || !reader.responses['200']?.schema) return [];
    const param = reader.parameters.find((p) => p.in === 'query' && plainName(p.name) === plainName(id));
    if (!param || reader.parameters.some((p) => p.required && p !== param && p.in !== 'header')) return [];
    return [{ reader, param: param.name, id }];
  });
}

/** The read of a query reader (queryReadersOf) after a write: the id from the answer, else from what the write was sent. */
function queryReadCall(q: { param: string; id: string }, sent: CallOptions): (answer: unknown) => CallOptions | undefined {
  return (answer: unknown) => {
    const record = (Array.isArray(answer) ? answer[0] : answer) as Record<string, unknown> | undefined;
    const value = record?.[q.id] ?? sent.path?.[q.id];
    return value === undefined || value === null || typeof value === 'object' ? undefined : { query: { [q.param]: String(value) } };
  };
}

/** The read right after a write: the record reader of what it made or changed (readerAfterWrite), else its first query reader. */
export function readOfWrite(contract: Contract, writer: Operation, sent: CallOptions): WriteProbe['read'] | undefined {
  const after = readerAfterWrite(contract, writer);
  if (after) return readAfterCall(after, sent);
  const q = queryReadersOf(contract, writer)[0];
  return q ? { reader: q.reader, call: queryReadCall(q, sent) } : undefined;
}
