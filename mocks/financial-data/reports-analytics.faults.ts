// Faults of reports-analytics (issue 11): each breaks one rule of schemas/financial-data/rules/reports-analytics.yaml.
import type { Fault } from '../kit/faults.js';

export const REPORTS_ANALYTICS_FAULTS: Fault[] = [];
