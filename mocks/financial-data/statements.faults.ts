// Faults of statements (issue 10): each breaks one rule of schemas/financial-data/rules/statements.yaml.
import type { Fault } from '../kit/faults.js';

export const STATEMENTS_FAULTS: Fault[] = [];
