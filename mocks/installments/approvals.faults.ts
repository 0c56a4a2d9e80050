// Faults of plan approvals (switched in approvals.ts; the limits and enums through the contract):
// each breaks one rule of schemas/installments/rules.yaml, the way a provider's release might.
// `rules` names the rule ids it breaks (`npm run mutation -- --targeted` runs the specs citing
// them). The faults of the suite's authors first, then those written blind (`origin: 'blind'`,
// measured apart by `npm run mutation -- --blind`).
import { faultCatalogue, independent, modelFault, seeded, type FaultSeams } from '../kit/faults.js';
import type { ApprovalSeams } from './state.js';
import { answered, blind, judged, relax, rule } from './fault-builders.js';

export const APPROVALS_FAULTS = faultCatalogue([
  judged(
    'approval-offer-id-optional-without-selection',
    'IN-REQ-APPROVAL-OFFER-ID: with consumer offer selection disabled, an approval without offerId decides the plan',
    ['IN-REQ-APPROVAL-OFFER-ID'],
    ['planApproval'],
    'offer-id',
    () => undefined,
  ),
  judged(
    'decline-reason-not-kept',
    'IN-REQ-PLAN-REJECT-REASON: the reason of a decline is not kept: getPlan reads the plan DECLINED without its rejectReasonCode',
    ['IN-REQ-PLAN-REJECT-REASON'],
    ['planApproval'],
    'decline-reason',
    () => undefined,
  ),
  answered(
    'approval-location-names-plan-reader',
    'IN-ECHO-PLAN-LOCATION: the 202 of an asynchronous decision names the plan reader in its Location (plans/<planId>), not the approval status to poll',
    ['IN-ECHO-PLAN-LOCATION'],
    'planApproval',
    (x: { operationId: string; plan: { planId: string } }, a) => ({ ...a, headers: { ...a.headers, Location: `plans/${x.plan.planId}` } }),
  ),
  // Seeded beside the write-scope property's open sibling (invariants.write-scope.spec.ts): a decision keyed by the card.
  seeded({
    id: 'in-prop-write-scope-async-decision-lands-on-open-plans-of-the-card',
    rule: 'IN-PROP-WRITE-SCOPE: an asynchronous decision (202) lands on the plan it names and on every other plan of the same card no decision has reached yet (a checkout found by its card); a synchronous one lands on its plan alone',
    source: 'seed',
    rules: ['IN-PROP-WRITE-SCOPE'],
    seams: {
      state: (x, plans) => {
        // A mock's seams are shared by its modules: another module's change is passed on as it is.
        if (x.operationId !== 'planApproval' || x.sync || !plans[0]) return plans;
        const [named] = plans;
        return [...plans, ...[...x.plans].filter((p) => p !== named && p.pan === named.pan && p.status === 'CREATED' && !p.pending)];
      },
    } satisfies FaultSeams<ApprovalSeams>,
  }),
  // Seeded beside the refused-request property (invariants.refused-no-trace.spec.ts): the refusal is answered, its decision kept.
  seeded({
    id: 'seeded-prop-approval-refusal-declines-plan',
    rule: 'IN-PROP-REFUSED-NO-TRACE: a planApproval refused for a member the contract refuses (400) records a decline on the plan it names',
    source: 'assumption',
    rules: ['IN-PROP-REFUSED-NO-TRACE'],
  }),
  // Seeded beside the check of every looked-up id's end forms (lookups.end-forms.spec.ts; origin 'seeded').
  seeded({
    id: 'seeded-approval-status-plan-id-last-char-ignored',
    rule: "IN-LOOKUP-EXACT: a plan is found by its id as sent (reference, Operations table: an unknown plan is 404); getPlanApprovalStatus finds a plan by all but its id's last character",
    source: 'assumption',
    rules: ['IN-LOOKUP-EXACT', 'IN-STATUS-PLAN-UNKNOWN'],
  }),
  // Limits, patterns, enums and array caps (provider 2.0.0): the mock's validation is loosened.
  relax(
    'rejectReasonDetail-max-unenforced',
    'rejectReasonDetail maxLength',
    'PlanApprovalRequest',
    ['properties', 'rejectReasonDetail'],
    { drop: ['maxLength'] },
    ['IN-LIM-REJECTDETAIL'],
  ),
  relax('rejectReasonCode-enum-unenforced', 'rejectReasonCode enum', 'RejectReasonCode', undefined, { drop: ['enum'] }, [
    'IN-ENUM-REJECTCODE',
  ]),
  relax('approval-status-enum-unenforced', 'approval status APPROVED|DECLINED', 'ApprovalDecision', undefined, { drop: ['enum'] }, [
    'IN-ENUM-DECISION',
  ]),
  // Plans and approvals (reference, Flows - checkout).
  rule('declined-recorded-as-approved', 'a DECLINED decision is recorded as DECLINED', ['IN-STATE-DECISION']),
  rule('approval-not-applied', 'a sync approval changes the plan status', ['IN-STATE-DECISION']),
  rule('sync-answers-202', 'sync=true answers 200 with callbackUrl', ['IN-STATUS-SYNC']),
  rule('async-approval-never-applied', 'an async (202) decision is applied', ['IN-STATE-DECISION']),
  rule('approval-status-stale', 'approval status shows the decision', ['IN-STATE-DECISION']),
  // Written blind (kit/faults.ts, blind): from the sources and the mock, without reading the specs.
  // Off-by-one limits (provider 2.0.0 field schemas; reference, Main fields).
  blind(
    'blind-reject-detail-5000-rejected',
    'planApproval rejectReasonDetail at most maxLength characters (provider; reference): enforced one lower, a valid detail of maxLength characters is refused',
    'provider',
    ['IN-LIM-REJECTDETAIL'],
    [{ schema: 'PlanApprovalRequest', at: ['properties', 'rejectReasonDetail'], set: { maxLength: 4999 } }],
  ),
  // State changes seen through other endpoints (seed 001, States; reference, Flows - checkout and services).
  blind(
    'blind-async-answered-sync',
    'planApproval without sync=true is asynchronous: 202, no body (provider: sync default false, 200 "only if the sync parameter is true"; reference): answered 200 with callbackUrl and applied at once',
    'provider',
    ['IN-STATUS-SYNC'],
  ),
  // Found only by a sequence of calls (the reference models, fixtures/models/): each single call answers right.
  modelFault({
    id: 'model-approval-decides-latest-plan',
    rule: 'a decision applies to the plan its planId names (seed 001, States; Endpoints): with two plans, deciding the earlier one decides the one created last',
    source: 'seed',
    rules: ['IN-STATE-DECISION', 'IN-PROP-WRITE-SCOPE'],
  }),
  // The second independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract and the rule catalogue only, the specs unread.
  independent('independent-2', {
    id: 'i2-async-decline-lands-approved',
    rule: 'a DECLINED decision is what the readers show (seed 001, States: approve or decline): an asynchronous (202) DECLINED lands as APPROVED; the synchronous one is kept',
    source: 'seed',
    rules: ['IN-STATE-DECISION'],
  }),
  independent('independent-2', {
    id: 'i2-approval-status-callback-http',
    rule: 'getPlanApprovalStatus answers the callback URL the synchronous approval answered (seed 001, Endpoints; provider PSPData): the status read gives it with http instead of https',
    source: 'provider',
    rules: ['IN-ECHO-CALLBACK'],
  }),
  // The third independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract, the rule catalogue and this mock only, the specs unread.
  independent('independent-3', {
    id: 'i3-approval-status-callback-of-latest-plan',
    rule: 'getPlanApprovalStatus answers the callbackUrl of the plan asked, the one the sync approval answered (provider 2.0.0, ApprovalStatus): it answers the callback URL of the latest plan created',
    source: 'provider',
    rules: ['IN-ECHO-CALLBACK'],
  }),
  // The fifth independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contracts and the rule catalogues, the specs unread.
  independent('independent-5', {
    id: 'i5-approval-sync-callback-with-status-query',
    rule: 'getPlanApprovalStatus answers the callbackUrl the sync approval answered (seed 001, GET /approvals): the sync answer appends ?status=<decision> to the URL, the status read does not',
    source: 'seed',
    rules: ['IN-ECHO-CALLBACK'],
  }),
  independent('independent-5', {
    id: 'i5-approval-status-read-ignores-async-decision',
    rule: "an async decision, once landed, shows in both getPlan and getPlanApprovalStatus (seed 001, States): the approval status read keeps showing the plan's status before an async decision",
    source: 'seed',
    rules: ['IN-STATE-DECISION'],
  }),
  independent('independent-6', {
    id: 'i6-approval-offerid-nine-accepted',
    rule: "an approval's offerId has exactly its fixed length (provider 2.0.0, PlanApprovalParameters.offerId): one character more is accepted (the maxLength off by one, the minLength kept)",
    source: 'provider',
    rules: ['IN-LIM-APPROVAL-OFFERID'],
    relax: [{ schema: 'PlanApprovalRequest', at: ['properties', 'offerId'], shift: { maxLength: 1 } }],
  }),
  independent('independent-6', {
    id: 'i6-approval-sync-false-answered-sync',
    rule: 'sync=false is answered 202 like no sync (provider 2.0.0, planApproval): the query value is read as a non-empty string, so sync=false gets the synchronous 200 with the callback URL',
    source: 'provider',
    rules: ['IN-STATUS-SYNC'],
  }),
  independent('independent-7', {
    id: 'i7-approval-decline-other-reason-approved',
    rule: 'a DECLINED decision is what getPlanApprovalStatus and getPlan show (seed 001, States: approve or decline): a decline whose rejectReasonCode is OTHER_REASON is recorded APPROVED',
    source: 'seed',
    rules: ['IN-STATE-DECISION'],
  }),
  // Independent set 8 (written blind: seed 001, provider 2.0.0, contract and catalogue only).
  independent('independent-8', {
    id: 'i8-approval-status-callback-id-uppercased',
    rule: 'getPlanApprovalStatus answers the callbackUrl the sync approval answered (provider 2.0.0 ApprovalStatus.callbackUrl; reference IN-ECHO-CALLBACK): the status reader rebuilds the URL with the plan id in upper case',
    source: 'provider',
    rules: ['IN-ECHO-CALLBACK'],
  }),
  independent('independent-9', {
    id: 'i9-approval-status-unknown-plan-answers-latest',
    rule: 'an unknown plan is 404 on getPlanApprovalStatus (reference, Operations: 404): a well-formed plan_id that names no plan is answered 200 with the status and callback of the latest plan (a lookup that falls back to the last row); getPlan still answers 404',
    source: 'assumption',
    rules: ['IN-STATUS-PLAN-UNKNOWN'],
  }),
  independent('independent-10', {
    id: 'i10-approval-reject-detail-5000-refused',
    rule: 'rejectReasonDetail has at most its maxLength of characters (provider 2.0.0 PlanApproval; IN-LIM-REJECTDETAIL): a detail of exactly the maximum length is refused 400 (upper bound read as exclusive)',
    source: 'provider',
    rules: ['IN-LIM-REJECTDETAIL'],
  }),
  independent('independent-10', {
    id: 'i10-approval-status-decline-reads-approved',
    rule: 'an APPROVED or DECLINED decision, sync or async, is what both getPlanApprovalStatus and getPlan show (seed 001 States; IN-STATE-DECISION): getPlanApprovalStatus shows a declined plan as APPROVED, while getPlan shows DECLINED',
    source: 'seed',
    rules: ['IN-STATE-DECISION'],
  }),
  independent('independent-11', {
    id: 'i11-approval-unknown-plan-async-accepted',
    rule: 'an approval of a plan the service does not know is 400 (reference/installments.md, Flows - checkout): without sync=true the unknown plan is answered 202 (the check kept on the sync path only)',
    source: 'assumption',
    rules: ['IN-STATE-APPROVAL-PLAN'],
  }),
  independent('independent-11', {
    id: 'i11-approval-sync-callback-trailing-slash',
    rule: 'getPlanApprovalStatus answers the callbackUrl the sync approval answered (seed 001, Endpoints callback URL; provider 2.0.0 PSPData): the sync approval answers the URL with a slash appended',
    source: 'provider',
    rules: ['IN-ECHO-CALLBACK'],
  }),
  independent('independent-12', {
    id: 'i12-approval-callback-from-body',
    rule: 'a response-only member sent in a planApproval body is not stored (provider 2.0.0, PlanApprovalRequest declares no callbackUrl): a callbackUrl sent with an async approval is what getPlanApprovalStatus answers',
    source: 'provider',
    rules: ['IN-OBJ-READ-ONLY'],
  }),
  independent('independent-12', {
    id: 'i12-approval-status-unknown-plan-400',
    rule: 'an unknown plan is 404 on getPlanApprovalStatus (provider 2.0.0, getPlanApprovalStatus 404): a well-formed plan_id of no plan is answered 400',
    source: 'provider',
    rules: ['IN-STATUS-PLAN-UNKNOWN'],
  }),
  independent('independent-13', {
    id: 'i13-approval-status-id-case-folded',
    rule: "a plan id is looked up exactly (reference, getPlanApprovalStatus 404; the catalogue's exact lookup): getPlanApprovalStatus finds the plan by its id written in upper case",
    source: 'assumption',
    rules: ['IN-LOOKUP-EXACT'],
  }),
  independent('independent-13', {
    id: 'i13-approval-status-accept-unchecked',
    rule: 'an Accept without JSON is 406 on the operations that document it (reference, getPlanApprovalStatus errors 406): getPlanApprovalStatus answers 200 JSON to Accept: text/plain',
    source: 'provider',
    rules: ['IN-TRANS-ACCEPT', 'IN-PROP-ACCEPT'],
  }),
  // Seeded beside the check that the sync flag is taken only as the boolean words true and false, on
  // both modes (checkout.validation.spec.ts), on the asynchronous one: the i14 fault answers TRUE synchronously.
  // Seeded beside the check that every accepted sync decision shows on both readers, whatever its reason (checkout.validation.spec.ts; origin 'seeded').
  seeded({
    id: 'seeded-approval-sync-cancellation-decline-not-applied',
    rule: 'IN-STATE-DECISION: a sync DECLINED decision is what both readers then show, whatever its reason; a decline for CONSUMER_CANCELLATION is answered 200 but not recorded, the plan stays undecided',
    source: 'seed',
    rules: ['IN-STATE-DECISION'],
  }),
  // Seeded beside the check that an async decline lands whatever its reason (checkout.flow.spec.ts; origin 'seeded').
  seeded({
    id: 'seeded-approval-async-system-error-decline-never-lands',
    rule: 'IN-STATE-DECISION: an async DECLINED decision is what both readers show once it lands, whatever its reason; a decline for LENDER_SYSTEM_ERROR sent without sync=true is answered 202 but never applied',
    source: 'seed',
    rules: ['IN-STATE-DECISION'],
  }),
  // Seeded beside the check that a sync decline's callbackUrl is the one the status read answers (checkout.flow.spec.ts; origin 'seeded').
  seeded({
    id: 'seeded-approval-sync-decline-callback-with-outcome-path',
    rule: 'IN-ECHO-CALLBACK: getPlanApprovalStatus answers the callbackUrl the sync approval answered, on a decline too; a sync decline answers the callbackUrl with /declined added to its path, the status read the plain one',
    source: 'provider',
    rules: ['IN-ECHO-CALLBACK'],
  }),
  seeded({
    id: 'seeded-approval-sync-false-case-folded',
    rule: 'IN-ERR-CONTRACT: planApproval takes sync as a boolean (provider 2.0.0, Sync); sync=False is read without its case and answered 202 as the asynchronous mode instead of refused 400',
    source: 'provider',
    rules: ['IN-ERR-CONTRACT', 'IN-STATUS-SYNC', 'IN-TYPE-FORMS'],
  }),
  independent('independent-14', {
    id: 'i14-approval-sync-case-folded',
    rule: 'planApproval takes the query flag sync as a boolean, true or false (provider 2.0.0, planApproval sync parameter, boolean; reference, Operations): sync=TRUE is read without its case and answered synchronously instead of refused 400',
    source: 'provider',
    rules: ['IN-STATUS-SYNC', 'IN-TYPE-FORMS'],
  }),
  independent('independent-15', {
    id: 'i15-approval-system-error-decline-not-applied',
    rule: 'a DECLINED decision, sync or async, is what getPlanApprovalStatus and getPlan then show (seed 001, States and transitions: approve or decline; provider 2.0.0 rejectReasonCode LENDER_SYSTEM_ERROR is one decline reason among others): on the sync path a decline whose rejectReasonCode is LENDER_SYSTEM_ERROR is taken as a retry and the plan stays undecided',
    source: 'provider',
    rules: ['IN-STATE-DECISION'],
  }),
  independent('independent-15', {
    id: 'i15-approval-sync-decline-callback-missing',
    rule: 'sync=true is answered 200 with the callbackUrl (reference/installments.md, planApproval: 200 {callbackUrl} when sync), the one getPlanApprovalStatus then answers: a synchronous decline is answered 200 with an empty body',
    source: 'assumption',
    rules: ['IN-ECHO-CALLBACK'],
  }),
  independent('independent-16', {
    id: 'i16-approval-status-async-decline-pending',
    rule: 'an APPROVED or DECLINED decision, sync or async, is what getPlanApprovalStatus shows (seed 001 States; Endpoints status of checkout): an asynchronous DECLINED decision, landed, is still read PENDING by getPlanApprovalStatus (getPlan shows it)',
    source: 'seed',
    rules: ['IN-STATE-DECISION'],
  }),
  // Seeded beside every length limit tried at its longest with multi-byte characters (origin 'seeded').
  seeded({
    id: 'seeded-approval-offer-id-length-in-bytes',
    rule: 'IN-LIM-APPROVAL-OFFERID: an approval names its offer by an id of one length in characters (provider 2.0.0 PlanApproval.offerId minLength and maxLength): the length counted in UTF-8 bytes, so an id of accented characters is refused',
    source: 'provider',
    rules: ['IN-LIM-APPROVAL-OFFERID'],
  }),
  independent('independent-17', {
    id: 'i17-approval-detail-limit-in-bytes',
    rule: 'rejectReasonDetail is limited in characters (provider 2.0.0 PlanApproval.rejectReasonDetail maxLength): the limit counted in UTF-8 bytes, so a detail of accented characters at the limit is refused',
    source: 'provider',
    rules: ['IN-LIM-REJECTDETAIL'],
  }),
  independent('independent-17', {
    id: 'i17-approval-status-declined-callback-trailing-slash',
    rule: 'getPlanApprovalStatus answers the callbackUrl the approval answered (provider 2.0.0 ApprovalStatus.callbackUrl): for a DECLINED plan it adds a trailing slash',
    source: 'provider',
    rules: ['IN-ECHO-CALLBACK'],
  }),
  // The second red team (origin 'seeded', ids rt2-): deviations a stranger would write, measured before any check was extended.
  seeded({
    id: 'rt2-approval-status-callback-suffix-dropped',
    rule: 'IN-ECHO-CALLBACK: getPlanApprovalStatus answers the callbackUrl the sync approval answered (seed 001 Endpoints; provider 2.0.0 PSPData): the status reader rebuilds the URL without its last path segment',
    source: 'provider',
    rules: ['IN-ECHO-CALLBACK'],
  }),
  // Seeded beside the card's masked forms on every answer (security.sensitive-values.spec.ts; origin 'seeded').
  seeded({
    id: 'seeded-approval-status-card-first-six',
    rule: "IN-OBJ-SENSITIVE: answers carry at most the last four digits of a card (provider 2.0.0: card data only encrypted in requests, panLastFour at most in answers): getPlanApprovalStatus names the plan's card by its first six digits",
    source: 'provider',
    rules: ['IN-OBJ-SENSITIVE'],
  }),
  seeded({
    id: 'seeded-approval-sync-card-bin-hash-masked',
    rule: "IN-OBJ-SENSITIVE: answers carry at most the last four digits of a card (provider 2.0.0: card data only encrypted in requests, panLastFour at most in answers): a synchronous approval names the plan's card by its first six and last four, # between",
    source: 'provider',
    rules: ['IN-OBJ-SENSITIVE'],
  }),
  // Seeded beside the plans model's readers of an undecided plan (plans.model.spec.ts; origin 'seeded').
  seeded({
    id: 'seeded-approval-status-pending-reads-approved',
    rule: 'IN-STATE-DECISION: a plan is approved or declined by an approval, and shows no decision it was not given (seed 001, States): getPlanApprovalStatus reads a plan whose asynchronous decision has not landed yet as APPROVED, whatever the decision pending',
    source: 'seed',
    rules: ['IN-STATE-DECISION'],
  }),
  independent('independent-18', {
    id: 'i18-approval-status-approved-callback-with-status',
    rule: 'getPlanApprovalStatus answers the callbackUrl the sync approval answered (seed 001, Endpoints: callback URL; provider 2.0.0 PSPData): for an APPROVED plan the status read adds ?status=APPROVED to it',
    source: 'provider',
    rules: ['IN-ECHO-CALLBACK'],
  }),
  independent('independent-18', {
    id: 'i18-approval-status-undecided-reads-approved',
    rule: 'a plan is approved or declined by an approval (seed 001, States and transitions): getPlanApprovalStatus reads a plan no approval has decided yet as APPROVED',
    source: 'seed',
    rules: ['IN-STATE-DECISION'],
  }),
  independent('independent-19', {
    id: 'i19-async-partial-approval-lands-declined',
    rule: "an APPROVED decision, sync or async, is what both getPlanApprovalStatus and getPlan show (seed 001 States): an asynchronous approval with an approvedAmount below the plan's amount lands as DECLINED",
    source: 'seed',
    rules: ['IN-STATE-DECISION'],
  }),
  independent('independent-19', {
    id: 'i19-approval-async-auth-fail-reason-refused',
    rule: 'rejectReasonCode is one of the six reasons, each accepted (provider 2.0.0 PlanApproval.rejectReasonCode): an asynchronous decline with CONSUMER_AUTH_FAIL is refused 400 as an unknown reason',
    source: 'provider',
    rules: ['IN-ENUM-REJECTCODE'],
  }),
  independent('independent-20', {
    id: 'i20-approval-plan-id-case-folded',
    rule: 'a plan id with a character changed names no plan, and an approval of a plan the service does not know is 400 (reference, Approval; provider 2.0.0 PlanApproval.planId): planApproval finds the plan by its id in any case, an upper-cased id deciding the plan (200/202)',
    source: 'provider',
    rules: ['IN-LOOKUP-EXACT', 'IN-STATE-APPROVAL-PLAN'],
  }),
  independent('independent-22', {
    id: 'i22-approval-sync-partial-approval-recorded-declined',
    rule: 'an APPROVED decision is what getPlanApprovalStatus and getPlan then show (seed 001, plan approval): a synchronous approval with an approvedAmount below the plan amount is answered 200 but recorded DECLINED',
    source: 'seed',
    rules: ['IN-STATE-DECISION'],
  }),
  independent('independent-23', {
    id: 'i23-approval-unknown-plan-sync-answered',
    rule: 'an approval of a plan the service does not know is 400 (reference installments.md, checkout): with sync=true an unknown planId is answered 200 with the callback URL it would have',
    source: 'assumption',
    rules: ['IN-STATE-APPROVAL-PLAN'],
  }),
  independent('independent-23', {
    id: 'i23-approval-status-callback-double-slash',
    rule: 'getPlanApprovalStatus answers the callbackUrl the sync approval answered (provider 2.0.0 PlanApprovalStatus.callbackUrl): the reader joins the base URL and the path with a double slash',
    source: 'provider',
    rules: ['IN-ECHO-CALLBACK'],
  }),
  independent('independent-24', {
    id: 'i24-approval-status-callback-http-non-usd',
    rule: 'getPlanApprovalStatus answers the callbackUrl the sync approval answered (provider 2.0.0, ApprovalStatus.callbackUrl): for a plan not in USD the status read gives it with http instead of https',
    source: 'provider',
    rules: ['IN-ECHO-CALLBACK'],
  }),
  independent('independent-25', {
    id: 'i25-approval-status-callback-plan-id-undashed',
    rule: 'getPlanApprovalStatus answers the callbackUrl the sync approval answered (seed 001, Endpoints; provider 2.0.0 PSPData): the status read rebuilds it with the plan id without its dashes',
    source: 'provider',
    rules: ['IN-ECHO-CALLBACK'],
  }),
  independent('independent-26', {
    id: 'i26-approval-unknown-plan-404',
    rule: 'an approval of a plan the service does not know is 400 (reference installments.md, approvals): it is answered 404',
    source: 'assumption',
    rules: ['IN-STATE-APPROVAL-PLAN'],
  }),
  independent('independent-27', {
    id: 'i27-approval-async-answered-200',
    rule: 'an asynchronous approval (sync=false or no sync) is answered 202 (provider 2.0.0, planApproval 200/202; Sync default false): it is answered 200 with an empty body',
    source: 'provider',
    rules: ['IN-STATUS-SYNC'],
  }),
  independent('independent-27', {
    id: 'i27-approval-status-approved-lowercase',
    rule: 'the approval status shows the decision APPROVED or DECLINED (seed 001, States; provider 2.0.0 status enum): getPlanApprovalStatus writes an approved plan as approved in lower case',
    source: 'seed',
    rules: ['IN-STATE-DECISION', 'IN-ENUM-DECISION'],
  }),
  independent('independent-29', {
    id: 'i29-inst-approval-bad-sync-still-approves',
    rule: 'a refused approval leaves the plan as it was (seed 001, POST /approvals; reference, sync is a boolean): an approval refused 400 for a sync value other than true or false has already set the plan APPROVED',
    source: 'assumption',
    rules: ['IN-PROP-REFUSED-NO-TRACE', 'IN-STATUS-SYNC'],
  }),
  independent('independent-29', {
    id: 'i29-inst-approval-status-404-recoverable-string',
    rule: 'every error item carries a boolean Recoverable (reference, Error body; provider 2.0.0): the 404 of getPlanApprovalStatus writes Recoverable as the string "false"',
    source: 'provider',
    rules: ['IN-ERR-SHAPE', 'IN-STATUS-PLAN-UNKNOWN'],
  }),
  independent('independent-30', {
    id: 'i30-inst-approval-refused-offer-id-still-decides',
    rule: "an approval refused 400 leaves the plan as it was (reference, Main fields - Approval: offerId length; a refused request changes nothing): an approval refused for its offerId's length has already recorded its APPROVED or DECLINED on the plan, seen by getPlanApprovalStatus and getPlan",
    source: 'provider',
    rules: ['IN-PROP-REFUSED-NO-TRACE', 'IN-LIM-APPROVAL-OFFERID'],
  }),
  independent('independent-31', {
    id: 'i31-inst-approval-decided-before-signature',
    rule: 'a request without a valid OAuth 1.0a signature is 401 and changes nothing (reference, Transport and auth; a refused request is not carried out in part): planApproval records the decision its body names on the plan before the signature is verified, so a 401 approval is seen by getPlan',
    source: 'assumption',
    rules: ['IN-PROP-REFUSED-NO-TRACE', 'IN-AUTH-SIGNATURE'],
  }),
  independent('independent-31', {
    id: 'i31-inst-approval-declined-always-sync',
    rule: 'planApproval answers 200 only when sync=true, else 202 (provider 2.0.0, Sync default false; reference, Operations): a DECLINED decision is answered 200 with the synchronous body whatever sync asks',
    source: 'provider',
    rules: ['IN-STATUS-SYNC'],
  }),
  independent('independent-32', {
    id: 'i32-inst-approval-lender-driven-decline-refused',
    rule: 'rejectReasonCode takes any of its enum values (provider 2.0.0, planApproval rejectReasonCode): a synchronous decline for LENDER_DRIVEN_REJECTION is refused 400 as an unknown reason',
    source: 'provider',
    rules: ['IN-ENUM-REJECTCODE'],
  }),
  independent('independent-32', {
    id: 'i32-inst-approval-status-pending-404',
    rule: 'getPlanApprovalStatus answers 200 with the status of any plan the service knows (seed 001, GET /approvals/{plan_id}; provider 2.0.0): a plan whose asynchronous decision has not landed yet is answered 404 as unknown',
    source: 'provider',
    rules: ['IN-STATE-DECISION', 'IN-STATUS-PLAN-UNKNOWN'],
  }),
  independent('independent-34', {
    id: 'i34-inst-approval-status-callback-url-encoded',
    rule: 'the approval status answers the callback URL the approval gave (provider 2.0.0, getPlanApprovalStatus callbackUrl): the status read answers the callbackUrl percent-encoded whole, as if for a query parameter',
    source: 'provider',
    rules: ['IN-ECHO-CALLBACK'],
  }),
  independent('independent-34', {
    id: 'i34-inst-approval-long-detail-refused-still-declines',
    rule: 'an approval refused 400 leaves the plan as it was (reference, Approval rejectReasonDetail at most its maxLength): a decline refused for its over-long rejectReasonDetail declines the plan all the same',
    source: 'assumption',
    rules: ['IN-PROP-REFUSED-NO-TRACE', 'IN-LIM-REJECTDETAIL'],
  }),
  independent('independent-35', {
    id: 'i35-inst-approval-other-reason-needs-detail',
    rule: 'rejectReasonCode takes each of its reasons and rejectReasonDetail is optional (reference, Main fields - Approval; provider 2.0.0): a decline for OTHER_REASON without a rejectReasonDetail is refused 400',
    source: 'provider',
    rules: ['IN-ENUM-REJECTCODE'],
  }),
  independent('independent-36', {
    id: 'i36-inst-approval-sync-decline-applied-late',
    rule: 'a sync approval (sync=true, answered with the callback) is decided when answered (reference, Operations: planApproval; Flows - checkout, plan read back with the decision): a sync decline is only queued, getPlan and the approval status still show the plan undecided right after that answer',
    source: 'assumption',
    rules: ['IN-STATUS-SYNC', 'IN-STATE-DECISION', 'IN-PROP-ANSWER-IS-STATE'],
  }),
  independent('independent-38', {
    id: 'i38-inst-approval-unknown-reason-refused-still-declines',
    rule: 'a refused request changes nothing; rejectReasonCode is one of its enum (reference, Main fields: Approval): a decline refused 400 for a rejectReasonCode outside the enum has already declined the plan it names',
    source: 'assumption',
    rules: ['IN-ENUM-REJECTCODE', 'IN-PROP-REFUSED-NO-TRACE'],
  }),
  independent('independent-38', {
    id: 'i38-inst-approval-status-malformed-id-400',
    rule: 'getPlanApprovalStatus answers 200, 401, 403, 404 or 406, a plan_id of no plan 404 (reference, Operations; provider 2.0.0): a plan_id that is not a UUID is answered 400',
    source: 'provider',
    rules: ['IN-STATUS-PLAN-UNKNOWN', 'IN-PROP-ERROR-STATUS'],
  }),
]);
