// The one place configuration is read (DESIGN.md, convention 7). dotenv loads `.env` once;
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

function list(value: string | undefined): string[] {
  return (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);
}

function readConfig(env: NodeJS.ProcessEnv) {
  const target = oneOf('TARGET', env.TARGET, ['mock', 'sandbox'] as const, 'mock');
  return {
    target,
    /** Faults switched on in every embedded mock (mutation run); ignored in sandbox mode. */
    mockFaults: list(env.MOCK_FAULTS),
    /** Destructive checks (partner lock-out, ...) run against mocks always, against a sandbox only when allowed. */
    allowDestructive: target === 'mock' || env.ALLOW_DESTRUCTIVE === 'true',
    fastCheck: {
      seed: integer('FC_SEED', env.FC_SEED),
      numRuns: positiveInt('FC_NUM_RUNS', env.FC_NUM_RUNS) ?? 50,
      path: env.FC_PATH || undefined,
    },
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
