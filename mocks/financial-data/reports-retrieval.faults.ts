// Faults of reports-retrieval (issue 11): each breaks one rule of schemas/financial-data/rules/reports-retrieval.yaml.
import type { Fault } from '../kit/faults.js';

export const REPORTS_RETRIEVAL_FAULTS: Fault[] = [];
