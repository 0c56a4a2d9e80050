// Faults of switches (issue 10): each breaks one rule of schemas/financial-data/rules/switches.yaml.
import type { Fault } from '../kit/faults.js';

export const SWITCHES_FAULTS: Fault[] = [];
