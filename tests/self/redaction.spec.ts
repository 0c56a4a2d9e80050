// Covers: helpers/redact.ts: each secret kind is removed from bodies, headers and free text.
import { expect, test } from '../../fixtures/self.js';
import { redact, redactHeaders, redactMessage, redactText, registerSecret } from '../../helpers/redact.js';

const PAN = '5204731600014792';

test('masks a PAN under its key, keeping only the last four digits', () => {
  const out = redact({ card: { primaryAccountNumber: PAN } });
  expect(out.card.primaryAccountNumber).toBe('************4792');
});

test('masks a PAN-shaped digit run anywhere in a string', () => {
  expect(redactText(`pan=${PAN} end`)).not.toContain(PAN);
  expect(redact({ note: `card ${PAN}` }).note).not.toContain(PAN);
});

for (const key of ['cardSecurityCode', 'cvc', 'ssn', 'partnerSecret', 'newPartnerSecret', 'token', 'apiKey', 'accountNumber', 'encryptedCard', 'encryptedValue', 'password']) {
  test(`blanks the value under '${key}'`, () => {
    expect(redact({ [key]: 'S3cret-value-123' })[key]).not.toContain('S3cret');
  });
}

for (const header of ['x-openapi-clientid', 'authorization', 'partner-app-key', 'partner-app-token', 'finicity-app-key', 'finicity-app-token']) {
  test(`blanks the '${header}' header`, () => {
    expect(redactHeaders({ [header]: 'abc123secretvalue' })[header]).toBe('[REDACTED]');
  });
}

test('blanks a registered secret wherever it appears, even in free text', () => {
  registerSecret('app-key-9f8e7d6c');
  expect(redactText('sent app-key-9f8e7d6c to the server')).not.toContain('app-key-9f8e7d6c');
});

test('masks SSNs written with dashes', () => {
  expect(redactText('ssn 123-45-6789')).not.toContain('123-45-6789');
});

test('blanks sensitive key/value pairs in counterexamples and error messages', () => {
  const message = redactMessage('Counterexample: [{"cardSecurityCode":"123","primaryAccountNumber":"5204731600014792"}]');
  expect(message).not.toContain('"123"');
  expect(message).not.toContain(PAN);
});

test('leaves ordinary values alone', () => {
  expect(redact({ firstName: 'Jane', status: 'ACTIVE', count: 3 })).toEqual({ firstName: 'Jane', status: 'ACTIVE', count: 3 });
});
