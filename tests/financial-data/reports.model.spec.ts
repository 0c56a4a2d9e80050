// Covers: GenerateVOAReport, GenerateVOIReport, GetReportByCustomer, GetReportByConsumer,
// GetReportById, GetReportsByCustomerId, GetReportsByConsumerId, DeleteCustomer - seed 002,
// Decisioning report generation (202), Report retrieval, States and transitions - Report (inProgress,
// then success or failure; polled every 20 seconds), Resources - Consumer (owner of its reports after
// the customer is deleted), Errors 404. Random sequences over linked customers with a consumer of two
// partners, each answer compared with the reference model (fixtures/models/financial-data/reports.model.ts):
// id, type, customer and a status that never goes back, the same through every reader and list, the
// lists' exact sets, ownership. Accounts are linked and the clock moved through the mock's control
// surface: @mock-only.
import { mockOnly, reportsModel, rules, runModel, test } from '../../fixtures/financial-data.js';

test(
  'every sequence of report generations and reads by two partners answers as the reports model says @property @mock-only',
  mockOnly(
    rules(
      'FD-REPORT-ASYNC@generate',
      'FD-REPORT-READ-OWNER@by-customer',
      'FD-REPORT-READ-OWNER@by-consumer',
      'FD-REPORT-READ-OWNER@by-id',
      'FD-REPORT-READERS-AGREE@by-customer',
      'FD-REPORT-READERS-AGREE@by-consumer',
      'FD-REPORT-READERS-AGREE@by-id',
      'FD-REPORT-READERS-AGREE@lists',
      'FD-REPORT-CONSUMER-OWNER@by-consumer',
      'FD-REPORT-CONSUMER-OWNER@by-customer',
      'FD-REPORT-CONSUMER-OWNER@lists',
      'FD-NOT-FOUND',
      'FD-REPORT-TERMINAL',
      'FD-VOA-ELIGIBLE',
      'FD-VOI-ELIGIBLE',
      'FD-CUST-DELETE',
      'FD-OBJ-OTHER-PARTNER',
      'FD-OBJ-AFTER-DELETE',
    ),
    "needs the mock's virtual clock (reports end as the model moves it by minutes) and links accounts to a new customer of either partner in every run: a sandbox would spend the reports' time in real time, every run of the model over again",
  ),
  async ({ fdMock, fdModelTarget }, testInfo) => {
    const real: reportsModel.ReportsReal = {
      ...fdModelTarget,
      link: (customerId) => fdMock.linkAccounts(customerId),
      advance: async (seconds) => void (await fdMock.advanceClock(seconds)),
    };
    await runModel({
      commands: reportsModel.reportCommands(),
      setup: async () => ({ model: await reportsModel.newReportsModel(real), real }),
      teardown: reportsModel.tearDownReportsModel,
      testInfo,
    });
  },
);
