// The financial data mock (seed 002): one module per resource behind the shared middleware; the kit's /__mock/ control surface plus
// POST /__mock/partners/unlock. Started per worker on port 0, or standalone by `npm run mock`.
import { createMockApp, listen, parseJson } from '../kit/app.js';
import type { MockHandle } from '../kit/context.js';
import { appOptions, type StandInMode } from '../kit/stand-in-mode.js';
import { acceptTlsOnSamePort, selfSignedCertificate } from '../kit/tls.js';
import { prepareService } from '../kit/service.js';
import { FD_FAULTS, type FdFaultId } from './catalogue.js';
import { registerAccounts } from './accounts.js';
import { registerAppRegistration } from './app-registration.js';
import { registerAuth } from './auth.js';
import { registerBusinesses } from './businesses.js';
import { registerConnect } from './connect.js';
import { registerConnectComponents } from './connect-components.js';
import { registerConnectPages } from './connect-page.js';
import { registerConsents } from './consents.js';
import { registerConsumers } from './consumers.js';
import { registerCustomers } from './customers.js';
import { registerEnrichment } from './enrichment.js';
import { registerInstitutions } from './institutions.js';
import { registerMicroEntries } from './micro-entries.js';
import { sendError, type FdContext } from './middleware.js';
import { fdHeaderNames, type FdHeaderNames, type HeaderNaming } from '../../helpers/contract/facts.js';
import { registerPaymentsData } from './payments-data.js';
import { historyDays, linkEmptyAccount, linkPortfolio, linkedView } from './portfolio.js';
import { registerPsi } from './psi.js';
import { registerAnalyticsReports } from './reports/analytics.js';
import { registerAssetReports } from './reports/assets.js';
import { registerIncomeReports } from './reports/income.js';
import { registerReportRetrieval } from './reports/retrieval.js';
import { registerSbca } from './reports/sbca.js';
import { registerReportStore } from './reports/store.js';
import { sandboxLimits } from './stand-in-limits.js';
import { createFdState, restorePartners, type FdState } from './state.js';
import { registerStatements } from './statements.js';
import { registerSwitches } from './switches.js';
import { registerAccess } from './third-party-access.js';
import { registerTransactionRefreshes } from './transaction-refreshes.js';
import { registerTransactions } from './transactions.js';
import { registerTxpush } from './txpush.js';
import { registerWebhooks } from './webhooks.js';

export { FD_FAULTS } from './catalogue.js';

export interface FdMockHandle extends MockHandle {
  /** The mock's state (state.ts), for the in-process fixtures: credentials, seeded ids. */
  world: FdState;
  context: FdContext;
}

export interface FdMockOptions {
  /** Faults switched on at start (ids read at run time go through faultsFor of mocks/kit/faults.ts). */
  faults?: readonly FdFaultId[];
  port?: number;
  /** Security header names to expect, or which of the contract's (seed, default; provider: their x-provider-name); from FD_HEADER_NAMES. */
  headerNames?: FdHeaderNames | HeaderNaming;
  /** Run as the stand-in of the provider's sandbox (mocks/stand-in.ts); the provider's header names then, whatever headerNames says. */
  standIn?: StandInMode;
  /** The instant the virtual clock starts at, and returns to on reset (mocks/kit/clock.ts); real time by default. */
  clockStart?: string | number;
}

export async function startFinancialDataMock(options: FdMockOptions = {}): Promise<FdMockHandle> {
  const { faults, contract, clock, deliveries } = await prepareService('financial-data', FD_FAULTS, options.faults, options.clockStart);
  const world = createFdState();
  const [partner, spare] = world.partners.values();
  const asked = options.standIn ? 'provider' : (options.headerNames ?? 'seed');
  const headerNames = typeof asked === 'string' ? fdHeaderNames(contract, asked) : asked;
  const context: FdContext = {
    service: 'financial-data',
    faults,
    clock,
    deliveries,
    state: world,
    contract,
    headerNames,
    // Reset restores partners (secrets, failure counts, locks); customers and tokens stay.
    onReset: [() => restorePartners(world)],
    // What a person integrating by hand needs (npm run mock writes it to .mock/, never served).
    credentials: () => ({
      headerNames: context.headerNames,
      partner: { partnerId: partner.id, partnerSecret: partner.secret, appKey: world.appKeys[0] },
    }),
    world: () => ({
      headerNames: context.headerNames,
      partner: { partnerId: partner.id },
      sparePartner: { partnerId: spare.id },
      institutions: world.institutions.map((i) => ({
        id: i.id,
        name: i.name,
        routingNumbers: i.routingNumbers,
        branding: Boolean(i.branding),
      })),
    }),
  };
  const app = createMockApp(
    context,
    (reply, status, message) => sendError(context, reply, status, message),
    { contract, basePaths: [''] },
    appOptions(options.standIn),
  );
  // Stand-in mode: the sandbox's limits (provider Test the APIs page), Connect as web pages, TLS on the same port for its https links.
  let closeTls = (): void => undefined;
  if (options.standIn) {
    context.standIn = {
      ...sandboxLimits(context.contract),
      connectLink: registerConnectPages(app, context),
    };
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
  // Links a customer's deterministic portfolio: the mock's stand-in for a hosted Connect flow.
  app.post('/__mock/customers/:customerId/link', async (req, reply) => {
    const { customerId } = req.params as { customerId: string };
    if (!world.customers.has(customerId)) return reply.code(404).send({ message: `no customer ${customerId} in the mock` });
    return reply.code(200).send(linkedView(linkPortfolio(world, customerId, clock.nowEpochSeconds(), historyDays(contract))));
  });
  // Links one more login with a checking account that holds no transaction (portfolio.ts linkEmptyAccount).
  app.post('/__mock/customers/:customerId/link-empty-account', async (req, reply) => {
    const { customerId } = req.params as { customerId: string };
    if (!world.customers.has(customerId)) return reply.code(404).send({ message: `no customer ${customerId} in the mock` });
    return reply.code(200).send(linkedView(linkEmptyAccount(world, customerId, clock.nowEpochSeconds(), historyDays(contract))));
  });
  // A security freeze (provider 1.35.0 403 example: "An active security freeze for this customer exists."), lifted with
  // {"frozen": false} or reset: PSI generation and the report operations answer 403 while it holds.
  context.onReset.push(() => world.frozen.clear());
  app.post('/__mock/customers/:customerId/security-freeze', async (req, reply) => {
    const { customerId } = req.params as { customerId: string };
    if (!world.customers.has(customerId)) return reply.code(404).send({ message: `no customer ${customerId} in the mock` });
    const body = parseJson(req.body) as { frozen?: unknown } | undefined | SyntaxError;
    if (body instanceof SyntaxError || (body !== undefined && typeof body.frozen !== 'boolean'))
      return reply.code(400).send({ message: 'body must be empty or {"frozen": true|false}' });
    if (body?.frozen === false) world.frozen.delete(customerId);
    else world.frozen.add(customerId);
    return reply.code(204).send();
  });
  // Rejects a pending registration ({"note": "..."}): it reads R with that note (provider 1.35.0 AppRegistrationStatus).
  app.post('/__mock/app-registrations/:preAppId/reject', async (req, reply) => {
    const r = world.appRegistrations.apps.get(Number((req.params as { preAppId: string }).preAppId));
    const body = parseJson(req.body) as { note?: unknown } | undefined | SyntaxError;
    if (!r) return reply.code(404).send({ message: 'no such registration in the mock' });
    if (body instanceof SyntaxError || typeof body?.note !== 'string' || !body.note.trim())
      return reply.code(400).send({ message: 'body must be {"note": "<the reason>"}' });
    r.rejected = { atS: clock.nowEpochSeconds(), note: body.note };
    return reply.code(204).send();
  });
  registerAuth(app, context);
  registerCustomers(app, context);
  registerConsumers(app, context);
  registerBusinesses(app, context);
  registerInstitutions(app, context);
  registerAccounts(app, context);
  registerTransactions(app, context);
  registerTransactionRefreshes(app, context);
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
  registerConsents(app, context);
  app.setNotFoundHandler((req, reply) => sendError(context, reply, 404, `No route ${req.method} ${req.url.split('?')[0]}`));
  const handle = await listen(app, context, '', options.port);
  const close = async () => {
    closeTls();
    await handle.close();
  };
  return { ...handle, close, world, context };
}
