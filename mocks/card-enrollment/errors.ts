// Error bodies in the seed's sample shape (seed 000, Errors; reference: the builder's shape).
import type { FastifyReply } from 'fastify';
import type { Violation } from '../kit/validation.js';

/** A refusal: its HTTP status, its status value (INVALID_ARGUMENT, INVALID_STATE...), its message and the members in error. */
export interface Refusal {
  status: number;
  code: string;
  message: string;
  violations?: Violation[];
  /** Headers the refusal carries (a 503's Retry-After). */
  headers?: Record<string, string>;
}

/**
 * The answer of a refusal: code (the HTTP status), status, message and a detail per member in error,
 * naming it by its dotted path (A4) with the samples' reason (CANNOT_BE_NULL for a missing value,
 * INVALID_VALUE otherwise) and sourceType BODY.
 */
export function errorAnswer({ status, code, message, violations, headers }: Refusal) {
  const details = violations?.map((v) => ({
    reason: v.keyword === 'required' ? 'CANNOT_BE_NULL' : 'INVALID_VALUE',
    source: v.field,
    message: v.message,
    sourceType: 'BODY',
  }));
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: { code: status, status: code, message, ...(details?.length ? { details } : {}) } as Record<string, any>,
  };
}

/** A client error of the app (no route, the stand-in's rate limit) in the same shape. */
export function sendError(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.code(status).send(errorAnswer({ status, code, message }).body);
}
