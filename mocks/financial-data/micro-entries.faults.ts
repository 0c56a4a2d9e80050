// Faults of micro-entries (issue 10): each breaks one rule of schemas/financial-data/rules/micro-entries.yaml.
import type { Fault } from '../kit/faults.js';

export const MICRO_ENTRIES_FAULTS: Fault[] = [];
