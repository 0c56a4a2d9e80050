// The installments error body (reference, Transport and auth): {"Errors": {"Error": [{Source, ReasonCode, Description, Recoverable,
// Details}]}}; the issuer's 400 (PlanNotifError) keeps Source within 15 and ReasonCode within 36 characters.
import type { FastifyReply } from 'fastify';
import type { Refusal } from './seams.js';
import type { Violation } from '../kit/validation.js';
import type { InstallmentsOperationId } from '../../helpers/contract/operations.js';

export interface ErrorItem {
  Source: string;
  ReasonCode: string;
  Description: string;
  Recoverable: boolean;
  Details?: string;
}

export function sendErrors(reply: FastifyReply, status: number, items: ErrorItem[]) {
  return reply.code(status).send({ Errors: { Error: items } });
}

export function sendError(reply: FastifyReply, status: number, reasonCode: string, description: string, details?: string) {
  return sendErrors(reply, status, [
    {
      Source: 'installments',
      ReasonCode: reasonCode,
      Description: description,
      Recoverable: false,
      ...(details ? { Details: details } : {}),
    },
  ]);
}

/** The ReasonCode of a member the request schema refuses: missing, or of another value. */
export const MISSING = 'MISSING_REQUIRED_FIELD';
export const INVALID = 'INVALID_FIELD_VALUE';

/** 400 from schema violations: one item per offending field, named in Details. */
export function invalidRequest(reply: FastifyReply, found: Violation[]) {
  const items = (found.length ? found : [{ field: 'body', keyword: 'type', message: 'the request is invalid' }]).map<ErrorItem>((v) => ({
    Source: 'installments',
    ReasonCode: v.keyword === 'required' ? MISSING : INVALID,
    Description: v.message,
    Recoverable: false,
    Details: v.field,
  }));
  return sendErrors(reply, 400, items);
}

/** A refusal (seams.ts) answered. */
export const sendRefusal = (reply: FastifyReply, r: Refusal) =>
  r.violations ? invalidRequest(reply, r.violations) : sendError(reply, r.status, r.reasonCode, r.description, r.details);

/** A length bound broken (the examples below tell a wrong length from a wrong character). */
const LENGTH = new Set(['minLength', 'maxLength']);

/**
 * The Description of the provider's 400 example for a refused member, by operation and member (provider 2.0.0: savePlan's
 * PlanCreateInvalidInput, approvedOffers' MissingMerchantParameters, getMerchantParticipations' InvalidRequestIdError;
 * ReasonCode invalid.request.parameter).
 */
const DOCUMENTED: Partial<Record<InstallmentsOperationId, Record<string, (keyword: string, value: unknown) => string | undefined>>> = {
  savePlan: {
    // examples/InvalidTransactionCurrency.
    'transaction.currency': (k) => (k === 'format' ? 'Currency Not Supported.' : undefined),
    'transaction.stan': (k) => (LENGTH.has(k) ? 'Incorrect STAN length.' : k === 'pattern' ? 'Non-Numeric STAN.' : undefined),
    'transaction.rrn': (k) => (LENGTH.has(k) ? 'Incorrect RRN length.' : k === 'pattern' ? 'Non-Numeric RRN.' : undefined),
    'transaction.authorizationCode': (k) =>
      LENGTH.has(k) ? 'Incorrect Auth Code length.' : k === 'pattern' ? 'Invalid Auth Code.' : undefined,
    'transaction.localDateTime': (k) => (k === 'format' ? 'Invalid datetime format.' : undefined),
    'transaction.transmissionDateTime': (k) => (k === 'format' ? 'Invalid datetime format.' : undefined),
    'transaction.amountType': (k) => (k === 'enum' ? 'Incorrect value for Amount Type.' : undefined),
    // examples/BlankPAN, NonNumericPAN, InvalidPANLength: the card of the plan's encrypted sensitiveData.
    'encryptedValue.consumer.primaryAccountNumber': (_k, v) =>
      v === '' || v === null
        ? 'PAN is present and is blank or null.'
        : /^[0-9]+$/.test(String(v))
          ? 'Incorrect PAN length.'
          : 'PAN is present and is non numeric.',
    'planInstallmentInformation.frequency': (k, v) => (k === 'enum' && v === '15DAYS' ? 'Invalid frequency - 15DAYS.' : undefined),
  },
  approvedOffers: {
    // examples/InvalidCurrencyCode, InvalidCountryCode: a code of no ISO list (the formats iso-4217, iso-3166-alpha-3).
    'transaction.currency': (k) => (k === 'format' ? 'Currency Code Not Supported' : undefined),
    'merchant.country': (k) => (k === 'format' ? 'Country Code Not Supported' : undefined),
    merchant: (k) => (k === 'minProperties' ? 'Merchant object is empty. Country code and MCC must exist' : undefined),
  },
  // The issuer's PlanNotifBadRequestError (ReasonCode bad.request: REASON): an invalid card in the encrypted sensitiveData.
  notifyPlan: {
    'encryptedValue.consumer.primaryAccountNumber': () => 'Bad or malformed request.',
  },
  getMerchantParticipations: {
    request_id: () => 'One of the request parameters is invalid, try again with the correct request.',
  },
};

/** The ReasonCode of an operation's documented refusals where not invalid.request.parameter. */
const REASON: Partial<Record<InstallmentsOperationId, string>> = { notifyPlan: 'bad.request' };

/** The provider's documented refusal of the first refused member where an example gives one (ReasonCode, Description, Details). */
export function documentedRefusal(
  operationId: InstallmentsOperationId,
  found: Violation[],
  sent: unknown,
): [string, string, string] | undefined {
  const first = found[0];
  if (!first) return undefined;
  const value = first.field.split('.').reduce<any>((node, key) => node?.[key], sent);
  const description = DOCUMENTED[operationId]?.[first.field]?.(first.keyword, value);
  return description ? [REASON[operationId] ?? 'invalid.request.parameter', description, first.field] : undefined;
}
