// One Playwright project per service plus `self` (tests of the suite) and `leaks` (scans the
// reports for card data and secrets after the service projects have run).
import { defineConfig } from '@playwright/test';
import fs from 'node:fs';
import { parse } from 'yaml';
import { exitOnConfigError, suiteConfig } from './helpers/config';
import { SERVICES } from './helpers/services';

const settings = exitOnConfigError(() => suiteConfig());
// Identifies this run's coverage records (helpers/coverage.ts); the workers inherit it.
process.env.SUITE_RUN_ID ??= `${Date.now()}-${process.pid}`;

function contractVersion(service: string): string {
  try {
    return String(parse(fs.readFileSync(`schemas/${service}/openapi.yaml`, 'utf8')).info.version);
  } catch {
    return 'unknown';
  }
}

const serviceProjects = SERVICES.map((s) => ({ name: s.name, testDir: `./tests/${s.name}` }));

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  timeout: 60_000,
  globalSetup: './helpers/global-setup.ts',
  outputDir: './test-results',
  reporter: [
    [process.env.CI ? 'dot' : 'list'],
    ['allure-playwright', {
      resultsDir: 'reports/allure-results',
      detail: false,
      suiteTitle: true,
      environmentInfo: {
        target: settings.target,
        mock_faults: settings.mockFaults.join(',') || 'none',
        ...Object.fromEntries(SERVICES.map((s) => [`contract_${s.name}`, contractVersion(s.name)])),
        node: process.version,
      },
    }],
    ['./helpers/reporters/suite-reporter.ts'],
  ],
  use: {
    // API tests need no browser. Traces would hold raw requests (keys, card data): off.
    trace: 'off',
    extraHTTPHeaders: {},
  },
  projects: [
    ...serviceProjects,
    { name: 'self', testDir: './tests/self', testIgnore: /no-secret-leak/ },
    { name: 'leaks', testDir: './tests/self', testMatch: /no-secret-leak\.spec\.ts/, dependencies: [...serviceProjects.map((p) => p.name), 'self'] },
  ],
});
