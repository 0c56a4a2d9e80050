// Covers: a limit counts only the key the contract names (IN-PROP-LIMIT-KEY; helpers/client/invariants/keys.ts); the
// issuer's count is by address (provider 2.0.0, PlanNotifTooManyRequestError), an exception saying so.
import { exampleNotification } from '../../fixtures/examples/installments.js';
import { mockOnly, rules, test, skipWithout } from '../../fixtures/installments.js';
import { checkLimitKey, keyedRateOf, limitedOf } from '../../helpers/client/invariants/keys.js';
import { loadContract } from '../../helpers/contract/contract.js';
import type { CallOptions } from '../../helpers/client/client.js';
import { checkKeysOf } from '../shared/limit-key.js';
import { rateOf } from '../../helpers/client/invariants/refusals.js';

const RULE = 'IN-PROP-LIMIT-KEY';
const contract = await loadContract('installments');

skipWithout('issuerEndpoint');

test(
  "a stated rate counts only its key: past a plan's allowance, the same plan is refused whatever its offer, another plan of the same offer is accepted @assumption @mock-only",
  mockOnly(
    rules(`${RULE}:accept`, `${RULE}:refuse`),
    "needs the mock issuer's throttle where a rate's key is a request member: a real issuer's key is its own",
  ),
  async ({ instApi, inst, instMock }) => {
    void instMock; // the rate is the mock's; a real issuer sets its own
    const issuer = inst.issuerEndpoint!;
    await checkKeysOf(RULE, limitedOf(contract), async (op, violations) => {
      const rate = keyedRateOf(contract, op);
      if (!rate)
        return {
          leftOut: rateOf(contract, op)
            ? "its rate counts by the caller's address (no x-rate key: no request member carries it), which one machine's checks cannot vary"
            : 'its 429 states no rate nor the key it counts by (no x-rate)',
        };
      const headers = () => ({ 'Correlation-Id': crypto.randomUUID() });
      const first = exampleNotification(issuer);
      // The varied notification shares nothing with the first but its issuer (an ICA not served is a 404).
      const varied = exampleNotification(issuer, {
        schedulePayments: [1, 2].map((n) => ({ installmentAmount: 755.5, dueDate: `2025-1${n}-15`, installmentNumber: n })),
        planInstallmentInformation: { frequency: 'MONTHLY', tenure: 2, apr: 1.5 },
        transaction: { amount: 1511, currency: 'USD' },
        consumer: { panLastFour: '1881' },
      });
      const plans = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
      return checkLimitKey(
        (call) =>
          instApi.callBuilt(op.operationId as 'notifyPlan', {
            ...call,
            baseURL: issuer.baseURL,
            headers: headers(),
            rateLimit: 'expect',
          }),
        op,
        rate,
        { drive: () => ({ body: first }) as CallOptions, varied: { body: varied } as CallOptions, keys: [plans[0], plans[1], plans[2]] },
        violations,
      );
    });
  },
);
