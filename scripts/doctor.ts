// `npm run doctor`: tells, before a run, what the configured target lacks (helpers/config/env-schema.ts):
// per service, whether it is part of the certification, the variables it cannot run without, and
// the checks that will skip for want of test data. Exit 0 when every configured service can run,
// 1 when one lacks a required variable, 2 on a configuration error.
import { ConfigError, suiteConfig } from '../helpers/config/config.js';
import { diagnose } from '../helpers/config/env-schema.js';
import { runMain } from '../tools/cli.js';

runMain(async () => {
  let settings;
  try {
    settings = suiteConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`configuration error: ${error.message}`);
      return 2;
    }
    throw error;
  }
  if (settings.target === 'mock') {
    console.log('TARGET=mock: the embedded mocks need nothing from .env. Set TARGET=sandbox (see .env.example) to certify a deployment.');
    return 0;
  }
  let blocked = 0;
  for (const d of diagnose(settings.env)) {
    if (d.excluded) {
      console.log(`${d.service}: not part of this certification (its base URL is not set)`);
      continue;
    }
    if (d.missingRequired.length) blocked++;
    console.log(`${d.service}: ${d.missingRequired.length ? `cannot run: missing ${d.missingRequired.join('; ')}` : 'ready'}`);
    for (const line of d.skipping) console.log(`  - ${line}`);
    // The financial data test data is judged on the target itself, as the preflight will judge it.
    if (d.service === 'financial-data' && !d.missingRequired.length) {
      const { request } = await import('@playwright/test');
      const { checkFdTestData } = await import('../helpers/target/sandbox/prepare.js');
      const context = await request.newContext();
      try {
        for (const line of (await checkFdTestData(context)).lines) console.log(`  - ${line}`);
      } catch (error) {
        console.log(`  - the test data could not be checked on the target: ${(error as Error).message.split('\n')[0]}`);
      } finally {
        await context.dispose();
      }
    }
  }
  console.log(blocked ? `\n${blocked} service(s) cannot run; fill in .env (see .env.example).` : '\nEvery configured service can run.');
  return blocked ? 1 : 0;
});
