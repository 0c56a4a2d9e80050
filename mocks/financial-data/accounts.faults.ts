// Faults of accounts (issue 10): each breaks one rule of schemas/financial-data/rules/accounts.yaml.
import type { Fault } from '../kit/faults.js';

export const ACCOUNTS_FAULTS: Fault[] = [];
