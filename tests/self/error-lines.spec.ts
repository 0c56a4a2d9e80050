// Covers: bad arguments to our commands, each answered by its main (run in this worker as its command
// line runs it: tests/self/commands.known.ts) with one error line and exit 2, never a stack trace. One
// row a case: the script, its arguments ($DIR a folder of the case's own holding the files named), the
// line's text. Each script's command line is started once by tests/self/e2e/commands.spec.ts.
import fs from 'node:fs';
import path from 'node:path';
import { test } from '../../fixtures/self.js';
import { runInProcess } from './commands.known.js';
import { expectOneErrorLine, inTempDir } from './support.known.js';

const SANDBOX_USAGE = 'Usage: npm run mock -- --service <name> --as-sandbox [--rps <n>] [--faults <id,id>]';
const MOCK_USAGE =
  'Usage: npm run mock -- [--service <name> [--port <n>]] [--faults <id,id>] [--header-names seed|provider] [--clock-start <ISO date-time>] [--deliver-to <origin>] [--list-faults]';

const ROWS: [script: string, args: string, line: string, files?: Record<string, string>][] = [
  ['diff', '--service card-enrollment', '--service and --to are required'],
  ['diff', '--service nope --to x.yaml', "unknown service 'nope'"],
  ['diff', '--service card-enrollment --to /no/such/file.yaml', 'cannot read /no/such/file.yaml: ENOENT'],
  ['diff', '--service card-enrollment --to package.json', 'is not an OpenAPI 3.x document'],
  ['diff', '--service card-enrollment --to README.md --from', '--from needs a value'],
  ['drift', '--service card-enrollment', '--service and --spec are required'],
  ['drift', '--service nope --spec x.yaml', "unknown service 'nope'"],
  ['drift', '--service card-enrollment --spec /no/such/file.yaml', 'cannot read /no/such/file.yaml: ENOENT'],
  ['drift', '--service card-enrollment --spec package.json', 'is not an OpenAPI 3.x document'],
  ['drift', '--service card-enrollment --spec README.md --min 101', '--min must be a percentage'],
  ['provider-facts', '--service installments', '--service and --from are required'],
  ['provider-facts', '--service nope --from package.json', "unknown service 'nope'"],
  ['provider-facts', '--service installments --from /no/such/none.yaml', 'ENOENT'],
  ['provider-facts', '--service installments --from package.json', 'is not an OpenAPI 3.x document'],
  ['bench', '--seconds 0', 'error: --seconds must be an integer from 1 to 60'],
  ['mutation', '--service nope', "unknown service 'nope'"],
  ['mutation-sample', '--service card-enrollment --count 0', "--count must be an integer of at least 1, not '0'"],
  ['mutation', '--match (', "--match must be a regular expression, not '('"],
  ['mutation-sample', '--service card-enrollment --ref no-such-ref', '--ref no-such-ref is not a commit'],
  ['mutation-sample', '--service card-enrollment --unreached --seed 3', '--unreached lists the whole population'],
  // npm run mock -- --as-sandbox: its own argument errors, before any port is taken; each line ends with the usage.
  [
    'mock',
    '--as-sandbox',
    `error: --as-sandbox needs --service <name> (one of card-enrollment, installments, financial-data). ${SANDBOX_USAGE}`,
  ],
  ['mock', '--service financial-data --as-sandbox --rps 2.5', `error: --rps must be an integer of at least 0, not '2.5'. ${SANDBOX_USAGE}`],
  // The virtual clock starts at any instant (mocks/kit/clock.ts); a value that names none is one usage line.
  [
    'mock',
    '--service financial-data --header-names finicity',
    `error: --header-names must be seed or provider, not 'finicity'. ${MOCK_USAGE}`,
  ],
  [
    'mock',
    '--service financial-data --clock-start 2026-02-31T00:00:00Z',
    `error: --clock-start: clock instant "2026-02-31T00:00:00Z" is not a calendar date. ${MOCK_USAGE}`,
  ],
  ['mock', '--port 4999', `error: --port needs exactly one --service. ${MOCK_USAGE}`],
  ['mock', '--service installments --port 0', `error: --port must be an integer from 1 to 65535, not '0'. ${MOCK_USAGE}`],
  ['replay', '--collection $DIR/nowhere.json', 'collection not found'],
  ['replay', '--collection $DIR/collection.json', 'is not JSON', { 'collection.json': '{ this is not json' }],
  [
    'replay',
    '--collection $DIR/collection.json',
    'is not a Postman v2 collection',
    { 'collection.json': JSON.stringify({ openapi: '3.1.0', paths: {} }) },
  ],
  [
    'replay',
    '--collection $DIR/collection.json --service card-enrollment',
    "unknown service 'card-enrollment' (replay knows: financial-data)",
    {
      'collection.json': JSON.stringify({
        info: { schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
        item: [],
      }),
    },
  ],
  ['replay', '', '--collection is required'],
];

const words = (args: string) => args.split(' ').filter(Boolean);

for (const [script, args, line, files = {}] of ROWS)
  test(`scripts/${[script, ...words(args)].join(' ')}${Object.keys(files).length ? ` (${Object.values(files)[0].slice(0, 20)})` : ''} answers with one error line`, async () => {
    await inTempDir('error-line-', async (dir) => {
      for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
      const { main } = (await import(`../../scripts/${script}.ts`)) as { main: Parameters<typeof runInProcess>[0] };
      const argv = words(args).map((a) => a.replace('$DIR', dir));
      expectOneErrorLine(await runInProcess(main, argv), line);
    });
  });
