// Faults of app-registration (issue 12): each breaks one rule of schemas/financial-data/rules/app-registration.yaml.
import type { Fault } from '../kit/faults.js';

export const APP_REGISTRATION_FAULTS: Fault[] = [];
