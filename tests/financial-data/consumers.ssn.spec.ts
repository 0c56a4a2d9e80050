// Covers: CreateConsumer, GetConsumerForCustomer, GetConsumer, ModifyConsumer - reference, Consumers
// (only the last four SSN digits in every response that carries one; the client fails a full SSN echo:
// sensitiveEchoConformance). Last four with leading zeros (0012, 0405; provider 1.35.0
// SocialSecurityNumberLastDigits, a string) on both consumer readers and every reader of a report of the
// consumer (ack, by customer, by id, by consumer, BillingReport.consumerSsn). Never prints an SSN.
import { expect, newConsumer, type OperationClient, rules, ssnShownUnlike, test, underRule } from '../../fixtures/financial-data.js';
import { ownReport } from './reports-retrieval.known.js';
import { cite } from './cite.js';

/** SSNs of test form whose last four digits start with zeros, plain and hyphenated. */
const SSNS = [
  { ssn: '999600012', last4: '0012' },
  { ssn: '999-60-0405', last4: '0405' },
];
/** The SSN sent whose last four these are. */
const ssnOf = (last4: string) => SSNS.find((s) => s.last4 === last4)?.ssn ?? '';

test(
  'last four SSN digits with leading zeros show as sent on both consumer readers and on every reader of a report of the consumer, before and after a new SSN',
  rules(
    ...['FD-CONS-SSN-LAST-FOUR', 'FD-CONS-MODIFY'].flatMap((r) => cite(r, ['consumer-by-customer', 'consumer-by-id'])),
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
    // Each problem with the rule it breaks: a consumer reader still showing the last four held before the new SSN kept not the
    // member a modification sent (FD-CONS-MODIFY: seed 002, Consumers), any other last four is the masking's (reference, Consumers).
    const problems: { rule: string; problem: string; operationId: string }[] = [];
    const expectLast4 = (operationId: string, where: string, shown: unknown, last4: string, rule: string, before?: string) => {
      if (shown === last4) return;
      const kept = before !== undefined && shown === before;
      problems.push({
        rule: kept ? 'FD-CONS-MODIFY' : rule,
        operationId,
        // Received printed only where it is a last four the consumer held; else its length and place in the SSN (never its digits).
        problem: `${where}: Received ${kept ? String(shown) : ssnShownUnlike(shown, ssnOf(last4))}${kept ? ', the last four held before the new SSN' : ''} / Documented: ${last4}`,
      });
    };
    const readAll = async (api: OperationClient, last4: string, when: string, before?: string) => {
      const byCustomer = (await api.call('GetConsumerForCustomer', { path: { customerId } })).body.ssn;
      expectLast4('GetConsumerForCustomer', `${when}, GetConsumerForCustomer`, byCustomer, last4, 'FD-CONS-SSN-LAST-FOUR', before);
      const byId = (await api.call('GetConsumer', { path: { consumerId } })).body.ssn;
      expectLast4('GetConsumer', `${when}, GetConsumer`, byId, last4, 'FD-CONS-SSN-LAST-FOUR', before);
      const report = await ownReport(fdApi, customerId, 'voa');
      expect(report.consumerId, `${when}: the report is the consumer's`).toBe(consumerId);
      for (const [reader, res] of [
        ['GetReportByCustomer', await api.call('GetReportByCustomer', { path: { customerId, reportId: report.id } })],
        ['GetReportById', await api.call('GetReportById', { path: { reportId: report.id }, body: {} })],
        ['GetReportByConsumer', await api.call('GetReportByConsumer', { path: { consumerId, reportId: report.id } })],
      ] as const)
        expectLast4(reader, `${when}, ${reader}`, res.body?.consumerSsn, last4, 'FD-REPORT-CONSUMER-SSN');
      return report.id;
    };
    await readAll(fdApi, SSNS[0].last4, 'after creation');
    // seed 002, Consumers: ModifyConsumer 204, FD-CONS-MODIFY's statement (an undocumented status is filed there).
    const modified = await fdApi.call('ModifyConsumer', { path: { consumerId }, body: { ssn: SSNS[1].ssn }, judges: 'FD-CONS-MODIFY' });
    underRule(test.info(), 'FD-CONS-MODIFY', () => expect(modified.status, 'ModifyConsumer').toBe(204), 'ModifyConsumer');
    const second = await readAll(fdApi, SSNS[1].last4, 'after a new SSN', SSNS[0].last4);
    // provider 1.35.0 BillingReport.consumerSsn: the billing row of the report made after the new SSN
    // (whether an earlier report's row follows a new SSN is not said: not asked).
    const billing = await fdApi.call('getResellerBillingReport', {
      path: { partnerId: fd.partner.partnerId },
      query: { startDate: startS, endDate: Math.floor(fd.now() / 1000) + 5, viewTestingReports: true, size: 1000 },
    });
    expect(billing.status, 'the billing of the window').toBe(200);
    const row = (billing.body.content as { reportId: string; consumerSsn?: unknown }[]).find((r) => r.reportId === second);
    if (!row)
      problems.push({
        rule: 'FD-REPORT-CONSUMER-SSN',
        operationId: 'getResellerBillingReport',
        problem: `report ${second}: no billing row`,
      });
    else if (row.consumerSsn !== undefined)
      expectLast4('getResellerBillingReport', `report ${second} billing row`, row.consumerSsn, SSNS[1].last4, 'FD-REPORT-CONSUMER-SSN');
    if (problems.length)
      underRule(
        test.info(),
        problems[0]!.rule,
        () =>
          expect(
            problems.map((p) => `${p.rule}: ${p.problem}`),
            'the last four SSN digits, leading zeros kept, on every reader',
          ).toEqual([]),
        problems[0]!.operationId,
      );
  },
);
