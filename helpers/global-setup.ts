// Runs once before the workers: fresh report folders, and in sandbox mode a reachability check
// that fails fast with one clear line instead of a suite of time-outs.
import fs from 'node:fs';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { exitOnConfigError, suiteConfig } from './config.js';
import { clearCoverageRecords } from './coverage.js';
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
    if (!url) continue; // the service's fixture names the missing variable when a test needs it
    try {
      await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(5000) });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
      console.error(`sandbox unreachable: ${service.name} at ${new URL(url).origin} (${service.sandboxBaseUrlEnv}): ${cause}`);
      process.exit(1);
    }
  }
}
