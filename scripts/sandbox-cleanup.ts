// `npm run sandbox:cleanup -- [--service financial-data] [--env-file .env] [--dry-run]`
// Deletes what the suite left on the configured sandbox: first every run ledger still on disk (a
// run that was killed before its end; helpers/client/guest/guest-log.ts), then every customer of the
// configured partners whose username carries the suite's stamp (a ledger that was lost), except the
// test data `npm run sandbox:prepare` made (FD_LINKED_CUSTOMER_ID and the like). Prints what it
// deleted and what it could not; exit 1 when something is left.
import path from 'node:path';
import { parseArgs, runMain, UsageError, type CommandMain } from '../tools/cli.js';

const USAGE = 'npm run sandbox:cleanup -- [--service financial-data] [--env-file .env] [--dry-run]';

export const main: CommandMain = async (argv, io) => {
  const args = parseArgs(argv, { service: 'value', 'env-file': 'value', 'dry-run': 'flag' }, USAGE);
  if (args.service !== undefined && !['card-enrollment', 'installments', 'financial-data'].includes(String(args.service)))
    throw new UsageError(`unknown service '${args.service}'. Usage: ${USAGE}`);
  process.env.DOTENV_PATH = path.resolve(typeof args['env-file'] === 'string' ? args['env-file'] : '.env');
  if (args.service && args.service !== 'financial-data') {
    io.out(
      `${args.service}: the suite creates nothing there that the API can delete (enrolled cards, plans and PAN lists have no delete operation).`,
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
  if (!env.FD_BASE_URL) throw new UsageError('FD_BASE_URL is not set in the env file: nothing to clean');
  const { forgetLedger, ledgerRuns, readGuestLog, undoable } = await import('../helpers/client/guest/guest-log.js');
  const { politeFetch, sweepLedger } = await import('../helpers/target/sandbox/sweep.js');
  const { SUITE_STAMP } = await import('../helpers/client/guest/ownership.js');
  const { configuredFdHeaderNames, fdTargetFromEnv } = await import('../helpers/target/financial-data.js');
  const { loadContract } = await import('../helpers/contract/contract.js');
  const { rangeOf } = await import('../helpers/contract/facts.js');
  const dry = Boolean(args['dry-run']);
  let deleted = 0;
  const failed: string[] = [];
  for (const run of ledgerRuns()) {
    const todo = undoable(readGuestLog(run));
    if (dry) {
      io.out(`run ${run}: ${todo.length} objects to delete (${todo.map((t) => `${t.kind} ${t.id}`).join(', ')})`);
      continue;
    }
    const result = await sweepLedger(run);
    deleted += result.deleted;
    failed.push(...result.failed);
    if (result.failed.length === 0) forgetLedger(run);
    io.out(`run ${run}: ${result.deleted} deleted${result.failed.length ? `, ${result.failed.length} not` : ''}`);
  }
  // Customers carrying the stamp, of each configured partner, but the prepared ones.
  const target = fdTargetFromEnv();
  const contract = await loadContract('financial-data');
  const names = configuredFdHeaderNames(contract);
  const op = (id: string) => contract.operationOf(id);
  const keep = new Set([env.FD_LINKED_CUSTOMER_ID, env.FD_DISPUTED_CUSTOMER_ID].filter(Boolean));
  const json = { 'content-type': 'application/json', accept: 'application/json' };
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
    const list = await politeFetch(`${target.baseURL}${op('GetCustomers').path}?limit=${rangeOf(contract, 'PageLimit').max}`, { headers });
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
        io.out(`partner ${partner.partnerId}: would delete customer ${c.id}`);
        continue;
      }
      const res = await politeFetch(`${target.baseURL}/aggregation/v1/customers/${encodeURIComponent(String(c.id))}`, {
        method: 'DELETE',
        headers,
      });
      if (res.ok || res.status === 404) deleted++;
      else failed.push(`customer ${c.id}: DeleteCustomer answered ${res.status}`);
    }
    if (!dry) io.out(`partner ${partner.partnerId}: ${mine.length} stamped customers found${mine.length ? ' and deleted' : ''}`);
  }
  io.out(`sandbox:cleanup: ${deleted} deleted${failed.length ? `; ${failed.length} could not be: ${failed.slice(0, 5).join('; ')}` : ''}`);
  return failed.length ? 1 : 0;
};

runMain(import.meta.url, main);
