// The body media checker (helpers/client/invariants/request-media.ts, *-PROP-BODY-MEDIA) and the
// signature checker (signatures.ts, IN-PROP-SIGNATURE-WHOLE): the operations each finds in the
// contracts, the forms and alterations each sends, and how each judges an answer.
import { pooledKeyPair } from '../../helpers/auth/key-pool.js';
import { expect, test } from '../../fixtures/self.js';
import { loadContract } from '../../helpers/contract/contract.js';
import { signatureBaseString, parseOAuthHeader, verifyRequest } from '../../helpers/auth/oauth1.js';
import { bodyMediaOf, formProblem, mediaFormsOf, notTakenOf, notTakenProblem } from '../../helpers/client/invariants/request-media.js';
import { alterationsOf, signedOperationsOf, signedOtherwise, signingSchemesOf } from '../../helpers/client/invariants/signatures.js';

test('every operation taking a body is found with the media types its requestBody content declares', async () => {
  for (const [service, count] of [
    ['financial-data', 65],
    ['installments', 9],
    ['card-enrollment', 1],
  ] as const) {
    const found = bodyMediaOf(await loadContract(service));
    expect(found, service).toHaveLength(count);
    expect(
      found.filter((b) => !b.mediaTypes.includes('application/json')).map((b) => JSON.stringify(b)),
      `${service}: request bodies without application/json`,
    ).toEqual([]);
  }
});

test('the other forms of a media type are the same type by RFC 9110 8.3.1, a charset only on a type with text', () => {
  const forms = mediaFormsOf('application/json').map((f) => f.contentType);
  expect(forms).toEqual(['application/json; charset=utf-8', 'ApPlIcAtIoN/JsOn ; charset=UTF-8']);
  // Each names the type itself once its case is folded and its parameters taken off.
  for (const f of forms) expect(f.split(';')[0].trim().toLowerCase()).toBe('application/json');
  expect(mediaFormsOf('application/octet-stream').map((f) => f.contentType)).toEqual(['ApPlIcAtIoN/OcTeT-StReAm']);
  expect(notTakenOf({ operation: undefined as never, mediaTypes: ['text/plain', 'application/json'] })).toBe('application/xml');
});

test('a form is answered as the plain one: the same status and top members, values aside', () => {
  expect(formProblem({ status: 201, body: { id: 1, at: 'x' } }, { status: 201, body: { at: 'y', id: 2 } })).toBeUndefined();
  expect(formProblem({ status: 200, body: {} }, { status: 400, body: {} })).toBe('answered 400, the plain form 200');
  expect(formProblem({ status: 200, body: { id: 1, name: 'a' } }, { status: 200, body: { id: 1, code: 'c' } })).toBe(
    'lacks name; adds code',
  );
});

test('a type not taken is refused as documented: the 415 where documented, else any documented 4xx', async () => {
  const inst = await loadContract('installments');
  expect(notTakenProblem(inst.operation('approvedOffers'), 415).problem).toBeUndefined();
  expect(notTakenProblem(inst.operation('approvedOffers'), 200).problem).toBe('answered 200');
  expect(notTakenProblem(inst.operation('approvedOffers'), 400).problem).toBe('answered 400');
  expect(notTakenProblem(inst.operation('registerPans'), 400).problem).toBeUndefined();
  expect(notTakenProblem(inst.operation('registerPans'), 200).problem).toBeUndefined();
  expect(notTakenProblem(inst.operation('registerPans'), 418).problem).toBe('answered 418');
});

test('the signed operations are those of a signing scheme: installments all 12, no other service', async () => {
  const inst = await loadContract('installments');
  expect(signingSchemesOf(inst)).toEqual(['oauth1Signature']);
  expect(signedOperationsOf(inst)).toHaveLength(12);
  for (const service of ['financial-data', 'card-enrollment'] as const) expect(signedOperationsOf(await loadContract(service))).toEqual([]);
});

test('each alteration signs another base string than the request sent, which no longer verifies', async () => {
  const { privateKey, publicKey } = pooledKeyPair('self-test');
  const credentials = { consumerKey: 'ck', signingKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
  const op = (await loadContract('installments')).operation('planApproval');
  const sent = { method: 'POST', url: 'https://h.test/installments/plans/approvals?signedProbe=1', body: '{"a":1}' };
  const alterations = alterationsOf(op);
  expect(alterations).toHaveLength(7);
  const bases = new Set<string>();
  for (const a of alterations) {
    const { authorization } = (await signedOtherwise(credentials, a)({ operation: op, headers: {}, ...sent })) as { authorization: string };
    const params = parseOAuthHeader(authorization)!;
    const signed = a.signed(sent);
    bases.add(signatureBaseString(signed.method, signed.url, params) + params.get('oauth_body_hash'));
    expect(verifyRequest({ ...sent, authorization }, () => publicKey).ok, a.how).toBe(false);
  }
  expect(bases.size, 'each alteration signs a base string of its own').toBe(7);
});
