// `npm run mock [-- --service <name>] [--faults id,id] [--deliver-to <origin>]`: the embedded mocks
// standalone on fixed ports; the test clients' credentials go to .mock/credentials.json, never to the
// console. Deliveries addressed off this machine go to a loopback receiver printing one line each
// (never the body). `--as-sandbox [--rps <n>]`: one mock as the sandbox stand-in (mocks/stand-in.ts),
// its .env variables in .mock/stand-in-<service>.env (mode 0600). Runs until Ctrl-C, a SIGTERM or
// the end of its npm (helpers/run/parent-watch.ts), then closes its servers.
import fs from 'node:fs';
import http from 'node:http';
import { ClockError, parseClockInstant } from '../mocks/kit/clock.js';
import { MOCKS, unknownFaultsMessage, type MockEntry } from '../mocks/index.js';
import { freeLocalPort, startStandIn, toDotenv, type StandInService } from '../mocks/stand-in.js';
import { configOf, FD_HEADER_NAMINGS } from '../helpers/config/config.js';
import { watchParent } from '../helpers/run/parent-watch.js';
import { loadContract } from '../helpers/contract/contract.js';
import { fdHeaderNames, type HeaderNaming } from '../helpers/contract/facts.js';
import { integerArg, listArg, parseArgs, serviceArgs, runMain, UsageError, type CommandIo, type CommandMain } from '../tools/cli.js';

const USAGE =
  'npm run mock -- [--service <name> [--port <n>]] [--faults <id,id>] [--header-names seed|provider] [--clock-start <ISO date-time>] [--deliver-to <origin>] [--list-faults]';
/** The stand-in's form, named by the errors of its own arguments (USAGE stays the plain mock's). */
const SANDBOX_USAGE = 'npm run mock -- --service <name> --as-sandbox [--rps <n>] [--faults <id,id>]';

export const main: CommandMain = async (argv, io) => {
  const args = parseArgs(
    argv,
    {
      service: 'list',
      faults: 'value',
      'header-names': 'value',
      'clock-start': 'value',
      'list-faults': 'flag',
      'as-sandbox': 'flag',
      rps: 'value',
      'deliver-to': 'value',
      port: 'value',
    },
    USAGE,
  );
  if (args['list-faults']) {
    // Every fault id per service, with the rule it breaks (what MOCK_FAULTS and --faults accept).
    const listed = serviceArgs(args.service, USAGE, { known: MOCKS.map((m) => m.service) });
    for (const mock of MOCKS.filter((m) => !listed.length || listed.includes(m.service))) {
      io.out(`${mock.service} (${mock.faults.length})`);
      for (const f of mock.faults) io.out(`  ${f.id.padEnd(48)} ${f.rule}`);
    }
    return 0;
  }
  // The stand-in needs one service; checked before anything else is looked at.
  if (args['as-sandbox'] && !args.service.length)
    throw new UsageError(`--as-sandbox needs --service <name> (one of ${MOCKS.map((m) => m.service).join(', ')}). Usage: ${SANDBOX_USAGE}`);
  const services = serviceArgs(args.service, args['as-sandbox'] ? SANDBOX_USAGE : USAGE, {
    known: MOCKS.map((m) => m.service),
    one: Boolean(args['as-sandbox']),
  });
  const selected = MOCKS.filter((m) => !services.length || services.includes(m.service));
  // --faults, else MOCK_FAULTS as a test run reads it: a fault named either way is never silently dropped.
  const faults = listArg(args.faults ?? process.env.MOCK_FAULTS);
  const unknown = unknownFaultsMessage(faults);
  if (unknown) throw new UsageError(args.faults !== undefined ? unknown.replace('MOCK_FAULTS', '--faults') : unknown);
  if (args['as-sandbox']) return standIn(selected, args, faults, io);
  // The virtual clock's start (mocks/kit/clock.ts): any instant, earlier than today too.
  const clockStart = args['clock-start'];
  if (clockStart !== undefined) {
    if (typeof clockStart !== 'string') throw new UsageError(`--clock-start needs a value. Usage: ${USAGE}`);
    try {
      parseClockInstant(clockStart);
    } catch (error) {
      if (error instanceof ClockError) throw new UsageError(`--clock-start: ${error.message}. Usage: ${USAGE}`);
      throw error;
    }
  }
  if (args.rps !== undefined) throw new UsageError(`--rps applies only with --as-sandbox. Usage: ${SANDBOX_USAGE}`);
  // Another port than the service's fixed one, so that two mocks of one service run side by side (two clones, two people).
  const port = integerArg(args.port as string | undefined, 'port', USAGE, 1, 65535);
  if (port !== undefined && selected.length !== 1) throw new UsageError(`--port needs exactly one --service. Usage: ${USAGE}`);
  const deliverTo = args['deliver-to'];
  if (deliverTo !== undefined && !/^https?:\/\/[^/?#\s]+\/?$/.test(deliverTo))
    throw new UsageError(`--deliver-to must be an http(s) origin such as http://127.0.0.1:9000, not '${deliverTo}'. Usage: ${USAGE}`);
  // Financial data security header names: --header-names, else FD_HEADER_NAMES (seed names by default).
  const names = args['header-names'];
  if (names !== undefined && !(FD_HEADER_NAMINGS as readonly string[]).includes(names))
    throw new UsageError(`--header-names must be seed or provider, not '${names}'. Usage: ${USAGE}`);
  const choice = configOf(io.env).fdHeaders;
  const headerNames = fdHeaderNames(
    await loadContract('financial-data'),
    (names as HeaderNaming | undefined) ?? choice.naming,
    names !== undefined ? {} : choice.overrides,
  );
  const receiver = deliverTo !== undefined ? undefined : await startReceiver(io);
  const divertTo = deliverTo !== undefined ? new URL(deliverTo).origin : receiver!.origin;
  const credentials: Record<string, unknown> = {};
  const handles = [];
  for (const mock of selected) {
    // headerNames: read by the financial data mock only.
    const options = { faults, port: port ?? mock.port, headerNames, ...(clockStart !== undefined ? { clockStart } : {}) };
    const handle = await onPort(options.port, () => mock.start(options));
    handle.context.deliveries.divertTo = divertTo;
    handles.push(handle);
    credentials[mock.service] = { baseURL: handle.baseURL, origin: handle.origin, ...(handle.context.credentials?.() ?? {}) };
    const extra = mock.service === 'financial-data' ? `   headers: ${headerNames.appKey} / ${headerNames.appToken}` : '';
    io.out(`${mock.service.padEnd(18)} ${handle.baseURL}   (control: ${handle.origin}/__mock/state)${extra}`);
  }
  fs.mkdirSync('.mock', { recursive: true });
  fs.writeFileSync('.mock/credentials.json', JSON.stringify(credentials, null, 2), { mode: 0o600 });
  io.out(
    `\nTest credentials (API keys, receipts): .mock/credentials.json${faults.length ? `\nActive faults: ${faults.join(', ')}` : ''}` +
      `\nDeliveries addressed off this machine go to ${receiver ? `the receiver at ${divertTo}, which prints each` : divertTo}.\nCtrl-C to stop.`,
  );
  await untilStopped();
  await Promise.all(handles.map((h) => h.close()));
  receiver?.server.close();
  return 0;
};

/** A server started on its fixed port; a port in use is one line. */
async function onPort<T>(port: number, start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (error) {
    if ((error as { code?: string }).code === 'EADDRINUSE')
      throw new Error(`port ${port} is in use (is another \`npm run mock\` running?)`);
    throw error;
  }
}

/** Until Ctrl-C, a SIGTERM (taken as one) or the end of the npm that started this command (its pid in PARENT_PID_ENV). */
function untilStopped(): Promise<void> {
  watchParent();
  return new Promise((resolve) => process.once('SIGINT', () => resolve()));
}

/** The loopback receiver of the standalone mocks' deliveries: answers 200 and prints one line each (no body: it may hold secrets). */
async function startReceiver(io: CommandIo): Promise<{ origin: string; server: http.Server }> {
  const server = http.createServer((req, res) => {
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
    });
    req.on('end', () => {
      io.out(`delivery: ${req.method} ${String(req.url).split('?')[0]} (${size} bytes) received by the loopback receiver`);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return { origin: `http://127.0.0.1:${address.port}`, server };
}

runMain(import.meta.url, main);

/** --as-sandbox: the one service as the stand-in of its sandbox, until Ctrl-C. */
async function standIn(
  selected: MockEntry[],
  args: Record<string, string[] | string | boolean | undefined>,
  faults: string[],
  io: CommandIo,
): Promise<number> {
  const [mock] = selected;
  if (args['clock-start'] !== undefined)
    throw new UsageError(`--clock-start does not apply with --as-sandbox (a sandbox runs on real time). Usage: ${SANDBOX_USAGE}`);
  if (args['header-names'] !== undefined)
    throw new UsageError(
      `--header-names does not apply with --as-sandbox (the stand-in expects the provider's names). Usage: ${SANDBOX_USAGE}`,
    );
  // Requests per second; 0: no limit.
  const rps = integerArg(args.rps as string | undefined, 'rps', SANDBOX_USAGE);
  const handle = await onPort(mock.port, () =>
    startStandIn(mock.service as StandInService, { port: mock.port, faults, requestsPerSecond: rps ?? 0 }),
  );
  // The variables hold keys and secrets: a file only its owner reads, never the console.
  const file = `.mock/stand-in-${mock.service}.env`;
  fs.mkdirSync('.mock', { recursive: true });
  // The provider's values, then the user's own side (the listener behind its public URL, the issuer to certify).
  fs.writeFileSync(file, toDotenv({ ...handle.env(), ...handle.userSide(await freeLocalPort()) }), { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  const limit = rps ? `, at most ${rps} requests per second per client` : '';
  io.out(`${mock.service.padEnd(18)} ${handle.baseURL}   (sandbox stand-in: no control surface${limit})`);
  if (mock.service === 'financial-data')
    io.out('Connect links are https on the same port, with a self-signed certificate: accept it in the browser.');
  io.out(`\nSandbox variables (TARGET=sandbox): ${file}${faults.length ? `\nActive faults: ${faults.join(', ')}` : ''}\nCtrl-C to stop.`);
  await untilStopped();
  await handle.close();
  return 0;
}
