// Faults of enrichment (issue 12): each breaks one rule of schemas/financial-data/rules/enrichment.yaml.
import type { Fault } from '../kit/faults.js';

export const ENRICHMENT_FAULTS: Fault[] = [];
