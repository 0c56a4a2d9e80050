// Calls of a financial data stand-in (mocks/stand-in.ts) as a partner's own code makes them, with the
// provider's header names: shared by the e2e tests that give a stand-in customers of their own.
import { expect } from '../../../fixtures/self.js';
import { loadContract } from '../../../helpers/contract/contract.js';
import { fdHeaderNames } from '../../../helpers/contract/facts.js';

/** The provider's names of the financial data security headers (the contract's x-provider-name). */
const PROVIDER_NAMES = fdHeaderNames(await loadContract('financial-data'), 'provider');

/** The provider's header names with the app key, and a token of the partner when asked. */
export async function fdHeaders(
  h: { baseURL: string },
  env: Record<string, string>,
  partner: 'main' | 'spare' = 'main',
): Promise<Record<string, string>> {
  const key = { [PROVIDER_NAMES.appKey]: env.FD_APP_KEY, 'content-type': 'application/json', accept: 'application/json' };
  const credentials =
    partner === 'main'
      ? { partnerId: env.FD_PARTNER_ID, partnerSecret: env.FD_PARTNER_SECRET }
      : { partnerId: env.FD_SPARE_PARTNER_ID, partnerSecret: env.FD_SPARE_PARTNER_SECRET };
  const res = await fetch(`${h.baseURL}/aggregation/v2/partners/authentication`, {
    method: 'POST',
    headers: key,
    body: JSON.stringify(credentials),
  });
  expect(res.status, 'a token with the provider header names').toBe(200);
  return { ...key, [PROVIDER_NAMES.appToken]: ((await res.json()) as { token: string }).token };
}

export const addTesting = (baseURL: string, headers: Record<string, string>, username: string) =>
  fetch(`${baseURL}/aggregation/v2/customers/testing`, { method: 'POST', headers, body: JSON.stringify({ username }) });

export async function newTestingCustomer(baseURL: string, headers: Record<string, string>, username: string): Promise<string> {
  const res = await addTesting(baseURL, headers, username);
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}
