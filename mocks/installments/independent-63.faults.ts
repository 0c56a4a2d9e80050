// Faults written blind (from seed 001, the provider's 2.0.0 document and the rule catalogue only, the suite unread).
import { blind, provider } from '../kit/faults.js';
import { INVALID } from './errors.js';
import { anyAnswer, errorItems, fault, okBody, refuseAt, type Answering } from './fault-builders.js';

/** A 400 of a member the sources accept (the member named in Details). */
const refusedMember = (details: string, description: string) => ({ status: 400, reasonCode: INVALID, description, details });

/** getPlan of a DECLINED plan: the reason of the decline posted last (any plan), remembered by the answer seam. */
const latestDeclineReason: Answering = (x, a, memory) => {
  if (x.op === 'planApproval' && a.status < 300 && x.sent?.status === 'DECLINED') memory.reason = x.sent.rejectReasonCode;
  if (x.op === 'getPlan' && a.status === 200 && a.body?.status === 'DECLINED' && memory.reason) a.body.rejectReasonCode = memory.reason;
  return a;
};

/** getPlanApprovalStatus of a plan decided with sync=true: still IN_PROGRESS (the synchronous path never marks the checkout done). */
const syncNeverCompleted: Answering = (x, a, memory) => {
  if (x.op === 'planApproval' && a.status === 200 && x.sent?.planId) (memory.sync ??= {})[x.sent.planId] = true;
  const id = (x.req.params as { plan_id?: string } | undefined)?.plan_id;
  if (x.op === 'getPlanApprovalStatus' && a.status === 200 && id && memory.sync?.[id]) a.body = { status: 'IN_PROGRESS' };
  return a;
};

export const INDEPENDENT_63_INSTALLMENTS_FAULTS = [
  fault('i63-in-approval-status-lowercase', {
    rule: 'IN-RESP-FORMS, IN-STATE-DECISION: once a decision has landed, getPlanApprovalStatus answers its status in lower case (completed), a value outside the enum of provider 2.0.0 CompletionPSPData.status, which reads either IN_PROGRESS or COMPLETED',
    rules: ['IN-RESP-FORMS', 'IN-STATE-DECISION'],
    answer: okBody('getPlanApprovalStatus', (b) => {
      if (b.status === 'COMPLETED') b.status = 'completed';
    }),
    ...blind,
    ...provider,
  }),
  fault('i63-in-approval-unknown-plan-recoverable', {
    rule: 'IN-ERR-RECOVERABLE: the 400 of an approval whose planId names no plan is marked Recoverable true, on that refusal path only, though the same request sent again is refused again, where provider 2.0.0 error items say by Recoverable whether a retry of the same request can succeed',
    rules: ['IN-ERR-RECOVERABLE'],
    answer: errorItems(
      (item) => {
        if (item.Details === 'planId') item.Recoverable = true;
      },
      (a, x) => x.op === 'planApproval' && a.status === 400,
    ),
    ...blind,
    ...provider,
  }),
  fault('i63-in-offer-end-date-only', {
    rule: 'IN-DATE-UNIT, IN-RESP-FORMS: every offer answers offerEndDatetime as a calendar date alone (its time of day and offset dropped), where provider 2.0.0 Offer.offerEndDatetime is a Date and Time RFC 3339',
    rules: ['IN-DATE-UNIT', 'IN-RESP-FORMS'],
    answer: okBody('approvedOffers', (b) => {
      for (const o of b.offers ?? []) if (typeof o.offerEndDatetime === 'string') o.offerEndDatetime = o.offerEndDatetime.slice(0, 10);
    }),
    ...blind,
    ...provider,
  }),
  fault('i63-in-plan-tenure-text', {
    rule: 'IN-RESP-FORMS, IN-ECHO-PLAN: getPlan answers planInstallmentInformation.tenure as the text of its digits (a string), where provider 2.0.0 PlanInstallmentInformation.tenure is an integer',
    rules: ['IN-RESP-FORMS', 'IN-ECHO-PLAN'],
    answer: okBody('getPlan', (b) => {
      if (typeof b.planInstallmentInformation?.tenure === 'number')
        b.planInstallmentInformation.tenure = String(b.planInstallmentInformation.tenure);
    }),
    ...blind,
    ...provider,
  }),
  fault('i63-in-dereg-listid-number', {
    rule: 'IN-ECHO-PANLIST, IN-RESP-FORMS: a deregistration answers its panListId as a JSON number (the id read into a numeric column, its last digits lost past the double precision), not the string of digits it applied to, where provider 2.0.0 Deregistration.panListId is a string of its fixed digits',
    rules: ['IN-ECHO-PANLIST', 'IN-RESP-FORMS'],
    answer: okBody('deregisterPans', (b) => {
      if (typeof b.panListId === 'string') b.panListId = Number(b.panListId);
    }),
    ...blind,
    ...provider,
  }),
  fault('i63-in-sync-decision-status-in-progress', {
    rule: 'IN-STATE-DECISION: a decision posted with sync=true lands on the plan (getPlan reads it) but the checkout status of that plan stays IN_PROGRESS, without its callback URL, however long after, where seed 001 States has the plan approved or declined and getPlanApprovalStatus shows the checkout COMPLETED once the decision landed',
    rules: ['IN-STATE-DECISION'],
    answer: syncNeverCompleted,
    ...blind,
  }),
  fault('i63-in-decline-reason-latest-plan', {
    rule: "IN-REQ-PLAN-REJECT-REASON: of two plans declined with different reasons, getPlan of the first answers the rejectReasonCode of the decline posted last (the reason kept once for the provider, not per plan), where provider 2.0.0 InstallmentPlan.rejectReasonCode is the reason of that plan's decline",
    rules: ['IN-REQ-PLAN-REJECT-REASON'],
    answer: latestDeclineReason,
    ...blind,
    ...provider,
  }),
  fault('i63-in-notify-tenure-short', {
    rule: 'IN-NOTIFY-SCHEDULE: the notification to the issuer answers planInstallmentInformation.tenure one fewer than the schedulePayments it lists (the installments after the first counted), where provider 2.0.0 tenure is the total number of installments',
    rules: ['IN-NOTIFY-SCHEDULE'],
    delivery: (_x, d) => {
      const info = d.body?.planInstallmentInformation;
      if (info && typeof info.tenure === 'number') d.body = { ...d.body, planInstallmentInformation: { ...info, tenure: info.tenure - 1 } };
      return d;
    },
    ...blind,
    ...provider,
  }),
  fault('i63-in-walletid-max-refused', {
    rule: "IN-RANGE-WALLETID, IN-VALID-ACCEPTED: a participation whose wallet has walletId at the schema's maximum is refused 400 (the bound taken as exclusive), where provider 2.0.0 Wallet.walletId takes its maximum",
    rules: ['IN-RANGE-WALLETID', 'IN-VALID-ACCEPTED'],
    judge: refuseAt(
      'body',
      (x) =>
        x.op === 'postMerchantParticipations' &&
        Array.isArray(x.sent) &&
        x.sent.some((p: any) => Array.isArray(p?.wallets) && p.wallets.some((w: any) => w?.walletId === 3)),
      refusedMember('walletId', 'walletId is out of range'),
    ),
    ...blind,
    ...provider,
  }),
  fault('i63-in-merchantgroup-digits-refused', {
    rule: 'IN-PAT-MERCHANTGROUP, IN-VALID-ACCEPTED: a participation whose merchantGroup holds a digit is refused 400 (the group read as letters only), where provider 2.0.0 merchantGroup is upper-case letters or digits',
    rules: ['IN-PAT-MERCHANTGROUP', 'IN-VALID-ACCEPTED'],
    judge: refuseAt(
      'body',
      (x) =>
        x.op === 'postMerchantParticipations' &&
        Array.isArray(x.sent) &&
        x.sent.some((p: any) => /[0-9]/.test(String(p?.merchantGroup ?? ''))),
      refusedMember('merchantGroup', 'merchantGroup is invalid'),
    ),
    ...blind,
    ...provider,
  }),
  fault('i63-in-saveplan-correlation-upper-refused', {
    rule: 'IN-FMT-CORRELATION, IN-VALID-ACCEPTED: savePlan refuses 400 a Correlation-Id that is a UUID written with upper-case hex digits (the UUID form checked against lower case only), where provider 2.0.0 savePlan Correlation-Id is a UUID, whose hex digits take either case',
    rules: ['IN-FMT-CORRELATION', 'IN-VALID-ACCEPTED'],
    judge: refuseAt(
      'param',
      (x) => x.op === 'savePlan' && x.param?.name === 'Correlation-Id' && /[A-F]/.test(x.param.value ?? ''),
      refusedMember('Correlation-Id', 'Correlation-Id must be a UUID'),
    ),
    ...blind,
    ...provider,
  }),
  fault('i63-in-plan-delete-not-found', {
    rule: 'IN-TRANS-METHOD: a DELETE on /plans/{plan_id} is answered 404 (the method taken as a lookup of no resource) instead of 405, where provider 2.0.0 getPlan documents 405 for the other methods on that path',
    rules: ['IN-TRANS-METHOD'],
    answer: anyAnswer(
      (a) => {
        a.status = 404;
        delete a.headers.allow;
      },
      (a, x) => a.status === 405 && x.req.method === 'DELETE' && /\/plans\/[^/?]+$/.test(x.req.url.split('?')[0]),
    ),
    ...blind,
    ...provider,
  }),
  fault('i63-in-offer-frequency-titlecase', {
    rule: 'IN-RESP-FORMS: every offer answers its frequency in title case (Monthly), a value outside the enum provider 2.0.0 Offer.frequency lists',
    rules: ['IN-RESP-FORMS'],
    answer: okBody('approvedOffers', (b) => {
      for (const o of b.offers ?? [])
        if (typeof o.frequency === 'string') o.frequency = o.frequency.charAt(0) + o.frequency.slice(1).toLowerCase();
    }),
    ...blind,
    ...provider,
  }),
  fault('i63-in-participations-full-batch-refused', {
    rule: 'IN-LIM-PARTICIPATIONS, IN-VALID-ACCEPTED: a participation request holding exactly the maxItems of MerchantParticipations is refused 400 (the bound taken as exclusive), where provider 2.0.0 MerchantParticipations takes up to its maxItems',
    rules: ['IN-LIM-PARTICIPATIONS', 'IN-VALID-ACCEPTED'],
    judge: refuseAt(
      'body',
      (x) => x.op === 'postMerchantParticipations' && Array.isArray(x.sent) && x.sent.length === 30,
      refusedMember('body', 'too many participations'),
    ),
    ...blind,
    ...provider,
  }),
];
