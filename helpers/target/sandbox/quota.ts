// What a sandbox run holds at once: each worker at most SANDBOX_CUSTOMERS_PER_WORKER testing customers (the client refuses
// more), so workers x that many places, against `x-limits` sandboxTestingCustomers (provider Test the APIs page;
// SANDBOX_CUSTOMER_QUOTA overrides it): a run going past refuses to start, saying how many it needs and exist.
import { SANDBOX_CUSTOMERS_PER_WORKER } from '../../client/guest/owned.js';
import { suiteConfig } from '../../config/config.js';
import { readValue, type Env } from '../../config/env-schema.js';
import { loadContract, type Contract } from '../../contract/contract.js';
import { limitOf, rangeOf } from '../../contract/facts.js';
import { fdTargetFromEnv } from '../financial-data.js';
import { fdPartnerHeaders, politeFetch } from './sweep.js';

/** The partner's testing-customer quota: SANDBOX_CUSTOMER_QUOTA, else the provider's (the financial data contract's `x-limits`). */
export const customerQuota = (contract: Contract, env: Env = suiteConfig().env): number =>
  readValue('SANDBOX_CUSTOMER_QUOTA', env) ?? limitOf(contract, 'sandboxTestingCustomers');

/** The partner's testing customers now, counted through GetCustomers (type testing), or why not. */
export async function countTestingCustomers(env: Env = suiteConfig().env): Promise<number | string> {
  const target = fdTargetFromEnv(env);
  const contract = await loadContract('financial-data');
  try {
    const headers = await fdPartnerHeaders(env);
    if (typeof headers === 'number') return `CreateToken answered ${headers}`;
    const list = `${contract.operation('GetCustomers').path}?type=testing&limit=${rangeOf(contract, 'PageLimit').max}`;
    const res = await politeFetch(`${target.baseURL}${list}`, { headers });
    if (!res.ok) return `GetCustomers answered ${res.status}`;
    const body = (await res.json()) as { found?: number; customers?: unknown[] };
    return Number(body.found ?? body.customers?.length ?? 0);
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * The most workers financial data's checks take at once on a sandbox: as many as the quota holds at
 * SANDBOX_CUSTOMERS_PER_WORKER each (its project's `workers`, playwright.config.ts). The other services hold no testing
 * customer, so the run's other workers take their checks meanwhile.
 */
export const fdWorkerCap = (quota: number): number => Math.max(1, Math.floor(quota / SANDBOX_CUSTOMERS_PER_WORKER));

/** Set by the runner, read by the workers it starts: whether financial data's TxPush turn files are a project of their own (playwright.config.ts). */
export const FD_TURN_PROJECT_ENV = 'SUITE_FD_TURN_PROJECT';

/** One line when the run would exceed the quota, else undefined; of the run's workers, financial data takes its cap at most. */
export function quotaRefusal(runWorkers: number, existing: number, quota: number): string | undefined {
  const workers = Math.min(runWorkers, fdWorkerCap(quota));
  const needed = workers * SANDBOX_CUSTOMERS_PER_WORKER;
  if (existing + needed <= quota) return undefined;
  const fewer = Math.floor((quota - existing) / SANDBOX_CUSTOMERS_PER_WORKER);
  return (
    `financial-data needs up to ${needed} testing customers at once (${workers} worker${workers === 1 ? '' : 's'} x ${SANDBOX_CUSTOMERS_PER_WORKER}); the partner has ${existing} of ${quota}: ` +
    `${fewer >= 1 ? `run with --workers ${fewer}, or ` : ''}delete the suite's leftovers (npm run sandbox:cleanup -- --service financial-data)`
  );
}
