// Faults of transactions (issue 10): each breaks one rule of schemas/financial-data/rules/transactions.yaml.
import type { Fault } from '../kit/faults.js';

export const TRANSACTIONS_FAULTS: Fault[] = [];
