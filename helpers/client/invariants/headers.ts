// Property: every header an answer declares back comes back as sent, byte for byte (installments: Correlation-Id, provider
// 2.0.0; reference, Headers: "correlation id of the exchange"), judged at the client's choke point
// (requestHeaderEchoConformance), each call sent a telling value of its own (operationHeaders).
import type { Contract, Operation, Parameter } from '../../contract/contract.js';
import { echoedHeaderNames, isOutbound } from '../../contract/echoed-headers.js';

export const HEADER_ECHO = 'headers-echoed-as-sent';

/** One echoed header of an operation: the request parameter, and the statuses whose answers declare it. */
interface EchoedHeader {
  operation: Operation;
  parameter: Parameter;
  /** The documented statuses whose answer declares the header (it must be there); any other answer carrying it is judged too. */
  declaredOn: string[];
}

/** The echoed headers an operation takes (echoedHeaderNames), each with the answers that declare it. */
export function echoedHeadersOf(contract: Contract, op: Operation): EchoedHeader[] {
  if (isOutbound(contract, op)) return [];
  const names = echoedHeaderNames(contract);
  return op.parameters
    .filter((p) => p.in === 'header' && names.has(p.name.toLowerCase()))
    .map((parameter) => ({
      operation: op,
      parameter,
      declaredOn: Object.entries(op.responses)
        .filter(([, r]) => Object.keys(r.headers ?? {}).some((h) => h.toLowerCase() === parameter.name.toLowerCase()))
        .map(([status]) => status),
    }));
}

/** The operations the property applies to: every inbound operation taking an echoed header. */
export const headerEchoOperations = (contract: Contract): Operation[] =>
  [...contract.operations.values()].filter((op) => echoedHeadersOf(contract, op).length);

/** The telling values of an operation's echoed headers for one call: each the first candidate the schema takes; none fits, not sent. */
export function tellingEchoHeaders(contract: Contract, op: Operation, candidates: () => readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { parameter } of echoedHeadersOf(contract, op)) {
    const validate = contract.validator(`header:${op.operationId}:${parameter.name}`, parameter.schema);
    const value = candidates().find((v) => validate(v));
    if (value !== undefined) out[parameter.name] = value;
  }
  return out;
}
