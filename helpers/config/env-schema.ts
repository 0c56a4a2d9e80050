// Every variable of .env, in one place: what it is for, whether a service cannot
// run without it or only some checks need it, and which checks skip without it. `npm run doctor`
// reads it to tell a user what is missing before a run; a self test keeps .env.example in step.

export type Need =
  /** the service's checks cannot run without it (a sandbox certification stops with one line) */
  | 'service'
  /** one of a group is needed by the service (e.g. one form of a key) */
  | 'one-of'
  /** only the named checks need it: without it they skip with its name */
  | 'checks'
  /** tunes the run */
  | 'optional';

export interface EnvVar {
  name: string;
  service: 'general' | 'card-enrollment' | 'installments' | 'financial-data';
  need: Need;
  /** For `one-of`: the group's name (one complete member of the group is enough). */
  group?: string;
  /** For `checks`: which checks skip without it. */
  checks?: string;
  description: string;
}

const v = (service: EnvVar['service'], name: string, need: Need, description: string, extra: Partial<EnvVar> = {}): EnvVar => ({ name, service, need, description, ...extra });

export const ENV_SCHEMA: EnvVar[] = [
  v('general', 'TARGET', 'optional', 'mock (default) or sandbox'),
  v('general', 'ALLOW_DESTRUCTIVE', 'optional', 'destructive checks (lock-out, secret change) run against a sandbox only when true'),
  v('general', 'FC_NUM_RUNS', 'optional', 'runs per property (default 50)'),
  v('general', 'FC_SEED', 'optional', 'replay a property failure: its seed'),
  v('general', 'FC_PATH', 'optional', 'replay a property failure: its path'),
  v('general', 'BREAKER_AFTER', 'optional', 'a check failing the same way in this many tests of a service stops its later tests short (default 2; off runs every check to its end)'),
  v('general', 'MOCK_FAULTS', 'optional', 'mock faults to switch on (ids; the mutation run sets it)'),
  v('general', 'SANDBOX_MAX_RPS', 'optional', 'on a sandbox, at most this many requests per second for the whole run (default: no cap; a 429 is always waited out as its Retry-After asks)'),
  v('general', 'SANDBOX_CUSTOMER_QUOTA', 'optional', 'testing customers the sandbox allows a partner (default 100, the provider\'s test environment); a run that would go past it does not start'),

  v('card-enrollment', 'CARD_BASE_URL', 'service', 'base URL ending with /src/api/digital/payments; unset: card enrollment is not part of the certification'),
  v('card-enrollment', 'CARD_API_KEY', 'service', 'server-to-server API key (sent in the header of the contract\'s ApiKeyAuth scheme)'),
  v('card-enrollment', 'CARD_SRC_CLIENT_ID', 'service', 'a srcClientId registered to that key'),
  v('card-enrollment', 'CARD_SERVICE_ID', 'service', 'its serviceId(s), comma-separated'),
  v('card-enrollment', 'CARD_FOREIGN_SRC_CLIENT_ID', 'checks', 'a srcClientId registered to another client', { checks: 'the 403 "origin not validated" check' }),
  v('card-enrollment', 'CARD_KEYS_URL', 'one-of', 'JWK set URL of the encryption key', { group: 'card encryption key' }),
  v('card-enrollment', 'CARD_ENCRYPTION_JWK', 'one-of', 'one JWK (JSON with kid)', { group: 'card encryption key' }),
  v('card-enrollment', 'CARD_ENCRYPTION_PEM', 'one-of', 'PEM public key (with CARD_ENCRYPTION_KID)', { group: 'card encryption key' }),
  v('card-enrollment', 'CARD_ENCRYPTION_KID', 'one-of', 'kid of the PEM key', { group: 'card encryption key' }),
  v('card-enrollment', 'CARD_RECEIPT_ID', 'checks', 'a push-account receipt the sandbox knows', { checks: 'the receipt-path checks' }),
  v('card-enrollment', 'CARD_RECEIPT_PAN_BIN', 'checks', 'bin of the receipt\'s account', { checks: 'the receipt bin / last four check' }),
  v('card-enrollment', 'CARD_RECEIPT_PAN_LAST_FOUR', 'checks', 'last four of the receipt\'s account', { checks: 'the receipt bin / last four check' }),

  v('installments', 'INSTALLMENTS_BASE_URL', 'service', 'base URL ending with /installments; unset: installments is not part of the certification'),
  v('installments', 'INSTALLMENTS_CONSUMER_KEY', 'service', 'OAuth 1.0a consumer key'),
  v('installments', 'INSTALLMENTS_SIGNING_KEY_PEM', 'one-of', 'RSA signing key as PEM', { group: 'installments signing key' }),
  v('installments', 'INSTALLMENTS_SIGNING_KEY_P12', 'one-of', 'or a PKCS#12 keystore path (with password and alias)', { group: 'installments signing key' }),
  v('installments', 'INSTALLMENTS_SIGNING_KEY_PASSWORD', 'one-of', 'keystore password', { group: 'installments signing key' }),
  v('installments', 'INSTALLMENTS_SIGNING_KEY_ALIAS', 'one-of', 'keystore alias', { group: 'installments signing key' }),
  v('installments', 'INSTALLMENTS_FORBIDDEN_CONSUMER_KEY', 'checks', 'a registered key NOT allowed for the operations', { checks: 'the 403 checks' }),
  v('installments', 'INSTALLMENTS_FORBIDDEN_SIGNING_KEY_PEM', 'checks', 'its signing key (PEM)', { checks: 'the 403 checks' }),
  v('installments', 'INSTALLMENTS_FORBIDDEN_SIGNING_KEY_P12', 'checks', 'or its keystore', { checks: 'the 403 checks' }),
  v('installments', 'INSTALLMENTS_FORBIDDEN_SIGNING_KEY_PASSWORD', 'checks', 'its keystore password', { checks: 'the 403 checks' }),
  v('installments', 'INSTALLMENTS_KEYS_URL', 'one-of', 'JWK set URL of the encryption key', { group: 'installments encryption key' }),
  v('installments', 'INSTALLMENTS_ENCRYPTION_JWK', 'one-of', 'one JWK (with kid)', { group: 'installments encryption key' }),
  v('installments', 'INSTALLMENTS_ENCRYPTION_PEM', 'one-of', 'PEM public key (with INSTALLMENTS_ENCRYPTION_KID)', { group: 'installments encryption key' }),
  v('installments', 'INSTALLMENTS_ENCRYPTION_KID', 'one-of', 'kid of the PEM key', { group: 'installments encryption key' }),
  v('installments', 'INSTALLMENTS_ELIGIBLE_PAN', 'checks', 'a card the sandbox offers installments for', { checks: 'offers, checkout, plans and approvals' }),
  v('installments', 'INSTALLMENTS_KNOWN_ACQUIRER_ICA', 'checks', 'an acquirer ICA the sandbox knows', { checks: 'participation flow and search filters' }),
  v('installments', 'INSTALLMENTS_UNKNOWN_ACQUIRER_ICA', 'checks', 'a well-formed ICA it does not know', { checks: 'the ERROR effectuation and search filters' }),
  v('installments', 'INSTALLMENTS_EFFECTUATION_MAX_SECONDS', 'optional', 'how long a participation is waited for while PENDING before the check fails naming it (default 300)'),
  v('installments', 'INSTALLMENTS_RECEIVER_PUBLIC_URL', 'checks', 'public URL the sandbox notifies, forwarding to this machine', { checks: 'the notification round-trip' }),
  v('installments', 'INSTALLMENTS_RECEIVER_PORT', 'checks', 'local port of the notification receiver', { checks: 'the notification round-trip' }),
  v('installments', 'INSTALLMENTS_SERVICE_SIGNING_CERT_PEM', 'checks', 'the service\'s notification signing certificate', { checks: 'the notification signature check' }),
  v('installments', 'INSTALLMENTS_ISSUER_ENDPOINT_URL', 'checks', 'an issuer\'s base URL (POST {url}/notifications)', { checks: 'the issuer certification' }),
  v('installments', 'INSTALLMENTS_ISSUER_ICA', 'checks', 'that issuer\'s ICA', { checks: 'the issuer certification' }),
  v('installments', 'INSTALLMENTS_ISSUER_CID', 'checks', 'that issuer\'s customer id', { checks: 'the issuer certification' }),

  v('financial-data', 'FD_BASE_URL', 'service', 'base URL of the deployment; unset: financial data is not part of the certification'),
  v('financial-data', 'FD_HEADER_NAMES', 'optional', 'security header names: seed (the contract\'s) or provider (their x-provider-name)'),
  v('financial-data', 'FD_APP_KEY_HEADER', 'optional', 'overrides the app key header name'),
  v('financial-data', 'FD_APP_TOKEN_HEADER', 'optional', 'overrides the token header name'),
  v('financial-data', 'FD_APP_KEY', 'service', 'app key from the developer dashboard'),
  v('financial-data', 'FD_PARTNER_ID', 'service', 'the partner the suite authenticates as'),
  v('financial-data', 'FD_PARTNER_SECRET', 'service', 'that partner\'s secret'),
  v('financial-data', 'FD_SPARE_PARTNER_ID', 'checks', 'a spare partner (never the one above)', { checks: 'the destructive lock and secret-change checks' }),
  v('financial-data', 'FD_SPARE_PARTNER_SECRET', 'checks', 'its secret', { checks: 'the destructive lock and secret-change checks' }),
  v('financial-data', 'FD_INSTITUTION_ID', 'service', 'an institution with branding'),
  v('financial-data', 'FD_UNBRANDED_INSTITUTION_ID', 'checks', 'an institution without branding', { checks: 'the branding 404 check' }),
  v('financial-data', 'FD_ROUTING_NUMBER', 'service', 'a 9-digit routing number mapped to an institution'),
  v('financial-data', 'FD_LOCATION_ID_TYPE', 'optional', 'idType of the location match (default EIN)'),
  v('financial-data', 'FD_LOCATION_ID_VALUE', 'checks', 'a merchant identifier GetLocationMatches finds', { checks: 'the location match by id' }),
  v('financial-data', 'FD_DISPUTED_CUSTOMER_ID', 'checks', 'a customer with a disputed statement', { checks: 'the ModifyCustomer 403 check' }),
  v('financial-data', 'FD_LINKED_CUSTOMER_ID', 'checks', 'a testing customer whose institution logins are linked (FinBank profiles)', { checks: 'the read-only account, transaction, payments-data and statement checks' }),
  v('financial-data', 'FD_SAMPLE_REPORT_ID', 'checks', 'a report of the partner (any type) the report reads and reissue use', { checks: 'the generic conformance checks of the report reads (without it they read an id that names nothing: 404)' }),
  v('financial-data', 'FD_SAMPLE_PORTFOLIO_ID', 'checks', 'the portfolio of that report', { checks: 'the generic conformance checks of the portfolio reads' }),
  v('financial-data', 'FD_APPLICATION_ID', 'checks', 'an approved app registration of the partner (applicationId)', { checks: "the registered-institutions and set-customer-application checks" }),
  v('financial-data', 'FD_AUTH_DETAILS_UNAVAILABLE_LOGIN_ID', 'checks', 'an institution login whose OAuth authorization predates the authorization-details endpoint', { checks: 'the authorization-details 3004 check' }),
  v('financial-data', 'FD_SBCA_LOCATION_ID', 'checks', 'a merchant location id the sandbox has small business credit analytics for', { checks: 'the SBCA report checks' }),
  v('financial-data', 'FD_PAY_STATEMENT_ASSET_ID', 'optional', 'a pay statement asset of the worker customer (default: the suite stores one)'),
  v('financial-data', 'FD_EXPERIENCE_APP_NAME', 'checks', 'an application name GetAllExperience knows experiences for', { checks: 'the Connect experiences checks' }),
  v('financial-data', 'FD_REPORT_POLL_MAX_SECONDS', 'optional', 'how long a report is polled before the check fails naming it and its last status (default 600)'),
  v('financial-data', 'FD_LISTENER_PUBLIC_URL', 'checks', 'public HTTPS URL (port 443) the sandbox calls back, forwarding to this machine', { checks: 'the report callback, TxPush and webhook round-trips' }),
  v('financial-data', 'FD_LISTENER_PORT', 'checks', 'local port of the listener behind FD_LISTENER_PUBLIC_URL', { checks: 'the report callback, TxPush and webhook round-trips' }),
];

/** Variables a service cannot run without (the sandbox preflight stops with one line naming them). */
export function serviceRequired(service: string): string[] {
  return ENV_SCHEMA.filter((e) => e.service === service && e.need === 'service' && !/_BASE_URL$/.test(e.name)).map((e) => e.name);
}

/** The complete alternatives of each `one-of` group: any one of them, all set, is enough. */
export const ONE_OF: Record<string, string[][]> = {
  'card encryption key': [['CARD_KEYS_URL'], ['CARD_ENCRYPTION_JWK'], ['CARD_ENCRYPTION_PEM', 'CARD_ENCRYPTION_KID']],
  'installments signing key': [['INSTALLMENTS_SIGNING_KEY_PEM'], ['INSTALLMENTS_SIGNING_KEY_P12']],
  'installments encryption key': [['INSTALLMENTS_KEYS_URL'], ['INSTALLMENTS_ENCRYPTION_JWK'], ['INSTALLMENTS_ENCRYPTION_PEM', 'INSTALLMENTS_ENCRYPTION_KID']],
};

export interface ServiceDiagnosis {
  service: string;
  /** Not part of a sandbox certification: its base URL is not set. */
  excluded: boolean;
  missingRequired: string[];
  /** One line per check group that will skip, with the variables it lacks. */
  skipping: string[];
}

/** What a sandbox run of each service would lack, from the environment given. */
export function diagnose(env: Readonly<Record<string, string | undefined>>): ServiceDiagnosis[] {
  const set = (name: string) => Boolean(env[name]);
  return (['card-enrollment', 'installments', 'financial-data'] as const).map((service) => {
    const mine = ENV_SCHEMA.filter((e) => e.service === service);
    const base = mine.find((e) => /_BASE_URL$/.test(e.name))!;
    const missingRequired = serviceRequired(service).filter((n) => !set(n));
    for (const group of [...new Set(mine.filter((e) => e.need === 'one-of').map((e) => e.group!))]) {
      if (!ONE_OF[group].some((alt) => alt.every(set))) missingRequired.push(`one of ${ONE_OF[group].map((alt) => alt.join(' + ')).join(' | ')} (${group})`);
    }
    const byChecks = new Map<string, string[]>();
    for (const e of mine.filter((x) => x.need === 'checks' && !set(x.name))) byChecks.set(e.checks!, [...(byChecks.get(e.checks!) ?? []), e.name]);
    const skipping = [...byChecks].map(([checks, names]) => `${checks} skip without ${names.join(', ')}`);
    return { service, excluded: !set(base.name), missingRequired, skipping };
  });
}
