// Faults of reports-income (issue 11): each breaks one rule of schemas/financial-data/rules/reports-income.yaml.
import type { Fault } from '../kit/faults.js';

export const REPORTS_INCOME_FAULTS: Fault[] = [];
