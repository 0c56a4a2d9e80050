// Covers: helpers/client/request-rules.ts, the judge of every request the mocks take as valid: a body
// its operation's schema refuses, card data in clear `sensitiveData` (or a member its plaintext carries, sent in clear),
// and a card number failing its
// check digit (in clear or inside a JWE the suite made), are named with the rule and its statement; a valid request passes.
import { expect, test } from '../../fixtures/self.js';
import { encryptJson, plaintextsIn } from '../../helpers/auth/jwe.js';
import { judgeSentRequest, REQUEST_RULES } from '../../helpers/client/request-rules.js';
import { loadContract } from '../../helpers/contract/contract.js';
import { withCheckDigit } from '../../helpers/config/luhn.js';
import { generateKeyPair } from 'jose';

test('a request the documents refuse is named with the broken rule and its statement; a valid one passes', async () => {
  const contract = await loadContract('installments');
  const operation = contract.operation('registerPans');
  const judge = (body: unknown) => () =>
    judgeSentRequest({ operation, body, headers: {}, plaintexts: plaintextsIn(body) }, contract, undefined);
  const { publicKey } = await generateKeyPair('RSA-OAEP-256');
  const key = { kid: 'k', key: publicKey, alg: 'RSA-OAEP-256' };
  const valid = withCheckDigit('511092100000001');
  const bad = `${valid.slice(0, -1)}${(Number(valid.slice(-1)) + 1) % 10}`;
  const body = async (pan: string) => ({ panListName: 'List', encryptedValue: await encryptJson({ pans: [{ pan }] }, key, 'A256GCM') });
  expect(judge(await body(valid))).not.toThrow();
  expect(judge(await body(bad))).toThrow(
    /card-number-check-digit \(provider 2\.0\.0.*1 card number\(s\) failing the check digit \(16 digits\)/,
  );
  expect(judge({ panListName: 'List', sensitiveData: { pans: [{ pan: bad }] } })).toThrow(/card-number-check-digit/);
  expect(judge({ panListName: 'List', sensitiveData: { pans: [{ pan: valid }] } })).toThrow(
    /card-data-encrypted \(provider 2\.0\.0.*card data in clear `sensitiveData`/,
  );
  expect(judge({ panListName: 7 })).toThrow(/request-schema .*\/panListName must be string/);
  // A member the encrypted plaintext carries, sent in clear (provider 2.0.0, POST /plans: the merchant name).
  const plan = contract.operation('savePlan');
  const judgePlan = (merchant: Record<string, unknown>) => () =>
    judgeSentRequest({ operation: plan, body: { merchant }, headers: {}, plaintexts: [] }, contract, undefined);
  expect(judgePlan({ name: 'Decor shop', country: 'USA' })).toThrow(/card-data-encrypted .*merchant\.name in clear/);
  expect(judgePlan({ country: 'USA' })).not.toThrow(/card-data-encrypted/);
  expect(REQUEST_RULES.map((r) => r.id)).toEqual(['request-schema', 'card-data-encrypted', 'card-number-check-digit']);
});
