// The one place a report is polled (seed 002, Limits: x-limits reportPollSeconds while inProgress; States and transitions -
// Report): the mock's virtual clock, or real waits on a sandbox up to FD_REPORT_POLL_MAX_SECONDS. It ends with the terminal
// read, or one error naming the report, its last status and the time waited: never a bare timeout.
import { noteSpent, runningTest } from './guest/time-budget.js';

interface PollRead {
  status: number;
  body: any;
}

interface PollOptions {
  /** What the report is, for messages: `VOA report u4hstnnak45g`. */
  label: string;
  /** One read of the report (a get-report operation through the contract-checked client). */
  read: () => Promise<PollRead>;
  /** Waits `seconds` on the target's clock: the mock's clock advance, or a real sleep. */
  wait: (seconds: number) => Promise<void>;
  /** Give up once this many seconds have been waited (default 600). */
  maxSeconds?: number;
  /** Seconds between reads while inProgress (the contract's x-limits reportPollSeconds). */
  intervalSeconds: number;
}

export interface PollResult {
  /** The terminal read (status success or failure). */
  final: PollRead;
  /** Every read, in order (the first is at 0 s). */
  reads: { atSeconds: number; httpStatus: number; reportStatus: string }[];
  waitedSeconds: number;
}

export class ReportPollError extends Error {}

const statusOf = (read: PollRead) =>
  read.body && typeof read.body === 'object' ? String(read.body.status ?? '(no status field)') : '(no JSON body)';

/** Reads the report until it leaves inProgress; throws ReportPollError on a non-200 read or at the bound. */
export async function pollReport(options: PollOptions): Promise<PollResult> {
  const interval = options.intervalSeconds;
  const max = options.maxSeconds ?? 600;
  const reads: PollResult['reads'] = [];
  let waited = 0;
  for (;;) {
    const read = await options.read();
    const status = statusOf(read);
    reads.push({ atSeconds: waited, httpStatus: read.status, reportStatus: status });
    if (read.status !== 200)
      throw new ReportPollError(
        `${options.label}: the read answered ${read.status} after ${waited} s of polling (status before: ${reads.at(-2)?.reportStatus ?? 'none'})`,
      );
    if (status !== 'inProgress') return { final: read, reads, waitedSeconds: waited };
    if (waited + interval > max) {
      throw new ReportPollError(
        `${options.label}: still inProgress after ${waited} s (${reads.length} reads, every ${interval} s; bound ${max} s, FD_REPORT_POLL_MAX_SECONDS)`,
      );
    }
    await options.wait(interval);
    waited += interval;
  }
}

/** A real wait of an interval the documents state, for a sandbox: the running check's time spent on them. */
export async function sleepSeconds(seconds: number): Promise<void> {
  noteSpent(runningTest(), 'documented', seconds * 1000);
  await new Promise<void>((resolve) => setTimeout(resolve, seconds * 1000));
}

/** One report of several polled together: its label and its read. */
type PolledReport = Pick<PollOptions, 'label' | 'read'>;

/** Polls several reports together: a round reads each still inProgress, then waits once (the slowest's time), as `pollReport` alone. */
export async function pollReports(
  reports: readonly PolledReport[],
  options: Pick<PollOptions, 'wait' | 'maxSeconds' | 'intervalSeconds'>,
): Promise<PollResult[]> {
  const interval = options.intervalSeconds;
  const max = options.maxSeconds ?? 600;
  const results: (PollResult | undefined)[] = reports.map(() => undefined);
  const reads: PollResult['reads'][] = reports.map(() => []);
  let waited = 0;
  for (;;) {
    const open = reports.map((_, i) => i).filter((i) => !results[i]);
    const answers = await Promise.all(open.map((i) => reports[i].read()));
    const errors: string[] = [];
    open.forEach((i, k) => {
      const read = answers[k];
      const status = statusOf(read);
      reads[i].push({ atSeconds: waited, httpStatus: read.status, reportStatus: status });
      if (read.status !== 200)
        errors.push(
          `${reports[i].label}: the read answered ${read.status} after ${waited} s of polling (status before: ${reads[i].at(-2)?.reportStatus ?? 'none'})`,
        );
      else if (status !== 'inProgress') results[i] = { final: read, reads: reads[i], waitedSeconds: waited };
    });
    if (errors.length) throw new ReportPollError(errors.join('; '));
    if (results.every(Boolean)) return results as PollResult[];
    if (waited + interval > max) {
      const still = reports.filter((_, i) => !results[i]).map((r) => r.label);
      throw new ReportPollError(
        `${still.join(', ')}: still inProgress after ${waited} s (every ${interval} s; bound ${max} s, FD_REPORT_POLL_MAX_SECONDS)`,
      );
    }
    await options.wait(interval);
    waited += interval;
  }
}
