// `npm run doctor [-- --offline] [--service <name>[,<name>...]]`: every mistake of the configuration as written (helpers/config/config.ts,
// configurationMistakes), then what the configured target lacks before a run, and online whether the
// target itself is ready and holds the test data the settings describe (helpers/run/doctor.ts).
// Exit 0 when every configured service can run, 1 when one cannot, 2 on a malformed value or a
// mistake of the configuration as written.
import { configOf, configurationMistakes } from '../helpers/config/config.js';
import { SANDBOX_SERVICES } from '../helpers/config/env-schema.js';
import { doctor } from '../helpers/run/doctor.js';
import { parseArgs, runMain, serviceArgs, type CommandMain } from '../tools/cli.js';

export const main: CommandMain = async (argv, io) => {
  const usage = 'npm run doctor -- [--offline] [--service <name>[,<name>...]]';
  const args = parseArgs(argv, { offline: 'flag', service: 'list' }, usage);
  const services = serviceArgs(args.service, usage, { known: SANDBOX_SERVICES });
  // Said first: a .env in the wrong folder, a misspelt name or a value the .env parser changed makes
  // every line below describe another configuration than the one the user wrote.
  const mistakes = configurationMistakes(io.env);
  for (const line of mistakes.lines) io.err(line);
  if (mistakes.code) {
    // Every bad value of the configured services too, so that one run names every mistake.
    const more = configurationMistakes(
      io.env,
      io.env.TARGET === 'sandbox' ? (services.length ? services : SANDBOX_SERVICES) : [],
    ).lines.filter((l) => !mistakes.lines.includes(l));
    for (const line of more) io.err(line);
    return mistakes.code;
  }
  const report = await doctor(configOf(io.env).env, { offline: Boolean(args.offline), services });
  for (const line of report.lines) io.out(line);
  return report.code;
};

runMain(import.meta.url, main);
