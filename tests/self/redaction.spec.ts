// Covers: helpers/secrets/redact.ts: each secret kind is removed from bodies, headers and free text.
import { expect, test } from '../../fixtures/self.js';
import { redact, redactHeaders, redactMessage, redactText, registerSecret } from '../../helpers/secrets/redact.js';
import { kindOfKey } from '../../helpers/secrets/sensitive.js';
import { loadContract } from '../../helpers/contract/contract.js';
import { SERVICES } from '../../helpers/contract/services.js';
import fs from 'node:fs';
import path from 'node:path';
import { noteEchoed } from '../../helpers/secrets/sent-ledger.js';
import { scanForLeaks } from '../../helpers/verdict/leak-scan.js';
import { ResultRedaction } from '../../helpers/verdict/result-redaction.js';
import type { Suite, TestResult } from '@playwright/test/reporter';

const PAN = '5204731600014792';

test('masks a PAN under its key, keeping only the last four digits', () => {
  const out = redact({ card: { primaryAccountNumber: PAN } });
  expect(out.card.primaryAccountNumber).toBe('************4792');
});

test('masks a PAN-shaped digit run anywhere in a string', () => {
  expect(redactText(`pan=${PAN} end`)).not.toContain(PAN);
  expect(redact({ note: `card ${PAN}` }).note).not.toContain(PAN);
});

for (const key of `cardSecurityCode cvc ssn partnerSecret newPartnerSecret token apiKey accountNumber encryptedCard encryptedValue
  password`.split(/\s+/)) {
  test(`blanks the value under '${key}'`, () => {
    expect(redact({ [key]: 'S3cret-value-123' })[key]).not.toContain('S3cret');
  });
}

test('blanks a registered secret wherever it appears, even in free text', () => {
  registerSecret('app-key-9f8e7d6c');
  expect(redactText('sent app-key-9f8e7d6c to the server')).not.toContain('app-key-9f8e7d6c');
});

test("blanks the credentials of a request as Playwright's call log prints them in an error", () => {
  const log = [
    '  - → POST http://127.0.0.1:1/installments/plans',
    '    - authorization: OAuth oauth_consumer_key="k",oauth_nonce="n",oauth_signature="Za%2F8rPYvQtDK0197"',
    '    - Finicity-App-Token: tok-abcdef',
    '    - content-length: 792',
  ].join('\n');
  const out = redactText(log);
  expect(out).not.toContain('Za%2F8rPYvQtDK0197');
  expect(out).not.toContain('tok-abcdef');
  expect(out).toContain('authorization: [REDACTED]');
  expect(out).toContain('content-length: 792');
  expect(redactText('oauth_signature="abc123"')).toBe('oauth_signature="[REDACTED]"');
});

test('masks SSNs written with dashes', () => {
  expect(redactText('ssn 123-45-6789')).not.toContain('123-45-6789');
});

test('blanks sensitive key/value pairs in counterexamples and error messages', () => {
  const message = redactMessage('Counterexample: [{"cardSecurityCode":"123","primaryAccountNumber":"5204731600014792"}]');
  expect(message).not.toContain('"123"');
  expect(message).not.toContain(PAN);
});

// Financial data, payments data (seed 002): ACH details carry the full account number by contract.
test('masks full account numbers of ACH details, v3 payment instructions and the bundle under their keys', () => {
  const body = {
    routingNumber: '021000021',
    realAccountNumber: '4123456789',
    paymentInstruction: [{ type: 'ach', accountNumber: '4123456789', descriptors: [{ type: 'routingNumber', value: '021000021' }] }],
    accounts: [{ paymentInstruction: { type: 'ach', accountNumber: '4123456789' } }],
  };
  const out = JSON.stringify(redact(body));
  expect(out).not.toContain('4123456789');
  expect(out, 'the routing number is public and stays').toContain('021000021');
});

test('blanks a full account number seen under its key wherever else it appears, then in later text', () => {
  const out = redact({
    realAccountNumber: '4987654321',
    note: 'ACH for account 4987654321',
    descriptors: [{ type: 'accountNumber', value: '4987654321' }],
  });
  expect(JSON.stringify(out)).not.toContain('4987654321');
  expect(redactText('later: 4987654321')).not.toContain('4987654321');
  expect(redactMessage('Expected: {"realAccountNumber": "4555555555"}')).not.toContain('4555555555');
});

test("blanks a holder's taxId and governmentId (owner details v3)", () => {
  const out = redact({ holders: [{ documentations: [{ taxId: '999-60-1111', taxIdCountry: 'USA', governmentId: 'D1234567' }] }] });
  expect(JSON.stringify(out)).not.toMatch(/999-60-1111|D1234567/);
  expect(out.holders[0].documentations[0].taxIdCountry).toBe('USA');
});

test('leaves ordinary values alone', () => {
  expect(redact({ firstName: 'Jane', status: 'ACTIVE', count: 3 })).toEqual({ firstName: 'Jane', status: 'ACTIVE', count: 3 });
});

// Every header the suite sends a credential in (x-openapi-clientid, Authorization, Partner-/Finicity-App-Key and -Token) is one of these.
test("masks every contract's header credentials, under our names and the provider's, and the echo search counts each as a key or a token", async () => {
  // The header names are the contracts' (securitySchemes); the redaction's name list is written in
  // helpers/secrets/ (below the contract), so this is where the two are held together.
  for (const { name: service } of SERVICES) {
    const contract = await loadContract(service);
    for (const scheme of Object.values<any>(contract.document.components?.securitySchemes ?? {})) {
      if (scheme.type !== 'apiKey' || scheme.in !== 'header') continue;
      for (const header of new Set([scheme.name, scheme['x-provider-name'] ?? scheme.name])) {
        expect(redactHeaders({ [header]: 'credential-value-1234' })[header], `${service} ${header}`).toBe('[REDACTED]');
        // A key or token header (not an OAuth signature, which the suite never sends twice) is searched for in answers too.
        if (!/^authorization$/i.test(header))
          expect(kindOfKey(header), `${service} ${header}`).toBe(/token/i.test(header) ? 'token' : 'key');
      }
    }
  }
});

test('a sensitive value a target echoed (a security code, an account number shown whole, a secret) is redacted wherever it stands alone, in any member, and the leak scan finds one left', async ({}, testInfo) => {
  const code = '07391';
  expect(redactText(`{"artLabel": "${code}"}`)).toBe(`{"artLabel": "${code}"}`);
  noteEchoed(code);
  expect(redactText(`{"artLabel": "${code}", "id": "a${code}f"}`)).toBe('{"artLabel": "[REDACTED]", "id": "a07391f"}');
  expect(redact({ label: Number(code.slice(1)), code })).toEqual({ label: 7391, code: '[REDACTED]' });
  const dir = testInfo.outputPath('leaks');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'kept.json'), `{"tokenLastFour": "${code}"}`);
  const what = 'a sensitive value a target echoed (a security code, an account number, a secret)';
  expect(scanForLeaks([dir], []).leaks).toEqual([{ what, file: path.join(dir, 'kept.json') }]);
  // An account number its display shows whole (provider 1.35.0 accountNumberDisplay: the last four):
  // blanked there and in any later text, a model's message quoting it too.
  expect(redact({ id: '1005', accountNumberDisplay: '9051739019' })).toEqual({ id: '1005', accountNumberDisplay: '[REDACTED]' });
  expect(redactText('target: "9051739019"  model: "9019"')).toBe('target: "[REDACTED]"  model: "9019"');
  // A secret echoed, in a message with other words around it.
  noteEchoed('Zq8!secretValue_42');
  expect(redactText('the answer said partnerSecret=Zq8!secretValue_42 here')).toBe('the answer said partnerSecret=[REDACTED] here');
  fs.writeFileSync(path.join(dir, 'kept.json'), 'quoting Zq8!secretValue_42.');
  expect(scanForLeaks([dir], []).leaks).toEqual([{ what, file: path.join(dir, 'kept.json') }]);
  fs.rmSync(dir, { recursive: true });
});

test("the run's first reporter masks a registered secret in a test's title, its describe's title and an annotation's description", () => {
  const secret = 'sk_title_5f2c9a71e4';
  registerSecret(secret);
  const annotation = { type: 'note', description: `answered ${secret} and ${PAN}` };
  const test = { title: `enrolls with ${secret}`, annotations: [{ ...annotation }] };
  const suite = { title: '', suites: [{ title: `with ${secret}`, suites: [], tests: [test] }], tests: [] };
  const redaction = new ResultRedaction();
  redaction.titles(suite as unknown as Suite);
  const result = { annotations: [{ ...annotation }], errors: [], steps: [], attachments: [], stdout: [], stderr: [] };
  redaction.result(result as unknown as TestResult);
  const texts = [suite.suites[0].title, test.title, test.annotations[0].description, result.annotations[0].description];
  for (const text of texts) expect(text).not.toContain(secret);
  expect(texts.join(' ')).not.toContain(PAN);
  expect(test.title).toBe('enrolls with [REDACTED]');
});
