// Covers: getRegisteredInstitutions and SetCustomerAppID - seed 002, App registration and third-party
// access ("when no institution id is given, the status of all institutions is returned"; 404), Resources -
// Customer; provider 1.35.0 InstitutionLimitParameter (1..1000, default 25), examples 3001 / 3002,
// ApplicationId (cannot be changed once set: 400 or 404). The application: the mock's approved one, or FD_APPLICATION_ID.
import {
  expect,
  expectFdError,
  FD_CONTRACT,
  mockOnly,
  rangeOf,
  rules,
  spareAuth,
  test,
  type OperationClient,
  underRule,
} from '../../fixtures/financial-data.js';
import { approvedApplicationId, newApplication } from '../../fixtures/examples/fd-samples/app-registration.js';

test.beforeEach(({ fd }) => {
  test.skip(!approvedApplicationId(fd), 'needs FD_APPLICATION_ID (an approved application of the partner)');
});

/** The page sizes the operation serves (provider 1.35.0 InstitutionLimitParameter: the contract's AppInstitutionLimit). */
const LIMIT = rangeOf(FD_CONTRACT, 'AppInstitutionLimit');

/** Every institution registration of the application, all pages of the largest size. */
async function allInstitutions(fdApi: OperationClient, applicationId: string) {
  const rows: any[] = [];
  const path = { application_id: applicationId };
  for (let start = 1; start < 50; start++) {
    const res = await fdApi.call('getRegisteredInstitutions', { path, query: { start, limit: LIMIT.max! } });
    expect(res.status, `page ${start}`).toBe(200);
    rows.push(...(res.body.institutions ?? []));
    if (!res.body.moreAvailable) return { rows, found: res.body.found as number };
  }
  throw new Error('more than 50 pages of institutions');
}

test(
  'without institution_id every institution registration is listed, pending ones too; with one, only that institution',
  rules('FD-APP-INSTITUTIONS'),
  async ({ fdApi, fd }) => {
    const applicationId = approvedApplicationId(fd)!;
    const { rows, found } = await allInstitutions(fdApi, applicationId);
    expect(found, 'found counts every registration').toBe(rows.length);
    expect(rows.length).toBeGreaterThan(0);
    // The mock registers an approved application with its whole catalogue, the last institution pending.
    if (fd.control)
      expect(rows.filter((r) => r.status === false).length, 'the pending registration is listed (status false)').toBeGreaterThan(0);
    const picks = [rows.find((r) => r.status === true), rows.find((r) => r.status === false)].filter(Boolean);
    for (const pick of picks) {
      const query = { institution_id: pick.institutionId };
      const res = await fdApi.call('getRegisteredInstitutions', { path: { application_id: applicationId }, query });
      expect(res.status).toBe(200);
      const shown = res.body.institutions.map((r: any) => ({ institutionId: r.institutionId, status: r.status }));
      const { institutionId, status } = pick;
      expect(shown, `institution_id ${institutionId}: that one only`).toEqual([{ institutionId, status }]);
    }
  },
);

test(
  `getRegisteredInstitutions pages by start from 1, each page the application's registrations as the largest pages give them; limit ${LIMIT.max} is accepted @provider`,
  rules('FD-APP-INSTITUTIONS-PAGING:accept', 'FD-PAGE-KEEPS-QUERY'),
  async ({ fdApi, fd }) => {
    const applicationId = approvedApplicationId(fd)!;
    const { rows, found } = await allInstitutions(fdApi, applicationId);
    test.skip(found < 3, 'the application is registered with fewer than 3 institutions');
    for (const start of [1, 2]) {
      const res = await fdApi.call('getRegisteredInstitutions', { path: { application_id: applicationId }, query: { start, limit: 2 } });
      // A page is a window over the application's one list: its registrations, each member for member.
      expect(res.body.institutions, `start ${start}, limit 2: each registration as the largest pages give it`).toEqual(
        rows.slice((start - 1) * 2, start * 2),
      );
      const { displaying, moreAvailable } = res.body;
      expect({ found: res.body.found, displaying, moreAvailable }).toEqual({ found, displaying: 2, moreAvailable: found > start * 2 });
    }
  },
);

for (const [what, query] of [
  [`limit ${LIMIT.min! - 1}`, { limit: LIMIT.min! - 1 }],
  [`limit ${LIMIT.max! + 1}`, { limit: LIMIT.max! + 1 }],
  ['start 0', { start: 0 }],
] as const) {
  test(`getRegisteredInstitutions answers 400 for ${what} @provider`, rules('FD-APP-INSTITUTIONS-PAGING:refuse'), async ({ fdApi, fd }) => {
    const refused = await fdApi.call('getRegisteredInstitutions', { path: { application_id: approvedApplicationId(fd)! }, query });
    expectFdError(refused, 400, what);
  });
}

test(
  "another partner's approved application is none of the caller's: getRegisteredInstitutions, SetCustomerAppID (the customer keeps its own) and the status read by applicationId answer 404, getApplications lists it not @mock-only",
  mockOnly(
    rules('FD-APP-INSTITUTIONS-NOT-FOUND', 'FD-APP-CUSTOMER-NOT-FOUND', 'FD-APP-STATUS-NOT-FOUND', 'FD-APP-LIST-FILTER'),
    "needs the mock's virtual clock: the spare partner's registration is approved a day after it is made (provider 1.35.0 AppRegistrationStatus), a day a sandbox spends in real time",
  ),
  async ({ fdApi, fd, fdMock, createCustomer }) => {
    const spare = await spareAuth(fdApi, fd);
    test.skip(!spare, 'needs a spare partner (FD_SPARE_PARTNER_ID / FD_SPARE_PARTNER_SECRET)');
    const made = await fdApi.call('RegisterApp', { body: newApplication(), auth: spare! });
    expect(made.status, "the spare partner's registration").toBe(201);
    // The mock approves a registration a virtual day later, with its applicationId.
    await fdMock.advanceClock(86_400 + 60);
    // A day later the spare partner's token has expired (two hours): a new one.
    const later = (await spareAuth(fdApi, fd))!;
    const theirs = await fdApi.call('getApplications', { query: { pre_app_id: made.body.preAppId }, auth: later });
    const applicationId = (theirs.body.applications ?? []).find(
      (a: { preAppId: unknown }) => String(a.preAppId) === String(made.body.preAppId),
    )?.applicationId;
    expect(applicationId, "the spare partner's application is approved").toBeDefined();
    const denied = await fdApi.call('getRegisteredInstitutions', { path: { application_id: String(applicationId) }, negative: true });
    expectFdError(denied, 404, "another partner's application");
    // seed 002, App registration: SetCustomerAppID assigns one of the caller's applications; an
    // application of another partner is one the caller has no approved application with (404).
    const ours = approvedApplicationId(fd)!;
    const customerId = await createCustomer('testing');
    const assignTheirs = () => fdApi.call('SetCustomerAppID', { path: { customerId, applicationId: String(applicationId) } });
    expectFdError(await assignTheirs(), 404, "SetCustomerAppID with another partner's application, the customer without one");
    expect((await fdApi.call('SetCustomerAppID', { path: { customerId, applicationId: ours } })).status, 'our own application').toBe(200);
    // Now also a change of the customer's application: 400 or 404 (FD-APP-CUSTOMER-APP-FIXED leaves the status open).
    const again = await assignTheirs();
    expect([400, 404], "SetCustomerAppID with another partner's application, the customer with ours").toContain(again.status);
    expectFdError(again, again.status, "SetCustomerAppID with another partner's application");
    expect(String((await fdApi.call('GetCustomer', { path: { customerId } })).body.applicationId), 'the application it had').toBe(ours);
    // The lookups by query: the status read finds no registration of the caller's (404), the list none of theirs.
    const reply = await fdApi.call('GetAppRegistrationStatus', { query: { applicationId: String(applicationId) }, negative: true });
    expectFdError(reply, 404, "the status read by another partner's applicationId");
    const listed = await fdApi.call('getApplications', { query: { application_id: String(applicationId) } });
    expect(listed.status, "getApplications by another partner's application_id").toBe(200);
    expect(
      ((listed.body.applications ?? []) as { preAppId: unknown }[]).map((a) => String(a.preAppId)),
      "getApplications by another partner's application_id lists none of its registrations",
    ).not.toContain(String(made.body.preAppId));
  },
);

test(
  'SetCustomerAppID answers 200 and the customer reads back with that applicationId',
  rules('FD-APP-CUSTOMER-SET@app-data', 'FD-APP-CUSTOMER-SET@get-customer'),
  async ({ fdApi, fd, createCustomer }) => {
    const applicationId = approvedApplicationId(fd)!;
    const customerId = await createCustomer('testing');
    expect((await fdApi.call('SetCustomerAppID', { path: { customerId, applicationId } })).status).toBe(200);
    const appData = await fdApi.call('GetCustomerWithAppData', { path: { customerId } });
    const shown = { status: appData.status, applicationId: appData.body.applicationId };
    expect(shown, 'GetCustomerWithAppData').toEqual({ status: 200, applicationId });
    const customer = await fdApi.call('GetCustomer', { path: { customerId } });
    expect(String(customer.body.applicationId), 'GetCustomer').toBe(applicationId);
  },
);

test(
  "SetCustomerAppID refuses a change of the customer's application once set, with 400 or 404, and takes the same application again @provider @mock-only",
  mockOnly(
    rules('FD-APP-CUSTOMER-APP-FIXED', 'FD-APP-CUSTOMER-SET@get-customer', 'FD-APP-CUSTOMER-SET@app-data'),
    'needs a second approved application of the partner: the mock approves a registration a virtual day after it is made (provider 1.35.0 AppRegistrationStatus), a day a sandbox spends in real time',
  ),
  async ({ fdApi, fd, fdMock, createCustomer }) => {
    const made = await fdApi.call('RegisterApp', { body: newApplication() });
    expect(made.status, 'a second registration of the partner').toBe(201);
    await fdMock.advanceClock(86_400 + 60);
    const listed = await fdApi.call('getApplications', { query: { pre_app_id: made.body.preAppId } });
    const second = String((listed.body.applications ?? [])[0]?.applicationId);
    expect(second, 'the second application, approved').not.toBe('undefined');
    const first = approvedApplicationId(fd)!;
    const customerId = await createCustomer('testing');
    const assign = (applicationId: string) => fdApi.call('SetCustomerAppID', { path: { customerId, applicationId } });
    expect((await assign(first)).status, 'the first application').toBe(200);
    // provider 1.35.0 ApplicationId: it cannot be changed once set; the refusal's status is left open (conflicts.yaml FD-CONFLICT-APP-CHANGE-STATUS).
    const change = await assign(second);
    underRule(test.info(), 'FD-APP-CUSTOMER-APP-FIXED', () => {
      expect([400, 404], 'another application of the partner, the customer with one').toContain(change.status);
      expectFdError(change, change.status, 'a change of the application');
    });
    for (const reader of ['GetCustomer', 'GetCustomerWithAppData'] as const) {
      const read = await fdApi.call(reader, { path: { customerId } });
      underRule(test.info(), 'FD-APP-CUSTOMER-APP-FIXED', () =>
        expect(String(read.body.applicationId), `${reader}: the application it had`).toBe(first),
      );
    }
    // The same application again is no change: assigned as before.
    expect((await assign(first)).status, 'the same application again').toBe(200);
  },
);

test(
  'SetCustomerAppID answers 404 for an unknown application (the customer keeps its own) and for an unknown customer',
  rules('FD-APP-CUSTOMER-NOT-FOUND'),
  async ({ fdApi, fd, createCustomer }) => {
    const applicationId = approvedApplicationId(fd)!;
    const customerId = await createCustomer('testing');
    const unknown = () => fdApi.call('SetCustomerAppID', { path: { customerId, applicationId: 'no-such-application-7f3a' } });
    expectFdError(await unknown(), 404, 'unknown application, the customer without one');
    expect((await fdApi.call('SetCustomerAppID', { path: { customerId, applicationId } })).status).toBe(200);
    // Now also a change of the customer's application: 400 or 404 (FD-APP-CUSTOMER-APP-FIXED leaves the status open).
    const again = await unknown();
    expect([400, 404], 'unknown application, the customer with one').toContain(again.status);
    expectFdError(again, again.status, 'unknown application');
    const kept = (await fdApi.call('GetCustomer', { path: { customerId } })).body.applicationId;
    expect(String(kept), 'the application it had').toBe(applicationId);
    expectFdError(
      await fdApi.call('SetCustomerAppID', { path: { customerId: '9999999991', applicationId }, negative: true }),
      404,
      'unknown customer',
    );
  },
);
