// `npm run mutation [-- --service <name>] [--fault <id>] [--match <regex>] [--blind] [--targeted [--no-rerun] [--confirm] [--attribute]] [--jobs <n>]`:
// runs each service's project against each fault of its mock and prints which faults the suite caught,
// after a green fault-free run (docs/mutation.md). Full mode: the whole project per fault, one
// Playwright process each (MOCK_FAULTS=<id>). --targeted: per fault the spec files citing its rules,
// then the @smoke tests, batched in lanes (tools/mutation/lanes.ts); a fault both miss runs again in
// full mode (unless --no-rerun), and a catch there is named. --confirm repeats each catch alone.
// --attribute (targeted): each caught fault's spec files run again as one certification, so the report says whether a
// check of the fault's own rule caught it, a set-up step tripped over it, or it was filed under another rule.
import fs from 'node:fs';
import path from 'node:path';
import { acquireRunLock, RUN_LOCK_ENV } from '../helpers/verdict/run-lock.js';
import type { Fault } from '../mocks/kit/faults.js';
import {
  integerArg,
  parseArgs,
  patternArg,
  playwright,
  pool,
  runMain,
  serviceArgs,
  UsageError,
  type RunResult,
  type CommandMain,
} from '../tools/cli.js';
import { mdTable, plural, writeReportFiles } from '../tools/report.js';
import { laneKey } from '../helpers/client/mutation-lane.js';
import { runLanes, type LaneJob } from '../tools/mutation/lanes.js';
import { chosen as isChosen } from '../tools/mutation/fault-set.js';
import { attribute, type Attribution, type CertifiedFailure } from '../tools/mutation/attribution.js';
import { listService, type ListedTest } from '../tools/listing.js';
import { selectTests, type Selection } from '../tools/mutation/targets.js';
import { escapeRegExp } from '../helpers/contract/writers.js';

const USAGE =
  'npm run mutation -- [--service <name>] [--fault <id>] [--match <regex>] [--blind] [--targeted [--no-rerun] [--confirm] [--attribute]] [--jobs <n>]';

interface Outcome {
  service: string;
  fault: string;
  rule: string;
  source: string;
  blind: boolean;
  caught: boolean;
  seconds: number;
  firstFailure?: string;
  rules?: string[];
  /** What ran: 'service' (the whole project), or the spec files and smoke tests of the fault's rules. */
  ran: 'service' | Selection;
  /** Targeted mode: missed by its selection, caught by the whole project (a gap in the fault's rules or the citations). */
  caughtOutsideSelection?: boolean;
  /** --confirm: the check that caught it in a lane fails again alone, in a process of its own. */
  confirmed?: boolean;
  /** The check that caught it in a lane. */
  test?: { file: string; title: string };
  /** --attribute: what its rules' spec files, certified with it on, filed it under. */
  attribution?: Attribution;
}

const ATTRIBUTION_TEXT: Record<Attribution['by'], string> = {
  rule: 'a check of its rule',
  'set-up': 'a set-up step only',
  other: 'another rule only',
  none: 'not reproduced',
};

function firstFailure(output: string): string | undefined {
  const line = output.split('\n').find((l) => /^\s+\d+\) \[/.test(l));
  return line?.trim().replace(/\s+/g, ' ').slice(0, 160);
}

const ranText = (ran: Outcome['ran']) =>
  ran === 'service' ? 'whole service' : `${plural(ran.files.length, 'spec file')} + @smoke (${plural(ran.smoke.length, 'place')})`;

export const main: CommandMain = async (argv, io) => {
  const args = parseArgs(
    argv,
    {
      service: 'list',
      fault: 'value',
      match: 'value',
      blind: 'flag',
      targeted: 'flag',
      'no-rerun': 'flag',
      confirm: 'flag',
      attribute: 'flag',
      jobs: 'value',
    },
    USAGE,
  );
  // Every mock and its fault catalogue, loaded once the command line is good.
  const { MOCKS } = await import('../mocks/index.js');
  const named = serviceArgs(args.service, USAGE);
  const mocks = MOCKS.filter((m) => !named.length || named.includes(m.service));
  const targeted = Boolean(args.targeted || args.attribute);
  const jobs = integerArg(args.jobs, 'jobs', USAGE, 1) ?? (targeted ? 2 : 1);
  // --match: only the faults whose id matches (e.g. '^blind-report' for one part's blind faults).
  const match = patternArg(args.match, 'match', USAGE);
  const env = { TARGET: 'mock', SUITE_KEEP_REPORTS: '1', MOCK_FAULTS: '' };
  const started = Date.now();
  const outcomes: Outcome[] = [];

  // Each concurrent run has its own output folder (Playwright empties its folder at start); several at once, one worker each.
  const run = (service: string, fault: string, slot: number, workers?: number): Promise<RunResult> =>
    playwright(
      [
        `--project=${service}`,
        '--reporter=line',
        '--max-failures=1',
        `--output=test-results/mutation/${slot}`,
        ...(workers ? [`--workers=${workers}`] : []),
      ],
      { ...env, MOCK_FAULTS: `${service}:${fault}` },
      false,
    );

  // --blind: only the faults written blind (the independent measure); otherwise the whole catalogue.
  const chosen = mocks
    .map((mock) => ({
      service: mock.service,
      faults: mock.faults.filter((f) =>
        isChosen(f, { fault: args.fault === undefined ? undefined : String(args.fault), match, blind: Boolean(args.blind) }),
      ),
    }))
    .filter((m) => m.faults.length > 0 || !(args.fault || match));
  const services = chosen.map((m) => m.service);
  if (services.length === 0)
    throw new UsageError(args.fault ? `unknown fault '${args.fault}'` : `no fault id matches --match '${args.match}'`);
  // One run per checkout (helpers/verdict/run-lock.ts): its own Playwright runs share it through the token.
  Object.assign(env, { [RUN_LOCK_ENV]: acquireRunLock(path.resolve('reports')).token });
  process.stdout.write(`${services.join(', ')}: fault-free run... `);
  const [clean, listing] = await Promise.all([
    playwright(
      [...services.map((s) => `--project=${s}`), '--reporter=dot', '--output=test-results/mutation/clean'],
      env,
      false,
      60 * 60_000,
    ),
    targeted ? listService(services, env) : Promise.resolve([] as ListedTest[]),
  ]);
  if (clean.code !== 0) {
    io.out(`RED (${clean.seconds.toFixed(0)}s)\n${clean.output.split('\n').slice(-30).join('\n')}`);
    io.err('the fault-free run fails, so the mutation run would prove nothing. Fix it first.');
    return 1;
  }
  io.out(`green (${clean.seconds.toFixed(0)}s)`);
  const report = (o: Outcome) => {
    const by = o.caught && o.firstFailure ? `\n          by ${o.firstFailure}` : '';
    const filed = o.attribution
      ? `\n          filed: ${ATTRIBUTION_TEXT[o.attribution.by]}; ${plural(o.attribution.lines, 'line')}: ${o.attribution.under.join('; ') || 'none'}`
      : '';
    const gap = o.caughtOutsideSelection ? ' (only by the whole service: see its rules)' : '';
    io.out(
      `  ${o.caught ? 'caught' : 'MISSED'}  ${o.service.padEnd(16)} ${o.fault.padEnd(44)} ${o.seconds.toFixed(1).padStart(6)}s ${targeted ? ranText(o.ran) : ''}${gap}${by}${filed}`,
    );
  };
  const outcomeOf = (service: string, fault: Fault, caught: boolean, seconds: number, ran: Outcome['ran'], first?: string): Outcome => ({
    service,
    fault: fault.id,
    rule: fault.rule,
    source: fault.source,
    blind: fault.origin === 'blind',
    caught,
    seconds,
    firstFailure: first,
    rules: fault.rules,
    ran,
  });

  if (!targeted) {
    for (const { service, faults } of chosen) {
      const mine: Outcome[] = [];
      await pool(faults, jobs, async (fault: Fault, slot) => {
        const result = await run(service, fault.id, slot, jobs > 1 ? 1 : undefined);
        const o = outcomeOf(service, fault, result.code !== 0, result.seconds, 'service', firstFailure(result.output));
        mine.push(o);
        report(o);
      });
      // Concurrent runs finish in any order: the report keeps the catalogue's.
      outcomes.push(...faults.flatMap((f) => mine.filter((o) => o.fault === f.id)));
    }
  } else {
    // Phase 1: every fault against the specs citing its rules (the whole service for a fault without them).
    const plan = chosen.flatMap(({ service, faults }) => {
      const tests = listing.filter((t) => t.file.startsWith(`tests/${service}/`));
      const whole = [...new Set(tests.map((t) => t.file))].sort();
      return faults.map((fault) => {
        const selection = selectTests(tests, fault.rules);
        return { service, fault, selection, files: selection?.files ?? whole };
      });
    });
    const phase = async (name: string, jobsOf: LaneJob[], smokeOnly: boolean) => {
      const result = await runLanes(path.join('.mutation', name), jobsOf, smokeOnly, env, jobs);
      const caught = [...result.verdicts.values()].filter((v) => v.caught).length;
      const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0) / 1000;
      io.out(
        `${name}: ${jobsOf.length} faults, ${caught} caught, in ${result.seconds.toFixed(0)} s (checks ${sum(result.ms).toFixed(0)} s of worker time, of which fault switches ${sum(result.switches).toFixed(0)} s)`,
      );
      if (result.run.code !== 0) {
        // A non-zero exit is Playwright itself failing, unless the only errors are a worker's outside any
        // check: every fault keeps its verdict, one it cut short is at worst missed (and rerun below).
        const output = result.run.output;
        const outside = /(\d+) errors? (?:was|were) not a part of any test/.exec(output);
        if (!outside || /\d+ (?:failed|flaky|interrupted|did not run)\b/.test(output)) {
          io.out(output.split('\n').slice(-30).join('\n'));
          throw new Error(`the ${name} run itself failed (exit ${result.run.code}): see the output above`);
        }
        const first =
          output
            .split('\n')
            .find((l) => /^\s*Error:/.test(l))
            ?.trim() ?? 'see the run output';
        io.out(
          `${name}: ${outside[1]} worker error(s) outside any check (${first}); no verdict is lost${args['no-rerun'] ? ', but with --no-rerun a fault it cut short stays missed' : ': a fault it cut short is rerun in full mode if missed'}`,
        );
      }
      return result;
    };
    const rules = await phase(
      'rules',
      plan.map((p) => ({ service: p.service, fault: p.fault.id, files: p.files })),
      false,
    );
    // Phase 2: the @smoke tests, for the faults their rules' specs missed.
    const keyOf = (p: { service: string; fault: Fault }) => laneKey(p.service, p.fault.id);
    const missed1 = plan.filter((p) => !rules.verdicts.get(keyOf(p))!.caught && p.selection && p.selection.smoke.length > 0);
    const smokeFiles = (sel: Selection) => [...new Set(sel.smoke.map((loc) => loc.slice(0, loc.lastIndexOf(':'))))].sort();
    const smoke = missed1.length
      ? await phase(
          'smoke',
          missed1.map((p) => ({ service: p.service, fault: p.fault.id, files: smokeFiles(p.selection!) })),
          true,
        )
      : undefined;
    for (const p of plan) {
      const v = smoke?.verdicts.get(keyOf(p))?.caught ? smoke.verdicts.get(keyOf(p))! : rules.verdicts.get(keyOf(p))!;
      const ms = (rules.ms.get(keyOf(p)) ?? 0) + (smoke?.ms.get(keyOf(p)) ?? 0);
      outcomes.push({
        ...outcomeOf(p.service, p.fault, v.caught, ms / 1000, p.selection ?? 'service', v.by),
        ...(v.test ? { test: v.test } : {}),
      });
    }
    // Phase 3: a fault both phases missed runs in full mode, one at a time on every worker.
    const missed = outcomes.filter((o) => !o.caught && o.ran !== 'service');
    if (missed.length && !args['no-rerun']) io.out(`full mode for the ${missed.length} missed...`);
    for (const o of args['no-rerun'] ? [] : missed) {
      const result = await run(o.service, o.fault, 0, jobs);
      o.seconds += result.seconds;
      o.caughtOutsideSelection = result.code !== 0;
      o.caught = result.code !== 0;
      o.firstFailure = firstFailure(result.output);
    }
    if (args.confirm) {
      const toConfirm = outcomes.filter((o) => o.test);
      const t0 = Date.now();
      await pool(toConfirm, jobs, async (o, slot) => {
        const r = await playwright(
          [
            `--project=${o.service}`,
            escapeRegExp(o.test!.file),
            '-g',
            `${escapeRegExp(o.test!.title)}(\\s|$)`,
            '--reporter=line',
            '--workers=1',
            `--output=test-results/mutation/${slot}`,
          ],
          { ...env, MOCK_FAULTS: o.fault },
          false,
        );
        o.confirmed = r.code !== 0 && !/No tests found/.test(r.output);
      });
      const unconfirmed = toConfirm.filter((o) => !o.confirmed);
      io.out(
        `confirmed ${toConfirm.length - unconfirmed.length}/${toConfirm.length} lane catches alone, in a process each (${Math.round((Date.now() - t0) / 1000)} s)${unconfirmed.length ? `; not reproduced: ${unconfirmed.map((o) => `${o.service} ${o.fault}`).join(', ')}` : ''}`,
      );
    }
    if (args.attribute) {
      // One certification at a time: the suite reporter writes reports/certification.json, read before the next starts.
      const toAttribute = outcomes.filter((o) => o.caught && o.ran !== 'service' && o.rules?.length);
      const t0 = Date.now();
      for (const o of toAttribute) {
        // The file of the check that caught it, with the rules' own files: a catch by the whole service, or by a smoke test
        // the lane ran beside the rules' files (`@smoke` tests live in other files), is rerun where it happened.
        const caughtIn = /(tests\/\S+?\.spec\.ts)/.exec(o.firstFailure ?? '')?.[1];
        const files = [...new Set([...(o.ran as Selection).files, ...(caughtIn ? [caughtIn] : [])])];
        const certification = path.resolve('reports', 'certification.json');
        fs.rmSync(certification, { force: true });
        await playwright(
          [
            `--project=${o.service}`,
            ...files,
            '--reporter=dot,./helpers/verdict/suite-reporter.ts',
            `--workers=${jobs}`,
            '--output=test-results/mutation/attribute',
          ],
          { ...env, MOCK_FAULTS: `${o.service}:${o.fault}` },
          false,
        );
        const read = fs.existsSync(certification)
          ? (JSON.parse(fs.readFileSync(certification, 'utf8')) as { services: { service: string; failures: CertifiedFailure[] }[] })
          : { services: [] };
        o.attribution = attribute(read.services.find((s) => s.service === o.service)?.failures ?? [], o.rules!);
      }
      const count = (by: Attribution['by']) => toAttribute.filter((o) => o.attribution?.by === by).length;
      io.out(
        `attributed ${toAttribute.length} catches (${Math.round((Date.now() - t0) / 1000)} s): by a check of the fault's rule ${count('rule')}, a set-up step only ${count('set-up')}, another rule only ${count('other')}, not reproduced ${count('none')}`,
      );
    }
    outcomes.forEach(report);
    fs.rmSync('.mutation', { recursive: true, force: true });
  }
  if (args.fault && outcomes.length === 0) throw new UsageError(`unknown fault '${args.fault}'`);
  if (match && outcomes.length === 0) throw new UsageError(`no fault id matches --match '${args.match}'`);
  const wallSeconds = Math.round((Date.now() - started) / 1000);
  const mode = targeted
    ? `targeted, ${jobs} at a time${args['no-rerun'] ? ', missed faults not rerun against the whole service (a missed may be caught elsewhere)' : ''}`
    : `full${jobs > 1 ? `, ${jobs} at a time` : ''}`;
  // A catch counts once it reproduced: --confirm's run alone or --attribute's certification failed again with the fault
  // on. A lane's failure that neither repeats (a load's time-out beside the fault) is named, not counted.
  const unreproduced = outcomes.filter((o) => o.caught && (o.confirmed === false || o.attribution?.by === 'none'));
  const counted = (o: Outcome) => o.caught && !unreproduced.includes(o);
  const caught = outcomes.filter(counted).length;
  const ratio = outcomes.length ? ((caught / outcomes.length) * 100).toFixed(1) : '0';
  const blind = outcomes.filter((o) => o.blind);
  const blindLine = blind.length ? ` Faults written blind: caught ${blind.filter(counted).length}/${blind.length}.` : '';
  const unreproducedLine = unreproduced.length
    ? ` Not counted, their catch not reproduced: ${unreproduced.map((o) => `${o.service} ${o.fault}`).join(', ')}.`
    : '';
  // Per service: caught, and with --attribute how many of them a check of the fault's own rule caught.
  const byService = [...new Set(outcomes.map((o) => o.service))].map((service) => {
    const of = outcomes.filter((o) => o.service === service);
    const own = args.attribute ? `, ${of.filter((o) => counted(o) && o.attribution?.by === 'rule').length} by a check of its rule` : '';
    return `${service} ${of.filter(counted).length}/${of.length}${own}`;
  });
  const gaps = outcomes.filter((o) => o.caughtOutsideSelection);
  const gapLine = gaps.length
    ? `\n\nCaught only by the whole service (their rules' specs missed them): ${gaps.map((o) => `${o.fault} (${o.firstFailure ?? '?'})`).join('; ')}.`
    : '';
  const lines = [
    '# Mutation run',
    '',
    `Mode: ${mode}; ${wallSeconds} s.`,
    '',
    `Caught ${caught}/${outcomes.length} faults (${ratio}%): ${byService.join('; ')}.${blindLine}${unreproducedLine}${gapLine}`,
    '',
    ...mdTable(
      ['service', 'fault', 'rule', 'source', 'written blind', 'result', 'ran', ...(args.attribute ? ['filed under'] : [])],
      outcomes.map((o) => [
        ...[o.service, o.fault, o.rule, o.source, o.blind ? 'yes' : ''],
        counted(o) ? 'caught' : o.caught ? '**not reproduced**' : '**missed**',
        `${ranText(o.ran)}${o.caughtOutsideSelection !== undefined ? ', then the whole service' : ''}`,
        ...(args.attribute
          ? [
              o.attribution
                ? `${ATTRIBUTION_TEXT[o.attribution.by]} (${plural(o.attribution.lines, 'line')}${o.attribution.bystanders.length ? `, ${o.attribution.bystanders.length} under other rules` : ''})`
                : '',
            ]
          : []),
      ]),
    ),
  ];
  const summary = { mode: targeted ? 'targeted' : 'full', jobs, wallSeconds, caught, total: outcomes.length, outcomes };
  writeReportFiles(path.resolve('reports'), 'mutation', summary, lines);
  io.out(
    `\nMutation (${mode}): caught ${caught}/${outcomes.length} faults (${ratio}%) in ${wallSeconds} s: ${byService.join('; ')}.${blindLine}${unreproducedLine}${gaps.length ? ` ${gaps.length} caught only by the whole service.` : ''} -> reports/mutation.md`,
  );
  return caught === outcomes.length ? 0 : 1;
};

runMain(import.meta.url, main);
