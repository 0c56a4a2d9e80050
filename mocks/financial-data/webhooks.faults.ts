// Faults of webhooks (issue 12): each breaks one rule of schemas/financial-data/rules/webhooks.yaml.
import type { Fault } from '../kit/faults.js';

export const WEBHOOKS_FAULTS: Fault[] = [];
