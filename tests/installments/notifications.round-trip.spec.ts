// Covers: POST /plans 201 and the notification it causes to the issuer configured for the card's account range
// (seed 001, Events; reference, Flows - notification (a)), its headers, body and signature checked.
import { createPublicKey } from 'node:crypto';
import { conflictMet } from '../../helpers/contract/checks.js';
import { receivedAt, takenDeviations } from '../../helpers/contract/conflicts.js';
import {
  bodyHash,
  examplePlanBody,
  expect,
  mockOnly,
  parseOAuthHeader,
  rules,
  test,
  unregisteredPan,
  verifyRequest,
} from '../../fixtures/installments.js';

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
    const { body: chosen } = await instReq.selection(instApi);
    const body = {
      ...chosen,
      transaction: {
        ...chosen.transaction,
        stan: '004711',
        rrn: '512300098765',
        authorizationCode: '839201',
        transactionLinkId: 'LNK7Q2X9',
      },
    };
    const bare = await instApi.call('savePlan', { body, headers: { 'Correlation-Id': undefined }, valid: true });
    expect(bare.status, 'a plan saved with no Correlation-Id').toBe(201);
    await issuerReceiver.once(bare.body.planId);
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
