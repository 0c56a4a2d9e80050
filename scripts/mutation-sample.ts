// `npm run mutation:sample -- --service <name> [--count N] [--seed S]`: StrykerJS's mutants of the
// service's mock (and the kit modules it loads), less the reviewed equivalents, a seeded sample run
// against the service's specs in a copy of the repository; prints the kill ratio with its 95% interval
// and every survivor, writes reports/mutation-sample-<name>.{md,json}. `--targeted`, `--coverage`,
// `--confirm`, `--unreached`, `--check` and the survivors' judgement under later contract versions:
// docs/mutation.md, "Sampled mutants".
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SERVICES } from '../helpers/contract/services.js';
import { contractVersions, VERSION_VARIABLES } from '../helpers/contract/versions.js';
import { redactMessage, redactText } from '../helpers/secrets/redact.js';
import {
  knownService,
  parseArgs,
  playwright,
  runMain,
  serviceArgs,
  UsageError,
  integerArg,
  patternArg,
  type CommandIo,
  type CommandMain,
  type RunResult,
} from '../tools/cli.js';
import { listService } from '../tools/listing.js';
import { rulesOfModule, selectTests } from '../tools/mutation/targets.js';
import { readMutantCoverage } from '../helpers/client/mutant-coverage.js';
import { groupBy, mdTable, writeReportFiles } from '../tools/report.js';
import {
  equivalentBy,
  instrumentFolders,
  kitFilesUsedBy,
  loadEquivalents,
  mutantsOf,
  sandboxCopy,
  seededSample,
  staleEquivalents,
  wilson,
  type EquivalentRule,
  type SampledMutant,
} from '../tools/mutation/mutants.js';

const USAGE =
  'npm run mutation:sample -- --service <name> [--count N] [--seed S] [--ref <commit>] [--only <regex>] [--targeted] [--coverage [--confirm N]] | --service <name> --unreached [--only <regex>] | --check';
const ROOT = path.resolve(import.meta.dirname, '..');

export const main: CommandMain = async (argv, io) => {
  const args = parseArgs(
    argv,
    {
      service: 'value',
      count: 'value',
      seed: 'value',
      ref: 'value',
      only: 'value',
      targeted: 'flag',
      coverage: 'flag',
      confirm: 'value',
      unreached: 'flag',
      check: 'flag',
    },
    USAGE,
  );
  if (args.check) {
    if (Object.entries(args).some(([k, v]) => k !== 'check' && v !== undefined))
      throw new UsageError(`--check takes no other option (it checks every service's list and the kit's). Usage: ${USAGE}`);
    return checkEquivalents(io);
  }
  const service = knownService(serviceArgs(args.service, USAGE, { one: true })[0]);
  const count = integerArg(args.count, 'count', USAGE, 1) ?? 60;
  const seed = integerArg(args.seed, 'seed', USAGE, Number.MIN_SAFE_INTEGER) ?? 1;
  const confirm = integerArg(args.confirm, 'confirm', USAGE) ?? 0;
  if (confirm > 0 && !args.coverage) throw new UsageError(`--confirm checks the verdicts of --coverage. Usage: ${USAGE}`);

  // --only: sample from the mutants of matching files (e.g. the modules a change added).
  const only = patternArg(args.only, 'only', USAGE);
  // --unreached: the whole population's mutants that no test reaches (a worklist, not a measure).
  if (args.unreached && (['count', 'seed', 'targeted', 'confirm'] as const).some((k) => args[k] !== undefined))
    throw new UsageError(`--unreached lists the whole population: it takes no --count, --seed, --targeted or --confirm. Usage: ${USAGE}`);
  if (args.unreached) args.coverage = true;
  const ref = String(args.ref ?? 'HEAD');
  let sandbox: string;
  try {
    sandbox = sandboxCopy(ROOT, service, ref);
  } catch {
    throw new UsageError(`--ref ${ref} is not a commit of this repository`);
  }
  const started = Date.now();
  // An interrupted run removes its copy too.
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      fs.rmSync(sandbox, { recursive: true, force: true });
      process.exit(130);
    });
  try {
    // The service's mock and the modules of the shared kit it loads (validation from the contract, app factory, clock...).
    const kit = kitFilesUsedBy(sandbox, service);
    const all = await instrumentFolders(sandbox, [path.join('mocks', service)], kit);
    // The service's own reviewed list and the shared kit's, of the current tree (for any ref measured).
    const lists = [service, 'kit'].map((owner) => path.join(ROOT, 'mocks', owner, 'equivalent-mutants.yaml'));
    const equivalents = loadEquivalents(lists);
    // Reviewed survivors that stay (observable, but no rule pins them): counted, their reason shown.
    const stays = loadEquivalents(lists, ['stays']);
    const sources = new Map<string, string[]>();
    const lineOf = (m: SampledMutant) => {
      if (!sources.has(m.file))
        sources.set(m.file, execFileSync('git', ['show', `${ref}:${m.file}`], { cwd: ROOT, encoding: 'utf8' }).split('\n'));
      return sources.get(m.file)![m.line - 1] ?? '';
    };
    // Equivalent: the reviewed list's entries.
    const excluded = all.filter((m) => equivalentBy(equivalents, m, lineOf(m)));
    const population = all.filter((m) => !excluded.includes(m) && (!only || only.test(m.file)));
    if (only) io.out(`--only ${only.source}: ${population.length} mutants of matching files`);
    const sample = seededSample(population, count, seed);
    io.out(
      `${service} at ${ref}: ${all.length} mutants in mocks/${service}/ and the kit modules it loads (${kit.map((k) => path.basename(k)).join(', ')}), ${excluded.length} excluded as equivalent by the reviewed list, sampling ${sample.length} with seed ${seed}`,
    );

    const env = { TARGET: 'mock', MOCK_FAULTS: '', DOTENV_PATH: path.join(sandbox, 'no.env'), CI: '' };
    const run = (extra: Record<string, string>, timeoutMs: number, files: string[] = []) =>
      playwright(['--project', service, '-x', '--reporter=dot', '--workers=2', ...files], { ...env, ...extra }, false, timeoutMs, sandbox);
    // --coverage: the baseline (a whole-service run anyway) also records which spec files reach which mutant.
    const coverageDir = path.join(sandbox, '.mutant-coverage');
    const baseline = await run(args.coverage ? { MUTANT_COVERAGE_DIR: coverageDir } : {}, 15 * 60_000);
    if (baseline.code !== 0) {
      // Its first failure, as Playwright printed it: what to fix, without a second run to find it.
      const output = baseline.output.split('\n');
      const failure = output.findIndex((l) => /^\s+1\) /.test(l));
      const shown = failure >= 0 ? output.slice(failure, failure + 25).join('\n') : baseline.output.slice(-2000);
      io.err(
        `the un-mutated run of ${service} is not green (${baseline.seconds.toFixed(0)}s): fix the suite first\n${redactMessage(shown)}`,
      );
      return 1;
    }
    const limit = Math.max(120_000, 3 * baseline.seconds * 1000);
    io.out(
      `baseline green in ${baseline.seconds.toFixed(0)}s; a mutant run stops at ${Math.round(limit / 1000)}s (a timeout counts as killed, as in Stryker)`,
    );

    const coverage = args.coverage ? readMutantCoverage(coverageDir) : undefined;
    if (coverage)
      io.out(
        `--coverage: ${coverage.shared.size} mutants reached by shared worker code (run against the whole service), ${coverage.byFile.size} spec files reaching others`,
      );
    if (coverage && args.unreached) {
      const unreached = population.filter((m) => !coverage.shared.has(m.id) && ![...coverage.byFile.values()].some((ids) => ids.has(m.id)));
      writeUnreached(service, ref, population.length, unreached, io);
      return 0;
    }
    // --targeted: the service's spec files (listed in the copy, so a --ref measures its own suite).
    const listed = args.targeted || coverage ? await listService(service, env, sandbox) : [];
    const specFiles = [...new Set(listed.map((t) => t.file))].sort();
    if (args.targeted) io.out(`--targeted: ${specFiles.length} spec files; per mutant those of its module's rules first, then the rest`);
    // Each sampled module's rules, read before the first run: a work tree that changes during a long run cannot break it.
    const rulesOf = new Map<string, string[] | undefined>();
    if (args.targeted) for (const m of sample) if (!rulesOf.has(m.file)) rulesOf.set(m.file, await rulesOfModule(ROOT, m.file));
    const verdict = (r: RunResult) => (r.seconds * 1000 >= limit - 1000 ? 'timeout' : r.code === 0 ? 'survived' : 'killed');

    const results: (SampledMutant & {
      status: 'killed' | 'survived' | 'timeout';
      seconds: number;
      ran: string;
      stays?: string;
      /** Judged on the spec files that reach it (--coverage), not the whole service. */
      byCoverage?: boolean;
    })[] = [];
    for (const [i, m] of sample.entries()) {
      const mutant = { __STRYKER_ACTIVE_MUTANT__: m.id };
      const selection = args.targeted ? selectTests(listed, rulesOf.get(m.file)) : undefined;
      // --coverage: the spec files whose tests reach the mutant, unless shared worker code does.
      const reaching = coverage && !coverage.shared.has(m.id) ? specFiles.filter((f) => coverage.byFile.get(f)?.has(m.id)) : undefined;
      let status: 'killed' | 'survived' | 'timeout';
      let seconds: number;
      let ran: string;
      if (reaching?.length === 0) {
        [status, seconds, ran] = ['survived', 0, 'nothing: no test reaches it'];
      } else if (reaching) {
        // Its module's specs first (--targeted), then the other files reaching it.
        const first = reaching.filter((f) => selection?.files.includes(f));
        const then = reaching.filter((f) => !first.includes(f));
        [status, seconds, ran] = ['survived', 0, ''];
        for (const [files, what] of [
          [first, 'of its rules'],
          [then, first.length ? 'other' : ''],
        ] as const) {
          if (status !== 'survived' || files.length === 0) continue;
          const r = await run(mutant, limit, [...files]);
          [status, seconds] = [verdict(r), seconds + r.seconds];
          ran += `${ran ? ', then ' : ''}${files.length} ${what ? `${what} ` : ''}spec files reaching it`;
        }
      } else if (!selection) {
        const r = await run(mutant, limit);
        [status, seconds, ran] = [verdict(r), r.seconds, 'whole service'];
      } else {
        const first = await run(mutant, limit, selection.files);
        [status, seconds, ran] = [verdict(first), first.seconds, `${selection.files.length} spec files of its rules`];
        const rest = specFiles.filter((f) => !selection.files.includes(f));
        if (status === 'survived' && rest.length) {
          const second = await run(mutant, limit, rest);
          [status, seconds, ran] = [verdict(second), seconds + second.seconds, `${ran}, then the other ${rest.length}`];
        }
      }
      const reviewed = status === 'survived' ? equivalentBy(stays, m, lineOf(m))?.reason : undefined;
      results.push({
        ...m,
        status,
        seconds,
        ran,
        ...(reviewed ? { stays: reviewed.trim() } : {}),
        ...(reaching ? { byCoverage: true } : {}),
      });
      // A mutant's code may hold a test PAN of the mock's world: printed and written redacted, as every output.
      io.out(
        redactText(
          `[${i + 1}/${sample.length}] ${status.padEnd(8)} ${m.file}:${m.line} ${m.mutator}: ${m.original.slice(0, 50)} -> ${m.replacement.slice(0, 50)} (${seconds.toFixed(0)}s${args.targeted || coverage ? `; ${ran}` : ''})`,
        ),
      );
    }
    // --confirm: the rest of the service against survivors judged on their reaching files alone; a kill is named.
    const confirmed: string[] = [];
    for (const r of results.filter((x) => x.byCoverage && x.status === 'survived').slice(0, confirm)) {
      const reached = specFiles.filter((f) => coverage!.byFile.get(f)?.has(r.id));
      const rest = specFiles.filter((f) => !reached.includes(f));
      const second = await run({ __STRYKER_ACTIVE_MUTANT__: r.id }, limit, rest);
      const again = verdict(second);
      io.out(`--confirm ${r.file}:${r.line} ${r.mutator}: the other ${rest.length} spec files: ${again} (${second.seconds.toFixed(0)}s)`);
      confirmed.push(`${r.file}:${r.line}:${r.column} ${r.mutator} ${again}`);
      if (again !== 'survived')
        Object.assign(r, { status: again, ran: `${r.ran}; --confirm: killed by the other ${rest.length} spec files` });
    }
    // A survivor runs the whole service again under each later contract version (its own un-mutated run
    // green first): code a later version alone reaches is judged by that version's specs.
    const variable = VERSION_VARIABLES[service];
    const later = variable ? contractVersions(service).slice(1) : [];
    const versionsRun: string[] = [];
    for (const version of later) {
      const survivors = results.filter((r) => r.status === 'survived');
      if (survivors.length === 0) break;
      const pinned = { [variable!]: version };
      const base = await run(pinned, 15 * 60_000);
      if (base.code !== 0) {
        io.err(
          `the un-mutated run of ${service} under contract ${version} is not green (${base.seconds.toFixed(0)}s): its survivors are not judged under it`,
        );
        continue;
      }
      versionsRun.push(version);
      for (const r of survivors) {
        const again = await run({ __STRYKER_ACTIVE_MUTANT__: r.id, ...pinned }, limit);
        const status = verdict(again);
        io.out(
          redactText(
            `contract ${version}: ${status.padEnd(8)} ${r.file}:${r.line} ${r.mutator} (${again.seconds.toFixed(0)}s; whole service)`,
          ),
        );
        r.seconds += again.seconds;
        r.ran += `, then the whole service under contract ${version}`;
        if (status !== 'survived') Object.assign(r, { status, stays: undefined });
      }
    }
    const killed = results.filter((r) => r.status !== 'survived').length;
    const [low, high] = wilson(killed, results.length);
    const ratio = `${killed}/${results.length} killed (${((100 * killed) / results.length).toFixed(1)}%, 95% interval ${(100 * low).toFixed(1)}-${(100 * high).toFixed(1)}%)`;
    const survivors = results.filter((r) => r.status === 'survived');
    io.out(`\n${service}: ${ratio} in ${((Date.now() - started) / 60000).toFixed(1)} min`);
    for (const s of survivors)
      io.out(
        redactText(
          `  survived: ${s.file}:${s.line}:${s.column} ${s.mutator}: ${s.original} -> ${s.replacement}${s.stays ? ` (reviewed, stays: ${s.stays})` : ' (not reviewed)'}`,
        ),
      );
    const r = {
      ref,
      mode: [
        args.targeted ? "targeted (the module's specs, then the rest of the service)" : 'whole service per mutant',
        ...(versionsRun.length ? [`survivors judged again under contract ${versionsRun.join(', ')}`] : []),
        ...(coverage
          ? [
              'coverage (a mutant no shared worker code reaches runs only the spec files reaching it; unreached: survived unrun)',
              ...(confirm ? [`--confirm ${confirm}: ${confirmed.length ? confirmed.join('; ') : 'no survivor judged by coverage'}`] : []),
            ]
          : []),
      ].join('; '),
      minutes: (Date.now() - started) / 60000,
      seed,
      count,
      all: all.length,
      excluded: excluded.length,
      ratio,
      killed,
      total: results.length,
      interval: [low, high],
      results,
    };
    const lines = [
      `# Sampled mutants of mocks/${service} (StrykerJS instrumenter)`,
      '',
      `- Suite and mock at ${r.ref}; mutants generated: ${r.all}; excluded as equivalent: ${r.excluded}; sample: ${r.total} (seed ${r.seed})`,
      `- Result: **${r.ratio}**`,
      `- Mode: ${r.mode}; ${r.minutes.toFixed(1)} min in all`,
      '',
      ...mdTable(
        ['status', 'where', 'mutator', 'original', 'replacement', 'ran', 'reviewed survivor: why it stays'],
        r.results.map((m) => [m.status, `${m.file}:${m.line}`, m.mutator, cell(m.original), cell(m.replacement), m.ran, m.stays ?? '']),
      ),
    ];
    const name = `mutation-sample-${service}${r.ref === 'HEAD' ? '' : `-${r.ref.slice(0, 7)}`}`;
    writeReportFiles(path.join(ROOT, 'reports'), name, { service, ...r }, lines, redactText);
    return 0;
  } finally {
    fs.rmSync(sandbox, { recursive: true, force: true });
  }
};

runMain(import.meta.url, main);

/** Every entry of the reviewed lists matches a mutant of the work tree (the kit's among any service's kit mutants); the exit code. */
async function checkEquivalents(io: CommandIo): Promise<number> {
  const lines = new Map<string, string[]>();
  const lineOf = (m: SampledMutant) => {
    if (!lines.has(m.file)) lines.set(m.file, fs.readFileSync(path.join(ROOT, m.file), 'utf8').split('\n'));
    return lines.get(m.file)![m.line - 1] ?? '';
  };
  const listOf = (owner: string) => path.join('mocks', owner, 'equivalent-mutants.yaml');
  const describe = ({ rule: r }: { rule: EquivalentRule }) =>
    [
      `file: ${r.file}`,
      r.mutator && `mutator: ${r.mutator}`,
      r.line && `line: /${r.line}/`,
      r.replacement && `replacement: /${r.replacement}/`,
      r.original && `original: /${r.original}/`,
    ]
      .filter(Boolean)
      .join(', ');
  const staleText = (s: { alternative?: string }) =>
    s.alternative === undefined ? ' matches no mutant' : `: its alternative /${s.alternative}/ matches no mutant`;
  const stale: string[] = [];
  const kitMutants: SampledMutant[] = [];
  let entries = 0;
  for (const { name } of SERVICES) {
    const kit = kitFilesUsedBy(ROOT, name);
    const mutants = await mutantsOf(ROOT, [path.join('mocks', name)], kit);
    kitMutants.push(...mutants.filter((m) => m.file.startsWith(path.join('mocks', 'kit'))));
    const rules = loadEquivalents([path.join(ROOT, listOf(name))], ['equivalent', 'stays']);
    entries += rules.length;
    for (const r of staleEquivalents(rules, mutants, lineOf)) stale.push(`${listOf(name)}: ${describe(r)}${staleText(r)}`);
    io.out(`${name}: ${mutants.length} mutants, ${rules.length} reviewed entries`);
  }
  const kitRules = loadEquivalents([path.join(ROOT, listOf('kit'))], ['equivalent', 'stays']);
  entries += kitRules.length;
  for (const r of staleEquivalents(kitRules, kitMutants, lineOf)) stale.push(`${listOf('kit')}: ${describe(r)}${staleText(r)}`);
  for (const line of stale) io.err(line);
  io.out(`${entries} reviewed entries, ${stale.length} entries or alternatives matching no mutant`);
  return stale.length ? 1 : 0;
}

/** A mutant's code in a table cell: pipes escaped, on one line, cut at 60 characters. */
const cell = (code: string) => `\`${code.replace(/\|/g, '\\|').replace(/\n/g, ' ').slice(0, 60)}\``;

/** The population's mutants no test reaches, by file (most first) and line. */
function writeUnreached(service: string, ref: string, total: number, unreached: SampledMutant[], io: CommandIo): void {
  const files = groupBy(unreached, (m) => m.file).sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));
  const head = `${service} at ${ref}: ${unreached.length} of ${total} mutants of the population reached by no test (${((100 * unreached.length) / Math.max(1, total)).toFixed(1)}%)`;
  io.out(head);
  for (const [file, ms] of files) io.out(`  ${String(ms.length).padStart(5)}  ${file}`);
  const rows = files.flatMap(([, ms]) =>
    ms
      .sort((a, b) => a.line - b.line || a.column - b.column)
      .map((m) => [`${m.file}:${m.line}:${m.column}`, m.mutator, cell(m.original), cell(m.replacement)]),
  );
  const out = path.join(ROOT, 'reports', `mutation-unreached-${service}.md`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const table = mdTable(['where', 'mutator', 'original', 'replacement'], rows);
  fs.writeFileSync(out, redactText(`# Mutants no test reaches: ${service}\n\n- ${head}\n\n${table.join('\n')}\n`));
  io.out(`written: ${path.relative(ROOT, out)}`);
}
