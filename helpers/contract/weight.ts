// What a failed check weighs in its service's verdict, decided from the rule catalogue and the
// check's source tag. The per-call runtime needs it (the breaker counts failures per weight) and the
// verdict needs it, so it sits with the rules rather than in the verdict.
import type { SourceClass } from './contract.js';
import { loadRules, type RuleKind } from './rules.js';

/** Rule kinds whose failure fails the verdict whatever their source: auth, card and sensitive data. */
const BLOCKING_KINDS: readonly RuleKind[] = ['auth', 'masking'];

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
 * An auth or card-data failure of a documented rule, or a sensitive value sent and answered in clear,
 * blocks the verdict: `ruleIds` are the rules the failure broke, `checks` the names of the contract
 * violations it carries (helpers/client/annotations.ts). An auth or masking rule that only a
 * reference page decides (source assumption) does not: where the documents are silent the verdict is
 * CONDITIONAL at worst.
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
 * The source a failure weighs with in the verdict: that of the rule whose own judgement failed, never
 * the test's tag. `broken`: the rules the failure is known to break (a judge's violation names them, or
 * the spec's assertion was made under one, helpers/client/annotations.ts underRule), the strongest of
 * them when a judgement breaks several; a named check of the choke point that names no rule judges what
 * the contract documents (a status, a schema): the contract's source. A spec's assertion that names no
 * rule weighs as the rules its test cites when all of them rest on the same source, else as its tag.
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
 * What a contract violation of the choke point would weigh in its service's verdict: 'fail' (the rule
 * it breaks is documented, or it is blocking) or 'conditional' (it breaks only a reference page's
 * decision). The breaker counts failures per weight, so that holding a check back never turns a FAIL
 * into a CONDITIONAL (helpers/client/breaker.ts).
 */
export function failureWeight(service: string, defaultSource: SourceClass, broken: string[], check: string): 'fail' | 'conditional' {
  const { kind, source } = ruleWeights(service);
  if (isBlocking(broken, kind, [check], source)) return 'fail';
  return failureSource({ broken, namedCheck: true, cited: [], tags: [] }, source, defaultSource) === 'assumption' ? 'conditional' : 'fail';
}
