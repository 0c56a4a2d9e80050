// Faults of payments-data (issue 10): each breaks one rule of schemas/financial-data/rules/payments-data.yaml.
import type { Fault } from '../kit/faults.js';

export const PAYMENTS_DATA_FAULTS: Fault[] = [];
