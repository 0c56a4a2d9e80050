// Covers: getApplications and GetAppRegistrationStatus (deprecated) - seed 002, App registration and
// third-party access, Versioning (v2 status unsupported after May 2026: app-registration.readers.ts);
// provider 1.35.0 StartParameter / ApplicationLimitParameter (from 1, 1..100, default 50), 400 examples
// 3005-3009, ResultPageParameter / ResultPageSizeParameter (defaults 1), AppStatuses, example 50051.
import { expect, expectFdError, whileAlone, rules, test, underRule, type OperationClient } from '../../fixtures/financial-data.js';
import { newApplication, uniqueAppName } from '../../fixtures/examples/fd-samples/app-registration.js';
import { listApps, readStatusV2, v2Apps } from './app-registration.readers.js';

async function register(fdApi: OperationClient, overrides: Record<string, unknown> = {}) {
  const body = newApplication(overrides);
  const res = await fdApi.call('RegisterApp', { body });
  expect(res.status, 'RegisterApp').toBe(201);
  return { body, preAppId: res.body.preAppId as number };
}
const ids = (apps: any[]) => apps.map((a) => String(a.preAppId));

test(
  'getApplications pages by start from 1 with consistent found, displaying and moreAvailable, a later page under the query of the first; limit 100 is accepted @provider',
  rules('FD-APP-LIST-PAGING:accept', 'FD-PAGE-KEEPS-QUERY'),
  async ({ fdApi, fd }) => {
    for (let i = 0; i < 4; i++) await register(fdApi);
    await whileAlone(fd, ['apps'], async () => {
      const all = await fdApi.call('getApplications', { query: { limit: 100 } });
      expect(all.status).toBe(200);
      const found = all.body.found as number;
      expect(found).toBeGreaterThanOrEqual(4);
      for (const start of [1, 2]) {
        const res = await fdApi.call('getApplications', { query: { start, limit: 2 } });
        expect(res.status).toBe(200);
        const page = all.body.applications.slice((start - 1) * 2, start * 2);
        expect(
          res.body.applications,
          `start ${start}, limit 2: records ${start * 2 - 1}, ${start * 2} as the page of 100 gives them`,
        ).toEqual(page);
        const { displaying, moreAvailable } = res.body;
        expect({ found: res.body.found, displaying, moreAvailable }).toEqual({ found, displaying: 2, moreAvailable: found > start * 2 });
      }
      // Under a filter (status P: the four just registered are pending), a later page keeps it: each
      // registration pending, and as the filtered page of 100 gives it, member for member.
      const pending = await listApps(fdApi, { status: 'P' });
      const later = await fdApi.call('getApplications', { query: { status: 'P', start: 2, limit: 2 } });
      expect(later.status).toBe(200);
      expect(
        later.body.applications.map((a: any) => `${a.preAppId} ${a.status}`),
        'status P, start 2, limit 2: the third and fourth pending registrations',
      ).toEqual(pending.slice(2, 4).map((a) => `${a.preAppId} P`));
      expect(later.body.applications, 'status P, start 2, limit 2: each as the filtered page of 100 gives it').toEqual(pending.slice(2, 4));
    });
  },
);

test(
  'getApplications filters return only matching registrations, and none is an empty page @provider',
  rules('FD-APP-LIST-FILTER'),
  async ({ fdApi }) => {
    const name = uniqueAppName('Filter App');
    const { preAppId } = await register(fdApi, { appName: name });
    await register(fdApi, { appName: `${name} Plus` });
    const named = (await listApps(fdApi, { name })).map((a) => a.name);
    expect(named, 'name: the whole name only').toEqual([name]);
    expect(ids(await listApps(fdApi, { pre_app_id: preAppId })), 'pre_app_id').toEqual([String(preAppId)]);
    for (const status of ['P', 'A']) {
      const others = (await listApps(fdApi, { status })).filter((a) => a.status !== status).map((a) => `${a.preAppId}:${a.status}`);
      expect(others, `status ${status}: no other status`).toEqual([]);
    }
    expect(ids(await listApps(fdApi, { status: 'P' })), 'the new registration is among the pending ones').toContain(String(preAppId));
    // Filters combine: the name with a status it does not have finds nothing.
    const both = await fdApi.call('getApplications', { query: { name, status: 'A' } });
    const shown = { status: both.status, listed: (both.body.applications ?? []).map((a: { preAppId: unknown }) => String(a.preAppId)) };
    expect(shown, 'name and status A together').toEqual({ status: 200, listed: [] });
    const none = await fdApi.call('getApplications', { query: { name: uniqueAppName('Never Registered') } });
    const nothing = { status: none.status, found: none.body.found ?? 0, listed: (none.body.applications ?? []).length };
    expect(nothing).toEqual({ status: 200, found: 0, listed: 0 });
  },
);

// provider 1.35.0 GetApplicationsStatusBadErrorResponse: InvalidStartValueExample 3005, InvalidQueryParametersExample
// 3008 (preAppId, not pre_app_id), InvalidQueryParametersValueExample 3009 (a status outside A, P, D, R, S), each
// with the status as text; a limit outside 1..100 (ApplicationLimitParameter) is a 400 with no example.
test(
  'getApplications answers 400 for limit 0 or 101, and names each other 400 by its code: 3005 for start 0, 3008 for an unknown parameter, 3009 for an unknown status; known parameters and values are served @provider',
  rules('FD-APP-LIST-PAGING:refuse', 'FD-APP-LIST-PARAMS:refuse', 'FD-APP-LIST-PARAMS:accept'),
  async ({ fdApi }) => {
    const status = (await fdApi.call('getApplications', { query: { pre_app_id: 1, status: 'D' } })).status;
    underRule(test.info(), 'FD-APP-LIST-PARAMS', () => expect(status, 'known parameters and values').toBe(200));
    for (const [code, query] of [
      [undefined, { limit: 0 }],
      [undefined, { limit: 101 }],
      ['3005', { start: 0 }],
      ['3008', { preAppId: 1 }],
      ['3009', { status: 'X' }],
    ] as const) {
      const res = await fdApi.call('getApplications', { query });
      const key = JSON.stringify(query);
      // A row is its own rule's: start and limit are the paging rule's, the other causes the parameters'.
      underRule(test.info(), 'start' in query || 'limit' in query ? 'FD-APP-LIST-PAGING' : 'FD-APP-LIST-PARAMS', () => {
        expectFdError(res, 400, key);
        if (code)
          expect(
            { status: res.status, code: String(res.body?.code), statusText: res.body?.status ?? '400' },
            `${key}: the provider example of its cause`,
          ).toEqual({ status: 400, code, statusText: '400' });
      });
    }
  },
);

test(
  'GetAppRegistrationStatus gives one registration per page by default, and page / pageSize partition them, each record as one page of all gives it @provider',
  rules('FD-APP-STATUS-PAGING', 'FD-PAGE-KEEPS-QUERY'),
  async ({ fdApi, fd }) => {
    for (let i = 0; i < 3; i++) await register(fdApi);
    await whileAlone(fd, ['apps'], async () => {
      const first = await readStatusV2(fdApi, fd, {});
      v2Apps(first, 'without paging');
      const got = { perPage: first.body.numberOfRecordsPerPage, listed: first.body.applications.length, page: first.body.pageNumber };
      expect(got, 'provider 1.35.0: page 1, pageSize 1 by default').toEqual({ perPage: 1, listed: 1, page: 1 });
      const total = first.body.totalRecords as number;
      const records = v2Apps(await readStatusV2(fdApi, fd, { pageSize: total }), 'one page of all');
      for (const page of [1, 2]) {
        const res = await readStatusV2(fdApi, fd, { page, pageSize: 2 });
        // A later page is a window over the same list: its registrations, each as the one page of all gives it.
        const part = records.slice((page - 1) * 2, page * 2);
        expect(v2Apps(res, `page ${page}`), `page ${page} of 2, as the one page of all gives it`).toEqual(part);
        const { totalRecords, totalPages, pageNumber, numberOfRecordsPerPage } = res.body;
        const meta = { totalRecords, totalPages, pageNumber, numberOfRecordsPerPage };
        const counts = () =>
          expect(meta).toEqual({ totalRecords: total, totalPages: Math.ceil(total / 2), pageNumber: page, numberOfRecordsPerPage: 2 });
        underRule(test.info(), 'FD-APP-STATUS-PAGING', counts, 'GetAppRegistrationStatus');
      }
      // Under a filter (status P: the three just registered are pending), a later page keeps it: its
      // registration pending, and as the one page of all gives it.
      const pending = v2Apps(await readStatusV2(fdApi, fd, { status: 'P', page: 2, pageSize: 1 }), 'status P, page 2 of 1');
      const statuses = pending.map((a) => a.status);
      expect(statuses, 'status P, page 2 of 1: a pending registration').toEqual(['P']);
      const whole = records.find((a) => String(a.preAppId) === String(pending[0].preAppId));
      expect(pending[0], 'status P, page 2 of 1: the registration as the one page of all gives it').toEqual(whole);
      // A partial last page: numberOfRecordsPerPage is the page size asked for, not the records on it, and totalPages counts
      // it (the pages partition every registration: ceil(totalRecords / pageSize), whatever the parity of the total above).
      const last = await readStatusV2(fdApi, fd, { page: 2, pageSize: total - 1 });
      const actual = {
        listed: v2Apps(last, 'the partial last page').length,
        numberOfRecordsPerPage: last.body.numberOfRecordsPerPage,
        totalPages: last.body.totalPages,
      };
      const partition = () =>
        expect(actual, `page 2 of ${total - 1}`).toEqual({ listed: 1, numberOfRecordsPerPage: total - 1, totalPages: 2 });
      underRule(test.info(), 'FD-APP-STATUS-PAGING', partition, 'GetAppRegistrationStatus');
    });
  },
);

// page 0 and pageSize 0 are not checked: provider 1.35.0 ResultPageParameter and
// ResultPageSizeParameter declare no minimum (a refusal was this contract's own decision).

test(
  'GetAppRegistrationStatus answers 404 when no registration matches @assumption',
  rules('FD-APP-STATUS-NOT-FOUND'),
  async ({ fdApi, fd }) => {
    expectFdError(await readStatusV2(fdApi, fd, { appName: uniqueAppName('Never Registered') }), 404, 'no registration of that name');
  },
);

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
