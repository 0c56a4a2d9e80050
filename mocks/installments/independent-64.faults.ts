// Faults written blind (independent set 64): from seed 001, the provider's 2.0.0 document and the rule catalogue only, the suite unread.
import { verifyRequest } from '../../helpers/auth/oauth1.js';
import { blind, provider } from '../kit/faults.js';
import { INVALID } from './errors.js';
import { answerOf, errorItems, fault, loosen, refuseAt, skipAt, type Answering, type Changing } from './fault-builders.js';
import { signedUrl } from './guard.js';
import type { Exchange } from './seams.js';

/** The error body of a refusal written by a fault's answer (one item, as errors.ts writes them). */
const errorBody = (ReasonCode: string, Description: string, Details?: string) => ({
  Errors: { Error: [{ Source: 'installments', ReasonCode, Description, Recoverable: false, ...(Details ? { Details } : {}) }] },
});

/** The cards a deregistration took out of a list, kept in the fault's memory (the state seam of deregisterPans, card by card). */
const rememberDeregistered: Changing = (x, change, memory) => {
  if (x.op === 'deregisterPans' && change.holder && typeof change.pan === 'string') (memory.gone ??= new Set<string>()).add(change.pan);
  return change;
};
const deregistered = (x: Exchange, memory: Record<string, any>) => Boolean(x.plan && memory.gone?.has(x.plan.pan));

/** getPlan of a plan whose card has been deregistered: 404, as if the plan had gone with the card. */
const plansGoneWithCard: Answering = (x, a, memory) => {
  if (x.op === 'getPlan' && a.status === 200 && deregistered(x, memory)) {
    a.status = 404;
    a.body = errorBody('PLAN_NOT_FOUND', 'No plan with this plan_id.', 'plan_id');
  }
  return a;
};

/** The last day of its UTC month. */
const monthsLastDay = (ms: number) => {
  const d = new Date(ms);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate() === d.getUTCDate();
};

/**
 * getPlanApprovalStatus of a plan whose approval was posted on a month's last day: 404 at once. The window's end is written as the
 * same year and month with the day after, a date no calendar has on a month's last day, so every read compares against an invalid end.
 */
const windowEndInvalidAtMonthEnd: Answering = (x, a, memory) => {
  if (x.op === 'planApproval' && a.status < 300 && typeof x.sent?.planId === 'string') (memory.at ??= {})[x.sent.planId] = x.now;
  const id = (x.req.params as { plan_id?: string } | undefined)?.plan_id;
  const at = id ? memory.at?.[id] : undefined;
  if (x.op === 'getPlanApprovalStatus' && a.status === 200 && at !== undefined && monthsLastDay(at)) {
    a.status = 404;
    a.body = errorBody('PLAN_NOT_FOUND', 'No plan with this plan_id.', 'plan_id');
  }
  return a;
};

/** Two cards (or a card and a range end) of the same issuer BIN, the leading digits an issuer identification number takes. */
const sameBin = (a: string, b: string | undefined) => typeof b === 'string' && b.length > 6 && a.slice(0, 6) === b.slice(0, 6);

/** An offers request's card, as decrypted by the guard. */
const offeredCard = (x: Exchange): string | undefined => {
  const pan = x.ok?.plain?.consumer?.primaryAccountNumber;
  return pan === undefined ? undefined : String(pan);
};

/** The signature of a planApproval verified without its body hash (the hash compared only where a route asks for it). */
const bodyHashUnchecked = (x: Exchange): boolean => {
  if (x.op !== 'planApproval' || x.signed?.ok !== false || x.signed.reason !== 'body-hash') return false;
  const again = verifyRequest(
    { method: x.req.method, url: signedUrl(x.req), authorization: x.req.headers.authorization, body: undefined },
    (key) => x.world.keys.find((k) => k.consumerKey === key)?.publicKey,
    { bodyHash: false, signature: true },
  );
  if (!again.ok) return false;
  x.signed = again;
  return true;
};

export const INDEPENDENT_64_INSTALLMENTS_FAULTS = [
  fault('i64-in-dereg-hides-card-plans', {
    rule: 'IN-PROP-WRITE-SCOPE: once a card is deregistered from its PAN list, getPlan of every plan selected with that card answers 404 (the plans cascaded away with the card), where seed 001 Endpoints has the deregistration take cards out of a pan list only and getPlan return the plan of the plan id selected',
    rules: ['IN-PROP-WRITE-SCOPE'],
    state: rememberDeregistered,
    answer: plansGoneWithCard,
    ...blind,
  }),
  fault('i64-in-approval-refused-after-dereg', {
    rule: "IN-PROP-WRITE-SCOPE, IN-VALID-ACCEPTED: an approval or decline of a plan whose card has since been deregistered from its PAN list is refused 400 (the plan's card checked for eligibility again at the decision), where seed 001 Endpoints and provider 2.0.0 planApproval let the provider approve or decline the plan its planId names, the pan list not consulted",
    rules: ['IN-PROP-WRITE-SCOPE', 'IN-VALID-ACCEPTED'],
    state: rememberDeregistered,
    judge: refuseAt('approval-plan', (x, memory) => x.op === 'planApproval' && deregistered(x, memory), {
      status: 400,
      reasonCode: 'invalid.request.parameter',
      description: 'The card of the plan is not registered for installments.',
      details: 'planId',
    }),
    ...blind,
    ...provider,
  }),
  fault('i64-in-dereg-all-absent-refused', {
    rule: 'IN-VAL-PAN-COUNTS: a deregistration none of whose cards the list holds (the same deregistration sent a second time, once the first took them out) is refused 400 as a whole instead of answered 200 with each card counted in failureCount, where provider 2.0.0 Deregistration counts the pans processed unsuccessfully and its 200 example counts a card not in the list failed',
    rules: ['IN-VAL-PAN-COUNTS'],
    answer: answerOf(
      'deregisterPans',
      (a) => {
        a.status = 400;
        a.body = errorBody(INVALID, 'pan is not linked to the pan list', 'encryptedValue');
      },
      (a) => a.status === 200 && a.body?.successfulCount === '0' && Number(a.body?.failureCount) > 0,
    ),
    ...blind,
    ...provider,
  }),
  fault('i64-in-panlist-name-taken-refused', {
    rule: 'IN-EXCL-PANLIST, IN-VALID-ACCEPTED: a registration creating a list by a panListName another list of the customer already bears (the same creation sent again) is refused 400, the list name taken as unique, where provider 2.0.0 registerPans creates a new list of its own panListId whenever a name comes without a panListId',
    rules: ['IN-EXCL-PANLIST', 'IN-VALID-ACCEPTED'],
    judge: refuseAt(
      'register-name',
      (x) =>
        x.op === 'registerPans' &&
        x.sent?.panListId === undefined &&
        typeof x.sent?.panListName === 'string' &&
        [...x.world.panLists.values()].some((l) => l.panListName === x.sent.panListName),
      { status: 400, reasonCode: INVALID, description: 'panListName is already used by a pan list', details: 'panListName' },
    ),
    ...blind,
    ...provider,
  }),
  fault('i64-in-offers-earlier-answer-superseded', {
    rule: "IN-STATE-PLAN-OFFER: of two offers answers given to one card, a plan choosing an offer of the earlier answer is refused 400 as naming no offers (only the card's latest offers answer kept), where provider 2.0.0 savePlan has the consumer choose a previously presented offer of the offers transaction named",
    rules: ['IN-STATE-PLAN-OFFER'],
    judge: refuseAt(
      'plan-offers',
      (x) => {
        if (x.op !== 'savePlan' || !x.otx) return false;
        const ofCard = [...x.world.offerTransactions.values()].filter((t) => t.pan === x.otx!.pan);
        return ofCard.at(-1) !== x.otx;
      },
      {
        status: 400,
        reasonCode: INVALID,
        description: 'offerTransactionId names no offers of this service',
        details: 'offerTransactionId',
      },
    ),
    ...blind,
    ...provider,
  }),
  fault('i64-in-checkout-status-month-last-day', {
    rule: "IN-ECHO-CALLBACK: the checkout status of a plan whose approval was posted on a month's last day (UTC) answers 404 at once (the window's end written as the next day of the same month, no such date), where provider 2.0.0 getPlanApprovalStatus answers the status and callback URL within the window the approval opens, counted from the approval posted",
    rules: ['IN-ECHO-CALLBACK'],
    answer: windowEndInvalidAtMonthEnd,
    ...blind,
    ...provider,
  }),
  fault('i64-in-offers-localdatetime-no-zone-taken', {
    rule: 'IN-ERR-CONTRACT: an offers request whose transaction localDateTime is a date and time without its zone (no Z, no offset) is taken and offered installments (parsed as a local date-time), where provider 2.0.0 TransactionParameters.localDateTime is an RFC 3339 date and time, which carries its offset',
    rules: ['IN-ERR-CONTRACT'],
    judge: loosen(
      'approvedOffers',
      (v, x) =>
        v.field === 'transaction.localDateTime' &&
        v.keyword === 'format' &&
        /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?$/.test(String(x.sent?.transaction?.localDateTime)),
    ),
    ...blind,
    ...provider,
  }),
  fault('i64-in-plan-transmission-offset-refused', {
    rule: 'IN-FMT-PLAN-DATETIME, IN-VALID-ACCEPTED: a plan whose transaction transmissionDateTime is an RFC 3339 date and time with a numeric offset (not Z) is refused 400 invalid.request.parameter as an invalid datetime format (only the UTC designator taken), where provider 2.0.0 CardedTransaction.transmissionDateTime is an RFC 3339 date and time, whose zone is Z or an offset',
    rules: ['IN-FMT-PLAN-DATETIME', 'IN-VALID-ACCEPTED'],
    judge: refuseAt(
      'plan-bounds',
      (x) => x.op === 'savePlan' && /T.*[+-]\d\d:\d\d$/.test(String(x.sent?.transaction?.transmissionDateTime ?? '')),
      {
        status: 400,
        reasonCode: 'invalid.request.parameter',
        description: 'Invalid datetime format.',
        details: 'transaction.transmissionDateTime',
      },
    ),
    ...blind,
    ...provider,
  }),
  fault('i64-in-accept-refusal-reasoncode-number', {
    rule: "IN-ERR-SHAPE: the 406 of getPlanApprovalStatus (an Accept taking no JSON) answers its error item's ReasonCode as the JSON number of the status, not a string, on that refusal path only, where provider 2.0.0 Error.ReasonCode is a string",
    rules: ['IN-ERR-SHAPE'],
    answer: errorItems(
      (item, a) => {
        item.ReasonCode = a.status;
      },
      (a, x) => x.op === 'getPlanApprovalStatus' && a.status === 406,
    ),
    ...blind,
    ...provider,
  }),
  fault('i64-in-notify-authcode-from-stan', {
    rule: "IN-NOTIFY-SHAPE: the notification of a selected plan carries as transaction.authorizationCode the stan the selection sent (the member filled from its neighbour), not the authorizationCode the plan's transaction holds, where provider 2.0.0 notifyPlan's transaction is the plan's transaction, each member its own",
    rules: ['IN-NOTIFY-SHAPE'],
    delivery: (_x, d) => {
      const t = d.body?.transaction;
      if (t && t.authorizationCode !== undefined && t.stan !== undefined && t.stan !== t.authorizationCode)
        d.body = { ...d.body, transaction: { ...t, authorizationCode: t.stan } };
      return d;
    },
    ...blind,
    ...provider,
  }),
  fault('i64-in-approval-body-hash-unchecked', {
    rule: 'IN-AUTH-BODY-HASH: an approval whose body was changed after signing (oauth_body_hash no longer its hash) is taken and decides the plan, the body hash compared on the other operations only, where reference Transport and auth has every body signed by its oauth_body_hash',
    rules: ['IN-AUTH-BODY-HASH'],
    judge: skipAt('signature', bodyHashUnchecked),
    ...blind,
  }),
  fault('i64-in-offers-eligible-by-bin', {
    rule: "IN-RANGE-WHOLE: a card outside a registered account range whose leading issuer digits (its BIN) are those of the range's low end is offered installments, the range compared on the card's BIN, where provider 2.0.0 AccountRange names the cards between its low and high ends",
    rules: ['IN-RANGE-WHOLE'],
    judge: skipAt('offers-card', (x) => {
      const pan = offeredCard(x);
      return (
        x.op === 'approvedOffers' &&
        pan !== undefined &&
        [...x.world.panLists.values()].some((l) => sameBin(pan, l.accountRange?.accountRangeLow))
      );
    }),
    ...blind,
    ...provider,
  }),
  fault('i64-in-undecryptable-dereg-empty', {
    rule: 'IN-JWE-DECRYPT: a deregistration whose encryptedValue does not decrypt with the published key is answered 200 with nothing counted (the card data read as no cards), not refused 400, where reference Payload encryption has the card data a JWE made with the published key',
    rules: ['IN-JWE-DECRYPT'],
    answer: answerOf(
      'deregisterPans',
      (a, x) => {
        a.status = 200;
        a.body = { panListId: String(x.sent?.panListId), successfulCount: '0', failureCount: '0' };
      },
      (a) => {
        const item = [a.body?.Errors?.Error ?? []].flat()[0];
        return a.status === 400 && item?.Details === 'encryptedValue' && /decrypt/.test(String(item?.Description));
      },
    ),
    ...blind,
  }),
  fault('i64-in-forbidden-key-served-sync', {
    rule: 'IN-PROP-REFUSAL-FORMS, IN-AUTH-FORBIDDEN: a consumer key without the right to planApproval is served when the approval carries sync=true (the right looked up under the route with its query), the plan decided and answered 200, where provider 2.0.0 planApproval answers 403 to a caller not allowed the resource, whatever the form of its parameters',
    rules: ['IN-PROP-REFUSAL-FORMS', 'IN-AUTH-FORBIDDEN'],
    judge: skipAt('forbidden', (x) => x.op === 'planApproval' && new URL(x.req.url, 'http://mock').searchParams.get('sync') === 'true'),
    ...blind,
    ...provider,
  }),
  fault('i64-in-range-only-new-list-refused', {
    rule: 'IN-REQ-CARDS-OR-RANGE, IN-VALID-ACCEPTED: a registration creating a list by panListName with an account range the system holds and no card data is refused 400 as carrying no pan (the update rule applied to a new list), where provider 2.0.0 registerPans takes either encryptedValue or an account range',
    rules: ['IN-REQ-CARDS-OR-RANGE', 'IN-VALID-ACCEPTED'],
    judge: refuseAt(
      'register-card-data',
      (x) =>
        x.op === 'registerPans' &&
        x.sent?.panListId === undefined &&
        x.sent?.encryptedValue === undefined &&
        x.sent?.accountRange !== undefined,
      {
        status: 400,
        reasonCode: INVALID,
        description: 'to create a pan list at least one pan should be present',
        details: 'encryptedValue',
      },
    ),
    ...blind,
    ...provider,
  }),
];
