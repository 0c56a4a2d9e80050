// The financial data fault catalogue and its ids as one type, so a handler asking for an undeclared id does not compile; apart from
// index.ts so handlers name the type without the mock.
import { inFamily, type FaultId } from '../kit/faults.js';
import { ACCOUNTS_FAULTS } from './accounts.faults.js';
import { APP_REGISTRATION_FAULTS } from './app-registration.faults.js';
import { AUTH_FAULTS } from './auth.faults.js';
import { BUSINESSES_FAULTS } from './businesses.faults.js';
import { CONNECT_FAULTS } from './connect.faults.js';
import { CONNECT_COMPONENTS_FAULTS } from './connect-components.faults.js';
import { CONSUMERS_FAULTS } from './consumers.faults.js';
import { CUSTOMERS_FAULTS } from './customers.faults.js';
import { ENRICHMENT_FAULTS } from './enrichment.faults.js';
import { INSTITUTIONS_FAULTS } from './institutions.faults.js';
import { MICRO_ENTRIES_FAULTS } from './micro-entries.faults.js';
import { MIDDLEWARE_FAULTS } from './middleware.faults.js';
import { PAGING_FAULTS } from './paging.faults.js';
import { PAYMENTS_DATA_FAULTS } from './payments-data.faults.js';
import { PSI_FAULTS } from './psi.faults.js';
import { ANALYTICS_REPORTS_FAULTS } from './reports/analytics.faults.js';
import { ASSET_REPORTS_FAULTS } from './reports/assets.faults.js';
import { BILLING_FAULTS } from './reports/billing.faults.js';
import { REPORT_FIGURES_FAULTS } from './reports/figures.faults.js';
import { REPORT_GUARD_FAULTS } from './reports/guard.faults.js';
import { INCOME_REPORTS_FAULTS } from './reports/income.faults.js';
import { INDEPENDENT_39_FAULTS } from './independent-39.faults.js';
import { INDEPENDENT_40_FAULTS } from './independent-40.faults.js';
import { INDEPENDENT_41_FAULTS } from './independent-41.faults.js';
import { INDEPENDENT_42_FAULTS } from './independent-42.faults.js';
import { INDEPENDENT_43_FAULTS } from './independent-43.faults.js';
import { INDEPENDENT_44_FAULTS } from './independent-44.faults.js';
import { INDEPENDENT_45_FAULTS } from './independent-45.faults.js';
import { INDEPENDENT_46_FAULTS } from './independent-46.faults.js';
import { INDEPENDENT_47_FAULTS } from './independent-47.faults.js';
import { INDEPENDENT_48_FAULTS } from './independent-48.faults.js';
import { INDEPENDENT_49_FAULTS } from './independent-49.faults.js';
import { INDEPENDENT_50_FAULTS } from './independent-50.faults.js';
import { INDEPENDENT_51_FAULTS } from './independent-51.faults.js';
import { INDEPENDENT_52_FAULTS } from './independent-52.faults.js';
import { INDEPENDENT_53_FAULTS } from './independent-53.faults.js';
import { INDEPENDENT_54_FAULTS } from './independent-54.faults.js';
import { INDEPENDENT_55_FAULTS } from './independent-55.faults.js';
import { INDEPENDENT_56_FAULTS } from './independent-56.faults.js';
import { INDEPENDENT_57_FAULTS } from './independent-57.faults.js';
import { INDEPENDENT_58_FAULTS } from './independent-58.faults.js';
import { INDEPENDENT_59_FAULTS } from './independent-59.faults.js';
import { INDEPENDENT_60_FAULTS } from './independent-60.faults.js';
import { INDEPENDENT_61_FAULTS } from './independent-61.faults.js';
import { INDEPENDENT_62_FAULTS } from './independent-62.faults.js';
import { INDEPENDENT_63_FAULTS } from './independent-63.faults.js';
import { INDEPENDENT_64_FAULTS } from './independent-64.faults.js';
import { INDEPENDENT_65_FAULTS } from './independent-65.faults.js';
import { REPORT_RETRIEVAL_FAULTS } from './reports/retrieval.faults.js';
import { SBCA_FAULTS } from './reports/sbca.faults.js';
import { SENSITIVE_ECHO_FAULTS } from './sensitive-echo.faults.js';
import { REPORT_STORE_FAULTS } from './reports/store.faults.js';
import { STATEMENTS_FAULTS } from './statements.faults.js';
import { SWITCHES_FAULTS } from './switches.faults.js';
import { THIRD_PARTY_ACCESS_FAULTS } from './third-party-access.faults.js';
import { TRANSACTIONS_FAULTS } from './transactions.faults.js';
import { TXPUSH_FAULTS } from './txpush.faults.js';
import { WEBHOOKS_FAULTS } from './webhooks.faults.js';

/** The fault catalogue of the financial data mock: each resource's faults, from the faults file beside its module. */
export const FD_FAULTS = [
  ...inFamily('front', MIDDLEWARE_FAULTS),
  ...inFamily('auth', AUTH_FAULTS),
  ...inFamily('paging', PAGING_FAULTS),
  ...inFamily('customers', CUSTOMERS_FAULTS),
  ...inFamily('consumers', CONSUMERS_FAULTS),
  ...inFamily('businesses', BUSINESSES_FAULTS),
  ...inFamily('institutions', INSTITUTIONS_FAULTS),
  ...inFamily('accounts', ACCOUNTS_FAULTS),
  ...inFamily('transactions', TRANSACTIONS_FAULTS),
  ...inFamily('payments-data', PAYMENTS_DATA_FAULTS),
  ...inFamily('psi', PSI_FAULTS),
  ...inFamily('statements', STATEMENTS_FAULTS),
  ...inFamily('micro-entries', MICRO_ENTRIES_FAULTS),
  ...inFamily('switches', SWITCHES_FAULTS),
  ...inFamily('store', REPORT_STORE_FAULTS),
  ...inFamily('report-guard', REPORT_GUARD_FAULTS),
  ...inFamily('assets', ASSET_REPORTS_FAULTS),
  ...inFamily('income', INCOME_REPORTS_FAULTS),
  ...inFamily('analytics', ANALYTICS_REPORTS_FAULTS),
  ...inFamily('sbca', SBCA_FAULTS),
  ...inFamily('retrieval', REPORT_RETRIEVAL_FAULTS),
  ...inFamily('billing', BILLING_FAULTS),
  ...REPORT_FIGURES_FAULTS,
  ...inFamily('txpush', TXPUSH_FAULTS),
  ...inFamily('enrichment', ENRICHMENT_FAULTS),
  ...inFamily('webhooks', WEBHOOKS_FAULTS),
  ...inFamily('connect', CONNECT_FAULTS),
  ...inFamily('connect-components', CONNECT_COMPONENTS_FAULTS),
  ...inFamily('app-registration', APP_REGISTRATION_FAULTS),
  ...inFamily('third-party-access', THIRD_PARTY_ACCESS_FAULTS),
  ...SENSITIVE_ECHO_FAULTS,
  ...INDEPENDENT_39_FAULTS,
  ...INDEPENDENT_40_FAULTS,
  ...INDEPENDENT_41_FAULTS,
  ...INDEPENDENT_42_FAULTS,
  ...INDEPENDENT_43_FAULTS,
  ...INDEPENDENT_44_FAULTS,
  ...INDEPENDENT_45_FAULTS,
  ...INDEPENDENT_46_FAULTS,
  ...INDEPENDENT_47_FAULTS,
  ...INDEPENDENT_48_FAULTS,
  ...INDEPENDENT_49_FAULTS,
  ...INDEPENDENT_50_FAULTS,
  ...INDEPENDENT_51_FAULTS,
  ...INDEPENDENT_52_FAULTS,
  ...INDEPENDENT_53_FAULTS,
  ...INDEPENDENT_54_FAULTS,
  ...INDEPENDENT_55_FAULTS,
  ...INDEPENDENT_56_FAULTS,
  ...INDEPENDENT_57_FAULTS,
  ...INDEPENDENT_58_FAULTS,
  ...INDEPENDENT_59_FAULTS,
  ...INDEPENDENT_60_FAULTS,
  ...INDEPENDENT_61_FAULTS,
  ...INDEPENDENT_62_FAULTS,
  ...INDEPENDENT_63_FAULTS,
  ...INDEPENDENT_64_FAULTS,
  ...INDEPENDENT_65_FAULTS,
];

export type FdFaultId = FaultId<typeof FD_FAULTS>;
