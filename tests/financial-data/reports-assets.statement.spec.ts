// Covers: POST /decisioning/v2/customers/{customerId}/statement - provider 1.35.0
// StatementReportConstraints (required statementReportData), StatementData (required accountId;
// statementIndex 1 to 24, default 1), StatementReport (the statement's assetId); seed 002, Errors
// 404 (an account that is not the customer's).
import { expect, expectFdError, rules, test } from '../../fixtures/financial-data.js';
import { ensureConsumer, generated } from './reports-assets.known.js';
import { expectComponent } from './reports.known.js';

const OP = 'GenerateStatementReport';

test(
  'a statement report body without statementReportData, or without its accountId, is a 400 @provider',
  rules('FD-STMTREPORT-REQUIRED'),
  async ({ fdApi, linkedCustomer }) => {
    const { customerId } = linkedCustomer;
    await ensureConsumer(fdApi, customerId);
    expectFdError(await fdApi.call(OP, { path: { customerId }, body: { reportCustomFields: [] } }), 400, 'no statementReportData');
    const denied = await fdApi.call(OP, { path: { customerId }, body: { statementReportData: { statementIndex: 1 } } });
    expectFdError(denied, 400, 'no accountId');
  },
);

test(
  'statementIndex 1 and 24 are accepted, 0 and 25 refused with 400; without it the ack says index 1 @provider',
  rules('FD-STMTREPORT-INDEX:accept@assets-ack', 'FD-STMTREPORT-INDEX:refuse@assets-ack'),
  async ({ fdApi, linkedCustomer }) => {
    const { customerId } = linkedCustomer;
    await ensureConsumer(fdApi, customerId);
    const accountId = Number(linkedCustomer.account('checking').id);
    for (const statementIndex of [1, 24]) {
      const res = await fdApi.call(OP, { path: { customerId }, body: { statementReportData: { accountId, statementIndex } } });
      expect(res.status, `statementIndex ${statementIndex}; body: ${res.text.slice(0, 160)}`).toBe(202);
    }
    for (const statementIndex of [0, 25])
      expectFdError(
        await fdApi.call(OP, { path: { customerId }, body: { statementReportData: { accountId, statementIndex } } }),
        400,
        `statementIndex ${statementIndex}`,
      );
    const plain = await fdApi.call(OP, { path: { customerId }, body: { statementReportData: { accountId } } });
    expect(
      { status: plain.status, data: plain.body?.constraints?.statementReportData },
      'without statementIndex: the most recent statement, index 1',
    ).toEqual({ status: 202, data: { accountId, statementIndex: 1 } });
  },
);

test(
  "a statement report of the customer's account is a 202; another customer's account or one that does not exist is a 404",
  rules('FD-STMTREPORT-ACCOUNT:accept', 'FD-STMTREPORT-ACCOUNT:refuse'),
  async ({ fdApi, fdEntities, linkedCustomer }) => {
    const { customerId } = linkedCustomer;
    await ensureConsumer(fdApi, customerId);
    const own = await fdApi.call(OP, {
      path: { customerId },
      body: { statementReportData: { accountId: Number(linkedCustomer.account('savings').id) } },
    });
    expect(own.status, `the customer's own savings account; body: ${own.text.slice(0, 160)}`).toBe(202);
    const others = fdEntities.linked && fdEntities.linked.customerId !== customerId ? [Number(fdEntities.linked.accounts[0].id)] : [];
    for (const accountId of [...others, 9_999_999_999]) {
      const refusal = await fdApi.call(OP, { path: { customerId }, body: { statementReportData: { accountId } } });
      expectFdError(refusal, 404, `account ${accountId === 9_999_999_999 ? 'that does not exist' : 'of another customer'}`);
    }
  },
);

test(
  'a successful statement report carries the asset id of the statement and names the account and index asked @provider',
  rules('FD-STMTREPORT-CONTENT@assets-ack', 'FD-STMTREPORT-CONTENT@assets-read', 'FD-ASSETS-ECHO@assets-ack', 'FD-ASSETS-ECHO@assets-read'),
  async ({ fdApi, fdContract, linkedCustomer, pollReport }) => {
    const { customerId } = linkedCustomer;
    await ensureConsumer(fdApi, customerId);
    // An account of the customer other than its first (provider 1.35.0 StatementReportConstraints: the statementReportData
    // sent): a report naming the first account, or any other than the one asked, is told apart.
    const asked = linkedCustomer.accounts.find((a, i) => i > 0 && a.status === 'active' && ['checking', 'savings'].includes(a.type));
    expect(asked, 'an active checking or savings account of the customer that is not its first').toBeDefined();
    const statementReportData = { accountId: Number(asked!.id), statementIndex: 3 };
    const custom = [{ label: 'loanID', value: '77', shown: true }];
    const { ack, report } = await generated(fdApi, pollReport, OP, {
      path: { customerId },
      body: { statementReportData, reportCustomFields: custom },
    });
    expect({ type: ack.type, constraints: ack.constraints }, 'the ack: type statement, constraints echoed').toEqual({
      type: 'statement',
      constraints: { statementReportData, reportCustomFields: custom },
    });
    expect({ type: report.type, constraints: report.constraints }, 'the report read back: the same').toEqual({
      type: 'statement',
      constraints: { statementReportData, reportCustomFields: custom },
    });
    expectComponent(fdContract, 'StatementReportContent', report, 'the success content carries the assetId (StatementReportContent)');
  },
);
