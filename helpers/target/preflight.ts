// Preflight of a sandbox service: before any check, two requests tell a target that
// cannot be certified as configured (a wrong base path, refused credentials, wrong header names, a
// failing server) from one that breaks rules. A stopped service's checks skip with one line naming
// the likely cause, so a wrong base URL gives its verdict in seconds, not after hundreds of failing
// checks (each of which costs Playwright a worker restart). Sandbox only: on the mocks every
// deviation is a fault the checks must catch one by one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A probe's answer: an HTTP status and body text, or status 0 and the network error. */
export interface ProbeAnswer {
  status: number;
  text: string;
}

export interface PreflightPlan {
  service: string;
  /** The base URL variable, named in the 404 diagnosis. */
  baseUrlEnv: string;
  /** The variables a refused valid call points at. */
  credentials: string;
  /** A call the contract must answer with neither 401/403 nor 404 nor 5xx when configured right. */
  valid: () => Promise<ProbeAnswer>;
  /** A path the API does not have, under the base URL: tells "everything is 404" from "this operation is 404". */
  unknown: () => Promise<ProbeAnswer>;
  /** Service-specific reading of a refused call (e.g. the header name a 401 asks for). */
  refusal?: (answer: ProbeAnswer) => string | undefined;
}

/** Sends a request; a network failure is status 0 with its cause (never a throw). */
export async function probe(url: string, init: RequestInit): Promise<ProbeAnswer> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
    return { status: res.status, text: (await res.text()).slice(0, 2000) };
  } catch (error) {
    const c = (error as { cause?: { code?: string; message?: string } }).cause;
    return { status: 0, text: c?.code ?? c?.message ?? (error as Error).message };
  }
}

/** The one-line cause that stops the service, or undefined when the target can be certified. */
export function diagnose(plan: PreflightPlan, valid: ProbeAnswer, unknown: ProbeAnswer): string | undefined {
  if (valid.status === 0) return `cannot reach ${plan.baseUrlEnv}: ${valid.text}`;
  if (valid.status === 404 && unknown.status === 404) return `every operation answers 404: is ${plan.baseUrlEnv} the API's base path?`;
  if (valid.status === 401 || valid.status === 403) return plan.refusal?.(valid) ?? `valid credentials refused (${valid.status}): check ${plan.credentials}`;
  if (valid.status >= 500) return `a valid call answers ${valid.status}: the target is failing, nothing can be certified`;
  return undefined;
}

function cacheFile(service: string): string {
  const run = (process.env.SUITE_RUN_ID ?? 'local').replace(/[^A-Za-z0-9_-]/g, '_');
  return path.join(os.tmpdir(), 'contract-suite-preflight', `${run}-${service}.json`);
}

/**
 * Runs the plan once per run (workers and restarted workers read the first verdict from a file
 * keyed by the run id) and returns the cause that stops the service, or undefined.
 */
export async function preflight(plan: PreflightPlan): Promise<string | undefined> {
  const file = cacheFile(plan.service);
  try {
    return (JSON.parse(fs.readFileSync(file, 'utf8')) as { cause?: string }).cause;
  } catch {
    // First worker of the run: probe.
  }
  const [valid, unknown] = await Promise.all([plan.valid(), plan.unknown()]);
  const cause = diagnose(plan, valid, unknown);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ cause: cause ?? null, valid: valid.status, unknown: unknown.status }));
  if (cause) console.error(`preflight: ${plan.service}: ${cause} (its checks are not run)`);
  return cause ?? undefined;
}

/** The skip reason of a stopped service's checks; the certification reads it back (PREFLIGHT_PREFIX). */
export const PREFLIGHT_PREFIX = 'preflight: ';
