// Covers: GetPortfolioByConsumer, the reader that embeds a consumer record in a report's portfolio,
// against CreateConsumer - seed 002, Report retrieval (a portfolio read through its consumer);
// provider 1.35.0 PortfolioWithConsumerSummary, PortfolioConsumer (id, firstName, lastName,
// customerId, birthday, suffix of that consumer). The consumer is made with values that can tell
// (fixtures/examples newConsumer: names and suffix of mixed case with inner and trailing spaces and
// non-ASCII letters, an apostrophe and a hyphen) and a birthday at a calendar edge, 2 January 2000
// (a Sunday of the year before's last ISO week; a century leap year; a day that could be a month, so a
// day/month swap shows): a reader that trims or folds the names, or writes the date through another
// calendar or order, shows other values. Its ssn is not compared
// (the provider types it as a full SSN, the reference shows only the last four: no form is pinned).
// The report is a VOA of a customer of the check's own, its accounts linked (any report of the
// consumer has a portfolio).
import { expect, newConsumer, rules, test } from '../../fixtures/financial-data.js';
import { ownReport } from './reports-retrieval.known.js';

test(
  'the portfolio read through its consumer embeds that consumer with the names, suffix and birthday it was created with, byte for byte @provider',
  rules('FD-PORTFOLIO-CONSUMER@consumer-portfolio'),
  async ({ fdApi, fdPowers, createCustomer }) => {
    const customerId = await createCustomer();
    const sent = newConsumer({ birthday: { year: 2000, month: 1, dayOfMonth: 2 } });
    const created = await fdApi.call('CreateConsumer', { path: { customerId }, body: sent });
    expect(created.status, 'CreateConsumer').toBe(201);
    const consumerId = String(created.body.id);
    await fdPowers.linkAccounts(customerId);
    const report = await ownReport(fdApi, customerId, 'voa');
    const res = await fdApi.call('GetPortfolioByConsumer', { path: { consumerId, portfolioId: report.portfolioId } });
    expect(res.status, 'GetPortfolioByConsumer').toBe(200);
    const shown = res.body.consumer as Record<string, unknown>;
    expect(
      {
        id: shown.id,
        customerId: String(shown.customerId),
        firstName: shown.firstName,
        lastName: shown.lastName,
        birthday: shown.birthday,
        ...(shown.suffix === undefined ? {} : { suffix: shown.suffix }),
      },
      'the consumer embedded in its portfolio, member by member',
    ).toEqual({
      id: consumerId,
      customerId,
      firstName: sent.firstName,
      lastName: sent.lastName,
      birthday: sent.birthday,
      ...(shown.suffix === undefined ? {} : { suffix: sent.suffix }),
    });
  },
);
