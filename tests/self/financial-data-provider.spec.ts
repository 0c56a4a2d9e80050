// Covers: the financial data contract's provider facts that need the suite's machinery
// the text/plain 401 the provider document declares passes every named check and the
// client, where declared, and only there; the security header names are configurable
// (FD_HEADER_NAMES), with a bad value a one-line error.
import { expect, test } from '../../fixtures/self.js';
import { loopback, closing } from './support.known.js';
import { contentTypeConformance, responseBodyPresence, responseSchemaConformance, type Exchange } from '../../helpers/contract/checks.js';
import { OperationClient } from '../../helpers/client/client.js';
import { serviceProfile } from '../../helpers/contract/services.js';
import { loadContract } from '../../helpers/contract/contract.js';
import { fdHeaderNames } from '../../helpers/contract/facts.js';
import { configuredFdHeaderNames } from '../../helpers/target/financial-data.js';
import { targetAt } from '../../helpers/target/mock-control.js';

const TEXT = { 'content-type': 'text/plain; charset=utf-8' };
// provider 1.35.0: UnauthorizedErrorResponse (JSON or text/plain) on these; JSON only on the
// authentication operations (AuthenticationUnauthorizedErrorResponse), location matches, the
// payment enablement bundle and recurring transactions.
// provider 1.35.0: the operations whose 401 is JSON only (checked against the document when parts
// 3 and 4 were added: SBCA, the webhook subscriptions and the connect components).
const JSON_ONLY_401 = [
  ...`CreateToken ModifyPartnerSecret GetLocationMatches GetAccountDetailsByAccountId GetAccountDetailsByInstitutionLoginId
  GetRecurringTransactions GenerateSBCAMetricsReport listWebhookSubscriptions createWebhookSubscription
  listAvailableWebhookSubscriptionEvents getWebhookSubscriptionById updateWebhookSubscription deleteWebhookSubscription
  changeWebhookSubscriptionStatus testWebhookSubscription updateWebhookSubscriptionEvent deleteWebhookSubscriptionEvent
  changeWebhookSubscriptionEventStatus testWebhookSubscriptionBasedOnEventId post-institutions-institutionId-oauth-urls
  post-institutions-institutionId-login-forms post-reconnections get-configurations post-configurations
  get-configurations-configurationId delete-configurations-configurationId`.split(/\s+/),
  // provider 1.42.0 (FD_CONTRACT_VERSION=1.42.0): the experience copy and the data sharing consents.
  ...`CreateConnectExperience GetDataSharingConsentsByCustomerId GetDataSharingConsentsByID RevokeDataSharingConsentById
  RevokeDataSharingConsentByInstitutionLoginID`.split(/\s+/),
];

test(`every financial data 401 but those of ${JSON_ONLY_401.length} operations (JSON only in the provider document) also declares text/plain`, async ({
  contracts,
}) => {
  const contract = await contracts('financial-data');
  const wrong: string[] = [];
  for (const op of contract.operations.values()) {
    const spec = op.responses['401'];
    if (!spec) continue;
    const media = spec.contentTypes.map((t) => t.toLowerCase());
    const said = `${op.operationId} (${media.join(', ')})`;
    if (!media.includes('application/json')) wrong.push(`${said}: no application/json`);
    if (JSON_ONLY_401.includes(op.operationId) === media.includes('text/plain'))
      wrong.push(
        `${said}: ${JSON_ONLY_401.includes(op.operationId) ? 'text/plain, though JSON only in the provider document' : 'no text/plain'}`,
      );
  }
  expect(wrong, 'the media types of each 401').toEqual([]);
});

test('a plain-text 401 passes the named checks where declared, and fails content type where not', async ({ contracts }) => {
  const contract = await contracts('financial-data');
  const exchange = (operationId: string): Exchange => ({
    operation: contract.operationOf(operationId),
    status: 401,
    headers: TEXT,
    body: undefined,
    text: 'Invalid (Finicity-App-Key)',
  });
  const declared = exchange('GetCustomer');
  contentTypeConformance(declared);
  responseBodyPresence(declared);
  responseSchemaConformance(contract, declared);
  expect(() => contentTypeConformance(exchange('CreateToken'))).toThrow(/Received: 'text\/plain'/);
});

test('the client accepts a declared plain-text 401 end to end (no JSON parse or error-shape failure)', async ({ contracts, request }) => {
  await closing(
    loopback((_req, res) => res.writeHead(401, TEXT).end('Missing parameter (Finicity-App-Token)')),
    async (server) => {
      const baseURL = server.url;
      const api = new OperationClient({
        request,
        contract: await contracts('financial-data'),
        profile: serviceProfile('financial-data'),
        target: targetAt(baseURL),
      });
      const res = await api.call('GetInstitutions', { query: { limit: 1 } });
      expect(res.status).toBe(401);
      expect(res.text).toContain('Finicity-App-Token');
    },
  );
});

// The configuration's reading of the header names, in process (five processes would cost seconds of CPU).
test('FD_HEADER_NAMES picks the seed or the provider names; overrides and bad values', async () => {
  // The names are the contract's (a scheme's name, or its x-provider-name); the transcription of the seed checks them.
  const contract = await loadContract('financial-data');
  const seed = fdHeaderNames(contract, 'seed');
  const provider = fdHeaderNames(contract, 'provider');
  expect(seed.appKey).not.toBe(provider.appKey);
  expect(configuredFdHeaderNames(contract, {})).toEqual(seed);
  expect(configuredFdHeaderNames(contract, { FD_HEADER_NAMES: 'provider' })).toEqual(provider);
  expect(configuredFdHeaderNames(contract, { FD_HEADER_NAMES: 'provider', FD_APP_TOKEN_HEADER: 'X-App-Token' })).toEqual({
    appKey: provider.appKey,
    appToken: 'X-App-Token',
  });
  expect(() => configuredFdHeaderNames(contract, { FD_HEADER_NAMES: 'finicity' })).toThrow(
    'FD_HEADER_NAMES: expected seed or provider, found "finicity"',
  );
  expect(() => configuredFdHeaderNames(contract, { FD_APP_KEY_HEADER: 'App Key' })).toThrow(
    'FD_APP_KEY_HEADER: expected an HTTP header name (letters, digits and !#$%&\'*+.^_`|~-, no spaces), found "App Key"',
  );
});
