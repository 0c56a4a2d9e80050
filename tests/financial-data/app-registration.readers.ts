// Shared by the app-registration specs: the two readers of registrations. Not a spec.
//
// GetAppRegistrationStatus (seed 002, App registration and Versioning: unsupported after May 2026) is still
// in 1.35.0, so it is checked like any operation and every check notes the deprecation (annotation
// `deprecation`); the mock, a 1.35.0 target, keeps serving it. A sandbox past the sunset that answers 404
// for a registration getApplications finds skips, naming the deprecation (FD-APP-STATUS-SUNSET).
import { expect, test, type OperationClient } from '../../fixtures/financial-data.js';

/** What the readers need of the target (the `fd` fixture). */
type Target = { control?: unknown; now: () => number };

/** End of support of the v2 status read (seed 002: unsupported after May 2026). */
export const STATUS_V2_SUNSET_MS = Date.UTC(2026, 5, 1);
const NOTICE =
  'GetAppRegistrationStatus is deprecated: unsupported after May 2026 (seed 002, Versioning); replacements getApplications and getRegisteredInstitutions';

/** The registrations getApplications gives for `query` (one page of up to 100). */
export async function listApps(fdApi: OperationClient, query: Record<string, string | number>) {
  const res = await fdApi.call('getApplications', { query: { limit: 100, ...query } });
  expect(res.status, `getApplications ${JSON.stringify(query)}`).toBe(200);
  return (res.body.applications ?? []) as any[];
}

/**
 * The deprecated status read, annotated with its deprecation. On a sandbox past the sunset, a 404
 * where getApplications finds registrations (`preAppId`, or any) skips the test: the target has
 * retired it. The mock is never skipped.
 */
export async function readStatusV2(fdApi: OperationClient, fd: Target, query: Record<string, string | number>, preAppId?: number) {
  const info = test.info();
  if (!info.annotations.some((a) => a.type === 'deprecation')) info.annotations.push({ type: 'deprecation', description: NOTICE });
  const res = await fdApi.call('GetAppRegistrationStatus', { query });
  if (res.status === 404 && !fd.control && fd.now() >= STATUS_V2_SUNSET_MS) {
    // Retired: the v2 read finds nothing (for that registration, or at all) that getApplications finds.
    const listed = await listApps(fdApi, preAppId !== undefined ? { pre_app_id: preAppId } : {});
    const unfiltered = preAppId !== undefined ? res : await fdApi.call('GetAppRegistrationStatus', { query: {} });
    test.skip(
      listed.length > 0 && unfiltered.status === 404,
      `the target has retired GetAppRegistrationStatus (404 where getApplications finds registrations): ${NOTICE}`,
    );
  }
  return res;
}

/** The registrations of a v2 read that answered 200. */
export function v2Apps(res: { status: number; body: any }, what: string): any[] {
  expect(res.status, `GetAppRegistrationStatus ${what}`).toBe(200);
  return res.body.applications as any[];
}

/** The mock's institution whose authorizations predate the authorization-details endpoint (mocks/financial-data/third-party-access.ts: code 3004). */
export const PREDATING_INSTITUTION = '102105';
