// Is a configured sandbox service ready? Judged on the target before any check, a line each: the base URL and path, the
// credentials (one signed call or token: preflight-plans.ts), the encryption key (the JWK set URL: keys.ts), the local ports,
// and the test data sandbox:prepare makes (sandbox/prepare.ts). `npm run doctor` prints every line; the preflight (the global
// setup, then each worker from a per-run file) stops the service on the first not ready.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { request } from '@playwright/test';
import { suiteConfig } from '../../config/config.js';
import { hideSecrets, problemLine, readValue, ValueError, type Env, type Problem } from '../../config/env-schema.js';
import { configuredEncryptionKey, type KeyPrefix } from '../keys.js';
import { diagnose, type Finding, type PreflightPlan } from '../preflight.js';

import { preflightPlan } from './preflight-plans.js';
import { checkFdTestData } from './prepare.js';
import { holdingFindings } from './holdings.js';
import { SANDBOX_LISTENERS } from '../listeners.js';

/** The encryption key variables' prefix per service (none for financial data). */
const KEY_PREFIX: Record<string, KeyPrefix | undefined> = { 'card-enrollment': 'CARD', installments: 'INSTALLMENTS' };

/** Whether a local port can be listened on (all interfaces, as the receivers listen), or why not. */
const portProblem = (variable: string, port: number): Promise<Problem | undefined> =>
  new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', (error: NodeJS.ErrnoException) =>
      resolve({
        variable,
        expected: 'a free local port (the suite listens on it)',
        found:
          error.code === 'EADDRINUSE' ? `port ${port} in use by another program` : `port ${port} refused (${error.code ?? error.message})`,
      }),
    );
    server.listen(port, '0.0.0.0', () => server.close(() => resolve(undefined)));
  });

/** A service's readiness lines in a run's order; `holdings` (doctor): then what the sandbox holds (helpers/target/sandbox/holdings.ts). */
export async function serviceReadiness(service: string, env: Env, options: { holdings?: boolean } = {}): Promise<Finding[]> {
  const findings: Finding[] = [];
  const fail = (p: Problem) => findings.push({ variable: p.variable, ready: false, line: hideSecrets(problemLine(p), env) });
  const ready = (variable: string, detail: string) =>
    findings.push({ variable, ready: true, line: `${variable}: ready (${hideSecrets(detail, env)})` });
  const attempt = async (step: () => Promise<void>) => {
    try {
      await step();
    } catch (error) {
      if (!(error instanceof ValueError)) throw error;
      fail(error.problem);
    }
  };
  let plan: PreflightPlan | undefined;
  await attempt(async () => {
    plan = await preflightPlan(service, env);
  });
  if (plan) {
    const [valid, unknown] = await Promise.all([plan.valid(), plan.unknown()]);
    const problem = diagnose(plan, valid, unknown);
    if (problem) fail(problem);
    else {
      ready(plan.baseUrlEnv, `${plan.validCall} answered ${valid.status}, an unknown path ${unknown.status}`);
      ready(plan.credentials, `${plan.validCall} was not refused`);
      if (plan.whole) ready(plan.whole.proves, `a whole ${plan.validCall} was taken`);
    }
  }
  const prefix = KEY_PREFIX[service];
  if (prefix)
    await attempt(async () => {
      const key = await configuredEncryptionKey(prefix, env);
      ready(key.variable, key.what);
    });
  // The local ports the suite listens on when their public URL is set: a port taken would stop the run mid-way.
  for (const { port: variable, publicUrl } of SANDBOX_LISTENERS.filter((l) => l.service === service)) {
    const port = readValue<number>(variable, env);
    if (!port || !env[publicUrl]) continue;
    const problem = await portProblem(variable, port);
    if (problem) fail(problem);
    else ready(variable, `port ${port} is free`);
  }
  // The prepared test data, once the target accepts the credentials (it is read with a token).
  if (service === 'financial-data' && findings.every((f) => f.ready)) findings.push(...(await preparedDataFindings(env)));
  if (options.holdings && findings.every((f) => f.ready)) {
    const context = await request.newContext();
    try {
      findings.push(...(await holdingFindings(service, env, context)));
    } finally {
      await context.dispose();
    }
  }
  return findings;
}

/**
 * The test data `npm run sandbox:prepare` makes (FD_LINKED_CUSTOMER_ID), judged on the target (sandbox/prepare.ts): unfit stops
 * the service; what it runs without, or answers that could not be read, a note.
 */
async function preparedDataFindings(env: Env): Promise<Finding[]> {
  const context = await request.newContext();
  try {
    const data = await checkFdTestData(context, env);
    const notes = data.lines.map(
      (line): Finding => ({ variable: 'FD_LINKED_CUSTOMER_ID', ready: true, line: hideSecrets(line, env), note: true }),
    );
    if (data.problem)
      return [{ variable: 'FD_LINKED_CUSTOMER_ID', ready: false, line: hideSecrets(problemLine(data.problem), env) }, ...notes];
    if (data.ready)
      return [{ variable: 'FD_LINKED_CUSTOMER_ID', ready: true, line: `FD_LINKED_CUSTOMER_ID: ready (${data.ready})` }, ...notes];
    return notes;
  } catch (error) {
    const line = `the test data could not be checked on the target: ${hideSecrets((error as Error).message.split('\n')[0], env)}`;
    return [{ variable: 'FD_LINKED_CUSTOMER_ID', ready: true, line, note: true }];
  } finally {
    await context.dispose();
  }
}

/**
 * A sandbox service's preflight, once per run (workers read the verdict from a file keyed by the run id): the first line not
 * ready, or undefined; printed by the global setup (helpers/run/sandbox-start.ts), a stopped service's checks skip with it.
 */
export async function preflight(service: string, env: Env = suiteConfig().env): Promise<string | undefined> {
  const run = (process.env.SUITE_RUN_ID ?? 'local').replace(/[^A-Za-z0-9_-]/g, '_');
  const file = path.join(os.tmpdir(), 'contract-suite-preflight', `${run}-${service}.json`);
  try {
    return (JSON.parse(fs.readFileSync(file, 'utf8')) as { cause?: string }).cause ?? undefined;
  } catch {
    // First worker of the run: judge the target.
  }
  const cause = (await serviceReadiness(service, env)).find((f) => !f.ready)?.line;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ cause: cause ?? null }));
  return cause;
}
