// Covers: POST /plans 201 and the notification it causes to the issuer configured for the card's account range
// (seed 001, Events; reference, Flows - notification (a)), its headers, body and signature checked.
import { createPublicKey } from 'node:crypto';
import { conflictMet } from '../../helpers/contract/checks.js';
import { receivedAt, takenDeviations } from '../../helpers/contract/conflicts.js';
import { dateTimeForms } from '../../helpers/client/invariants/type-forms.js';
import { walkSchema } from '../../helpers/contract/schema-walk.js';
import {
  bodyHash,
  examplePlanBody,
  expect,
  loadContract,
  mockOnly,
  parseOAuthHeader,
  rules,
  test,
  unregisteredPan,
  verifyRequest,
} from '../../fixtures/installments.js';

/** The amountType values a selection may carry (the contract's enum: provider 2.0.0 CardedTransaction.amountType). */
const CONTRACT = await loadContract('installments');
const AMOUNT_TYPES: unknown[] = [];
walkSchema(CONTRACT, CONTRACT.operation('savePlan').requestBody?.schema, (node, at) => {
  if (at.join('.') === 'transaction.amountType') AMOUNT_TYPES.push(...(node.enum ?? []));
});

// seed 001, Events: selecting a plan notifies the issuer, checked against the contract's notifyPlan (provider 2.0.0).
test(
  'selecting a plan sends the issuer a notification of that plan that keeps the contract @smoke @seed',
  rules('IN-NOTIFY-SENT', 'IN-NOTIFY-SHAPE', 'IN-NOTIFY-EXACT', 'IN-NOTIFY-CORRELATION'),
  async ({ instApi, instReq, instContract, issuerReceiver }) => {
    const { planId } = await instReq.createPlan(instApi);
    // One plan, one notification, at the configured endpoint byte for byte, no sensitive value of the run in it.
    const [n] = await issuerReceiver.once(planId);
    expect(n.method).toBe('POST');

    // provider 2.0.0: header Correlation-Id required (a UUID), JSON body.
    const correlation = instContract.validator(
      'header:notifyPlan:Correlation-Id',
      instContract.operation('notifyPlan').parameters.find((p) => p.name === 'Correlation-Id')!.schema,
    );
    expect(correlation(n.headers['correlation-id']), `Correlation-Id '${n.headers['correlation-id']}' is a UUID`).toBe(true);
    expect(n.headers['content-type']).toContain('application/json');
    const validate = instContract.requestValidator('notifyPlan')!;
    const errors = validate(n.json) ? undefined : JSON.stringify(validate.errors?.slice(0, 3));
    // The provider's own examples' body (no root consumer) is that known deviation (conflicts.yaml): noted, CONDITIONAL.
    const followed = errors ? takenDeviations('installments', 'notifyPlan', n.json, (b) => Boolean(validate(b))) : [];
    expect(followed, errors).toBeDefined();
    for (const { conflict, received } of followed ?? [])
      instApi.noteConflictMet(conflictMet(conflict, 'POST /notifications (notifyPlan)', receivedAt(conflict.takes!, received)));
    // Its offer, transaction, tenure and the card's issuer as selected: the notification judge's (IN-NOTIFY-SHAPE, IN-NOTIFY-CHOSEN).
    // provider 2.0.0 savePlan CorrelationIdHeaderParameter: a plan saved with no Correlation-Id is still notified with one,
    // the API's own, propagated downstream (the notification judge's, IN-NOTIFY-CORRELATION).
    // Its transaction carries the plan's own trace members (provider 2.0.0 CardedTransaction stan, rrn, authorizationCode,
    // transactionLinkId), each a value no neighbour has, so a member the notification fills from another shows (IN-NOTIFY-SHAPE).
    // The selections of this check take each amountType the contract lists in turn (provider 2.0.0 CardedTransaction.amountType:
    // PURCHASE or FINAL): the first plan the built one, this one the other, so a member filled from a default shows.
    const { body: chosen } = await instReq.selection(instApi);
    const sentTypes = new Set<unknown>([chosen.transaction.amountType]);
    const amountType = AMOUNT_TYPES.find((t) => !sentTypes.has(t)) ?? chosen.transaction.amountType;
    const body = {
      ...chosen,
      transaction: {
        ...chosen.transaction,
        amountType,
        stan: '004711',
        rrn: '512300098765',
        authorizationCode: '839201',
        transactionLinkId: 'LNK7Q2X9',
      },
    };
    const bare = await instApi.call('savePlan', { body, headers: { 'Correlation-Id': undefined }, valid: true });
    expect(bare.status, 'a plan saved with no Correlation-Id').toBe(201);
    await issuerReceiver.once(bare.body.planId);
    // A selection carrying every date-time member of its transaction (provider 2.0.0 CardedTransaction localDateTime, as the offers
    // request asked it, and transmissionDateTime at the same instant with a numeric offset, RFC 3339 section 5.6): its notification
    // names each as that instant in RFC 3339 with its zone (the notification judge, IN-NOTIFY-SHAPE). The form of a date-time in a
    // plan is disputed (conflicts.yaml IN-DEVIATION-PLAN-TRANSMISSION-DATETIME-FORM): sent as no valid call, a plan refused is
    // left out. 2 exchanges a run.
    const from = await instReq.offersOf(instApi);
    const dated = await instReq.selectionOf(from, from.body.offers[0]!);
    const asked = String(from.asked.transaction?.localDateTime);
    const offset = dateTimeForms({ type: 'string', format: 'date-time' }, asked).find((f) => /[+-]\d\d:\d\d$/.test(f.value))?.value;
    const withDates = await instApi.call('savePlan', {
      body: { ...dated, transaction: { ...dated.transaction, localDateTime: asked, transmissionDateTime: offset ?? asked } },
    });
    if (withDates.status === 201) await issuerReceiver.once(withDates.body.planId);
    else
      test.info().annotations.push({
        type: 'left out',
        description: `a plan carrying its date-times in RFC 3339 was refused ${withDates.status}: the target reads the example's form (IN-DEVIATION-PLAN-TRANSMISSION-DATETIME-FORM), the notification's date-times not judged`,
      });
  },
);

test(
  'the notification to the issuer is signed with OAuth 1.0a by the service @assumption',
  rules('IN-NOTIFY-SIGNED'),
  async ({ instApi, instReq, inst, issuerReceiver }) => {
    const { planId } = await instReq.createPlan(instApi);
    const n = await issuerReceiver.notified(planId);
    // The service signs it the same way (reference): body hash, and RSA-SHA256 over the public URL.
    const oauth = parseOAuthHeader(n.headers.authorization);
    expect(oauth, 'Authorization: OAuth ... on the notification').toBeDefined();
    expect(oauth!.get('oauth_body_hash')).toBe(bodyHash(n.text));
    // RFC 5849, 3.1: oauth_consumer_key is the identifier of the client credentials that signed, here the service's.
    expect(oauth!.get('oauth_consumer_key'), 'the consumer key the service signs the notification as').toMatch(/\S/);
    const signed = { method: 'POST', url: issuerReceiver.url, authorization: n.headers.authorization, body: n.text };
    if (inst.serviceSigningKey) {
      const verdict = verifyRequest(signed, () => inst.serviceSigningKey);
      expect(verdict.ok, `signature verifies with the service's published key (${verdict.ok ? '' : verdict.reason})`).toBe(true);
    }
    // By the service: signed with its own key, which no consumer holds.
    const consumers = [inst.signer, inst.forbidden].filter((c) => c !== undefined);
    const forgeable = consumers.filter((c) => verifyRequest(signed, () => createPublicKey(c.signingKey)).ok);
    expect(forgeable, "consumer keys whose public key verifies the service's notification").toHaveLength(0);
  },
);

// reference, Flows - notification (a): "the issuer endpoint configured for the account range": a card in no issuer's
// range notifies none (a plan of the issuer's own card is the witness).
test(
  "a plan for a card outside every issuer's account range notifies no issuer @mock-only @assumption",
  mockOnly(
    rules('IN-NOTIFY-NONE'),
    "needs a card outside every issuer's account range: on a sandbox the suite knows only the ranges it is given, not every issuer's",
  ),
  async ({ instApi, instReq, instMock, issuerReceiver }) => {
    void instMock; // on a sandbox the suite cannot know a card outside every configured range
    const pan = unregisteredPan();
    await instReq.newList(instApi, 'No issuer list', [pan]);
    const offers = await instApi.call('approvedOffers', { body: await instReq.offersBody(pan) });
    expect(offers.status, 'offers for the registered card').toBe(200);
    const body = examplePlanBody(
      offers.body.offerTransactionId,
      offers.body.offers[0],
      await instReq.sensitive({ consumer: { primaryAccountNumber: pan } }),
      { offers: offers.body.offers },
    );
    const orphan = await instApi.call('savePlan', { body });
    expect(orphan.status).toBe(201);
    const witness = await instReq.createPlan(instApi);
    await issuerReceiver.notified(witness.planId);
    const stray = issuerReceiver.receiver.requests().filter(issuerReceiver.ofPlan(orphan.body.planId));
    expect(stray, 'notifications of the plan whose card no issuer serves').toEqual([]);
  },
);
