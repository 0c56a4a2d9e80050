// Faults of the issuer's notification endpoint (switched in issuer.ts and errors.ts): each breaks
// one rule of schemas/installments/rules.yaml, the way a provider's release might. `rules` names the
// rule ids it breaks (`npm run mutation -- --targeted` runs the specs citing them). The faults of
// the suite's authors first, then those written blind (`origin: 'blind'`, measured apart by `npm run
// mutation -- --blind`).
import { faultCatalogue } from '../kit/faults.js';
import { relax, rule } from './fault-builders.js';

export const ISSUER_FAULTS = faultCatalogue([
  // Limits, patterns, enums and array caps (provider 2.0.0): the mock's validation is loosened.
  relax('issuer-issuerIca-not-required', 'notification: issuerIca required', 'PlanNotification', undefined, { unrequire: ['issuerIca'] }, [
    'IN-ISSUER-INVALID',
  ]),
  // The issuer endpoint (reference, Flows - notification (b)).
  rule('issuer-answers-200', 'issuer answers a valid notification 201', ['IN-ISSUER-ACCEPT']),
  rule('issuer-reason-code-too-long', 'PlanNotifError ReasonCode maxLength', ['IN-ISSUER-INVALID']),
  rule('issuer-source-too-long', 'PlanNotifError Source maxLength', ['IN-ISSUER-INVALID']),
  rule('issuer-unknown-ica-accepted', 'issuer: unknown issuerIca is 404', ['IN-ISSUER-UNKNOWN']),
  rule('issuer-never-throttles', 'issuer: too many notifications is 429', ['IN-ISSUER-THROTTLE']),
]);
