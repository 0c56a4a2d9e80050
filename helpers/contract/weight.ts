// What a failed check weighs in its service's verdict, from the rule catalogue and its source tag: with the rules, as the
// breaker (per call) and the verdict both need it.
import type { SourceClass } from './contract.js';
import { loadRules, type RuleKind } from './rules.js';

/**
 * Rule kinds whose failure marks a line blocking: card and sensitive data shown beyond its mask. An auth rule's failure weighs
 * by its source like any other (a seed's FAIL, an assumption's CONDITIONAL): "blocking" says a sensitive value was found.
 */
const BLOCKING_KINDS: readonly RuleKind[] = ['masking'];

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
 * A card-data (masking) failure of a documented rule, or a sensitive value answered in clear, blocks the verdict (`ruleIds`
 * broken, `checks`: its violations' names); one only a reference page decides (assumption) does not: CONDITIONAL at worst.
 */
export function isBlocking(
  ruleIds: string[],
  kindOf: Map<string, RuleKind>,
  checks: string[],
  sourceOfRule: Map<string, SourceClass> = new Map(),
): boolean {
  return (
    ruleIds.some((id) => BLOCKING_KINDS.includes(kindOf.get(id)!) && sourceOfRule.get(id) !== 'assumption') ||
    checks.includes(BLOCKING_CHECK)
  );
}

const STRENGTH: Record<SourceClass, number> = { seed: 2, provider: 1, assumption: 0 };

/**
 * The source a failure weighs with: its own judgement's rule, never the test's tag. `broken`: the rules it is known to break
 * (a judge's violation, an assertion under one: annotations.ts underRule), the strongest if several; a named check naming
 * none judges the contract (its source); an assertion naming none weighs as its test's rules if of one source, else its tag.
 */
export function failureSource(
  failure: { broken: string[]; namedCheck: boolean; cited: string[]; tags: string[] },
  sourceOfRule: Map<string, SourceClass>,
  defaultSource: SourceClass,
): SourceClass {
  const strongest = (ids: string[]) => ids.map((id) => sourceOfRule.get(id) ?? defaultSource).sort((a, b) => STRENGTH[b] - STRENGTH[a])[0];
  if (failure.broken.length) return strongest(failure.broken);
  if (failure.namedCheck) return defaultSource;
  const sources = new Set(failure.cited.map((id) => sourceOfRule.get(id)).filter((s) => s !== undefined));
  if (sources.size === 1) return [...sources][0]!;
  return sourceOf(failure.tags, defaultSource);
}

const catalogues = new Map<string, { kind: Map<string, RuleKind>; source: Map<string, SourceClass> }>();

/** A service's rule kinds and sources by rule id, read once. */
export function ruleWeights(service: string): { kind: Map<string, RuleKind>; source: Map<string, SourceClass> } {
  if (!catalogues.has(service)) {
    const rules = loadRules(service).rules;
    catalogues.set(service, { kind: new Map(rules.map((r) => [r.id, r.kind])), source: new Map(rules.map((r) => [r.id, r.source])) });
  }
  return catalogues.get(service)!;
}

/**
 * A choke-point violation's weight: 'fail' (a documented or blocking rule) or 'conditional' (a reference page's decision only);
 * the breaker counts per weight, so holding a check back never turns a FAIL into a CONDITIONAL (helpers/client/breaker.ts).
 */
export function failureWeight(service: string, defaultSource: SourceClass, broken: string[], check: string): 'fail' | 'conditional' {
  const { kind, source } = ruleWeights(service);
  if (isBlocking(broken, kind, [check], source)) return 'fail';
  return failureSource({ broken, namedCheck: true, cited: [], tags: [] }, source, defaultSource) === 'assumption' ? 'conditional' : 'fail';
}
