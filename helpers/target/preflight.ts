// A sandbox service's preflight: two requests tell a target that cannot be certified as configured (wrong base path,
// credentials, header names, a failing server) from one breaking rules; its checks then skip with one line naming the
// variable and cause, in seconds, not hundreds of failures. Sandbox only (on the mocks each deviation is a fault to catch);
// keys, ports and the per-run cache: helpers/target/sandbox/readiness.ts.
import type { Problem } from '../config/env-types.js';
import { scalars } from '../secrets/sensitive.js';

/** A probe's answer: an HTTP status, its headers and body text, or status 0 and the network error. */
export interface ProbeAnswer {
  status: number;
  text: string;
  headers?: Record<string, string>;
}

/** One line of a service's readiness on the target (helpers/target/sandbox/readiness.ts), about the variable(s) it names. */
export interface Finding {
  /** The variable (or variables) the line is about. */
  variable: string;
  ready: boolean;
  /** `VARIABLE: ready (...)`, or the problem: `VARIABLE: expected ..., found ...` (no secret in it). */
  line: string;
  /** A note on what the service runs without (a check that will skip), not a judgement of readiness. */
  note?: true;
}

export interface PreflightPlan {
  service: string;
  /** The base URL variable, named when the target cannot be reached or answers 404 everywhere. */
  baseUrlEnv: string;
  /** The base URL itself (its origin is named when it cannot be reached). */
  baseURL: string;
  /** The variables a refused valid call points at. */
  credentials: string;
  /** The valid call, named in the lines (e.g. "POST /cards"). */
  validCall: string;
  /** A call the contract must answer with neither 401/403 nor 404 nor 5xx when configured right. */
  valid: () => Promise<ProbeAnswer>;
  /** A path the API does not have, under the base URL: tells "everything is 404" from "this operation is 404". */
  unknown: () => Promise<ProbeAnswer>;
  /** Service-specific reading of a refused call (e.g. the header name a 401 asks for). */
  refusal?: (answer: ProbeAnswer) => Problem | undefined;
  /** When the valid call is a whole accepted request: what its success proves besides the credentials, and what else means. */
  whole?: { proves: string; problem: (answer: ProbeAnswer) => Problem | undefined };
}

/** The cause of a failed fetch in a word (ECONNREFUSED, ENOTFOUND, a time-out), never a stack. */
export function networkCause(error: unknown): string {
  const e = error as { name?: string; message?: string; cause?: { code?: string; message?: string; errors?: { code?: string }[] } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return 'no answer within 10 s';
  const c = e?.cause;
  return c?.code ?? c?.errors?.[0]?.code ?? c?.message ?? e?.message?.split('\n')[0] ?? String(error);
}

/** Sends a request; a network failure is status 0 with its cause (never a throw). The first `keep` characters of the answer are kept. */
export async function probe(url: string, init: RequestInit, keep = 2000): Promise<ProbeAnswer> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
    return { status: res.status, text: (await res.text()).slice(0, keep), headers: Object.fromEntries(res.headers) };
  } catch (error) {
    return { status: 0, text: networkCause(error) };
  }
}

/** An answer in a few words on one line: an error body's status, message, reasonCode, description and source; else its start. */
export function excerpt(text: string): string {
  const words: string[] = [];
  try {
    for (const { key, value } of scalars(JSON.parse(text)))
      if (typeof value === 'string' && /^(status|message|reasonCode|description|source)$/i.test(key)) words.push(value);
  } catch {
    // not JSON: its start is quoted
  }
  const line = (words.length ? [...new Set(words)].join(' ') : text).replace(/\s+/g, ' ').trim();
  return line ? ` (${JSON.stringify(line.length > 100 ? `${line.slice(0, 97)}...` : line)})` : '';
}

/** What stops the service, naming the variable at fault, or undefined when the target can be certified. */
export function diagnose(plan: PreflightPlan, valid: ProbeAnswer, unknown: ProbeAnswer): Problem | undefined {
  if (valid.status === 0)
    return {
      variable: plan.baseUrlEnv,
      expected: 'a server that answers',
      found: `no answer from ${safeOrigin(plan.baseURL)} (${valid.text})`,
    };
  if (valid.status === 404 && unknown.status === 404)
    return {
      variable: plan.baseUrlEnv,
      expected: "the API's base path",
      found: `404 for ${plan.validCall} and for a path the API does not have: every operation answers 404`,
    };
  if (valid.status === 401 || valid.status === 403)
    return (
      plan.refusal?.(valid) ?? {
        variable: plan.credentials,
        expected: 'credentials the target accepts',
        found: `${valid.status} to ${plan.validCall}${excerpt(valid.text)}`,
      }
    );
  if (valid.status >= 500)
    return {
      variable: plan.baseUrlEnv,
      expected: 'a target that answers a valid call',
      found: `${valid.status} to ${plan.validCall}${excerpt(valid.text)}: the target is failing, nothing can be certified`,
    };
  return plan.whole?.problem(valid);
}

function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'the configured URL';
  }
}

/** How the skip reason of a stopped service's checks begins (the verdict reads their skip kind, helpers/client/annotations.ts). */
export const PREFLIGHT_PREFIX = 'preflight: ';
