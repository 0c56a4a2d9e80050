// `npm run sandbox:cleanup -- [--service financial-data] [--env-file .env] [--dry-run]`
// Deletes what the suite left on a sandbox: every run ledger still on disk, each with the settings that
// run read (helpers/client/guest/guest-log.ts), then every customer of the env file's partners whose
// username carries the suite's stamp, but the test data sandbox:prepare made. Prints what it deleted and
// what it could not; exit 1 when something is left.
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseDotenv } from 'dotenv';
import { parseArgs, serviceArgs, runMain, type CommandMain } from '../tools/cli.js';

const USAGE = 'npm run sandbox:cleanup -- [--service <name>[,<name>...]] [--env-file .env] [--dry-run]';

export const main: CommandMain = async (argv, io) => {
  const args = parseArgs(argv, { service: 'list', 'env-file': 'value', 'dry-run': 'flag' }, USAGE);
  const services = serviceArgs(args.service, USAGE);
  // The environment before any file is read into it: a run's own file is read over it alone.
  const shell = { ...io.env };
  if (args['env-file'] !== undefined) process.env.DOTENV_PATH = path.resolve(args['env-file']);
  const envFile = path.resolve(process.env.DOTENV_PATH || '.env');
  if (services.length && !services.includes('financial-data')) {
    io.out(
      `${services.join(', ')}: the suite creates nothing there that the API can delete (enrolled cards, plans and PAN lists have no delete operation).`,
    );
    return 0;
  }
  const { configurationMistakes, suiteConfig } = await import('../helpers/config/config.js');
  // Every mistake of the configuration first, one line each: a cleanup of another partner than the
  // one configured, or of none, deletes nothing it should.
  const mistakes = configurationMistakes(process.env);
  for (const line of mistakes.lines) io.err(line);
  if (mistakes.code) return mistakes.code;
  const env = suiteConfig().env;
  const { forgetRun, ledgerRuns, ledgerSettings, readGuestLog, unanswered, undoable } = await import(
    '../helpers/client/guest/guest-log.js'
  );
  const { politeFetch, sweepLedger } = await import('../helpers/target/sandbox/sweep.js');
  const { ownershipOf } = await import('../helpers/client/guest/ownership.js');
  const dry = Boolean(args['dry-run']);
  let deleted = 0;
  const failed: string[] = [];
  for (const run of ledgerRuns()) {
    const events = readGuestLog(run);
    // The objects with their id, and the creations sent whose answer never reached the ledger (found by the name they carry).
    const todo = [
      ...undoable(events),
      ...unanswered(events)
        .filter((e) => {
          const undo = ownershipOf(e.service, e.operationId)?.undo;
          return undo && !undo.body;
        })
        .map((e) => ({ ...e, id: e.name ? Object.values(e.name).join('/') : `unanswered ${e.operationId}` })),
    ];
    const settings = ledgerSettings(events);
    if (settings && settings !== envFile && !fs.existsSync(settings)) {
      failed.push(`run ${run}: ${todo.length} objects named with the settings of ${settings}, which no longer exists`);
      io.out(
        `run ${run}: ${todo.length} objects to delete, but its settings file ${settings} is gone (a stand-in's goes with its stand-in): name them with --env-file, or remove reports/.raw/${run}`,
      );
      continue;
    }
    // The run's own settings: its file's values, the environment for what the file does not set.
    const runEnv = settings && fs.existsSync(settings) ? Object.freeze({ ...shell, ...parseDotenv(fs.readFileSync(settings)) }) : env;
    const where = settings ? ` (settings ${settings})` : '';
    if (dry) {
      io.out(
        `run ${run}${where}: ${todo.length} objects to delete${todo.length ? ` (${todo.map((t) => `${t.kind} ${t.id}`).join(', ')})` : ''}`,
      );
      continue;
    }
    const result = await sweepLedger(run, events, runEnv);
    deleted += result.deleted;
    failed.push(...result.failed);
    if (result.failed.length === 0) forgetRun(run);
    io.out(`run ${run}${where}: ${result.deleted} deleted${result.failed.length ? `, ${result.failed.length} not` : ''}`);
  }
  // Customers carrying the stamp, of each partner of the env file, but the prepared ones.
  if (!env.FD_BASE_URL) io.out(`No FD_BASE_URL in ${envFile}: no partner's customers searched for the suite's stamp.`);
  else failed.push(...(await stampedCustomers(env, dry, io.out, (n) => (deleted += n))));
  io.out(`sandbox:cleanup: ${deleted} deleted${failed.length ? `; ${failed.length} could not be: ${failed.slice(0, 5).join('; ')}` : ''}`);
  return failed.length ? 1 : 0;

  async function stampedCustomers(
    env: import('../helpers/config/env-schema.js').Env,
    dry: boolean,
    out: (line: string) => void,
    count: (n: number) => void,
  ): Promise<string[]> {
    const { SUITE_STAMP } = await import('../helpers/client/guest/ownership.js');
    const { configuredFdHeaderNames, fdTargetFromEnv } = await import('../helpers/target/financial-data.js');
    const { loadContract } = await import('../helpers/contract/contract.js');
    const { rangeOf } = await import('../helpers/contract/facts.js');
    const target = fdTargetFromEnv(env);
    const contract = await loadContract('financial-data');
    const names = configuredFdHeaderNames(contract, env);
    const op = (id: string) => contract.operationOf(id);
    const keep = new Set([env.FD_LINKED_CUSTOMER_ID, env.FD_DISPUTED_CUSTOMER_ID].filter(Boolean));
    const json = { 'content-type': 'application/json', accept: 'application/json' };
    const failed: string[] = [];
    for (const partner of [target.partner, target.sparePartner].filter((p) => p !== undefined)) {
      const auth = await politeFetch(`${target.baseURL}${op('CreateToken').path}`, {
        method: op('CreateToken').method,
        headers: { ...json, [names.appKey]: target.appKey },
        body: JSON.stringify(partner),
      });
      if (!auth.ok) {
        failed.push(`partner ${partner.partnerId}: CreateToken answered ${auth.status}`);
        continue;
      }
      const headers = { ...json, [names.appKey]: target.appKey, [names.appToken]: ((await auth.json()) as { token: string }).token };
      const list = await politeFetch(`${target.baseURL}${op('GetCustomers').path}?limit=${rangeOf(contract, 'PageLimit').max}`, {
        headers,
      });
      const customers = list.ok
        ? (((await list.json()) as { customers?: { id: string | number; username?: string }[] }).customers ?? [])
        : [];
      const mine = customers.filter(
        (c) =>
          String(c.username ?? '').startsWith(SUITE_STAMP) &&
          !String(c.username).startsWith(`${SUITE_STAMP}-linked-`) &&
          !keep.has(String(c.id)),
      );
      for (const c of mine) {
        if (dry) {
          out(`partner ${partner.partnerId}: would delete customer ${c.id}`);
          continue;
        }
        const res = await politeFetch(`${target.baseURL}/aggregation/v1/customers/${encodeURIComponent(String(c.id))}`, {
          method: 'DELETE',
          headers,
        });
        if (res.ok || res.status === 404) count(1);
        else failed.push(`customer ${c.id}: DeleteCustomer answered ${res.status}`);
      }
      if (!dry) out(`partner ${partner.partnerId}: ${mine.length} stamped customers found${mine.length ? ' and deleted' : ''}`);
    }
    return failed;
  }
};

runMain(import.meta.url, main);
