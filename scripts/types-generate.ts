// `npm run types:generate`: the operation types of every service from its contract
// (tools/types/generate.ts), after a contract changed. `--check` (a step of `npm test`) only says
// whether the generated files are current: one line per stale file and exit 1.
import { parseArgs, runMain, type CommandMain } from '../tools/cli.js';
import { staleTypes, writeTypes } from '../tools/types/generate.js';

const USAGE = 'npm run types:generate [-- --check]';

export const main: CommandMain = async (argv, io) => {
  const args = parseArgs(argv, { check: 'flag' }, USAGE);
  if (args.check) {
    const stale = staleTypes();
    for (const line of stale) io.err(`generated types not current: ${line} (npm run types:generate)`);
    return stale.length ? 1 : 0;
  }
  const written = await writeTypes();
  io.out(written.length ? `written: ${written.join(', ')}` : 'generated types already current');
  return 0;
};

runMain(import.meta.url, main);
