// Every fault catalogue of the financial data mock, and their ids as one type: the mock's FaultSet
// takes only these (mocks/kit/faults.ts), so a handler asking for an id no catalogue declares does
// not compile.
import type { FaultId } from '../kit/faults.js';
import { ACCOUNTS_FAULTS } from './accounts.faults.js';
import { TRANSACTIONS_FAULTS } from './transactions.faults.js';
import { PAYMENTS_DATA_FAULTS } from './payments-data.faults.js';
import { PSI_FAULTS } from './psi.faults.js';
import { STATEMENTS_FAULTS } from './statements.faults.js';
import { MICRO_ENTRIES_FAULTS } from './micro-entries.faults.js';
import { SWITCHES_FAULTS } from './switches.faults.js';
import { REPORTS_ASSETS_FAULTS } from './reports-assets.faults.js';
import { REPORTS_INCOME_FAULTS } from './reports-income.faults.js';
import { REPORTS_ANALYTICS_FAULTS } from './reports-analytics.faults.js';
import { REPORTS_RETRIEVAL_FAULTS } from './reports-retrieval.faults.js';
import { TXPUSH_FAULTS } from './txpush.faults.js';
import { ENRICHMENT_FAULTS } from './enrichment.faults.js';
import { WEBHOOKS_FAULTS } from './webhooks.faults.js';
import { CONNECT_FAULTS } from './connect.faults.js';
import { CONNECT_COMPONENTS_FAULTS } from './connect-components.faults.js';
import { APP_REGISTRATION_FAULTS } from './app-registration.faults.js';
import { REPORTS_FAULTS } from './reports.faults.js';
import { FD_BLIND_FAULTS as PART1_BLIND_FAULTS } from './blind-faults.js';
import { FD_PART2_BLIND_FAULTS } from './part2-blind.faults.js';
import { FD_PART4D_BLIND_FAULTS } from './part4d-blind.faults.js';
import { FD_PART3B_BLIND_FAULTS } from './part3b-blind.faults.js';
import { FD_PART3C_BLIND_FAULTS } from './part3c-blind.faults.js';
import { FD_PART4C_BLIND_FAULTS } from './part4c-blind.faults.js';
import { FD_PART4A_BLIND_FAULTS } from './part4a-blind.faults.js';
import { FD_PART4B_BLIND_FAULTS } from './part4b-blind.faults.js';
import { FD_PART3A_BLIND_FAULTS } from './part3a-blind.faults.js';
import { FD_FAULTS } from './faults.js';

/** Faults of the resources of part 2 (issue 10), one catalogue file per resource module. */
export const FD_RESOURCE_FAULTS = [...ACCOUNTS_FAULTS, ...TRANSACTIONS_FAULTS, ...PAYMENTS_DATA_FAULTS, ...PSI_FAULTS, ...STATEMENTS_FAULTS, ...MICRO_ENTRIES_FAULTS, ...SWITCHES_FAULTS,
  // Parts 3 and 4 (issues 11, 12)
  ...REPORTS_FAULTS, ...REPORTS_ASSETS_FAULTS, ...REPORTS_INCOME_FAULTS, ...REPORTS_ANALYTICS_FAULTS, ...REPORTS_RETRIEVAL_FAULTS, ...TXPUSH_FAULTS, ...ENRICHMENT_FAULTS, ...WEBHOOKS_FAULTS, ...CONNECT_FAULTS, ...CONNECT_COMPONENTS_FAULTS, ...APP_REGISTRATION_FAULTS];

/** Faults written blind: part 1's catalogue, part 2's (issue 10), and parts 3 and 4 per resource group (issues 11, 12). */
export const FD_BLIND_FAULTS = [...PART1_BLIND_FAULTS, ...FD_PART2_BLIND_FAULTS, ...FD_PART4D_BLIND_FAULTS, ...FD_PART3B_BLIND_FAULTS, ...FD_PART3C_BLIND_FAULTS, ...FD_PART4C_BLIND_FAULTS, ...FD_PART3A_BLIND_FAULTS, ...FD_PART4A_BLIND_FAULTS, ...FD_PART4B_BLIND_FAULTS];

export { FD_FAULTS };

/** Every fault of the service, as the mock loads them. */
export const FD_CATALOGUE = [...FD_FAULTS, ...FD_RESOURCE_FAULTS, ...FD_BLIND_FAULTS];
export type FdFaultId = FaultId<typeof FD_CATALOGUE>;
