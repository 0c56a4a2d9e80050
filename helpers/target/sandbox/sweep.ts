// Deletes what a run's ledger still holds on a sandbox (an interrupted check's), as every sandbox run ends and from
// `npm run sandbox:cleanup` (SIGKILL, a lost machine): with the partner's credentials, then the spare's for a 404, and the
// settings the ledger names (a run with another env file is cleaned on its own target).
import { suiteConfig } from '../../config/config.js';
import type { Env } from '../../config/env-schema.js';
import { loadContract } from '../../contract/contract.js';
import { fdTargetFromEnv, fdTokenRequest, type PartnerCredentials } from '../financial-data.js';
import { logGuest, readGuestLog, undoable, type GuestEvent } from '../../client/guest/guest-log.js';
import { MAX_RATE_RETRIES, retryAfterSeconds, sleepMs } from '../../client/guest/rate.js';

type Headers = Record<string, string>;

/** A partner's raw CreateToken login (the configured one by default) outside the client: its calls' headers, or the refusal. */
export async function fdPartnerHeaders(env: Env, partner?: PartnerCredentials): Promise<Headers | number> {
  const { url, init, names } = await fdTokenRequest(env, partner);
  const res = await politeFetch(url, init);
  const token = res.ok ? ((await res.json()) as { token?: string }).token : undefined;
  return token ? { ...init.headers, [names.appToken]: token } : res.status;
}

/** Credentials to try, in order, per service (only financial data creates deletable objects). */
async function credentialSets(service: string, env: Env): Promise<Headers[]> {
  if (service !== 'financial-data') return [];
  const target = fdTargetFromEnv(env);
  const sets: Headers[] = [];
  for (const partner of [target.partner, target.sparePartner].filter(Boolean)) {
    const headers = await fdPartnerHeaders(env, partner);
    if (typeof headers !== 'number') sets.push(headers);
  }
  return sets;
}

const baseUrlOf = (service: string, env: Env): string =>
  (
    ({ 'financial-data': env.FD_BASE_URL, 'card-enrollment': env.CARD_BASE_URL, installments: env.INSTALLMENTS_BASE_URL }) as Record<
      string,
      string | undefined
    >
  )[service] ?? '';

/** fetch as a guest: a 429 is waited out as its Retry-After asks, a bounded number of times. */
export async function politeFetch(url: string, init: RequestInit = {}): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
    if (res.status !== 429 || attempt >= MAX_RATE_RETRIES) return res;
    await sleepMs(retryAfterSeconds(Object.fromEntries(res.headers), attempt) * 1000);
  }
}

export interface SweepResult {
  deleted: number;
  /** One line per object that could not be deleted (kind, id, why). */
  failed: string[];
}

/** Deletes every deletable object the run's ledger still holds, newest first. */
export async function sweepLedger(
  runId?: string,
  events: GuestEvent[] = readGuestLog(runId),
  env: Env = suiteConfig().env,
): Promise<SweepResult> {
  const result: SweepResult = { deleted: 0, failed: [] };
  const todo = undoable(events);
  const creds = new Map<string, Headers[]>();
  for (const entry of todo) {
    try {
      if (!creds.has(entry.service)) creds.set(entry.service, await credentialSets(entry.service, env));
      const op = (await loadContract(entry.service)).operationOf(entry.undo!.operationId);
      const url =
        baseUrlOf(entry.service, env).replace(/\/$/, '') +
        op.path.replace(/\{([^}]+)\}/g, (_, n: string) => encodeURIComponent(String(entry.undo!.path[n])));
      let status = 0;
      for (const headers of creds.get(entry.service)!) {
        status = (await politeFetch(url, { method: op.method, headers })).status;
        if (status !== 404 && status !== 401 && status !== 403) break;
      }
      if ((status >= 200 && status < 300) || status === 404) {
        result.deleted += status === 404 ? 0 : 1;
        logGuest({ event: 'deleted', service: entry.service, kind: entry.kind, id: entry.id, at: new Date().toISOString() }, runId);
      } else result.failed.push(`${entry.kind} ${entry.id}: ${entry.undo!.operationId} answered ${status || 'nothing (no credentials)'}`);
    } catch (error) {
      result.failed.push(`${entry.kind} ${entry.id}: ${(error as Error).message.split('\n')[0]}`);
    }
  }
  return result;
}
