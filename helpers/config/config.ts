// The one place configuration is read (docs/configuration.md). dotenv loads `.env` once;
// every other module asks this one. Every value is read by its type in the environment schema
// (helpers/config/env-schema.ts); a bad one stops the run with one line naming it.
import { parse as parseDotenv } from 'dotenv';
import fs from 'node:fs';
import path from 'node:path';
import {
  ConfigError,
  configurationProblems,
  problemLine,
  readValue,
  requireValue,
  ValueError,
  valueProblems,
  type Env,
  type EnvValue,
} from './env-schema.js';
import { configuredMistakes, readEnvFile } from './env-file.js';
import { orElse } from './or-else.js';

/** The size of a reference model run when MODEL_RUNS and MODEL_COMMANDS are unset (npm test's). */
export const MODEL_SIZE_DEFAULT = { runs: 10, commands: 25 } as const;

/** The configuration file a process reads: DOTENV_PATH, else .env in the working folder. */
export const dotenvFile = (): string => path.resolve(process.env.DOTENV_PATH || '.env');

// Read as dotenv would (the environment wins over the file), through the one reading of the file (env-file.ts readEnvFile: a
// UTF-16 file read as such, a folder named by configurationMistakes).
for (const [name, value] of Object.entries(parseDotenv(readEnvFile(dotenvFile()).text ?? '')))
  if (process.env[name] === undefined) process.env[name] = value;

/** The kind of target a run certifies (TARGET, as the schema types it). */
export type TargetKind = EnvValue<'TARGET'>;

/** Folders never searched for a stray .env (dependencies, history, generated output). */
const NOT_SEARCHED = new Set(['node_modules', '.git', 'reports', 'test-results', 'blob-report']);

/**
 * Where the configuration file was looked for, when worth a line: DOTENV_PATH naming no file, or no .env here while one sits
 * just above or below (silently not read: the run is TARGET=mock); undefined otherwise.
 */
export function dotenvProblem(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string | undefined {
  if (env.DOTENV_PATH) {
    const file = path.resolve(cwd, env.DOTENV_PATH);
    const read = readEnvFile(file);
    if (read.unread || read.note) return read.unread ?? read.note;
    return fs.existsSync(file)
      ? undefined
      : `DOTENV_PATH names ${file}, which does not exist: no configuration file was read (TARGET=${env.TARGET || 'mock'})`;
  }
  if (fs.existsSync(path.join(cwd, '.env'))) {
    const read = readEnvFile(path.join(cwd, '.env'));
    return read.unread ?? read.note;
  }
  const found: string[] = [];
  for (let dir = path.dirname(cwd), n = 0; n < 3 && dir !== path.dirname(dir); dir = path.dirname(dir), n++)
    if (fs.existsSync(path.join(dir, '.env'))) found.push(path.join(dir, '.env'));
  // An unreadable folder: nothing found there.
  for (const entry of orElse(() => fs.readdirSync(cwd, { withFileTypes: true }), []))
    if (entry.isDirectory() && !NOT_SEARCHED.has(entry.name) && fs.existsSync(path.join(cwd, entry.name, '.env')))
      found.push(path.join(cwd, entry.name, '.env'));
  if (!found.length) return undefined;
  return `no .env in ${cwd}, so none was read (TARGET=${env.TARGET || 'mock'}); found ${found.map((f) => path.relative(cwd, f)).join(', ')}: move it here, or set DOTENV_PATH=${found[0]}`;
}

export { ConfigError };

/**
 * Every configuration mistake, a line each, before any check runs (npm test, certify, doctor, sandbox:cleanup): where .env was
 * looked for, what was written wrong (env-file.ts: a misspelt name, a value the parser cut or changed, a line never read),
 * each bad value of the general settings and of `services` (env-schema.ts), a variable once. `code` 2 when one stops the command.
 */
export function configurationMistakes(env: Env, services: readonly string[] = [], cwd = process.cwd()): { lines: string[]; code: 0 | 2 } {
  const misplaced = dotenvProblem(env, cwd);
  // A file that exists and is not read stops the command: the run would certify another configuration than the one written.
  const unread = readEnvFile(path.resolve(cwd, env.DOTENV_PATH || '.env')).unread !== undefined;
  const written = configuredMistakes(env, cwd);
  const named = new Set(written.filter((w) => w.fatal).map((w) => w.variable));
  const problems = configurationProblems(env, services).filter((p) => !named.has(p.variable));
  const lines = [
    ...(misplaced ? [`configuration file: ${misplaced}`] : []),
    ...written.map((w) => `configuration ${w.fatal ? 'error' : 'note'}: ${problemLine(w)}`),
    ...problems.map((p) => `configuration error: ${problemLine(p)}`),
  ];
  return { lines, code: unread || named.size || problems.length ? 2 : 0 };
}

/**
 * The financial data security headers' names (seed 002, Authentication, or the provider's): FD_HEADER_NAMES=seed|provider picks
 * the contract's or their `x-provider-name` (target/financial-data.ts, configuredFdHeaderNames); FD_APP_*_HEADER override one.
 */
export interface FdHeaderChoice {
  naming: EnvValue<'FD_HEADER_NAMES'>;
  overrides: { appKey?: string; appToken?: string };
}
export const FD_HEADER_NAMINGS = ['seed', 'provider'] as const;

/** The choice of the environment `env` (the configured one by default: suiteConfig().fdHeaders). */
export function fdHeaderChoice(env: Env): FdHeaderChoice {
  const overrides: FdHeaderChoice['overrides'] = {};
  const appKey = readValue('FD_APP_KEY_HEADER', env);
  const appToken = readValue('FD_APP_TOKEN_HEADER', env);
  if (appKey) overrides.appKey = appKey;
  if (appToken) overrides.appToken = appToken;
  return { naming: readValue('FD_HEADER_NAMES', env) ?? 'seed', overrides };
}

/**
 * The consumer identity of valid enrollments (seed 000, ConsumerIdentity: EMAIL_ADDRESS, an e-mail; provider Card API 1.0.0:
 * EXTERNAL_ACCOUNT_ID, an opaque id): none satisfies both (CE-CONFLICT-CONSUMER-IDENTITY), CARD_REQUEST_IDENTITY picks one.
 */
export type CardRequestIdentity = EnvValue<'CARD_REQUEST_IDENTITY'>;

function readConfig(env: NodeJS.ProcessEnv) {
  // The general settings, each read by its type (helpers/config/env-schema.ts); a service's sandbox
  // settings are read by its target (helpers/target/) once it is part of the run.
  const [problem] = valueProblems(env, ['general']);
  if (problem) throw new ValueError(problem);
  const target = readValue('TARGET', env) ?? 'mock';
  return {
    target,
    /** Faults switched on in every embedded mock (mutation run); ignored in sandbox mode. */
    mockFaults: readValue('MOCK_FAULTS', env) ?? [],
    /** Failures of one check in a service before its later tests that meet it stop short (0: off; default 2: a failure seen twice is a repeated one). */
    breakerAfter: readValue('BREAKER_AFTER', env) ?? 2,
    /** On a sandbox: requests per second of the whole run (0: no cap), and the partner's testing-customer quota. */
    sandboxMaxRps: readValue('SANDBOX_MAX_RPS', env) ?? 0,
    targetSlowMs: readValue('TARGET_SLOW_MS', env) ?? 30_000,
    /** Unset: the provider's quota, the financial data contract's `x-limits` sandboxTestingCustomers (helpers/target/sandbox/quota.ts). */
    sandboxCustomerQuota: readValue('SANDBOX_CUSTOMER_QUOTA', env),
    /** Destructive checks (partner lock-out, ...) run against mocks always, against a sandbox only when allowed. */
    allowDestructive: target === 'mock' || readValue('ALLOW_DESTRUCTIVE', env) === 'true',
    fastCheck: {
      seed: readValue('FC_SEED', env),
      numRuns: readValue('FC_NUM_RUNS', env) ?? 50,
      path: readValue('FC_PATH', env),
      /** Reference models (fixtures/models/): sequences per check and commands per sequence. */
      modelRuns: readValue('MODEL_RUNS', env) ?? MODEL_SIZE_DEFAULT.runs,
      modelCommands: readValue('MODEL_COMMANDS', env) ?? MODEL_SIZE_DEFAULT.commands,
    },
    /** The consumer identity card enrollment requests send (fixtures/examples/card-enrollment.ts, requestIdentity). */
    cardRequestIdentity: readValue('CARD_REQUEST_IDENTITY', env) ?? 'seed',
    /** Which header names the financial data calls carry (and the embedded mock expects). */
    fdHeaders: fdHeaderChoice(env),
    /**
     * The bound of a financial data report's polling, in seconds (FD_REPORT_POLL_MAX_SECONDS; 600 by default): real seconds on a
     * sandbox, the virtual clock's on the mock. Read here, on every target, so a bad value is one line before any check runs.
     */
    fdReportPollMaxSeconds: readValue('FD_REPORT_POLL_MAX_SECONDS', env) ?? 600,
    /** Sandbox-only settings, raw; each service's target reads what it needs by type (requireValue). */
    env: Object.freeze({ ...env }) as Env,
    reportsDir: path.resolve(process.cwd(), 'reports'),
  };
}

export type SuiteConfig = ReturnType<typeof readConfig>;

let cached: SuiteConfig | undefined;

/** The configuration, read and validated once per process. */
export const suiteConfig = (): SuiteConfig => (cached ??= readConfig(process.env));

/** The configuration of an environment other than the process's (tools/cli.ts CommandIo), read and validated each time. */
export const configOf = (env: NodeJS.ProcessEnv): SuiteConfig => (env === process.env ? suiteConfig() : readConfig(env));

/** A required sandbox variable of the configured environment, read by its type, or one ConfigError naming it. */
export const requireEnv = <T = never, N extends string = string>(name: N, env: Env = suiteConfig().env) => requireValue<T, N>(name, env);

/** For entry points: run `fn`, turning a ConfigError into one line and exit code 2. */
export function exitOnConfigError<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(configErrorLine(error));
      process.exit(2);
    }
    throw error;
  }
}

const configErrorLine = (error: ConfigError) => `configuration error: ${error.message}`;
