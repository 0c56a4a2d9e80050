// The success content of the income and employment reports (seed 002, Decisioning report
// generation), built from the world when a report completes: the customer's payroll deposits on
// its linked deposit accounts (portfolio.ts) and the pay statements it stored
// (statements.ts storedAsset). Deterministic, so a spec pins values against a known answer:
// the deposits it reads through GetAllCustomerTransactions, the pay statement it stored.
// Rules: schemas/financial-data/rules/reports-income.yaml (FD-VOE-TXN-NO-AMOUNTS,
// FD-PAYSTMT-REPORT-EXTRACT, FD-VOIE-TXVERIFY-MATCH, FD-PAYROLL-EMPLOYMENT).
import type { FdContext } from './middleware.js';
import { linkedData, type Account, type Transaction } from './state.js';
import type { Asset } from './state.js';
import type { Consumer, FdState as FdWorld } from './state.js';

/** The accounts a deposit of pay lands on (provider 1.35.0: VOIE TXVerify reads checking and savings; VOI adds money market). */
const DEPOSIT_TYPES = new Set(['checking', 'savings', 'moneyMarket']);
/** The payee of the mock's pay deposits (portfolio.ts PAYEES). */
export const PAYROLL_DESCRIPTION = 'Payroll Deposit';

export interface Deposit { account: Account; t: Transaction }

/**
 * The customer's payroll deposits: active credits described as pay, on its active deposit
 * accounts (optionally only `accountIds`), as the transaction reads show them (historic ones once
 * the historic load is done), oldest first.
 */
export function payrollDeposits(ctx: FdContext, customerId: string, accountIds?: Set<string>, fromDate?: number): Deposit[] {
  const world = ctx.state;
  const accounts = new Map(linkedData(world, customerId).accounts
    .filter((a) => DEPOSIT_TYPES.has(a.type) && a.status === 'active' && (!accountIds || accountIds.has(a.id)))
    // Fault: only the first checking account is read (the other deposit accounts' pay is missed).
    .filter((a, i, all) => !ctx.faults.has('income-voe-deposits-first-account-only') || a === all[0])
    .map((a) => [a.id, a]));
  const out: Deposit[] = [];
  for (const t of world.transactions.values()) {
    const account = accounts.get(t.accountId);
    if (!account || t.status !== 'active' || t.amount <= 0 || t.description !== PAYROLL_DESCRIPTION) continue;
    if (t.historic && !account.historicLoaded) continue;
    if (fromDate !== undefined && t.postedDate < fromDate) continue;
    out.push({ account, t });
  }
  return out.sort((a, b) => a.t.postedDate - b.t.postedDate || a.t.id - b.t.id);
}

/** Income streams per institution and account (provider 1.35.0 VOETransactionsReportExample), with or without amounts. */
export function incomeInstitutions(world: FdWorld, deposits: Deposit[], withAmounts: boolean, confidenceMinimum = 0) {
  const byAccount = new Map<string, Deposit[]>();
  for (const d of deposits) byAccount.set(d.account.id, [...(byAccount.get(d.account.id) ?? []), d]);
  const institutions = new Map<string, { id: number; name: string; accounts: unknown[] }>();
  for (const [accountId, list] of byAccount) {
    const account = list[0].account;
    // A stream seen three times or more is a steady one (the mock's scoring).
    const confidence = list.length >= 3 ? 80 : 40;
    if (confidence < confidenceMinimum) continue;
    const institution = institutions.get(account.institutionId)
      ?? { id: Number(account.institutionId), name: world.institutions.find((i) => i.id === account.institutionId)?.name ?? '', accounts: [] };
    institutions.set(account.institutionId, institution);
    institution.accounts.push({
      id: Number(accountId), name: account.name, type: account.type,
      incomeStreams: [{
        id: `${accountId}-payroll`, name: PAYROLL_DESCRIPTION, status: 'ACTIVE', confidence,
        transactions: list.map(({ t }) => ({
          id: t.id, postedDate: t.postedDate, description: t.description, category: 'Paycheck', ...(withAmounts ? { amount: t.amount } : {}),
        })),
      }],
    });
  }
  return [...institutions.values()];
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * What the mock reads on a stored pay statement: the text lines "Employer: ...", "Employee: ...",
 * "Pay date: YYYY-MM-DD", "Net pay: 0.00", "Gross pay: 0.00" of the file (a PDF's text or plain
 * text); a line that is missing leaves its field out.
 */
export function extract(assetId: string, asset: Asset) {
  const text = asset.bytes.toString('latin1');
  const line = (name: string) => new RegExp(`${name}:\\s*([^\\r\\n()]+)`, 'i').exec(text)?.[1]?.trim();
  const amount = (name: string) => {
    const v = line(name)?.replace(/[$,]/g, '');
    return v !== undefined && /^-?[0-9]+(\.[0-9]+)?$/.test(v) ? Number(v) : undefined;
  };
  const date = line('Pay date');
  const payDate = date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? Date.parse(`${date}T00:00:00Z`) / 1000 : undefined;
  const employer = line('Employer');
  const employee = line('Employee');
  return {
    assetId, payPeriod: capitalised(asset.label ?? 'lastPayPeriod'), billable: true,
    ...(payDate !== undefined ? { payDate } : {}), ...(amount('Net pay') !== undefined ? { netPayCurrent: amount('Net pay') } : {}),
    ...(amount('Gross pay') !== undefined ? { grossPayCurrent: amount('Gross pay') } : {}),
    ...(employer ? { employer: { name: employer } } : {}), ...(employee ? { employee: { name: employee } } : {}),
  };
}

/** TXVerify: the deposits whose amount is the pay statement's net pay (provider 1.35.0 matchType NET_PAY_MATCH). */
export function matchDeposits(ctx: FdContext, payStatement: ReturnType<typeof extract>, deposits: Deposit[]) {
  // Fault: matched on the gross pay instead of the net pay the deposit carries.
  const pay = ctx.faults.has('income-txverify-match-gross') ? payStatement.grossPayCurrent : payStatement.netPayCurrent;
  const matched = pay === undefined ? [] : deposits.filter(({ t }) => Math.round(t.amount * 100) === Math.round(pay * 100)).map(({ t }) => t.id);
  return { ...payStatement, matchType: matched.length > 0 ? 'NET_PAY_MATCH' : 'NO_MATCH', matchedTransactionIds: matched };
}

/**
 * The consumer's employment as the payroll reports show it: one employer, paid by the payroll
 * deposits; its latest pay date is the latest deposit's. With `income` (VOIE payroll) the income
 * record adds that deposit's amount; without (VOE payroll) there is no income at all.
 */
export function employmentHistory(ctx: FdContext, customerId: string, consumer: Consumer | undefined, income: boolean) {
  const deposits = payrollDeposits(ctx, customerId);
  // Fault: the oldest deposit is taken for the latest one.
  const latest = ctx.faults.has('income-payroll-oldest-pay-date') ? deposits[0] : deposits[deposits.length - 1];
  const name = [consumer?.fields.firstName, consumer?.fields.lastName].filter(Boolean).join(' ');
  const record: Record<string, unknown> = {
    employmentId: `emp-${customerId}`, employerName: 'PAYROLL DEPOSIT EMPLOYER', payrollSource: 'mock', employee: { name },
    // Blind fault: the latest pay date is the deposit's transaction date, not its posted date.
    employment: { employerName: 'PAYROLL DEPOSIT EMPLOYER', employmentStatusCode: 'A', employmentStatusName: 'Active', ...(latest ? { latestPayDate: ctx.faults.has('blind-income-payroll-latest-pay-transaction-date') ? latest.t.transactionDate ?? latest.t.postedDate : latest.t.postedDate } : {}) },
  };
  if (income || ctx.faults.has('income-voe-payroll-shows-income')) {
    record.income = { payFrequency: 'Biweekly', ...(latest ? { latestNetPayAmount: latest.t.amount } : {}) };
  } else if (ctx.faults.has('blind-income-voe-payroll-pay-frequency-shown')) {
    // Blind fault: the VOE payroll report keeps the pay frequency of the income record.
    record.income = { payFrequency: 'Biweekly' };
  }
  return [record];
}
