// Report retrieval, the many-report reads (seed 002, Report retrieval): the lists of a customer's
// and of a consumer's reports (each with its current status; 429 past the mock's rate limit) and the
// portfolios (the most recent report of each report type). Reads the store of reports.ts.
// Rules: schemas/financial-data/rules/reports-retrieval.yaml (FD-REPORT-LIST-*, FD-PORTFOLIO-*).
import type { FastifyInstance, FastifyReply } from 'fastify';
import { route, sendError, type FdContext } from './middleware.js';
import type { Report } from './state.js';
import { frozen, ownConsumer, ownCustomer } from './reports-retrieval.js';

/**
 * seed 002 documents 429 on the two lists without a limit: this mock refuses a list call when 20
 * served list calls of the same customer (or consumer) fall within the last 60 seconds
 * (assumption FD-REPORT-LIST-RATE; the contract's TooManyReportLists response says so).
 */
export const LIST_RATE_LIMIT = 20;
export const LIST_RATE_WINDOW_S = 60;


export function registerReportLists(app: FastifyInstance, ctx: FdContext): void {
  const { state: world, faults, clock } = ctx;
  const store = () => world.reports;
  const callsOf = () => world.reports.listCalls;
  // The control surface's reset turns the clock back: the counts of the old timeline go.
  ctx.onReset.push(() => world.reports.listCalls.clear());

  /** Counts a list call of `key`; answers 429 and returns true past the limit. */
  const limited = (reply: FastifyReply, key: string): boolean => {
    if (faults.has('report-list-no-rate-limit')) return false;
    const now = clock.nowEpochSeconds();
    // Blind fault: the window is one second too long (a call exactly 60 seconds old still counts).
    const windowS = faults.has('blind-report-list-rate-window-61s') ? LIST_RATE_WINDOW_S + 1 : LIST_RATE_WINDOW_S;
    const recent = (callsOf().get(key) ?? []).filter((t) => t > now - windowS && t <= now);
    const limit = faults.has('report-list-rate-off-by-one') ? LIST_RATE_LIMIT - 1 : LIST_RATE_LIMIT;
    if (recent.length >= limit) {
      callsOf().set(key, recent);
      sendError(ctx, reply, 429, `Too many requests: at most ${LIST_RATE_LIMIT} report lists per ${LIST_RATE_WINDOW_S} seconds`);
      return true;
    }
    callsOf().set(key, [...recent, now]);
    return false;
  };

  const summary = (r: Report) => ({
    id: r.id, requestId: r.requestId, requesterName: 'Contract Suite Partner', createdDate: r.createdDate,
    ...(r.consumerId ? { consumerId: r.consumerId } : {}), ...(r.consumerSsn ? { consumerSsn: r.consumerSsn } : {}),
    type: r.type, status: faults.has('report-list-status-stale') ? 'inProgress' : r.status,
  });
  const reportsIn = (ids: string[] | undefined) => (ids ?? []).map((id) => store().reports.get(id)!).filter(Boolean);

  route(app, ctx, 'GetReportsByCustomerId', (input, reply) => {
    const customer = ownCustomer(ctx, reply, input);
    if (!customer || frozen(ctx, reply, customer.id) || limited(reply, `customer:${customer.id}`)) return reply;
    return { reports: reportsIn(store().byCustomer.get(customer.id)).map(summary) };
  });

  route(app, ctx, 'GetReportsByConsumerId', (input, reply) => {
    const consumer = ownConsumer(ctx, reply, input);
    if (!consumer || frozen(ctx, reply, consumer.customerId) || limited(reply, `consumer:${consumer.id}`)) return reply;
    // Fault: the consumer's list forgets the reports of a customer that was deleted.
    const reports = reportsIn(store().byConsumer.get(consumer.id)).filter((r) => !(faults.has('consumer-list-drops-deleted') && !world.customers.has(r.customerId)));
    // Blind fault: the consumer's list gives each report's tracking id (requestId) as its id.
    return { reports: reports.map((r) => (faults.has('blind-report-consumer-list-id-is-request-id') ? { ...summary(r), id: r.requestId } : summary(r))) };
  });

  /** seed 002: a portfolio holds only the most recent report of each report type (creation order). */
  const portfolio = (portfolioId: string, reports: Report[]) => {
    const latest = new Map<string, Report>();
    for (const r of reports) {
      if (r.portfolioId !== portfolioId) continue;
      if (faults.has('portfolio-keeps-first-of-type') && latest.has(r.type)) continue;
      // Blind fault: a report replaces the one of its type only when strictly newer by createdDate (the same second keeps the first).
      if (faults.has('blind-portfolio-latest-by-date-strict') && latest.has(r.type) && r.createdDate <= latest.get(r.type)!.createdDate) continue;
      latest.set(faults.has('portfolio-keeps-every-report') ? r.id : r.type, r);
    }
    const rows = [...latest.values()].map((r) => ({ id: r.id, portfolioId: r.portfolioId, type: r.type, status: faults.has('report-list-status-stale') ? 'inProgress' : r.status, createdDate: r.createdDate }));
    return { portfolioId, reports: rows };
  };
  const noPortfolio = (reply: FastifyReply, id: string) => sendError(ctx, reply, 404, `Portfolio not found: ${id}`);

  route(app, ctx, 'GetPortfolioByCustomer', (input, reply) => {
    const customer = ownCustomer(ctx, reply, input);
    if (!customer || frozen(ctx, reply, customer.id)) return reply;
    if (store().portfolioOf.get(customer.id) !== input.path.portfolioId) {
      // Blind fault: the portfolio is found by its id alone (any customer of the same partner), not through the customer of the path.
      const owner = faults.has('blind-portfolio-customer-by-portfolio-id-only') ? [...store().portfolioOf].find(([, p]) => p === input.path.portfolioId)?.[0] : undefined;
      if (owner && world.customers.get(owner)?.partnerId === customer.partnerId) return portfolio(input.path.portfolioId, reportsIn(store().byCustomer.get(owner)));
      return noPortfolio(reply, input.path.portfolioId);
    }
    return portfolio(input.path.portfolioId, reportsIn(store().byCustomer.get(customer.id)));
  });

  route(app, ctx, 'GetPortfolioByConsumer', (input, reply) => {
    const consumer = ownConsumer(ctx, reply, input);
    if (!consumer || frozen(ctx, reply, consumer.customerId)) return reply;
    const reports = reportsIn(store().byConsumer.get(consumer.id));
    if (!reports.some((r) => r.portfolioId === input.path.portfolioId)) return noPortfolio(reply, input.path.portfolioId);
    const f = consumer.fields;
    const ssn = String(f.ssn ?? '').replace(/\D/g, '').slice(-4);
    return {
      ...portfolio(input.path.portfolioId, reports),
      consumer: { id: consumer.id, firstName: f.firstName ?? '', lastName: f.lastName ?? '', customerId: Number(consumer.customerId), ssn, birthday: f.birthday ?? {}, ...(f.suffix ? { suffix: f.suffix } : {}) },
    };
  });
}
