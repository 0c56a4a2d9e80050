// What the statement checks share (statements.details.spec.ts, statements.pdf.spec.ts): the accounts
// to read, one of each type the linked customer holds. seed 002, Statements names the types that have
// statements; a rule about statements holds for each of them, so every check runs on every type the
// world (the mock's portfolio, or a sandbox's linked customer) gives, never only the first one.
import type { LinkedCustomer } from '../../fixtures/financial-data.js';

/** One active account of each type the customer holds, in the portfolio's order, without the MFA ones (203, FD-STMT-MFA). */
export function oneOfEachType(customer: LinkedCustomer): { type: string; path: { customerId: string; accountId: string } }[] {
  const seen = new Set<string>();
  const out: { type: string; path: { customerId: string; accountId: string } }[] = [];
  for (const a of customer.accounts) {
    if (a.status !== 'active' || a.mfa || seen.has(a.type)) continue;
    seen.add(a.type);
    out.push({ type: a.type, path: { customerId: customer.customerId, accountId: a.id } });
  }
  return out;
}
