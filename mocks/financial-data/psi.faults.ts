// Faults of psi (issue 10): each breaks one rule of schemas/financial-data/rules/psi.yaml.
import type { Fault } from '../kit/faults.js';

export const PSI_FAULTS: Fault[] = [];
