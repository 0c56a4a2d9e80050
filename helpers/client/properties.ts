// fast-check runs with the suite's settings (FC_SEED, FC_NUM_RUNS, FC_PATH). Every property and model check runs the
// scenarios the documents state first (fast-check `examples`, before the random runs: a stated consequence judged on every
// run, whatever the seed), then its random runs. The seed each check used is an annotation of its result (SEED_ANNOTATION),
// passing or failing; a failure's seed and path go into the report (redacted), so `FC_SEED=<seed> FC_PATH=<path>` (or
// `npm run certify -- --replay <seed>[:<path>]`) replays it exactly.
import fc from 'fast-check';
import type { TestInfo } from '@playwright/test';
import { suiteConfig } from '../config/config.js';
import { loadStatements } from '../contract/statements.js';
import { redactMessage } from '../secrets/redact.js';

/**
 * The shapes of the documented scenarios: two objects of one owner (a decision, a write or a read landing on the other),
 * a parent deleted (its children and survivors after it), a repeated call (a rule that turns on repetition: a duplicate, a
 * second delete, an attempt counted), a window over a month end or a leap day (a window counted in days where the documents
 * count months), a value at a stated bound or of a stated form.
 */
export const SCENARIO_KINDS = [
  'two of one owner',
  'parent deleted',
  'repeated call',
  'month end',
  'leap day',
  'stated bound',
  'stated form',
] as const;
export type ScenarioKind = (typeof SCENARIO_KINDS)[number];

/** A scenario the documents state, run as a fixed example before the random ones. */
export interface Scenario<T> {
  /** The shapes it holds (one sequence may hold two objects of one owner and a parent deleted). */
  kinds: ScenarioKind[];
  /** The statements it comes from (ids of schemas/<service>/statements.yaml: each the seed or provider sentence it rests on). */
  cites: string[];
  /** What it judges, in a few words (shown when it fails). */
  says: string;
  /** The input: the property's arguments (a model's command sequence). */
  input: () => T;
}

/** The documented scenarios of a check, or why the documents state none for it (a check of a value's form, whose stated
 * bounds its spec's generated rows send). */
export type Scenarios<T> = readonly Scenario<T>[] | { none: string };

/** The annotation recording the seed a check's random runs used, and its scenarios: `seed <n>[ path <p>]: <k> documented
 * scenarios (<kinds>), then <m> random runs`. One per property the check ran. */
export const SEED_ANNOTATION = 'fast-check seed';

const PREFIXES: Record<string, string> = { CE: 'card-enrollment', IN: 'installments', FD: 'financial-data' };
const known = new Map<string, Set<string>>();

/** The statement ids a scenario cites that no statement index holds: a scenario rests on a stated sentence or is none. */
export function unknownCitations(cites: readonly string[]): string[] {
  return cites.filter((id) => {
    const service = PREFIXES[id.split('-')[0]!];
    if (!service) return true;
    if (!known.has(service)) known.set(service, new Set((loadStatements(service) ?? []).map((s) => s.id)));
    return !known.get(service)!.has(id);
  });
}

/** The scenarios as fast-check examples, each checked to cite statements that exist. */
function examplesOf<Ts>(scenarios: Scenarios<Ts>): { list: readonly Scenario<Ts>[]; examples: Ts[] } {
  if (!Array.isArray(scenarios)) return { list: [], examples: [] };
  const list = scenarios as readonly Scenario<Ts>[];
  for (const s of list) {
    if (!s.cites.length) throw new Error(`documented scenario "${s.says}" cites no statement`);
    const unknown = unknownCitations(s.cites);
    if (unknown.length) throw new Error(`documented scenario "${s.says}" cites ${unknown.join(', ')}, no statement of the index`);
  }
  return { list, examples: list.map((s) => s.input()) };
}

const kindsOf = (list: readonly Scenario<unknown>[]) => [...new Set(list.flatMap((s) => s.kinds))].join(', ');

export async function assertProperty<Ts>(
  property: fc.IAsyncPropertyWithHooks<Ts> | fc.IAsyncProperty<Ts>,
  testInfo: TestInfo | undefined,
  scenarios: Scenarios<Ts>,
  overrides: Partial<fc.Parameters<Ts>> = {},
): Promise<void> {
  const { seed, numRuns, path } = suiteConfig().fastCheck;
  const { list, examples } = examplesOf(scenarios);
  const parameters: fc.Parameters<Ts> = {
    numRuns,
    ...(seed !== undefined ? { seed } : {}),
    ...(path ? { path } : {}),
    endOnFailure: false,
    ...overrides,
    // The documented scenarios come first, on top of the random runs (fast-check runs examples before them).
    examples: [...examples, ...(overrides.examples ?? [])],
  };
  const random = parameters.numRuns ?? numRuns;
  parameters.numRuns = random + examples.length;
  const details = await fc.check(property, parameters);
  const documented = list.length
    ? `${list.length} documented scenario${list.length > 1 ? 's' : ''} (${kindsOf(list)})`
    : `no documented scenario (${(scenarios as { none: string }).none})`;
  const replay = `FC_SEED=${details.seed} FC_PATH=${details.counterexamplePath ?? ''}`;
  testInfo?.annotations.push({
    type: SEED_ANNOTATION,
    description: `seed ${details.seed}${details.failed ? ` path ${details.counterexamplePath ?? ''}` : ''}: ${documented}, then ${random} random runs`,
  });
  if (!details.failed) return;
  // The breaker stopped the test inside the property (breaker.ts): its skip, not a counterexample, is what the test ends with.
  if (testInfo?.expectedStatus === 'skipped') throw details.errorInstance;
  // A failing example is reported as it is (its path is its index), never shrunk: the scenario the documents state.
  const index = Number((details.counterexamplePath ?? '').split(':')[0]);
  const scenario = Number.isInteger(index) && index < list.length ? list[index] : undefined;
  const which = scenario
    ? `Documented scenario ${index + 1} of ${list.length} failed (${scenario.kinds.join(', ')}: ${scenario.says}; ${scenario.cites.join(', ')})\n`
    : '';
  const counterexample = redactMessage(fc.stringify(details.counterexample));
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  const message = `${which}Property failed after ${details.numRuns} run(s) (replay with ${replay})\nCounterexample: ${counterexample}\nCause: ${redactMessage(cause)}`;
  await testInfo?.attach('property failure', { body: message, contentType: 'text/plain' });
  throw new Error(message);
}
