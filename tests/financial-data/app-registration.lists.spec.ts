// Covers: getApplications (paging, filters, parameters) and GetAppRegistrationStatus (deprecated:
// its sunset, paging, date filters, 404) - seed 002, App registration and third-party access
// (queries listed; the v2 status endpoint unsupported after May 2026, Versioning); provider 1.35.0
// StartParameter / ApplicationLimitParameter (page from 1, limit 1..100, default 50), 400 examples
// 3005-3009, ResultPageParameter / ResultPageSizeParameter (defaults 1), AppStatuses, example 50051.
// How the suite treats the deprecated read: tests/financial-data/app-registration.readers.ts.
import { expect, expectFdError, rules, test, whileAlone, type OperationClient } from '../../fixtures/financial-data.js';
import { newApplication } from '../../fixtures/examples/fd-samples/app-registration.js';
import { readStatusV2, v2Apps } from './app-registration.readers.js';

async function register(fdApi: OperationClient, overrides: Record<string, unknown> = {}) {
  const body = newApplication(overrides);
  const res = await fdApi.call('RegisterApp', { body });
  expect(res.status, 'RegisterApp').toBe(201);
  return { body, preAppId: res.body.preAppId as number };
}
const ids = (apps: any[]) => apps.map((a) => String(a.preAppId));

for (const [what, query] of [
  ['limit 0', { limit: 0 }],
  ['limit 101', { limit: 101 }],
  ['start 0', { start: 0 }],
] as const) {
  test(`getApplications answers 400 for ${what} @provider`, rules('FD-APP-LIST-PAGING:refuse'), async ({ fdApi }) => {
    expectFdError(await fdApi.call('getApplications', { query }), 400, what);
  });
}

test(
  'getApplications answers 400 for a query parameter it does not know and for a status outside A, P, D, R, S @provider',
  rules('FD-APP-LIST-PARAMS:refuse', 'FD-APP-LIST-PARAMS:accept'),
  async ({ fdApi }) => {
    expect((await fdApi.call('getApplications', { query: { pre_app_id: 1, status: 'D' } })).status, 'known parameters and values').toBe(
      200,
    );
    const unknown = await fdApi.call('getApplications', { query: { preAppId: 1 } });
    expectFdError(unknown, 400, 'preAppId is not a parameter of getApplications (pre_app_id is)');
    // provider 1.35.0 InvalidQueryParametersExample: an unknown query parameter is code 3008.
    expect(String(unknown.body?.code), 'the code of an unknown query parameter').toBe('3008');
    expectFdError(await fdApi.call('getApplications', { query: { status: 'X' } }), 400, 'status X');
  },
);

// provider 1.35.0 GetApplicationsStatusBadErrorResponse: each cause of a getApplications 400 has its
// example, with its code and the HTTP status repeated as text (InvalidStartValueExample 3005,
// InvalidQueryParametersExample 3008, InvalidQueryParametersValueExample 3009; status '400').
test(
  'getApplications names each 400 by its code: 3005 for start 0, 3008 for an unknown parameter, 3009 for an unknown status @provider',
  rules('FD-APP-LIST-PAGING:refuse', 'FD-APP-LIST-PARAMS:refuse'),
  async ({ fdApi }) => {
    const seen: Record<string, unknown> = {};
    const want: Record<string, unknown> = {};
    for (const [code, query] of [
      ['3005', { start: 0 }],
      ['3008', { preAppId: 1 }],
      ['3009', { status: 'X' }],
    ] as const) {
      const res = await fdApi.call('getApplications', { query });
      const key = JSON.stringify(query);
      seen[key] = { status: res.status, code: String(res.body?.code), statusText: res.body?.status ?? '400' };
      want[key] = { status: 400, code, statusText: '400' };
    }
    expect(seen, 'the provider example of each cause').toEqual(want);
  },
);

// The paging itself is the paging property's (FD-PROP-PAGING) and the registrations model's
// (FD-APP-STATUS-PAGING): here, that a later page keeps the query's filter.
test(
  'GetAppRegistrationStatus keeps its status filter on a later page: page 2 of one under status P is a pending registration, as the one page of all gives it',
  rules('FD-PAGE-KEEPS-QUERY'),
  async ({ fdApi, fd }) => {
    for (let i = 0; i < 3; i++) await register(fdApi);
    await whileAlone(fd, ['apps'], async () => {
      const total = (await readStatusV2(fdApi, fd, {})).body.totalRecords as number;
      const records = v2Apps(await readStatusV2(fdApi, fd, { pageSize: total }), 'one page of all');
      const pending = v2Apps(await readStatusV2(fdApi, fd, { status: 'P', page: 2, pageSize: 1 }), 'status P, page 2 of 1');
      expect(
        pending.map((a) => a.status),
        'status P, page 2 of 1: a pending registration',
      ).toEqual(['P']);
      expect(pending[0], 'status P, page 2 of 1: the registration as the one page of all gives it').toEqual(
        records.find((a) => String(a.preAppId) === String(pending[0].preAppId)),
      );
    });
  },
);

// page 0 and pageSize 0 are not checked: provider 1.35.0 ResultPageParameter and
// ResultPageSizeParameter declare no minimum (a refusal was this contract's own decision).

test(
  'submittedDate and modifiedDate find a registration from its instant on, not a second later @assumption',
  rules('FD-APP-STATUS-DATES:accept', 'FD-APP-STATUS-DATES:refuse'),
  async ({ fdApi, fd }) => {
    const { preAppId } = await register(fdApi);
    const [made] = v2Apps(await readStatusV2(fdApi, fd, { preAppId: String(preAppId) }, preAppId), 'by preAppId');
    for (const key of ['submittedDate', 'modifiedDate'] as const) {
      const at = Number(made[key]);
      for (const from of [at - 60, at]) {
        const found = ids(v2Apps(await readStatusV2(fdApi, fd, { preAppId: String(preAppId), [key]: from }, preAppId), `${key} ${from}`));
        expect(found, `${key} ${at - from} s before the registration's: found`).toEqual([String(preAppId)]);
      }
      const later = await readStatusV2(fdApi, fd, { preAppId: String(preAppId), [key]: at + 1 });
      const missed = later.status === 404 ? [] : ids(v2Apps(later, `${key} + 1`));
      expect(missed, `${key} a second after the registration's: not found`).toEqual([]);
    }
  },
);
