// A property checker's count (docs/conventions.md, Rules and their catalogue): the operations it applies to, those probed, those left out with a
// reason, an annotation per test; the certification sums them in the rule x path table (helpers/verdict/rule-paths.ts).
import { test, type TestInfo } from '@playwright/test';
import type { PropertyChecker, Verdict } from './every-answer/checker.js';

const PROPERTY_COUNT_ANNOTATION = 'property-count';

export interface PropertyException {
  operationId: string;
  /** Why the property is not checked there, in a sentence (the contract or the seed says so, or no object of it is live). */
  reason: string;
}

export interface PropertyCount {
  /** The property's name, one per checker module (`refused-leaves-no-trace`). */
  property: string;
  /** The service whose contract the operations are of. */
  service: string;
  /** The catalogue rule the checker cites for the property (its paths are the operations it applies to). */
  rule: string;
  /** Every operation the property applies to, derived from the contract. */
  applies: readonly string[];
  /** The operations this check probed (each one of `applies`). */
  checked: readonly string[];
  /** The operations of `applies` this check leaves out, each with its reason. */
  exceptions: readonly PropertyException[];
}

/** Records a checker's counts on the test; one not adding up (an operation it does not apply to, no reason) throws. */
export function countProperty(testInfo: TestInfo, count: PropertyCount): void {
  const applies = new Set(count.applies);
  const stray = [...count.checked, ...count.exceptions.map((e) => e.operationId)].filter((op) => !applies.has(op));
  if (stray.length) throw new Error(`property ${count.property}: ${stray.join(', ')} counted but not among the operations it applies to`);
  const bare = count.exceptions.filter((e) => e.reason.trim().length < 10);
  if (bare.length) throw new Error(`property ${count.property}: ${bare.map((e) => e.operationId).join(', ')} left out without a reason`);
  const note: PropertyCount = {
    property: count.property,
    service: count.service,
    rule: count.rule,
    applies: [...applies].sort(),
    checked: [...new Set(count.checked)].sort(),
    exceptions: count.exceptions.map((e) => ({ operationId: e.operationId, reason: e.reason })),
  };
  testInfo.annotations.push({ type: PROPERTY_COUNT_ANNOTATION, description: JSON.stringify(note) });
}

/** The rule the running check counts `property` under (countProperty), if it has counted it yet. */
export function ruleCountedFor(property: string): string | undefined {
  let annotations: TestInfo['annotations'];
  try {
    annotations = test.info().annotations;
  } catch {
    return undefined; // outside a test (a tool judging a report)
  }
  for (const a of annotations)
    if (a.type === PROPERTY_COUNT_ANNOTATION && a.description && (JSON.parse(a.description) as PropertyCount).property === property)
      return (JSON.parse(a.description) as PropertyCount).rule;
  return undefined;
}

const judgedOnce = new WeakMap<TestInfo, Set<string>>();

/** Counts an operation for a property judged at the choke point, once per check: checked where judged, else left out with the reason. */
export function countJudgedOnce(
  testInfo: TestInfo | undefined,
  { property, rules, unjudged }: Pick<PropertyChecker<never>, 'property' | 'rules' | 'unjudged'>,
  { service, operationId }: { service: string; operationId: string },
  verdict: Verdict,
): void {
  const rule = rules[service];
  if (!testInfo || !rule) return;
  const seen = judgedOnce.get(testInfo) ?? new Set<string>();
  judgedOnce.set(testInfo, seen);
  const { judged, reason = unjudged } = verdict;
  const key = `${property} ${operationId} ${judged}`;
  if (seen.has(key) || seen.has(`${property} ${operationId} true`)) return;
  seen.add(key);
  countProperty(testInfo, {
    property,
    service,
    rule,
    applies: [operationId],
    checked: judged ? [operationId] : [],
    exceptions: judged ? [] : [{ operationId, reason }],
  });
}

/** The property counts a check's annotations carry. */
export function propertyCountsOf(annotations: readonly { type: string; description?: string }[]): PropertyCount[] {
  const out: PropertyCount[] = [];
  for (const a of annotations) {
    if (a.type !== PROPERTY_COUNT_ANNOTATION || !a.description) continue;
    try {
      out.push(JSON.parse(a.description) as PropertyCount);
    } catch {
      // An annotation of another writer: not ours to read.
    }
  }
  return out;
}

/** A property's counts over the checks of one service that ran: what the certification shows. */
export interface PropertyTally {
  property: string;
  rule: string;
  /** The operations it applies to. */
  applies: string[];
  /** The operations some check probed. */
  checked: string[];
  /** The operations no check probed, each with the reason a check gave. */
  exceptions: PropertyException[];
  /** The operations no check probed nor gave a reason for. */
  unaccounted: string[];
}

/** Sums the counts of one service's checks, per property: an operation one check probed is checked, whatever another left out. */
export function tallyProperties(counts: readonly PropertyCount[]): PropertyTally[] {
  const by = new Map<string, { rule: string; applies: Set<string>; checked: Set<string>; why: Map<string, string> }>();
  for (const c of counts) {
    const t = by.get(c.property) ?? { rule: c.rule, applies: new Set(), checked: new Set(), why: new Map() };
    for (const op of c.applies) t.applies.add(op);
    for (const op of c.checked) t.checked.add(op);
    for (const e of c.exceptions) if (!t.why.has(e.operationId)) t.why.set(e.operationId, e.reason);
    by.set(c.property, t);
  }
  return [...by.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([property, t]) => {
      const open = [...t.applies].filter((op) => !t.checked.has(op)).sort();
      return {
        property,
        rule: t.rule,
        applies: [...t.applies].sort(),
        checked: [...t.checked].sort(),
        exceptions: open.filter((op) => t.why.has(op)).map((operationId) => ({ operationId, reason: t.why.get(operationId)! })),
        unaccounted: open.filter((op) => !t.why.has(op)),
      };
    });
}
