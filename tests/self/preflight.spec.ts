// Covers: the sandbox preflight (helpers/target/preflight.ts): which answers of a valid call and of
// an unknown path stop a service, and the one line that names the variable at fault and the cause;
// the financial data header hint names the setting that fixes it (helpers/target/sandbox/preflight-plans.ts);
// when the prepared financial data customer is unfit (helpers/target/sandbox/prepare.ts; on the
// stand-in through doctor and certify: tests/self/e2e/config-mistakes.spec.ts).
import { expect, test } from '../../fixtures/self.js';
import { loopback } from './support.known.js';
import { problemLine } from '../../helpers/config/env-schema.js';
import { diagnose, probe, type PreflightPlan, type ProbeAnswer } from '../../helpers/target/preflight.js';
import { headerNameProblem } from '../../helpers/target/sandbox/preflight-plans.js';
import { needsNewCustomer, unfitness, type LinkedState } from '../../helpers/target/sandbox/prepare.js';
import { loadContract } from '../../helpers/contract/contract.js';
import { fdHeaderNames } from '../../helpers/contract/facts.js';

const plan = (refusal?: PreflightPlan['refusal']): PreflightPlan => ({
  service: 'x',
  baseUrlEnv: 'X_BASE_URL',
  baseURL: 'http://x.example:8080/api',
  credentials: 'X_KEY',
  validCall: 'POST /things',
  valid: async () => ({ status: 0, text: '' }),
  unknown: async () => ({ status: 0, text: '' }),
  refusal,
});
const a = (status: number, text = ''): ProbeAnswer => ({ status, text });
const line = (valid: ProbeAnswer, unknown: ProbeAnswer, refusal?: PreflightPlan['refusal']) => {
  const problem = diagnose(plan(refusal), valid, unknown);
  return problem && problemLine(problem);
};

test('everything 404 names the base URL variable; one operation 404 alone stops nothing', () => {
  expect(line(a(404), a(404))).toBe(
    "X_BASE_URL: expected the API's base path, found 404 for POST /things and for a path the API does not have: every operation answers 404",
  );
  expect(line(a(404), a(400))).toBeUndefined();
});

test('a refused valid call names the credentials, or what the service reads in the refusal', () => {
  expect(line(a(401), a(404))).toBe('X_KEY: expected credentials the target accepts, found 401 to POST /things');
  // An error body is quoted by its codes and messages (helpers/target/preflight.ts, excerpt), any other text by its start.
  expect(line(a(403, '{"message":"denied","details":[{"reason":"X","source":"srcClientId"}],"trace":"t-1"}'), a(404))).toBe(
    'X_KEY: expected credentials the target accepts, found 403 to POST /things ("denied srcClientId")',
  );
  const headerHint = (answer: ProbeAnswer) =>
    answer.text.includes('Other-Key') ? { variable: 'X_HEADER', expected: 'Other-Key', found: 'Mine-Key' } : undefined;
  expect(line(a(401, 'Missing parameter (Other-Key)'), a(404), headerHint)).toBe('X_HEADER: expected Other-Key, found Mine-Key');
  expect(line(a(401, 'bad credentials'), a(404), headerHint)).toBe(
    'X_KEY: expected credentials the target accepts, found 401 to POST /things ("bad credentials")',
  );
});

test('a failing server and an unreachable one stop the service naming the base URL; a contract answer does not', () => {
  expect(line(a(503), a(404))).toMatch(
    /^X_BASE_URL: expected a target that answers a valid call, found 503 to POST \/things: the target is failing/,
  );
  expect(line(a(0, 'ECONNREFUSED'), a(0, 'ECONNREFUSED'))).toBe(
    'X_BASE_URL: expected a server that answers, found no answer from http://x.example:8080 (ECONNREFUSED)',
  );
  for (const status of [200, 201, 400, 409, 422]) expect(line(a(status), a(404))).toBeUndefined();
});

test('the header hint names the setting that fixes it: the named set that sends the asked header, or the header itself', async () => {
  // The two namings' names are the contract's (its schemes and their x-provider-name).
  const contract = await loadContract('financial-data');
  const namings = { seed: fdHeaderNames(contract, 'seed'), provider: fdHeaderNames(contract, 'provider') };
  const { seed, provider } = namings;
  // The suite sends the provider's names, the target asks for the seed's: FD_HEADER_NAMES=seed, not provider.
  expect(problemLine(headerNameProblem(seed.appKey, provider, { FD_HEADER_NAMES: 'provider' }, namings))).toBe(
    `FD_HEADER_NAMES: expected the header names the target asks for, found the suite sends ${provider.appKey}, the target asks for ${seed.appKey}: set FD_HEADER_NAMES=seed`,
  );
  expect(headerNameProblem(provider.appKey, seed, {}, namings).fix).toBe('set FD_HEADER_NAMES=provider');
  expect(headerNameProblem('X-Api-Key', seed, {}, namings).fix).toMatch(/^set FD_APP_KEY_HEADER=X-Api-Key /);
  const overridden = headerNameProblem(seed.appKey, { ...seed, appKey: 'My-Key' }, { FD_APP_KEY_HEADER: 'My-Key' }, namings);
  expect(overridden.variable).toBe('FD_APP_KEY_HEADER');
  expect(overridden.fix).toBe(`set FD_APP_KEY_HEADER=${seed.appKey} (or unset it: FD_HEADER_NAMES=seed sends it)`);
});

test('probe gives the status and body, and a network failure as status 0 with its cause (never a throw)', async () => {
  const server = await loopback((_req, res) => res.writeHead(418).end('teapot'));
  expect(await probe(`${server.url}/x`, { method: 'GET' })).toMatchObject({ status: 418, text: 'teapot' });
  await server.close();
  const down = await probe(`${server.url}/x`, { method: 'GET' });
  expect(down.status).toBe(0);
  expect(down.text).toMatch(/ECONNREFUSED|fetch failed/);
});

test('the prepared linked customer is unfit, with the cause in words, when gone, active, without consumer or its own consumer, frozen, without accounts or without a checking or savings one', () => {
  const fit: LinkedState = {
    customerId: '1005',
    customerStatus: 200,
    exists: true,
    type: 'testing',
    testing: true,
    consumer: { id: 'c1', customerId: '1005' },
    types: ['savings', 'creditCard'],
    missing: ['checking', 'mortgage'],
    reportsStatus: 200,
    sells: { consumers: true, reports: true },
  };
  // Partly fit (types the checks read are missing): those checks skip, the service runs.
  expect(unfitness(fit, 'P1')).toBeUndefined();
  expect(unfitness({ ...fit, exists: false, customerStatus: 404 }, 'P1')).toBe(
    "no customer 1005 for partner P1 (GetCustomer 404: deleted, or another partner's)",
  );
  expect(unfitness({ ...fit, type: 'active', testing: false }, 'P1')).toBe('customer 1005 is an active customer, not a testing one');
  expect(unfitness({ ...fit, consumer: undefined }, 'P1')).toMatch(/^customer 1005 has no consumer/);
  expect(unfitness({ ...fit, consumer: { id: 'c1', customerId: '2006' } }, 'P1')).toBe('the consumer of customer 1005 names customer 2006');
  expect(unfitness({ ...fit, reportsStatus: 403 }, 'P1')).toMatch(/^customer 1005 is under a security freeze/);
  expect(unfitness({ ...fit, types: [] }, 'P1')).toMatch(/^customer 1005 has no active account .*reports answer 400/);
  expect(unfitness({ ...fit, types: ['creditCard', 'mortgage'] }, 'P1')).toBe(
    'customer 1005 has no active checking or savings account (only creditCard, mortgage: reports answer 400)',
  );
  // A product without consumers and reports (SANDBOX_OPERATIONS) asks for neither, nor for the reports' account types.
  const slice = {
    ...fit,
    consumer: undefined,
    reportsStatus: undefined,
    types: ['creditCard'],
    sells: { consumers: false, reports: false },
  };
  expect(unfitness(slice, 'P1')).toBeUndefined();
  // Replaced by sandbox:prepare (rather than completed): gone, not testing, frozen, another customer's consumer, no account left.
  expect(needsNewCustomer(fit)).toBe(false);
  expect(needsNewCustomer({ ...fit, consumer: undefined, types: ['creditCard'] })).toBe(false);
  for (const unfit of [
    { exists: false },
    { testing: false },
    { reportsStatus: 403 },
    { consumer: { id: 'c1', customerId: '2006' } },
    { types: [] },
  ])
    expect(needsNewCustomer({ ...fit, ...unfit }), JSON.stringify(unfit)).toBe(true);
});
