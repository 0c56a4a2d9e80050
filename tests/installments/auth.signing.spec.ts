// Covers: all 12 operations, 401 and 403 (reference, Transport and auth: OAuth 1.0a RSA-SHA256 signing with a body
// hash). The signature covering the whole request: IN-PROP-SIGNATURE-WHOLE (properties.signatures.spec.ts).
import { expect, expectErrors, NEEDS, OPERATIONS, rules, signedAs, strangerCredentials, test } from '../../fixtures/installments.js';

for (const operationId of OPERATIONS) {
  test.describe(operationId, () => {
    test.beforeEach(({ inst }) => test.skip(operationId === 'notifyPlan' && !inst.issuerEndpoint, NEEDS.issuerEndpoint));

    test(`rejects an unsigned request with 401 @smoke @assumption`, rules('IN-AUTH-SIGNATURE:refuse'), async ({ instApi, instReq }) => {
      expectErrors(await instApi.call(operationId, { ...(await instReq.sampleCall(operationId)), auth: false }), 401);
    });

    test(
      `rejects a signature from an unknown consumer key with 401 @assumption`,
      rules('IN-AUTH-SIGNATURE:refuse'),
      async ({ instApi, instReq }) => {
        expectErrors(
          await instApi.call(operationId, { ...(await instReq.sampleCall(operationId)), auth: signedAs(strangerCredentials()) }),
          401,
        );
      },
    );

    test(
      `refuses a registered consumer key not allowed for the operation with 403 @assumption`,
      rules('IN-AUTH-FORBIDDEN'),
      async ({ instApi, instReq, inst }) => {
        test.skip(!inst.forbidden, 'needs a consumer key without rights (INSTALLMENTS_FORBIDDEN_CONSUMER_KEY and its signing key)');
        expectErrors(await instApi.call(operationId, { ...(await instReq.sampleCall(operationId)), auth: signedAs(inst.forbidden!) }), 403);
      },
    );
  });
}

// reference, Transport and auth: `Authorization: OAuth oauth_consumer_key=..., ...`; each other form a lax server
// might take, signed with the allowed private key, and the key repeated (RFC 5849 section 3.5.1: at most once).
test(
  'refuses on every operation an Authorization header in any other form than the OAuth credentials alone with 401 (a repeated parameter 400 or 401) @assumption',
  rules('IN-AUTH-HEADER-FORM'),
  async ({ instApi, instReq, inst }) => {
    const signer = inst.signer;
    const swapCase = (s: string) => [...s].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');
    const resigned = (consumerKey: string) => signedAs({ consumerKey, signingKey: signer.signingKey });
    const rewritten =
      (rewrite: (header: string) => string): ReturnType<typeof signedAs> =>
      async (request) => {
        const headers = await signedAs(signer)(request);
        return { ...headers, authorization: rewrite(headers.authorization) };
      };
    const stranger = `oauth_consumer_key="${strangerCredentials().consumerKey}"`;
    const FORMS = [
      { how: 'after Bearer', auth: rewritten((h) => `Bearer ${h}`) },
      { how: 'after Basic', auth: rewritten((h) => `Basic ${h}`) },
      { how: 'with the consumer key in the other case', auth: resigned(swapCase(signer.consumerKey)) },
      { how: 'with a character added to the consumer key', auth: resigned(`${signer.consumerKey}0`) },
      // RFC 5849 section 3.2: duplicated protocol parameters SHOULD be answered 400, the other failures 401.
      { how: 'with a second consumer key after the signed one', auth: rewritten((h) => `${h},${stranger}`), refusals: [400, 401] },
      {
        how: 'with a second consumer key before the signed one',
        auth: rewritten((h) => h.replace(/^OAuth /, `OAuth ${stranger},`)),
        refusals: [400, 401],
      },
    ];
    const accepted: string[] = [];
    for (const operationId of OPERATIONS) {
      if (operationId === 'notifyPlan' && !inst.issuerEndpoint) continue; // the issuer endpoint to certify is configured apart
      for (const { how, auth, refusals = [401] } of FORMS) {
        const res = await instApi.call(operationId, { ...(await instReq.sampleCall(operationId)), auth });
        if (!refusals.includes(res.status)) accepted.push(`${operationId}, the header ${how}: ${res.status}`);
      }
    }
    expect(accepted, 'every other form of the Authorization header is refused').toEqual([]);
  },
);
