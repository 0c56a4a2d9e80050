// The limits of the provider's sandbox that the financial data mock keeps in stand-in mode only
// (mocks/stand-in.ts). Provider Test the APIs page: a partner enrolls a limited number of testing
// customers, each with a limited number of accounts (the contract's `x-limits`
// sandboxTestingCustomers and sandboxAccountsPerCustomer). The plain mock keeps neither: benchmarks
// create 50,000 customers.
import { limitOf } from '../../helpers/contract/facts.js';
import type { Contract } from '../../helpers/contract/contract.js';
import type { FdContext } from './middleware.js';
import { customerCandidates } from './state.js';

/**
 * Real seconds a stand-in's report stays inProgress: the stand-in's choice (neither the seed nor
 * the provider says how long a sandbox takes), under one of the seed's 20-second waits between
 * reads (x-limits reportPollSeconds). A client still meets inProgress (the 202 and the read at 0 s)
 * and must wait and read again, once; the plain mock's 35 virtual seconds (reports/store.ts), which
 * make a poller meet inProgress twice at no cost, would cost two real waits a report here.
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

/**
 * Why AddTestingCustomer refuses the partner's next testing customer (its live ones are at the
 * limit; a deleted one frees its place), or undefined. The caller answers 400 in {code, message}:
 * that status is our assumption, the provider document names no status for this refusal.
 */
export function testingQuotaRefusal(ctx: FdContext, partnerId: string): string | undefined {
  const limit = ctx.standIn?.testingCustomers ?? sandboxLimits(ctx.contract).testingCustomers;
  const live = customerCandidates(ctx.state, { partnerId, type: 'testing' }).length;
  return live >= limit ? `The partner has reached its limit of ${limit} testing customers; delete one to enroll another` : undefined;
}
