// Faults of connect-components: each breaks one rule of schemas/financial-data/rules/connect-components.yaml.
import type { Fault } from '../kit/faults.js';

export const CONNECT_COMPONENTS_FAULTS: Fault[] = [
  // Sessions (seed 002, Connect components).
  { id: 'components-oauth-institution-unchecked', rule: 'FD-COMPONENTS-INSTITUTION: an OAuth URL for an unknown institution is a 404', source: 'seed', rules: ['FD-COMPONENTS-INSTITUTION'] },
  { id: 'components-login-form-institution-unchecked', rule: 'FD-COMPONENTS-INSTITUTION: a login form for an unknown institution is a 404', source: 'seed', rules: ['FD-COMPONENTS-INSTITUTION'] },
  { id: 'components-redirect-optional', rule: 'FD-COMPONENTS-REDIRECT-REQUIRED: an OAuth URL request without redirectURI is a 400', source: 'seed', rules: ['FD-COMPONENTS-REDIRECT-REQUIRED'], relax: [{ schema: 'ComponentsOauthUrlRequest', unrequire: ['redirectURI'] }] },
  { id: 'components-config-unknown-accepted', rule: 'FD-COMPONENTS-CONFIGURATION-REF: a configurationId of no configuration is refused', source: 'seed', rules: ['FD-COMPONENTS-CONFIGURATION-REF'] },
  { id: 'components-config-known-refused', rule: "FD-COMPONENTS-CONFIGURATION-REF: a configurationId of one of the partner's configurations is accepted", source: 'seed', rules: ['FD-COMPONENTS-CONFIGURATION-REF'] },
  { id: 'components-customer-unchecked', rule: "FD-COMPONENTS-CUSTOMER: a customer that is not the partner's is refused in the session bodies", source: 'assumption', rules: ['FD-COMPONENTS-CUSTOMER'] },
  // Reconnections (seed 002: 201; 203 MFA challenge).
  { id: 'components-reconnect-mfa-ignored', rule: 'FD-COMPONENTS-RECONNECT: a login whose institution asks MFA answers 203 with the challenge', source: 'seed', rules: ['FD-COMPONENTS-RECONNECT'] },
  { id: 'components-reconnect-always-203', rule: 'FD-COMPONENTS-RECONNECT: a login without MFA answers 201 with a login form', source: 'seed', rules: ['FD-COMPONENTS-RECONNECT'] },
  { id: 'components-reconnect-customer-unchecked', rule: "FD-COMPONENTS-CUSTOMER: a reconnection for a customer that is not the partner's is a 400", source: 'assumption', rules: ['FD-COMPONENTS-CUSTOMER'] },
  { id: 'components-reconnect-login-unchecked', rule: 'FD-COMPONENTS-RECONNECT-LOGIN: an unknown institution login is a 400', source: 'assumption', rules: ['FD-COMPONENTS-RECONNECT-LOGIN'] },
  { id: 'components-reconnect-other-customer-login', rule: "FD-COMPONENTS-RECONNECT-LOGIN: another customer's institution login is a 400", source: 'assumption', rules: ['FD-COMPONENTS-RECONNECT-LOGIN'] },
  // Configurations (seed 002; provider 1.35.0 Configuration).
  { id: 'components-config-create-200', rule: 'FD-COMPONENTS-CONFIG-CREATE: creation answers 201 (not 200)', source: 'seed', rules: ['FD-COMPONENTS-CONFIG-CREATE'] },
  { id: 'components-config-drops-filter', rule: 'FD-COMPONENTS-CONFIG-CREATE: the filterAccounts sent are recorded and read back', source: 'provider', rules: ['FD-COMPONENTS-CONFIG-CREATE'] },
  { id: 'components-config-ao-default-true', rule: 'FD-COMPONENTS-CONFIG-CREATE: aoRequired left out is false', source: 'provider', rules: ['FD-COMPONENTS-CONFIG-CREATE'] },
  { id: 'components-config-delete-still-readable', rule: 'FD-COMPONENTS-CONFIG-DELETE: a deleted configuration is a 404 by id', source: 'seed', rules: ['FD-COMPONENTS-CONFIG-DELETE'] },
  { id: 'components-config-delete-keeps-listed', rule: 'FD-COMPONENTS-CONFIG-DELETE: a deleted configuration is gone from the list', source: 'seed', rules: ['FD-COMPONENTS-CONFIG-DELETE'] },
  { id: 'components-config-owner-unchecked', rule: "FD-COMPONENTS-CONFIG-OWNER: another partner's configurations are neither listed nor read", source: 'seed', rules: ['FD-COMPONENTS-CONFIG-OWNER'] },
  { id: 'components-config-delete-other-partner', rule: "FD-COMPONENTS-CONFIG-OWNER: another partner cannot delete our configuration", source: 'seed', rules: ['FD-COMPONENTS-CONFIG-OWNER'] },
  // Error body (reference, Error bodies; provider 1.35.0 GoldStandardErrorMessage).
  { id: 'components-error-default-shape', rule: 'FD-COMPONENTS-ERROR-SHAPE: errors carry {"Errors": {"Error": [...]}}, not {code, message}', source: 'provider', rules: ['FD-COMPONENTS-ERROR-SHAPE'] },
];
