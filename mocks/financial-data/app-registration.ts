// App registration (seed 002, Endpoints - App registration and third-party access): registrations
// (201 then read back through getApplications and the deprecated v2 status read), their approval,
// the application's institution registrations, and the assignment of an application to a
// customer. Third-party access keys and authorization details: third-party-access.ts.
// Rules: schemas/financial-data/rules/app-registration.yaml.
//
// States are not shown by the seed; this mock decides them: a registration is P (pending) when
// submitted and again after each modification (provider 1.35.0 AppRegistrationStatus), and is
// approved (A, with an applicationId kept for life) one day later on the virtual clock. An approved
// application is registered with every institution of the world's catalogue; the last one stays
// pending (status false). Each world holds one approved test application of the suite's partner,
// applicationId 2998 (seed 002, Customers: testing customers use a registered test application).
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseJson, syncHook } from '../kit/app.js';
import { route, sendError, type FdContext, type Input } from './middleware.js';
import { defaultLimit, page } from './paging.js';
import { findCustomer, type FdState, type Registration } from './state.js';

export const APPROVAL_DELAY_S = 86_400;
/** A one-pixel SVG logo, Base64: what the fault app-modify-logo-unchecked validates in place of the logo sent. */
const LOGO_STAND_IN = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>').toString('base64');
const iso = (s: number) => new Date(s * 1000).toISOString().replace(/\.000Z$/, 'Z');
/** A UUID-shaped applicationId derived from the registration (deterministic). */
const applicationIdOf = (r: Registration) => {
  const h = createHash('sha1').update(`${r.partnerId}:${r.preAppId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

/** The approved application of the partner with that applicationId. */
export function approvedApp(world: FdState, partnerId: string | undefined, applicationId: string): Registration | undefined {
  return [...world.appRegistrations.apps.values()].find(
    (r) => r.applicationId === applicationId && r.partnerId === partnerId && r.approvedS !== undefined,
  );
}

export function registerAppRegistration(app: FastifyInstance, ctx: FdContext): void {
  const { state: world, faults, clock } = ctx;
  const now = () => clock.nowEpochSeconds();

  /** Approval on the virtual clock, applied when a registration is read. */
  const settle = (r: Registration) => {
    if (r.pendingSinceS !== undefined && now() - r.pendingSinceS >= APPROVAL_DELAY_S) {
      r.approvedS = r.pendingSinceS + APPROVAL_DELAY_S;
      r.modifiedS = r.approvedS;
      r.pendingSinceS = undefined;
      r.applicationId ??= applicationIdOf(r);
    }
    return r;
  };
  const statusOf = (r: Registration) => (r.pendingSinceS === undefined ? 'A' : 'P');
  const mine = (partner?: { id: string }) =>
    [...world.appRegistrations.apps.values()].filter((r) => r.partnerId === partner?.id).map(settle);
  // Model fault: the list's name index taken at the first modification and never again.
  const listName = (r: Registration) =>
    (faults.has('model-app-list-name-first-modification') && world.faultMemory.appFirstModifiedNames.get(r.preAppId)) || r.fields.appName;
  const nameOf = (r: Registration, reader: 'list' | 'v2') =>
    reader === 'list' && faults.has('app-list-stale-name') ? r.firstName : reader === 'list' ? listName(r) : r.fields.appName;
  const applicationIdShown = (r: Registration) =>
    faults.has('app-pending-has-application-id') ? (r.applicationId ?? applicationIdOf(r)) : r.applicationId;

  /** The institutions an approved application is registered with (the last one still pending). */
  const institutionsOf = (r: Registration) => {
    if (r.approvedS === undefined) return [];
    const all = world.institutions.map((inst, i, list) => ({ inst, registered: i < list.length - 1 }));
    return faults.has('app-institutions-drops-pending') ? all.filter((x) => x.registered) : all;
  };

  route(app, ctx, 'RegisterApp', ({ body, partner }: Input, reply: FastifyReply) => {
    // Blind faults: appUrl checked here only (the schema lost it); the logo limit on the Base64 text.
    if (faults.has('blind-app-modify-url-optional') && !body.appUrl) return sendError(ctx, reply, 400, 'appUrl is required');
    if (faults.has('blind-app-register-logo-limit-on-text') && String(body.image ?? '').length >= 50 * 1024)
      return sendError(ctx, reply, 400, 'image must be less than 50KB');
    const state = world.appRegistrations;
    const r: Registration = {
      preAppId: ++state.seq,
      partnerId: partner!.id,
      fields: { ...body },
      firstName: body.appName,
      submittedS: now(),
      modifiedS: now(),
      pendingSinceS: now(),
      // seeded-app-register-application-id-from-body: an applicationId the body sends is kept as the registration's.
      ...(faults.has('seeded-app-register-application-id-from-body') && typeof body.applicationId === 'string'
        ? { applicationId: body.applicationId }
        : {}),
    };
    if (faults.has('app-register-approved')) {
      r.pendingSinceS = undefined;
      r.approvedS = now();
      r.applicationId = applicationIdOf(r);
    }
    state.apps.set(r.preAppId, r);
    return reply
      .code(201)
      .send({ preAppId: faults.has('blind-app-register-preappid-text') ? String(r.preAppId) : r.preAppId, status: statusOf(r) });
  });

  // Fault app-modify-logo-unchecked: the modification's logo escapes the limit (the registration
  // keeps it): the logo is set aside before the shared front validates the body, and stored after.
  const logoSetAside = new WeakMap<FastifyRequest, unknown>();
  app.addHook(
    'preHandler',
    syncHook((req) => {
      if (
        !faults.has('app-modify-logo-unchecked') ||
        req.method !== 'PUT' ||
        !/^\/aggregation\/v1\/partners\/applications\/[^/?]+(\?|$)/.test(req.url)
      )
        return;
      const body = parseJson(req.body) as Record<string, unknown> | undefined;
      if (!body || typeof body !== 'object' || typeof body.image !== 'string') return;
      logoSetAside.set(req, body.image);
      req.body = JSON.stringify({ ...body, image: LOGO_STAND_IN });
    }),
  );

  route(app, ctx, 'ModifyAppRegistration', ({ path, body, partner }: Input, reply: FastifyReply) => {
    if (logoSetAside.has(reply.request)) body = { ...body, image: logoSetAside.get(reply.request) };
    const state = world.appRegistrations;
    let r = state.apps.get(Number(path.preAppId));
    if (!r || (r.partnerId !== partner?.id && !faults.has('blind-app-modify-other-partner'))) {
      if (!faults.has('app-modify-unknown-creates')) return sendError(ctx, reply, 404, `No registration with preAppId ${path.preAppId}`);
      r = {
        preAppId: Number(path.preAppId),
        partnerId: partner!.id,
        fields: {},
        firstName: body.appName,
        submittedS: now(),
        modifiedS: now(),
        pendingSinceS: now(),
      };
      state.apps.set(r.preAppId, r);
    }
    if (faults.has('blind-app-modify-resubmits-new-preappid')) {
      const again: Registration = {
        preAppId: ++state.seq,
        partnerId: r.partnerId,
        fields: { ...body },
        firstName: body.appName,
        submittedS: now(),
        modifiedS: now(),
        pendingSinceS: now(),
      };
      state.apps.set(again.preAppId, again);
      return reply.code(200).send({ preAppId: again.preAppId, status: statusOf(again) });
    }
    settle(r);
    const before = statusOf(r);
    if (!faults.has('app-modify-not-saved')) r.fields = { ...body };
    const firstModified = world.faultMemory.appFirstModifiedNames;
    if (faults.has('model-app-list-name-first-modification') && !firstModified.has(r.preAppId)) firstModified.set(r.preAppId, body.appName);
    r.modifiedS = now();
    // provider 1.35.0: a modified app awaits approval again (P); its applicationId stays for life.
    if (!faults.has('app-modify-keeps-approved')) r.pendingSinceS = now();
    if (faults.has('app-modify-drops-application-id')) r.applicationId = undefined;
    return reply
      .code(200)
      .send({ preAppId: r.preAppId, status: faults.has('blind-app-modify-answers-prior-status') ? before : statusOf(r) });
  });

  // --- getApplications (provider 1.35.0: start page index from 1, limit 1..100 default 50; 3008 unknown parameters)
  const APP_STATUSES = new Set(['A', 'P', 'D', 'R', 'S']);
  const invalidStart = (reply: FastifyReply) =>
    reply.code(400).send({ code: '3005', status: '400', message: 'Bad Request', user_message: 'Invalid Start value' });
  const LIST_PARAMS = new Set(['start', 'limit', 'pre_app_id', 'application_id', 'name', 'status']);
  // Blind fault blind-app-list-params-relaxed-names: names compared without case and underscores.
  const loose = (k: string) => k.replace(/_/g, '').toLowerCase();
  route(app, ctx, 'getApplications', ({ query, partner }: Input, reply: FastifyReply) => {
    const unknown = Object.keys(reply.request.query as object).filter(
      (k) =>
        !LIST_PARAMS.has(k) && !(faults.has('blind-app-list-params-relaxed-names') && [...LIST_PARAMS].some((p) => loose(p) === loose(k))),
    );
    if (unknown.length && !faults.has('app-list-unknown-param-ignored')) {
      return reply.code(400).send({
        code: '3008',
        status: '400',
        message: 'Bad Request',
        user_message: `Known query parameters: [${[...LIST_PARAMS].join(', ')}] are allowed only`,
      });
    }
    // provider 1.35.0: StartParameter has no minimum in the contract; the 400 example 3005 of these
    // reads refuses a start below the first page (FD-APP-LIST-PAGING).
    // i33-fd-apps-start-zero-read-as-first-page: start 0 answered as the first page, not refused.
    if (query.start !== undefined && query.start < 1 && !(faults.has('i33-fd-apps-start-zero-read-as-first-page') && query.start === 0))
      return invalidStart(reply);
    // provider 1.35.0 400 example 3009: a status outside A, P, D, R, S (the parameter is an open
    // string in the contract; FD-APP-LIST-PARAMS; the fault accepts any status).
    // i29-fd-apps-status-any-case-accepted: a status filter in another case let through (and then matches nothing).
    const statusCaseless =
      faults.has('i29-fd-apps-status-any-case-accepted') &&
      query.status !== undefined &&
      [...APP_STATUSES].some((s) => String(s).toLowerCase() === String(query.status).toLowerCase());
    if (query.status !== undefined && !APP_STATUSES.has(String(query.status)) && !faults.has('app-list-status-any') && !statusCaseless) {
      return reply
        .code(400)
        .send({ code: '3009', status: '400', message: 'Bad Request', user_message: 'Query parameter values are invalid' });
    }
    if (faults.has('blind-app-list-limit-100-refused') && (query.limit ?? defaultLimit(ctx.contract, 'getApplications')) >= 100) {
      return reply
        .code(400)
        .send({ code: '3007', status: '400', message: 'Bad Request', user_message: 'Requested Limit value is exceeded' });
    }
    // Blind fault: an else-if chain, only the first filter present is applied.
    if (faults.has('blind-app-list-first-filter-only')) {
      const [, ...rest] = ['pre_app_id', 'application_id', 'name', 'status'].filter((k) => query[k] !== undefined);
      query = { ...query };
      for (const k of rest) delete query[k];
    }
    // app-list-application-id-any-partner: a lookup by application_id among every partner's registrations.
    // app-list-pre-app-id-any-partner: a lookup by pre_app_id among every partner's registrations.
    const listScope =
      (query.application_id !== undefined && faults.has('app-list-application-id-any-partner')) ||
      (query.pre_app_id !== undefined && faults.has('app-list-pre-app-id-any-partner'))
        ? [...world.appRegistrations.apps.values()].map(settle)
        : mine(partner);
    const matches = listScope.filter((r) => {
      if (faults.has('app-list-hides-pending') && statusOf(r) === 'P') return false;
      if (
        query.pre_app_id !== undefined &&
        r.preAppId !== query.pre_app_id &&
        !(faults.has('i11-app-list-pre-app-id-prefix') && String(r.preAppId).startsWith(String(query.pre_app_id)))
      )
        return false;
      if (query.application_id !== undefined && applicationIdShown(r) !== query.application_id) return false;
      // i9-app-list-name-filter-case-folded: the name compared without case.
      const sameName = (name: string) =>
        name === query.name ||
        (faults.has('i9-app-list-name-filter-case-folded') && name.toLowerCase() === String(query.name).toLowerCase()) ||
        // i27-app-list-name-filter-trimmed: the name criterion trimmed before it is compared.
        (faults.has('i27-app-list-name-filter-trimmed') && name === String(query.name).trim());
      if (
        query.name !== undefined &&
        !(faults.has('app-list-name-contains') ? nameOf(r, 'list').includes(query.name) : sameName(nameOf(r, 'list'))) &&
        // i20-app-list-old-name-still-finds: the name index keeps the name registered first.
        !(faults.has('i20-app-list-old-name-still-finds') && r.firstName === query.name)
      )
        return false;
      if (query.status !== undefined && !faults.has('app-list-status-filter-ignored') && statusOf(r) !== query.status) return false;
      return true;
    });
    if (matches.length === 0 && faults.has('blind-app-list-no-match-404'))
      return reply.code(404).send({ code: 50051, message: 'No registered partner applications found.' });
    const start = faults.has('app-list-start-zero-based') ? (query.start ?? 1) + 1 : query.start;
    const { found, displaying, moreAvailable, slice } = page(
      matches,
      { start, limit: query.limit },
      defaultLimit(ctx.contract, 'getApplications'),
    );
    const applications = slice.map((r) => ({
      preAppId: r.preAppId,
      ...(applicationIdShown(r)
        ? {
            applicationId: faults.has('blind-app-list-application-id-upper') ? applicationIdShown(r)!.toUpperCase() : applicationIdShown(r),
          }
        : {}),
      status: statusOf(r),
      name: faults.has('blind-app-list-name-from-owner') ? r.fields.ownerName : nameOf(r, 'list'),
      // Seeded fault app-list-scopes-provider-example: this reader gives the provider App example's scopes.
      // seeded-app-list-later-page-scopes-example: the same on a page after the first only.
      scopes:
        faults.has('app-list-scopes-provider-example') ||
        (faults.has('seeded-app-list-later-page-scopes-example') && (query.start ?? 1) > 1)
          ? 'Account Number, Account Info'
          : 'Account Info',
      ...(r.approvedS !== undefined ? { note: 'Approved' } : {}),
      createdDate: iso(r.submittedS),
      // i30-fd-app-list-modified-date-is-submitted: the list gives the submission time as modifiedDate (a modification unseen).
      modifiedDate: iso(faults.has('i30-fd-app-list-modified-date-is-submitted') ? r.submittedS : r.modifiedS),
      submittedDate: iso(r.submittedS),
    }));
    const foundShown = query.status !== undefined && faults.has('i11-app-list-status-found-unfiltered') ? mine(partner).length : found;
    // i14-app-list-found-is-page: getApplications counts found on the page only.
    // i19-app-list-more-available-on-full-last-page: a last page filled to its limit says more are available.
    const moreShown =
      moreAvailable ||
      (faults.has('i19-app-list-more-available-on-full-last-page') &&
        displaying > 0 &&
        displaying === (query.limit ?? defaultLimit(ctx.contract, 'getApplications')));
    return {
      found: faults.has('i14-app-list-found-is-page') ? displaying : foundShown,
      displaying,
      moreAvailable: moreShown,
      applications,
    };
  });

  // --- GetAppRegistrationStatus (deprecated v2; still served: rules FD-APP-STATUS-SUNSET)
  route(app, ctx, 'GetAppRegistrationStatus', ({ query, partner }: Input, reply: FastifyReply) => {
    if (faults.has('app-status-retired')) return sendError(ctx, reply, 404, 'No route GET /aggregation/v2/partners/applications');
    if (faults.has('blind-app-status-v2-gone-after-sunset') && now() >= Date.parse('2026-06-01T00:00:00Z') / 1000) {
      return reply.code(410).send({
        code: 410,
        message: 'Unsupported since June 2026: use GET /applications and GET /applications/{application_id}/institutions',
      });
    }
    // app-status-application-id-any-partner: a lookup by applicationId among every partner's registrations.
    const scope =
      (query.applicationId !== undefined && faults.has('app-status-application-id-any-partner')) ||
      // i14-app-status-v2-pre-app-id-other-partner: a status read by preAppId looks in every partner's registrations.
      (query.preAppId !== undefined && faults.has('i14-app-status-v2-pre-app-id-other-partner'))
        ? [...world.appRegistrations.apps.values()].map(settle)
        : mine(partner);
    const matches = scope.filter((r) => {
      if (faults.has('app-status-v2-hides-pending') && statusOf(r) === 'P') return false;
      if (query.preAppId !== undefined && String(r.preAppId) !== query.preAppId) return false;
      // app-status-application-id-trimmed: the applicationId filter trimmed before the comparison.
      const asked =
        faults.has('app-status-application-id-trimmed') && typeof query.applicationId === 'string'
          ? query.applicationId.trim()
          : query.applicationId;
      if (asked !== undefined && applicationIdShown(r) !== asked) return false;
      if (query.status !== undefined && statusOf(r) !== query.status) return false;
      // app-status-name-filter-trimmed: the appName filter compared with its white space removed.
      const squeezed = (v: string) => (faults.has('app-status-name-filter-trimmed') ? v.replace(/\s+/g, '') : v);
      // app-status-name-filter-prefix: the appName filter lists every registration whose name starts with it.
      const sameName = faults.has('app-status-name-filter-prefix')
        ? String(r.fields.appName).startsWith(String(query.appName))
        : squeezed(r.fields.appName) === squeezed(String(query.appName));
      if (query.appName !== undefined && !sameName) return false;
      // At or after (assumption FD-APP-STATUS-DATES); the fault ignores the date filters.
      if (!faults.has('app-status-date-filter-ignored')) {
        const cmp = (value: number, from: number) =>
          faults.has('app-status-date-exact')
            ? value === from
            : // i19-app-status-submitted-date-minute-precision: the dates compared to the minute.
              faults.has('i19-app-status-submitted-date-minute-precision')
              ? Math.floor(value / 60) >= Math.floor(from / 60)
              : value >= from;
        if (
          query.submittedDate !== undefined &&
          !(faults.has('blind-app-status-submitted-date-strict')
            ? r.submittedS > query.submittedDate
            : cmp(r.submittedS, query.submittedDate))
        )
          return false;
        // i9-app-status-modified-date-strict: the modifiedDate filter compared with >.
        if (
          query.modifiedDate !== undefined &&
          !(faults.has('i9-app-status-modified-date-strict') ? r.modifiedS > query.modifiedDate : cmp(r.modifiedS, query.modifiedDate))
        )
          return false;
      }
      return true;
    });
    if (
      matches.length === 0 &&
      !faults.has('app-status-empty-200') &&
      !(faults.has('blind-app-status-404-only-without-registrations') && mine(partner).length > 0)
    ) {
      return reply.code(404).send({ code: 50051, message: 'No registered partner applications found.' });
    }
    const size = query.pageSize ?? (faults.has('app-status-default-page-size-10') ? 10 : 1);
    const pageNumber = query.page ?? 1;
    const totalPages = faults.has('app-status-total-pages-floor') ? Math.floor(matches.length / size) : Math.ceil(matches.length / size);
    // i36-fd-app-status-v2-page-offset-zero-based: the deprecated reader cuts its page at pageNumber pages in (a zero-based offset), one page late.
    const pageFrom = (faults.has('i36-fd-app-status-v2-page-offset-zero-based') ? pageNumber : pageNumber - 1) * size;
    const applications = matches.slice(pageFrom, pageFrom + size).map((r) => ({
      partnerId: r.partnerId,
      preAppId: String(r.preAppId),
      // Seeded fault app-status-v2-name-trimmed: this reader trims the name and collapses its spaces.
      appName: faults.has('app-status-v2-name-trimmed') ? r.fields.appName.trim().replace(/\s+/g, ' ') : r.fields.appName,
      submittedDate: r.submittedS,
      // seeded-app-status-later-page-modified-date-late: a page after the first gives modifiedDate a second late.
      modifiedDate: faults.has('seeded-app-status-later-page-modified-date-late') && pageNumber > 1 ? r.modifiedS + 1 : r.modifiedS,
      // i15-app-status-v2-modified-approved-shows-approved: the v2 status read keeps showing an approved registration approved after a modification.
      status: faults.has('i15-app-status-v2-modified-approved-shows-approved') && r.approvedS !== undefined ? 'A' : statusOf(r),
      ...(applicationIdShown(r) && !faults.has('app-status-v2-application-id-missing') ? { applicationId: applicationIdShown(r) } : {}),
      ...(r.approvedS !== undefined ? { note: 'Approved', scopes: 'Account Info' } : {}),
      institutionDetails: institutionsOf(r).map(({ inst, registered }) => ({
        id: Number(inst.id),
        decryptionKeyActivated: registered,
        createdDate: r.approvedS!,
        lastModifiedDate: r.approvedS!,
        status: registered,
      })),
    }));
    // i34-fd-app-status-v2-total-ignores-date-filters: with a date filter, totalRecords counts every registration of the partner.
    const dated = query.submittedDate !== undefined || query.modifiedDate !== undefined;
    return {
      totalRecords: faults.has('i34-fd-app-status-v2-total-ignores-date-filters') && dated ? mine(partner).length : matches.length,
      totalPages,
      pageNumber,
      numberOfRecordsPerPage: faults.has('blind-app-status-records-per-page-is-count') ? applications.length : size,
      applications,
    };
  });

  // --- getRegisteredInstitutions (seed 002: without an institution id, all institutions)
  route(app, ctx, 'getRegisteredInstitutions', ({ path, query, partner }: Input, reply: FastifyReply) => {
    const r =
      approvedApp(world, partner?.id, path.application_id) ??
      (faults.has('blind-app-institutions-other-partner-app')
        ? [...world.appRegistrations.apps.values()].find((a) => a.applicationId === path.application_id && a.approvedS !== undefined)
        : undefined);
    if (!r) {
      if (faults.has('app-institutions-unknown-app-empty')) return { found: 0, displaying: 0, moreAvailable: false, institutions: [] };
      return reply
        .code(404)
        .send({ code: '3001', status: '404', message: 'Resource Not Found', user_message: 'Requested Application Id is not found' });
    }
    // provider 1.35.0 400 example 3005, as for getApplications (FD-APP-INSTITUTIONS-PAGING).
    if (query.start !== undefined && query.start < 1) return invalidStart(reply);
    if (
      faults.has('blind-app-institutions-limit-capped-100') &&
      (query.limit ?? defaultLimit(ctx.contract, 'getRegisteredInstitutions')) > 100
    ) {
      return reply
        .code(400)
        .send({ code: '3007', status: '400', message: 'Bad Request', user_message: 'Requested Limit value is exceeded' });
    }
    let rows = institutionsOf(r);
    // i35-fd-app-institutions-unfiltered-registered-only: without an institution id, only the registered institutions are listed (the pending one left out).
    if (query.institution_id === undefined && faults.has('i35-fd-app-institutions-unfiltered-registered-only'))
      rows = rows.filter((x) => x.registered);
    if (query.institution_id !== undefined && !faults.has('app-institutions-filter-ignored')) {
      // Seeded fault app-institutions-institution-id-prefix: the id compared as a text prefix.
      rows = rows.filter(
        (x) =>
          Number(x.inst.id) === query.institution_id ||
          (faults.has('app-institutions-institution-id-prefix') && String(x.inst.id).startsWith(String(query.institution_id))),
      );
      if (rows.length === 0 && !faults.has('app-institutions-unknown-institution-empty')) {
        return reply.code(404).send({
          code: '3002',
          status: '404',
          message: 'Resource Not Found',
          user_message: 'Requested application registration status is not found against financial institutions',
        });
      }
    }
    const start = faults.has('app-institutions-start-zero-based') ? (query.start ?? 1) + 1 : query.start;
    const { found, displaying, moreAvailable, slice } = page(
      rows,
      { start, limit: query.limit },
      defaultLimit(ctx.contract, 'getRegisteredInstitutions'),
    );
    const institutions = slice.map(({ inst, registered }) => ({
      institutionId: Number(inst.id),
      institutionName: inst.name,
      status: registered,
      createdDate: iso(r.approvedS!),
      // seeded-app-institutions-later-page-modified-date-late: a page after the first gives modifiedDate a second late.
      modifiedDate: iso(
        r.approvedS! + (faults.has('seeded-app-institutions-later-page-modified-date-late') && (query.start ?? 1) > 1 ? 1 : 0),
      ),
    }));
    return {
      found: faults.has('blind-app-institutions-found-registered-only')
        ? rows.filter((x) => x.registered).length
        : // i9-app-institutions-found-is-page: found counts the page when a limit is given.
          faults.has('i9-app-institutions-found-is-page') && query.limit !== undefined
          ? displaying
          : // i31-fd-app-institutions-filtered-found-counts-all: with an institution_id filter, found counts every institution of the application.
            faults.has('i31-fd-app-institutions-filtered-found-counts-all') && query.institution_id !== undefined
            ? institutionsOf(r).length
            : found,
      displaying,
      // i37-fd-app-institutions-more-available-on-full-last-page: a last page filled exactly still says more are available.
      moreAvailable:
        moreAvailable ||
        (faults.has('i37-fd-app-institutions-more-available-on-full-last-page') &&
          rows.length > 0 &&
          rows.length >= Number(query.start ?? 1) * Number(query.limit ?? defaultLimit(ctx.contract, 'getRegisteredInstitutions'))),
      institutions,
    };
  });

  // --- SetCustomerAppID (seed 002: assigns an application to a customer)
  route(app, ctx, 'SetCustomerAppID', ({ path, partner }: Input, reply: FastifyReply) => {
    const customer = findCustomer(world, path.customerId, partner?.id);
    if (!customer) return sendError(ctx, reply, 404, 'Customer not found.');
    if (faults.has('blind-app-customer-unknown-app-saved')) customer.applicationId = path.applicationId;
    // app-customer-other-partner-application: an approved application of any partner is assigned.
    if (
      !approvedApp(world, partner?.id, path.applicationId) &&
      !(
        faults.has('app-customer-other-partner-application') &&
        [...world.appRegistrations.apps.values()].some((r) => r.applicationId === path.applicationId && r.approvedS !== undefined)
      ) &&
      !faults.has('app-customer-any-application')
    ) {
      return sendError(ctx, reply, 404, 'No registered partner applications found.');
    }
    // provider 1.35.0 ApplicationId: a customer's application cannot be changed once set. Neither
    // document gives this refusal its status (FD-APP-CUSTOMER-APP-FIXED takes 400 or 404): the mock
    // answers 400, the customer and the application both existing. The same application again changes nothing.
    if (customer.applicationId !== undefined && customer.applicationId !== path.applicationId)
      return sendError(ctx, reply, 400, "The customer's application is set already and cannot be changed.");
    // Model fault: the partner's most recently created customer gets the application, whichever the path names.
    const target = faults.has('model-app-customer-set-latest-customer')
      ? ([...world.customers.group('partner', customer.partnerId).values()].at(-1) ?? customer)
      : customer;
    if (!faults.has('app-customer-set-not-saved')) target.applicationId = path.applicationId;
    return reply.code(faults.has('blind-app-customer-set-204') ? 204 : 200).send();
  });
}
