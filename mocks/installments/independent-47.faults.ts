// Faults written blind (from the seed, the provider's 2.0.0 document and the rule catalogue only, the suite unread).
import { blind, provider } from '../kit/faults.js';
import { answerOf, errorItems, fault, okBody } from './fault-builders.js';

const items = (b: any): Record<string, any>[] => (Array.isArray(b) ? b : []);

export const INDEPENDENT_47_INSTALLMENTS_FAULTS = [
  fault('i47-in-search-second-merchant-takes-first-address', {
    rule: 'IN-ECHO-PARTICIPATION-DETAILS: a merchant search finding two merchants of one acquirer answers the second with the address of the first, a member from the wrong object, where provider 2.0.0 MerchantDetails.address is the address submitted for that merchant',
    answer: okBody('postMerchantSearches', (b) =>
      items(b).length > 1 ? items(b).map((m, i) => (i > 0 ? { ...m, address: items(b)[0].address } : m)) : b,
    ),
    ...blind,
    ...provider,
  }),
  fault('i47-in-search-legal-name-lower-cased', {
    rule: 'IN-ECHO-PARTICIPATION: the merchant search answers merchantLegalName lower-cased, where the seed lets partners search merchants by name and read their participation details as submitted',
    answer: okBody('postMerchantSearches', (b) =>
      items(b).map((m) => (typeof m.merchantLegalName === 'string' ? { ...m, merchantLegalName: m.merchantLegalName.toLowerCase() } : m)),
    ),
    ...blind,
  }),
  fault('i47-in-search-error-merchant-read-pending', {
    rule: 'IN-STATE-INVALID-ICA: the merchant search answers the second merchant of a page PENDING without its errorReason once its effectuation ended in ERROR, the status of the first merchant not carried to the others, where provider 2.0.0 MerchantDetails status and errorReason name the state each merchant is in',
    answer: okBody('postMerchantSearches', (b) =>
      items(b).map((m, i) => (i > 0 && m.status === 'ERROR' ? { ...m, status: 'PENDING', errorReason: undefined } : m)),
    ),
    ...blind,
    ...provider,
  }),
  fault('i47-in-mid-page-drops-last-mid', {
    rule: 'IN-FILTER-MID-MERCHANT, IN-FILTER-WHOLE: the MID page of a merchant with more than one MID leaves out its last MID (an off-by-one in the slice), where the seed says the MID search returns the mids of the given merchant',
    answer: okBody('postMerchantMidSearches', (b) =>
      Array.isArray(b?.mids) && b.mids.length > 1 ? { ...b, mids: b.mids.slice(0, -1) } : b,
    ),
    ...blind,
  }),
  fault('i47-in-mid-error-reason-first-only', {
    rule: 'IN-STATE-INVALID-ICA: the MID page carries errorReason on the first MID in ERROR only, the others ERROR without a reason, where provider 2.0.0 MidDetails errorReason explains each MID in ERROR',
    answer: okBody('postMerchantMidSearches', (b) =>
      Array.isArray(b?.mids) ? { ...b, mids: b.mids.map((m: any, i: number) => (i > 0 ? { ...m, errorReason: undefined } : m)) } : b,
    ),
    ...blind,
    ...provider,
  }),
  fault('i47-in-mid-page-ica-padded', {
    rule: 'IN-ECHO-ICA-FORMS: the MID page answers an acquirerICA of the shortest form left-padded with zeros to the middle form, where provider 2.0.0 AcquirerIca is kept as submitted in each of its forms',
    answer: okBody('postMerchantMidSearches', (b) =>
      typeof b?.acquirerICA === 'string' && b.acquirerICA.length === 6 ? { ...b, acquirerICA: `000${b.acquirerICA}` } : b,
    ),
    ...blind,
    ...provider,
  }),
  fault('i47-in-participation-location-without-request-id', {
    rule: 'IN-STATUS-PARTICIPATION: the 202 of a submission answers Location as the bare merchants/participations path without its request_id query, where provider 2.0.0 MerchantParticipationReference says Location is the URL that gets that request status',
    answer: answerOf(
      'postMerchantParticipations',
      (a) => {
        a.headers = { ...a.headers, location: String(a.headers.location).split('?')[0] };
      },
      (a) => a.status === 202 && !!a.headers?.location,
    ),
    ...blind,
    ...provider,
  }),
  fault('i47-in-unknown-request-id-without-details', {
    rule: 'IN-STATUS-UNKNOWN-REQUEST, IN-ERR-SHAPE: the 404 of a request_id naming no request drops Details (the parameter in error) on that refusal path only, where provider 2.0.0 ResourceNotFoundError names the request id in its error item as the other refusals do',
    answer: errorItems(
      (item) => {
        delete item.Details;
      },
      (a, x) => x.op === 'getMerchantParticipations' && a.status === 404,
    ),
    ...blind,
    ...provider,
  }),
  fault('i47-in-unknown-request-id-recoverable', {
    rule: 'IN-ERR-RECOVERABLE: the 404 of an unknown request_id is marked Recoverable true, where provider 2.0.0 error items say whether a retry of the same request can succeed and an unknown request id stays unknown',
    answer: errorItems(
      (item) => {
        item.Recoverable = true;
      },
      (a, x) => x.op === 'getMerchantParticipations' && a.status === 404,
    ),
    ...blind,
    ...provider,
  }),
  fault('i47-in-plan-id-refusal-names-camel-case', {
    rule: 'IN-ERR-SHAPE, IN-FMT-UUID: the 400 of a getPlan plan_id that is not a UUID names the parameter in Details as planId, not the path parameter plan_id it is, where provider 2.0.0 names the path parameter plan_id',
    answer: errorItems(
      (item) => {
        if (item.Details === 'plan_id') item.Details = 'planId';
      },
      (a, x) => x.op === 'getPlan' && a.status === 400,
    ),
    ...blind,
    ...provider,
  }),
  fault('i47-in-participation-not-array-answered-422', {
    rule: 'IN-PROP-ERROR-STATUS: a participation body that is not the array of participations is answered 422 instead of the documented 400, where provider 2.0.0 postMerchantParticipations declares 400 for a request body breaking its schema',
    answer: answerOf(
      'postMerchantParticipations',
      (a) => {
        a.status = 422;
      },
      (a) => a.status === 400,
    ),
    ...blind,
    ...provider,
  }),
];
