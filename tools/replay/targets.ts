// What a replay runs against, per service: the service's embedded mock started in-process (port 0)
// as the provider's client expects to find it, and the variables a user of the collection sets
// before running it. Only financial data has a provider collection to replay so far.
import { registerSecret } from '../../helpers/secrets/redact.js';
import { Receiver } from '../../helpers/client/receiver.js';
import { fdTargetFromMock } from '../../helpers/target/financial-data.js';
import { FD_FAULTS, startFinancialDataMock } from '../../mocks/financial-data/index.js';
import { faultsFor } from '../../mocks/kit/faults.js';
import { historyDays, linkPortfolio } from '../../mocks/financial-data/portfolio.js';
import type { RunHooks } from './run.js';

interface ReplayTarget {
  baseURL: string;
  /** The collection's environment (credentials, the customer and its objects). */
  environment: Record<string, string>;
  hooks: RunHooks;
  /** After the run: registers for redaction the secrets the run made (tokens, account numbers). */
  afterRun(): void;
  close(): Promise<void>;
}

interface ReplayTargetOptions {
  /** Origins the collection names outside its base URL (callbacks, webhooks): routed to a local receiver. */
  outboundOrigins: string[];
  /** Faults of the mock to switch on (MOCK_FAULTS): how a broken mock shows in a replay. */
  faults?: string[];
}

/**
 * Financial data: the mock with the provider's header names (provider 1.35.0 securitySchemes), its test
 * partner's credentials and its testing customer linked to the FinBank portfolio (the collection's Quick
 * Start); a customer the collection creates as `customerId` is linked before the next item runs.
 */
async function financialData(options: ReplayTargetOptions): Promise<ReplayTarget> {
  const mock = await startFinancialDataMock({
    headerNames: 'provider',
    faults: faultsFor(FD_FAULTS, options.faults ?? [], 'financial-data'),
  });
  const { world, context } = mock;
  const receiver = await Receiver.start();
  for (const origin of options.outboundOrigins) context.deliveries.route(origin, receiver.origin);
  // Registers the app key and the partner secrets for redaction.
  const fd = fdTargetFromMock({ ...mock, now: () => context.clock.nowMs() });
  const link = (customerId: string) => linkPortfolio(world, customerId, context.clock.nowEpochSeconds(), historyDays(context.contract));
  const customer = [...world.customers.values()].find((c) => c.partnerId === fd.partner.partnerId && c.type === 'testing' && !c.disputed);
  if (!customer) throw new Error('the financial data mock has no testing customer of its test partner');
  const [first] = link(customer.id).accounts;
  return {
    baseURL: mock.baseURL,
    environment: {
      partnerId: fd.partner.partnerId,
      partnerSecret: fd.partner.partnerSecret,
      appKey: fd.appKey,
      customerId: customer.id,
      institutionLoginId: String(first.institutionLoginId),
      institutionId: first.institutionId,
      accountId: first.id,
    },
    hooks: {
      beforeItem: ({ environment }) => {
        const id = environment.get('customerId');
        if (typeof id === 'string' && world.customers.has(id)) link(id);
      },
    },
    afterRun: () => {
      for (const token of world.tokens.keys()) registerSecret(token);
      for (const account of world.accounts.values()) registerSecret(account.number);
    },
    close: async () => {
      await receiver.close();
      await mock.close();
    },
  };
}

/** The services a collection can be replayed against, with how each target starts. */
export const REPLAY_TARGETS: Record<string, (options: ReplayTargetOptions) => Promise<ReplayTarget>> = {
  'financial-data': financialData,
};
