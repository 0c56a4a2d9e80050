// The financial data rules whose checks iterate every operation (tests/financial-data/conformance.*.spec.ts), with their
// operations derived as those specs iterate; the catalogue names them for an auditor, kept in step by
// tests/self/financial-data-rules.spec.ts and rewritten by `npm run rules:sync`.
import type { Contract, Parameter } from './contract.js';

/** A path parameter naming a resource (an id), not a choice of fixed values (`userType`: outside its enum, a 400, never 404). */
export function namesResource(contract: Contract, param: Parameter): boolean {
  const ref = String(param.schema?.$ref ?? '')
    .split('/')
    .pop();
  const schema = ref ? contract.componentSchema(ref) : param.schema;
  return param.in === 'path' && !Array.isArray(schema?.enum);
}

export function genericRuleOperations(contract: Contract): Record<string, string[]> {
  const ops = [...contract.operations.values()];
  const needsToken = (op: (typeof ops)[number]) => op.security.every((alt) => alt.includes('PartnerAppToken'));
  // seed 002, Errors 400 and conventions (all bodies are JSON): every operation taking a JSON body refuses one that is not JSON;
  // the negative cases send it (helpers/client/negative.ts) to each operation documenting a refusal.
  const takesJson = (op: (typeof ops)[number]) =>
    op.requestBody?.schema !== undefined &&
    (op.requestBody.contentTypes ?? ['application/json']).some((t) => /json/i.test(t)) &&
    Object.keys(op.responses).some((s) => /^4\d\d$/.test(s) && !['401', '403', '405', '406', '415', '429'].includes(s));
  return {
    'FD-AUTH-KEY-REQUIRED': ops.map((o) => o.operationId),
    'FD-AUTH-KEY-WHOLE': ops.map((o) => o.operationId),
    'FD-AUTH-TOKEN-REQUIRED': ops.filter(needsToken).map((o) => o.operationId),
    'FD-AUTH-401-NAMES-HEADER': ops.filter((o) => o.responses['401']).map((o) => o.operationId),
    'FD-NOT-FOUND': ops.filter((o) => o.responses['404'] && o.parameters.some((p) => namesResource(contract, p))).map((o) => o.operationId),
    'FD-ERR-MALFORMED-JSON': ops.filter(takesJson).map((o) => o.operationId),
    'FD-NEGATIVE': ops.map((o) => o.operationId),
    'FD-RESP-FORMS': ops.map((o) => o.operationId),
    'FD-VALID-ACCEPTED': ops.map((o) => o.operationId),
  };
}
