// Covers: a URL the service builds percent-encodes what it places in it (FD-PROP-URL-ENCODED;
// built-urls.ts; RFC 3986 sections 2, 2.1, 3.4): the client judges every 2xx; this check sends each
// Connect flow and the OAuth URL once with values a URL must carry encoded.
import { expect, FD_CONTRACT, rules, test } from '../../fixtures/financial-data.js';
import { serviceAgreement } from '../../fixtures/examples/fd-samples/connect-components.js';
import { builtUrlsOf, urlMembersOf } from '../../helpers/client/every-answer/built-urls.js';
import { loadRules } from '../../helpers/contract/rules.js';
import { bodyOf, FLOWS } from './connect.known.js';

const RULE = 'FD-PROP-URL-ENCODED';

test('the operations answering a URL are the rule’s, and the judge reads RFC 3986 @provider', rules(RULE), () => {
  const applies = [...FD_CONTRACT.operations.values()].filter((op) => urlMembersOf(FD_CONTRACT, op).length).map((op) => op.operationId);
  const rule = loadRules('financial-data').rules.find((r) => r.id === RULE);
  expect(applies.sort()).toEqual([...(rule?.operations ?? [])].sort());
  expect(urlMembersOf(FD_CONTRACT, FD_CONTRACT.operation('GenerateConnectUrl'))).toEqual(['link']);
  const operation = FD_CONTRACT.operation('post-institutions-institutionId-oauth-urls');
  const judge = (url: string, sent: string[] = []) => builtUrlsOf({ operation, body: { id: 's', url } }, new Set(sent));
  const redirect = 'https://lender.example.com/done?next=a%2Fb&tab=2';
  expect(judge(`https://oauth.example.com/a?redirect_uri=${encodeURIComponent(redirect)}`, [redirect])).toEqual({
    judged: true,
    problems: [],
  });
  expect(judge(`https://oauth.example.com/a?redirect_uri=${redirect}`, [redirect]).problems).toEqual([
    `/url: ${JSON.stringify(`https://oauth.example.com/a?redirect_uri=${redirect}`)} carries the text sent "${redirect}" raw, not percent-encoded (RFC 3986 section 3.4)`,
  ]);
  expect(judge('https://oauth.example.com/a?city=Salt Lake').problems[0]).toContain('holds " " unencoded');
  expect(judge('https://oauth.example.com/a?name=Ren\u00e9').problems[0]).toContain('holds "\u00e9" unencoded');
  expect(judge('https://oauth.example.com/a?off=50%').problems[0]).toContain('a "%" that starts no encoded octet');
  expect(judge(redirect, [redirect]), 'a URL the caller sent, shown whole, is an echo').toMatchObject({ judged: false });
});

test(
  'every Connect link and the OAuth URL carry the values they place percent-encoded @provider',
  rules(RULE),
  async ({ fdApi, fd, fdEntities }) => {
    // The Transfer links' identity with an address and a city a URL must encode (spaces, an apostrophe kept by RFC 3986).
    const identity = { address: '12 Elm St & 3rd Ave', city: 'Salt Lake City' };
    let links = 0;
    for (const flow of FLOWS.filter((f) => f.op !== 'GenerateFixConnectUrl')) {
      const body = bodyOf(flow, fd, fdEntities);
      if (body.identity) body.identity = { ...body.identity, ...identity };
      const res = await fdApi.call(flow.op, { body });
      expect(res.status, flow.op).toBe(200);
      links++;
    }
    const res = await fdApi.call('post-institutions-institutionId-oauth-urls', {
      path: { institution_id: Number(fd.institutions.branded) },
      body: {
        customerId: fdEntities.customerId,
        serviceAgreement: serviceAgreement(fd),
        redirectURI: 'https://lender.example.com/oauth/done?next=%2Floans%2F7&state=Tq%20x',
      },
    });
    expect(res.status, 'the OAuth URL').toBe(201);
    expect(links, 'every Connect flow but Fix (its login is the linked customer’s: connect.links.spec.ts) answered its link').toBe(
      FLOWS.length - 1,
    );
  },
);
