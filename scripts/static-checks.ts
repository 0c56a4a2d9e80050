// `npm run static [-- --only <check>,<check>]`: the steps of `npm test` before Playwright, in one
// process: the configuration check (scripts/check-config.ts: exit 2 at once on a mistake), the
// generated types (scripts/types-generate.ts --check), then the static checks of
// tools/static/checks.ts (layering, workflow lint, oxlint, typecheck, format, biome lint, contract lint),
// each run to its end. Exit 1 when any fails, after one line per failed check naming it and the
// command that runs it alone. STATIC_TIMING=1 prints each check's wall and CPU seconds.
import { parseArgs, runMain, type CommandMain } from '../tools/cli.js';
import { runStaticChecks, STATIC_CHECKS } from '../tools/static/checks.js';
import { main as checkConfig } from './check-config.js';
import { main as typesGenerate } from './types-generate.js';

const USAGE = `npm run static [-- --only <check>,<check>] (checks: ${STATIC_CHECKS.map((c) => c.name).join(', ')})`;

export const main: CommandMain = async (argv, io) => {
  const args = parseArgs(argv, { only: 'value' }, USAGE);
  const only = args.only !== undefined ? args.only.split(',').map((n) => n.trim()) : undefined;
  const unknown = only?.filter((n) => !STATIC_CHECKS.some((c) => c.name === n));
  if (unknown?.length) throw new Error(`unknown check '${unknown[0]}'. Usage: ${USAGE}`);
  if (!only) {
    const config = await checkConfig([], io);
    if (config) return config;
    if (await typesGenerate(['--check'], io)) {
      io.err('static check failed: generated types (npm run types:generate)');
      return 1;
    }
  }
  return (await runStaticChecks(io, process.cwd(), only)).length ? 1 : 0;
};

runMain(import.meta.url, main);
