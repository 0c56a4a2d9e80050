// Deletes what a run's ledger still holds on a sandbox (an interrupted check's), as every sandbox run ends and from
// `npm run sandbox:cleanup` (SIGKILL, a lost machine): with the partner's credentials, then the spare's for a 404, and the
// settings the ledger names (a run with another env file is cleaned on its own target).
import { suiteConfig } from '../../config/config.js';
import type { Env } from '../../config/env-schema.js';
import { loadContract } from '../../contract/contract.js';
import { fdTargetFromEnv, fdTokenRequest, type PartnerCredentials } from '../financial-data.js';
import { logGuest, readGuestLog, unanswered, undoable, type GuestEvent } from '../../client/guest/guest-log.js';
import { ownershipOf } from '../../client/guest/ownership.js';
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

/** Deletes every deletable object the run's ledger still holds, newest first, then every creation left unanswered, found by its name. */
export async function sweepLedger(
  runId?: string,
  events: GuestEvent[] = readGuestLog(runId),
  env: Env = suiteConfig().env,
): Promise<SweepResult> {
  const result: SweepResult = { deleted: 0, failed: [] };
  const creds = new Map<string, Headers[]>();
  const credentials = async (service: string) => {
    if (!creds.has(service)) creds.set(service, await credentialSets(service, env));
    return creds.get(service)!;
  };
  const at = () => new Date().toISOString();
  /** The delete of one object with each set of credentials in turn (another partner's object answers 404 or 401/403): its status. */
  const remove = async (service: string, undo: { operationId: string; path: Record<string, string | number> }) => {
    const op = (await loadContract(service)).operationOf(undo.operationId);
    let status = 0;
    for (const headers of await credentials(service)) {
      status = (await politeFetch(urlOf(service, env, op.path, undo.path), { method: op.method, headers })).status;
      if (status !== 404 && status !== 401 && status !== 403) break;
    }
    return status;
  };
  for (const entry of undoable(events)) {
    try {
      const status = await remove(entry.service, entry.undo!);
      if ((status >= 200 && status < 300) || status === 404) {
        result.deleted += status === 404 ? 0 : 1;
        logGuest({ event: 'deleted', service: entry.service, kind: entry.kind, id: entry.id, at: at() }, runId);
      } else result.failed.push(`${entry.kind} ${entry.id}: ${entry.undo!.operationId} answered ${status || 'nothing (no credentials)'}`);
    } catch (error) {
      result.failed.push(`${entry.kind} ${entry.id}: ${(error as Error).message.split('\n')[0]}`);
    }
  }
  // Sent, never answered in the ledger (the run was killed meanwhile): deleted by the delete it announced, else found by its name.
  for (const entry of unanswered(events)) {
    const owns = ownershipOf(entry.service, entry.operationId);
    // Nothing to undo (the API deletes none of its kind, or only with a body the ledger never holds): counted as the API cannot delete.
    if (!owns?.undo || owns.undo.body) continue;
    const sent = `${entry.kind} (${entry.operationId} sent ${entry.at})`;
    try {
      const found = entry.undo
        ? [entry.undo.path]
        : entry.name && owns.find
          ? await findByName(entry.service, owns, entry.name)
          : undefined;
      if (!found) {
        result.failed.push(`${sent}: its answer never came, and no documented reader finds it by a name of the suite's`);
        continue;
      }
      if (!found.length) {
        logGuest({ ...unmade(entry), why: `not found by ${JSON.stringify(entry.name)} after the run` }, runId);
        continue;
      }
      for (const path of found) {
        const id = Object.values(path).map(String).join('/');
        const status = await remove(entry.service, { operationId: owns.undo.operationId, path });
        if (!((status >= 200 && status < 300) || status === 404)) {
          result.failed.push(`${sent} ${id}: ${owns.undo.operationId} answered ${status || 'nothing (no credentials)'}`);
          continue;
        }
        // The creation completed as it would have been, then its deletion: the ledger adds up.
        const base = { service: entry.service, kind: entry.kind, id, at: at() };
        logGuest(
          { ...base, event: 'created', ref: entry.ref, operationId: entry.operationId, undo: { operationId: owns.undo.operationId, path } },
          runId,
        );
        logGuest({ ...base, event: 'deleted' }, runId);
        result.deleted += status === 404 ? 0 : 1;
      }
    } catch (error) {
      result.failed.push(`${sent}: ${(error as Error).message.split('\n')[0]}`);
    }
  }
  return result;

  function unmade(entry: ReturnType<typeof unanswered>[number]) {
    return { event: 'unmade' as const, service: entry.service, kind: entry.kind, ref: entry.ref, why: '', at: at() };
  }

  /** The delete paths of the objects the name finds, with each set of credentials, every page of the reader. */
  async function findByName(service: string, owns: NonNullable<ReturnType<typeof ownershipOf>>, name: Record<string, string>) {
    const find = owns.find!;
    const op = (await loadContract(service)).operationOf(find.operationId);
    const paths: Record<string, string | number>[] = [];
    for (const headers of await credentials(service))
      for (let page = 0; page < 100; page++) {
        const query = new URLSearchParams(Object.entries(find.query(name, page)).map(([k, v]) => [k, String(v)]));
        const res = await politeFetch(`${urlOf(service, env, op.path, {})}?${query}`, { method: op.method, headers });
        if (!res.ok) {
          // A list past its last page may answer 404 (listWebhookSubscriptions); any other refusal: this partner's list is unread.
          if (res.status === 404) break;
          throw new Error(`${find.operationId} answered ${res.status}`);
        }
        const answer = await res.json().catch(() => undefined);
        const items = find.items(answer);
        for (const item of items.filter((i) => find.matches(i, name))) {
          const path = find.path(item);
          if (path) paths.push(path);
        }
        if (!items.length || !find.more?.(answer, page)) break;
      }
    return paths;
  }
}

/** An operation's URL on the configured target, its path parameters filled in. */
const urlOf = (service: string, env: Env, template: string, path: Record<string, string | number>) =>
  baseUrlOf(service, env).replace(/\/$/, '') + template.replace(/\{([^}]+)\}/g, (_, n: string) => encodeURIComponent(String(path[n])));
