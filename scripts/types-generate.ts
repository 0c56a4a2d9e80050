// `npm run types:generate`: the operation types of every service from its contract
// (tools/types/generate.ts), after a contract changed. `--check` (a step of `npm test`) only says
// whether the generated files are current: one line per stale file and exit 1.
import { parseArgs, runMain } from '../tools/cli.js';
import { staleTypes, writeTypes } from '../tools/types/generate.js';

const USAGE = 'npm run types:generate [-- --check]';

runMain(async () => {
  const args = parseArgs(process.argv.slice(2), { check: 'flag' }, USAGE);
  if (args.check) {
    const stale = staleTypes();
    for (const line of stale) console.error(`generated types not current: ${line} (npm run types:generate)`);
    return stale.length ? 1 : 0;
  }
  const written = await writeTypes();
  console.log(written.length ? `written: ${written.join(', ')}` : 'generated types already current');
  return 0;
});
