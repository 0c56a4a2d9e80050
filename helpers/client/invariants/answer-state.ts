// Property: an answer describes the state after the operation. The body a writer answers (a create,
// an update, a subscription, a registration) is what a read of the same object right after it returns,
// member by member: every member both show reads the same (the catalogue's *-PROP-ANSWER-IS-STATE).
// The writers are every operation of the contract that is not a read and documents a 2xx with a body;
// the read is the record reader of what it made or changed (helpers/client/security/read-only.ts,
// readerAfterWrite). What moves between two reads with no write between is not compared.
import type { Contract, Operation } from '../../contract/contract.js';
import { readerAfterWrite } from '../security/read-only.js';
import type { Violations } from '../security/probe.js';
import { addJudged, idOf, leavesUnder, objectIn, readAfterCall, type WriteOutcome } from './after-write.js';
import type { CallOptions } from '../client.js';
import { leavesOf, readersOfNamed, volatileLeaves, withComputedSiblings, writersOfContract } from './kit.js';
import type { PropertyException } from '../property-counts.js';

export const ANSWER_IS_STATE = 'answer-is-state';
/** The sibling property: a member of one object (of its owner) reads the same on every reader that shows it. */
export const SAME_ON_EVERY_READER = 'same-on-every-reader';

/** Whether a writer documents a 2xx with a body. */
export const answersBody = (op: Operation): boolean =>
  Object.entries(op.responses).some(([code, r]) => code.startsWith('2') && r?.schema !== undefined);

/** The writers the property applies to: every writer that answers a body on success. */
export const answeringWriters = (contract: Contract): Operation[] => writersOfContract(contract).filter(answersBody);

export { readerAfterWrite };

/**
 * Members the answer may show otherwise than the read right after it: the state of work a 202 accepted
 * and has not done yet (RFC 9110, 202 Accepted: "the processing has not been completed"), and a
 * message about the operation itself rather than the object (a status description, a message).
 */
export const movesAfterAnswer = (writer: Operation, member: string): boolean =>
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

/**
 * Why a writer's outcome leaves it out of the two after-write properties' counts: its sample was
 * refused here, no read of what it made follows, or it sends no body to echo.
 */
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
        : 'the contract has no reader of what it makes (no GET of its path, of its path and one id, nor of the ids its answer gives)';
    if (answersBody(o.probe.writer) && (failed || (!o.read && !(o.probe.read && o.judged.length)))) state.push({ operationId, reason });
    if (o.probe.writer.requestBody && failed) echo.push({ operationId, reason });
    else if (o.probe.writer.requestBody && o.probe.call.body === undefined) echo.push({ operationId, reason: 'its sample sends no body' });
  }
  return { state, echo };
}

/**
 * The versions of one writer: writers of the same method whose paths are the same but for a version
 * (`/v2/`) or the FCRA mark (`fcra-`, `/fcra`), each with the reader of what it made. Every version
 * writes the same kind of object under the same owner (an FCRA and a non-FCRA PSI run of one account:
 * seed 002, PSI; a refresh v1 and v2 of one customer), so every member both read-backs show that is
 * neither the run's own (an id, a score drawn for it) nor moving on its own reads the same on both.
 */
export function writerVersions(contract: Contract): Operation[][] {
  const key = (op: Operation) =>
    `${op.method} ${op.path
      .replace(/\/v\d+(?=\/)/g, '')
      .replace(/\/fcra-/g, '/')
      .replace(/\/fcra(?=\/|$)/g, '')}`;
  const groups = new Map<string, Operation[]>();
  for (const w of writersOfContract(contract)) groups.set(key(w), [...(groups.get(key(w)) ?? []), w]);
  return [...groups.values()].filter((g) => g.length > 1);
}

/**
 * Where two versions' read-backs disagree on a member of the owner: `a` and `again` are two writes of
 * one version and `b` a write of the other, all three of the same body, one after the other with
 * nothing written between (what another writer moves, an account's balance, is the same on all
 * three). A leaf that reads the same after `a` and after `again` is no member of the run's own (an id,
 * a score drawn for the run differ between them); each such leaf `b`'s read-back also shows must read
 * there as after `again`. Leaves moving between two reads of any are left out.
 */
export function checkVersionsAgree(a: WriteOutcome, again: WriteOutcome, b: WriteOutcome, violations: Violations): boolean {
  if (!a.read || !again.read || !b.read) return false;
  const first = leavesOf(a.read.body);
  const second = leavesOf(again.read.body);
  const other = leavesOf(b.read.body);
  // The run's own: what differs between the two runs of one version or moves between two reads, with
  // the members computed beside it (a day's risk band beside its score drawn for the run).
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

/**
 * The other readers of what a writer made or changed (readersOfNamed: the by-id reader of its object,
 * the list of its collection, each version), beyond the read right after it: each read twice with the
 * path ids of the write (what it was sent, else its answer's id), a reader needing a required query
 * left out. Where the reader shows the written object (the node carrying the answer's id), every
 * member the answer and that node both show, at the same place, reads the same; what moves between
 * the two reads, and what the answer may show otherwise (movesAfterAnswer), is not compared.
 */
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
    for (const reader of readersOfNamed(contract, o.probe.writer)) {
      if (reader === readRight || reader.parameters.some((p) => p.in === 'query' && p.required)) continue;
      const ids = reader.parameters.filter((p) => p.in === 'path' && o.probe.call.path?.[p.name] === undefined).map((p) => p.name);
      const call = readAfterCall({ reader, idParams: ids }, o.probe.call)?.call(o.answer);
      if (!call) continue;
      const read = () => api.callOperation(reader, call).catch(() => undefined);
      const first = await read();
      const second = await read();
      reads += 2;
      if (first?.status !== 200 || second?.status !== 200) continue;
      const at = objectIn(first.body, answer);
      const node = leavesUnder(first.body, at);
      // Only a node that is the written object: it carries the answer's id under the same key.
      if (String(node.get(id.key)) !== id.value) continue;
      const volatile = withComputedSiblings(volatileLeaves(first.body, second.body), first.body, second.body);
      if (!writers.includes(o.probe.writer.operationId)) writers.push(o.probe.writer.operationId);
      for (const [p, v] of leavesUnder(answer, '')) {
        if (!node.has(p) || volatile.has(at ? `${at}.${p}` : p) || movesAfterAnswer(o.probe.writer, p.split('.').at(-1)!)) continue;
        if (String(node.get(p)) !== String(v))
          violations.add(
            o.probe.writer.operationId,
            `its answer against ${reader.operationId}`,
            `${p}: answered ${JSON.stringify(v)}, read ${JSON.stringify(node.get(p))}`,
            'the same value on every reader of the object',
          );
      }
    }
  }
  return { writers, reads };
}
