// Faults of connect-components (issue 12): each breaks one rule of schemas/financial-data/rules/connect-components.yaml.
import type { Fault } from '../kit/faults.js';

export const CONNECT_COMPONENTS_FAULTS: Fault[] = [];
