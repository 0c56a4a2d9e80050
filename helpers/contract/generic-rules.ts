// The financial data rules whose checks iterate every operation of the contract
// (tests/financial-data/conformance.*.spec.ts), and the operations each applies to, derived from
// the contract the way those specs iterate it. The catalogue names them explicitly, so that an
// auditor reading it sees every operation; tests/self/financial-data-rules.spec.ts keeps the two in
// step and `npm run rules:sync` rewrites the lists when a part adds operations.
import type { Contract, Parameter } from './contract.js';

/**
 * A path parameter that names a resource (an id), as opposed to a choice among fixed values
 * (`userType`: business or personal): a value outside an enum is a 400, never a 404.
 */
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
  return {
    'FD-AUTH-KEY-REQUIRED': ops.map((o) => o.operationId),
    'FD-AUTH-KEY-WHOLE': ops.map((o) => o.operationId),
    'FD-AUTH-TOKEN-REQUIRED': ops.filter(needsToken).map((o) => o.operationId),
    'FD-AUTH-401-NAMES-HEADER': ops.filter((o) => o.responses['401']).map((o) => o.operationId),
    'FD-NOT-FOUND': ops.filter((o) => o.responses['404'] && o.parameters.some((p) => namesResource(contract, p))).map((o) => o.operationId),
    'FD-NEGATIVE': ops.map((o) => o.operationId),
    'FD-RESP-FORMS': ops.map((o) => o.operationId),
    'FD-VALID-ACCEPTED': ops.map((o) => o.operationId),
  };
}
