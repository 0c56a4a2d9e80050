// Property: an answer describes the state after the operation. The body a writer answers (a create,
// an update, a subscription, a registration) is what a read of the same object right after it returns,
// member by member: every member both show reads the same (the catalogue's *-PROP-ANSWER-IS-STATE).
// The writers are every operation of the contract that is not a read and documents a 2xx with a body;
// the read is the record reader of what it made or changed (helpers/client/security/read-only.ts,
// readerAfterWrite). What moves between two reads with no write between is not compared.
import type { Contract, Operation } from '../../contract/contract.js';
import { readerAfterWrite } from '../security/read-only.js';
import type { Violations } from '../security/probe.js';
import { addJudged, leavesUnder, objectIn, type WriteOutcome } from './after-write.js';
import { writersOfContract } from './kit.js';
import type { PropertyException } from '../property-counts.js';

export const ANSWER_IS_STATE = 'answer-is-state';

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
      : 'no read of what it made right after (the contract has none, or its answer names none)';
    if (answersBody(o.probe.writer) && (failed || (!o.read && !(o.probe.read && o.judged.length)))) state.push({ operationId, reason });
    if (o.probe.writer.requestBody && failed) echo.push({ operationId, reason });
    else if (o.probe.writer.requestBody && o.probe.call.body === undefined) echo.push({ operationId, reason: 'its sample sends no body' });
  }
  return { state, echo };
}
