// Faults of app registration (switched in app-registration.ts): each breaks one rule of
// schemas/financial-data/rules/app-registration.yaml, the way a provider's release might. `rules`
// names the rule ids it breaks (`npm run mutation -- --targeted` runs the specs citing them). The
// faults of the suite's authors first, then those written blind (`origin: 'blind'`, measured apart
// by `npm run mutation -- --blind`).
import { faultCatalogue, blind, modelFault, seeded, independent } from '../kit/faults.js';

export const APP_REGISTRATION_FAULTS = faultCatalogue([
  // Seeded beside the list readers after the writes of security.read-only.spec.ts (FD-OBJ-READ-ONLY; origin 'seeded').
  seeded({
    id: 'seeded-app-register-application-id-from-body',
    rule: "FD-OBJ-READ-ONLY: RegisterApp keeps an applicationId the body sends (the request declares none) as the registration's, and getApplications lists it",
    source: 'provider',
    rules: ['FD-OBJ-READ-ONLY'],
  }),
  // Seeded beside the later pages of app-registration.lists.spec.ts (FD-PAGE-KEEPS-QUERY; origin 'seeded').
  seeded({
    id: 'seeded-app-list-later-page-scopes-example',
    rule: "FD-PAGE-KEEPS-QUERY: getApplications answers a page after the first with the provider App example's scopes",
    source: 'provider',
    rules: ['FD-PAGE-KEEPS-QUERY'],
  }),
  seeded({
    id: 'seeded-app-institutions-later-page-modified-date-late',
    rule: 'FD-PAGE-KEEPS-QUERY: getRegisteredInstitutions answers a page after the first with each modifiedDate a second late',
    source: 'provider',
    rules: ['FD-PAGE-KEEPS-QUERY'],
  }),
  seeded({
    id: 'seeded-app-status-later-page-modified-date-late',
    rule: 'FD-PAGE-KEEPS-QUERY: GetAppRegistrationStatus answers a page after the first with each modifiedDate a second late',
    source: 'provider',
    rules: ['FD-PAGE-KEEPS-QUERY'],
  }),
  // Seeded beside the check of every looked-up value in another form (security.value-forms.spec.ts).
  seeded({
    id: 'app-status-application-id-trimmed',
    rule: 'FD-LOOKUP-EXACT: GetAppRegistrationStatus compares its applicationId filter with the spaces around it trimmed, so the id with a space before it lists the registration',
    source: 'assumption',
    rules: ['FD-LOOKUP-EXACT'],
  }),
  // Seeded beside the checker of every filter's matching rule (properties.filters.spec.ts).
  seeded({
    id: 'app-status-name-filter-prefix',
    rule: 'FD-FILTER-RULE: GetAppRegistrationStatus appName, documented as exact, lists every registration whose name starts with the text given',
    source: 'assumption',
    rules: ['FD-FILTER-RULE'],
  }),
  // Seeded beside the exact filters of every list reader (properties.filters.spec.ts; origin 'seeded').
  seeded({
    id: 'app-status-name-filter-trimmed',
    rule: 'FD-FILTER-EXACT: GetAppRegistrationStatus appName lists only registrations of that very name; compared with its white space removed, the name with a space inside it lists the registration',
    source: 'assumption',
    rules: ['FD-FILTER-EXACT'],
  }),
  // Seeded beside the whole-value id filters of every list reader (records.id-filters.spec.ts; origin 'seeded').
  seeded({
    id: 'app-institutions-institution-id-prefix',
    rule: 'FD-FILTER-WHOLE: getRegisteredInstitutions institution_id lists only the registration with that institution; compared as a text prefix, a head of an institution id also lists the registrations whose ids start with it',
    source: 'seed',
    rules: ['FD-FILTER-WHOLE', 'FD-PROP-WINDOW'],
  }),
  // Seeded beside the check of the name on every reader (app-registration.echo.spec.ts; origin 'seeded').
  seeded({
    id: 'app-status-v2-name-trimmed',
    rule: 'FD-APP-READ-BACK: the deprecated status read answers the appName as registered, not trimmed with its inner spaces collapsed',
    source: 'seed',
    rules: ['FD-APP-READ-BACK', 'FD-APP-MODIFY'],
  }),
  // Seeded beside the note and scopes of an approved registration on both readers (app-registration.registrations.spec.ts).
  seeded({
    id: 'app-list-scopes-provider-example',
    rule: "FD-APP-APPROVED-SAME: getApplications gives an approved registration's scopes as the v2 status read does, not the provider App example's 'Account Number, Account Info'",
    source: 'assumption',
    rules: ['FD-APP-APPROVED-SAME'],
  }),
  // Registrations (seed 002, App registration; provider 1.35.0 AppRegistrationStatus, ApplicationId).
  {
    id: 'app-register-approved',
    rule: 'FD-APP-REGISTER: a new registration is pending (P), not approved at once',
    source: 'provider',
    rules: ['FD-APP-REGISTER'],
  },
  {
    id: 'app-list-hides-pending',
    rule: 'FD-APP-READ-BACK: getApplications lists pending registrations',
    source: 'seed',
    rules: ['FD-APP-READ-BACK'],
  },
  {
    id: 'app-status-v2-hides-pending',
    rule: 'FD-APP-READ-BACK: the v2 status read gives pending registrations',
    source: 'seed',
    rules: ['FD-APP-READ-BACK'],
  },
  {
    id: 'app-modify-not-saved',
    rule: 'FD-APP-MODIFY: the modified details are kept (200 but nothing saved)',
    source: 'seed',
    rules: ['FD-APP-MODIFY', 'FD-PROP-ECHO-AS-SENT'],
  },
  {
    id: 'app-list-stale-name',
    rule: 'FD-APP-MODIFY: getApplications shows the name sent last, not the one at submission',
    source: 'seed',
    rules: ['FD-APP-MODIFY'],
  },
  {
    id: 'app-modify-keeps-approved',
    rule: 'FD-APP-MODIFY-PENDING: a modified approved registration is pending again',
    source: 'provider',
    rules: ['FD-APP-MODIFY-PENDING'],
  },
  {
    id: 'app-modify-drops-application-id',
    rule: 'FD-APP-MODIFY-PENDING: the applicationId stays after a modification',
    source: 'provider',
    rules: ['FD-APP-MODIFY-PENDING'],
  },
  {
    id: 'app-pending-has-application-id',
    rule: 'FD-APP-APPLICATION-ID: a pending registration has no applicationId',
    source: 'provider',
    rules: ['FD-APP-APPLICATION-ID'],
  },
  {
    id: 'app-status-v2-application-id-missing',
    rule: 'FD-APP-APPLICATION-ID: the v2 status read shows the applicationId of an approved registration',
    source: 'provider',
    rules: ['FD-APP-APPLICATION-ID'],
  },
  {
    id: 'app-modify-unknown-creates',
    rule: 'FD-APP-UNKNOWN: modifying an unknown preAppId is a 404 (not a new registration)',
    source: 'seed',
    rules: ['FD-APP-UNKNOWN'],
  },
  {
    id: 'app-image-optional',
    rule: 'FD-APP-REQUIRED: an Application without image is a 400',
    source: 'provider',
    rules: ['FD-APP-REQUIRED'],
    relax: [{ schema: 'Application', unrequire: ['image'] }],
  },
  {
    id: 'app-url-optional',
    rule: 'FD-APP-REQUIRED: an Application without appUrl is a 400',
    source: 'provider',
    rules: ['FD-APP-REQUIRED'],
    relax: [{ schema: 'Application', unrequire: ['appUrl'] }],
  },
  {
    id: 'app-logo-size-unchecked',
    rule: 'FD-APP-LOGO-SIZE: a logo at the size limit or more is a 400',
    source: 'provider',
    rules: ['FD-APP-LOGO-SIZE'],
    relax: [{ schema: 'AppLogo', drop: ['maxLength'] }],
  },
  {
    id: 'app-logo-limit-low',
    rule: 'FD-APP-LOGO-SIZE: a logo under the size limit is accepted',
    source: 'provider',
    rules: ['FD-APP-LOGO-SIZE'],
    relax: [{ schema: 'AppLogo', set: { maxLength: 60000 } }],
  },
  {
    id: 'app-modify-logo-unchecked',
    rule: 'FD-APP-LOGO-SIZE: a logo at the size limit or more is a 400 on modification too (the registration checks it)',
    source: 'provider',
    rules: ['FD-APP-LOGO-SIZE'],
  },
  // getApplications (provider 1.35.0 parameters and 400 examples 3005 to 3009).
  {
    id: 'app-list-start-zero-based',
    rule: 'FD-APP-LIST-PAGING: start 1 is the first page',
    source: 'provider',
    rules: ['FD-APP-LIST-PAGING'],
  },
  {
    id: 'app-list-limit-cap-1000',
    rule: 'FD-APP-LIST-PAGING: limit 101 is a 400',
    source: 'provider',
    rules: ['FD-APP-LIST-PAGING'],
    relax: [{ schema: 'AppListLimit', set: { maximum: 1000 } }],
  },
  {
    id: 'app-list-limit-cap-50',
    rule: 'FD-APP-LIST-PAGING: limit at its maximum is accepted',
    source: 'provider',
    rules: ['FD-APP-LIST-PAGING'],
    relax: [{ schema: 'AppListLimit', set: { maximum: 50 } }],
  },
  {
    id: 'app-list-status-filter-ignored',
    rule: 'FD-APP-LIST-FILTER: status returns only registrations in that status',
    source: 'provider',
    rules: ['FD-APP-LIST-FILTER'],
  },
  {
    id: 'app-list-name-contains',
    rule: 'FD-APP-LIST-FILTER: name matches the whole name, not a part of it',
    source: 'provider',
    rules: ['FD-APP-LIST-FILTER'],
  },
  {
    id: 'app-list-unknown-param-ignored',
    rule: 'FD-APP-LIST-PARAMS: an unknown query parameter is a 400 (3008)',
    source: 'provider',
    rules: ['FD-APP-LIST-PARAMS'],
  },
  {
    id: 'app-list-status-any',
    rule: 'FD-APP-LIST-PARAMS: a status outside A, P, D, R, S is a 400 (3009)',
    source: 'provider',
    rules: ['FD-APP-LIST-PARAMS'],
  },
  // The deprecated v2 status read.
  {
    id: 'app-status-retired',
    rule: 'FD-APP-STATUS-SUNSET: a 1.35.0 target still serves the deprecated status read',
    source: 'seed',
    rules: ['FD-APP-STATUS-SUNSET'],
  },
  {
    id: 'app-status-empty-200',
    rule: 'FD-APP-STATUS-NOT-FOUND: a status read matching no registration is a 404',
    source: 'assumption',
    rules: ['FD-APP-STATUS-NOT-FOUND'],
  },
  {
    id: 'app-status-default-page-size-10',
    rule: 'FD-APP-STATUS-PAGING: without pageSize, one registration per page',
    source: 'provider',
    rules: ['FD-APP-STATUS-PAGING'],
  },
  {
    id: 'app-status-total-pages-floor',
    rule: 'FD-APP-STATUS-PAGING: totalPages counts a last partial page',
    source: 'provider',
    rules: ['FD-APP-STATUS-PAGING'],
  },
  {
    id: 'app-status-date-filter-ignored',
    rule: 'FD-APP-STATUS-DATES: a date filter after the registration does not find it',
    source: 'assumption',
    rules: ['FD-APP-STATUS-DATES'],
  },
  {
    id: 'app-status-date-exact',
    rule: 'FD-APP-STATUS-DATES: a date filter before the registration finds it (at or after)',
    source: 'assumption',
    rules: ['FD-APP-STATUS-DATES'],
  },
  // Registered institutions (seed 002: all institutions without an institution id).
  {
    id: 'app-institutions-drops-pending',
    rule: 'FD-APP-INSTITUTIONS: the pending institution registrations are listed too',
    source: 'seed',
    rules: ['FD-APP-INSTITUTIONS'],
  },
  {
    id: 'app-institutions-filter-ignored',
    rule: 'FD-APP-INSTITUTIONS: with institution_id, only that institution',
    source: 'seed',
    rules: ['FD-APP-INSTITUTIONS'],
  },
  {
    id: 'app-institutions-unknown-app-empty',
    rule: 'FD-APP-INSTITUTIONS-NOT-FOUND: an unknown applicationId is a 404 (not an empty page)',
    source: 'seed',
    rules: ['FD-APP-INSTITUTIONS-NOT-FOUND'],
  },
  {
    id: 'app-institutions-unknown-institution-empty',
    rule: 'FD-APP-INSTITUTIONS-NOT-FOUND: an institution the application is not registered with is a 404',
    source: 'provider',
    rules: ['FD-APP-INSTITUTIONS-NOT-FOUND'],
  },
  {
    id: 'app-institutions-start-zero-based',
    rule: 'FD-APP-INSTITUTIONS-PAGING: start 1 is the first page',
    source: 'provider',
    rules: ['FD-APP-INSTITUTIONS-PAGING'],
  },
  {
    id: 'app-institutions-limit-cap-100',
    rule: 'FD-APP-INSTITUTIONS-PAGING: limit at its maximum is accepted',
    source: 'provider',
    rules: ['FD-APP-INSTITUTIONS-PAGING'],
    relax: [{ schema: 'AppInstitutionLimit', set: { maximum: 100 } }],
  },
  {
    id: 'app-institutions-limit-uncapped',
    rule: 'FD-APP-INSTITUTIONS-PAGING: limit 1001 is a 400',
    source: 'provider',
    rules: ['FD-APP-INSTITUTIONS-PAGING'],
    relax: [{ schema: 'AppInstitutionLimit', drop: ['maximum'] }],
  },
  // Customer application (seed 002: set customer app id).
  {
    id: 'app-customer-set-not-saved',
    rule: 'FD-APP-CUSTOMER-SET: the customer reads back with the application assigned',
    source: 'seed',
    rules: ['FD-APP-CUSTOMER-SET'],
  },
  {
    id: 'app-customer-any-application',
    rule: 'FD-APP-CUSTOMER-NOT-FOUND: an applicationId of no approved application is a 404',
    source: 'seed',
    rules: ['FD-APP-CUSTOMER-NOT-FOUND'],
  },
  // Seeded beside the check of another partner's approved application on every operation naming it (origin 'seeded').
  seeded({
    id: 'app-customer-other-partner-application',
    rule: "FD-APP-CUSTOMER-NOT-FOUND: SetCustomerAppID assigns another partner's approved application to the caller's customer (200 instead of 404)",
    source: 'seed',
    rules: ['FD-APP-CUSTOMER-NOT-FOUND'],
  }),
  seeded({
    id: 'app-status-application-id-any-partner',
    rule: "FD-APP-STATUS-NOT-FOUND: the status read by applicationId looks among every partner's registrations and returns another partner's (200 instead of 404)",
    source: 'assumption',
    rules: ['FD-APP-STATUS-NOT-FOUND'],
  }),
  seeded({
    id: 'app-list-application-id-any-partner',
    rule: "FD-APP-LIST-FILTER: getApplications by application_id looks among every partner's registrations and lists another partner's",
    source: 'provider',
    rules: ['FD-APP-LIST-FILTER'],
  }),
  // Written blind (kit/faults.ts, blind): from the sources and the mock, without reading the specs.
  // Registrations (seed 002, App registration; provider 1.35.0 RegisteredApplication, App, AppStatus).
  blind({
    id: 'blind-app-register-preappid-text',
    rule: 'the 201 of RegisterApp carries preAppId as a number, not the digit string the deprecated read uses (seed 002, RegisterApp 201; provider 1.35.0 RegisteredApplication.preAppId NumericPreAppId)',
    source: 'seed',
    rules: ['FD-APP-REGISTER'],
  }),
  blind({
    id: 'blind-app-list-name-from-owner',
    rule: 'getApplications shows a registration under its appName, not the ownerName of the Application sent (seed 002, App registration: the replacement read gives the registrations; provider 1.35.0 App.name)',
    source: 'seed',
    rules: ['FD-APP-READ-BACK'],
  }),
  blind({
    id: 'blind-app-modify-resubmits-new-preappid',
    rule: 'a modification changes the registration it names and answers its preAppId; it does not file a new request under a fresh preAppId, leaving the old one with the old name (seed 002, ModifyAppRegistration 200 on /applications/{preAppId})',
    source: 'seed',
    rules: ['FD-APP-MODIFY'],
  }),
  blind({
    id: 'blind-app-modify-answers-prior-status',
    rule: 'modifying an approved registration answers status P, the status it now has, not the A it had before the change (provider 1.35.0 AppRegistrationStatus: P when modified and awaiting approval)',
    source: 'provider',
    rules: ['FD-APP-MODIFY-PENDING'],
  }),
  blind({
    id: 'blind-app-list-application-id-upper',
    rule: 'getApplications gives the applicationId exactly as the deprecated read and the approval give it, not upper-cased (provider 1.35.0 ApplicationId: one id for the lifespan of the application)',
    source: 'provider',
    rules: ['FD-APP-APPLICATION-ID'],
  }),
  blind({
    id: 'blind-app-modify-other-partner',
    rule: "a preAppId registered by another partner is one this partner never registered: modifying it is a 404, not a change to the other partner's registration (seed 002, ModifyAppRegistration 404; Errors 404)",
    source: 'seed',
    rules: ['FD-APP-UNKNOWN'],
  }),
  blind({
    id: 'blind-app-modify-url-optional',
    rule: 'appUrl is required on modification as on registration: the registration handler checks it, the modification relies on a schema that lost it (provider 1.35.0 Application, eleven required members)',
    source: 'provider',
    rules: ['FD-APP-REQUIRED'],
    relax: [{ schema: 'Application', unrequire: ['appUrl'] }],
  }),
  blind({
    id: 'blind-app-register-logo-limit-on-text',
    rule: 'the logo limit is a size of the SVG file: a file just under it is accepted, the limit is not applied to the length of its Base64 text (provider 1.35.0 Application.image)',
    source: 'provider',
    rules: ['FD-APP-LOGO-SIZE'],
  }),
  // getApplications (provider 1.35.0 StartParameter, ApplicationLimitParameter, filters, 400 examples 3005 to 3009).
  blind({
    id: 'blind-app-list-limit-100-refused',
    rule: 'getApplications accepts limit from its minimum to its maximum: the maximum is served, not refused as exceeding the cap (provider 1.35.0 ApplicationLimitParameter maximum; 400 example 3007)',
    source: 'provider',
    rules: ['FD-APP-LIST-PAGING'],
  }),
  blind({
    id: 'blind-app-list-first-filter-only',
    rule: 'getApplications applies every filter given together (pre_app_id, application_id, name, status), not only the first one present (seed 002, App registration query; provider 1.35.0 filter parameters)',
    source: 'seed',
    rules: ['FD-APP-LIST-FILTER'],
  }),
  blind({
    id: 'blind-app-list-no-match-404',
    rule: 'a getApplications filter matching nothing is an empty page with 200 (no 404 is declared for it), not the 404 of the deprecated read (seed 002, getApplications 200, 400, 401)',
    source: 'seed',
    rules: ['FD-APP-LIST-FILTER'],
  }),
  blind({
    id: 'blind-app-list-params-relaxed-names',
    rule: 'getApplications refuses a query parameter it does not know, preAppId included, with a 400, rather than binding names loosely and ignoring it (provider 1.35.0 400 example 3008: only known query parameters)',
    source: 'provider',
    rules: ['FD-APP-LIST-PARAMS'],
  }),
  // The deprecated v2 status read (seed 002, App registration and Versioning).
  blind({
    id: 'blind-app-status-v2-gone-after-sunset',
    rule: 'a 1.35.0 target still serving the v2 status read answers it (200, or the declared 400 / 401 / 404), not 410 Gone once past the sunset: "unsupported" is not removed (seed 002, Versioning; contract x-sunset)',
    source: 'seed',
    rules: ['FD-APP-STATUS-SUNSET'],
  }),
  blind({
    id: 'blind-app-status-404-only-without-registrations',
    rule: 'a status read whose filters match no registration is a 404, also when the partner has other registrations (seed 002, GetAppRegistrationStatus 404; provider 1.35.0 example 50051)',
    source: 'assumption',
    rules: ['FD-APP-STATUS-NOT-FOUND'],
  }),
  blind({
    id: 'blind-app-status-records-per-page-is-count',
    rule: 'numberOfRecordsPerPage is the page size asked for, not the number of records on this page: a short last page keeps the totals consistent (provider 1.35.0 AppStatuses)',
    source: 'provider',
    rules: ['FD-APP-STATUS-PAGING'],
  }),
  blind({
    id: 'blind-app-status-submitted-date-strict',
    rule: 'submittedDate finds registrations submitted at or after it: the registration instant itself finds it (provider 1.35.0 SubmittedDateParameter, read as at-or-after by this contract)',
    source: 'assumption',
    rules: ['FD-APP-STATUS-DATES', 'FD-PROP-WINDOW'],
  }),
  // getRegisteredInstitutions (seed 002: without an institution id, all institutions; provider 1.35.0 3001, 3002).
  blind({
    id: 'blind-app-institutions-found-registered-only',
    rule: 'found counts every institution registration returned, the pending one (status false) included, not only the completed ones (seed 002, App registration: the status of all institutions; provider InstitutionResponse)',
    source: 'seed',
    rules: ['FD-APP-INSTITUTIONS'],
  }),
  blind({
    id: 'blind-app-institutions-other-partner-app',
    rule: "an applicationId the partner has no approved application with is a 404 (3001), also when it is another partner's application (seed 002, getRegisteredInstitutions 404; provider 1.35.0 example 3001)",
    source: 'seed',
    rules: ['FD-APP-INSTITUTIONS-NOT-FOUND'],
  }),
  blind({
    id: 'blind-app-institutions-limit-capped-100',
    rule: 'getRegisteredInstitutions accepts limit up to its own maximum, not the smaller cap of getApplications (provider 1.35.0 InstitutionLimitParameter maximum)',
    source: 'provider',
    rules: ['FD-APP-INSTITUTIONS-PAGING'],
  }),
  // Customer application (seed 002, App registration: set customer app id; Customers: application id).
  blind({
    id: 'blind-app-customer-set-204',
    rule: 'SetCustomerAppID answers 200, the status the seed gives it, not 204 (seed 002, App registration: SetCustomerAppID 200)',
    source: 'seed',
    rules: ['FD-APP-CUSTOMER-SET'],
  }),
  blind({
    id: 'blind-app-customer-unknown-app-saved',
    rule: 'assigning an applicationId the partner has no approved application with is a 404 and changes nothing: the customer keeps its application (seed 002, SetCustomerAppID 404)',
    source: 'seed',
    rules: ['FD-APP-CUSTOMER-NOT-FOUND'],
  }),
  // Found only by a sequence of calls (the reference models, fixtures/models/): each single call answers right.
  modelFault({
    id: 'model-app-customer-set-latest-customer',
    rule: "SetCustomerAppID assigns the application to the customer its path names (seed 002, App registration: set customer app id assigns an application to a customer): it is given to the partner's most recently created customer instead",
    source: 'seed',
    rules: ['FD-APP-CUSTOMER-SET'],
  }),
  modelFault({
    id: 'model-app-list-name-first-modification',
    rule: 'getApplications shows the name sent last (seed 002, App registration: ModifyAppRegistration): after a second modification it keeps showing, and finding by, the name of the first one',
    source: 'seed',
    rules: ['FD-APP-MODIFY', 'FD-APP-LIST-FILTER'],
  }),
  independent('independent-9', {
    id: 'i9-app-list-name-filter-case-folded',
    rule: "getApplications' name filter returns only registrations matching it (FD-APP-LIST-FILTER; provider 1.35.0 getApplications name parameter, exact): the filter is compared without case (a case-insensitive collation on that query), so another case of the name finds the registration; the deprecated status read stays exact",
    source: 'provider',
    rules: ['FD-APP-LIST-FILTER', 'FD-FILTER-EXACT'],
  }),
  independent('independent-9', {
    id: 'i9-app-status-modified-date-strict',
    rule: 'modifiedDate at the registration instant finds it (FD-APP-STATUS-DATES, reference decision on the v2 date filters: at or after): the modifiedDate filter is compared with > instead of >=, so the registration modified at that very second is a 404 (submittedDate is right)',
    source: 'assumption',
    rules: ['FD-APP-STATUS-DATES', 'FD-PROP-WINDOW'],
  }),
  independent('independent-9', {
    id: 'i9-app-institutions-found-is-page',
    rule: 'found counts every institution registration of the application (seed 002: without an institution id the status of all institutions is returned; provider 1.35.0 found/displaying): getRegisteredInstitutions answers found as the size of the page when a limit is given',
    source: 'provider',
    rules: ['FD-APP-INSTITUTIONS'],
  }),
  // Seeded beside the query-filter probes of the foreign-id checker (security.other-partner.spec.ts; origin 'seeded').
  seeded({
    id: 'app-list-pre-app-id-any-partner',
    rule: "a partner lists only its own registrations (seed 002, App registration; FD-OBJ-FOREIGN-ID): getApplications filtered by pre_app_id looks among every partner's registrations",
    source: 'seed',
    rules: ['FD-OBJ-FOREIGN-ID'],
  }),
  independent('independent-11', {
    id: 'i11-app-list-status-found-unfiltered',
    rule: 'found counts the registrations the filter matches (provider 1.35.0 getApplications found, displaying, moreAvailable): with a status filter found counts every registration of the partner',
    source: 'provider',
    rules: ['FD-APP-LIST-PAGING'],
  }),
  independent('independent-11', {
    id: 'i11-app-list-pre-app-id-prefix',
    rule: 'pre_app_id returns only the registration with that id (provider 1.35.0 getApplications pre_app_id): the id is matched as a text prefix, so an id also returns the registrations whose ids start with its digits',
    source: 'provider',
    rules: ['FD-APP-LIST-FILTER', 'FD-PROP-WINDOW'],
  }),
  independent('independent-14', {
    id: 'i14-app-status-v2-pre-app-id-other-partner',
    rule: "a status read that no registration of the partner matches is a 404 (seed 002, App registration; provider 1.35.0 GetAppRegistrationStatus 404): read by preAppId, the status of another partner's registration is answered",
    source: 'seed',
    rules: ['FD-APP-STATUS-NOT-FOUND', 'FD-OBJ-OTHER-PARTNER'],
  }),
  independent('independent-14', {
    id: 'i14-app-list-found-is-page',
    rule: 'found is the number of registrations the filters select, displaying the page (provider 1.35.0 getApplications: found, displaying, moreAvailable): found counts the page only',
    source: 'provider',
    rules: ['FD-APP-LIST-PAGING'],
  }),
  independent('independent-15', {
    id: 'i15-app-status-v2-modified-approved-shows-approved',
    rule: 'a modified approved registration awaits approval again and both readers show it pending (provider 1.35.0 AppRegistrationStatus P when modified): the deprecated v2 status read keeps showing it approved (A)',
    source: 'provider',
    rules: ['FD-APP-MODIFY-PENDING'],
  }),
  independent('independent-19', {
    id: 'i19-app-list-more-available-on-full-last-page',
    rule: 'start pages the registrations by limit with found, displaying and moreAvailable (provider 1.35.0 getApplications): a last page filled exactly to its limit answers moreAvailable true',
    source: 'provider',
    rules: ['FD-APP-LIST-PAGING'],
  }),
  independent('independent-19', {
    id: 'i19-app-status-submitted-date-minute-precision',
    rule: 'a submittedDate filter at the registration instant finds it and one second later does not (reference, Decisions: dates in epoch seconds; provider 1.35.0 GetAppRegistrationStatus): the filter is compared at minute precision, so a second later within the same minute still finds it',
    source: 'assumption',
    rules: ['FD-APP-STATUS-DATES', 'FD-PROP-WINDOW'],
  }),
  independent('independent-20', {
    id: 'i20-app-list-old-name-still-finds',
    rule: 'after a modification the old name no longer finds the registration (provider 1.35.0 getApplications name): the name filter still finds a renamed registration by the name it was registered with',
    source: 'provider',
    rules: ['FD-APP-MODIFY', 'FD-APP-LIST-FILTER'],
  }),
  independent('independent-27', {
    id: 'i27-app-list-name-filter-trimmed',
    rule: 'getApplications filters by the name given (seed 002, GET /applications query name): a name with a trailing space finds the application of the name without it',
    source: 'provider',
    rules: ['FD-APP-LIST-FILTER', 'FD-FILTER-EXACT'],
  }),
  independent('independent-29', {
    id: 'i29-fd-apps-status-any-case-accepted',
    rule: 'a status outside the documented values is refused (provider 1.35.0 getApplications status): a status in another case is let through and lists nothing',
    source: 'provider',
    rules: ['FD-APP-LIST-PARAMS', 'FD-VALID-FORMS', 'FD-TYPE-FORMS'],
  }),
  independent('independent-30', {
    id: 'i30-fd-app-list-modified-date-is-submitted',
    rule: "getApplications gives each registration's modifiedDate, the time of its last modification (provider 1.35.0 getApplications; seed 002, ModifyAppRegistration): the list gives the submission time as modifiedDate after a modification",
    source: 'provider',
    rules: ['FD-APP-MODIFY', 'FD-PROP-SAME-ON-EVERY-READER'],
  }),
  independent('independent-31', {
    id: 'i31-fd-app-institutions-filtered-found-counts-all',
    rule: "getRegisteredInstitutions with an institution id gives that institution's status, its counts those of the answer (seed 002, App registration; provider 1.35.0 found/displaying): with the institution_id filter, found counts every institution of the application",
    source: 'provider',
    rules: ['FD-APP-INSTITUTIONS-PAGING', 'FD-DERIVED-COUNTS'],
  }),
  independent('independent-33', {
    id: 'i33-fd-apps-start-zero-read-as-first-page',
    rule: 'getApplications refuses a start below the first page, 400 (provider 1.35.0 400 example; seed 002, App registration): start 0 is answered as the first page',
    source: 'provider',
    rules: ['FD-APP-LIST-PAGING'],
  }),
  independent('independent-34', {
    id: 'i34-fd-app-status-v2-total-ignores-date-filters',
    rule: 'totalRecords counts the registrations the filters keep (provider 1.35.0 GetAppRegistrationStatus, submittedDate and modifiedDate filters; totalRecords): with a date filter, totalRecords counts every registration of the partner',
    source: 'provider',
    rules: ['FD-APP-STATUS-DATES', 'FD-APP-STATUS-PAGING', 'FD-PROP-FILTERED-TOTALS'],
  }),
  independent('independent-35', {
    id: 'i35-fd-app-institutions-unfiltered-registered-only',
    rule: 'when no institution id is given, the status of all institutions is returned (seed 002, App registration and third-party access): getRegisteredInstitutions without institution_id lists only the institutions the application is registered with, leaving out the one still pending, and counts found over them',
    source: 'seed',
    rules: ['FD-APP-INSTITUTIONS'],
  }),
  independent('independent-36', {
    id: 'i36-fd-app-status-v2-page-offset-zero-based',
    rule: 'the deprecated registration status reader pages its registrations from its first result page (provider 1.35.0, GetAppRegistrationStatus result page and page size; seed 002, App registration): each page is cut one page late, so the first page shows the registrations of the second and the first ones are never shown',
    source: 'provider',
    rules: ['FD-APP-STATUS-PAGING'],
  }),
  independent('independent-37', {
    id: 'i37-fd-app-institutions-more-available-on-full-last-page',
    rule: 'moreAvailable tells whether institutions remain after the page (provider 1.35.0 getRegisteredInstitutions found, displaying, moreAvailable): a last page filled exactly by the limit still says more are available',
    source: 'provider',
    rules: ['FD-APP-INSTITUTIONS-PAGING', 'FD-PROP-PAGING'],
  }),
]);
