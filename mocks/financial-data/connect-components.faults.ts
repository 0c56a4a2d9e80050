// Faults of Connect components, named `fd-<rule id>-<deviation>` (schemas/financial-data/rules/connect-components.yaml): `relax`,
// or connect-components.ts's seams (Step, a write, the answer). An id docs/mutation.md names, and a blind fault's first id, stay aliases.
import { createHash } from 'node:crypto';
import { assumption, blind, faultCatalogue, provider, was, type SeamFn, schema } from '../kit/faults.js';
import { faultKit } from './fault-builders.js';
import { uuidOf, type ComponentsSeams, type Exchange } from './connect-components.records.js';

type Judge = SeamFn<ComponentsSeams, 'judge'>;
type Op = Exchange['op'];
const { fault, skipOn: skip, foldOn: fold, answered } = faultKit<ComponentsSeams>();

const OAUTH: Op = 'post-institutions-institutionId-oauth-urls';
const FORM: Op = 'post-institutions-institutionId-login-forms';
const SESSIONS: Op[] = [OAUTH, FORM];
const RECONNECT: Op = 'post-reconnections';
const CREATE: Op = 'post-configurations';
const LIST: Op = 'get-configurations';
const DELETE: Op = 'delete-configurations-configurationId';

// (a) The request as judged: functions at the judge seam.
type Step = Parameters<Judge>[1];
/** The refusal of `step` on `ops` answered with another status (and description) where `when` holds. */
const restatus =
  (ops: Op[], step: Step, status: number, when: (x: Exchange) => boolean = () => true, description?: string): Judge =>
  (x, s, r) =>
    r && s === step && ops.includes(x.op) && when(x) ? { status, description: description ?? r.description } : r;
const foreignLive = (x: Exchange) => x.stored !== undefined && !x.stored.deleted && x.stored.partnerId !== x.partnerId;

export const CONNECT_COMPONENTS_FAULTS = faultCatalogue([
  // --- Sessions: OAuth URLs and login forms (seed 002, Connect components)
  fault('fd-components-institution-oauth-unchecked', 'FD-COMPONENTS-INSTITUTION: an OAuth URL for an unknown institution is served', {
    judge: skip([OAUTH], 'institution'),
  }),
  fault('fd-components-institution-login-form-400', 'FD-COMPONENTS-INSTITUTION: the login form answers an unknown institution with a 400', {
    judge: restatus([FORM], 'institution', 400),
    ...blind,
    ...was('blind-components-login-form-unknown-institution-400'),
  }),
  fault('fd-components-redirect-required-optional', 'FD-COMPONENTS-REDIRECT-REQUIRED: an OAuth URL request without redirectURI is served', {
    relax: schema('ComponentsOauthUrlRequest', { unrequire: ['redirectURI'] }),
  }),
  fault('fd-components-customer-unchecked', {
    rule: "FD-COMPONENTS-CUSTOMER: a customer that is not the partner's (another partner's, or none) is taken in the session bodies",
    judge: skip(SESSIONS, 'customer'),
    ...assumption,
  }),
  fault('fd-components-configuration-ref-known-refused', {
    rule: "FD-COMPONENTS-CONFIGURATION-REF: a configurationId of one of the partner's configurations is refused 400",
    judge: (x, s, r) =>
      r ??
      (s === 'configuration' && SESSIONS.includes(x.op)
        ? { status: 400, description: 'configurationId names no configuration of this partner' }
        : undefined),
    ...was('components-config-known-refused'),
  }),
  fault('fd-components-session-oauth-id-per-redirect', 'FD-COMPONENTS-SESSION: the OAuth session id is derived from the redirect URI', {
    answer: answered([OAUTH], (b, x) => {
      const id = uuidOf(
        createHash('sha1')
          .update(`oauth:${String(x.input.body.redirectURI)}`)
          .digest('hex'),
      );
      return { ...b, id, url: b.url.replace(`session=${b.id}`, `session=${id}`) };
    }),
  }),
  fault('fd-components-session-login-form-id-per-customer', {
    rule: "FD-COMPONENTS-SESSION: the login form's session id is derived from the institution and the customer (one id for every form of that pair)",
    answer: answered([FORM], (b, x) => ({
      ...b,
      id: uuidOf(createHash('sha1').update(`login-form:${x.input.path.institution_id}:${x.input.body.customerId}`).digest('hex')),
    })),
    ...blind,
    ...was('blind-components-login-form-id-per-customer'),
  }),
  fault('fd-components-reconnect-challenge-asked-once', {
    rule: 'FD-COMPONENTS-RECONNECT, FD-PROP-SAME-ANSWER: a login challenged once is taken as answered; its next reconnection skips the challenge',
    judge: fold([RECONNECT], 'mfa', (x, memory) => {
      const challenged: Set<number> = (memory.challenged ??= new Set());
      if (!x.login || !x.mfa) return;
      if (challenged.has(x.login.id)) x.mfa = false;
      challenged.add(x.login.id);
    }),
    ...was('i35-fd-components-reconnect-challenge-asked-once'),
  }),
  fault('fd-components-reconnect-203-object', {
    rule: 'FD-COMPONENTS-RECONNECT: the 203 answers the challenge holder itself, not the array of them',
    answer: (x, a) => (x.op === RECONNECT && a.status === 203 ? { ...a, body: a.body[0] } : a),
    ...blind,
    ...was('blind-components-reconnect-203-object'),
  }),
  fault('fd-components-customer-reconnect-unknown-404', 'FD-COMPONENTS-CUSTOMER: an unknown customer in the reconnection path is a 404', {
    judge: restatus([RECONNECT], 'customer', 404, (x) => !x.world.customers.has(x.input.path.customer_id)),
    ...blind,
    ...was('blind-components-reconnect-unknown-customer-404'),
  }),
  fault('fd-components-reconnect-login-unknown-404', {
    rule: 'FD-COMPONENTS-RECONNECT-LOGIN: an institution login that does not exist at all is a 404',
    judge: restatus([RECONNECT], 'login', 404, (x) => !x.world.logins.has(Number(x.input.path.institution_login_id))),
    ...blind,
    ...was('blind-components-reconnect-unknown-login-404'),
  }),
  // --- Configurations (seed 002; provider 1.35.0 Configuration)
  fault('fd-components-config-create-200', 'FD-COMPONENTS-CONFIG-CREATE: creation answers 200, not 201', {
    answer: (x, a) => (x.op === CREATE && a.status === 201 ? { ...a, status: 200 } : a),
  }),
  fault('fd-components-config-delete-keeps-listed', 'FD-COMPONENTS-CONFIG-DELETE: a deleted configuration stays in the list', {
    judge: fold([LIST], 'list', (x) =>
      x.list!.push(...[...x.world.connectComponents.configurations.values()].filter((c) => c.deleted && c.partnerId === x.partnerId)),
    ),
    ...was('components-config-delete-keeps-listed'),
  }),
  fault('fd-components-config-owner-foreign-delete-removes', {
    rule: "FD-COMPONENTS-CONFIG-OWNER: another partner's delete is answered 404 after the configuration was removed",
    judge: fold([DELETE], 'configuration', (x) => {
      if (foreignLive(x)) x.stored!.deleted = true;
    }),
    ...blind,
    ...was('blind-components-config-foreign-delete-removes'),
  }),
  // --- Error body (reference, Error bodies; provider 1.35.0 GoldStandardErrorMessage)
  fault('fd-components-error-shape-default', 'FD-COMPONENTS-ERROR-SHAPE: errors carry {code, message}, not {"Errors": {"Error": [...]}}', {
    answer: (_x, a) => (a.error !== undefined ? { ...a, defaultShape: true } : a),
    ...provider,
  }),
]);
