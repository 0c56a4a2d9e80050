// Covers: RegisterApp, ModifyAppRegistration, getApplications and GetAppRegistrationStatus (deprecated) -
// seed 002, App registration and third-party access (201, 200, 404), Resources (preAppId, applicationId);
// provider 1.35.0 Application (required members, logo under 50 KB), AppRegistrationStatus (P when
// submitted and modified), ApplicationId (given once approved, kept). The mock approves a day after
// submission (virtual clock): the checks of approved registrations are @mock-only.
import { underRule } from '../../helpers/client/annotations.js';
import { expect, expectFdError, mockOnly, rules, test, type OperationClient } from '../../fixtures/financial-data.js';
import { logoOfBytes, newApplication } from '../../fixtures/examples/fd-samples/app-registration.js';
import { listApps, readStatusV2, v2Apps } from './app-registration.readers.js';

const DAY_S = 86_400;

async function register(fdApi: OperationClient, overrides: Record<string, unknown> = {}) {
  const body = newApplication(overrides);
  const res = await fdApi.call('RegisterApp', { body });
  expect(res.status, 'RegisterApp').toBe(201);
  return { body, preAppId: res.body.preAppId as number, status: res.body.status as string };
}

test('RegisterApp answers 201 with a numeric preAppId and status P @smoke', rules('FD-APP-REGISTER'), async ({ fdApi }) => {
  const made = await register(fdApi);
  expect(Number.isInteger(made.preAppId), 'preAppId is a number').toBe(true);
  expect(made.status, 'provider 1.35.0: P (pending) when submitted').toBe('P');
});

test(
  'a pending registration has no applicationId; approved a day later it has one in both readers @mock-only',
  mockOnly(
    rules('FD-APP-APPLICATION-ID@app-list', 'FD-APP-APPLICATION-ID@app-status-v2', 'FD-APP-APPROVED-SAME', 'FD-APP-LIST-FILTER'),
    "needs the mock's virtual clock: a registration is approved a day after it is made (provider 1.35.0 AppRegistrationStatus), a day a sandbox spends in real time",
  ),
  async ({ fdApi, fd, fdMock }) => {
    const { preAppId } = await register(fdApi);
    const [pending] = await listApps(fdApi, { pre_app_id: preAppId });
    expect(pending.applicationId, 'provider 1.35.0: applicationId only once approved').toBeUndefined();
    const [pendingV2] = v2Apps(await readStatusV2(fdApi, fd, { preAppId: String(preAppId) }, preAppId), 'pending');
    expect(pendingV2.applicationId, 'v2: no applicationId while pending').toBeUndefined();
    await fdMock.advanceClock(DAY_S + 60);
    const [approved] = await listApps(fdApi, { pre_app_id: preAppId });
    expect(approved.status).toBe('A');
    expect(typeof approved.applicationId, 'an applicationId once approved').toBe('string');
    // getApplications' application_id filter is the list filter's (provider 1.35.0: application_id returns the registrations of
    // that application id): the approved registration and no other, judged here where an approved one exists.
    const shown = (await listApps(fdApi, { application_id: approved.applicationId })).map((a) => a.preAppId);
    underRule(
      test.info(),
      'FD-APP-LIST-FILTER',
      () => expect(shown, 'application_id: the registrations it finds').toEqual([preAppId]),
      'getApplications',
    );
    const v2 = v2Apps(await readStatusV2(fdApi, fd, { applicationId: approved.applicationId }, preAppId), 'by applicationId');
    const both = v2.map((a) => ({ preAppId: a.preAppId, status: a.status, applicationId: a.applicationId }));
    expect(both).toEqual([{ preAppId: String(preAppId), status: 'A', applicationId: approved.applicationId }]);
    // provider 1.35.0 App and AppStatus both carry note and scopes: one registration's, so one value.
    for (const member of ['note', 'scopes'])
      if (approved[member] !== undefined && v2[0][member] !== undefined)
        expect(approved[member], `${member}: getApplications as the v2 status read`).toBe(v2[0][member]);
  },
);

test(
  'a rejected registration reads R with its note in both readers @mock-only',
  mockOnly(
    rules('FD-APP-REJECTED-NOTE@app-list', 'FD-APP-REJECTED-NOTE@app-status-v2'),
    "needs the mock's harness to reject a registration: on a sandbox the provider's review decides, and no request makes it reject one",
  ),
  async ({ fdApi, fd, fdMock }) => {
    const { preAppId } = await register(fdApi);
    const note = 'The logo is not a square image';
    await fdMock.rejectRegistration(preAppId, note);
    const [listed] = await listApps(fdApi, { pre_app_id: preAppId });
    const [status] = v2Apps(await readStatusV2(fdApi, fd, { preAppId: String(preAppId) }, preAppId), 'rejected');
    // provider 1.35.0 AppRegistrationStatus: R, with a note giving the reason.
    const noted = (app: any) => ({ status: app?.status, noted: typeof app?.note === 'string' && app.note.trim().length > 0 });
    expect(noted(listed), 'getApplications').toEqual({ status: 'R', noted: true });
    expect(noted(status), 'GetAppRegistrationStatus').toEqual({ status: 'R', noted: true });
  },
);

test(
  'modifying an approved registration makes it pending again in both readers, keeping its applicationId @mock-only',
  mockOnly(
    rules('FD-APP-MODIFY-PENDING@app-modify', 'FD-APP-MODIFY-PENDING@app-list', 'FD-APP-MODIFY-PENDING@app-status-v2'),
    "needs the mock's virtual clock: a registration is approved a day after it is made (provider 1.35.0 AppRegistrationStatus), a day a sandbox spends in real time",
  ),
  async ({ fdApi, fd, fdMock }) => {
    const { body, preAppId } = await register(fdApi);
    await fdMock.advanceClock(DAY_S + 60);
    const [approved] = await listApps(fdApi, { pre_app_id: preAppId });
    expect(approved.status).toBe('A');
    const res = await fdApi.call('ModifyAppRegistration', {
      path: { preAppId: String(preAppId) },
      body: { ...body, appDescription: 'Now with reports' },
    });
    expect(res.body.status, 'provider 1.35.0: modified and awaiting approval').toBe('P');
    const [listed] = await listApps(fdApi, { pre_app_id: preAppId });
    const kept = (app: any) => ({ status: app.status, applicationId: app.applicationId });
    expect(kept(listed), 'getApplications').toEqual({ status: 'P', applicationId: approved.applicationId });
    const [v2] = v2Apps(await readStatusV2(fdApi, fd, { preAppId: String(preAppId) }, preAppId), 'after the modification');
    expect(kept(v2), 'GetAppRegistrationStatus').toEqual({ status: 'P', applicationId: approved.applicationId });
  },
);

for (const member of ['appName', 'appUrl', 'image'] as const) {
  test(
    `an Application without ${member} is a 400 on registration and on modification @provider`,
    rules('FD-APP-REQUIRED@app-register', 'FD-APP-REQUIRED@app-modify'),
    async ({ fdApi }) => {
      const { body, preAppId } = await register(fdApi);
      const { [member]: _left, ...without } = body;
      expectFdError(await fdApi.call('RegisterApp', { body: without }), 400, `RegisterApp without ${member}`);
      const refused = await fdApi.call('ModifyAppRegistration', { path: { preAppId: String(preAppId) }, body: without });
      expectFdError(refused, 400, `ModifyAppRegistration without ${member}`);
    },
  );
}

// Both operations send the same Application (seed 002, App registration: RegisterApp and
// ModifyAppRegistration take Application): the logo limit holds on registration and on modification.
// 49,000 and 52,000 bytes sit on each side of "less than 50KB" read as 50,000 or as 51,200 bytes.
test(
  'a logo of 49,000 bytes is accepted and one of 52,000 bytes is a 400, on registration and on modification @provider',
  rules('FD-APP-LOGO-SIZE:accept', 'FD-APP-LOGO-SIZE:refuse'),
  async ({ fdApi }) => {
    const { body, preAppId } = await register(fdApi, { image: logoOfBytes(49_000) });
    const refusal = await fdApi.call('RegisterApp', { body: newApplication({ image: logoOfBytes(52_000) }) });
    expectFdError(refusal, 400, 'RegisterApp: a 52,000-byte logo');
    const modify = (image: string) =>
      fdApi.call('ModifyAppRegistration', { path: { preAppId: String(preAppId) }, body: { ...body, image } });
    expect((await modify(logoOfBytes(49_000))).status, 'ModifyAppRegistration: a 49,000-byte logo').toBe(200);
    expectFdError(await modify(logoOfBytes(52_000)), 400, 'ModifyAppRegistration: a 52,000-byte logo');
  },
);

// The model check sends an unknown preAppId too, but its calls are drawn at random and cover no cell of
// the rule x path table; another partner's preAppId is the other-partner property's (FD-OBJ-OTHER-PARTNER).
test('ModifyAppRegistration answers 404 for a preAppId never registered', rules('FD-APP-UNKNOWN'), async ({ fdApi }) => {
  const denied = await fdApi.call('ModifyAppRegistration', { path: { preAppId: '999999991' }, body: newApplication(), negative: true });
  expectFdError(denied, 404, 'unknown preAppId');
});
