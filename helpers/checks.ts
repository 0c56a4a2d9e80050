// Small named checks run by the client on every response (DESIGN.md, convention 5; after
// schemathesis `specs/openapi/checks.py`). Each throws a ContractViolation "Received / Documented".
import type { ErrorObject } from './ajv.js';
import type { Contract, Operation } from './contract.js';
import { redact } from './redact.js';

export class ContractViolation extends Error {
  constructor(readonly check: string, message: string) {
    super(`[${check}] ${message}`);
    this.name = 'ContractViolation';
  }
}

export interface Exchange {
  operation: Operation;
  status: number;
  headers: Record<string, string>;
  body: unknown;
  text: string;
}

/** The response spec the contract gives for a status (exact, then 4XX-style range, then default). */
export function documentedResponse(op: Operation, status: number) {
  return op.responses[String(status)] ?? op.responses[`${String(status)[0]}XX`] ?? op.responses.default;
}

function where(op: Operation) {
  return `${op.method} ${op.path} (${op.operationId})`;
}

export function formatAjvErrors(errors: ErrorObject[] | null | undefined, max = 5): string {
  return (errors ?? [])
    .slice(0, max)
    .map((e) => {
      const at = e.instancePath || '/';
      const extra = e.keyword === 'required' ? ` '${(e.params as { missingProperty: string }).missingProperty}'` : '';
      const value = e.keyword === 'required' ? '' : ` (value: ${JSON.stringify(redact(e.data, e.instancePath.split('/').pop()))?.slice(0, 120)})`;
      return `${at}: ${e.keyword}${extra} ${e.message ?? ''}${value}`;
    })
    .join('; ');
}

export function statusCodeConformance({ operation, status }: Exchange): void {
  if (documentedResponse(operation, status)) return;
  throw new ContractViolation(
    'statusCodeConformance',
    `${where(operation)}: Received: ${status} / Documented: ${Object.keys(operation.responses).join(', ')}`,
  );
}

export function contentTypeConformance({ operation, status, headers, text }: Exchange): void {
  const spec = documentedResponse(operation, status);
  if (!spec || spec.contentTypes.length === 0 || text.length === 0) return;
  const received = (headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  const ok = spec.contentTypes.some((t) => t.toLowerCase() === received || (t.endsWith('/*') && received.startsWith(t.slice(0, -1))));
  if (!ok) {
    throw new ContractViolation('contentTypeConformance', `${where(operation)} ${status}: Received: '${received || 'none'}' / Documented: ${spec.contentTypes.join(', ')}`);
  }
}

export function responseBodyPresence({ operation, status, text }: Exchange): void {
  const spec = documentedResponse(operation, status);
  if (spec?.schema && text.length === 0) {
    throw new ContractViolation('responseBodyPresence', `${where(operation)} ${status}: Received: empty body / Documented: a ${spec.contentTypes[0]} body`);
  }
}

export function responseSchemaConformance(contract: Contract, { operation, status, body, text }: Exchange): void {
  const spec = documentedResponse(operation, status);
  if (!spec?.schema || text.length === 0) return;
  if (body === undefined) {
    throw new ContractViolation('responseSchemaConformance', `${where(operation)} ${status}: Received: a body that is not JSON / Documented: ${spec.contentTypes[0]}`);
  }
  const validate = contract.validator(`response:${operation.operationId}:${spec.status}`, spec.schema);
  if (!validate(body)) {
    throw new ContractViolation('responseSchemaConformance', `${where(operation)} ${status}: Received a body that breaks the schema: ${formatAjvErrors(validate.errors)}`);
  }
}

export function responseHeadersConformance(contract: Contract, { operation, status, headers }: Exchange): void {
  const spec = documentedResponse(operation, status);
  for (const [name, header] of Object.entries(spec?.headers ?? {})) {
    const value = headers[name];
    if (value === undefined) {
      if (header.required) throw new ContractViolation('responseHeadersConformance', `${where(operation)} ${status}: Received: no '${name}' header / Documented: required`);
      continue;
    }
    const typed = header.schema?.type === 'integer' || header.schema?.type === 'number' ? Number(value) : value;
    const validate = contract.validator(`header:${operation.operationId}:${status}:${name}`, header.schema);
    if (!validate(typed)) {
      throw new ContractViolation('responseHeadersConformance', `${where(operation)} ${status}: header '${name}' Received: '${value}' / Documented: ${formatAjvErrors(validate.errors)}`);
    }
  }
}
