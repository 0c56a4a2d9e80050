// Whether a sandbox run may start, one function of the environment (the global setup acts on it; the configuration-mistake
// matrix calls it in process), each failure a line naming the variable and cause:
//   1. a bad general setting, or a configured service lacking or holding a bad value: exit 2 (as `npm run certify` finds);
//   2. a service its preflight stops (helpers/target/sandbox/readiness.ts): NOT RUN; when every one is, the run ends there;
//   3. the testing-customer quota a run would pass (exit 2); what the test data lacks without being unfit is printed.
import type { APIRequestContext } from '@playwright/test';
import { configurationProblems, problemLine, type Env } from '../config/env-schema.js';
import { SERVICES } from '../contract/services.js';
import { loadContract } from '../contract/contract.js';
import { serviceReadiness } from '../target/sandbox/readiness.js';
import { countTestingCustomers, customerQuota, quotaRefusal } from '../target/sandbox/quota.js';
import { checkFdTestData } from '../target/sandbox/prepare.js';

interface SandboxStart {
  /** Lines for the console, in order (`stream`: stderr for what stops the run). */
  lines: { text: string; stream: 'out' | 'err' }[];
  /** The configured services of the selection and what stops each (undefined: it runs). */
  causes: { service: string; cause?: string }[];
  /** Set when the run must not start at all: its exit code and the NOT RUN reason. */
  stop?: { code: number; reason: string };
  /** Every configured service is stopped by its preflight: the verdict (NOT RUN) is known now. */
  allStopped: boolean;
}

interface SandboxStartOptions {
  workers: number;
  /** Runs `use` with a request context (the financial data test data is judged through the contract's client). */
  withRequest: <T>(use: (request: APIRequestContext) => Promise<T>) => Promise<T>;
  /** The preflight of a service (default: judged now, not cached; the global setup passes the per-run cached one). */
  preflight?: (service: string) => Promise<string | undefined>;
}

export async function sandboxStart(env: Env, selected: readonly string[], options: SandboxStartOptions): Promise<SandboxStart> {
  const lines: SandboxStart['lines'] = [];
  const problems = configurationProblems(env, selected);
  if (problems.length) {
    for (const p of problems) lines.push({ text: `configuration error: ${problemLine(p)}`, stream: 'err' });
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more: npm run doctor lists them)` : '';
    return { lines, causes: [], allStopped: false, stop: { code: 2, reason: `configuration error: ${problemLine(problems[0])}${more}` } };
  }
  const configured = SERVICES.filter((s) => selected.includes(s.name) && env[s.sandboxBaseUrlEnv]).map((s) => s.name);
  const judge = options.preflight ?? (async (service: string) => (await serviceReadiness(service, env)).find((f) => !f.ready)?.line);
  const causes = await Promise.all(configured.map(async (service) => ({ service, cause: await judge(service) })));
  for (const { service, cause } of causes)
    if (cause) lines.push({ text: `preflight: ${service}: ${cause} (its checks are not run)`, stream: 'err' });
  const allStopped = causes.length > 0 && causes.every((c) => c.cause);
  const fdRuns = causes.some((c) => c.service === 'financial-data' && !c.cause);
  // The testing-customer quota: a run that would go past it does not start (helpers/target/sandbox/quota.ts).
  if (fdRuns) {
    const existing = await countTestingCustomers(env);
    const refusal =
      typeof existing === 'number'
        ? quotaRefusal(options.workers, existing, customerQuota(await loadContract('financial-data'), env))
        : undefined;
    if (refusal) {
      lines.push({ text: `sandbox quota: ${refusal}`, stream: 'err' });
      return { lines, causes, allStopped, stop: { code: 2, reason: `sandbox quota: ${refusal}` } };
    }
  }
  // What the financial data test data lacks without being unfit (an unfit linked customer stopped
  // the service above): FD_LINKED_CUSTOMER_ID not set, an account type missing. Those checks are NOT RUN.
  if (fdRuns) {
    const data = await options.withRequest((request) => checkFdTestData(request, env));
    for (const line of data.lines) lines.push({ text: `preflight: financial-data: ${line}`, stream: 'out' });
  }
  return { lines, causes, allStopped };
}
