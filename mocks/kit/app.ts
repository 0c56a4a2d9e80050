// The mock app factory: Fastify with one body parser (body.ts), so malformed JSON is the mock's 400, not a crash; the /__mock/ control
// surface; no logging (nothing sensitive on stdout).
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  BodyRefused,
  bodyParser,
  documentedStatus,
  dropRestOfBody,
  MAX_BODY_BYTES,
  servedOperation,
  type ServedOperations,
} from './body.js';
import { ClockError, parseClockInstant } from './clock.js';
import { FaultError } from './faults.js';
import { limitRequestRate, withoutControlSurface } from './stand-in-mode.js';
import type { AppOptions, ClientError, MockContext, MockHandle } from './context.js';

/** Parses a request body the mock received as text; undefined when empty, an Error when not JSON. */
export function parseJson(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  if (raw.trim() === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return new SyntaxError('body is not valid JSON');
  }
}

/** The body a service's clientError sends, taken without a reply: a request Node's parser refused has none. */
function errorPayload(clientError: ClientError, status: number, message: string): string {
  let payload: unknown;
  const capture = {
    code: () => capture,
    status: () => capture,
    header: () => capture,
    send: (body: unknown) => {
      payload = body;
      return capture;
    },
  };
  clientError(capture as unknown as FastifyReply, status, message);
  return typeof payload === 'string' ? payload : JSON.stringify(payload ?? { message });
}

/**
 * A request Node's HTTP parser refuses never reaches a route ('clientError'): answered in the service's error shape with
 * `Connection: close`, the socket ended after the answer (RFC 9112, 9.6), no body to a HEAD (RFC 9110, 9.3.2). 431 for headers too
 * large (RFC 6585, 5), 408 for a request too slow, else 400.
 */
export function answerParserError(clientError: ClientError) {
  return (error: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const reason = status === 400 ? `the request is not valid HTTP/1.1 (${error.code ?? 'parse error'})` : String(STATUS_CODES[status]);
    const body = errorPayload(clientError, status, reason);
    const head = Buffer.isBuffer(error.rawPacket) && error.rawPacket.subarray(0, 5).toString('latin1') === 'HEAD ';
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${head ? '' : body}`,
    );
  };
}

/** `served`: the contract the mock plays and the paths its operations are served under, so a body is read as its operation takes it. */
export function createMockApp(
  context: MockContext,
  clientError: ClientError,
  served: ServedOperations,
  options: AppOptions = {},
): FastifyInstance {
  // Whatever Fastify itself refuses is the client's 4xx in the service's error shape, never a 500 or Fastify's own body.
  const app = Fastify({
    logger: false,
    bodyLimit: MAX_BODY_BYTES,
    frameworkErrors: (error, _req, reply) => clientError(reply, 400, error.message),
    clientErrorHandler: answerParserError(clientError),
  });
  const operationOf = servedOperation(served);
  app.setErrorHandler((error: { statusCode?: number; message: string; code?: string }, req, reply) => {
    if (error instanceof BodyRefused) dropRestOfBody(req, reply);
    // A Content-Type Fastify cannot parse is refused before the body parser: as that parser refuses a type the operation does
    // not take, with the status the operation documents for it (its 415, else its 400).
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      return clientError(reply, documentedStatus(operationOf(req), 415), 'a body whose Content-Type is not a media type is not taken');
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return clientError(reply, error.statusCode, error.message);
    // A defect of the mock itself: a loud 500 that fails the check, never a 4xx that could pass one.
    return reply.code(500).send({ message: `mock defect: ${error.message}` });
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', bodyParser(served));
  // The reply seam (FaultSeams.reply): every JSON or text answer of the service, only where the catalogue has such a fault.
  if (context.faults.replying.length) {
    const operationOf = servedOperation(served);
    app.addHook('onSend', (req, reply, payload, done) => {
      if (typeof payload !== 'string' || !context.faults.bendsReplies() || req.url.startsWith('/__mock/')) return done(null, payload);
      const x = { operationId: operationOf(req)?.operationId, headers: req.headers, body: parseJson(req.body), status: reply.statusCode };
      done(null, context.faults.reply(x, payload));
    });
  }
  // Stand-in mode (kit/stand-in-mode.ts), before any route is registered.
  if (options.requestsPerSecond) limitRequestRate(app, context, options.requestsPerSecond, options.tooManyRequests ?? clientError);
  if (options.controlSurface === false) return withoutControlSurface(app);

  app.get('/__mock/state', async () => ({
    service: context.service,
    faults: context.faults.active(),
    now: context.clock.now().toISOString(),
  }));
  app.get('/__mock/world', async () => context.world());
  app.get('/__mock/deliveries', async () => context.deliveries.list());
  app.post('/__mock/reset', async (_req, reply) => {
    context.faults.resetRuntime();
    context.clock.reset();
    context.deliveries.clear();
    for (const fn of context.onReset) fn();
    return reply.code(204).send();
  });
  app.post('/__mock/clock/advance', async (req: FastifyRequest, reply: FastifyReply) => {
    const body = parseJson(req.body) as { seconds?: unknown } | undefined;
    if (!body || typeof body.seconds !== 'number' || !Number.isFinite(body.seconds) || body.seconds < 0) {
      return reply.code(400).send({ message: 'body must be {"seconds": <non-negative number>}' });
    }
    // Beyond what a Date holds every later answer would fail: refused, and the clock stays put.
    const headroom = context.clock.headroomSeconds();
    if (body.seconds > headroom)
      return reply.code(400).send({ message: `seconds ${body.seconds} is beyond what the clock can hold: at most ${headroom} more` });
    context.clock.advance(body.seconds);
    for (const fn of context.onAdvance ?? []) await fn();
    return { now: context.clock.now().toISOString() };
  });
  // Sets the clock to any instant, earlier too, so a dated rule is reachable on both sides of its date; "frozen": true stands still.
  app.post('/__mock/clock/set', async (req: FastifyRequest, reply: FastifyReply) => {
    const body = parseJson(req.body) as { at?: unknown; frozen?: unknown } | undefined;
    if (!body || body.at === undefined || (body.frozen !== undefined && typeof body.frozen !== 'boolean'))
      return reply
        .code(400)
        .send({ message: 'body must be {"at": "<ISO 8601 date-time with a zone>" | <epoch ms>, "frozen"?: <boolean>}' });
    try {
      context.clock.setTo(parseClockInstant(body.at), body.frozen === true);
    } catch (error) {
      if (error instanceof ClockError) return reply.code(400).send({ message: error.message });
      throw error;
    }
    for (const fn of context.onAdvance ?? []) await fn();
    return { now: context.clock.now().toISOString() };
  });
  app.put('/__mock/faults', async (req: FastifyRequest, reply: FastifyReply) => {
    const body = parseJson(req.body) as { faults?: unknown } | undefined;
    if (!body || !Array.isArray(body.faults) || !body.faults.every((f) => typeof f === 'string')) {
      return reply.code(400).send({ message: 'body must be {"faults": ["fault-id", ...]}' });
    }
    try {
      context.faults.setRuntime(body.faults as string[]);
    } catch (error) {
      if (error instanceof FaultError) return reply.code(400).send({ message: error.message });
      throw error;
    }
    return { faults: context.faults.active() };
  });
  return app;
}

export async function listen(
  app: FastifyInstance,
  context: MockContext,
  basePath: string,
  port = 0,
  host = '127.0.0.1',
): Promise<MockHandle> {
  await app.listen({ port, host });
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const origin = `http://${host}:${actualPort}`;
  return { service: context.service, origin, baseURL: origin + basePath, context, close: () => app.close() };
}
