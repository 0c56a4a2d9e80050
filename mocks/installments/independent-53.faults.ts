// Faults written blind (from seed 001, the provider's 2.0.0 document and the rule catalogue only, the suite unread).
import { blind, provider } from '../kit/faults.js';
import { answerOf, errorItems, fault } from './fault-builders.js';

export const INDEPENDENT_53_INSTALLMENTS_FAULTS = [
  fault('i53-in-plan-unknown-answered-bad-request', {
    rule: 'IN-STATUS-PLAN-UNKNOWN: getPlan of a well-formed plan_id naming no plan is answered 400 (the unknown plan taken as a bad parameter) instead of 404, on the plan reader only, where provider 2.0.0 getPlan documents 404 for a plan it does not find',
    answer: answerOf(
      'getPlan',
      (a) => ({ ...a, status: 400 }),
      (a) => a.status === 404,
    ),
    ...blind,
    ...provider,
  }),
  fault('i53-in-approval-status-unknown-no-source', {
    rule: 'IN-ERR-SHAPE: the 404 of getPlanApprovalStatus for a plan it does not know answers its error item without Source (ReasonCode, Description and Recoverable only), on that refusal path only, where provider 2.0.0 ErrorWrapper gives every error item its Source',
    answer: errorItems(
      (item) => {
        delete item.Source;
      },
      (a, x) => x.op === 'getPlanApprovalStatus' && a.status === 404,
    ),
    ...blind,
    ...provider,
  }),
  fault('i53-in-offers-refusal-recoverable-text', {
    rule: 'IN-ERR-SHAPE, IN-RESP-FORMS: a refused offers request (400) answers Recoverable as the text "false" rather than a boolean, on the approvedOffers refusals only, where provider 2.0.0 ErrorWrapper types Recoverable a boolean',
    answer: errorItems(
      (item) => {
        item.Recoverable = String(item.Recoverable);
      },
      (a, x) => x.op === 'approvedOffers' && a.status === 400,
    ),
    ...blind,
    ...provider,
  }),
  fault('i53-in-participation-refusal-details-dropped', {
    rule: 'IN-ERR-SHAPE: a participation submission refused 400 for a missing member answers its error item without Details (the member in error not named), on that refusal path only, where provider 2.0.0 postMerchantParticipations 400 examples name the member in error in Details',
    answer: errorItems(
      (item) => {
        delete item.Details;
      },
      (a, x) => x.op === 'postMerchantParticipations' && a.status === 400,
    ),
    ...blind,
    ...provider,
  }),
];
