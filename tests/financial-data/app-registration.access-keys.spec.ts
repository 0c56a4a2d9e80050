// Covers: GenerateThirdPartyAccessKey, UpdateThirdPartyAccessKey, RevokeThirdPartyAccessKey - seed
// 002, App registration and third-party access (200, 200, 204; 404), Resources - Third-party consent
// (consentReceiptId); provider 1.35.0 ThirdPartyAccessKeyData, ThirdPartyAccessKeyReceiptData (a
// signed receipt naming the customer and accounts by pseudo identifiers). The proof's signature is
// the secret part of the key: registered with the suite's redaction, never printed.
import {
  expect,
  expectFdError,
  fdAuthHeaders,
  ownLinkedCustomer,
  rules,
  test,
  type OperationClient,
} from '../../fixtures/financial-data.js';
import { accessKeyBody, accessPeriod } from '../../fixtures/examples/fd-samples/app-registration.js';
import { cite } from './cite.js';

/** Registers a value with the suite's redaction (fdAuthHeaders registers what it is given). */
const keepSecret = (value: unknown) => void (typeof value === 'string' && fdAuthHeaders(value));
const NO_CONSENT = 'cr_0000000000000000000000000000Zz';

/** The first signed receipt of an answer; its signature registered as a secret. */
function receiptOf(res: { status: number; body: any }, what: string) {
  expect(res.status, what).toBe(200);
  const [entry] = res.body.data ?? [];
  keepSecret(entry?.proof?.signature);
  return entry as { receipt: any; proof?: any };
}
/** The products and periods of a receipt or of a request body, instants compared as instants. */
const periods = (products: any[] | undefined) =>
  (products ?? []).map((p: any) => ({
    product: p.product,
    type: p.accessPeriod?.type,
    start: Date.parse(p.accessPeriod?.startTime),
    end: Date.parse(p.accessPeriod?.endTime),
  }));

async function generate(fdApi: OperationClient, body: ReturnType<typeof accessKeyBody>) {
  return receiptOf(await fdApi.call('GenerateThirdPartyAccessKey', { body }), 'GenerateThirdPartyAccessKey');
}
async function update(fdApi: OperationClient, consentReceiptId: string, body: ReturnType<typeof accessKeyBody>) {
  return receiptOf(await fdApi.call('UpdateThirdPartyAccessKey', { path: { consentReceiptId }, body }), 'UpdateThirdPartyAccessKey');
}

test(
  'GenerateThirdPartyAccessKey answers 200 with a receipt id, the products granted and a signed proof',
  rules('FD-ACCESSKEY-GENERATE'),
  async ({ fdApi, fd, linkedCustomer }) => {
    const body = accessKeyBody(
      fd,
      linkedCustomer.customerId,
      ['checking', 'savings'].map((t) => linkedCustomer.account(t).id),
    );
    const { receipt, proof } = await generate(fdApi, body);
    expect(typeof receipt?.receiptId === 'string' && receipt.receiptId.length > 0, 'a consent receipt id').toBe(true);
    expect(periods(receipt?.products), 'the products and periods granted').toEqual(periods(body.products));
    const seen = { signed: typeof proof?.signature === 'string' && proof.signature.length > 0, keyId: typeof proof?.keyId };
    expect(seen, 'a signed proof').toEqual({ signed: true, keyId: 'string' });
  },
);

test(
  'the receipt names the customer and the accounts by pseudo identifiers, never their ids, one per account @provider',
  rules('FD-ACCESSKEY-PSEUDO-IDS'),
  async ({ fdApi, fd, linkedCustomer }) => {
    const accountId = linkedCustomer.account('checking').id;
    const savingsId = linkedCustomer.account('savings').id;
    const body = accessKeyBody(fd, linkedCustomer.customerId, [accountId, savingsId]);
    const made = await generate(fdApi, body);
    const updated = await update(fdApi, made.receipt.receiptId, body);
    for (const [what, entry] of [
      ['generation', made],
      ['update', updated],
    ] as const) {
      const text = JSON.stringify(entry.receipt);
      const shown = { customerId: text.includes(linkedCustomer.customerId), accountId: text.includes(accountId) };
      expect(shown, `the ${what} receipt holds the real ids`).toEqual({ customerId: false, accountId: false });
      expect(typeof entry.receipt.customerId, `the ${what} receipt names the customer (a pseudo id)`).toBe('string');
      expect(text.includes(savingsId), `the ${what} receipt holds the second account's real id`).toBe(false);
      // provider 1.35.0 ThirdPartyAccessKeyReceiptData: each accountId "represented as a pseudo
      // identifier" of that account; one identifier for two accounts would tell the recipient neither.
      const [first, second] = (entry.receipt.products ?? []).map((p: { accountId?: unknown }) => p.accountId);
      expect(typeof first === 'string' && typeof second === 'string', `the ${what} receipt names both accounts`).toBe(true);
      expect(first, `the ${what} receipt names the two accounts by two pseudo identifiers`).not.toBe(second);
    }
  },
);

test(
  'GenerateThirdPartyAccessKey answers 404 for an unknown customer and for an account of another customer',
  rules('FD-ACCESSKEY-NOT-FOUND'),
  async ({ fdApi, fd, fdEntities, fdPowers, createCustomer, linkedCustomer }) => {
    const checking = linkedCustomer.account('checking').id;
    const generateFor = (customerId: string, accounts: string[]) =>
      fdApi.call('GenerateThirdPartyAccessKey', { body: accessKeyBody(fd, customerId, accounts) });
    expectFdError(await generateFor('9999999991', [checking]), 404, 'unknown customer');
    // Another customer's account: the mock worker's own linked customer; on a sandbox, where that is
    // FD_LINKED_CUSTOMER_ID too, a customer of the check's own, its accounts linked through Connect.
    const others = fd.control ? fdEntities.linked : await ownLinkedCustomer(fdPowers, createCustomer);
    const other = others?.accounts.find((a) => a.type === 'checking');
    expect(others?.customerId, 'another customer than the linked one').not.toBe(linkedCustomer.customerId);
    expect(other, 'a checking account of the other customer').toBeDefined();
    expectFdError(await generateFor(linkedCustomer.customerId, [other!.id]), 404, "another customer's account");
    // Every product's account is checked, not only the first one's.
    const refusal = await generateFor(linkedCustomer.customerId, [checking, other!.id]);
    expectFdError(refusal, 404, "another customer's account as the second product");
  },
);

/** An instant written as RFC 3339 local time at a UTC offset in minutes, whole seconds (`2026-11-25T07:30:00-05:00`). */
function atOffset(ms: number, offsetMin: number) {
  const local = new Date(ms + offsetMin * 60_000).toISOString().slice(0, 19);
  const abs = Math.abs(offsetMin);
  return `${local}${offsetMin < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
const z = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

/**
 * Periods from a start `s` (whole seconds, a day ahead): an end a second after it is accepted, at it or a
 * day before it refused (FD-ACCESSKEY-PERIOD, @assumption). The bounds are instants (provider 1.35.0
 * ThirdPartyAccessPeriod: date-time, RFC 3339, any UTC offset, fractional seconds): the last three are
 * ordered one way as instants and the other way as text, so a target comparing characters answers each wrongly.
 */
const PERIODS: { what: string; start: (s: number) => string; end: (s: number) => string; ok: boolean }[] = [
  { what: 'an end a second after the start', start: z, end: (s) => z(s + 1000), ok: true },
  { what: 'an end when it starts', start: z, end: z, ok: false },
  { what: 'an end a day before it starts', start: z, end: (s) => z(s - 86_400_000), ok: false },
  { what: 'an end 30 minutes later written at -05:00 (earlier as text)', start: z, end: (s) => atOffset(s + 1_800_000, -300), ok: true },
  { what: 'an end 30 minutes earlier written at +05:00 (later as text)', start: z, end: (s) => atOffset(s - 1_800_000, 300), ok: false },
  {
    what: 'an end half a second earlier written without fractions (later as text)',
    start: (s) => new Date(s + 500).toISOString(),
    end: z,
    ok: false,
  },
];

// Generation and update send the same ThirdPartyAccessKeyData (seed 002, App registration and
// third-party access): the period rule holds on both, each its own check.
for (const op of ['GenerateThirdPartyAccessKey', 'UpdateThirdPartyAccessKey'] as const)
  test(
    `${op}: a period ending after it starts is accepted, ending when it starts or before is a 400, judged by its instants, not its text @assumption`,
    rules('FD-ACCESSKEY-PERIOD:accept', 'FD-ACCESSKEY-PERIOD:refuse'),
    async ({ fdApi, fd, linkedCustomer }) => {
      const s = Math.floor(fd.now() / 1000) * 1000 + 86_400_000;
      const body = (startTime: string, endTime: string) => {
        const b = accessKeyBody(fd, linkedCustomer.customerId, [linkedCustomer.account('checking').id], 'accountOwner', accessPeriod(s));
        for (const p of b.products) p.accessPeriod = { type: 'timeframe', startTime, endTime };
        return b;
      };
      const consentReceiptId = (await generate(fdApi, body(z(s), z(s + 86_400_000)))).receipt.receiptId as string;
      for (const c of PERIODS) {
        const sent = body(c.start(s), c.end(s));
        const res = await (op === 'GenerateThirdPartyAccessKey'
          ? fdApi.call(op, { body: sent })
          : fdApi.call(op, { path: { consentReceiptId }, body: sent }));
        const what = `${op}: ${c.what} (${c.start(s)} to ${c.end(s)})`;
        if (c.ok) receiptOf(res, what);
        else expectFdError(res, 400, what);
      }
    },
  );

test(
  'UpdateThirdPartyAccessKey answers 200 with the same receipt id and the products and period sent; RevokeThirdPartyAccessKey 204, after which the key, like one never issued, is a 404 on update and on revocation',
  rules(
    'FD-ACCESSKEY-UPDATE',
    ...cite('FD-ACCESSKEY-REVOKED', ['key-update', 'key-revoke']),
    ...cite('FD-ACCESSKEY-UNKNOWN', ['key-update', 'key-revoke']),
  ),
  async ({ fdApi, fd, linkedCustomer }) => {
    const accounts = [linkedCustomer.account('checking').id];
    const body = accessKeyBody(fd, linkedCustomer.customerId, accounts);
    const consentReceiptId = (await generate(fdApi, body)).receipt.receiptId;
    const changed = accessKeyBody(
      fd,
      linkedCustomer.customerId,
      accounts,
      'moneyTransferDetails',
      accessPeriod(fd.now() + 3_600_000, 7 * 86_400_000),
    );
    const updated = await update(fdApi, consentReceiptId, changed);
    expect(updated.receipt.receiptId, 'the same consent').toBe(consentReceiptId);
    expect(periods(updated.receipt.products), 'the products and period sent').toEqual(periods(changed.products));
    expect((await fdApi.call('RevokeThirdPartyAccessKey', { path: { consentReceiptId } })).status, 'revocation').toBe(204);
    for (const [what, id] of [
      ['a revoked key', consentReceiptId],
      ['a key never issued', NO_CONSENT],
    ]) {
      expectFdError(await fdApi.call('UpdateThirdPartyAccessKey', { path: { consentReceiptId: id }, body }), 404, `update of ${what}`);
      expectFdError(await fdApi.call('RevokeThirdPartyAccessKey', { path: { consentReceiptId: id } }), 404, `revoking ${what}`);
    }
  },
);

// A receipt id is issued with upper and lower case letters, so it is unique only compared with case,
// and it holds no white space (FD-OBJ-EXACT-ID-FORM, @assumption): a live key's id in other case or
// with a trailing space was never issued. Update and revocation refuse it with 404, and the key stays live.
test(
  'a live receipt id in other case or with a trailing space is a 404 on update and revocation, and the key is still updatable @assumption',
  rules('FD-ACCESSKEY-UNKNOWN@key-update', 'FD-ACCESSKEY-UNKNOWN@key-revoke', 'FD-OBJ-EXACT-ID-FORM'),
  async ({ fdApi, fd, linkedCustomer }) => {
    const body = accessKeyBody(fd, linkedCustomer.customerId, [linkedCustomer.account('checking').id]);
    const live = (await generate(fdApi, body)).receipt.receiptId as string;
    const swapped = [...live].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');
    for (const [what, id] of [
      ['in other case', swapped],
      ['with a trailing space', `${live} `],
    ] as const) {
      expectFdError(await fdApi.call('UpdateThirdPartyAccessKey', { path: { consentReceiptId: id }, body }), 404, `update, ${what}`);
      expectFdError(await fdApi.call('RevokeThirdPartyAccessKey', { path: { consentReceiptId: id } }), 404, `revocation, ${what}`);
    }
    receiptOf(await fdApi.call('UpdateThirdPartyAccessKey', { path: { consentReceiptId: live }, body }), 'the live key, as issued');
  },
);
