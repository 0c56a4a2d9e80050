// Registers helpers/run/ts-hook.mjs in this process: imported first by playwright.config.ts (the
// runner and each worker) and by the configuration of a self test's own Playwright run through the
// suite's fixtures. In-thread hooks where Node has them (22.15 and later), as Playwright itself
// prefers; else Node 20's hooks thread.
import nodeModule from 'node:module';

const hook = new URL('./ts-hook.mjs', import.meta.url);
if (nodeModule.registerHooks) {
  const { load } = await import(hook.href);
  nodeModule.registerHooks({ load });
} else nodeModule.register(hook);
