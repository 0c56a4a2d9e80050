// Covers: getRegisteredInstitutions and SetCustomerAppID - seed 002, App registration and
// third-party access ("when no institution id is given, the status of all institutions is
// returned"; set customer app id assigns an application to a customer; 404), Resources - Customer
// (may have an application); provider 1.35.0 InstitutionLimitParameter (1..1000, default 25),
// examples 3001 / 3002, ApplicationId (cannot be changed once set: 400 or 404, the status left open).
// The application: the mock's approved test application, FD_APPLICATION_ID (an approved application
// of the partner) on a sandbox.
import {
  expect,
  expectFdError,
  FD_CONTRACT,
  mockOnly,
  rangeOf,
  rules,
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
  for (let start = 1; start < 50; start++) {
    const res = await fdApi.call('getRegisteredInstitutions', {
      path: { application_id: applicationId },
      query: { start, limit: LIMIT.max! },
    });
    expect(res.status, `page ${start}`).toBe(200);
    rows.push(...(res.body.institutions ?? []));
    if (!res.body.moreAvailable) return { rows, found: res.body.found as number };
  }
  throw new Error('more than 50 pages of institutions');
}

test(
  `getRegisteredInstitutions pages by start from 1, each page the application's registrations as the largest pages give them; limit ${LIMIT.max} is accepted @provider`,
  rules('FD-APP-INSTITUTIONS-PAGING:accept', 'FD-PAGE-KEEPS-QUERY'),
  async ({ fdApi, fd }) => {
    const applicationId = approvedApplicationId(fd)!;
    const { rows, found } = await allInstitutions(fdApi, applicationId);
    test.skip(found < 3, 'the application is registered with fewer than 3 institutions');
    for (const start of [1, 2]) {
      const res = await fdApi.call('getRegisteredInstitutions', { path: { application_id: applicationId }, query: { start, limit: 2 } });
      expect(
        res.body.institutions.map((r: any) => r.institutionId),
        `start ${start}, limit 2`,
      ).toEqual(rows.slice((start - 1) * 2, start * 2).map((r) => r.institutionId));
      // A page is a window over the application's one list: each registration member for member.
      expect(res.body.institutions, `start ${start}, limit 2: each registration as the largest pages give it`).toEqual(
        rows.slice((start - 1) * 2, start * 2),
      );
      expect({ found: res.body.found, displaying: res.body.displaying, moreAvailable: res.body.moreAvailable }).toEqual({
        found,
        displaying: 2,
        moreAvailable: found > start * 2,
      });
    }
  },
);

for (const [what, query] of [
  [`limit ${LIMIT.min! - 1}`, { limit: LIMIT.min! - 1 }],
  [`limit ${LIMIT.max! + 1}`, { limit: LIMIT.max! + 1 }],
  ['start 0', { start: 0 }],
] as const) {
  test(`getRegisteredInstitutions answers 400 for ${what} @provider`, rules('FD-APP-INSTITUTIONS-PAGING:refuse'), async ({ fdApi, fd }) => {
    expectFdError(
      await fdApi.call('getRegisteredInstitutions', { path: { application_id: approvedApplicationId(fd)! }, query }),
      400,
      what,
    );
  });
}

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
