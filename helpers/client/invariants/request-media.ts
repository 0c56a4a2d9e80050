// Property (`*-PROP-BODY-MEDIA`): each other form RFC 9110 section 8.3.1 gives a declared request type is answered as the plain
// form; a type not taken is refused only as documented (the 415 where documented, else a documented 4xx), and a label that is no
// media type at all is served or refused with a documented 4xx.
import type { Contract, Operation } from '../../contract/contract.js';
import type { ApiResponse, CallOptions, OperationClient } from '../client.js';
import type { ServiceName } from '../../contract/operations.js';
import { verdictLine } from './kit.js';
import type { Violations } from '../security/probe.js';
import { alternatingCase } from '../security/value-forms.js';

export const BODY_MEDIA = 'body-media-forms';

/** An operation taking a body, with the media types its requestBody's content declares. */
interface BodyMedia {
  operation: Operation;
  mediaTypes: string[];
}

/** Every operation of a contract that takes a body, with the media types it takes it in. */
export function bodyMediaOf(contract: Contract): BodyMedia[] {
  return [...contract.operations.values()]
    .filter((operation) => operation.requestBody?.contentTypes?.length)
    .map((operation) => ({ operation, mediaTypes: [...operation.requestBody!.contentTypes!] }));
}

/** Another written form of one media type, and why RFC 9110 makes it the same type. */
interface MediaForm {
  contentType: string;
  how: string;
}

/** The type and subtype with each letter's case alternating from upper case (`ApPlIcAtIoN/JsOn`): a case no target keys on. */

/** The other forms of a media type RFC 9110 gives the same meaning (section 8.3.1: case, OWS; 8.3.2: a charset's case). */
export function mediaFormsOf(mediaType: string): MediaForm[] {
  if (!/[/+]json$|^text\//i.test(mediaType))
    return [{ contentType: alternatingCase(mediaType), how: 'type and subtype in mixed case (RFC 9110 8.3.1: case-insensitive)' }];
  return [
    { contentType: `${mediaType}; charset=utf-8`, how: 'with a charset parameter (RFC 9110 8.3.1 parameters; RFC 8259 11)' },
    {
      contentType: `${alternatingCase(mediaType)} ; charset=UTF-8`,
      how: 'in mixed case, with white space around the ";" and the charset in capitals (RFC 9110 8.3.1: case-insensitive, OWS ";" OWS; 8.3.2)',
    },
  ];
}

/** A media type the operation does not take: the first of these its requestBody does not declare. */
export const notTakenOf = (b: BodyMedia): string =>
  ['text/plain', 'application/xml', 'application/octet-stream'].find((t) => !b.mediaTypes.some((m) => m.toLowerCase() === t))!;

const topMembers = (body: unknown): string[] | undefined =>
  body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body).sort() : undefined;

/** How an answer to another form differs from the plain form's: its status, or the members at the top of a JSON answer. */
export function formProblem(plain: Pick<ApiResponse, 'status' | 'body'>, res: Pick<ApiResponse, 'status' | 'body'>): string | undefined {
  if (res.status !== plain.status) return `answered ${res.status}, the plain form ${plain.status}`;
  const a = topMembers(plain.body);
  const b = topMembers(res.body);
  if (!a || !b) return undefined;
  const only = (x: string[], y: string[]) => x.filter((k) => !y.includes(k));
  const missing = only(a, b);
  const extra = only(b, a);
  if (!missing.length && !extra.length) return undefined;
  return [missing.length ? `lacks ${missing.join(', ')}` : '', extra.length ? `adds ${extra.join(', ')}` : ''].filter(Boolean).join('; ');
}

/** What an answer to a type not taken should be: the documented 415, else a documented 4xx; with no 415, a served body is not judged. */
export function notTakenProblem(op: Operation, status: number): { problem?: string; documented: string } {
  const documented4xx = Object.keys(op.responses).filter((s) => /^4/.test(s));
  if (op.responses['415'])
    return { problem: status === 415 ? undefined : `answered ${status}`, documented: '415, as the operation documents' };
  const problem = status >= 400 && status < 500 && !documented4xx.includes(String(status)) ? `answered ${status}` : undefined;
  return { problem, documented: `a 4xx the operation documents (${documented4xx.join(', ')}), or the body served` };
}

/** A Content-Type that is not a media type: no "/" between a type and a subtype (RFC 9110 8.3.1). */
export const NOT_A_MEDIA_TYPE = 'json';

/** What an answer to a label that is no media type should be: the body served, or a 4xx the operation documents. */
export function malformedProblem(op: Operation, status: number): { received: string; documented: string } | undefined {
  const documented4xx = Object.keys(op.responses).filter((s) => /^4/.test(s));
  if (status < 400 || status >= 500 || documented4xx.includes(String(status))) return undefined;
  return { received: `answered ${status}`, documented: `a 4xx the operation documents (${documented4xx.join(', ')}), or the body served` };
}

/** Where and how checkBodyMedia judges one operation's valid call. */
export interface BodyMediaOptions {
  /** The cell the call is sent in (a path and a source), named in a violation. */
  on?: string;
  /** The rule stating the operation's own refusal of a type it does not take (installments' approvedOffers 415: IN-TRANS-MEDIA):
   * that refusal is filed there alone; the valid forms of the declared type stay the property's. */
  notTakenRule?: string;
  /**
   * The service's rule of a valid request accepted (validAcceptedRule): the valid call is sent once more with its body in chunked
   * transfer coding, no Content-Length (RFC 9112 section 6.1: an HTTP/1.1 recipient parses the chunked coding; section 6.3: the
   * body's length is then the chunks'), and answered in the plain form's status class, a refusal filed under this rule (the valid
   * request refused, whatever the refusal says). Undefined: not sent (a cell after the operation's first sends it no more).
   */
  chunkedRule?: string;
}

/** The status class of an answer (2 for a 2xx). */
const statusClass = (status: number) => Math.floor(status / 100);

/**
 * Sends one operation's valid call (`fresh`) in each declared media type's forms and one not taken, and (`chunkedRule`) once in
 * chunked transfer coding; left out unless plainly 2xx.
 */
export async function checkBodyMedia<S extends ServiceName>(
  api: OperationClient<S>,
  b: BodyMedia,
  fresh: () => CallOptions | Promise<CallOptions>,
  violations: Violations,
  { on, notTakenRule, chunkedRule }: BodyMediaOptions = {},
): Promise<{ sent: number; leftOut?: string }> {
  const op = b.operation;
  const where = (what: string) => `${on ? `${on}: ` : ''}Content-Type: ${what}`;
  // The chunked call is sent to judge chunkedRule: a violation its answer shows that names no rule (an undocumented 411) is filed there.
  const send = async (contentType: string, framing?: 'chunked'): Promise<ApiResponse | string> => {
    const call = await fresh();
    const framed = framing ? { framing, ...(chunkedRule ? { judges: chunkedRule } : {}) } : {};
    return api.callOperation(op, { ...call, headers: { ...call.headers, 'content-type': contentType }, ...framed }).catch(verdictLine(api));
  };
  let sent = 0;
  for (const mediaType of b.mediaTypes) {
    const plain = await send(mediaType);
    sent++;
    if (typeof plain === 'string' || plain.status < 200 || plain.status >= 300)
      return { sent, leftOut: `its valid call labelled ${mediaType} is answered ${typeof plain === 'string' ? plain : plain.status}` };
    // The same valid call, its body framed in chunked transfer coding (the first declared type only: the framing is the same
    // for every type). A call using its object up answers the plain form alike when sent again: then it tells nothing.
    if (chunkedRule && mediaType === b.mediaTypes[0]) {
      const chunked = await send(mediaType, 'chunked');
      sent++;
      if (typeof chunked === 'string' || (chunked.status !== 429 && statusClass(chunked.status) !== statusClass(plain.status))) {
        if (typeof chunked !== 'string') {
          const again = await send(mediaType);
          sent++;
          if (typeof again !== 'string' && again.status === chunked.status)
            return { sent, leftOut: `its valid call does not repeat (sent again plainly, it is answered ${again.status})` };
        }
        violations.add(
          op.operationId,
          `${on ? `${on}: ` : ''}Transfer-Encoding: chunked, no Content-Length (RFC 9112 section 6.1: a recipient parses the chunked coding)`,
          typeof chunked === 'string' ? chunked : `answered ${chunked.status}, the body framed by Content-Length ${plain.status}`,
          `answered as with Content-Length (${statusClass(plain.status)}xx)`,
          chunkedRule,
        );
      }
    }
    for (const form of mediaFormsOf(mediaType)) {
      const res = await send(form.contentType);
      sent++;
      if (typeof res !== 'string' && res.status === 429) continue;
      const problem = typeof res === 'string' ? res : formProblem(plain, res);
      // A call using its object up (a second micro-deposit initiation is 409): a plain form answered alike tells nothing.
      if (problem && typeof res !== 'string' && res.status !== plain.status) {
        const again = await send(mediaType);
        sent++;
        if (typeof again !== 'string' && again.status === res.status)
          return { sent, leftOut: `its valid call does not repeat (sent again plainly, it is answered ${again.status})` };
      }
      if (problem)
        violations.add(
          op.operationId,
          where(`${form.contentType} (${form.how})`),
          problem,
          `answered as ${mediaType} is (${plain.status})`,
        );
    }
  }
  const other = notTakenOf(b);
  const res = await send(other);
  sent++;
  if (typeof res === 'string')
    violations.add(op.operationId, where(`${other}, a type it does not take`), res, 'a documented refusal', notTakenRule);
  else if (res.status !== 429) {
    const { problem, documented } = notTakenProblem(op, res.status);
    if (problem) violations.add(op.operationId, where(`${other}, a type it does not take`), problem, documented, notTakenRule);
  }
  // A label that is no media type at all (RFC 9110 8.3.1: type "/" subtype) is no type the contract takes either: served, or
  // refused only with a 4xx the operation documents (its 415 among them where it has one). Filed under the property itself: a
  // rule of the operation's 415 (IN-TRANS-MEDIA) speaks of another media type, which this is not.
  const malformed = await send(NOT_A_MEDIA_TYPE);
  sent++;
  if (typeof malformed === 'string')
    violations.add(
      op.operationId,
      where(`${NOT_A_MEDIA_TYPE}, no media type`),
      malformed,
      'the body served, or a 4xx the operation documents',
    );
  else {
    const problem = malformedProblem(op, malformed.status);
    if (problem) violations.add(op.operationId, where(`${NOT_A_MEDIA_TYPE}, no media type`), problem.received, problem.documented);
  }
  return { sent };
}
