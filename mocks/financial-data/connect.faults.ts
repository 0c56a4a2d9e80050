// Faults of connect (issue 12): each breaks one rule of schemas/financial-data/rules/connect.yaml.
import type { Fault } from '../kit/faults.js';

export const CONNECT_FAULTS: Fault[] = [];
