// The installments error body (reference, Transport and auth): {"Errors": {"Error": [{Source,
// ReasonCode, Description, Recoverable, Details}]}}; the issuer's 400 (PlanNotifError) keeps
// Source within 15 and ReasonCode within 36 characters.
import type { FastifyReply } from 'fastify';
import type { FaultSet } from '../kit/faults.js';
import type { InstallmentsFaultId } from './catalogue.js';
import type { Violation } from '../kit/validation.js';

export interface ErrorItem {
  Source: string;
  ReasonCode: string;
  Description: string;
  Recoverable: boolean;
  Details?: string;
}

export function sendErrors(reply: FastifyReply, faults: FaultSet<InstallmentsFaultId>, status: number, items: ErrorItem[]) {
  if (faults.has('error-body-wrong-shape')) return reply.code(status).send({ error: items[0]?.Description });
  if (faults.has('blind-error-404-shape') && status === 404) return reply.code(status).send({ Errors: { Error: items[0] } });
  const errors = items.map((item) => {
    if (!faults.has('error-missing-recoverable')) return item;
    const { Recoverable: _dropped, ...rest } = item;
    return rest;
  });
  return reply.code(status).send({ Errors: { Error: errors } });
}

export function sendError(
  reply: FastifyReply,
  faults: FaultSet<InstallmentsFaultId>,
  status: number,
  reasonCode: string,
  description: string,
  details?: string,
) {
  return sendErrors(reply, faults, status, [
    {
      Source: 'installments',
      ReasonCode: reasonCode,
      Description: description,
      Recoverable: false,
      ...(details ? { Details: details } : {}),
    },
  ]);
}

/** 400 from schema violations: one item per offending field, named in Details. */
export function invalidRequest(reply: FastifyReply, faults: FaultSet<InstallmentsFaultId>, found: Violation[]) {
  const items = (found.length ? found : [{ field: 'body', keyword: 'type', message: 'the request is invalid' }]).map<ErrorItem>((v) => ({
    Source: faults.has('issuer-source-too-long') ? 'installments-service' : 'installments',
    ReasonCode: faults.has('issuer-reason-code-too-long')
      ? 'INVALID_FIELD_VALUE_IN_THE_REQUEST_BODY'
      : v.keyword === 'required'
        ? 'MISSING_REQUIRED_FIELD'
        : 'INVALID_FIELD_VALUE',
    Description: v.message,
    Recoverable: false,
    Details: v.field,
  }));
  return sendErrors(reply, faults, 400, items);
}
