// Covers: connect-components oauth-urls, login-forms and reconnections - seed 002, Connect components
// (201; 203 with a multi-factor challenge; 400, 401, 404): the required redirectURI, the optional
// configuration (unknown or deleted refused), the customer and login named, and the
// {"Errors": {"Error": [...]}} body on every operation (reference, Error bodies).
import {
  expect,
  expectFdError,
  fdAuthHeaders,
  rules,
  sample,
  test,
  unknownId,
  type OperationClient,
} from '../../fixtures/financial-data.js';
import { serviceAgreement } from '../../fixtures/examples/fd-samples/connect-components.js';
import type { FdTarget } from '../../helpers/target/financial-data.js';

const SESSIONS = [
  { op: 'post-institutions-institutionId-oauth-urls', path: 'cc-oauth' },
  { op: 'post-institutions-institutionId-login-forms', path: 'cc-login-form' },
] as const;
type SessionOp = (typeof SESSIONS)[number]['op'];

function sessionBody(op: SessionOp, fd: FdTarget, customerId: string, configurationId?: string) {
  const common = { customerId, serviceAgreement: serviceAgreement(fd), ...(configurationId ? { configurationId } : {}) };
  return op === 'post-institutions-institutionId-oauth-urls'
    ? { ...common, redirectURI: 'https://lender.example.com/oauth/done' }
    : { ...common, language: 'en' };
}
const institution = (fd: FdTarget) => ({ institution_id: Number(fd.institutions.branded) });

async function newConfiguration(fdApi: OperationClient): Promise<string> {
  const res = await fdApi.call('post-configurations', { body: { accountClassificationType: ['personal'] } });
  expect(res.status, 'create a configuration').toBe(201);
  return res.body.id;
}

test(
  'an OAuth URL of a known institution answers 201 with the URL, the session and the event stream @smoke',
  rules('FD-COMPONENTS-SESSION@cc-oauth'),
  async ({ fdApi, fd, fdEntities }) => {
    const body = sessionBody('post-institutions-institutionId-oauth-urls', fd, fdEntities.customerId);
    const res = await fdApi.call('post-institutions-institutionId-oauth-urls', { path: institution(fd), body });
    expect(res.status).toBe(201);
    expect(res.body.url).toMatch(/^https?:\/\//);
  },
);

for (const { op, path } of SESSIONS) {
  test(
    `${op} answers 201 with a new session each time; an unknown institution is a 404`,
    rules(`FD-COMPONENTS-SESSION@${path}`, `FD-COMPONENTS-INSTITUTION@${path}`),
    async ({ fdApi, fd, fdEntities, fdContract }) => {
      const body = sessionBody(op, fd, fdEntities.customerId);
      const [a, b] = [await fdApi.call(op, { path: institution(fd), body }), await fdApi.call(op, { path: institution(fd), body })];
      expect([a.status, b.status]).toEqual([201, 201]);
      expect(a.body.id, 'two sessions, two ids').not.toBe(b.body.id);
      if (op === 'post-institutions-institutionId-login-forms') expect(a.body.elements.length, 'the form has elements').toBeGreaterThan(0);
      const unknown = unknownId(fdContract, { type: 'integer' });
      const res = await fdApi.call(op, { path: { institution_id: unknown }, body });
      expectFdError(res, 404, 'unknown institution');
      expect(res.body.Errors.Error[0].Description, 'the 404 in the provider error body').toBeTruthy();
    },
  );

  test(
    `${op} accepts a configuration of the partner and refuses an unknown or deleted one`,
    rules(`FD-COMPONENTS-CONFIGURATION-REF:accept@${path}`, `FD-COMPONENTS-CONFIGURATION-REF:refuse@${path}`),
    async ({ fdApi, fd, fdEntities }) => {
      const configurationId = await newConfiguration(fdApi);
      const session = async (id: string) =>
        (await fdApi.call(op, { path: institution(fd), body: sessionBody(op, fd, fdEntities.customerId, id) })).status;
      expect(await session(configurationId), 'a configuration of the partner').toBe(201);
      // provider 1.35.0: "a valid configurationId"; which refusal status is not stated: 400 or 404.
      const refused = async (id: string, what: string) => expect([400, 404], what).toContain(await session(id));
      await refused('0badc0de-0000-4000-8000-000000000000', 'an unknown configurationId');
      expect((await fdApi.call('delete-configurations-configurationId', { path: { configuration_id: configurationId } })).status).toBe(204);
      await refused(configurationId, 'a deleted configuration');
    },
  );

  test(
    `${op} refuses a customer the partner does not have @assumption`,
    rules(`FD-COMPONENTS-CUSTOMER@${path}`),
    async ({ fdApi, fd, fdContract }) => {
      const body = sessionBody(op, fd, unknownId(fdContract, { type: 'string', pattern: '^[0-9]+$' }));
      expect([400, 404], 'an unknown customer').toContain((await fdApi.call(op, { path: institution(fd), body })).status);
    },
  );
}

test('an OAuth URL request without redirectURI is a 400', rules('FD-COMPONENTS-REDIRECT-REQUIRED'), async ({ fdApi, fd, fdEntities }) => {
  const sent: Record<string, unknown> = sessionBody('post-institutions-institutionId-oauth-urls', fd, fdEntities.customerId);
  const { redirectURI: _r, ...body } = sent;
  const oauth = (sent: Record<string, unknown>) =>
    fdApi.call('post-institutions-institutionId-oauth-urls', { path: institution(fd), body: sent });
  expectFdError(await oauth(body), 400, 'no redirectURI');
  expect((await oauth({ ...body, redirectURI: 'https://lender.example.com/done' })).status).toBe(201);
});

test(
  'a reconnection answers 201 with a login form, or 203 with a challenge when the institution asks one @mock-only',
  rules('FD-COMPONENTS-RECONNECT:accept', 'FD-COMPONENTS-RECONNECT:refuse'),
  async ({ fdApi, fd, linkedCustomer }) => {
    // Which logins ask a challenge is known on the mock only (portfolio.ts: the FinBank B savings account).
    test.skip(!fd.control, 'needs the mock: which institution logins ask a multi-factor challenge is not known on a sandbox');
    const mfaLogins = new Set(linkedCustomer.accounts.filter((a) => a.mfa).map((a) => a.institutionLoginId));
    const plain = linkedCustomer.logins.find((l) => !mfaLogins.has(l.id))!;
    const mfa = linkedCustomer.logins.find((l) => mfaLogins.has(l.id))!;
    const reconnect = (login: { id: number }) =>
      fdApi.call('post-reconnections', { path: { customer_id: linkedCustomer.customerId, institution_login_id: login.id } });
    const form = await reconnect(plain);
    expect(form.status, 'a login without a challenge').toBe(201);
    expect(form.body.elements.length).toBeGreaterThan(0);
    const challenge = await reconnect(mfa);
    expect(challenge.status, 'a login whose institution asks a challenge').toBe(203);
    expect(challenge.body[0].mfaChallenges.length).toBeGreaterThan(0);
  },
);

test(
  "a reconnection of an unknown login, another customer's login or for an unknown customer is a 400 with ReasonCode 10010 @assumption",
  rules('FD-COMPONENTS-RECONNECT-LOGIN', 'FD-COMPONENTS-CUSTOMER@cc-reconnect'),
  async ({ fdApi, fdContract, linkedCustomer, createCustomer }) => {
    const login = linkedCustomer.logins[0].id;
    const reconnect = (customer_id: string, institution_login_id: string | number) =>
      fdApi.call('post-reconnections', { path: { customer_id, institution_login_id } });
    const refusals = [
      ['unknown login', await reconnect(linkedCustomer.customerId, unknownId(fdContract, { type: 'integer' }))],
      ["another customer's login", await reconnect(await createCustomer('testing'), login)],
      ['unknown customer', await reconnect(unknownId(fdContract, { type: 'string', pattern: '^[0-9]+$' }), login)],
    ] as const;
    for (const [what, res] of refusals) expectFdError(res, 400, what);
    // provider 1.35.0 GoldStandardInvalidField: a request the service cannot validate is ReasonCode 10010.
    const listed = refusals.map(([what, res]) => [what, String(res.body?.Errors?.Error?.[0]?.ReasonCode)]);
    expect(listed, 'the ReasonCode of each refusal').toEqual(refusals.map(([what]) => [what, '10010']));
  },
);

// reference, Error bodies: the connect components operations answer {"Errors": {"Error": [...]}}.
// The client holds every 4xx to the declared schema; this says it by name, through a 401 of each.
test(
  'every connect components operation answers its 401 in the provider error body, ReasonCode 10024 for a missing token, 10022 for one never issued @provider',
  rules('FD-COMPONENTS-ERROR-SHAPE'),
  async ({ fdApi, fd, fdEntities, fdContract }) => {
    const ops = [...fdContract.operations.values()].filter((o) => o.tags.includes('Connect components'));
    expect(ops).toHaveLength(7);
    for (const op of ops) {
      const res = await fdApi.callOperation(op, { ...sample(op, fd, fdEntities), auth: () => fdAuthHeaders(fd.appKey) });
      expectFdError(res, 401, 'no token');
      expect(Array.isArray(res.body?.Errors?.Error) && res.body.Errors.Error.length > 0, `${op}: {"Errors": {"Error": [...]}}`).toBe(true);
      // provider 1.35.0 MissingFinicityAppTokenExample: a missing token is code 10024 (the Gold
      // Standard examples keep the same codes: 10026 missing key, 10023 expired token).
      expect(String(res.body.Errors.Error[0].ReasonCode), `${op}: ReasonCode of a missing token`).toBe('10024');
    }
    // provider 1.35.0 InvalidFinicityAppTokenExample: a token the service never issued is code 10022
    // (10023, ExpiredFinicityAppTokenExample, taken too: a target may read such a token as expired).
    const [op] = ops;
    const never = () => fdAuthHeaders(fd.appKey, 'fdtk_not-a-token-the-target-issued');
    const res = await fdApi.callOperation(op, { ...sample(op, fd, fdEntities), auth: never });
    expectFdError(res, 401, 'a token never issued');
    expect(['10022', '10023'], `${op}: ReasonCode of a token never issued`).toContain(String(res.body?.Errors?.Error?.[0]?.ReasonCode));
  },
);
