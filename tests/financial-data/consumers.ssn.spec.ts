// Covers: CreateConsumer, GetConsumerForCustomer, GetConsumer, ModifyConsumer - reference, Consumers
// (only the last four SSN digits in every response that carries one; the client fails a full SSN echo:
// sensitiveEchoConformance). Last four with leading zeros (0012, 0405; provider 1.35.0
// SocialSecurityNumberLastDigits, a string) on both consumer readers and every reader of a report of the
// consumer (ack, by customer, by id, by consumer, BillingReport.consumerSsn). Never prints an SSN.
import { expect, newConsumer, type OperationClient, rules, test } from '../../fixtures/financial-data.js';
import { ownReport } from './reports-retrieval.known.js';
import { cite } from './cite.js';

/** SSNs of test form whose last four digits start with zeros, plain and hyphenated. */
const SSNS = [
  { ssn: '999600012', last4: '0012' },
  { ssn: '999-60-0405', last4: '0405' },
];

test(
  'last four SSN digits with leading zeros show as sent on both consumer readers and on every reader of a report of the consumer, before and after a new SSN',
  rules(
    ...cite('FD-CONS-SSN-LAST-FOUR', ['consumer-by-customer', 'consumer-by-id']),
    ...cite('FD-REPORT-CONSUMER-SSN', ['by-customer', 'by-id', 'by-consumer', 'billing']),
  ),
  async ({ fdApi, fd, fdPowers, createCustomer }) => {
    const customerId = await createCustomer();
    const created = await fdApi.call('CreateConsumer', { path: { customerId }, body: newConsumer({ ssn: SSNS[0].ssn }) });
    expect(created.status, 'CreateConsumer').toBe(201);
    const consumerId = String(created.body.id);
    // The customer is the check's own: its accounts linked (the mock's control surface, or Connect on a sandbox), its reports generated.
    await fdPowers.linkAccounts(customerId);
    const startS = Math.floor(fd.now() / 1000) - 5;
    const problems: string[] = [];
    const expectLast4 = (where: string, shown: unknown, last4: string) => {
      if (shown !== last4)
        problems.push(
          `${where}: ${typeof shown === 'string' && shown.length === 4 ? shown : `a ${typeof shown} of ${String(shown ?? '').length} characters`}, expected ${last4}`,
        );
    };
    const readAll = async (api: OperationClient, last4: string, when: string) => {
      expectLast4(`${when}, GetConsumerForCustomer`, (await api.call('GetConsumerForCustomer', { path: { customerId } })).body.ssn, last4);
      expectLast4(`${when}, GetConsumer`, (await api.call('GetConsumer', { path: { consumerId } })).body.ssn, last4);
      const report = await ownReport(fdApi, customerId, 'voa');
      expect(report.consumerId, `${when}: the report is the consumer's`).toBe(consumerId);
      for (const [reader, res] of [
        ['GetReportByCustomer', await api.call('GetReportByCustomer', { path: { customerId, reportId: report.id } })],
        ['GetReportById', await api.call('GetReportById', { path: { reportId: report.id }, body: {} })],
        ['GetReportByConsumer', await api.call('GetReportByConsumer', { path: { consumerId, reportId: report.id } })],
      ] as const)
        expectLast4(`${when}, ${reader}`, res.body?.consumerSsn, last4);
      return report.id;
    };
    await readAll(fdApi, SSNS[0].last4, 'after creation');
    expect((await fdApi.call('ModifyConsumer', { path: { consumerId }, body: { ssn: SSNS[1].ssn } })).status, 'ModifyConsumer').toBe(204);
    const second = await readAll(fdApi, SSNS[1].last4, 'after a new SSN');
    // provider 1.35.0 BillingReport.consumerSsn: the billing row of the report made after the new SSN
    // (whether an earlier report's row follows a new SSN is not said: not asked).
    const billing = await fdApi.call('getResellerBillingReport', {
      path: { partnerId: fd.partner.partnerId },
      query: { startDate: startS, endDate: Math.floor(fd.now() / 1000) + 5, viewTestingReports: true, size: 1000 },
    });
    expect(billing.status, 'the billing of the window').toBe(200);
    const row = (billing.body.content as { reportId: string; consumerSsn?: unknown }[]).find((r) => r.reportId === second);
    if (!row) problems.push(`report ${second}: no billing row`);
    else if (row.consumerSsn !== undefined) expectLast4(`report ${second} billing row`, row.consumerSsn, SSNS[1].last4);
    expect(problems, 'the last four SSN digits, leading zeros kept, on every reader').toEqual([]);
  },
);
