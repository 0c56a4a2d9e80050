// `npm run doctor`: per service, whether it is certified, each value lacking or bad (env-schema.ts: a line each), online the
// target as the preflight judges it (target/sandbox/readiness.ts), then the checks that will skip for want of test data. Exit 0 when
// every configured service can run, 1 when one cannot (a missing variable, a target not ready), 2 on a malformed value.
import {
  diagnose,
  missingProblems,
  problemLine,
  SANDBOX_SERVICES,
  unconfiguredSandbox,
  valueProblems,
  type Env,
} from '../config/env-schema.js';
import { serviceReadiness } from '../target/sandbox/readiness.js';

interface DoctorOptions {
  /** Values only: nothing is sent to the target. */
  offline: boolean;
  /**
   * Online, also what the sandbox holds as the settings say (helpers/target/sandbox/holdings.ts). Default true; the
   * configuration-mistake matrix leaves it out where the mistake is elsewhere (an effectuation takes a minute).
   */
  holdings?: boolean;
  /** The services asked about (`--service`); every one when absent or empty. */
  services?: readonly string[];
}

interface DoctorReport {
  code: number;
  lines: string[];
}

export async function doctor(env: Env, options: DoctorOptions): Promise<DoctorReport> {
  const general = valueProblems(env, ['general']);
  if (general.length) return { code: 2, lines: general.map((p) => `configuration error: ${problemLine(p)}`) };
  if (env.TARGET !== 'sandbox')
    return {
      code: 0,
      lines: ['TARGET=mock: the embedded mocks need nothing from .env. Set TARGET=sandbox (see .env.example) to certify a deployment.'],
    };
  // Ready only when something is configured: a sandbox with no service set is one line, and cannot run.
  const unconfigured = unconfiguredSandbox(env, options.services);
  if (unconfigured) return { code: 1, lines: unconfigured.map((p) => `cannot run: ${problemLine(p)}`) };
  const lines: string[] = [];
  let malformed = 0;
  let blocked = 0;
  for (const d of diagnose(env).filter((x) => !options.services?.length || options.services.includes(x.service))) {
    if (d.excluded) {
      lines.push(`${d.service}: not part of this certification (its base URL is not set)`);
      continue;
    }
    const service = d.service as (typeof SANDBOX_SERVICES)[number];
    const missing = missingProblems(env, service);
    const bad = valueProblems(env, [service]);
    const detail = [...missing, ...bad].map((p) => `  ${problemLine(p)}`);
    let ready = missing.length === 0 && bad.length === 0;
    const testData: string[] = [];
    if (ready && !options.offline) {
      const findings = await serviceReadiness(service, env, { holdings: options.holdings ?? true });
      detail.push(...findings.filter((f) => !f.note).map((f) => `  ${f.line}`));
      testData.push(...findings.filter((f) => f.note).map((f) => f.line));
      ready = findings.every((f) => f.ready);
    }
    if (bad.length) malformed++;
    if (!ready) blocked++;
    const state = !ready ? 'cannot run' : options.offline ? 'values ready (offline: the target was not asked)' : 'ready';
    lines.push(`${service}: ${state}`, ...detail, ...[...testData, ...d.skipping].map((l) => `  - ${l}`));
  }
  lines.push(
    blocked
      ? `\n${blocked} service(s) cannot run: the lines above name the variable and the cause (see .env.example).`
      : `\nEvery configured service can run${options.offline ? ' as far as its values go (npm run doctor without --offline asks the target)' : ''}.`,
  );
  return { code: malformed ? 2 : blocked ? 1 : 0, lines };
}
