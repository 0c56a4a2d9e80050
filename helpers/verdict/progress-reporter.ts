// Console reporter for long runs against a sandbox, where report polling waits in real time and a run
// lasts many minutes: instead of a line per check, one progress line per service at most every
// PROGRESS_INTERVAL_MS (checks done of total, failed, skipped, elapsed, estimated remaining), one
// line at each failure naming the check, and a final line per service. Only the console changes:
// Allure, JUnit and the certification list every check as before.
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestError, TestResult } from '@playwright/test/reporter';
import { redactMessage } from '../secrets/redact.js';

export const PROGRESS_INTERVAL_MS = 10_000;
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
/** A service with checks in progress but nothing finished (a report polled for minutes) still gets a line this often. */
export const QUIET_INTERVAL_MS = 60_000;

export type CheckStatus = TestResult['status'];

interface ServiceState {
  total: number;
  done: number;
  failed: number;
  skipped: number;
  running: number;
  /** Summed durations of the checks done, for the mean. */
  spentMs: number;
  lastLineAt?: number;
  changed: boolean;
}

/** `75s` -> `1m15s`; `3725s` -> `1h02m`. */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/**
 * The counting and the lines, without Playwright: checks are recorded per service as they begin and
 * end, times are passed in (ms), so a self test drives it with a fake clock.
 */
export class ServiceProgress {
  private readonly services = new Map<string, ServiceState>();

  constructor(
    totals: Record<string, number>,
    private readonly workers: number,
    private readonly startedAt: number,
  ) {
    for (const [service, total] of Object.entries(totals))
      this.services.set(service, { total, done: 0, failed: 0, skipped: 0, running: 0, spentMs: 0, changed: false });
  }

  private state(service: string): ServiceState {
    let s = this.services.get(service);
    if (!s) this.services.set(service, (s = { total: 0, done: 0, failed: 0, skipped: 0, running: 0, spentMs: 0, changed: false }));
    return s;
  }

  begin(service: string): void {
    this.state(service).running++;
  }

  /** A check's final result; a time-out or an interrupted check counts as failed (as in the certification). */
  end(service: string, status: CheckStatus, durationMs: number): void {
    const s = this.state(service);
    s.running = Math.max(0, s.running - 1);
    s.done++;
    s.total = Math.max(s.total, s.done);
    s.spentMs += durationMs;
    if (status === 'skipped') s.skipped++;
    else if (status !== 'passed') s.failed++;
    s.changed = true;
  }

  /** An attempt that a retry follows: no longer running, not done. */
  retried(service: string): void {
    const s = this.state(service);
    s.running = Math.max(0, s.running - 1);
  }

  counts(service: string): { total: number; done: number; failed: number; skipped: number; running: number } {
    const { total, done, failed, skipped, running } = this.state(service);
    return { total, done, failed, skipped, running };
  }

  /** Remaining time: the mean duration of this service's checks so far, times the checks left, over the workers. */
  remainingMs(service: string): number | undefined {
    const s = this.state(service);
    if (s.done === 0) return undefined;
    return ((s.total - s.done) * (s.spentMs / s.done)) / Math.max(1, this.workers);
  }

  line(service: string, now: number): string {
    const s = this.state(service);
    const remaining = this.remainingMs(service);
    const eta = s.done === s.total ? '' : remaining === undefined ? ', remaining: estimating' : `, ~${formatDuration(remaining)} left`;
    const running = s.running && s.done < s.total ? `, ${s.running} running` : '';
    return `${service}: ${s.done}/${s.total} checks, ${s.failed} failed, ${s.skipped} skipped${running}, ${formatDuration(now - this.startedAt)} elapsed${eta}`;
  }

  /** The line of a service at a failure, naming the check (the title is redacted and kept to one line). */
  failureLine(service: string, title: string, now: number): string {
    this.mark(service, now);
    const oneLine = redactMessage(title).replace(/\s+/g, ' ').trim();
    return `${this.line(service, now)} - FAILED: ${oneLine.length > 200 ? `${oneLine.slice(0, 199)}…` : oneLine}`;
  }

  /**
   * Lines due now: a service whose counts changed, once PROGRESS_INTERVAL_MS has passed since its
   * last line; a service with checks running and nothing new, once QUIET_INTERVAL_MS has.
   */
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

  /** One closing line per service that had checks. */
  finalLines(now: number): string[] {
    return [...this.services]
      .filter(([, s]) => s.total > 0)
      .map(
        ([service, s]) =>
          `${service}: done, ${s.done}/${s.total} checks, ${s.done - s.failed - s.skipped} passed, ${s.failed} failed, ${s.skipped} skipped, ${formatDuration(now - this.startedAt)} elapsed`,
      );
  }

  private mark(service: string, now: number): void {
    const s = this.state(service);
    s.lastLineAt = now;
    s.changed = false;
  }
}

const serviceOf = (test: TestCase) => test.parent.project()?.name ?? 'unknown';

export default class ProgressReporter implements Reporter {
  private progress?: ServiceProgress;
  private timer?: NodeJS.Timeout;
  private quiet = false;

  onBegin(config: FullConfig, suite: Suite) {
    const totals: Record<string, number> = {};
    for (const test of suite.allTests()) totals[serviceOf(test)] = (totals[serviceOf(test)] ?? 0) + 1;
    this.quiet = config.quiet;
    this.progress = new ServiceProgress(totals, config.workers, Date.now());
    const list = Object.entries(totals)
      .map(([s, n]) => `${s} ${n}`)
      .join(', ');
    console.log(
      `Running ${suite.allTests().length} checks (${list}) with ${config.workers} worker${config.workers > 1 ? 's' : ''}: progress per service every ${PROGRESS_INTERVAL_MS / 1000}s and at each failure`,
    );
    this.timer = setInterval(() => this.flush(), 1000);
    this.timer.unref();
  }

  onTestBegin(test: TestCase) {
    this.progress?.begin(serviceOf(test));
  }

  onTestEnd(test: TestCase, result: TestResult) {
    if (!this.progress) return;
    const service = serviceOf(test);
    // A failed attempt that a retry follows is not the check's result (as in the suite reporter).
    if (result.retry < test.retries && result.status !== 'passed' && result.status !== 'skipped') return this.progress.retried(service);
    this.progress.end(service, result.status, result.duration);
    if (result.status !== 'passed' && result.status !== 'skipped')
      console.log(this.progress.failureLine(service, test.titlePath().slice(3).join(' › '), Date.now()));
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
    console.log(`error: ${redactMessage((error.message ?? error.value ?? 'unknown error').replace(ANSI, '').split('\n')[0])}`);
  }

  onEnd(result: FullResult) {
    clearInterval(this.timer);
    if (!this.progress) return;
    for (const line of this.progress.finalLines(Date.now())) console.log(line);
    console.log(`Run ${result.status} in ${formatDuration(result.duration)}`);
  }

  private flush() {
    for (const line of this.progress?.dueLines(Date.now()) ?? []) console.log(line);
  }

  printsToStdio() {
    return true;
  }
}
