// Covers: a URL the service builds percent-encodes what it places in it (IN-PROP-URL-ENCODED,
// helpers/client/every-answer/built-urls.ts; RFC 3986 sections 2, 2.1, 3.4), judged by the client on every 2xx.
import { expect, loadContract, rules, test } from '../../fixtures/installments.js';
import { builtUrlsOf, urlMembersOf } from '../../helpers/client/every-answer/built-urls.js';
import { loadRules } from '../../helpers/contract/rules.js';

const CONTRACT = await loadContract('installments');
const RULE = 'IN-PROP-URL-ENCODED';

test('the operations answering a URL are the rule’s; a callbackUrl the target extends carries its additions encoded', rules(RULE), () => {
  const applies = [...CONTRACT.operations.values()].filter((op) => urlMembersOf(CONTRACT, op).length).map((op) => op.operationId);
  expect(applies.sort()).toEqual([...(loadRules('installments').rules.find((r) => r.id === RULE)?.operations ?? [])].sort());
  const operation = CONTRACT.operation('getPlanApprovalStatus');
  const sent = 'https://psp.example.com/checkout/done?order=7';
  const judge = (callbackUrl: string, also: string[] = []) =>
    builtUrlsOf({ operation, body: { status: 'APPROVED', callbackUrl } }, new Set([sent, ...also]));
  expect(judge(sent), 'the URL sent, shown whole: an echo').toMatchObject({ judged: false });
  expect(judge(`${sent}&note=${encodeURIComponent('Tq  x & y')}`, ['Tq  x & y'])).toEqual({ judged: true, problems: [] });
  expect(judge(`${sent}&note=Tq x`).problems[0]).toContain('holds " " unencoded');
});
