// `npm run mock [-- --service <name>] [--faults id,id]`: the embedded mocks standalone on fixed
// ports, for people integrating by hand. Prints each base URL; the credentials of the mocks' test
// clients go to .mock/credentials.json (git-ignored), never to the console.
import fs from 'node:fs';
import { FaultError } from '../mocks/kit/faults.js';
import { MOCKS, unknownFaultsMessage } from '../mocks/index.js';
import { FD_HEADER_NAME_SETS, suiteConfig, type FdHeaderNames } from '../helpers/config.js';
import { parseArgs, runMain, UsageError } from './lib/cli.js';

const USAGE = 'npm run mock -- [--service <name>] [--faults <id,id>] [--header-names seed|provider] [--list-faults]';

runMain(async () => {
  const args = parseArgs(process.argv.slice(2), { service: 'value', faults: 'value', 'header-names': 'value', 'list-faults': 'flag' }, USAGE);
  if (args['list-faults']) {
    // Every fault id per service, with the rule it breaks (what MOCK_FAULTS and --faults accept).
    for (const mock of MOCKS.filter((m) => !args.service || m.service === args.service)) {
      console.log(`${mock.service} (${mock.faults.length})`);
      for (const f of mock.faults) console.log(`  ${f.id.padEnd(48)} ${f.rule}`);
    }
    return 0;
  }
  // Financial data security header names: --header-names, else FD_HEADER_NAMES (seed names by default).
  const names = args['header-names'];
  if (typeof names === 'string' && !(names in FD_HEADER_NAME_SETS)) throw new UsageError(`--header-names must be seed or provider, not '${names}'. Usage: ${USAGE}`);
  const headerNames: FdHeaderNames = typeof names === 'string' ? FD_HEADER_NAME_SETS[names as keyof typeof FD_HEADER_NAME_SETS] : suiteConfig().fdHeaderNames;
  const selected = MOCKS.filter((m) => !args.service || m.service === args.service);
  if (selected.length === 0) throw new UsageError(`unknown service '${args.service}' (known: ${MOCKS.map((m) => m.service).join(', ')})`);
  const faults = typeof args.faults === 'string' ? args.faults.split(',').map((f) => f.trim()).filter(Boolean) : [];
  const unknown = unknownFaultsMessage(faults);
  if (unknown) throw new UsageError(unknown.replace('MOCK_FAULTS', '--faults'));
  const credentials: Record<string, unknown> = {};
  const handles = [];
  for (const mock of selected) {
    try {
      const options = { faults, port: mock.port, headerNames }; // headerNames: read by the financial data mock only
      const handle = await mock.start(options);
      handles.push(handle);
      credentials[mock.service] = { baseURL: handle.baseURL, origin: handle.origin, ...(handle.context.credentials?.() ?? {}) };
      const extra = mock.service === 'financial-data' ? `   headers: ${headerNames.appKey} / ${headerNames.appToken}` : '';
      console.log(`${mock.service.padEnd(18)} ${handle.baseURL}   (control: ${handle.origin}/__mock/state)${extra}`);
    } catch (error) {
      if (error instanceof FaultError) throw error;
      const code = (error as { code?: string }).code;
      if (code === 'EADDRINUSE') throw new Error(`port ${mock.port} is in use (is another \`npm run mock\` running?)`);
      throw error;
    }
  }
  fs.mkdirSync('.mock', { recursive: true });
  fs.writeFileSync('.mock/credentials.json', JSON.stringify(credentials, null, 2), { mode: 0o600 });
  console.log(`\nTest credentials (API keys, receipts): .mock/credentials.json${faults.length ? `\nActive faults: ${faults.join(', ')}` : ''}\nCtrl-C to stop.`);
  await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
  await Promise.all(handles.map((h) => h.close()));
  return 0;
});
