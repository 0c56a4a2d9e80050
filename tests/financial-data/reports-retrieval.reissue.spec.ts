// Covers: ReportReissue (and GetReportById's Lender body) - seed 002, Report retrieval (POST with a Lender body, required; 200; 400,
// 401, 403, 404; "the purpose code is not required today and becomes required by April 30,
// 2026"). This contract reads that date on the target's clock: from 2026-04-30T00:00:00Z a reissue
// without purpose is a 400, before it is served (rules FD-REISSUE-PURPOSE, @assumption on the
// instant: both sides of it are clock.day-boundary.spec.ts's). The purpose format: provider 1.35.0 PurposeCode (a 2-character code).
import { expect, expectFdError, mockOnly, rules, test } from '../../fixtures/financial-data.js';
import { customerWithConsumer, makeReport, newReport, reportOwner } from './reports-retrieval.known.js';

const PURPOSE_REQUIRED_FROM_MS = Date.UTC(2026, 3, 30);

// GetReportById takes the same Lender body, required too (the contract's requestBody of both): the
// rule is checked on both paths, each failure naming its operation.
test(
  'a reissue or a read by id without a Lender body is a 400; with one it is served',
  rules('FD-REISSUE-LENDER'),
  async ({ fdApi, fd, fdEntities, createCustomer }) => {
    const m = { fd, fdApi, fdEntities, createCustomer };
    const reportId = (await newReport(m, (await reportOwner(m)).customerId)).id;
    for (const op of ['ReportReissue', 'GetReportById'] as const) {
      expectFdError(await fdApi.call(op, { path: { reportId } }), 400, `${op}: no body`);
      const served = await fdApi.call(op, { path: { reportId }, body: { purpose: '31' } });
      expect([served.status, served.body?.id], `${op}: a Lender body with a purpose`).toEqual([200, reportId]);
    }
  },
);

// The format of the Lender's purpose (provider 1.35.0 Lender {purpose: PurposeCode}) holds wherever
// a Lender body is sent: the reissue and the read by id. The requirement from 2026-04-30 is the
// reissue's only (seed 002: the purpose code "for report reissue"; the reads take it optionally).
test(
  "the reissue purpose is required from 2026-04-30 on the target's clock; a 2-character code is accepted, 1 or 3 characters are a 400, in a reissue and in a read by id @assumption @mock-only",
  mockOnly(
    rules('FD-REISSUE-PURPOSE:accept', 'FD-REISSUE-PURPOSE:refuse'),
    "needs the mock's virtual clock set to an instant (2026-04-30, when the purpose becomes required): a sandbox's clock is its own",
  ),
  async ({ fdApi, fd, fdMock, createCustomer }) => {
    const who = await customerWithConsumer(fdApi, createCustomer);
    const reportId = (await makeReport(fdMock, who.customerId)).id;
    const withoutPurpose = await fdApi.call('ReportReissue', { path: { reportId }, body: {} });
    if (fd.now() >= PURPOSE_REQUIRED_FROM_MS) expectFdError(withoutPurpose, 400, 'no purpose on or after 2026-04-30');
    else expect(withoutPurpose.status, 'no purpose before 2026-04-30: not required yet').toBe(200);
    for (const op of ['ReportReissue', 'GetReportById'] as const) {
      // A code with a letter (3F): one a digits-only reading of "2-digit" would refuse.
      for (const purpose of ['31', '3F'])
        expect((await fdApi.call(op, { path: { reportId }, body: { purpose } })).status, `${op}: purpose ${purpose}`).toBe(200);
      for (const purpose of ['3', '311'])
        expectFdError(
          await fdApi.call(op, { path: { reportId }, body: { purpose } }),
          400,
          `${op}: purpose of ${purpose.length} characters`,
        );
    }
  },
);
