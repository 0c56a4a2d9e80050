// Faults written blind (independent set 51): from seed 002 and the provider's document 1.35.0 only, the suite unread. Each names the
// statement it breaks, and is shown live against `npm run mock` (/work/w51f-live/I51.md).
import { blind, inFamily, provider } from '../kit/faults.js';
import type { AppSeams } from './app-registration.records.js';
import type { ComponentsSeams } from './connect-components.records.js';
import type { ConnectSeams } from './connect.records.js';
import type { EnrichmentSeams } from './enrichment.records.js';
import { faultKit } from './fault-builders.js';
import type { InstitutionSeams } from './institutions.records.js';
import type { AccessKey } from './state.js';
import type { AccessSeams } from './third-party-access.records.js';
import type { WebhookSeams } from './webhooks.records.js';

const connect = faultKit<ConnectSeams>();
const components = faultKit<ComponentsSeams>();
const access = faultKit<AccessSeams>();
const apps = faultKit<AppSeams>();
const enrichment = faultKit<EnrichmentSeams>();
const webhooks = faultKit<WebhookSeams>();
const institutions = faultKit<InstitutionSeams>();

/** The connect components operations (their errors in the provider's Errors body). */
const COMPONENT_OPS = [
  'post-institutions-institutionId-oauth-urls',
  'post-institutions-institutionId-login-forms',
  'post-reconnections',
  'post-configurations',
  'get-configurations',
  'get-configurations-configurationId',
  'delete-configurations-configurationId',
];

export const INDEPENDENT_51_FAULTS = [
  ...inFamily('connect', [
    connect.fault('i51-fd-connect-link-cached-per-partner', {
      rule: 'FD-CONNECT-URL: GenerateConnectUrl answers every later customer of the partner the link first generated for another customer (the link cached per partner, not per customer), so two customers get one link, where each generate answers a link of its own (seed 002 Connect: 200 URL; provider 1.35.0 ConnectUrl.link, a generated Connect URL).',
      answer: connect.answered('GenerateConnectUrl', (b, x, m) => {
        const partner = x.input.partner?.id ?? '';
        m[partner] ??= b.link;
        return { ...b, link: m[partner] };
      }),
      ...provider,
      ...blind,
    }),
    connect.fault('i51-fd-connect-email-to-lowercased', {
      rule: 'FD-CONNECT-EMAIL: SendConnectEmail answers emailConfig.to lower-cased (the address normalised), not the address sent, where the e-mail variant answers the e-mail configuration as sent (provider 1.35.0 ConnectEmailUrl.emailConfig, ConnectEmailOptions.to).',
      answer: connect.answered('SendConnectEmail', (b) =>
        typeof b.emailConfig?.to === 'string' ? { ...b, emailConfig: { ...b.emailConfig, to: b.emailConfig.to.toLowerCase() } } : b,
      ),
      ...provider,
      ...blind,
    }),
    connect.fault('i51-fd-connect-experiences-unknown-app-empty', {
      rule: 'FD-CONNECT-EXPERIENCES: GetAllExperience for an application name the partner has no experience of answers 200 with an empty list, where the provider answers it 404 (provider 1.35.0 GetAllExperience 404: no experience found for the app name).',
      judge: connect.skipOn('GetAllExperience', 'apps', (_x, r) => r.status === 404),
      ...provider,
      ...blind,
    }),
  ]),
  ...inFamily('connect-components', [
    components.fault('i51-fd-components-login-form-session-reused', {
      rule: 'FD-COMPONENTS-SESSION: a second login form asked for the same customer and institution answers the id and eventStreamId of the first session (a session reused from a cache), so two sessions share one id, where each login form request opens a session of its own (seed 002 Connect components: login forms 201, a session id and event stream id).',
      answer: components.answered('post-institutions-institutionId-login-forms', (b, x, m) => {
        const key = `${x.input.path.institution_id}:${x.input.body?.customerId}`;
        m[key] ??= { id: b.id, eventStreamId: b.eventStreamId };
        return { ...b, ...m[key] };
      }),
      ...blind,
    }),
    components.fault('i51-fd-components-missing-token-reason-code', {
      rule: 'FD-COMPONENTS-ERROR-SHAPE: the 401 of a connect components call sent without an app token is answered as the refusal of an invalid token (its ReasonCode and description), not with the ReasonCode the provider gives a missing token, on that refusal path only (provider 1.35.0 MissingFinicityAppTokenExample, GoldStandardErrorMessage.ReasonCode).',
      reply: (r, body) =>
        r.status === 401 && COMPONENT_OPS.includes(r.operationId ?? '') && r.headers['partner-app-token'] === undefined
          ? body.replace('Missing parameter (Partner-App-Token)', 'Invalid parameter (Partner-App-Token)')
          : body,
      ...provider,
      ...blind,
    }),
    components.fault('i51-fd-components-config-by-id-ao-default', {
      rule: 'FD-COMPONENTS-CONFIG-CREATE: get-configurations-configurationId answers aoRequired as its default (false) whatever the configuration was created with, while the create and the list show the aoRequired sent, where a configuration reads back by id with the aoRequired sent (provider 1.35.0 Configuration.aoRequired).',
      answer: components.answered('get-configurations-configurationId', (b) => ({ ...b, aoRequired: false })),
      ...provider,
      ...blind,
    }),
    components.fault('i51-fd-components-oauth-unknown-institution', {
      rule: 'FD-COMPONENTS-INSTITUTION: an OAuth URL request for an institution id that names no institution is answered 201 with a session (the institution checked on the login form path only), where seed 002 Connect components and Errors refuse an unknown institution 404.',
      judge: components.skipOn('post-institutions-institutionId-oauth-urls', 'institution'),
      ...blind,
    }),
  ]),
  ...inFamily('third-party-access', [
    access.fault('i51-fd-accesskey-revoke-never-issued', {
      rule: 'FD-ACCESSKEY-UNKNOWN: RevokeThirdPartyAccessKey of a consentReceiptId never issued answers 204 (nothing to revoke read as done), where seed 002 Errors gives a resource not found 404.',
      // The revocation then marks a key of its own making, stored nowhere: nothing revoked, 204 answered.
      judge: access.skipOn(
        'RevokeThirdPartyAccessKey',
        'key',
        (x) => !x.world.accessKeys.keys.has(x.input.path.consentReceiptId),
        (x) => {
          x.key = { revoked: false } as unknown as AccessKey;
        },
      ),
      ...blind,
    }),
  ]),
  ...inFamily('app-registration', [
    apps.fault('i51-fd-app-modify-answers-latest', {
      rule: "FD-APP-MODIFY: ModifyAppRegistration modifies the registration of the path but answers the preAppId of the partner's most recent registration, so with two registrations the older one's modification names the other, where the modification answers the same preAppId (seed 002 App registration: ModifyAppRegistration 200).",
      answer: apps.answered('ModifyAppRegistration', (b, x) => {
        const mine = [...x.world.appRegistrations.apps.values()].filter((r) => r.partnerId === x.input.partner?.id);
        return mine.length ? { ...b, preAppId: mine[mine.length - 1].preAppId } : b;
      }),
      ...blind,
    }),
    apps.fault('i51-fd-app-register-previous-id', {
      rule: "FD-APP-REGISTER: RegisterApp answers the preAppId read before the registration sequence moved on (the previous registration's id, one less), not the id of the registration it made, where seed 002 App registration gives the new registration's preAppId.",
      answer: apps.answered('RegisterApp', (b) => ({ ...b, preAppId: b.preAppId - 1 })),
      ...blind,
    }),
    apps.fault('i51-fd-app-list-modified-epoch', {
      rule: 'FD-RESP-FORMS: getApplications answers each application modifiedDate as a number of epoch seconds (the form of the deprecated status read), where provider 1.35.0 Application.modifiedDate is a string.',
      answer: apps.answered('getApplications', (b) => ({
        ...b,
        applications: b.applications.map((a: any) => ({ ...a, modifiedDate: Math.floor(Date.parse(a.modifiedDate) / 1000) })),
      })),
      ...provider,
      ...blind,
    }),
    apps.fault('i51-fd-app-status-submitted-millis', {
      rule: 'FD-DATE-UNIT: GetAppRegistrationStatus answers submittedDate in epoch milliseconds, where provider 1.35.0 AppStatus.submittedDate is in epoch seconds (as modifiedDate beside it).',
      answer: apps.answered('GetAppRegistrationStatus', (b) => ({
        ...b,
        applications: b.applications.map((a: any) => ({ ...a, submittedDate: a.submittedDate * 1000 })),
      })),
      ...provider,
      ...blind,
    }),
  ]),
  ...inFamily('enrichment', [
    enrichment.fault('i51-fd-enrich-account-of-first', {
      rule: "FD-ENRICH-KEYED: a batch holding transactions of two accounts is answered with every transaction's externalAccountId taken from the batch's first transaction, where each enriched transaction comes back with the account it was sent with (seed 002 Transaction data enrichment: the enclosed transactions; provider 1.35.0 EnrichedTransaction.externalAccountId).",
      answer: enrichment.answered('enrichTransactions', (b) => ({
        ...b,
        transactions: b.transactions.map((t: any) => ({ ...t, externalAccountId: b.transactions[0].externalAccountId })),
      })),
      ...blind,
    }),
  ]),
  ...inFamily('webhooks', [
    webhooks.fault('i51-fd-webhook-event-status-other-subscription', {
      rule: "FD-WEBHOOK-UNKNOWN-EVENT: changeWebhookSubscriptionEventStatus finds the webhook_event_id among every subscription of the partner, so an event of another subscription changes state (200) through this subscription's path, where an event the subscription does not hold is a 404 (seed 002 Errors 404; Resources: a subscription holds its events).",
      judge: webhooks.skipOn(
        'changeWebhookSubscriptionEventStatus',
        'event',
        (x) => partnerEvent(x) !== undefined,
        (x) => {
          x.event = partnerEvent(x);
        },
      ),
      ...blind,
    }),
  ]),
  ...inFamily('institutions', [
    institutions.fault('i51-fd-location-none-empty', {
      rule: 'FD-LOC-NONE-404: GetLocationMatches matching no location answers 200 with an empty list, where seed 002 Institutions and provider 1.35.0 NoLocationMatchFoundExample answer no potential location match with a 404.',
      judge: institutions.skipOn('GetLocationMatches', 'location', (_x, r) => r.status === 404),
      ...blind,
    }),
  ]),
];

/** The partner's live event the path's webhook_event_id names, in whichever of its subscriptions. */
function partnerEvent(x: WebhookSeams['x']) {
  return [...x.world.subscriptions.group('partner', x.input.partner?.id ?? '').values()]
    .filter((s) => !s.deleted)
    .flatMap((s) => s.events)
    .find((e) => e.webhookEventId === x.input.path.webhook_event_id);
}
