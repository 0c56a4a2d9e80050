// How every mock reads a request body (the kit app's one content-type parser). A body is refused before any handler when its
// operation does not take its media type (the contract's requestBody `content`, loosened by start-up faults), or it is larger, deeper
// or slower than any request needs: the operation's 415 or 413, else its 400, else the refusal's own in the service's error shape.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Contract, Operation } from '../../helpers/contract/contract.js';

/**
 * The largest body read, in bytes; no contract states one. The suite's largest is a pay statement one byte past 1 MiB (provider 1.35.0
 * PayStatement `statement`, base64: about 1.4 MB); 1.5 MiB takes it, a 2 MB junk object is refused before it is parsed.
 */
export const MAX_BODY_BYTES = 1.5 * 1024 * 1024;

/** The deepest nesting a body may have: the contracts' is 5 levels; 32 leaves room and refuses a body built to exhaust the walks. */
export const MAX_BODY_DEPTH = 32;

/** How long a body may go without a byte, in ms: one that stops would otherwise hold its connection until it gives up. */
export const BODY_IDLE_MS = 2_000;

/** The operations an app serves: the contract it plays and the paths its operations are served under. */
export interface ServedOperations {
  contract: Contract;
  basePaths: readonly string[];
}

/** A body refused before any handler, unread or read in part: its status. */
export class BodyRefused extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** The status an operation documents for a refusal of this kind: its own, else the operation's 400, else its own in the service's shape. */
export function documentedStatus(op: Operation | undefined, status: number): number {
  return !op || op.responses[String(status)] || !op.responses['400'] ? status : 400;
}

/** Whether a media range of a requestBody's `content` (`application/json`, `text/*`, `*\/*`) takes a media type. */
function takes(range: string, type: string): boolean {
  const [rangeType, rangeSub] = range.toLowerCase().split('/');
  const [typeType, typeSub] = type.split('/');
  return (rangeType === '*' || rangeType === typeType) && (rangeSub === '*' || rangeSub === typeSub);
}

/** How deep objects and arrays nest in a JSON text, read without parsing it (strings skipped); stops past `max`. */
export function nestingDepth(text: string, max = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // a backslash escapes the next character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > deepest && (deepest = depth) > max) return deepest;
    } else if (c === 125 || c === 93) depth--;
  }
  return deepest;
}

/** The operation a request's route serves, looked up once per method and route (none for the control surface or an unknown route). */
export function servedOperation(served: ServedOperations): (req: FastifyRequest) => Operation | undefined {
  const operations = new Map<string, Operation | undefined>();
  return (req) => {
    const key = `${req.method} ${req.routeOptions.url}`;
    if (!operations.has(key)) {
      const path = req.url.split('?')[0];
      const base = served.basePaths.find((b) => path.startsWith(`${b}/`));
      operations.set(
        key,
        base === undefined || req.routeOptions.url === undefined
          ? undefined
          : served.contract.operationAt(req.method, path.slice(base.length)),
      );
    }
    return operations.get(key);
  };
}

/** The content-type parser of every body: its text, read whole within the limits above, or a BodyRefused. */
export function bodyParser(served: ServedOperations) {
  const operationOf = servedOperation(served);
  return (req: FastifyRequest, payload: NodeJS.ReadableStream, done: (error: Error | null, body?: string) => void): void => {
    const op = operationOf(req);
    const refuse = (status: number, message: string) => new BodyRefused(documentedStatus(op, status), message);
    const header = req.headers['content-type'];
    const type = (header ?? '').split(';')[0].trim().toLowerCase();
    const mediaTypes = op?.requestBody?.contentTypes;
    if (mediaTypes?.length && req.headers['content-length'] !== '0' && !mediaTypes.some((range) => takes(range, type)))
      return done(
        refuse(
          415,
          `${header ? `a body of type ${type.slice(0, 80)}` : 'a body without Content-Type'} is not taken: ${mediaTypes.join(', ')} only`,
        ),
      );
    if (Number(req.headers['content-length']) > MAX_BODY_BYTES) return done(refuse(413, `the body is larger than ${MAX_BODY_BYTES} bytes`));
    const chunks: Buffer[] = [];
    let size = 0;
    let lastByteAt = Date.now();
    let ended = false;
    const end = (error: Error | null, body?: string) => {
      if (ended) return;
      ended = true;
      clearInterval(watch);
      payload.removeListener('data', onData);
      done(error, body);
    };
    // Looked at again after the event loop reads what is waiting: a loop held up by other work refuses no body it has not read yet.
    const watch = setInterval(
      () =>
        Date.now() - lastByteAt > BODY_IDLE_MS &&
        setImmediate(
          () => Date.now() - lastByteAt > BODY_IDLE_MS && end(refuse(408, `the body stopped arriving: no byte for ${BODY_IDLE_MS} ms`)),
        ),
      BODY_IDLE_MS / 4,
    );
    watch.unref();
    const onData = (chunk: Buffer) => {
      lastByteAt = Date.now();
      size += chunk.length;
      if (size > MAX_BODY_BYTES) return end(refuse(413, `the body is larger than ${MAX_BODY_BYTES} bytes`));
      chunks.push(chunk);
    };
    payload.on('data', onData);
    payload.on('error', (error) => end(refuse(400, `the body could not be read (${error.message})`)));
    payload.once('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (nestingDepth(text, MAX_BODY_DEPTH) > MAX_BODY_DEPTH)
        return end(refuse(400, `the body nests objects and arrays deeper than ${MAX_BODY_DEPTH} levels`));
      end(null, text);
    });
  };
}

/** After answering a body refused unread, the rest is drained so its sender reads the answer (RFC 9112, 9.6); idle BODY_IDLE_MS: closed. */
export function dropRestOfBody(req: FastifyRequest, reply: FastifyReply): void {
  // Fastify answers a parser's refusal with Connection: close, and Node then resets a connection whose sender is still writing.
  reply.removeHeader('connection');
  const socket = req.raw.socket;
  reply.raw.once('finish', () => {
    req.raw.resume();
    setTimeout(() => req.raw.complete || socket.destroy(), BODY_IDLE_MS).unref();
  });
}
