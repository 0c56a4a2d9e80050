// The one place configuration is read (docs/configuration.md). dotenv loads `.env` once;
// every other module asks this one. Bad values stop the run with one clear line.
import { config as loadDotenv } from 'dotenv';
import path from 'node:path';

loadDotenv({ path: process.env.DOTENV_PATH ?? path.resolve(process.cwd(), '.env'), quiet: true });

export type TargetKind = 'mock' | 'sandbox';

export class ConfigError extends Error {}

function oneOf<T extends string>(name: string, value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined || value === '') return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new ConfigError(`${name}=${value} is not one of ${allowed.join(', ')}`);
}

function positiveInt(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^[0-9]+$/.test(value) || Number(value) < 1) throw new ConfigError(`${name}=${value} must be a positive integer`);
  return Number(value);
}

function integer(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^-?[0-9]+$/.test(value)) throw new ConfigError(`${name}=${value} must be an integer`);
  return Number(value);
}

/** BREAKER_AFTER (helpers/client/breaker.ts): a positive integer, or off (0); default 2: a failure seen twice is a repeated one. */
function breakerAfter(value: string | undefined): number {
  if (value === undefined || value === '') return 2;
  if (value === 'off') return 0;
  if (!/^[0-9]+$/.test(value) || Number(value) < 1) throw new ConfigError(`BREAKER_AFTER=${value} must be a positive integer or off`);
  return Number(value);
}

function list(value: string | undefined): string[] {
  return (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);
}

/**
 * Which names the financial data security headers carry (seed 002, Authentication, or the provider's
 * names for the same schemes): FD_HEADER_NAMES=seed|provider picks the contract's names or their
 * `x-provider-name`; FD_APP_KEY_HEADER / FD_APP_TOKEN_HEADER override one name. The names themselves
 * are the contract's (helpers/target/financial-data.ts, configuredFdHeaderNames).
 */
export interface FdHeaderChoice {
  naming: 'seed' | 'provider';
  overrides: { appKey?: string; appToken?: string };
}
export const FD_HEADER_NAMINGS = ['seed', 'provider'] as const;

function headerName(name: string, value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(value)) throw new ConfigError(`${name}=${value} is not a valid HTTP header name`);
  return value;
}

function fdHeaderChoice(env: NodeJS.ProcessEnv): FdHeaderChoice {
  const overrides: FdHeaderChoice['overrides'] = {};
  const appKey = headerName('FD_APP_KEY_HEADER', env.FD_APP_KEY_HEADER);
  const appToken = headerName('FD_APP_TOKEN_HEADER', env.FD_APP_TOKEN_HEADER);
  if (appKey) overrides.appKey = appKey;
  if (appToken) overrides.appToken = appToken;
  return { naming: oneOf('FD_HEADER_NAMES', env.FD_HEADER_NAMES, FD_HEADER_NAMINGS, 'seed'), overrides };
}

/** provider Test the APIs page: a partner may enroll up to 100 testing customers (SANDBOX_CUSTOMER_QUOTA overrides). */
export const DEFAULT_CUSTOMER_QUOTA = 100;

function readConfig(env: NodeJS.ProcessEnv) {
  const target = oneOf('TARGET', env.TARGET, ['mock', 'sandbox'] as const, 'mock');
  return {
    target,
    /** Faults switched on in every embedded mock (mutation run); ignored in sandbox mode. */
    mockFaults: list(env.MOCK_FAULTS),
    /** Failures of one check in a service before its later tests that meet it stop short (0: off). */
    breakerAfter: breakerAfter(env.BREAKER_AFTER),
    /** On a sandbox: requests per second of the whole run (0: no cap), and the partner's testing-customer quota. */
    sandboxMaxRps: positiveInt('SANDBOX_MAX_RPS', env.SANDBOX_MAX_RPS) ?? 0,
    sandboxCustomerQuota: positiveInt('SANDBOX_CUSTOMER_QUOTA', env.SANDBOX_CUSTOMER_QUOTA) ?? DEFAULT_CUSTOMER_QUOTA,
    /** Destructive checks (partner lock-out, ...) run against mocks always, against a sandbox only when allowed. */
    allowDestructive: target === 'mock' || env.ALLOW_DESTRUCTIVE === 'true',
    fastCheck: {
      seed: integer('FC_SEED', env.FC_SEED),
      numRuns: positiveInt('FC_NUM_RUNS', env.FC_NUM_RUNS) ?? 50,
      path: env.FC_PATH || undefined,
    },
    /** Which header names the financial data calls carry (and the embedded mock expects). */
    fdHeaders: fdHeaderChoice(env),
    /** Sandbox-only settings are read raw; each service's fixture validates what it needs. */
    env: Object.freeze({ ...env }) as Readonly<Record<string, string | undefined>>,
    reportsDir: path.resolve(process.cwd(), 'reports'),
  };
}

export type SuiteConfig = ReturnType<typeof readConfig>;

let cached: SuiteConfig | undefined;

/** The configuration, read and validated once per process. */
export function suiteConfig(): SuiteConfig {
  cached ??= readConfig(process.env);
  return cached;
}

/** Reads a required sandbox variable or stops with one line naming it. */
export function requireEnv(name: string): string {
  const value = suiteConfig().env[name];
  if (!value) throw new ConfigError(`${name} is not set: TARGET=sandbox needs it in .env (see .env.example)`);
  return value;
}

/** For entry points: run `fn`, turning a ConfigError into one line and exit code 2. */
export function exitOnConfigError<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`configuration error: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
}
