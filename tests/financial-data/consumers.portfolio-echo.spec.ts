// Covers: GetPortfolioByConsumer against CreateConsumer - seed 002, Report retrieval; provider 1.35.0
// PortfolioWithConsumerSummary, PortfolioConsumer (id, firstName, lastName, customerId, birthday, suffix).
// The consumer's values tell (fixtures/examples newConsumer: mixed case, inner and trailing spaces,
// non-ASCII letters; birthday 2 January 2000, a calendar edge where a day/month swap shows). Its ssn is
// not compared (provider: a full SSN; reference: the last four only). The report: a VOA of the check's own customer.
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
    const compared = ['firstName', 'lastName', 'birthday', ...(shown.suffix === undefined ? [] : ['suffix'])];
    const pick = (c: Record<string, unknown>) => Object.fromEntries(compared.map((k) => [k, c[k]]));
    const embedded = { id: shown.id, customerId: String(shown.customerId), ...pick(shown) };
    expect(embedded, 'the consumer embedded in its portfolio, member by member').toEqual({ id: consumerId, customerId, ...pick(sent) });
  },
);
