// The financial data mock (seed 002): the contract's operations, one module per resource, behind
// the shared middleware (security, validation); the /__mock/ control surface of the kit plus
// POST /__mock/partners/unlock. Started per worker on port 0, or standalone by `npm run mock`.
// As the stand-in of the provider's sandbox (mocks/stand-in.ts): no control surface, the
// provider's header names, the sandbox's limits, and Connect as web pages (connect-page.ts)
// served over HTTPS too, on the same port (kit/tls.ts).
import { createMockApp, listen, parseJson } from '../kit/app.js';
import type { MockHandle } from '../kit/context.js';
import { appOptions, type StandInMode } from '../kit/stand-in-mode.js';
import { acceptTlsOnSamePort, selfSignedCertificate } from '../kit/tls.js';
import { prepareService } from '../kit/service.js';
import { registerAccounts } from './accounts.js';
import { ACCOUNTS_FAULTS } from './accounts.faults.js';
import { registerAppRegistration } from './app-registration.js';
import { APP_REGISTRATION_FAULTS } from './app-registration.faults.js';
import { registerAuth } from './auth.js';
import { AUTH_FAULTS } from './auth.faults.js';
import { registerBusinesses } from './businesses.js';
import { BUSINESSES_FAULTS } from './businesses.faults.js';
import { registerConnect } from './connect.js';
import { CONNECT_FAULTS } from './connect.faults.js';
import { registerConnectComponents } from './connect-components.js';
import { CONNECT_COMPONENTS_FAULTS } from './connect-components.faults.js';
import { registerConnectPages } from './connect-page.js';
import { registerConsumers } from './consumers.js';
import { CONSUMERS_FAULTS } from './consumers.faults.js';
import { registerCustomers } from './customers.js';
import { CUSTOMERS_FAULTS } from './customers.faults.js';
import { registerEnrichment } from './enrichment.js';
import { ENRICHMENT_FAULTS } from './enrichment.faults.js';
import { registerInstitutions } from './institutions.js';
import { INSTITUTIONS_FAULTS } from './institutions.faults.js';
import { registerMicroEntries } from './micro-entries.js';
import { MICRO_ENTRIES_FAULTS } from './micro-entries.faults.js';
import { PROVIDER_HEADER_NAMES, SEED_HEADER_NAMES, sendError, type FdContext, type FdHeaderNames } from './middleware.js';
import { MIDDLEWARE_FAULTS } from './middleware.faults.js';
import { PAGING_FAULTS } from './paging.faults.js';
import { registerPaymentsData } from './payments-data.js';
import { PAYMENTS_DATA_FAULTS } from './payments-data.faults.js';
import { linkPortfolio, linkedView } from './portfolio.js';
import { registerPsi } from './psi.js';
import { PSI_FAULTS } from './psi.faults.js';
import { registerAnalyticsReports } from './reports/analytics.js';
import { ANALYTICS_REPORTS_FAULTS } from './reports/analytics.faults.js';
import { registerAssetReports } from './reports/assets.js';
import { ASSET_REPORTS_FAULTS } from './reports/assets.faults.js';
import { BILLING_FAULTS } from './reports/billing.faults.js';
import { REPORT_GUARD_FAULTS } from './reports/guard.faults.js';
import { registerIncomeReports } from './reports/income.js';
import { INCOME_REPORTS_FAULTS } from './reports/income.faults.js';
import { registerReportRetrieval } from './reports/retrieval.js';
import { REPORT_RETRIEVAL_FAULTS } from './reports/retrieval.faults.js';
import { registerSbca } from './reports/sbca.js';
import { SBCA_FAULTS } from './reports/sbca.faults.js';
import { registerReportStore } from './reports/store.js';
import { REPORT_STORE_FAULTS } from './reports/store.faults.js';
import { SANDBOX_ACCOUNTS_PER_CUSTOMER, SANDBOX_TESTING_CUSTOMERS } from './stand-in-limits.js';
import { createFdState, restorePartners, type FdState } from './state.js';
import { registerStatements } from './statements.js';
import { STATEMENTS_FAULTS } from './statements.faults.js';
import { registerSwitches } from './switches.js';
import { SWITCHES_FAULTS } from './switches.faults.js';
import { registerAccess } from './third-party-access.js';
import { THIRD_PARTY_ACCESS_FAULTS } from './third-party-access.faults.js';
import { registerTransactions } from './transactions.js';
import { TRANSACTIONS_FAULTS } from './transactions.faults.js';
import { registerTxpush } from './txpush.js';
import { TXPUSH_FAULTS } from './txpush.faults.js';
import { registerWebhooks } from './webhooks.js';
import { WEBHOOKS_FAULTS } from './webhooks.faults.js';

/**
 * The fault catalogue of the financial data mock: each resource's faults, those of the suite's
 * authors and those written blind (`origin: 'blind'`), from the faults file beside its module.
 */
export const FD_FAULTS = [
  ...MIDDLEWARE_FAULTS, ...AUTH_FAULTS, ...PAGING_FAULTS, ...CUSTOMERS_FAULTS, ...CONSUMERS_FAULTS, ...BUSINESSES_FAULTS, ...INSTITUTIONS_FAULTS,
  ...ACCOUNTS_FAULTS, ...TRANSACTIONS_FAULTS, ...PAYMENTS_DATA_FAULTS, ...PSI_FAULTS, ...STATEMENTS_FAULTS, ...MICRO_ENTRIES_FAULTS, ...SWITCHES_FAULTS,
  ...REPORT_STORE_FAULTS, ...REPORT_GUARD_FAULTS, ...ASSET_REPORTS_FAULTS, ...INCOME_REPORTS_FAULTS, ...ANALYTICS_REPORTS_FAULTS, ...SBCA_FAULTS,
  ...REPORT_RETRIEVAL_FAULTS, ...BILLING_FAULTS, ...TXPUSH_FAULTS, ...ENRICHMENT_FAULTS, ...WEBHOOKS_FAULTS, ...CONNECT_FAULTS, ...CONNECT_COMPONENTS_FAULTS,
  ...APP_REGISTRATION_FAULTS, ...THIRD_PARTY_ACCESS_FAULTS,
];

export interface FdMockHandle extends MockHandle {
  /** The mock's state (state.ts), for the in-process fixtures: credentials, seeded ids. */
  world: FdState;
  context: FdContext;
}

export interface FdMockOptions {
  faults?: string[];
  port?: number;
  /** Security header names to expect (default the seed's; the suite passes FD_HEADER_NAMES). */
  headerNames?: FdHeaderNames;
  /** Run as the stand-in of the provider's sandbox (mocks/stand-in.ts); the provider's header names then, whatever headerNames says. */
  standIn?: StandInMode;
}

export async function startFinancialDataMock(options: FdMockOptions = {}): Promise<FdMockHandle> {
  const { faults, contract, clock, deliveries } = await prepareService('financial-data', FD_FAULTS, options.faults);
  const world = createFdState();
  const [partner, spare] = world.partners.values();
  const headerNames = options.headerNames ?? SEED_HEADER_NAMES;
  const context: FdContext = {
    service: 'financial-data', faults, clock, deliveries, state: world, contract,
    headerNames: options.standIn ? PROVIDER_HEADER_NAMES : headerNames,
    // Reset restores partners (secrets, failure counts, locks); customers and tokens stay.
    onReset: [() => restorePartners(world)],
    // What a person integrating by hand needs (npm run mock writes it to .mock/, never served).
    credentials: () => ({ headerNames: context.headerNames, partner: { partnerId: partner.id, partnerSecret: partner.secret, appKey: world.appKeys[0] } }),
    world: () => ({
      headerNames: context.headerNames,
      partner: { partnerId: partner.id },
      sparePartner: { partnerId: spare.id },
      institutions: world.institutions.map((i) => ({ id: i.id, name: i.name, routingNumbers: i.routingNumbers, branding: Boolean(i.branding) })),
    }),
  };
  const app = createMockApp(context, (reply, status, message) => sendError(context, reply, status, message),
    appOptions(options.standIn));
  // Stand-in mode: the sandbox's limits (provider Test the APIs page), Connect as web pages, and
  // TLS on the same port for the https links of Connect. The /__mock/ routes below are still
  // registered, but createMockApp turns each into the service's 404.
  let closeTls = () => {};
  if (options.standIn) {
    context.standIn = { testingCustomers: SANDBOX_TESTING_CUSTOMERS, accountsPerCustomer: SANDBOX_ACCOUNTS_PER_CUSTOMER, connectLink: registerConnectPages(app, context) };
    closeTls = acceptTlsOnSamePort(app.server, selfSignedCertificate());
  }
  // Lifts a partner's lock (five failed authentications): the only way out (reference).
  app.post('/__mock/partners/unlock', async (req, reply) => {
    const body = parseJson(req.body) as { partnerId?: unknown } | undefined;
    if (!body || typeof body.partnerId !== 'string' || !world.partners.has(body.partnerId)) {
      return reply.code(400).send({ message: 'body must be {"partnerId": "<a partner of the mock>"}' });
    }
    restorePartners(world, body.partnerId);
    return reply.code(204).send();
  });
  // Links a customer's deterministic portfolio (logins, accounts, transactions): the mock's
  // stand-in for a hosted Connect flow, which a sandbox customer goes through by hand.
  app.post('/__mock/customers/:customerId/link', async (req, reply) => {
    const { customerId } = req.params as { customerId: string };
    if (!world.customers.has(customerId)) return reply.code(404).send({ message: `no customer ${customerId} in the mock` });
    return reply.code(200).send(linkedView(linkPortfolio(world, customerId, clock.nowEpochSeconds())));
  });
  // Puts a customer under a security freeze (provider 1.35.0 403 example: "An active security
  // freeze for this customer exists."), or lifts it with {"frozen": false}: PSI generation and the
  // report operations answer 403 while it holds. Reset lifts every freeze.
  context.onReset.push(() => world.frozen.clear());
  app.post('/__mock/customers/:customerId/security-freeze', async (req, reply) => {
    const { customerId } = req.params as { customerId: string };
    if (!world.customers.has(customerId)) return reply.code(404).send({ message: `no customer ${customerId} in the mock` });
    const body = parseJson(req.body) as { frozen?: unknown } | undefined | SyntaxError;
    if (body instanceof SyntaxError || (body !== undefined && typeof body.frozen !== 'boolean')) return reply.code(400).send({ message: 'body must be empty or {"frozen": true|false}' });
    if (body?.frozen === false) world.frozen.delete(customerId);
    else world.frozen.add(customerId);
    return reply.code(204).send();
  });
  registerAuth(app, context);
  registerCustomers(app, context);
  registerConsumers(app, context);
  registerBusinesses(app, context);
  registerInstitutions(app, context);
  registerAccounts(app, context);
  registerTransactions(app, context);
  registerPaymentsData(app, context);
  registerPsi(app, context);
  registerStatements(app, context);
  registerMicroEntries(app, context);
  registerSwitches(app, context);
  // The report store first (its hooks settle due reports before any handler), then the report families.
  registerReportStore(app, context);
  registerAssetReports(app, context);
  registerIncomeReports(app, context);
  registerAnalyticsReports(app, context);
  registerSbca(app, context);
  registerReportRetrieval(app, context);
  registerTxpush(app, context);
  registerEnrichment(app, context);
  registerWebhooks(app, context);
  registerConnect(app, context);
  registerConnectComponents(app, context);
  registerAppRegistration(app, context);
  registerAccess(app, context);
  app.setNotFoundHandler((req, reply) => sendError(context, reply, 404, `No route ${req.method} ${req.url.split('?')[0]}`));
  const handle = await listen(app, context, '', options.port);
  const close = async () => {
    closeTls();
    await handle.close();
  };
  return { ...handle, close, world, context };
}
