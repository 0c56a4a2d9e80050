// fast-check runs with the suite's settings (FC_SEED, FC_NUM_RUNS, FC_PATH). A failure's seed and
// path go into the report (redacted), so `FC_SEED=<seed> FC_PATH=<path>` replays it exactly.
import fc from 'fast-check';
import type { TestInfo } from '@playwright/test';
import { suiteConfig } from '../config/config.js';
import { redactMessage } from '../secrets/redact.js';

export async function assertProperty<Ts>(
  property: fc.IAsyncPropertyWithHooks<Ts> | fc.IAsyncProperty<Ts>,
  testInfo?: TestInfo,
  overrides: Partial<fc.Parameters<Ts>> = {},
): Promise<void> {
  const { seed, numRuns, path } = suiteConfig().fastCheck;
  const parameters: fc.Parameters<Ts> = {
    numRuns,
    ...(seed !== undefined ? { seed } : {}),
    ...(path ? { path } : {}),
    endOnFailure: false,
    ...overrides,
  };
  const details = await fc.check(property, parameters);
  if (!details.failed) {
    testInfo?.annotations.push({ type: 'property', description: `${details.numRuns} runs, seed ${details.seed}` });
    return;
  }
  // The breaker stopped the test inside the property (breaker.ts): its skip, not a counterexample, is what the test ends with.
  if (testInfo?.expectedStatus === 'skipped') throw details.errorInstance;
  const replay = `FC_SEED=${details.seed} FC_PATH=${details.counterexamplePath ?? ''}`;
  const counterexample = redactMessage(fc.stringify(details.counterexample));
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  const message = `Property failed after ${details.numRuns} run(s) (replay with ${replay})\nCounterexample: ${counterexample}\nCause: ${redactMessage(cause)}`;
  await testInfo?.attach('property failure', { body: message, contentType: 'text/plain' });
  throw new Error(message);
}
