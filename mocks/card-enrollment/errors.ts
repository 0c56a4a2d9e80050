// Error bodies in the seed's sample shape (seed 000, Errors; reference: the builder's shape).
import type { FastifyReply } from 'fastify';
import type { FaultSet } from '../kit/faults.js';
import type { CardFaultId } from './catalogue.js';
import type { Violation } from '../kit/validation.js';

export interface ErrorDetail {
  reason: string;
  source: string;
  message: string;
  sourceType: 'BODY' | 'HEADER' | 'PATH' | 'QUERY';
}

export function sendError(
  reply: FastifyReply,
  faults: FaultSet<CardFaultId>,
  code: number,
  status: string,
  message: string,
  details?: ErrorDetail[],
) {
  if (faults.has('error-body-wrong-shape')) return reply.code(code).send({ error: message });
  const body: Record<string, unknown> = { code, status, message };
  if (details?.length) body.details = details;
  return reply.code(code).send(body);
}

const MALFORMED = 'The request is malformed or has incorrect or missing fields or values.';

/** 400 INVALID_ARGUMENT from schema violations: CANNOT_BE_NULL for missing values (seed sample). */
export function invalidArgument(
  reply: FastifyReply,
  faults: FaultSet<CardFaultId>,
  found: Violation[],
  status = 'INVALID_ARGUMENT',
  sourceType?: ErrorDetail['sourceType'],
) {
  const details = found.map<ErrorDetail>((v) => ({
    // i38-card-missing-phone-member-invalid-value: a member missing inside consumer.mobileNumber reported as INVALID_VALUE, not CANNOT_BE_NULL.
    reason:
      v.keyword === 'required' &&
      !faults.has('missing-reason-not-cannot-be-null') &&
      !(faults.has('i38-card-missing-phone-member-invalid-value') && v.field.startsWith('consumer.mobileNumber'))
        ? 'CANNOT_BE_NULL'
        : 'INVALID_VALUE',
    // i6-card-detail-source-drops-parent: a field two levels deep named without its first member.
    source: faults.has('detail-source-wrong')
      ? 'request'
      : faults.has('i6-card-detail-source-drops-parent') && v.field.split('.').length > 2
        ? v.field.split('.').slice(1).join('.')
        : v.field,
    message: v.message,
    // i38-card-correlation-detail-header-source: a srcCorrelationId violation reported with sourceType HEADER (taken for the tracing header).
    sourceType: faults.has('detail-sourceType-wrong')
      ? 'QUERY'
      : faults.has('i38-card-correlation-detail-header-source') && v.field === 'srcCorrelationId'
        ? 'HEADER'
        : (sourceType ?? 'BODY'),
  }));
  return sendError(reply, faults, 400, status, MALFORMED, details);
}

/** 400 INVALID_STATE: a value that does not resolve to an entity (seed sample reason INVALID_VALUE). */
export function invalidState(reply: FastifyReply, faults: FaultSet<CardFaultId>, field: string, message: string) {
  const status = faults.has('invalid-state-as-argument') ? 'INVALID_ARGUMENT' : 'INVALID_STATE';
  const source = faults.has('detail-source-wrong') ? 'request' : field;
  return sendError(reply, faults, 400, status, message, [{ reason: 'INVALID_VALUE', source, message, sourceType: 'BODY' }]);
}
