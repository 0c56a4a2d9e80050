// `npm run certify [-- --service <name>]`: runs the suite against the configured target (TARGET in
// .env: mock by default, or sandbox), writes reports/certification.{md,json}, reports/coverage.{md,json}
// and the Allure results, and prints the verdict. Exit code: 0 only when every check passed.
import fs from 'node:fs';
import { exitOnConfigError, suiteConfig } from '../helpers/config.js';
import { SERVICES } from '../helpers/services.js';
import { parseArgs, playwright, runMain, UsageError } from './lib/cli.js';

const USAGE = 'npm run certify -- [--service <name>]';

runMain(async () => {
  const args = parseArgs(process.argv.slice(2), { service: 'value' }, USAGE);
  const settings = exitOnConfigError(() => suiteConfig());
  const services = SERVICES.filter((s) => !args.service || s.name === args.service);
  if (services.length === 0) throw new UsageError(`unknown service '${args.service}' (known: ${SERVICES.map((s) => s.name).join(', ')})`);
  const projects = args.service ? ['--project', String(args.service)] : [];
  console.log(`Certifying ${services.map((s) => s.name).join(', ')} against TARGET=${settings.target}...`);
  const run = await playwright(projects, {}, true, 80 * 60_000);
  if (!fs.existsSync('reports/certification.md')) {
    console.error('no certification report was written (the run stopped before any check)');
    return run.code || 1;
  }
  const cert = JSON.parse(fs.readFileSync('reports/certification.json', 'utf8'));
  console.log(`\nVERDICT: ${cert.verdict} for ${cert.target} (${run.seconds.toFixed(0)}s). Read reports/certification.md; \`npm run report\` renders the Allure report.`);
  return run.code;
});
