// Faults of txpush (issue 12): each breaks one rule of schemas/financial-data/rules/txpush.yaml.
import type { Fault } from '../kit/faults.js';

export const TXPUSH_FAULTS: Fault[] = [];
