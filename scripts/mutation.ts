// `npm run mutation [-- --service <name>] [--fault <id>] [--match <regex>] [--blind] [--targeted] [--jobs <n>]`: runs
// each service's project against each fault of its mock (MOCK_FAULTS=<id>) and prints which faults
// the suite caught. It first checks that the fault-free run is green: a suite that fails a correct
// target proves nothing.
// Full mode (the default, the reference measure): the whole project per fault, one run at a time.
// --targeted (issue 14): per fault only the spec files citing one of the rules it breaks (its
// `rules`, read through `playwright test --list`) plus the service's @smoke tests, several faults at
// once (--jobs, default 2, each Playwright process with one worker: on 2 cores two single-worker
// runs beat one two-worker run, whose start-up is mostly serial). A fault without rules runs the
// whole project. A fault the targeted run misses is run again against the whole project, so a
// targeted verdict never says "missed" where the full run would say "caught"; when that second run
// catches it, the report names the fault: its rules are incomplete, or the catching spec cites none.
import fs from 'node:fs';
import path from 'node:path';
import { MOCKS } from '../mocks/index.js';
import type { Fault } from '../mocks/kit/faults.js';
import { parseArgs, playwright, runMain, UsageError, type RunResult } from './lib/cli.js';
import { listService, selectionArgs, selectTests, type ListedTest, type Selection } from './lib/mutation-targets.js';

const USAGE = 'npm run mutation -- [--service <name>] [--fault <id>] [--match <regex>] [--blind] [--targeted [--no-rerun]] [--jobs <n>]';

interface Outcome {
  service: string; fault: string; rule: string; source: string; blind: boolean; caught: boolean; seconds: number; firstFailure?: string;
  rules?: string[];
  /** What ran: 'service' (the whole project), or the spec files and smoke tests of the fault's rules. */
  ran: 'service' | Selection;
  /** Targeted mode: missed by its selection, caught by the whole project (a gap in the fault's rules or the citations). */
  caughtOutsideSelection?: boolean;
}

function firstFailure(output: string): string | undefined {
  const line = output.split('\n').find((l) => /^\s+\d+\) \[/.test(l));
  return line?.trim().replace(/\s+/g, ' ').slice(0, 160);
}

/** Runs `work` over `items` with at most `jobs` at a time; `slot` tells the concurrent runs apart. */
async function pool<T>(items: T[], jobs: number, work: (item: T, slot: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(jobs, items.length) }, async (_, slot) => {
    while (next < items.length) await work(items[next++], slot);
  }));
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const ranText = (ran: Outcome['ran']) => (ran === 'service' ? 'whole service' : `${plural(ran.files.length, 'spec file')} + @smoke (${plural(ran.smoke.length, 'place')})`);

runMain(async () => {
  const args = parseArgs(process.argv.slice(2), { service: 'value', fault: 'value', match: 'value', blind: 'flag', targeted: 'flag', 'no-rerun': 'flag', jobs: 'value' }, USAGE);
  const mocks = MOCKS.filter((m) => !args.service || m.service === args.service);
  if (mocks.length === 0) throw new UsageError(`unknown service '${args.service}' (known: ${MOCKS.map((m) => m.service).join(', ')})`);
  const targeted = Boolean(args.targeted);
  const jobs = args.jobs === undefined ? (targeted ? 2 : 1) : Number(args.jobs);
  if (!Number.isInteger(jobs) || jobs < 1) throw new UsageError(`--jobs must be a positive integer, not '${args.jobs}'. Usage: ${USAGE}`);
  // --match: only the faults whose id matches (e.g. '^blind-report' for one part's blind faults).
  let match: RegExp | undefined;
  try {
    match = args.match === undefined ? undefined : new RegExp(String(args.match));
  } catch {
    throw new UsageError(`--match must be a regular expression, not '${args.match}'. Usage: ${USAGE}`);
  }
  const env = { TARGET: 'mock', SUITE_KEEP_REPORTS: '1', MOCK_FAULTS: '' };
  const started = Date.now();
  const outcomes: Outcome[] = [];

  // Each concurrent run has its own output folder: Playwright empties its folder at start, and other
  // runs in this work tree use test-results/ itself. With several runs at once, one worker each.
  const run = (service: string, fault: string, filters: string[], slot: number): Promise<RunResult> => playwright([
    `--project=${service}`, '--reporter=line', '--max-failures=1', `--output=test-results/mutation/${slot}`,
    ...(jobs > 1 ? ['--workers=1'] : []), ...filters,
  ], { ...env, MOCK_FAULTS: fault }, false).then((r) => {
    if (/No tests found/.test(r.output)) throw new Error(`${service} ${fault}: the selection ${filters.join(' ')} matches no test`);
    return r;
  });

  for (const mock of mocks) {
    // --blind: only the faults written blind (the independent measure); otherwise the whole catalogue.
    const faults = mock.faults.filter((f) => f.mutation !== false && (!args.fault || f.id === args.fault) && (!match || match.test(f.id)) && (!args.blind || f.origin === 'blind'));
    if ((args.fault || match) && faults.length === 0) continue;
    process.stdout.write(`${mock.service}: fault-free run... `);
    const [clean, listing] = await Promise.all([
      playwright([`--project=${mock.service}`, '--reporter=dot', '--output=test-results/mutation/clean'], env, false),
      targeted ? listService(mock.service, env) : Promise.resolve([] as ListedTest[]),
    ]);
    if (clean.code !== 0) {
      console.log(`RED (${clean.seconds.toFixed(0)}s)\n${clean.output.split('\n').slice(-30).join('\n')}`);
      console.error(`${mock.service}: the fault-free run fails, so the mutation run would prove nothing. Fix it first.`);
      return 1;
    }
    console.log(`green (${clean.seconds.toFixed(0)}s)`);
    const mine: Outcome[] = [];
    await pool(faults, jobs, async (fault: Fault, slot) => {
      const selection = targeted ? selectTests(listing, fault.rules) : undefined;
      let result = await run(mock.service, fault.id, selection ? selectionArgs(selection) : [], slot);
      let seconds = result.seconds;
      let caughtOutsideSelection: boolean | undefined;
      // --no-rerun: a quick measure; a fault its selection misses stays missed (the report says so).
      if (selection && result.code === 0 && !args['no-rerun']) {
        result = await run(mock.service, fault.id, [], slot);
        seconds += result.seconds;
        caughtOutsideSelection = result.code !== 0;
      }
      const outcome: Outcome = {
        service: mock.service, fault: fault.id, rule: fault.rule, source: fault.source, blind: fault.origin === 'blind', caught: result.code !== 0,
        seconds, firstFailure: firstFailure(result.output), rules: fault.rules, ran: selection ?? 'service', ...(caughtOutsideSelection !== undefined ? { caughtOutsideSelection } : {}),
      };
      mine.push(outcome);
      const by = outcome.caught && outcome.firstFailure ? `\n          by ${outcome.firstFailure}` : '';
      const gap = caughtOutsideSelection ? ' (only by the whole service: see its rules)' : '';
      console.log(`  ${outcome.caught ? 'caught' : 'MISSED'}  ${fault.id.padEnd(40)} ${seconds.toFixed(0).padStart(4)}s ${targeted ? ranText(outcome.ran) : ''}${gap}${by}`);
    });
    // Concurrent runs finish in any order: the report keeps the catalogue's.
    outcomes.push(...faults.flatMap((f) => mine.filter((o) => o.fault === f.id)));
  }
  if (args.fault && outcomes.length === 0) throw new UsageError(`unknown fault '${args.fault}'`);
  if (match && outcomes.length === 0) throw new UsageError(`no fault id matches --match '${args.match}'`);
  const wallSeconds = Math.round((Date.now() - started) / 1000);
  const mode = targeted ? `targeted, ${jobs} at a time${args['no-rerun'] ? ', missed faults not rerun against the whole service (a missed may be caught elsewhere)' : ''}` : `full${jobs > 1 ? `, ${jobs} at a time` : ''}`;
  const caught = outcomes.filter((o) => o.caught).length;
  const ratio = outcomes.length ? ((caught / outcomes.length) * 100).toFixed(1) : '0';
  const blind = outcomes.filter((o) => o.blind);
  const blindLine = blind.length ? ` Faults written blind: caught ${blind.filter((o) => o.caught).length}/${blind.length}.` : '';
  const gaps = outcomes.filter((o) => o.caughtOutsideSelection);
  const gapLine = gaps.length ? `\n\nCaught only by the whole service (their rules' specs missed them): ${gaps.map((o) => `${o.fault} (${o.firstFailure ?? '?'})`).join('; ')}.` : '';
  const lines = ['# Mutation run', '', `Mode: ${mode}; ${wallSeconds} s.`, '', `Caught ${caught}/${outcomes.length} faults (${ratio}%).${blindLine}${gapLine}`, '',
    '| service | fault | rule | source | written blind | result | ran |', '|---|---|---|---|---|---|---|'];
  for (const o of outcomes) lines.push(`| ${o.service} | ${o.fault} | ${o.rule} | ${o.source} | ${o.blind ? 'yes' : ''} | ${o.caught ? 'caught' : '**missed**'} | ${ranText(o.ran)}${o.caughtOutsideSelection !== undefined ? ', then the whole service' : ''} |`);
  const dir = path.resolve('reports');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'mutation.md'), `${lines.join('\n')}\n`);
  fs.writeFileSync(path.join(dir, 'mutation.json'), JSON.stringify({ mode: targeted ? 'targeted' : 'full', jobs, wallSeconds, caught, total: outcomes.length, outcomes }, null, 2));
  console.log(`\nMutation (${mode}): caught ${caught}/${outcomes.length} faults (${ratio}%) in ${wallSeconds} s.${blindLine}${gaps.length ? ` ${gaps.length} caught only by the whole service.` : ''} -> reports/mutation.md`);
  return caught === outcomes.length ? 0 : 1;
});
