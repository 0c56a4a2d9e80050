// Covers: the suite's report poller (helpers/client/polling.ts), the one place reports are polled - seed
// 002, Limits (report status polling: the wait while inProgress, the contract's x-limits
// reportPollSeconds) and States and transitions - Report. The client's side of the rule: how the
// suite itself waits, checked against a scripted report (no target), so a change of the poller that
// waits less, or stops without naming the report, fails here.
import { expect, fdLimit, rules, test } from '../../fixtures/financial-data.js';
import { pollReport, pollReports, ReportPollError } from '../../helpers/client/polling.js';
import { ownReport, ownReportOwner } from './reports-retrieval.known.js';

const EVERY = fdLimit('reportPollSeconds');

/** A report that answers inProgress `busy` times, then `last`; records every wait asked for. */
function scripted(busy: number, last = 'success') {
  const waits: number[] = [];
  let reads = 0;
  return {
    waits,
    read: async () => ({ status: 200, body: { id: 'r1', status: reads++ < busy ? 'inProgress' : last } }),
    wait: async (s: number) => void waits.push(s),
  };
}

test(
  `the poller waits exactly ${EVERY} s between reads while the report is inProgress and returns the terminal read`,
  rules('FD-REPORT-POLL-INTERVAL:accept'),
  async () => {
    const report = scripted(3);
    const result = await pollReport({ label: 'VOA report r1', read: report.read, wait: report.wait, intervalSeconds: EVERY });
    expect(report.waits, `one ${EVERY}-second wait before each read after the first`).toEqual([EVERY, EVERY, EVERY]);
    expect({ status: result.final.body.status, waited: result.waitedSeconds, reads: result.reads.length }).toEqual({
      status: 'success',
      waited: 3 * EVERY,
      reads: 4,
    });
  },
);

test(
  `reports polled together are each read every ${EVERY} s while inProgress, with one wait a round for all, and each ends as it would alone`,
  rules('FD-REPORT-POLL-INTERVAL:accept'),
  async () => {
    const waits: number[] = [];
    const reports = [1, 3, 0].map((busy, i) => {
      const one = scripted(busy, i === 1 ? 'failure' : 'success');
      return { label: `report ${i}`, read: one.read };
    });
    const results = await pollReports(reports, { wait: async (s) => void waits.push(s), intervalSeconds: EVERY });
    expect(waits, `one ${EVERY}-second wait a round, as long as one report is inProgress`).toEqual([EVERY, EVERY, EVERY]);
    expect(
      results.map((r) => ({ status: r.final.body.status, reads: r.reads.map((x) => x.atSeconds) })),
      'each report read at 0 s and every interval until it ends, no more',
    ).toEqual([
      { status: 'success', reads: [0, EVERY] },
      { status: 'failure', reads: [0, EVERY, 2 * EVERY, 3 * EVERY] },
      { status: 'success', reads: [0] },
    ]);
  },
);

test(
  'the poller stops at its bound naming the report, its last status and the time waited',
  rules('FD-REPORT-POLL-INTERVAL:refuse'),
  async () => {
    const report = scripted(Number.MAX_SAFE_INTEGER);
    const bound = 3 * EVERY - 1;
    const error = await pollReport({
      label: 'VOA report r1',
      read: report.read,
      wait: report.wait,
      maxSeconds: bound,
      intervalSeconds: EVERY,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReportPollError);
    expect((error as Error).message).toBe(
      `VOA report r1: still inProgress after ${2 * EVERY} s (3 reads, every ${EVERY} s; bound ${bound} s, FD_REPORT_POLL_MAX_SECONDS)`,
    );
    expect(report.waits, `never a wait shorter than ${EVERY} s, never past the bound`).toEqual([EVERY, EVERY]);
  },
);

test(
  'the poller stops on a read that is not 200, naming the answer and the status before it',
  rules('FD-REPORT-POLL-INTERVAL:refuse'),
  async () => {
    let n = 0;
    const read = async () => (n++ === 0 ? { status: 200, body: { status: 'inProgress' } } : { status: 404, body: { code: 404 } });
    const error = await pollReport({
      label: 'VOI report r2',
      read,
      wait: async () => {
        // no real wait: the poll's time is the test's
      },
      intervalSeconds: EVERY,
    }).catch((e: unknown) => e);
    expect((error as Error).message).toBe(`VOI report r2: the read answered 404 after ${EVERY} s of polling (status before: inProgress)`);
  },
);

// The same poller on its one read path (GetReportByCustomer, the fixture's pollReport) against the
// target: a report read every ${EVERY} s while inProgress must end, so a read that serves a stale
// status to a client waiting exactly that long fails here, naming the report and the time waited.
test(
  `the suite's poller reads a report in progress through its customer every ${EVERY} s until it ends`,
  rules('FD-REPORT-POLL-INTERVAL:accept'),
  async ({ fdApi, fdPowers, createCustomer, pollReport: poll }) => {
    // A VOA of a customer of the check's own, its accounts linked: polled on the mock's clock, or in real time on a sandbox.
    const who = await ownReportOwner(fdApi, fdPowers, createCustomer);
    const made = await ownReport(fdApi, who.customerId);
    const result = await poll({ id: made.id, customerId: who.customerId, label: `VOA report ${made.id}` });
    expect(
      result.reads.map((r) => [r.atSeconds, r.reportStatus]),
      `inProgress at first, then read every ${EVERY} s until it ends`,
    ).toEqual(result.reads.map((_r, i) => [i * EVERY, i < result.reads.length - 1 ? 'inProgress' : result.final.body.status]));
    expect(result.reads.length, 'the report was in progress at the first read').toBeGreaterThan(1);
    expect(['success', 'failure'], 'a terminal status').toContain(result.final.body.status);
  },
);
