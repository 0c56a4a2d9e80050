// Covers: a limit counts only the key the contract names (FD-PROP-LIMIT-KEY; keys.ts), on every 429
// stating `x-rate: { count, window, key }` (micro entry initiations per customer, seed 002 Errors 429):
// one key driven to the count, the same key varied is refused, another key accepted. A 429 stating no rate is left out.
import { expect, mockOnly, newCustomer, rules, sampleCall, test, type FdOperationId } from '../../fixtures/financial-data.js';
import {
  checkLimitKey,
  checkLockKey,
  keyedLockOf,
  keyedRateOf,
  limitedOf,
  lockedOf,
  variedLeaves,
  withKey,
  type LockKeyCalls,
} from '../../helpers/client/invariants/keys.js';
import type { CallOptions } from '../../helpers/client/client.js';
import { FD_CONTRACT } from './security.known.js';
import { checkKeysOf } from '../shared/limit-key.js';

const RULE = 'FD-PROP-LIMIT-KEY';

test(
  'a stated rate counts only its key: past the count, the same key is refused whatever its other members, another key is accepted @assumption @mock-only',
  mockOnly(
    rules(`${RULE}:accept`, `${RULE}:refuse`),
    "needs the mock's rate (five micro entry initiations per customer in a day, the reference's assumption): a sandbox sets its own, and a 429 there is never a finding",
  ),
  async ({ fd, fdApi, fdMock }) => {
    void fdMock; // the rate is the mock's (reference/financial-data.md); a sandbox sets its own
    const made: string[] = [];
    await checkKeysOf(RULE, limitedOf(FD_CONTRACT), async (op, violations) => {
      const rate = keyedRateOf(FD_CONTRACT, op);
      if (!rate) return { leftOut: 'its 429 states no rate nor the key it counts by (no x-rate)' };
      // Three keys of the check's own: customers of the same partner.
      const keys: string[] = [];
      for (let i = 0; i < 3; i++) {
        const created = await fdApi.call('AddTestingCustomer', { body: newCustomer() });
        expect(created.status, 'AddTestingCustomer (a key of the check)').toBe(201);
        keys.push(String(created.body.id));
        made.push(String(created.body.id));
      }
      const entities = { customerId: keys[0]!, consumerId: '', businessId: '' };
      const valid = sampleCall(op.operationId as FdOperationId, fd, entities) as CallOptions;
      const validate = FD_CONTRACT.requestValidatorOf(op.operationId);
      const ok = (b: unknown) => !validate || Boolean(validate(b));
      // Each driven call names another object (a digit string's last digits changed), as the key's calls would.
      const drive = (k: number) => (k === 0 ? valid : withKey(digitsOnly(variedLeaves(valid, rate.key, k, ok), valid), rate.key, keys[0]));
      const varied = variedLeaves(valid, rate.key, rate.count + 1, ok);
      const send = (call: CallOptions) => fdApi.callBuilt(op.operationId as FdOperationId, { ...call, rateLimit: 'expect' });
      return checkLimitKey(send, op, rate, { drive, varied, keys: [keys[0], keys[1], keys[2]] }, violations);
    }).finally(async () => {
      for (const id of made) await fdApi.call('DeleteCustomer', { path: { customerId: id } });
    });
  },
);

// Covers: the same for a lock (`x-lock: { count, key }`: five failed authentications lock the partner,
// seed 002 Authentication and Limits): mock only, as a sandbox's lock lasts until its provider lifts it.
test(
  "a stated lock counts only its key: failures interleaved with another key's successes still lock, and the other key stays free @mock-only",
  mockOnly(
    rules(`${RULE}:accept`, `${RULE}:refuse`),
    "needs the mock's control surface to lift the partner locks it makes (a sandbox's lasts until its provider lifts it)",
  ),
  async ({ fd, fdApi, fdMock, appKeyOnly }) => {
    const locked = lockedOf(FD_CONTRACT);
    expect(locked.length, 'locks stated with their key').toBeGreaterThan(0);
    await checkKeysOf(RULE, locked, async (op, violations) => {
      const lock = keyedLockOf(FD_CONTRACT, op)!;
      // Two values of the key whose right calls the target gives: the spare partner (driven) and the suite's.
      const creds = lock.key === 'partnerId' && fd.sparePartner?.partnerSecret ? [fd.sparePartner, fd.partner] : [];
      if (creds.length < 2) return { leftOut: `no two ${lock.key} values with their right calls on this target` };
      const validate = FD_CONTRACT.requestValidatorOf(op.operationId);
      const keyCalls = (c: { partnerId: string; partnerSecret: string }, name: string): LockKeyCalls => {
        const right = { body: { partnerId: c.partnerId, partnerSecret: c.partnerSecret }, auth: appKeyOnly } as CallOptions;
        const wrong = (k: number) => {
          const body = { ...(right.body as object), partnerSecret: `Wrong-${name}-${k}x` };
          // A wrong secret is a valid body (the contract takes any string): its refusal is the credentials'.
          expect(!validate || validate(body), `${op.operationId}: the failing call's body is valid`).toBe(true);
          return { ...right, body };
        };
        return { name, right, wrong };
      };
      try {
        const send = (call: CallOptions) => fdApi.callBuilt(op.operationId as FdOperationId, call);
        return await checkLockKey(send, op, lock, keyCalls(creds[0]!, 'spare'), keyCalls(creds[1]!, 'suite'), violations);
      } finally {
        for (const c of creds) await fdMock.unlockPartner(c!.partnerId);
      }
    });
  },
);

/** The varied call with only its digit strings taken (another account), its text as the first call's. */
function digitsOnly(varied: CallOptions, valid: CallOptions): CallOptions {
  const keep = (a: unknown, b: unknown): unknown =>
    a && typeof a === 'object'
      ? Object.fromEntries(Object.entries(a).map(([k, v]) => [k, keep(v, (b as Record<string, unknown>)?.[k])]))
      : typeof a === 'string' && /^[0-9]+$/.test(a)
        ? a
        : b;
  return { ...varied, body: keep(varied.body, valid.body) };
}
