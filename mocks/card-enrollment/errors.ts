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

/** seed 000, Errors: a request malformed or with incorrect or missing members, 400 INVALID_ARGUMENT naming each. */
export const malformed = (found: Violation[]): Refusal => ({
  status: 400,
  code: 'INVALID_ARGUMENT',
  message: 'The request is malformed or has incorrect or missing fields or values.',
  violations: found,
});
/** A malformed request with one member in error, `message` its detail. */
export const invalid = (field: string, keyword: string, message = `${field} is invalid`): Refusal =>
  malformed([{ field, keyword, message }]);
/** seed 000, Errors: an id that resolves to no entity, 400 INVALID_STATE naming it. */
export const unresolved = (field: string, message: string): Refusal => ({
  status: 400,
  code: 'INVALID_STATE',
  message,
  violations: [{ field, keyword: 'exists', message }],
});

/** The refusals of cards.ts's steps that a fault also gives where the mock gives none (cards.faults.ts), in the same words. */
export const refusals = {
  /** seed 000, Errors: a body that is not a JSON object. */
  notJson: () => invalid('body', 'type', 'the body must be a JSON object'),
  /** seed 000, Authentication 403; A2: a srcClientId registered to another client. */
  foreignOrigin: (): Refusal => ({ status: 403, code: 'PERMISSION_DENIED', message: 'Client identity (origin) not validated.' }),
  /** seed 000, Errors: a serviceId that resolves to no program of the client. */
  unknownService: () => unresolved('serviceId', 'serviceId does not resolve to a service of this client.'),
  /** A5: an unknown receipt id. */
  unknownReceipt: () => unresolved('enrolmentReferenceData.enrolmentReferenceId', 'Unknown push account receipt.'),
};

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
