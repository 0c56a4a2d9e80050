// The request headers an answer declares back under the same name (installments' Correlation-Id, provider 2.0.0): the choke
// point's header echo check judges them wherever an answer carries one (requestHeaderEchoConformance), the property of
// helpers/client/invariants/headers.ts sends each a telling value.
import type { Contract, Operation } from './contract.js';

const echoedNames = new WeakMap<Contract, ReadonlySet<string>>();

/** The names (lower case) of the request headers an answer declares under the same name; outbound operations take no part. */
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

const lower = (s: string) => s.toLowerCase();
/** An operation the provider calls (`x-direction: outbound`): it takes no part. */
export const isOutbound = (contract: Contract, op: Operation) =>
  contract.document.paths?.[op.path]?.[op.method.toLowerCase()]?.['x-direction'] === 'outbound';
