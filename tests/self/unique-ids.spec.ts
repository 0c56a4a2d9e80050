// Covers: the unique-id property (helpers/client/every-answer/unique-ids.ts): the operations each contract declares a unique
// id on (x-unique-ids) are its rule's operations, and the judgement keeps an id per check, target and kind of object, failing
// one answered for other distinguishing values and never the same values sent again. Nothing is called.
import type { TestInfo } from '@playwright/test';
import { expect, test } from '../../fixtures/self.js';
import { pooledKeyPair } from '../../helpers/auth/key-pool.js';
import { encryptionKeyFromPublicKey, encryptJson } from '../../helpers/auth/jwe.js';
import { loadContract } from '../../helpers/contract/contract.js';
import { loadRules } from '../../helpers/contract/rules.js';
import { UNIQUE_IDS, uniqueIdsOf, uniqueIdsOfAnswer } from '../../helpers/client/every-answer/unique-ids.js';

const check = () => ({}) as unknown as TestInfo;

test('each service declares its unique ids on its rule operations', async () => {
  for (const [service, rule] of Object.entries(UNIQUE_IDS.rules)) {
    const contract = await loadContract(service);
    const declaring = [...contract.operations.values()].filter((op) => uniqueIdsOf(contract, op).length).map((op) => op.operationId);
    expect(declaring.sort(), service).toEqual([...(loadRules(service).rules.find((r) => r.id === rule)?.operations ?? [])].sort());
  }
});

test('two usernames sharing a customer id fail, testing and active customers one kind; the same username again is not judged', async () => {
  // seed 002, Resources (a Customer is identified by customerId).
  const contract = await loadContract('financial-data');
  const [testing, active] = (['AddTestingCustomer', 'AddCustomer'] as const).map((id) => contract.operation(id));
  const scope = check();
  const answer = (operation: typeof testing, username: string, id: string) =>
    uniqueIdsOfAnswer(contract, scope, { operation, status: 201, body: { id, username } }, { body: { username }, target: 'http://t' });
  expect(answer(testing, 'alice', '1')).toEqual({ judged: true, problems: [] });
  expect(answer(testing, 'alice', '1').problems).toEqual([]);
  expect(answer(active, 'bob', '1').problems[0]).toContain('id 1 is the one an earlier answer gave another object');
  // Another check, or another target, keeps its own ids.
  expect(
    uniqueIdsOfAnswer(
      contract,
      check(),
      { operation: active, status: 201, body: { id: '1' } },
      { body: { username: 'bob' }, target: 'http://t' },
    ).problems,
  ).toEqual([]);
  expect(
    uniqueIdsOfAnswer(
      contract,
      scope,
      { operation: active, status: 201, body: { id: '1' } },
      { body: { username: 'bob' }, target: 'http://u' },
    ).problems,
  ).toEqual([]);
});

test('a card number is read through its JWE, and a receipt enrollment is left out', async () => {
  // seed 000, MaskedCard.srcDigitalCardId: "unique card identifier; references the PAN or token".
  const contract = await loadContract('card-enrollment');
  const operation = contract.operation('putCard');
  const scope = check();
  const key = await encryptionKeyFromPublicKey(pooledKeyPair('self-test').publicKey, 'self-test');
  const enroll = async (pan: string, id: string) =>
    uniqueIdsOfAnswer(
      contract,
      scope,
      { operation, status: 200, body: { maskedCard: { srcDigitalCardId: id } } },
      { body: { encryptedCard: await encryptJson({ primaryAccountNumber: pan }, key) }, target: 'http://t' },
    );
  const id = crypto.randomUUID();
  expect((await enroll('5204730000001003', id)).problems).toEqual([]);
  expect((await enroll('5204730000001003', id)).problems).toEqual([]);
  expect((await enroll('4111110000001004', id)).problems[0]).toContain(`maskedCard.srcDigitalCardId ${id} is the one`);
  const receipt = uniqueIdsOfAnswer(
    contract,
    scope,
    { operation, status: 200, body: { maskedCard: { srcDigitalCardId: id } } },
    { body: { enrolmentReferenceData: { enrolmentReferenceId: 'r-1' } }, target: 'http://t' },
  );
  expect(receipt.judged).toBe(false);
});
