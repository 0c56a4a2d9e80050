// Faults written blind (independent set 57): from seed 002 and the provider's document 1.35.0 only, the suite unread. Each names the
// statement it breaks, and is shown live against `npm run mock` (/work/w57f-live/I57.md).
import { blind, provider, schema } from '../kit/faults.js';
import type { AccountSeams } from './accounts.records.js';
import type { AuthSeams } from './auth.records.js';
import type { ConsumerSeams } from './consumers.records.js';
import type { CustomerSeams } from './customers.records.js';
import { faultKit } from './fault-builders.js';
import type { InstitutionSeams } from './institutions.records.js';
import type { FrontSeams } from './middleware.records.js';
import type { PagingSeams } from './state.js';
import type { WebhookSeams } from './webhooks.records.js';

const front = faultKit<FrontSeams>();
const auth = faultKit<AuthSeams>();
const consumers = faultKit<ConsumerSeams>();
const customers = faultKit<CustomerSeams>();
const institutions = faultKit<InstitutionSeams>();
const accounts = faultKit<AccountSeams>();
const paging = faultKit<PagingSeams>();
const webhooks = faultKit<WebhookSeams>();

/** The first of the values a header sent twice carries (Node joins them with a comma). */
const firstOf = (value: unknown): unknown =>
  Array.isArray(value) ? value[0] : typeof value === 'string' && value.includes(',') ? value.split(',')[0].trim() : value;

export const INDEPENDENT_57_FAULTS = [
  front.fault('i57-fd-token-header-sent-twice', {
    rule: 'FD-AUTH-HEADER-FORM: a Partner-App-Token header sent twice (the token and another value) is served with its first value, where seed 002 Authentication has the header carry the token itself, compared exactly, and a header sent twice is a 401',
    family: 'front',
    judge: (x, step, r) => {
      if (step === 'token' && !r && x.token !== undefined) x.token = firstOf(x.token);
      return r;
    },
    ...blind,
  }),
  front.fault('i57-fd-token-new-revokes-earlier', {
    rule: 'FD-TOKEN-LIFETIME: a token is refused 401 as soon as the same partner has been issued a newer one (one live session per partner), though it is minutes old, where seed 002 Authentication keeps a token valid for its whole lifetime (and says a single token should be reused)',
    family: 'front',
    judge: (x, step, r) => {
      if (step !== 'issued' || r || !x.issued) return r;
      let last: string | undefined;
      for (const [token, issued] of x.world.tokens) if (issued.partnerId === x.issued.partnerId) last = token;
      return last !== undefined && last !== String(x.token) ? { status: 401, message: `Invalid (${x.names.appToken})` } : r;
    },
    ...blind,
  }),
  front.fault('i57-fd-modify-consumer-bad-json-500', {
    rule: 'FD-ERR-MALFORMED-JSON: ModifyConsumer answers a body that is not JSON with 500 (its own parser failure leaking), on that operation only, where seed 002 Errors files a malformed request under 400 and never a 500',
    family: 'front',
    judge: (x, step, r) =>
      step === 'json' && r && x.op === 'ModifyConsumer' ? { ...r, status: 500, message: 'Internal server error' } : r,
    ...blind,
  }),
  front.fault('i57-fd-branding-id-not-numeric-404', {
    rule: 'FD-INST-ID-FORMAT: GetInstitutionBranding answers a non-numeric institution id 404 (looked up as an id naming nothing), where provider 1.35.0 types institutionId an integer and GetInstitution refuses such an id with 400',
    family: 'front',
    judge: (x, step, r) =>
      step === 'param' && r && x.op === 'GetInstitutionBranding' && x.param?.name === 'institutionId' ? { ...r, status: 404 } : r,
    ...provider,
    ...blind,
  }),
  auth.fault('i57-fd-token-secret-trimmed', {
    rule: 'FD-TOKEN-SECRET-EXACT: CreateToken trims the partnerSecret before comparing it, so the secret sent with spaces around it gets a token, where seed 002 Authentication compares the secret exactly and answers a wrong one 401',
    family: 'auth',
    judge: (x, step, r) => {
      if (step === 'lock' && !r && x.op === 'CreateToken' && typeof x.input.body?.partnerSecret === 'string')
        x.input.body.partnerSecret = x.input.body.partnerSecret.trim();
      return r;
    },
    ...blind,
  }),
  auth.fault('i57-fd-secret-change-wrong-current-400', {
    rule: 'FD-SECRET-CURRENT: ModifyPartnerSecret with a wrong current partnerSecret is refused 400 (filed as a bad request), where seed 002 Errors answers bad credentials 401',
    family: 'auth',
    judge: (x, step, r) => (step === 'secret' && r && x.op === 'ModifyPartnerSecret' ? { ...r, status: 400 } : r),
    ...blind,
  }),
  auth.fault('i57-fd-token-without-secret-401', {
    rule: 'FD-TOKEN-CRED-REQUIRED: CreateToken credentials without partnerSecret are judged as a wrong secret (401, a failed attempt counted), not refused 400, where provider 1.35.0 PartnerCredentials requires partnerId and partnerSecret',
    family: 'auth',
    relax: schema('PartnerCredentials', { unrequire: ['partnerSecret'] }),
    ...provider,
    ...blind,
  }),
  consumers.fault('i57-fd-consumer-modify-leap-birthday', {
    rule: 'FD-CONS-MODIFY: ModifyConsumer stores a birthday of 29 February as 1 March (the date rebuilt in a year without that day), so both readers show another birthday than the one sent, where seed 002 Consumers stores every field sent on modify',
    family: 'consumers',
    state: consumers.changed('modify', (c) => {
      const b = c.fields.birthday;
      if (b && b.month === 2 && b.dayOfMonth === 29) return { ...c, fields: { ...c.fields, birthday: { ...b, month: 3, dayOfMonth: 1 } } };
    }),
    ...blind,
  }),
  customers.fault('i57-fd-username-with-space', {
    rule: 'FD-CUST-USERNAME-RULES: a new customer username holding a space is accepted (201), a space taken into the allowed character set, where provider 1.35.0 CustomerUsername allows letters, digits and the listed special characters only',
    relax: schema('Username', { set: { pattern: '^[A-Za-z0-9!@.#$%&*_+ -]*$' } }),
    ...provider,
    ...blind,
  }),
  institutions.fault('i57-fd-location-without-postal-code', {
    rule: 'FD-LOC-PARAMS: GetLocationMatches by merchant name, street, city and state without postalCode is taken as a complete query (404 for no match) instead of refused 400, where seed 002 Institutions completes the name set only with the postal code',
    family: 'institutions',
    judge: institutions.skipOn('GetLocationMatches', 'location-parameter-sets', (x) => {
      const q = x.input.query;
      return (
        q.postalCode === undefined && ['merchantName', 'streetAddress', 'city', 'stateProvinceRegion'].every((k) => q[k] !== undefined)
      );
    }),
    ...blind,
  }),
  accounts.fault('i57-fd-accounts-unsupported-type-empty', {
    rule: 'FD-ACCT-TYPE-UNSUPPORTED: GetCustomerAccounts with an account_type outside the supported types answers 200 with no account (the type used as a filter only), where provider 1.35.0 AccountTypeParameter refuses it 400 (account type not supported)',
    family: 'accounts',
    judge: accounts.skipOn('GetCustomerAccounts', 'type'),
    ...provider,
    ...blind,
  }),
  paging.fault('i57-fd-page-past-end-repeats-last', {
    rule: 'FD-PAGE-START: a start past the last page answers the last page again (the index clamped to the pages there are), so a page past the end is not empty and repeats records of another page, where provider 1.35.0 StartParameter is the index of the page of results',
    family: 'paging',
    state: paging.changed('page-window', (c, x) =>
      x.length > 0 && c.from >= x.length ? { ...c, from: Math.floor((x.length - 1) / c.limit) * c.limit } : c,
    ),
    ...provider,
    ...blind,
  }),
  webhooks.fault('i57-fd-webhook-event-status-repeat-400', {
    rule: 'FD-WEBHOOK-STATUS-VALUES, FD-WEBHOOK-EVENT-STATUS: changeWebhookSubscriptionEventStatus to the state the event already holds (a repeated change) is refused 400, where seed 002 States and transitions moves an event to the requested state whatever its current one',
    family: 'webhooks',
    judge: webhooks.refuse(
      'transition',
      (x) => x.op === 'changeWebhookSubscriptionEventStatus' && x.event?.status === (x.input.body as { status?: string })?.status,
      { status: 400, description: 'The event is already in the requested status' },
    ),
    ...blind,
  }),
  webhooks.fault('i57-fd-webhook-event-status-echo-subscription', {
    rule: "FD-WEBHOOK-EVENT-STATUS: the 200 of changeWebhookSubscriptionEventStatus echoes the subscription's status, not the status sent for the event (the member read from the parent object), where seed 002 States and transitions moves that event to the requested state and the answer echoes it",
    family: 'webhooks',
    answer: webhooks.answered('changeWebhookSubscriptionEventStatus', (body, x) => ({ ...body, status: x.sub?.status ?? body.status })),
    ...blind,
  }),
  webhooks.fault('i57-fd-webhook-created-date-epoch', {
    rule: 'FD-DATE-UNIT, FD-RESP-FORMS: the 201 of createWebhookSubscription gives createdDate in epoch seconds (a JSON integer), where provider 1.35.0 SubscriptionDetail.createdDate is a date-time string, as both readers then give it',
    family: 'webhooks',
    answer: webhooks.answered('createWebhookSubscription', (body) => ({
      ...body,
      createdDate: Math.floor(Date.parse(String(body.createdDate)) / 1000),
    })),
    ...provider,
    ...blind,
  }),
];
