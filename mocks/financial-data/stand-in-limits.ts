// The sandbox limits kept in stand-in mode only (provider Test the APIs page: the contract's `x-limits` sandboxTestingCustomers and
// sandboxAccountsPerCustomer). The plain mock keeps neither: benchmarks create 50,000 customers.
import { limitOf } from '../../helpers/contract/facts.js';
import type { Contract } from '../../helpers/contract/contract.js';
import type { FdContext } from './middleware.js';
import { customerCandidates } from './state.js';

/**
 * Real seconds a stand-in's report stays inProgress (the sources say nothing): under the seed's 20-second wait (x-limits
 * reportPollSeconds), so a client meets inProgress once and waits once; the mock's 35 virtual seconds would cost two real waits.
 */
export const STAND_IN_REPORT_READY_AFTER_S = 10;

/** The sandbox's limits, as the contract states them, and the stand-in's report time. */
export function sandboxLimits(contract: Contract): { testingCustomers: number; accountsPerCustomer: number; reportReadyAfterS: number } {
  return {
    testingCustomers: limitOf(contract, 'sandboxTestingCustomers'),
    accountsPerCustomer: limitOf(contract, 'sandboxAccountsPerCustomer'),
    reportReadyAfterS: STAND_IN_REPORT_READY_AFTER_S,
  };
}

/** Why AddTestingCustomer refuses the partner's next testing customer (at the limit), or undefined; 400 is our assumption. */
export function testingQuotaRefusal(ctx: FdContext, partnerId: string): string | undefined {
  const limit = ctx.standIn?.testingCustomers ?? sandboxLimits(ctx.contract).testingCustomers;
  const live = customerCandidates(ctx.state, { partnerId, type: 'testing' }).length;
  return live >= limit ? `The partner has reached its limit of ${limit} testing customers; delete one to enroll another` : undefined;
}
