// Property (`x-described-by`: provider 1.35.0 MicroDepositStatus and its statusDescription): on one operation each state has a
// description of its own, never another state's; answers are compared with each other at the client's choke point.
import type { TestInfo } from '@playwright/test';
import { type Contract, type Json, type Operation, refName } from '../../contract/contract.js';
import type { Answered, PropertyChecker, Verdict } from './checker.js';

/** A state member and the sibling member describing it, as an object schema of the contract holds them. */
interface DescribedPair {
  state: string;
  description: string;
}

const pairsCache = new WeakMap<Contract, DescribedPair[]>();

/** Every pair of the contract: an object's member whose schema is marked `x-described-by`, beside the member it names. */
export function describedPairsOf(contract: Contract): DescribedPair[] {
  const known = pairsCache.get(contract);
  if (known) return known;
  const schemas: Record<string, Json> = contract.document.components?.schemas ?? {};
  const out: DescribedPair[] = [];
  for (const node of Object.values(schemas))
    for (const [member, prop] of Object.entries<Json>(node?.properties ?? {})) {
      const marked = refName(prop) ? schemas[refName(prop)!]?.['x-described-by'] : prop?.['x-described-by'];
      if (typeof marked !== 'string' || !node.properties[marked]) continue;
      if (!out.some((p) => p.state === member && p.description === marked)) out.push({ state: member, description: marked });
    }
  pairsCache.set(contract, out);
  return out;
}

const appliesCache = new WeakMap<Contract, Map<string, boolean>>();

/** Whether an operation's answers (any status) declare an object holding a pair: the operations the property applies to. */
export function declaresPair(contract: Contract, op: Operation): boolean {
  const known = appliesCache.get(contract) ?? new Map<string, boolean>();
  appliesCache.set(contract, known);
  if (known.has(op.operationId)) return known.get(op.operationId)!;
  const pairs = describedPairsOf(contract);
  const seen = new Set<string>();
  const reaches = (node: Json, depth: number): boolean => {
    if (!node || typeof node !== 'object' || depth > 12) return false;
    const name = refName(node);
    if (name) {
      if (seen.has(name)) return false;
      seen.add(name);
      return reaches(contract.componentSchema(name), depth + 1);
    }
    const props = node.properties ?? {};
    if (pairs.some((p) => props[p.state] && props[p.description])) return true;
    return [
      ...Object.values<Json>(props),
      node.items,
      node.additionalProperties,
      ...(node.allOf ?? []),
      ...(node.anyOf ?? []),
      ...(node.oneOf ?? []),
    ].some((n) => reaches(n, depth + 1));
  };
  const found = pairs.length > 0 && Object.values(op.responses).some((r) => Object.values(r.schemas ?? {}).some((s) => reaches(s, 0)));
  known.set(op.operationId, found);
  return found;
}

/** Every (state, description) an answer holds: each object in it carrying both members of a pair as scalars. */
function describedStatesIn(body: unknown, pairs: readonly DescribedPair[]): { pair: DescribedPair; state: string; description: string }[] {
  const out: { pair: DescribedPair; state: string; description: string }[] = [];
  const walk = (node: unknown, depth: number) => {
    if (node === null || typeof node !== 'object' || depth > 12) return;
    if (Array.isArray(node)) return node.forEach((n) => walk(n, depth + 1));
    const o = node as Record<string, unknown>;
    for (const pair of pairs) {
      const s = o[pair.state];
      const d = o[pair.description];
      if ((typeof s === 'string' || typeof s === 'number') && typeof d === 'string') out.push({ pair, state: String(s), description: d });
    }
    for (const v of Object.values(o)) walk(v, depth + 1);
  };
  walk(body, 0);
  return out;
}

/** The pairs each check has seen, per operation: state -> description and description -> state. */
const memory = new WeakMap<object, Map<string, { byState: Map<string, string>; byDescription: Map<string, string> }>>();
const loose = {};

/** Judges one answer against the operation's earlier ones in the check (`scope`): a state described otherwise, or a description reused. */
export function describedStateOf(
  contract: Contract,
  scope: TestInfo | undefined,
  answer: { operation: Operation; status: number; body: unknown },
): Verdict {
  const found = describedStatesIn(answer.body, describedPairsOf(contract));
  if (!found.length)
    return { judged: false, problems: [], reason: `its HTTP ${answer.status} answer carries no state beside its description` };
  const mine = memory.get(scope ?? loose) ?? new Map();
  memory.set(scope ?? loose, mine);
  const problems: string[] = [];
  for (const { pair, state, description } of found) {
    const key = `${answer.operation.operationId} ${pair.state}/${pair.description}`;
    const seen = mine.get(key) ?? { byState: new Map<string, string>(), byDescription: new Map<string, string>() };
    mine.set(key, seen);
    const before = seen.byState.get(state);
    const other = seen.byDescription.get(description);
    if (before !== undefined && before !== description)
      problems.push(`${pair.state} ${state} comes with ${pair.description} "${description}", earlier with "${before}"`);
    else if (other !== undefined && other !== state)
      problems.push(
        `${pair.state} ${state} comes with ${pair.description} "${description}", the description it gave ${pair.state} ${other}`,
      );
    if (before === undefined) seen.byState.set(state, description);
    if (other === undefined) seen.byDescription.set(description, state);
  }
  return { judged: true, problems };
}

/**
 * The property, its catalogue rule per service (a service whose contract pairs no state has none), judged on every answer of an
 * operation whose contract pairs a state with its description; an answer without a state beside its description is left out.
 */
export const DESCRIBED_STATE: PropertyChecker<Answered> = {
  property: 'description-agrees-with-state',
  rules: { 'financial-data': 'FD-PROP-DESCRIBED-STATE' },
  unjudged: 'no state beside its description',
  check: 'describedStateConformance',
  received: 'a description of another state',
  documented: 'each state comes with its own description (x-described-by)',
  applies: ({ contract, exchange }) =>
    Boolean(DESCRIBED_STATE.rules[exchange.operation.service]) && declaresPair(contract, exchange.operation),
  judge: ({ contract, testInfo, exchange }) => describedStateOf(contract, testInfo, exchange),
};
