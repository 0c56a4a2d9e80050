// Faults of plan approvals (approvals.ts's seams; limits and enums through the contract), each breaking one rule of
// schemas/installments/rules.yaml. The suite's authors' faults first, then the blind ones (`origin: 'blind'`).
import { assumption, blind, faultCatalogue, provider, seeded, schema } from '../kit/faults.js';
import { okBody, paramUnchecked, refuseAt, relaxed, skipAt, type Changing, type Judging, fault } from './fault-builders.js';
import { INVALID } from './errors.js';
import type { Change, Exchange } from './seams.js';

/** A refused approval that records a decision all the same (the one it carries, or `decision`), where `when` holds of what it sent. */
const recordsRefused =
  (when: (sent: Record<string, any>, x: Exchange) => boolean, decision?: string): Changing =>
  (x, c) => {
    const sent = x.sent;
    const plan = typeof sent?.planId === 'string' ? x.world.plans.get(sent.planId) : undefined;
    if (x.op === 'planApproval' && x.refused !== undefined && plan && when(sent, x)) plan.status = decision ?? sent.status;
    return c;
  };
/** The plan a refusal at `step` found none for, looked up otherwise (`find`): taken as the one named. */
const foundOtherwise =
  (step: 'approval-plan' | 'approval-status-plan', find: (x: Exchange) => Exchange['plan']): Judging =>
  (x, s, r) => {
    const found = s === step && r ? find(x) : undefined;
    if (!found) return r;
    x.plan = found;
    return undefined;
  };
const decided = (status: string) => (_b: unknown, x: Exchange) => x.ok?.body.status === status;

export const APPROVALS_FAULTS = faultCatalogue([
  fault('approval-offer-id-optional-without-selection', {
    rule: 'IN-REQ-APPROVAL-OFFER-ID: with consumer offer selection disabled, an approval without offerId decides the plan',
    judge: skipAt('approval-offer-id'),
    ...provider,
  }),
  fault('decline-reason-not-kept', {
    rule: 'IN-REQ-PLAN-REJECT-REASON: the reason of a decline is not kept: getPlan reads the plan DECLINED without its rejectReasonCode',
    state: (x, c) => (x.op === 'planApproval' && c.reason !== undefined ? { ...c, reason: undefined } : c),
    ...provider,
  }),
  // Seeded beside the write-scope property's open sibling (invariants.write-scope.spec.ts): a decision keyed by the card.
  fault('in-prop-write-scope-async-decision-lands-on-open-plans-of-the-card', {
    rule: 'IN-PROP-WRITE-SCOPE: an asynchronous decision (202) lands on the plan it names and on every other plan of the same card no decision has reached yet (a checkout found by its card); a synchronous one lands on its plan alone',
    ...seeded,
    state: (x: Exchange, c: Change) => {
      if (x.op !== 'planApproval' || c.sync !== false || !c.plan) return c;
      const named = c.plan;
      const open = [...x.world.plans.values()].filter((p) => p !== named && p.pan === named.pan && p.status === 'CREATED' && !p.pending);
      return { ...c, plans: [...(c.plans ?? [named]), ...open] };
    },
  }),
  // Seeded beside the refused-request property (invariants.refused-no-trace.spec.ts): the refusal is answered, its decision kept.
  fault('in-prop-refused-no-trace-approval-refusal-declines-plan', {
    rule: 'IN-PROP-REFUSED-NO-TRACE: a planApproval refused for a member the contract refuses (400) records a decline on the plan it names',
    ...assumption,
    ...seeded,
    state: recordsRefused(() => true, 'DECLINED'),
  }),
  ...relaxed([
    ['rejectReasonCode-enum-unenforced', 'rejectReasonCode enum', 'RejectReasonCode', ['enum'], ['IN-ENUM-REJECTCODE']],
    ['approval-status-enum-unenforced', 'approval status APPROVED|DECLINED', 'ApprovalDecision', ['enum'], ['IN-ENUM-DECISION']],
  ]),
  // Written blind (kit/faults.ts, blind): from the sources and the mock, without reading the specs.
  // Off-by-one limits (provider 2.0.0 field schemas; reference, Main fields).
  fault('in-lim-rejectdetail-reject-detail-5000-rejected', {
    rule: 'planApproval rejectReasonDetail at most maxLength characters (provider; reference): enforced one lower, a valid detail of maxLength characters is refused',
    rules: ['IN-LIM-REJECTDETAIL'],
    relax: schema('PlanApprovalRequest.rejectReasonDetail', { set: { maxLength: 4999 } }),
    ...blind,
    ...provider,
  }),
  fault('in-obj-read-only-approval-callback-from-body', {
    rule: 'a response-only member sent in a planApproval body is not stored (provider 2.0.0, PlanApprovalRequest declares no callbackUrl): a callbackUrl sent with an async approval is what getPlanApprovalStatus answers',
    rules: ['IN-OBJ-READ-ONLY'],
    state: (x, c) => {
      if (x.op === 'planApproval' && c.plan && !c.sync && typeof x.ok?.body.callbackUrl === 'string')
        c.plan.callbackUrl = x.ok.body.callbackUrl;
      return c;
    },
    ...provider,
  }),
  // Seeded beside the check that a sync decline's callbackUrl is the one the status read answers (checkout.flow.spec.ts; origin 'seeded').
  fault('in-echo-callback-approval-sync-decline-callback-with-outcome-path', {
    rule: 'IN-ECHO-CALLBACK: getPlanApprovalStatus answers the callbackUrl the sync approval answered, on a decline too; a sync decline answers the callbackUrl with /declined added to its path, the status read the plain one',
    ...seeded,
    answer: okBody('planApproval', (b) => ({ callbackUrl: `${b.callbackUrl}/declined` }), decided('DECLINED')),
    ...provider,
  }),
  fault('in-err-contract-approval-sync-false-case-folded', {
    rule: 'IN-ERR-CONTRACT: planApproval takes sync as a boolean (provider 2.0.0, Sync); sync=False is read without its case and answered 202 as the asynchronous mode instead of refused 400',
    rules: ['IN-STATUS-SYNC', 'IN-TYPE-FORMS'],
    ...seeded,
    judge: paramUnchecked('sync', (v) => /^false$/i.test(v ?? ''), 'planApproval'),
    ...provider,
  }),
  fault('in-enum-rejectcode-approval-async-auth-fail-reason-refused', {
    rule: 'rejectReasonCode is one of the six reasons, each accepted (provider 2.0.0 PlanApproval.rejectReasonCode): an asynchronous decline with CONSUMER_AUTH_FAIL is refused 400 as an unknown reason',
    rules: ['IN-ENUM-REJECTCODE'],
    judge: refuseAt(
      'approval-decision',
      (x) => x.ok?.query.get('sync') !== 'true' && x.ok?.body.rejectReasonCode === 'CONSUMER_AUTH_FAIL',
      () => ({ status: 400, reasonCode: INVALID, description: 'rejectReasonCode is not a known reason', details: 'rejectReasonCode' }),
    ),
    ...provider,
  }),
  fault('in-lookup-exact-approval-plan-id-case-folded', {
    rule: 'a plan id with a character changed names no plan, and an approval of a plan the service does not know is 400 (reference, Approval; provider 2.0.0 PlanApproval.planId): planApproval finds the plan by its id in any case, an upper-cased id deciding the plan (200/202)',
    rules: ['IN-LOOKUP-EXACT', 'IN-STATE-APPROVAL-PLAN'],
    judge: foundOtherwise('approval-plan', (x) =>
      [...x.world.plans.values()].find((p) => p.planId.toLowerCase() === String(x.ok?.body.planId).toLowerCase()),
    ),
    ...provider,
  }),
  fault('in-state-decision-approval-status-approved-lowercase', {
    rule: 'the approval status shows the decision APPROVED or DECLINED (seed 001, States; provider 2.0.0 status enum): getPlanApprovalStatus writes an approved plan as approved in lower case',
    rules: ['IN-STATE-DECISION', 'IN-ENUM-DECISION'],
    answer: okBody(
      'getPlanApprovalStatus',
      (b) => ({ ...b, status: 'approved' }),
      (_b, x) => x.plan?.status === 'APPROVED',
    ),
  }),
  fault('in-status-sync-approval-sync-decline-applied-late', {
    rule: 'a sync approval (sync=true, answered with the callback) is decided when answered (reference, Operations: planApproval; Flows - checkout, plan read back with the decision): a sync decline is only queued, getPlan and the approval status still show the plan undecided right after that answer',
    rules: ['IN-STATUS-SYNC', 'IN-STATE-DECISION', 'IN-PROP-ANSWER-IS-STATE'],
    ...assumption,
    state: (x, c) => (x.op === 'planApproval' && c.sync && c.decision === 'DECLINED' ? { ...c, late: true } : c),
  }),
]);
