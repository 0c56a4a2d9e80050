// Covers: a limit counts only the key the contract names (FD-PROP-LIMIT-KEY), on every operation of
// the financial data contract documenting a 429 (helpers/client/invariants/keys.ts): where the 429
// states its rate and key (`x-rate: { count, window, key }`: micro entry initiations per customer,
// seed 002 Errors 429, reference/financial-data.md micro entries), one key (a customer of the check's
// own) is driven to the count; the same key's call with every other member changed (another receiving
// account, its holder's name and memo) is refused 429, and the first call under another key (another
// customer of the same partner) with every other member the same is accepted. The varied call is first
// sent under a third key, so that its inputs are shown valid on the target. A 429 stating no rate (the
// report lists) is left out with that reason.
import { expect, mockOnly, newCustomer, rules, sampleCall, test, type FdOperationId } from '../../fixtures/financial-data.js';
import { countProperty, type PropertyException } from '../../helpers/client/property-counts.js';
import { checkLimitKey, keyedRateOf, limitedOf, variedLeaves, withKey } from '../../helpers/client/invariants/keys.js';
import { Violations } from '../../helpers/client/security/probe.js';
import type { CallOptions } from '../../helpers/client/client.js';
import { FD_CONTRACT } from './security.known.js';

const RULE = 'FD-PROP-LIMIT-KEY';

test(
  'a stated rate counts only its key: past the count, the same key is refused whatever its other members, another key is accepted @assumption @mock-only',
  mockOnly(
    rules(`${RULE}:accept`, `${RULE}:refuse`),
    "needs the mock's rate (five micro entry initiations per customer in a day, the reference's assumption): a sandbox sets its own, and a 429 there is never a finding",
  ),
  async ({ fd, fdApi, fdMock }, testInfo) => {
    void fdMock; // the rate is the mock's (reference/financial-data.md); a sandbox sets its own
    const violations = new Violations(RULE);
    const checked: string[] = [];
    const exceptions: PropertyException[] = [];
    const made: string[] = [];
    const seen: string[] = [];
    try {
      for (const op of limitedOf(FD_CONTRACT)) {
        const rate = keyedRateOf(FD_CONTRACT, op);
        if (!rate) {
          exceptions.push({ operationId: op.operationId, reason: 'its 429 states no rate nor the key it counts by (no x-rate)' });
          continue;
        }
        // Three keys of the check's own: customers of the same partner.
        const keys: string[] = [];
        for (let i = 0; i < 3; i++) {
          const created = await fdApi.call('AddTestingCustomer', { body: newCustomer() });
          expect(created.status, 'AddTestingCustomer (a key of the check)').toBe(201);
          keys.push(String(created.body.id));
          made.push(String(created.body.id));
        }
        const valid = sampleCall(op.operationId as FdOperationId, fd, {
          customerId: keys[0]!,
          consumerId: '',
          businessId: '',
        }) as CallOptions;
        const validate = FD_CONTRACT.requestValidatorOf(op.operationId);
        const ok = (b: unknown) => !validate || Boolean(validate(b));
        // Each driven call names another object (a digit string's last digits changed), as the key's calls would.
        const drive = (k: number) =>
          k === 0 ? valid : withKey(digitsOnly(variedLeaves(valid, rate.key, k, ok), valid), rate.key, keys[0]);
        const varied = variedLeaves(valid, rate.key, rate.count + 1, ok);
        seen.push(
          ...(await checkLimitKey(
            (call) => fdApi.callBuilt(op.operationId as FdOperationId, { ...call, rateLimit: 'expect' }),
            op,
            rate,
            { drive, varied, keys: [keys[0], keys[1], keys[2]] },
            violations,
          )),
        );
        checked.push(op.operationId);
      }
    } finally {
      for (const id of made) await fdApi.call('DeleteCustomer', { path: { customerId: id } });
    }
    testInfo.annotations.push({ type: 'limit-key', description: seen.join('; ') });
    countProperty(testInfo, {
      property: 'limit-key',
      service: 'financial-data',
      rule: RULE,
      applies: limitedOf(FD_CONTRACT).map((o) => o.operationId),
      checked,
      exceptions,
    });
    expect(violations.list, `${violations.describe()}\n${seen.join('\n')}`).toEqual([]);
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
