// Covers: all 12 operations, 401 and 403 (reference, Transport and auth: OAuth 1.0a RSA-SHA256
// signing with a body hash; a missing or bad signature is 401, a key not allowed for the
// operation 403). notifyPlan is the issuer endpoint, which checks the service's signature.
import {
  expect,
  expectErrors,
  OPERATIONS,
  rules,
  signedAs,
  signedForBody,
  signedForUrl,
  strangerCredentials,
  test,
} from '../../fixtures/installments.js';

const WITH_BODY = new Set([
  'registerPans',
  'deregisterPans',
  'postMerchantParticipations',
  'postMerchantSearches',
  'postMerchantMidSearches',
  'planApproval',
  'approvedOffers',
  'savePlan',
  'notifyPlan',
]);

for (const operationId of OPERATIONS) {
  test.describe(operationId, () => {
    test.beforeEach(({ inst }) => {
      test.skip(
        operationId === 'notifyPlan' && !inst.issuerEndpoint,
        'needs an issuer endpoint to certify (INSTALLMENTS_ISSUER_ENDPOINT_URL, INSTALLMENTS_ISSUER_ICA)',
      );
    });

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
      `rejects a bad signature (the right consumer key, another private key) with 401 @assumption`,
      rules('IN-AUTH-SIGNATURE:refuse'),
      async ({ instApi, instReq, inst }) => {
        const forged = { consumerKey: inst.signer.consumerKey, signingKey: strangerCredentials().signingKey };
        expectErrors(await instApi.call(operationId, { ...(await instReq.sampleCall(operationId)), auth: signedAs(forged) }), 401);
      },
    );

    if (WITH_BODY.has(operationId)) {
      test(
        `rejects a body changed after signing with 401 (oauth_body_hash) @assumption`,
        rules('IN-AUTH-BODY-HASH'),
        async ({ instApi, instReq, inst }) => {
          const call = await instReq.sampleCall(operationId);
          const original = JSON.stringify(call.body);
          const changed = Array.isArray(call.body) ? [...call.body, ...call.body] : { ...(call.body as object), tampered: 'yes' };
          expectErrors(await instApi.callBuilt(operationId, { ...call, body: changed, auth: signedForBody(inst.signer, original) }), 401);
        },
      );
    }

    test(
      `refuses a registered consumer key not allowed for the operation with 403 @assumption`,
      rules('IN-AUTH-FORBIDDEN'),
      async ({ instApi, instReq, inst }) => {
        test.skip(!inst.forbidden, 'needs a consumer key without rights (INSTALLMENTS_FORBIDDEN_CONSUMER_KEY and its signing key)');
        expectErrors(await instApi.call(operationId, { ...(await instReq.sampleCall(operationId)), auth: signedAs(inst.forbidden!) }), 403);
      },
    );

    test(
      `accepts the same request signed by the allowed key (no 401 or 403) @assumption`,
      rules('IN-AUTH-SIGNATURE:accept'),
      async ({ instApi, instReq }) => {
        const res = await instApi.call(operationId, await instReq.sampleCall(operationId));
        expect([401, 403]).not.toContain(res.status);
      },
    );
  });
}

// reference, Transport and auth: `Authorization: OAuth oauth_consumer_key=..., ...`, the allowed key's
// RSA-SHA256 signature. Each other form a lax server might take for it, on every operation: a scheme
// word before the credentials, the consumer key in the other case or with a character added (signed
// with the allowed private key, so only the key's comparison can let it through), and the consumer key
// repeated (RFC 5849 section 3.5.1: a parameter appears at most once), before or after the signed one.
// The scheme's own name is not varied in case (RFC 9110 section 11.1: the scheme is case-insensitive).
test(
  'refuses on every operation an Authorization header in any other form than the OAuth credentials alone with 401 @assumption',
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
      { how: 'with a second consumer key after the signed one', auth: rewritten((h) => `${h},${stranger}`) },
      { how: 'with a second consumer key before the signed one', auth: rewritten((h) => h.replace(/^OAuth /, `OAuth ${stranger},`)) },
    ];
    const accepted: string[] = [];
    for (const operationId of OPERATIONS) {
      if (operationId === 'notifyPlan' && !inst.issuerEndpoint) continue; // the issuer endpoint to certify is configured apart
      for (const { how, auth } of FORMS) {
        const res = await instApi.call(operationId, { ...(await instReq.sampleCall(operationId)), auth });
        if (res.status !== 401) accepted.push(`${operationId}, the header ${how}: ${res.status}`);
      }
    }
    expect(accepted, 'every other form of the Authorization header is refused').toEqual([]);
  },
);

// RFC 5849 sections 3.4.1.2-3.4.1.3: the signature base string holds the request URL and every query
// parameter (reference, Transport and auth: OAuth 1.0a). On every operation that takes a query, the
// request sent with its query and signed over its URL without it is not signed as sent: 401. Each
// query is the operation's sample one (on the operations without one, its offset at the default).
test(
  'refuses on every operation with query parameters a signature computed over the URL without its query with 401 @assumption',
  rules('IN-AUTH-SIGNATURE:refuse'),
  async ({ instApi, instReq, inst, instContract }) => {
    const withoutQuery = signedForUrl(inst.signer, (url) => url.split('?')[0]);
    const accepted: string[] = [];
    let sent = 0;
    for (const operationId of OPERATIONS) {
      const declared = instContract.operation(operationId).parameters.filter((p) => p.in === 'query');
      if (declared.length === 0) continue;
      const call = await instReq.sampleCall(operationId);
      const query =
        Object.keys(call.query ?? {}).length > 0 ? call.query : declared.some((p) => p.name === 'offset') ? { offset: 0 } : undefined;
      if (!query) continue;
      const res = await instApi.callBuilt(operationId, { ...call, query, auth: withoutQuery });
      sent++;
      if (res.status !== 401)
        accepted.push(`${operationId} ?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}: ${res.status}`);
    }
    expect(sent, 'operations with a query were called').toBeGreaterThan(0);
    expect(accepted, 'a signature that leaves the query out signs another request').toEqual([]);
  },
);
