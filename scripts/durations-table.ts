// `npm run durations:table -- [--from <durations.json,...>] [--measured <text>]`: refreshes the committed
// prior of the progress console's time left (helpers/verdict/stand-in-durations.json) from the
// reports/.durations.json of whole stand-in runs: the mean per check of each spec file over the runs.
// Exit 2 on a file that cannot be read.
import fs from 'node:fs';
import path from 'node:path';
import { SANDBOX_SERVICES } from '../helpers/config/env-schema.js';
import { DURATIONS_TABLE, fileDurations, fileKey, type DurationsTable } from '../helpers/verdict/check-durations.js';
import { DURATIONS_FILE } from '../helpers/verdict/progress-reporter.js';
import { listedChecks, listProjects } from '../helpers/verdict/listing.js';
import { listArg, parseArgs, runMain, UsageError, type CommandMain } from '../tools/cli.js';

const USAGE = 'npm run durations:table -- [--from <durations.json,...>] [--measured <how the runs were made>]';

/** Every check of the service projects with its spec file (relative to the repository). */
function listChecks(): { id: string; file: string }[] {
  const { rootDir, suites } = listProjects(SANDBOX_SERVICES, { env: { TARGET: 'mock' } });
  return listedChecks(suites).map((c) => ({ id: c.id!, file: fileKey(path.join(rootDir, c.file)) }));
}

export const main: CommandMain = async (argv, io) => {
  const args = parseArgs(argv, { from: 'value', measured: 'value' }, USAGE);
  const sources = listArg(args.from ?? DURATIONS_FILE);
  const runs = sources.map((file) => {
    try {
      return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, number>;
    } catch (error) {
      throw new UsageError(`--from ${file}: expected the durations a run left (JSON, ms by check id), found ${(error as Error).message}`);
    }
  });
  const files = fileDurations(listChecks(), runs);
  const table: DurationsTable = {
    measured: String(args.measured ?? `${runs.length} run(s) of npm run certify:stand-in (${sources.join(', ')})`),
    files,
  };
  fs.writeFileSync(DURATIONS_TABLE, `${JSON.stringify(table, null, 2)}\n`);
  io.out(`${Object.keys(files).length} spec files, from ${runs.length} run(s): ${path.relative(process.cwd(), DURATIONS_TABLE)}`);
  return 0;
};

runMain(import.meta.url, main);
