// What a failed check weighs in its service's verdict, decided from the rule catalogue and the
// check's source tag. The per-call runtime needs it (the breaker counts failures per weight) and the
// verdict needs it, so it sits with the rules rather than in the verdict.
import type { SourceClass } from './contract.js';
import { loadRules, parseCitation, type RuleKind } from './rules.js';

/** Rule kinds whose failure fails the verdict whatever their source: auth, card and sensitive data. */
export const BLOCKING_KINDS: readonly RuleKind[] = ['auth', 'masking'];

/** A check's source class: its `@assumption`, `@provider` or `@seed` tag, else the contract's default. */
export function sourceOf(tags: string[], defaultSource: SourceClass): SourceClass {
  if (tags.includes('@assumption')) return 'assumption';
  if (tags.includes('@provider')) return 'provider';
  if (tags.includes('@seed')) return 'seed';
  return defaultSource;
}

/** The named check whose failure blocks the verdict whatever the source of the check's rule. */
const BLOCKING_CHECK = 'sensitiveEchoConformance';

/**
 * An auth, card-data or sensitive-data failure blocks the verdict whatever its source: `checks`
 * are the names of the contract violations the failure carries (helpers/client/annotations.ts).
 */
export function isBlocking(ruleIds: string[], kindOf: Map<string, RuleKind>, checks: string[]): boolean {
  return ruleIds.some((id) => BLOCKING_KINDS.includes(kindOf.get(id)!)) || checks.includes(BLOCKING_CHECK);
}

const kindsOf = new Map<string, Map<string, RuleKind>>();

/**
 * What a failure of this check would weigh in its service's verdict: 'fail' (a seed or provider
 * check, or a blocking one) or 'conditional' (an assumption check). The breaker counts failures per
 * weight, so that holding a check back never turns a FAIL into a CONDITIONAL (helpers/client/breaker.ts).
 */
export function failureWeight(
  service: string,
  defaultSource: SourceClass,
  tags: string[],
  citations: string[],
  check: string,
): 'fail' | 'conditional' {
  if (!kindsOf.has(service)) kindsOf.set(service, new Map(loadRules(service).rules.map((r) => [r.id, r.kind])));
  const blocking = isBlocking(
    citations.map((c) => parseCitation(c).id),
    kindsOf.get(service)!,
    [check],
  );
  return blocking || sourceOf(tags, defaultSource) !== 'assumption' ? 'fail' : 'conditional';
}
