// `npm run mutation [-- --service <name>] [--fault <id>]`: runs each service's project once per
// fault of its mock (MOCK_FAULTS=<id>) and prints which faults the suite caught. It first checks
// that the fault-free run is green: a suite that fails a correct target proves nothing.
import fs from 'node:fs';
import path from 'node:path';
import { MOCKS } from '../mocks/index.js';
import { parseArgs, playwright, runMain, UsageError } from './lib/cli.js';

const USAGE = 'npm run mutation -- [--service <name>] [--fault <id>] [--blind]';

interface Outcome { service: string; fault: string; rule: string; source: string; blind: boolean; caught: boolean; seconds: number; firstFailure?: string }

function firstFailure(output: string): string | undefined {
  const line = output.split('\n').find((l) => /^\s+\d+\) \[/.test(l));
  return line?.trim().replace(/\s+/g, ' ').slice(0, 160);
}

runMain(async () => {
  const args = parseArgs(process.argv.slice(2), { service: 'value', fault: 'value', blind: 'flag' }, USAGE);
  const mocks = MOCKS.filter((m) => !args.service || m.service === args.service);
  if (mocks.length === 0) throw new UsageError(`unknown service '${args.service}' (known: ${MOCKS.map((m) => m.service).join(', ')})`);
  const env = { TARGET: 'mock', SUITE_KEEP_REPORTS: '1', MOCK_FAULTS: '' };
  const outcomes: Outcome[] = [];
  for (const mock of mocks) {
    // --blind: only the faults written blind (the independent measure); otherwise the whole catalogue.
    const faults = mock.faults.filter((f) => f.mutation !== false && (!args.fault || f.id === args.fault) && (!args.blind || f.origin === 'blind'));
    if (args.fault && faults.length === 0) continue;
    process.stdout.write(`${mock.service}: fault-free run... `);
    const clean = await playwright(['--project', mock.service, '--reporter=dot'], env, false);
    if (clean.code !== 0) {
      console.log(`RED (${clean.seconds.toFixed(0)}s)\n${clean.output.split('\n').slice(-30).join('\n')}`);
      console.error(`${mock.service}: the fault-free run fails, so the mutation run would prove nothing. Fix it first.`);
      return 1;
    }
    console.log(`green (${clean.seconds.toFixed(0)}s)`);
    for (const fault of faults) {
      const run = await playwright(['--project', mock.service, '--reporter=line', '--max-failures=1'], { ...env, MOCK_FAULTS: fault.id }, false);
      const outcome = { service: mock.service, fault: fault.id, rule: fault.rule, source: fault.source, blind: fault.origin === 'blind', caught: run.code !== 0, seconds: run.seconds, firstFailure: firstFailure(run.output) };
      outcomes.push(outcome);
      console.log(`  ${outcome.caught ? 'caught' : 'MISSED'}  ${fault.id.padEnd(40)} ${fault.rule}${outcome.caught && outcome.firstFailure ? `\n          by ${outcome.firstFailure}` : ''}`);
    }
  }
  if (args.fault && outcomes.length === 0) throw new UsageError(`unknown fault '${args.fault}'`);
  const caught = outcomes.filter((o) => o.caught).length;
  const ratio = outcomes.length ? ((caught / outcomes.length) * 100).toFixed(1) : '0';
  const blind = outcomes.filter((o) => o.blind);
  const blindLine = blind.length ? ` Faults written blind: caught ${blind.filter((o) => o.caught).length}/${blind.length}.` : '';
  const lines = ['# Mutation run', '', `Caught ${caught}/${outcomes.length} faults (${ratio}%).${blindLine}`, '', '| service | fault | rule | source | written blind | result |', '|---|---|---|---|---|---|'];
  for (const o of outcomes) lines.push(`| ${o.service} | ${o.fault} | ${o.rule} | ${o.source} | ${o.blind ? 'yes' : ''} | ${o.caught ? 'caught' : '**missed**'} |`);
  const dir = path.resolve('reports');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'mutation.md'), `${lines.join('\n')}\n`);
  fs.writeFileSync(path.join(dir, 'mutation.json'), JSON.stringify({ caught, total: outcomes.length, outcomes }, null, 2));
  console.log(`\nMutation: caught ${caught}/${outcomes.length} faults (${ratio}%).${blindLine} -> reports/mutation.md`);
  return caught === outcomes.length ? 0 : 1;
});
