// Covers: a URL the service builds percent-encodes what it holds (CE-PROP-URL-ENCODED,
// helpers/client/every-answer/built-urls.ts; RFC 3986 sections 2 and 2.1), judged by the client on every 2xx.
import { expect, loadContract, rules, test } from '../../fixtures/card-enrollment.js';
import { builtUrlsOf, urlMembersOf } from '../../helpers/client/every-answer/built-urls.js';
import { loadRules } from '../../helpers/contract/rules.js';

const CONTRACT = await loadContract('card-enrollment');
const RULE = 'CE-PROP-URL-ENCODED';

test('putCard is the operation answering a URL, its artUri judged by RFC 3986', rules(RULE), () => {
  const applies = [...CONTRACT.operations.values()].filter((op) => urlMembersOf(CONTRACT, op).length).map((op) => op.operationId);
  expect(applies).toEqual(loadRules('card-enrollment').rules.find((r) => r.id === RULE)?.operations);
  const operation = CONTRACT.operation('putCard');
  expect(urlMembersOf(CONTRACT, operation)).toEqual(['artUri']);
  const judge = (artUri: string) => builtUrlsOf({ operation, body: { maskedCard: { digitalCardData: { artUri } } } }, new Set());
  expect(judge('https://art.example.test/card%20front.png')).toEqual({ judged: true, problems: [] });
  expect(judge('https://art.example.test/card front.png').problems[0]).toContain('holds " " unencoded');
});
