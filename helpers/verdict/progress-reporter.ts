// Console reporter for long sandbox runs (report polling waits in real time): one progress line per service at most
// every PROGRESS_INTERVAL_MS (done of total, failed, skipped, elapsed, time left), one line per failure naming the check
// and why, a final line per service. The time left comes from the previous run's durations (reports/.durations.json),
// else per spec file and kind, each file's mean drawn toward the stand-ins' (helpers/verdict/stand-in-durations.json),
// or its kind's: a polling check waits in real time (seed 002: 20 s between reads), so a first run expects two
// intervals each (pollingPriorMs). Only the console changes: Allure, JUnit and the certification list every check.
import fs from 'node:fs';
import path from 'node:path';
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestError, TestResult } from '@playwright/test/reporter';
import { skipKindOf } from '../client/annotations.js';
import { redactMessage, withoutAnsi } from '../secrets/redact.js';
import { checkName, retriedAttempt } from './reporters.js';
import { DURATIONS_TABLE, fileKey, readDurationsTable } from './check-durations.js';
import { orElse } from '../config/or-else.js';

export const PROGRESS_INTERVAL_MS = 10_000;
/** A service with checks in progress but nothing finished (a report polled for minutes) still gets a line this often. */
export const QUIET_INTERVAL_MS = 60_000;

export type CheckStatus = TestResult['status'];

interface ServiceState {
  total: number;
  done: number;
  failed: number;
  skipped: number;
  interrupted: number;
  running: number;
  /** Summed durations of the checks done, for the mean. */
  spentMs: number;
  /** The checks done whose file has a measured prior: summed durations and priors (the run's pace against the table). */
  priorSpentMs: number;
  priorMs: number;
  /** Per spec file and kind (`<file>|polls`, `<file>|reads`): checks done and their summed durations. */
  files: Map<string, { done: number; spentMs: number }>;
  /** Per kind, over the service: checks done and their summed durations. */
  kinds: Map<CheckKind, { done: number; spentMs: number }>;
  /** Checks not begun (id -> file and kind), when the plan is known. */
  pending: Map<string, { file: string; kind: CheckKind }>;
  /** Checks running (id -> file, kind and start). */
  inFlight: Map<string, { file: string; kind: CheckKind; startedAt: number }>;
  /** When its first check began (the wall time its workers have had since), and when its last ended. */
  firstBeganAt?: number;
  finishedAt?: number;
  lastLineAt?: number;
  changed: boolean;
}

/** How many checks a level's mean counts as when the level below (a file, a kind) has few of its own. */
export const PRIOR_WEIGHT = 2;

/**
 * How much prior work the level above counts as in a pace (the table's pace, 1, in the run's; the run's in a service's). A run
 * slower or quicker than the table's (a rate limit, a loaded machine) scales every file's prior by its pace so far (at 5
 * requests/s each check took about 3x its prior); a service not begun takes the run's pace, as a rate limit slows them all.
 */
export const PACE_WEIGHT_MS = 60_000;
/** The run's pace is kept within these bounds of the table's (an estimate only). */
const PACE_BOUNDS = [0.25, 8] as const;

/** `polls`: the check polls a report (real waits on a sandbox); `reads`: any other. */
export type CheckKind = 'polls' | 'reads';

/** A check of the run's plan: its id (Playwright's, stable from run to run), its service, its spec file and its kind (default reads). */
export interface PlannedCheck {
  id: string;
  service: string;
  file: string;
  kind?: CheckKind;
}

/**
 * The checks that poll a report in real time: whose source (to the file's next check) names the pollReport fixture, unless
 * @mock-only (virtual clock on the mock, skipped on a sandbox). Each file read once; one that cannot be read gives none.
 */
export function pollingChecks(
  tests: readonly { id: string; tags?: readonly string[]; location: { file: string; line: number } }[],
): Set<string> {
  const byFile = new Map<string, { id: string; line: number }[]>();
  for (const t of tests) {
    if (t.tags?.includes('@mock-only')) continue;
    const list = byFile.get(t.location.file) ?? [];
    list.push({ id: t.id, line: t.location.line });
    byFile.set(t.location.file, list);
  }
  const polls = new Set<string>();
  for (const [file, checks] of byFile) {
    let lines: string[];
    try {
      lines = fs.readFileSync(file, 'utf8').split('\n');
    } catch {
      continue;
    }
    const starts = [...new Set(checks.map((c) => c.line))].sort((a, b) => a - b);
    const polling = new Set(
      starts.filter((line, i) =>
        /\bpollReport\b/.test(lines.slice(line - 1, i + 1 < starts.length ? starts[i + 1] - 1 : undefined).join('\n')),
      ),
    );
    for (const c of checks) if (polling.has(c.line)) polls.add(c.id);
  }
  return polls;
}

/** `75s` -> `1m15s`; `3725s` -> `1h02m`. */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/** Cut to `max` characters at a character boundary (never inside a UTF-16 pair), with an ellipsis. */
export function cutAt(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
}

const newState = (total: number): ServiceState => ({
  total,
  done: 0,
  failed: 0,
  skipped: 0,
  interrupted: 0,
  running: 0,
  spentMs: 0,
  priorSpentMs: 0,
  priorMs: 0,
  files: new Map(),
  kinds: new Map(),
  pending: new Map(),
  inFlight: new Map(),
  changed: false,
});

/** The counting and the lines without Playwright: checks recorded per service as they begin and end, times passed in (a fake clock). */
export class ServiceProgress {
  private readonly services = new Map<string, ServiceState>();
  /** The checks done that the previous run also timed: their summed previous durations and their durations now. */
  private previousMs = 0;
  private previousSpentMs = 0;

  /**
   * `plan`: every check with its file (time left per file); `previous`: a previous run's durations per check id;
   * `pollingPriorMs`: a polling check's expected time before any has ended; `filePriorMs`: per spec file, a check's
   * expected time before this run's say (the stand-ins' measured table); `caps`: per service, the most workers its project takes
   * (a project's `workers`, carried in its metadata: financial data's quota cap on a sandbox).
   */
  constructor(
    totals: Record<string, number>,
    private readonly workers: number,
    private readonly startedAt: number,
    plan: PlannedCheck[] = [],
    private readonly previous: Record<string, number> = {},
    private readonly pollingPriorMs?: number,
    private readonly filePriorMs: Record<string, number> = {},
    private readonly caps: Record<string, number> = {},
  ) {
    for (const [service, total] of Object.entries(totals)) this.services.set(service, newState(total));
    for (const c of plan) this.state(c.service).pending.set(c.id, { file: c.file, kind: c.kind ?? 'reads' });
  }

  private state(service: string): ServiceState {
    let s = this.services.get(service);
    if (!s) this.services.set(service, (s = newState(0)));
    return s;
  }

  begin(service: string, id?: string, now = Date.now()): void {
    const s = this.state(service);
    s.running++;
    if (id === undefined) return;
    s.firstBeganAt ??= now;
    const planned = s.pending.get(id) ?? { file: '', kind: 'reads' };
    s.pending.delete(id);
    s.inFlight.set(id, { ...planned, startedAt: now });
  }

  /** A check's final result: a time-out counts as failed (as in the certification); `interrupted`: stopped, not failed. */
  end(
    service: string,
    status: CheckStatus,
    durationMs: number,
    id?: string,
    interrupted = status === 'interrupted',
    now = Date.now(),
  ): void {
    const s = this.state(service);
    s.running = Math.max(0, s.running - 1);
    s.done++;
    if (s.done >= s.total) s.finishedAt = now;
    s.total = Math.max(s.total, s.done);
    s.spentMs += durationMs;
    const planned = id === undefined ? undefined : (s.inFlight.get(id) ?? s.pending.get(id));
    if (id !== undefined) {
      s.inFlight.delete(id);
      s.pending.delete(id);
    }
    const prior = planned === undefined || interrupted ? undefined : this.filePriorMs[planned.file];
    if (prior !== undefined) {
      s.priorMs += prior;
      s.priorSpentMs += durationMs;
    }
    const before = id === undefined || interrupted ? undefined : this.previous[id];
    if (before !== undefined) [this.previousMs, this.previousSpentMs] = [this.previousMs + before, this.previousSpentMs + durationMs];
    if (planned !== undefined) {
      const add = <K>(map: Map<K, { done: number; spentMs: number }>, key: K) => {
        const f = map.get(key) ?? { done: 0, spentMs: 0 };
        f.done++;
        f.spentMs += durationMs;
        map.set(key, f);
      };
      add(s.files, `${planned.file}|${planned.kind}`);
      add(s.kinds, planned.kind);
    }
    if (interrupted) s.interrupted++;
    else if (status === 'skipped') s.skipped++;
    else if (status !== 'passed') s.failed++;
    s.changed = true;
  }

  /** An attempt that a retry follows: no longer running, not done. */
  retried(service: string, id?: string): void {
    const s = this.state(service);
    s.running = Math.max(0, s.running - 1);
    const flight = id === undefined ? undefined : s.inFlight.get(id);
    if (id !== undefined && flight) {
      s.inFlight.delete(id);
      s.pending.set(id, { file: flight.file, kind: flight.kind });
    }
  }

  counts(service: string): { total: number; done: number; failed: number; skipped: number; running: number } {
    const { total, done, failed, skipped, running } = this.state(service);
    return { total, done, failed, skipped, running };
  }

  /**
   * A check's expected time: its previous run's, else the mean of its file and kind drawn toward the file's measured prior,
   * or toward its kind's mean over the service (polling: itself drawn toward the polling prior), else the service's mean,
   * else the run's. Drawn: the level above counts as PRIOR_WEIGHT checks, so one check that ended at once (a skip) does not
   * make the rest look quick.
   */
  private expectedMs(s: ServiceState, id: string | undefined, planned: { file: string; kind: CheckKind } | undefined): number | undefined {
    // Not scaled by the run's pace: a sandbox check's time is mostly the target's real-time waits (reports polled
    // every 20 s), which the machine's load does not change; scaling by the quick checks would misjudge the slow ones.
    if (id !== undefined && this.previous[id] !== undefined) return this.previous[id] * this.slowdown();
    const serviceMean = s.done ? s.spentMs / s.done : undefined;
    if (planned === undefined) return serviceMean;
    const drawn = (f: { done: number; spentMs: number } | undefined, above: number | undefined) => {
      if (above === undefined) return f?.done ? f.spentMs / f.done : undefined;
      return ((f?.spentMs ?? 0) + PRIOR_WEIGHT * above) / ((f?.done ?? 0) + PRIOR_WEIGHT);
    };
    const measured = this.filePriorMs[planned.file] === undefined ? undefined : this.filePriorMs[planned.file] * this.pace(s);
    // Last, the run's mean: a file neither the previous run nor the table has leaves no service "estimating" once others ended checks.
    let [spent, done] = [0, 0];
    for (const o of this.services.values()) [spent, done] = [spent + o.spentMs, done + o.done];
    const above =
      measured ??
      drawn(s.kinds.get(planned.kind), planned.kind === 'polls' ? this.pollingPriorMs : undefined) ??
      serviceMean ??
      (done ? spent / done : undefined);
    return drawn(s.files.get(`${planned.file}|${planned.kind}`), above);
  }

  /**
   * How much slower than the previous run this run's checks have been, never below 1: a busier machine slows every check (the
   * previous durations alone read the time left short), a quieter one does not speed up the target's real-time waits.
   */
  private slowdown(): number {
    const pace = (this.previousSpentMs + PACE_WEIGHT_MS) / (this.previousMs + PACE_WEIGHT_MS);
    return Math.min(PACE_BOUNDS[1], Math.max(1, pace));
  }

  /** The service's pace against the measured table: its durations over its files' priors, drawn toward the run's (itself toward 1). */
  private pace(s: ServiceState): number {
    let spent = 0;
    let prior = 0;
    for (const other of this.services.values()) [spent, prior] = [spent + other.priorSpentMs, prior + other.priorMs];
    const run = (spent + PACE_WEIGHT_MS) / (prior + PACE_WEIGHT_MS);
    const pace = (s.priorSpentMs + PACE_WEIGHT_MS * run) / (s.priorMs + PACE_WEIGHT_MS);
    return Math.min(PACE_BOUNDS[1], Math.max(PACE_BOUNDS[0], pace));
  }

  /**
   * A service's work left: its checks not begun, by file (a file of polled reports is slow throughout), and what its running
   * ones have left (one past its expectation: half as long again), with the longest; undefined while nothing says.
   */
  private workLeft(s: ServiceState, now: number): { work: number; longest: number } | undefined {
    let work = 0;
    let longest = 0;
    const add = (ms: number) => {
      work += ms;
      longest = Math.max(longest, ms);
    };
    for (const [id, planned] of s.pending) {
      const e = this.expectedMs(s, id, planned);
      if (e === undefined) return undefined;
      add(e);
    }
    // Checks of no known plan (a self test's counts alone): the service's mean.
    const unplanned = s.total - s.done - s.running - s.pending.size;
    if (unplanned > 0) {
      const e = this.expectedMs(s, undefined, undefined);
      if (e === undefined) return undefined;
      for (let i = 0; i < unplanned; i++) add(e);
    }
    for (const [id, { startedAt, ...planned }] of s.inFlight) {
      const e = this.expectedMs(s, id, planned);
      const elapsed = Math.max(0, now - startedAt);
      if (e === undefined && !s.done) return undefined;
      if (e !== undefined) add(e > elapsed ? e - elapsed : elapsed / 2);
    }
    if (!s.done && !Object.keys(this.previous).length && !Object.keys(this.filePriorMs).length) return undefined;
    return { work, longest };
  }

  /**
   * Time left until a service's last check ends: its work and that of the services before it (Playwright runs the projects one
   * after another), over the workers as they served the run so far (a third of their time on checks: 3x, at most 4x), never
   * less than its longest check, nor than any of those services' work over the workers its project takes (`caps`): the run's
   * workers are those the unfinished services can take.
   */
  remainingMs(service: string, now = Date.now()): number | undefined {
    const s = this.state(service);
    const own = this.workLeft(s, now);
    if (own === undefined) return undefined;
    const all = Math.max(1, this.workers);
    const cap = (name: string) => Math.max(1, Math.min(all, this.caps[name] ?? all));
    let work = own.work;
    let capped = own.work / cap(service);
    for (const [name, other] of this.services) {
      if (name === service) break;
      if (other.done >= other.total) continue;
      const ahead = this.workLeft(other, now);
      // A service before it not yet estimated: the last one is not either.
      if (ahead === undefined) return undefined;
      work += ahead.work;
      capped = Math.max(capped, ahead.work / cap(name));
    }
    let takeable = 0;
    for (const [name, other] of this.services) if (other.done < other.total) takeable += cap(name);
    const workers = Math.max(1, Math.min(all, takeable));
    let busy = 0;
    let began: number | undefined;
    for (const other of this.services.values()) {
      busy += other.spentMs;
      for (const { startedAt } of other.inFlight.values()) busy += Math.max(0, now - startedAt);
      if (other.firstBeganAt !== undefined) began = Math.min(began ?? other.firstBeganAt, other.firstBeganAt);
    }
    const wall = began === undefined ? 0 : now - began;
    const served = busy > 0 && wall > 0 ? Math.min(4, Math.max(1, (wall * workers) / busy)) : 1;
    return Math.max(Math.max(work / workers, capped) * served, own.longest);
  }

  /** The run's time left: the longest of its unfinished services' (each counting those before it), one figure on every line. */
  runRemainingMs(now = Date.now()): number | undefined {
    let longest: number | undefined = 0;
    for (const [name, s] of this.services) {
      if (s.done >= s.total) continue;
      const left = this.remainingMs(name, now);
      if (left === undefined) return undefined;
      longest = Math.max(longest, left);
    }
    return longest;
  }

  line(service: string, now: number): string {
    const s = this.state(service);
    const remaining = this.runRemainingMs(now);
    const eta =
      s.done === s.total ? '' : remaining === undefined ? ', remaining: estimating' : `, ~${formatDuration(remaining)} left in the run`;
    const running = s.running && s.done < s.total ? `, ${s.running} running` : '';
    const interrupted = s.interrupted ? `, ${s.interrupted} interrupted` : '';
    return `${service}: ${s.done}/${s.total} checks, ${s.failed} failed, ${s.skipped} skipped${interrupted}${running}, ${formatDuration(now - this.startedAt)} elapsed${eta}`;
  }

  /** A service's line at a failure, naming the check and why (redacted, one line, cut at a character boundary: 120 and 300). */
  failureLine(service: string, title: string, now: number, reason?: string): string {
    this.mark(service, now);
    const oneLine = (text: string) => redactMessage(withoutAnsi(text)).replace(/\s+/g, ' ').trim();
    const why = reason ? oneLine(reason) : '';
    return `${this.line(service, now)} - FAILED: ${cutAt(oneLine(title), 120)}${why ? ` - ${cutAt(why, 300)}` : ''}`;
  }

  /** Lines due: a service whose counts changed, PROGRESS_INTERVAL_MS after its last line; one only running, QUIET_INTERVAL_MS after. */
  dueLines(now: number): string[] {
    const lines: string[] = [];
    for (const [service, s] of this.services) {
      const since = now - (s.lastLineAt ?? this.startedAt);
      const due = (s.changed && since >= PROGRESS_INTERVAL_MS) || (s.running > 0 && since >= QUIET_INTERVAL_MS);
      if (!due) continue;
      lines.push(this.line(service, now));
      this.mark(service, now);
    }
    return lines;
  }

  /** One closing line per service that had checks, its time elapsed until its last check ended. */
  finalLines(now: number): string[] {
    return [...this.services]
      .filter(([, s]) => s.total > 0)
      .map(
        ([service, s]) =>
          `${service}: ${s.interrupted || s.done < s.total ? 'stopped' : 'done'}, ${s.done}/${s.total} checks, ${s.done - s.failed - s.skipped - s.interrupted} passed, ${s.failed} failed, ${s.skipped} skipped${s.interrupted ? `, ${s.interrupted} interrupted` : ''}, ended ${formatDuration((s.finishedAt ?? now) - this.startedAt)} into the run`,
      );
  }

  private mark(service: string, now: number): void {
    const s = this.state(service);
    s.lastLineAt = now;
    s.changed = false;
  }
}

const serviceOf = (test: TestCase) => checkName(test).service;

/** Durations of the last run's checks (ms by check id), for the next run's estimate of the time left. */
export const DURATIONS_FILE = path.join('reports', '.durations.json');

const readDurations = (file: string | false): Record<string, number> =>
  file ? orElse(() => JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, number>, {}) : {};

/**
 * A polling check's expected time before any has ended: two of the seed's waits between reads (the financial-data
 * contract's x-limits reportPollSeconds): a sandbox's report takes some tens of seconds.
 */
export function pollingPriorMs(contractFile = path.resolve(import.meta.dirname, '..', '..', 'schemas', 'financial-data', 'openapi.yaml')) {
  const seconds = orElse(() => /^\s+reportPollSeconds:\s*\{\s*value:\s*(\d+)/m.exec(fs.readFileSync(contractFile, 'utf8'))?.[1], undefined);
  return seconds === undefined ? undefined : 2 * Number(seconds) * 1000;
}

export default class ProgressReporter implements Reporter {
  private progress?: ServiceProgress;
  private timer?: NodeJS.Timeout;
  private quiet = false;
  private durations: Record<string, number> = {};
  private readonly durationsFile: string | false;
  private readonly tableFile: string | false;

  /** `durations`: where durations are read and kept for the next run (false: nowhere); `table`: per spec file (false: none). */
  constructor(options: { durations?: string | false; table?: string | false } = {}) {
    this.durationsFile = options.durations ?? DURATIONS_FILE;
    this.tableFile = options.table ?? DURATIONS_TABLE;
  }

  onBegin(config: FullConfig, suite: Suite) {
    const totals: Record<string, number> = {};
    const tests = suite.allTests();
    for (const test of tests) totals[serviceOf(test)] = (totals[serviceOf(test)] ?? 0) + 1;
    this.quiet = config.quiet;
    this.durations = readDurations(this.durationsFile);
    const polls = pollingChecks(tests);
    const plan = tests.map((t) => ({
      id: t.id,
      service: serviceOf(t),
      file: t.location.file,
      kind: polls.has(t.id) ? ('polls' as const) : ('reads' as const),
    }));
    const measured = this.tableFile ? readDurationsTable(this.tableFile) : {};
    const filePriors = Object.fromEntries(
      tests.map((t) => [t.location.file, measured[fileKey(t.location.file)]]).filter(([, ms]) => ms !== undefined),
    ) as Record<string, number>;
    // A project's own `workers` (financial data's quota cap on a sandbox) reaches a reporter through its metadata (playwright.config.ts).
    // A service of two projects (financial data's TxPush turn files apart) takes the workers of both.
    const caps: Record<string, number> = {};
    for (const p of config.projects)
      if (typeof p.metadata?.workers === 'number') caps[p.name] = (caps[p.name] ?? 0) + (p.metadata.workers as number);
    this.progress = new ServiceProgress(totals, config.workers, Date.now(), plan, this.durations, pollingPriorMs(), filePriors, caps);
    const list = Object.entries(totals)
      .map(([s, n]) => `${s} ${n}`)
      .join(', ');
    console.log(
      `Running ${tests.length} checks (${list}) with ${config.workers} worker${config.workers > 1 ? 's' : ''}: progress per service every ${PROGRESS_INTERVAL_MS / 1000}s and at each failure`,
    );
    this.timer = setInterval(() => this.flush(), 1000);
    this.timer.unref();
  }

  onTestBegin(test: TestCase) {
    this.progress?.begin(serviceOf(test), test.id);
  }

  onTestEnd(test: TestCase, result: TestResult) {
    if (!this.progress) return;
    const service = serviceOf(test);
    // A failed attempt that a retry follows is not the check's result (as in the suite reporter).
    if (retriedAttempt(test, result)) return this.progress.retried(service, test.id);
    // Interrupted (the run's first reporter made it a skip of that kind): stopped, not failed.
    const interrupted = result.status === 'interrupted' || skipKindOf(result.annotations) === 'interrupted';
    this.progress.end(service, result.status, result.duration, test.id, interrupted);
    // A skip too (a check a sandbox cannot run ends at once, one out of time took its budget): the next run expects what it took.
    if (!interrupted && result.status !== 'interrupted') this.durations[test.id] = result.duration;
    if (!interrupted && result.status !== 'passed' && result.status !== 'skipped')
      console.log(
        this.progress.failureLine(
          service,
          checkName(test).title,
          Date.now(),
          result.status === 'timedOut'
            ? `timed out after ${formatDuration(result.duration)}`
            : result.error?.message?.split('\n').find((l) => l.trim()),
        ),
      );
  }

  // Output of the checks (the preflight's one-line cause, warnings) still reaches the console.
  onStdOut(chunk: string | Buffer) {
    if (!this.quiet) process.stdout.write(chunk);
  }

  onStdErr(chunk: string | Buffer) {
    if (!this.quiet) process.stderr.write(chunk);
  }

  /** An error outside any check (a worker that crashed, a global setup): its first line, redacted. */
  onError(error: TestError) {
    console.log(`error: ${redactMessage(withoutAnsi(error.message ?? error.value ?? 'unknown error').split('\n')[0])}`);
  }

  onEnd(result: FullResult) {
    clearInterval(this.timer);
    if (!this.progress) return;
    for (const line of this.progress.finalLines(Date.now())) console.log(line);
    console.log(`Run ${result.status} in ${formatDuration(result.duration)}`);
    if (!this.durationsFile) return;
    try {
      fs.mkdirSync(path.dirname(this.durationsFile), { recursive: true });
      fs.writeFileSync(this.durationsFile, JSON.stringify(this.durations));
    } catch {
      // An estimate only.
    }
  }

  private flush() {
    for (const line of this.progress?.dueLines(Date.now()) ?? []) console.log(line);
  }

  printsToStdio() {
    return true;
  }
}
