// The test data a sandbox certification reads, made once and kept (`npm run sandbox:prepare`): a financial data testing customer
// with a consumer and accounts added through Connect (the only way: provider Test the APIs page, FinBank profiles), over the
// contract-checked client.
import type { APIRequestContext } from '@playwright/test';
import type { Authorizer } from '../../auth/authorizer.js';
import { OperationClient } from '../../client/client.js';
import { loadContract } from '../../contract/contract.js';
import { suiteConfig } from '../../config/config.js';
import type { Env, Problem } from '../../config/env-schema.js';
import { serviceProfile } from '../../contract/services.js';
import { configuredFdHeaderNames, fdTargetFromEnv } from '../financial-data.js';
import { SUITE_STAMP } from '../../client/guest/ownership.js';
import { servesOperation } from '../../contract/served.js';

/** Account types the financial data checks read from the linked customer (the rest skip with the type named). */
export const LINKED_ACCOUNT_TYPES = ['checking', 'savings', 'creditCard', 'mortgage'] as const;

/** The documented FinBank sign-in that succeeds (provider Test the APIs page, sign-in profiles). */
export const FINBANK_PROFILE = { username: 'demo', password: 'go' };

export interface FdSession {
  api: OperationClient;
  partnerId: string;
}

/** A client of the configured financial data sandbox that keeps what it creates (guest: false). */
export async function fdSession(request: APIRequestContext, env: Env = suiteConfig().env): Promise<FdSession> {
  const target = fdTargetFromEnv(env);
  const contract = await loadContract('financial-data');
  const names = configuredFdHeaderNames(contract, env);
  const bare = new OperationClient({ request, contract, profile: serviceProfile('financial-data'), target, guest: false });
  const token = await bare.call('CreateToken', { body: target.partner, auth: () => ({ [names.appKey]: target.appKey }) });
  if (token.status !== 200) throw new Error(`CreateToken answered ${token.status}: check FD_APP_KEY, FD_PARTNER_ID and FD_PARTNER_SECRET`);
  const authorize: Authorizer = () => ({ [names.appKey]: target.appKey, [names.appToken]: token.body.token });
  return {
    api: new OperationClient({
      request,
      contract,
      profile: serviceProfile('financial-data'),
      target,
      authorize,
      guest: false,
    }),
    partnerId: target.partner.partnerId,
  };
}

/**
 * The account types eligible for every report the checks generate (seed 002, Decisioning report generation: VOA checking,
 * savings, money market or investment; VOI checking, savings or money market; balance, cash flow analytics and payment history
 * checking or savings; foresight checking, credit card or savings; "otherwise 400").
 */
export const REPORT_ACCOUNT_TYPES = ['checking', 'savings'] as const;

export interface LinkedState {
  customerId: string;
  /** GetCustomer's status under the partner's token: 200 when the customer exists and is the partner's. */
  customerStatus: number;
  exists: boolean;
  /** Its type (testing or active) and username when it exists. */
  type?: string;
  username?: string;
  testing: boolean;
  /** Its consumer's id (GetConsumerForCustomer), and the customer that consumer names. */
  consumer?: { id: string; customerId: string };
  /** Active account types found. */
  types: string[];
  missing: string[];
  /** GetReportsByCustomerId's status: 403 is a security freeze, which refuses every report (seed 002, Errors 403). */
  reportsStatus?: number;
  /**
   * Whether the partner's product (SANDBOX_OPERATIONS) has consumers and reports: a product without them is neither asked
   * for a consumer nor read for its reports (a slice's unserved operation answers as the target will; its answer is no fact).
   */
  sells: { consumers: boolean; reports: boolean };
}

/**
 * The linked customer, read without creating anything: exists for the partner, its type, consumer, active account types, and
 * whether its reports are readable (a security freeze refuses generation and reads alike).
 */
export async function linkedState(api: OperationClient, customerId: string, env: Env = suiteConfig().env): Promise<LinkedState> {
  const sells = {
    consumers: servesOperation(api.contract, 'GetConsumerForCustomer', env),
    reports: servesOperation(api.contract, 'GetReportsByCustomerId', env),
  };
  const customer = await api.call('GetCustomer', { path: { customerId } });
  if (customer.status !== 200)
    return {
      customerId,
      customerStatus: customer.status,
      exists: false,
      testing: false,
      types: [],
      missing: [...LINKED_ACCOUNT_TYPES],
      sells,
    };
  const [consumer, accounts, reports] = await Promise.all([
    sells.consumers ? api.call('GetConsumerForCustomer', { path: { customerId } }) : undefined,
    api.call('GetCustomerAccounts', { path: { customerId } }),
    sells.reports ? api.call('GetReportsByCustomerId', { path: { customerId } }) : undefined,
  ]);
  const list = accounts.status === 200 ? ((accounts.body?.accounts ?? []) as { type?: string; status?: string }[]) : [];
  const types = [...new Set(list.filter((a) => (a.status ?? 'active') === 'active').map((a) => String(a.type)))];
  return {
    customerId,
    customerStatus: 200,
    exists: true,
    type: String(customer.body?.type),
    username: String(customer.body?.username),
    testing: customer.body?.type === 'testing',
    ...(consumer?.status === 200 ? { consumer: { id: String(consumer.body.id), customerId: String(consumer.body.customerId) } } : {}),
    types,
    missing: LINKED_ACCOUNT_TYPES.filter((t) => !types.includes(t)),
    ...(reports ? { reportsStatus: reports.status } : {}),
    sells,
  };
}

/**
 * Whether sandbox:prepare makes a new customer: this one is gone, not testing, frozen, has another's consumer, or no account
 * left (Connect adds nothing again where the customer is signed in; no operation lists logins whose accounts were deleted).
 */
export const needsNewCustomer = (state: LinkedState): boolean =>
  !state.exists ||
  !state.testing ||
  state.reportsStatus === 403 ||
  state.types.length === 0 ||
  (state.consumer !== undefined && state.consumer.customerId !== state.customerId);

/** The username prefix of the customers sandbox:prepare makes (one it replaces is deleted; another is the user's, kept). */
export const LINKED_USERNAME_PREFIX = `${SUITE_STAMP}-linked-`;

/**
 * Why the linked customer cannot serve a certification (its line's "found"), undefined when it can; every check reads it, so
 * an unfit one stops the service: of no partner's (GetCustomer 404), active, no consumer (most reports need one: seed 002,
 * Decisioning report generation), frozen (403), no active account, or none of the types every report needs (400).
 */
export function unfitness(state: LinkedState, partnerId: string): string | undefined {
  const id = state.customerId;
  // A 404 is a customer gone or another partner's; any other refusal is the target's word on the id itself.
  if (!state.exists)
    return state.customerStatus === 404
      ? `no customer ${id} for partner ${partnerId} (GetCustomer 404: deleted, or another partner's)`
      : `customer ${id} refused by GetCustomer (${state.customerStatus}${state.customerStatus === 400 ? ': an id the target takes as malformed' : ''})`;
  if (!state.testing) return `customer ${id} is a${state.type === 'active' ? 'n' : ''} ${state.type} customer, not a testing one`;
  if (!state.consumer && state.sells.consumers) return `customer ${id} has no consumer (reports answer 404)`;
  if (state.consumer && state.consumer.customerId !== id)
    return `the consumer of customer ${id} names customer ${state.consumer.customerId}`;
  if (state.reportsStatus === 403) return `customer ${id} is under a security freeze (its report list answers 403)`;
  if (state.types.length === 0) return `customer ${id} has no active account (removed, or Connect not completed: reports answer 400)`;
  if (state.sells.reports && !REPORT_ACCOUNT_TYPES.some((t) => state.types.includes(t)))
    return `customer ${id} has no active ${REPORT_ACCOUNT_TYPES.join(' or ')} account (only ${state.types.join(', ')}: reports answer 400)`;
  return undefined;
}

/** Creates the testing customer to link, with its consumer (the reports need one): bodies from the caller's examples. */
export async function createLinkableCustomer(
  api: OperationClient,
  customer: Record<string, unknown>,
  consumer: Record<string, unknown>,
): Promise<string> {
  const res = await api.call('AddTestingCustomer', {
    body: { ...customer, username: `${LINKED_USERNAME_PREFIX}${Date.now().toString(36)}` },
  });
  if (res.status !== 201)
    throw new Error(
      `AddTestingCustomer answered ${res.status}${res.status === 400 ? ` (${String(res.body?.message ?? '').slice(0, 120)})` : ''}`,
    );
  const customerId = String(res.body.id);
  if (sellsConsumers(api)) await ensureConsumer(api, customerId, consumer);
  return customerId;
}

/** Whether the partner's product (SANDBOX_OPERATIONS) makes consumers: a customer is given one only there. */
export const sellsConsumers = (api: OperationClient): boolean => servesOperation(api.contract, 'CreateConsumer');

export async function ensureConsumer(api: OperationClient, customerId: string, consumer: Record<string, unknown>): Promise<void> {
  if ((await api.call('GetConsumerForCustomer', { path: { customerId } })).status === 200) return;
  const res = await api.call('CreateConsumer', { path: { customerId }, body: consumer });
  if (res.status !== 201) throw new Error(`CreateConsumer answered ${res.status}`);
}

/** The Connect URL the customer's accounts are added through (GenerateConnectUrl). */
export async function connectUrl(api: OperationClient, partnerId: string, customerId: string): Promise<string> {
  const res = await api.call('GenerateConnectUrl', { body: { partnerId, customerId } });
  if (res.status !== 200) throw new Error(`GenerateConnectUrl answered ${res.status}`);
  return String(res.body.link);
}

/** How every line about the prepared data ends: the command that makes it fit. */
export const PREPARE_FIX = 'run npm run sandbox:prepare -- --service financial-data';

export interface FdTestData {
  /** The linked customer cannot serve a certification: the service is not run (its line names FD_LINKED_CUSTOMER_ID). */
  problem?: Problem;
  /** What the linked customer was found to be, when it can serve one. */
  ready?: string;
  /** What the service runs without: account types the checks read missing (those checks NOT RUN). */
  lines: string[];
}

/**
 * The prepared test data (FD_LINKED_CUSTOMER_ID, written by `npm run sandbox:prepare`), judged with reads only, so at no cost
 * before every run: by the preflight (helpers/target/sandbox/readiness.ts), `npm run doctor` and the global setup.
 */
export async function checkFdTestData(request: APIRequestContext, env: Env = suiteConfig().env): Promise<FdTestData> {
  const id = env.FD_LINKED_CUSTOMER_ID;
  // Not set: a worker's own customer has no account on a sandbox (only Connect adds them), so its reports answer 400 (seed
  // 002, Reports: no eligible account), blamed on a target keeping its contract: the service is not run, naming the fix.
  if (!id)
    return {
      problem: {
        variable: 'FD_LINKED_CUSTOMER_ID',
        expected: 'the linked testing customer every financial data check reads on a sandbox (its reports need its accounts)',
        found: 'none set',
        fix: PREPARE_FIX,
      },
      lines: [],
    };
  const { api, partnerId } = await fdSession(request, env);
  const state = await linkedState(api, id, env);
  const found = unfitness(state, partnerId);
  if (found)
    return {
      problem: {
        variable: 'FD_LINKED_CUSTOMER_ID',
        expected: `a testing customer with its consumer and an active ${REPORT_ACCOUNT_TYPES.join(' or ')} account`,
        found,
        fix: PREPARE_FIX,
      },
      lines: [],
    };
  return {
    ready: `customer ${id}: a testing customer${state.consumer ? ` with consumer ${state.consumer.id}` : ''}${state.sells.reports ? ', reports readable' : ''}; active accounts: ${state.types.join(', ')}`,
    lines: state.missing.length
      ? [
          `FD_LINKED_CUSTOMER_ID ${id} has no active ${state.missing.join(', ')} account: the checks that read one are NOT RUN (add them through Connect: ${PREPARE_FIX})`,
        ]
      : [],
  };
}
