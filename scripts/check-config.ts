// First step of `npm test` (before typecheck and lint): another run holding this checkout, the
// configuration (.env as written and the environment, then every value by its type; on a sandbox,
// every value of the configured services too), and MOCK_FAULTS checked against the catalogues of every mock,
// so that a mistake is one line within a second, not a green run that switched nothing on.
// scripts/static-checks.ts runs it in its own process before the static checks.
import path from 'node:path';
import { configurationMistakes, configOf } from '../helpers/config/config.js';
import { SANDBOX_SERVICES } from '../helpers/config/env-schema.js';
import { lockState } from '../helpers/verdict/run-lock.js';
import { parseArgs, runMain, type CommandMain } from '../tools/cli.js';

export const main: CommandMain = async (argv, io) => {
  parseArgs(argv, {}, 'npm run check-config');
  const lock = lockState(path.resolve('reports'), io.env);
  if (lock.state === 'other') {
    io.err(lock.line);
    return 2;
  }
  // Every mistake, one line each (helpers/config/config.ts); on a sandbox every value of the configured services too.
  const mistakes = configurationMistakes(io.env, io.env.TARGET === 'sandbox' ? SANDBOX_SERVICES : []);
  for (const line of mistakes.lines) io.err(line);
  if (mistakes.code) return mistakes.code;
  const settings = configOf(io.env);
  // The mocks' fault catalogues are loaded only when faults are named (most runs name none: 0.4 s of
  // CPU less here and in npm test's static step, which runs this main in its own process).
  const faults = settings.mockFaults.length > 0 ? (await import('../mocks/index.js')).unknownFaultsMessage(settings.mockFaults) : undefined;
  if (faults) io.err(`configuration error: ${faults}`);
  return faults ? 2 : 0;
};

runMain(import.meta.url, main);
