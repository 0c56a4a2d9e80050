// `npm run doctor [-- --offline]`: what the configured target lacks before a run, and online
// whether the target itself is ready (helpers/run/doctor.ts). Exit 0 when every configured service
// can run, 1 when one cannot, 2 on a malformed value.
import { configOrSay, dotenvProblem } from '../helpers/config/config.js';
import { doctor } from '../helpers/run/doctor.js';
import { parseArgs, runMain, type CommandMain } from '../tools/cli.js';

export const main: CommandMain = async (argv, io) => {
  const args = parseArgs(argv, { offline: 'flag' }, 'npm run doctor -- [--offline]');
  // A .env in the wrong folder is read by nothing: said first, or every line below describes the mocks.
  const misplaced = dotenvProblem(io.env);
  if (misplaced) io.err(`configuration file: ${misplaced}`);
  const settings = configOrSay(io.env, io.err);
  if (!settings) return 2;
  const report = await doctor(settings.env, { offline: Boolean(args.offline) });
  for (const line of report.lines) io.out(line);
  return report.code;
};

runMain(import.meta.url, main);
