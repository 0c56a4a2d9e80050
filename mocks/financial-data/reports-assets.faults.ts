// Faults of reports-assets (issue 11): each breaks one rule of schemas/financial-data/rules/reports-assets.yaml.
import type { Fault } from '../kit/faults.js';

export const REPORTS_ASSETS_FAULTS: Fault[] = [];
