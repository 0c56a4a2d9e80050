// Faults written blind (from the seed, the provider's 2.0.0 document and the rule catalogue only, the suite unread).
import { blind, provider } from '../kit/faults.js';
import { answerOf, fault, okBody, paramUnchecked, recodeAt } from './fault-builders.js';
import { merchantKey } from './state.js';

const items = (b: any): Record<string, any>[] => (Array.isArray(b) ? b : []);

export const INDEPENDENT_49_INSTALLMENTS_FAULTS = [
  fault('i49-in-mids-total-page-size', {
    rule: 'IN-PAGE-HEADERS, IN-DERIVED-VIEW: a MID search answers in its Total header the number of MIDs on the page (its Count), not the MIDs across all pages, so a search cut by its limit reports no further page, where provider 2.0.0 Total is the number of items across all pages',
    answer: answerOf(
      'postMerchantMidSearches',
      (a) => {
        a.headers.total = a.headers.count;
      },
      (a) => a.status === 200 && a.headers.count !== undefined,
    ),
    ...blind,
    ...provider,
  }),
  fault('i49-in-search-error-reason-dropped', {
    rule: 'IN-STATE-INVALID-ICA: the merchant search answers a merchant whose effectuation ended in ERROR without its errorReason INVALID_ACQUIRER_ICA (the reason kept on the request_id read only), where the rule and provider 2.0.0 Merchant give the reason of an ERROR in every reader',
    answer: okBody('postMerchantSearches', (b) => items(b).map((m) => (m.status === 'ERROR' ? { ...m, errorReason: undefined } : m))),
    ...blind,
    ...provider,
  }),
  fault('i49-in-mids-of-error-merchant-completed', {
    rule: 'IN-STATE-INVALID-ICA: the MID search shows the MIDs of a merchant whose effectuation ended in ERROR (an acquirer ICA the service does not know) as COMPLETED, where the merchant itself reads ERROR on the other readers and the rule gives the ERROR to its MIDs too',
    answer: okBody('postMerchantMidSearches', (b) =>
      Array.isArray(b?.mids) ? { ...b, mids: b.mids.map((m: any) => (m.status === 'ERROR' ? { mid: m.mid, status: 'COMPLETED' } : m)) } : b,
    ),
    ...blind,
    ...provider,
  }),
  fault('i49-in-participation-location-next-request', {
    rule: 'IN-STATUS-PARTICIPATION: the 202 of a participation submission names in its Location a request_id one above the id the submission was filed under (the next id), so polling it answers 404, where provider 2.0.0 postMerchantParticipations Location names the request to poll',
    answer: answerOf(
      'postMerchantParticipations',
      (a) => {
        a.headers.location = a.headers.location.replace(/request_id=(\d+)/, (_m, id) => `request_id=${BigInt(id) + 1n}`);
      },
      (a) => a.status === 202 && typeof a.headers.location === 'string',
    ),
    ...blind,
    ...provider,
  }),
  fault('i49-in-completed-list-first-details', {
    rule: 'IN-ECHO-PARTICIPATION-LATEST, IN-PROP-LATEST-WRITE: the completed merchants list (no request_id) answers a merchant submitted again with the details of its first submission, not those submitted last, once the second request is completed, where provider 2.0.0 postMerchantParticipations updates the merchant',
    state: (x, c) =>
      x.op === 'getMerchantParticipations' && c.statuses && c.participations
        ? {
            ...c,
            participations: c.participations.map((p) => x.world.participations.find((q) => merchantKey(q) === merchantKey(p)) ?? p),
          }
        : c,
    ...blind,
    ...provider,
  }),
  fault('i49-in-search-pending-status-unfiltered', {
    rule: 'IN-FILTER-STATUS: a merchant search by merchantParticipationStatus PENDING drops that criterion, so it also answers COMPLETED and ERROR merchants, where provider 2.0.0 MerchantSearchParameters.merchantParticipationStatus names the status searched (the other statuses filtered as they should)',
    state: (x, c) =>
      x.op === 'postMerchantSearches' && c.criteria?.merchantParticipationStatus === 'PENDING'
        ? { ...c, criteria: { ...c.criteria, merchantParticipationStatus: undefined } }
        : c,
    ...blind,
    ...provider,
  }),
  fault('i49-in-approval-status-unknown-plan-400', {
    rule: 'IN-STATUS-PLAN-UNKNOWN: getPlanApprovalStatus of a plan_id (a well-formed UUID) naming no plan is answered 400 invalid.request.parameter, as the approval of an unknown plan is, instead of the 404 the provider 2.0.0 getPlanApprovalStatus documents for a plan not found',
    judge: recodeAt(
      'approval-status-plan',
      (r) => ({ ...r, status: 400, reasonCode: 'invalid.request.parameter', description: 'planId names no plan' }),
      (x, r) => x.op === 'getPlanApprovalStatus' && r.status === 404,
    ),
    ...blind,
    ...provider,
  }),
  fault('i49-in-by-request-dbanames-joined', {
    rule: 'IN-ECHO-PARTICIPATION-DETAILS, IN-RESP-FORMS: the effectuation read by request_id answers dbaNames as one comma-joined string, not the array of names submitted (the other readers keep the array), where provider 2.0.0 Merchant.dbaNames is an array of strings',
    answer: okBody(
      'getMerchantParticipations',
      (b) => items(b).map((m) => (Array.isArray(m.dbaNames) ? { ...m, dbaNames: m.dbaNames.join(',') } : m)),
      (_b, x) => x.ok?.query.get('request_id') != null,
    ),
    ...blind,
    ...provider,
  }),
  fault('i49-in-mids-offset-header-zero', {
    rule: 'IN-PAGE-HEADERS: a MID search given an offset answers its Offset header as if no item were skipped (the page itself starting at the offset applied), where provider 2.0.0 Offset is the number of items skipped at the start of the list',
    answer: answerOf(
      'postMerchantMidSearches',
      (a) => {
        a.headers.offset = '0';
      },
      (a) => a.status === 200 && a.headers.offset !== undefined,
    ),
    ...blind,
    ...provider,
  }),
  fault('i49-in-search-limit-zero-taken', {
    rule: 'IN-PAGE-LIMIT: a merchant search with a limit below its minimum is taken (an empty page answered 200) instead of refused 400, the lower bound checked on the completed list only, where provider 2.0.0 limit has its minimum',
    judge: paramUnchecked('limit', (v) => v === '0', 'postMerchantSearches'),
    ...blind,
    ...provider,
  }),
  fault('i49-in-midsearch-ica-numeric', {
    rule: 'IN-FILTER-ICA-TEXT, IN-FILTER-WHOLE: the MID search compares the acquirerICA as a number, so an ICA of the longest form that is a shorter merchant ICA with leading zeros added finds that merchant and its MIDs, where provider 2.0.0 AcquirerIca is a code compared as text (the merchant search keeps it)',
    state: (x, c) =>
      x.op === 'postMerchantMidSearches' && c.matches
        ? {
            ...c,
            matches: (key, value, criterion) =>
              key === 'acquirerICA' && /^\d+$/.test(String(value)) && /^\d+$/.test(String(criterion))
                ? BigInt(String(value)) === BigInt(String(criterion))
                : value === criterion,
          }
        : c,
    ...blind,
    ...provider,
  }),
  fault('i49-in-by-request-total-all-requests', {
    rule: 'IN-PROP-FILTERED-TOTALS, IN-PAGE-HEADERS: the read by request_id answers in its Total header every participation ever submitted, of all requests, not the participations of that request it lists, where provider 2.0.0 Total is the number of items across all pages of that answer',
    answer: answerOf(
      'getMerchantParticipations',
      (a, x) => {
        a.headers.total = String(x.world.participations.length);
      },
      (a, x) => a.status === 200 && a.headers.total !== undefined && x.ok?.query.get('request_id') != null,
    ),
    ...blind,
    ...provider,
  }),
  fault('i49-in-by-request-legal-name-trimmed', {
    rule: 'IN-ECHO-PARTICIPATION, IN-ECHO-PARTICIPATION-DETAILS: the read by request_id answers merchantLegalName with its leading and trailing white space cut, not byte for byte as submitted (the other readers keep it), where provider 2.0.0 MerchantLegalName is the name submitted',
    answer: okBody(
      'getMerchantParticipations',
      (b) => items(b).map((m) => (typeof m.merchantLegalName === 'string' ? { ...m, merchantLegalName: m.merchantLegalName.trim() } : m)),
      (_b, x) => x.ok?.query.get('request_id') != null,
    ),
    ...blind,
    ...provider,
  }),
  fault('i49-in-new-list-held-id', {
    rule: 'IN-EXCL-PANLIST, IN-ECHO-PANLIST: a registration creating a new list by panListName answers as its panListId the id of a list already held (the lowest one), not an id no list held, where provider 2.0.0 registerPans creates a new pan list when no panListId is given',
    answer: okBody(
      'registerPans',
      (b, x) => {
        const held = [...x.world.panLists.keys()].find((id) => id !== b.panList.panListId);
        return held ? { ...b, panList: { ...b.panList, panListId: held } } : b;
      },
      (b, x) => x.sent?.panListId === undefined && x.sent?.panListName !== undefined && b?.panList?.panListId !== undefined,
    ),
    ...blind,
    ...provider,
  }),
];
