// Property: every header the contract says an answer carries back comes back as sent. A request
// header whose name some answer of the contract declares as a response header (installments: the
// Correlation-Id approvedOffers and the shared refusals declare, provider 2.0.0; reference, Headers)
// is an echo: the answer's header of that name names the same thing of the same exchange ("correlation
// id of the exchange", the parameter's description), so on every operation taking the header, every
// answer carrying it, success or refusal, carries the value sent, byte for byte; an answer declaring it
// carries it. The check runs at the client's choke point on every answer of every spec
// (requestHeaderEchoConformance, helpers/contract/checks.ts), and every call of such an operation is
// sent a telling value of its own (the client's operationHeaders: fresh, mixed case, confirmed valid by
// the one Ajv instance), so a target that makes its own, trims or folds the case cannot pass.
import type { Contract, Operation, Parameter } from '../../contract/contract.js';

export const HEADER_ECHO = 'headers-echoed-as-sent';

/** One echoed header of an operation: the request parameter, and the statuses whose answers declare it. */
interface EchoedHeader {
  operation: Operation;
  parameter: Parameter;
  /** The documented statuses whose answer declares the header (it must be there); any other answer carrying it is judged too. */
  declaredOn: string[];
}

const echoedNames = new WeakMap<Contract, ReadonlySet<string>>();

/**
 * The names (lower case) of the request headers some answer of the contract declares under the same
 * name: the headers an answer echoes. Outbound operations (the issuer's endpoint, `x-direction:
 * outbound`) are the service's calls, not answers to the suite's: they take part in neither side.
 */
export function echoedHeaderNames(contract: Contract): ReadonlySet<string> {
  const known = echoedNames.get(contract);
  if (known) return known;
  const inbound = [...contract.operations.values()].filter((op) => !isOutbound(contract, op));
  const answered = new Set(inbound.flatMap((op) => Object.values(op.responses).flatMap((r) => Object.keys(r.headers ?? {}))).map(lower));
  const names = new Set(
    inbound.flatMap((op) => op.parameters.filter((p) => p.in === 'header' && answered.has(lower(p.name))).map((p) => lower(p.name))),
  );
  echoedNames.set(contract, names);
  return names;
}

/** The echoed headers an operation takes (echoedHeaderNames), each with the answers that declare it. */
export function echoedHeadersOf(contract: Contract, op: Operation): EchoedHeader[] {
  if (isOutbound(contract, op)) return [];
  const names = echoedHeaderNames(contract);
  return op.parameters
    .filter((p) => p.in === 'header' && names.has(lower(p.name)))
    .map((parameter) => ({
      operation: op,
      parameter,
      declaredOn: Object.entries(op.responses)
        .filter(([, r]) => Object.keys(r.headers ?? {}).some((h) => lower(h) === lower(parameter.name)))
        .map(([status]) => status),
    }));
}

/** The operations the property applies to: every inbound operation taking an echoed header. */
export const headerEchoOperations = (contract: Contract): Operation[] =>
  [...contract.operations.values()].filter((op) => echoedHeadersOf(contract, op).length);

/**
 * The telling values of an operation's echoed headers for one call: for each, the first of the
 * caller's candidates (`candidates(turn)`: a value with runs of spaces and mixed case, a fresh UUID in
 * mixed case, ...) the parameter's schema takes (the one Ajv instance); a header none fits is not sent.
 */
export function tellingEchoHeaders(contract: Contract, op: Operation, candidates: () => readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { parameter } of echoedHeadersOf(contract, op)) {
    const validate = contract.validator(`header:${op.operationId}:${parameter.name}`, parameter.schema);
    const value = candidates().find((v) => validate(v));
    if (value !== undefined) out[parameter.name] = value;
  }
  return out;
}

const lower = (s: string) => s.toLowerCase();
const isOutbound = (contract: Contract, op: Operation) =>
  contract.document.paths?.[op.path]?.[op.method.toLowerCase()]?.['x-direction'] === 'outbound';
