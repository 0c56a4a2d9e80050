// The limits of the provider's sandbox that the financial data mock keeps in stand-in mode only
// (mocks/stand-in.ts). Provider Test the APIs page: a partner enrolls up to 100 testing customers,
// each with up to 20 accounts. The plain mock keeps neither: benchmarks create 50,000 customers.
import type { FdContext } from './middleware.js';
import { customerCandidates } from './state.js';

export const SANDBOX_TESTING_CUSTOMERS = 100;
export const SANDBOX_ACCOUNTS_PER_CUSTOMER = 20;

/**
 * Why AddTestingCustomer refuses the partner's next testing customer (its live ones are at the
 * limit; a deleted one frees its place), or undefined. The caller answers 400 in {code, message}:
 * that status is our assumption, the provider document names no status for this refusal.
 */
export function testingQuotaRefusal(ctx: FdContext, partnerId: string): string | undefined {
  const limit = ctx.standIn?.testingCustomers ?? SANDBOX_TESTING_CUSTOMERS;
  const live = customerCandidates(ctx.state, { partnerId, type: 'testing' }).length;
  return live >= limit ? `The partner has reached its limit of ${limit} testing customers; delete one to enroll another` : undefined;
}
