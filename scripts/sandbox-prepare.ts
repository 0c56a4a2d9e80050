// `npm run sandbox:prepare -- --service <name> [--env-file .env] [--wait-seconds 900] [--complete-stand-in]`
// Makes the test data a sandbox certification reads and writes its ids to the env file (docs/sandbox.md):
// financial data's testing customer with its consumer, its accounts added through the Connect URL it
// prints, FD_LINKED_CUSTOMER_ID. Idempotent: a fit configured customer is kept (helpers/target/sandbox/prepare.ts).
// `--complete-stand-in` completes the stand-in's Connect page in Debian's chromium (never a real provider's page).
import fs from 'node:fs';
import path from 'node:path';
import { integerArg, parseArgs, serviceArgs, runMain, type CommandMain } from '../tools/cli.js';

const USAGE =
  'npm run sandbox:prepare -- --service <card-enrollment|installments|financial-data> [--env-file .env] [--wait-seconds 900] [--complete-stand-in]';

/** Sets KEY=value in a dotenv file: the line replaced where it is, else appended. */
function setEnvVar(file: string, key: string, value: string): void {
  const lines = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n') : [];
  const at = lines.findIndex((l) => l.startsWith(`${key}=`));
  if (at >= 0) lines[at] = `${key}=${value}`;
  else {
    if (lines.length && lines[lines.length - 1] === '') lines.pop();
    lines.push(`${key}=${value}`, '');
  }
  fs.writeFileSync(file, lines.join('\n'), { mode: 0o600 });
}

export const main: CommandMain = async (argv, io) => {
  const args = parseArgs(argv, { service: 'required', 'env-file': 'value', 'wait-seconds': 'value', 'complete-stand-in': 'flag' }, USAGE);
  const [service] = serviceArgs(args.service, USAGE, { one: true });
  const wait = integerArg(args['wait-seconds'], 'wait-seconds', USAGE) ?? 900;
  const envFile = path.resolve(args['env-file'] ?? '.env');
  // The configuration is read once, from this file (helpers/config/config.ts): set before it is loaded.
  process.env.DOTENV_PATH = envFile;
  if (service !== 'financial-data') {
    io.out(
      `${service}: nothing to create: its sandbox comes with registered test data (cards, keys, merchants) that .env names; npm run doctor lists what is missing.`,
    );
    return 0;
  }
  const { exitOnConfigError, suiteConfig } = await import('../helpers/config/config.js');
  exitOnConfigError(() => suiteConfig());
  const { request } = await import('@playwright/test');
  const prep = await import('../helpers/target/sandbox/prepare.js');
  const { newConsumer, newCustomer } = await import('../fixtures/examples/financial-data.js');
  const context = await request.newContext();
  try {
    const { api, partnerId } = await prep.fdSession(context);
    const configured = suiteConfig().env.FD_LINKED_CUSTOMER_ID;
    let state = configured ? await prep.linkedState(api, configured) : undefined;
    if (state && !prep.unfitness(state, partnerId) && state.missing.length === 0) {
      io.out(`financial-data: FD_LINKED_CUSTOMER_ID ${configured} is ready (account types: ${state.types.join(', ')}). Nothing to do.`);
      return 0;
    }
    let customerId: string;
    if (state && !prep.needsNewCustomer(state)) {
      // The customer is kept: what it lacks (its consumer, accounts) is added.
      customerId = configured!;
      if (!state.consumer && state.sells.consumers) {
        await prep.ensureConsumer(api, customerId, newConsumer());
        io.out(`financial-data: FD_LINKED_CUSTOMER_ID ${customerId} had no consumer: created one.`);
      }
      if (state.missing.length === 0) {
        io.out(`financial-data: FD_LINKED_CUSTOMER_ID ${configured} is ready (account types: ${state.types.join(', ')}).`);
        return 0;
      }
      io.out(
        `financial-data: FD_LINKED_CUSTOMER_ID ${customerId} lacks ${state.missing.join(', ')} accounts: adding them through Connect.`,
      );
    } else {
      if (state) {
        const why = prep.unfitness(state, partnerId) ?? `customer ${configured} has no account left`;
        // A customer this command made is deleted when replaced (its consumer stays: no operation deletes one).
        const made = state.exists && state.username?.startsWith(prep.LINKED_USERNAME_PREFIX);
        const deleted = made && (await api.call('DeleteCustomer', { path: { customerId: configured! } })).status === 204;
        io.out(`financial-data: FD_LINKED_CUSTOMER_ID ${configured}: ${why}: ${deleted ? 'deleted it, ' : ''}creating a new one.`);
      }
      customerId = await prep.createLinkableCustomer(api, newCustomer(), newConsumer());
      io.out(`financial-data: created testing customer ${customerId}${prep.sellsConsumers(api) ? ' with a consumer' : ''}.`);
    }
    setEnvVar(envFile, 'FD_LINKED_CUSTOMER_ID', customerId);
    const url = await prep.connectUrl(api, partnerId, customerId);
    if (args['complete-stand-in']) {
      const { completeStandInConnect } = await import('../helpers/target/sandbox/connect.js');
      io.out(
        `financial-data: completing the stand-in's Connect page in chromium (${prep.FINBANK_PROFILE.username} / ${prep.FINBANK_PROFILE.password} at each FinBank bank)...`,
      );
      await completeStandInConnect(url, prep.FINBANK_PROFILE);
    } else
      io.out(
        `\nOpen this Connect URL in a browser, search FinBank and sign in to each FinBank bank with the test profile user '${prep.FINBANK_PROFILE.username}', password '${prep.FINBANK_PROFILE.password}' until it has ${prep.LINKED_ACCOUNT_TYPES.join(', ')} accounts:\n\n  ${url}\n`,
      );
    const started = Date.now();
    for (;;) {
      state = await prep.linkedState(api, customerId);
      const elapsed = Math.round((Date.now() - started) / 1000);
      if (state.missing.length === 0) break;
      if (elapsed >= wait) {
        io.err(
          `financial-data: after ${elapsed} s customer ${customerId} still lacks ${state.missing.join(', ')} accounts; FD_LINKED_CUSTOMER_ID is written, run sandbox:prepare again once Connect is completed.`,
        );
        return 1;
      }
      if (process.stdout.isTTY)
        process.stdout.write(
          `\rwaiting for accounts: ${state.types.length ? state.types.join(', ') : 'none yet'} (${elapsed} s of ${wait})   `,
        );
      else if (elapsed % 30 < 3)
        io.out(`waiting for accounts: ${state.types.length ? state.types.join(', ') : 'none yet'} (${elapsed} s of ${wait})`);
      await new Promise((r) => setTimeout(r, 3000));
    }
    if (process.stdout.isTTY) process.stdout.write('\n');
    io.out(
      `financial-data: customer ${customerId} has ${state.types.join(', ')} accounts; FD_LINKED_CUSTOMER_ID=${customerId} written to ${path.relative(process.cwd(), envFile) || envFile}.`,
    );
    return 0;
  } finally {
    await context.dispose();
    (await import('../helpers/client/coverage.js')).forgetOwnCoverage();
  }
};

runMain(import.meta.url, main);
