// The test data a sandbox certification reads, made once and kept (`npm run sandbox:prepare`):
// for financial data, a testing customer with a consumer whose accounts were added through Connect
// (the only way a sandbox adds accounts: provider Test the APIs page, FinBank profiles). Plain
// functions over the contract-checked client, so every call is checked like any other.
import type { APIRequestContext } from '@playwright/test';
import type { Authorizer } from '../../auth/authorizer.js';
import { OperationClient } from '../../client/client.js';
import { loadContract } from '../../contract/contract.js';
import { suiteConfig } from '../../config/config.js';
import type { Env } from '../../config/env-schema.js';
import { serviceProfile } from '../../contract/services.js';
import { configuredFdHeaderNames, fdTargetFromEnv } from '../financial-data.js';
import { SUITE_STAMP } from '../../client/guest/ownership.js';

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
  const bare = new OperationClient({ request, contract, profile: serviceProfile('financial-data'), baseURL: target.baseURL, guest: false });
  const token = await bare.call('CreateToken', { body: target.partner, auth: () => ({ [names.appKey]: target.appKey }) });
  if (token.status !== 200) throw new Error(`CreateToken answered ${token.status}: check FD_APP_KEY, FD_PARTNER_ID and FD_PARTNER_SECRET`);
  const authorize: Authorizer = () => ({ [names.appKey]: target.appKey, [names.appToken]: token.body.token });
  return {
    api: new OperationClient({
      request,
      contract,
      profile: serviceProfile('financial-data'),
      baseURL: target.baseURL,
      authorize,
      guest: false,
    }),
    partnerId: target.partner.partnerId,
  };
}

export interface LinkedState {
  customerId: string;
  exists: boolean;
  testing: boolean;
  /** Active account types found. */
  types: string[];
  missing: string[];
}

/** What the configured linked customer has: exists, is a testing customer, which account types. */
export async function linkedState(api: OperationClient, customerId: string): Promise<LinkedState> {
  const customer = await api.call('GetCustomer', { path: { customerId } });
  if (customer.status !== 200) return { customerId, exists: false, testing: false, types: [], missing: [...LINKED_ACCOUNT_TYPES] };
  const accounts = await api.call('GetCustomerAccounts', { path: { customerId } });
  const list = accounts.status === 200 ? ((accounts.body?.accounts ?? []) as { type?: string; status?: string }[]) : [];
  const types = [...new Set(list.filter((a) => (a.status ?? 'active') === 'active').map((a) => String(a.type)))];
  return {
    customerId,
    exists: true,
    testing: customer.body?.type === 'testing',
    types,
    missing: LINKED_ACCOUNT_TYPES.filter((t) => !types.includes(t)),
  };
}

/** Creates the testing customer to link, with its consumer (the reports need one): bodies from the caller's examples. */
export async function createLinkableCustomer(
  api: OperationClient,
  customer: Record<string, unknown>,
  consumer: Record<string, unknown>,
): Promise<string> {
  const res = await api.call('AddTestingCustomer', { body: { ...customer, username: `${SUITE_STAMP}-linked-${Date.now().toString(36)}` } });
  if (res.status !== 201)
    throw new Error(
      `AddTestingCustomer answered ${res.status}${res.status === 400 ? ` (${String(res.body?.message ?? '').slice(0, 120)})` : ''}`,
    );
  const customerId = String(res.body.id);
  await ensureConsumer(api, customerId, consumer);
  return customerId;
}

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

/** Set by the global setup for the workers: why the configured linked customer cannot be used (its checks are then NOT RUN). */
export const LINKED_UNUSABLE_ENV = 'SUITE_FD_LINKED_UNUSABLE';

/**
 * The configured financial data test data, judged on the target: one line per problem, and whether
 * the linked customer is unusable. Read by the preflight, its workers and `npm run doctor`.
 */
export async function checkFdTestData(
  request: APIRequestContext,
  env: Env = suiteConfig().env,
): Promise<{ lines: string[]; unusable?: string }> {
  const id = env.FD_LINKED_CUSTOMER_ID;
  if (!id)
    return {
      lines: [
        'FD_LINKED_CUSTOMER_ID is not set: the checks that read linked accounts are NOT RUN (npm run sandbox:prepare -- --service financial-data)',
      ],
      unusable:
        'needs FD_LINKED_CUSTOMER_ID (a testing customer linked to institution logins: npm run sandbox:prepare -- --service financial-data)',
    };
  const { api } = await fdSession(request, env);
  const state = await linkedState(api, id);
  if (!state.exists)
    return {
      lines: [`FD_LINKED_CUSTOMER_ID ${id} does not exist on the target`],
      unusable: `FD_LINKED_CUSTOMER_ID ${id} does not exist on the target (npm run sandbox:prepare makes one)`,
    };
  if (!state.testing)
    return {
      lines: [`FD_LINKED_CUSTOMER_ID ${id} is not a testing customer`],
      unusable: `FD_LINKED_CUSTOMER_ID ${id} is not a testing customer (npm run sandbox:prepare makes one)`,
    };
  if (state.missing.length)
    return {
      lines: [
        `FD_LINKED_CUSTOMER_ID ${id} has no active ${state.missing.join(', ')} account: the checks that read one are NOT RUN (add them through Connect: npm run sandbox:prepare)`,
      ],
    };
  return { lines: [] };
}
