// Runs once before the workers: fresh report folders, and in sandbox mode a reachability check
// that fails fast with one clear line instead of a suite of time-outs.
import fs from 'node:fs';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { exitOnConfigError, suiteConfig } from './config.js';
import { clearCoverageRecords } from './coverage.js';
import { diagnose } from './env-schema.js';
import { SERVICES } from './services.js';

export default async function globalSetup(config: FullConfig) {
  const settings = exitOnConfigError(() => suiteConfig());
  clearCoverageRecords();
  // The mutation run keeps the last real run's results (it runs with its own reporter).
  if (!process.env.SUITE_KEEP_REPORTS) fs.rmSync(path.join(settings.reportsDir, 'allure-results'), { recursive: true, force: true });
  if (settings.target !== 'sandbox') return;
  const selected = new Set(config.projects.map((p) => p.name));
  for (const service of SERVICES) {
    if (!selected.has(service.name)) continue;
    const url = settings.env[service.sandboxBaseUrlEnv];
    if (!url) continue; // not part of this certification: its tests skip with that reason
    // helpers/env-schema.ts: what the service cannot run without (`npm run doctor` tells it all).
    const missing = diagnose(settings.env).find((d) => d.service === service.name)?.missingRequired ?? [];
    if (missing.length) {
      console.error(`configuration error: ${service.name}: ${service.sandboxBaseUrlEnv} is set but ${missing.join('; ')} ${missing.length > 1 ? 'are' : 'is'} not (see .env.example; npm run doctor)`);
      process.exit(2);
    }
    try {
      await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(5000) });
    } catch (error) {
      const c = (error as { cause?: { code?: string; message?: string; errors?: { code?: string }[] } }).cause;
      const cause = c?.code ?? c?.errors?.[0]?.code ?? c?.message ?? (error as Error).message;
      console.error(`sandbox unreachable: ${service.name} at ${new URL(url).origin} (${service.sandboxBaseUrlEnv}): ${cause}`);
      process.exit(1);
    }
  }
}
