// `npm run replay -- --collection <path> [--service financial-data] [--out reports/replay]`: runs a
// provider's published Postman collection (newman, as a library) against the service's embedded
// mock, started in-process with the provider's header names, and classifies every request
// (tools/replay/). Prints the count per class and the reports' paths; exit 1 when a request is a
// mock or contract defect, 0 otherwise, 2 on bad input. The collection is read, never stored.
import { configOf } from '../helpers/config/config.js';
import { REPLAY_CLASSES } from '../tools/replay/classes.js';
import { replay } from '../tools/replay/replay.js';
import { replayFails } from '../tools/replay/report.js';
import { parseArgs, runMain, serviceArgs, type CommandMain } from '../tools/cli.js';

const USAGE = 'npm run replay -- --collection <path> [--service financial-data] [--out reports/replay]';

export const main: CommandMain = async (argv, io) => {
  const args = parseArgs(argv, { collection: 'required', service: 'value', out: 'value' }, USAGE);
  const service = serviceArgs(args.service, USAGE, { one: true })[0] ?? 'financial-data';
  const out = args.out ?? 'reports/replay';
  // MOCK_FAULTS switches faults of the mock on, as for every run against the embedded mocks.
  const { result, reports } = await replay({ collection: args.collection, service, out, faults: configOf(io.env).mockFaults });
  io.out(`replay of ${result.collection} against the ${service} mock: ${result.total} requests`);
  for (const c of REPLAY_CLASSES) io.out(`  ${c.id.padEnd(26)} ${result.counts[c.id]}`);
  if (result.faults.length) io.out(`active mock faults: ${result.faults.join(', ')}`);
  io.out(`reports: ${reports.md}, ${reports.json}`);
  return replayFails(result) ? 1 : 0;
};

runMain(import.meta.url, main);
