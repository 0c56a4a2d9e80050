// Faults of app registration, named `<rule id>-<deviation>` (schemas/financial-data/rules/app-registration.yaml, rules.yaml):
// `relax`, or app-registration.ts's seams (Step, Change, the answer). A blind fault, or one a property row of docs/mutation.md
// named, keeps its earlier id as an alias.
import { always, assumption, blind, faultCatalogue, provider, schema, seeded, was, type FaultMemory, type SeamFn } from '../kit/faults.js';
import { faultKit } from './fault-builders.js';
import type { Registration } from './state.js';
import {
  NO_APPLICATIONS,
  allRegistrations,
  applicationIdOf,
  coded,
  iso,
  newRegistration,
  registrationsOf,
  statusMatch,
  type AppSeams,
  type Exchange,
  type StatusCriteria,
} from './app-registration.records.js';

type Judge = SeamFn<AppSeams, 'judge'>;
type Answering = SeamFn<AppSeams, 'answer'>;
type Op = Exchange['op'];
type When = (x: Exchange) => boolean;
type Body = Record<string, any>;
const { fault, fold, skip, refuse, on, answered, changed, writtenThenRefused } = faultKit<AppSeams>();
const registration = (x: Exchange, preAppId: unknown) => x.world.appRegistrations.apps.get(Number(preAppId));
const laterPage = (x: Exchange) => Number(x.input.query.start ?? 1) > 1;

// (a) The request as judged: functions at the judge seam.
/** The v2 status read's matches kept by `keep` in place of the criterion `by`. */
const statusFilter = (by: keyof StatusCriteria, keep: (r: Registration, c: StatusCriteria) => boolean): Judge =>
  fold('match', on('GetAppRegistrationStatus'), (x) => {
    x.matches = x.scope!.filter((r) => statusMatch(x.statusCriteria!, r, by) && keep(r, x.statusCriteria!));
  });
/** A date criterion of the v2 read compared otherwise (`kept(value, from)`). */
const dateFilter = (by: 'submittedDate' | 'modifiedDate', kept: (value: number, from: number) => boolean) =>
  statusFilter(by, (r, c) => c[by] === undefined || kept(by === 'submittedDate' ? r.submittedS : r.modifiedS, c[by]));
/** The list looked in made every partner's registrations where `when` holds. */
const everyPartner = (op: Op, when: When): Judge =>
  fold(
    'scope',
    (x) => x.op === op && when(x),
    (x) => (x.scope = allRegistrations(x.world, x.nowS)),
  );

/** Each item of a list answer's member made otherwise. */
const items = (op: Op, member: string, bend: (item: Body, x: Exchange, memory: FaultMemory) => Body): Answering =>
  answered(op, (b, x, m) => ({ ...b, [member]: b[member].map((i: Body) => bend({ ...i }, x, m)) }));
const listed = (bend: (item: Body, r: Registration, x: Exchange, memory: FaultMemory) => Body) =>
  items('getApplications', 'applications', (i, x, m) => bend(i, registration(x, i.preAppId)!, x, m));
const statuses = (bend: (item: Body, r: Registration, x: Exchange) => Body) =>
  items('GetAppRegistrationStatus', 'applications', (i, x) => bend(i, registration(x, i.preAppId)!, x));

export const APP_REGISTRATION_FAULTS = faultCatalogue([
  // --- Registering (seed 002, RegisterApp; provider 1.35.0 Application)
  fault('fd-app-rejected-note-dropped', 'FD-APP-REJECTED-NOTE: a rejected registration (R) is listed without its note', {
    answer: listed(({ note: _n, ...i }) => i),
    ...provider,
  }),
  fault('fd-app-register-preappid-text', {
    rule: 'FD-APP-REGISTER: the 201 of RegisterApp carries preAppId as a digit string, not the number the provider gives (provider 1.35.0 RegisteredApplication.preAppId NumericPreAppId)',
    answer: answered('RegisterApp', (b) => ({ ...b, preAppId: String(b.preAppId) })),
    ...blind,
    ...was('blind-app-register-preappid-text'),
  }),
  fault('fd-app-required-image-optional', 'FD-APP-REQUIRED: an Application without image is accepted', {
    relax: schema('Application', { unrequire: ['image'] }),
    ...provider,
  }),
  fault('fd-app-required-url-optional-on-modify', {
    rule: 'FD-APP-REQUIRED: a modification without appUrl is accepted: the registration checks it itself, the modification relies on a schema that lost it (provider 1.35.0 Application)',
    relax: schema('Application', { unrequire: ['appUrl'] }),
    judge: refuse('fields', (x) => !x.input.body.appUrl, { status: 400, message: 'appUrl is required' }),
    ...provider,
    ...blind,
    ...was('blind-app-modify-url-optional'),
  }),
  fault('fd-app-logo-size-limit-on-text', {
    rule: 'FD-APP-LOGO-SIZE: the logo limit is applied to the length of its Base64 text, so an SVG file just under the limit is refused (provider 1.35.0 Application.image)',
    judge: refuse('fields', (x) => String(x.input.body.image ?? '').length >= 50 * 1024, {
      status: 400,
      message: 'image must be less than 50KB',
    }),
    ...provider,
    ...blind,
    ...was('blind-app-register-logo-limit-on-text'),
  }),

  // --- Modifying (seed 002, ModifyAppRegistration; provider 1.35.0 AppRegistrationStatus)
  fault('fd-app-modify-not-saved', 'FD-APP-MODIFY, FD-PROP-ECHO-AS-SENT: a modification answers 200 but keeps the details as they were', {
    state: changed('modify', (c) => ({ ...c, fields: undefined })),
    ...was('app-modify-not-saved'),
  }),
  fault('fd-app-modify-pending-answers-prior-status', {
    rule: 'FD-APP-MODIFY-PENDING: modifying an approved registration answers the status it had before the change (A), not the P it now has',
    answer: answered('ModifyAppRegistration', (b, x) => ({ ...b, status: x.before })),
    ...provider,
    ...blind,
    ...was('blind-app-modify-answers-prior-status'),
  }),
  fault('fd-app-unknown-modify-creates', 'FD-APP-UNKNOWN: modifying an unknown preAppId files a new registration, not a 404', {
    judge: skip('registration', always, (x) => {
      x.r = { ...newRegistration(Number(x.input.path.preAppId), x.input.partner!.id, {}, x.nowS), firstName: x.input.body.appName };
      x.world.appRegistrations.apps.set(x.r.preAppId, x.r);
    }),
  }),
  fault('fd-app-read-back-list-name-from-owner', {
    rule: 'FD-APP-READ-BACK: getApplications shows a registration under the ownerName of the Application sent, not its appName (provider 1.35.0 App.name)',
    answer: listed((i, r) => ({ ...i, name: r.fields.ownerName })),
    ...blind,
    ...was('blind-app-list-name-from-owner'),
  }),
  fault('fd-app-approved-same-list-scopes-example', {
    rule: "FD-APP-APPROVED-SAME: getApplications gives an approved registration's scopes as the provider App example has them, not as the v2 status read does",
    answer: listed((i) => ({ ...i, scopes: 'Account Number, Account Info' })),
    ...assumption,
    ...seeded,
  }),
  fault('fd-app-application-id-on-pending', 'FD-APP-APPLICATION-ID: a pending registration shows an applicationId', {
    answer: (x, a, m) => {
      const shown = (i: Body, r: Registration) => (i.applicationId ? i : { ...i, applicationId: applicationIdOf(r) });
      return [listed((i, r) => shown(i, r)), statuses((i, r) => shown(i, r))].reduce((acc, f) => f(x, acc, m), a);
    },
    ...provider,
  }),
  fault('fd-app-list-params-names-loose', {
    rule: 'FD-APP-LIST-PARAMS: a query parameter named as a known one without its case and underscores (preAppId) is bound loosely and ignored, not refused 400 (provider 1.35.0 400 example 3008)',
    judge: skip('params', (x) => {
      const loose = (k: string) => k.replace(/_/g, '').toLowerCase();
      const known = ['start', 'limit', 'pre_app_id', 'application_id', 'name', 'status'];
      return x.unknown!.every((k) => known.some((p) => loose(p) === loose(k)));
    }),
    ...provider,
    ...blind,
    ...was('blind-app-list-params-relaxed-names'),
  }),
  fault('fd-obj-foreign-id-app-list-pre-app-id-any-partner', {
    rule: "FD-OBJ-FOREIGN-ID: getApplications filtered by pre_app_id looks among every partner's registrations",
    judge: everyPartner('getApplications', (x) => x.criteria?.pre_app_id !== undefined),
    ...seeded,
  }),
  fault('fd-app-list-filter-no-match-404', {
    rule: 'FD-APP-LIST-FILTER: a getApplications filter matching nothing is refused 404 like the deprecated read, not an empty page',
    judge: refuse('page', (x) => x.op === 'getApplications' && x.matches!.length === 0, {
      status: 404,
      message: NO_APPLICATIONS,
      code: 50051,
    }),
    ...blind,
    ...was('blind-app-list-no-match-404'),
  }),
  fault('fd-app-list-paging-start-zero-first-page', 'FD-APP-LIST-PAGING: start 0 is answered as the first page, not refused 400', {
    judge: skip('start', (x) => x.op === 'getApplications' && x.input.query.start === 0),
    ...provider,
  }),
  fault('fd-app-list-paging-limit-maximum-refused', {
    rule: 'FD-APP-LIST-PAGING: getApplications refuses its own maximum limit as exceeding the cap (provider 1.35.0 ApplicationLimitParameter; 400 example 3007)',
    judge: refuse(
      'limit',
      (x) => x.op === 'getApplications' && (x.input.query.limit ?? x.pageSize) >= 100,
      coded(400, '3007', 'Requested Limit value is exceeded'),
    ),
    ...provider,
    ...blind,
    ...was('blind-app-list-limit-100-refused'),
  }),
  fault('fd-page-keeps-query-app-list-later-page-scopes', {
    rule: "FD-PAGE-KEEPS-QUERY: getApplications answers a page after the first with the provider App example's scopes",
    answer: listed((i, _r, x) => (laterPage(x) ? { ...i, scopes: 'Account Number, Account Info' } : i)),
    ...provider,
    ...seeded,
  }),

  // --- The deprecated v2 status read (provider 1.35.0 GetAppRegistrationStatus)
  fault('fd-app-status-sunset-retired', 'FD-APP-STATUS-SUNSET: a 1.35.0 target no longer serves the deprecated status read (404)', {
    judge: refuse('sunset', always, { status: 404, message: 'No route GET /aggregation/v2/partners/applications' }),
  }),
  fault('fd-obj-other-partner-app-status-pre-app-id', {
    rule: "FD-APP-STATUS-NOT-FOUND, FD-OBJ-OTHER-PARTNER: read by preAppId, the status of another partner's registration is answered",
    judge: everyPartner('GetAppRegistrationStatus', (x) => x.statusCriteria?.preAppId !== undefined),
  }),
  fault('fd-app-status-not-found-only-without-registrations', {
    rule: 'FD-APP-STATUS-NOT-FOUND: a status read whose filters match nothing is an empty 200 when the partner has other registrations, the 404 kept for a partner without any',
    judge: skip('found', (x) => registrationsOf(x.world, x.input.partner?.id, x.nowS).length > 0),
    ...assumption,
    ...blind,
    ...was('blind-app-status-404-only-without-registrations'),
  }),
  fault('fd-app-status-dates-submitted-strict', {
    rule: 'FD-APP-STATUS-DATES, FD-PROP-WINDOW: submittedDate finds registrations submitted after it only, not the registration instant itself',
    judge: dateFilter('submittedDate', (v, from) => v > from),
    ...assumption,
    ...blind,
    ...was('blind-app-status-submitted-date-strict'),
  }),
  fault('fd-app-status-dates-total-ignores-date-filters', {
    rule: 'FD-APP-STATUS-DATES, FD-APP-STATUS-PAGING, FD-PROP-FILTERED-TOTALS: with a date filter, totalRecords counts every registration of the partner',
    answer: answered('GetAppRegistrationStatus', (b, x) =>
      x.statusCriteria?.submittedDate !== undefined || x.statusCriteria?.modifiedDate !== undefined
        ? { ...b, totalRecords: registrationsOf(x.world, x.input.partner?.id, x.nowS).length }
        : b,
    ),
    ...provider,
    ...was('i34-fd-app-status-v2-total-ignores-date-filters'),
  }),
  fault('fd-app-status-paging-total-pages-floor', 'FD-APP-STATUS-PAGING: totalPages leaves out a last partial page', {
    answer: answered('GetAppRegistrationStatus', (b) => ({ ...b, totalPages: Math.floor(b.totalRecords / b.numberOfRecordsPerPage) })),
    ...provider,
  }),
  fault('fd-app-status-paging-offset-zero-based', {
    rule: 'FD-APP-STATUS-PAGING: each page of the deprecated reader is cut one page late, the first registrations never shown',
    judge: fold('page', on('GetAppRegistrationStatus'), (x) => (x.pageFrom = x.pageNumber! * x.size!)),
    ...provider,
  }),
  fault('fd-page-keeps-query-app-status-later-page-modified-late', {
    rule: 'FD-PAGE-KEEPS-QUERY: GetAppRegistrationStatus answers a page after the first with each modifiedDate a second late',
    answer: statuses((i, _r, x) => (Number(x.input.query.page ?? 1) > 1 ? { ...i, modifiedDate: i.modifiedDate + 1 } : i)),
    ...provider,
    ...seeded,
  }),
  fault('fd-app-institutions-filter-ignored', 'FD-APP-INSTITUTIONS: the institution_id filter is ignored, every institution listed', {
    judge: skip('institution', always, (x) => (x.rows = x.all)),
  }),
  fault('fd-app-institutions-found-registered-only', {
    rule: 'FD-APP-INSTITUTIONS: found counts only the completed institution registrations, not the pending one (status false) returned with them',
    answer: answered('getRegisteredInstitutions', (b, x) => ({ ...b, found: x.rows!.filter((row) => row.registered).length })),
    ...blind,
    ...was('blind-app-institutions-found-registered-only'),
  }),
  fault('fd-filter-whole-app-institutions-id-prefix', {
    rule: 'FD-FILTER-WHOLE, FD-PROP-WINDOW: getRegisteredInstitutions compares institution_id as a text prefix, so a head of an institution id also lists the registrations whose ids start with it',
    judge: skip(
      'institution',
      (x) => x.all!.some((row) => String(row.inst.id).startsWith(String(x.input.query.institution_id))),
      (x) => (x.rows = x.all!.filter((row) => String(row.inst.id).startsWith(String(x.input.query.institution_id)))),
    ),
    ...was('app-institutions-institution-id-prefix'),
    ...seeded,
  }),
  fault('fd-app-institutions-not-found-other-partner-app', {
    rule: "FD-APP-INSTITUTIONS-NOT-FOUND: another partner's approved application is answered, not refused 404 (3001)",
    judge: skip(
      'app',
      (x) => allRegistrations(x.world, x.nowS).some((a) => a.applicationId === x.input.path.application_id && a.approvedS !== undefined),
      (x) =>
        (x.app = allRegistrations(x.world, x.nowS).find(
          (a) => a.applicationId === x.input.path.application_id && a.approvedS !== undefined,
        )),
    ),
    ...blind,
    ...was('blind-app-institutions-other-partner-app'),
  }),
  fault('fd-app-institutions-paging-limit-uncapped', 'FD-APP-INSTITUTIONS-PAGING: limit 1001 is accepted', {
    relax: schema('AppInstitutionLimit', { drop: ['maximum'] }),
    ...provider,
  }),
  fault('fd-app-institutions-paging-limit-capped', {
    rule: 'FD-APP-INSTITUTIONS-PAGING: getRegisteredInstitutions refuses a limit above the smaller cap of getApplications, not its own maximum (provider 1.35.0 InstitutionLimitParameter)',
    judge: refuse(
      'limit',
      (x) => x.op === 'getRegisteredInstitutions' && (x.input.query.limit ?? x.pageSize) > 100,
      coded(400, '3007', 'Requested Limit value is exceeded'),
    ),
    ...provider,
    ...blind,
    ...was('blind-app-institutions-limit-capped-100'),
  }),
  fault('fd-page-keeps-query-app-institutions-later-page-modified-late', {
    rule: 'FD-PAGE-KEEPS-QUERY: getRegisteredInstitutions answers a page after the first with each modifiedDate a second late',
    answer: items('getRegisteredInstitutions', 'institutions', (i, x) =>
      laterPage(x) ? { ...i, modifiedDate: iso(x.app!.approvedS! + 1) } : i,
    ),
    ...provider,
    ...seeded,
  }),
  fault('fd-app-customer-set-204', 'FD-APP-CUSTOMER-SET: SetCustomerAppID answers 204, not the 200 the seed gives it', {
    answer: (x, a) => (x.op === 'SetCustomerAppID' && a.status === 200 ? { status: 204 } : a),
    ...blind,
    ...was('blind-app-customer-set-204'),
  }),
  fault('fd-app-customer-not-found-unknown-app-saved', {
    rule: 'FD-APP-CUSTOMER-NOT-FOUND: assigning an applicationId the partner has no approved application with is refused 404, yet the customer keeps it',
    judge: writtenThenRefused('application', always, (x) => (x.customer!.applicationId = x.input.path.applicationId)),
    ...blind,
    ...was('blind-app-customer-unknown-app-saved'),
  }),
]);
