// Every variable of .env: its use, whether its service or only some checks (which skip without it) need it, its value type
// (helpers/config/env-types.ts), whether secret. Every reader of the configuration goes through it; a self test keeps
// .env.example in step.
import {
  accountRange,
  contractOperationIds,
  contractValue,
  digits,
  fcPath,
  headerName,
  integer,
  jwk,
  keystore,
  keysUrl,
  list,
  Mismatch,
  oneOf,
  operationId,
  pathOperationIds,
  port,
  privateKeyPem,
  problemLine,
  publicKeyPem,
  strayCharacters,
  text,
  url,
  ConfigError,
  ValueError,
  type Env,
  type Problem,
  type ValueType,
} from './env-types.js';

type Need =
  /** the service's checks cannot run without it (a sandbox certification stops with one line) */
  | 'service'
  /** one of a group is needed by the service (e.g. one form of a key) */
  | 'one-of'
  /** only the named checks need it: without it they skip with its name */
  | 'checks'
  /** tunes the run */
  | 'optional';

interface EnvVar<N extends string = string, T = unknown> {
  name: N;
  service: 'general' | 'card-enrollment' | 'installments' | 'financial-data';
  need: Need;
  /** For `one-of`: the group's name (one complete member of the group is enough). */
  group?: string;
  /** For `checks`: which checks skip without it. */
  checks?: string;
  description: string;
  /** What a value must be; read by its parser (helpers/config/env-types.ts), which gives the value's type (EnvValue). */
  type: ValueType<T>;
  /** A secret or card data: a bad value is described by its shape, never shown. */
  secret?: boolean;
  /** For `service`: the operations that need it; a product (SANDBOX_OPERATIONS) naming none of them runs without it. */
  for?: () => string[];
}

/** The service a variable belongs to, named by its prefix (CARD_, INSTALLMENTS_, FD_; any other is general). */
const serviceOf = (name: string): EnvVar['service'] =>
  name.startsWith('CARD_')
    ? 'card-enrollment'
    : name.startsWith('INSTALLMENTS_')
      ? 'installments'
      : name.startsWith('FD_')
        ? 'financial-data'
        : 'general';

/**
 * The complete alternatives of each `one-of` group, and of each group of `checks` that takes a key in
 * either form: any one of them, all set, is enough (a keystore's password is read with it, not needed by it).
 */
export const ONE_OF: Record<string, string[][]> = {
  'the 403 checks': [
    ['INSTALLMENTS_FORBIDDEN_CONSUMER_KEY', 'INSTALLMENTS_FORBIDDEN_SIGNING_KEY_PEM'],
    ['INSTALLMENTS_FORBIDDEN_CONSUMER_KEY', 'INSTALLMENTS_FORBIDDEN_SIGNING_KEY_P12'],
  ],
  'card encryption key': [['CARD_KEYS_URL'], ['CARD_ENCRYPTION_JWK'], ['CARD_ENCRYPTION_PEM', 'CARD_ENCRYPTION_KID']],
  'installments signing key': [['INSTALLMENTS_SIGNING_KEY_PEM'], ['INSTALLMENTS_SIGNING_KEY_P12']],
  'installments encryption key': [
    ['INSTALLMENTS_KEYS_URL'],
    ['INSTALLMENTS_ENCRYPTION_JWK'],
    ['INSTALLMENTS_ENCRYPTION_PEM', 'INSTALLMENTS_ENCRYPTION_KID'],
  ],
};

/** A variable; a `one-of` one is of the group whose alternatives name it (ONE_OF), unless `extra` names its group. */
const v = <N extends string, T>(
  name: N,
  need: Need,
  type: ValueType<T>,
  description: string,
  extra: Pick<EnvVar, 'group' | 'checks' | 'secret' | 'for'> = {},
): EnvVar<N, T> => ({
  name,
  service: serviceOf(name),
  need,
  type,
  description,
  ...(need === 'one-of' ? { group: Object.keys(ONE_OF).find((g) => ONE_OF[g].some((alt) => alt.includes(name))) } : {}),
  ...extra,
});

// The contract values more than one variable holds, each read by the contract's own schema.
const srcClientIdValue = contractValue('card-enrollment', 'openapi.yaml#/components/schemas/LowerCaseUuid', 'a lower-case UUID');
const serviceIdValue = contractValue(
  'card-enrollment',
  'openapi.yaml#/components/schemas/EnrollCardRequest/properties/serviceId',
  'a serviceId (letters, digits, #, _ and -)',
);
const acquirerIcaValue = contractValue('installments', 'components/merchants.yaml#/AcquirerIca', 'an acquirer ICA of 6, 9 or 11 digits');
const institutionIdValue = contractValue(
  'financial-data',
  'components/institutions.yaml#/schemas/InstitutionId',
  'an institution id, a whole number',
);
const customerIdValue = contractValue('financial-data', 'components/customers.yaml#/schemas/CustomerIdParam', 'a customer id, digits');

// The groups of checks more than one variable serves.
const FORBIDDEN = { checks: 'the 403 checks' };
const RECEIPT_PAN = { checks: 'the receipt bin / last four check' };
const ROUND_TRIP = { checks: 'the notification round-trip' };
const ISSUER = { checks: 'the issuer certification' };
const SPARE = { checks: 'the destructive lock and secret-change checks' };
const LISTENER = { checks: 'the report callback, TxPush and webhook round-trips' };

const SCHEMA = [
  v('TARGET', 'optional', oneOf(['mock', 'sandbox']), 'mock (default) or sandbox'),
  v(
    'ALLOW_DESTRUCTIVE',
    'optional',
    oneOf(['true', 'false']),
    'destructive checks (lock-out, secret change) run against a sandbox only when true',
  ),
  v('FC_NUM_RUNS', 'optional', integer({ min: 1 }), 'runs per property (default 50)'),
  v('MODEL_RUNS', 'optional', integer({ min: 1 }), 'command sequences per reference-model check (default 10; raise for deeper runs)'),
  v('MODEL_COMMANDS', 'optional', integer({ min: 1 }), 'most commands in one reference-model sequence (default 25)'),
  v('FC_SEED', 'optional', integer({ min: -2147483648, max: 2147483647 }), 'replay a property failure: its seed'),
  v('FC_PATH', 'optional', fcPath(), 'replay a property failure: its path'),
  v(
    'BREAKER_AFTER',
    'optional',
    integer({ min: 1, off: 'off' }),
    'a check failing the same way in this many tests of a service stops its later tests short (default 2; off runs every check to its end)',
  ),
  v(
    'MOCK_FAULTS',
    'optional',
    list(text('a fault id'), 'fault ids of the mocks (npm run mock -- --list-faults)'),
    'mock faults to switch on (ids; the mutation run sets it)',
  ),
  v(
    'SANDBOX_MAX_RPS',
    'optional',
    integer({ min: 1 }),
    'on a sandbox, at most this many requests per second for the whole run (default: no cap; a 429 is always waited out as its Retry-After asks)',
  ),
  v(
    'TARGET_SLOW_MS',
    'optional',
    integer({ min: 100 }),
    "the longest a target's answer may take before it counts as slow (default 30000): a check that runs out of time while every answer came sooner is not judged, never the target's failure",
  ),
  v(
    'SANDBOX_CUSTOMER_QUOTA',
    'optional',
    integer({ min: 1 }),
    "testing customers the sandbox allows a partner (default: the provider's test environment, the financial data contract's x-limits sandboxTestingCustomers); a run that would go past it does not start",
  ),

  v(
    'SANDBOX_OPERATIONS',
    'optional',
    list(operationId(), 'operationIds'),
    "the operations the partner's product includes on the sandbox (a service none of whose operations is named is served whole); a check calling another operation of a named service is not run, naming it",
  ),

  v(
    'CARD_BASE_URL',
    'service',
    url({ basePath: '/src/api/digital/payments' }),
    'base URL ending with /src/api/digital/payments; unset: card enrollment is not part of the certification',
  ),
  v(
    'CARD_API_KEY',
    'service',
    text('the API key, on one line'),
    "server-to-server API key (sent in the header of the contract's ApiKeyAuth scheme)",
    { secret: true },
  ),
  v('CARD_SRC_CLIENT_ID', 'service', srcClientIdValue, 'a srcClientId registered to that key'),
  v('CARD_SERVICE_ID', 'service', list(serviceIdValue, 'serviceIds'), 'its serviceId(s), comma-separated'),
  v('CARD_FOREIGN_SRC_CLIENT_ID', 'checks', srcClientIdValue, 'a srcClientId registered to another client', {
    checks: 'the 403 "origin not validated" check',
  }),
  v('CARD_FOREIGN_SERVICE_ID', 'checks', serviceIdValue, 'a serviceId registered to another client only', {
    checks: 'the check that a serviceId of another client is refused',
  }),
  v(
    'CARD_REQUEST_IDENTITY',
    'optional',
    oneOf(['seed', 'provider']),
    "the consumer identity every valid enrollment request sends: seed (EMAIL_ADDRESS and an e-mail address, the default) or provider (EXTERNAL_ACCOUNT_ID and an opaque id, as the provider's Card API 1.0.0 requires)",
  ),
  v('CARD_KEYS_URL', 'one-of', keysUrl(), 'JWK set URL of the encryption key'),
  v('CARD_ENCRYPTION_JWK', 'one-of', jwk('CARD_KEYS_URL'), 'one JWK (JSON with kid)'),
  v('CARD_ENCRYPTION_PEM', 'one-of', publicKeyPem('the card encryption key'), 'PEM public key (with CARD_ENCRYPTION_KID)'),
  v('CARD_ENCRYPTION_KID', 'one-of', text('the kid of that key'), 'kid of the PEM key'),
  v(
    'CARD_RECEIPT_ID',
    'checks',
    contractValue(
      'card-enrollment',
      'openapi.yaml#/components/schemas/EnrolmentReferenceData/properties/enrolmentReferenceId',
      'a receipt id of at most 256 characters',
    ),
    'a push-account receipt the sandbox knows',
    {
      checks: 'the receipt-path checks',
    },
  ),
  v('CARD_RECEIPT_PAN_BIN', 'checks', digits(6, 8, 'a BIN'), "bin of the receipt's account", RECEIPT_PAN),
  v('CARD_RECEIPT_PAN_LAST_FOUR', 'checks', digits(4, 4, 'the last four'), "last four of the receipt's account", RECEIPT_PAN),

  v(
    'INSTALLMENTS_BASE_URL',
    'service',
    url({ basePath: '/installments' }),
    'base URL ending with /installments; unset: installments is not part of the certification',
  ),
  v('INSTALLMENTS_CONSUMER_KEY', 'service', text('the consumer key, on one line'), 'OAuth 1.0a consumer key', {
    secret: true,
  }),
  v('INSTALLMENTS_SIGNING_KEY_PEM', 'one-of', privateKeyPem(), 'RSA signing key as PEM', {
    secret: true,
  }),
  v(
    'INSTALLMENTS_SIGNING_KEY_P12',
    'one-of',
    keystore('INSTALLMENTS_SIGNING_KEY_PASSWORD', 'INSTALLMENTS_SIGNING_KEY_ALIAS'),
    'or a PKCS#12 keystore path (with password and alias)',
  ),
  v('INSTALLMENTS_SIGNING_KEY_PASSWORD', 'one-of', text('the keystore password'), 'keystore password', {
    group: 'installments signing key',
    secret: true,
  }),
  v('INSTALLMENTS_SIGNING_KEY_ALIAS', 'one-of', text('the alias of the key in the keystore'), 'keystore alias', {
    group: 'installments signing key',
  }),
  v(
    'INSTALLMENTS_FORBIDDEN_CONSUMER_KEY',
    'checks',
    text('the consumer key, on one line'),
    'a registered key NOT allowed for the operations',
    { ...FORBIDDEN, secret: true },
  ),
  v('INSTALLMENTS_FORBIDDEN_SIGNING_KEY_PEM', 'checks', privateKeyPem(), 'its signing key (PEM)', { ...FORBIDDEN, secret: true }),
  v(
    'INSTALLMENTS_FORBIDDEN_SIGNING_KEY_P12',
    'checks',
    keystore('INSTALLMENTS_FORBIDDEN_SIGNING_KEY_PASSWORD'),
    'or its keystore',
    FORBIDDEN,
  ),
  v('INSTALLMENTS_FORBIDDEN_SIGNING_KEY_PASSWORD', 'checks', text('the keystore password'), 'its keystore password', {
    ...FORBIDDEN,
    secret: true,
  }),
  v('INSTALLMENTS_KEYS_URL', 'one-of', keysUrl(), 'JWK set URL of the encryption key'),
  v('INSTALLMENTS_ENCRYPTION_JWK', 'one-of', jwk('INSTALLMENTS_KEYS_URL'), 'one JWK (with kid)'),
  v(
    'INSTALLMENTS_ENCRYPTION_PEM',
    'one-of',
    publicKeyPem('the installments encryption key'),
    'PEM public key (with INSTALLMENTS_ENCRYPTION_KID)',
  ),
  v('INSTALLMENTS_ENCRYPTION_KID', 'one-of', text('the kid of that key'), 'kid of the PEM key'),
  v(
    'INSTALLMENTS_ELIGIBLE_PAN',
    'checks',
    // provider 2.0.0, Pan: every card number is validated against the Luhn algorithm.
    digits(9, 19, 'a card number (primaryAccountNumber, seed 001)', { checkDigit: true }),
    'a card the sandbox offers installments for',
    { checks: 'offers, checkout, plans and approvals', secret: true },
  ),
  v(
    'INSTALLMENTS_ACCOUNT_RANGES',
    'checks',
    list(accountRange(), 'account ranges'),
    'account ranges the sandbox holds, each low-high (its data sheet): PAN lists are registered with them and their cards made inside them',
    { checks: 'PAN lists and account ranges' },
  ),
  v(
    'INSTALLMENTS_USE_CASES',
    'optional',
    list(oneOf(['DURING_PURCHASE', 'POST_PURCHASE']), 'use cases'),
    "the use cases of the partner's carded product (default DURING_PURCHASE): a plan request carries the members they make mandatory",
  ),
  v(
    'INSTALLMENTS_DISTRIBUTION_PARTNER',
    'optional',
    oneOf(['true', 'false']),
    'true where the partner is classified as a distribution partner (default false): a plan request carries transactionOffers whatever its use cases',
  ),
  v('INSTALLMENTS_KNOWN_ACQUIRER_ICA', 'checks', acquirerIcaValue, 'an acquirer ICA the sandbox knows', {
    checks: 'participation flow and search filters',
  }),
  v(
    'INSTALLMENTS_OTHER_KNOWN_ACQUIRER_ICAS',
    'optional',
    list(acquirerIcaValue, 'acquirer ICAs'),
    'the other acquirer ICAs the sandbox knows: never taken for unknown ones by the checks that change a known ICA by one character',
  ),
  v('INSTALLMENTS_UNKNOWN_ACQUIRER_ICA', 'checks', acquirerIcaValue, 'a well-formed ICA it does not know', {
    checks: 'the ERROR effectuation and search filters',
  }),
  v(
    'INSTALLMENTS_EFFECTUATION_MAX_SECONDS',
    'optional',
    integer({ min: 1 }),
    'how long a participation is waited for while PENDING before the check fails naming it (default 300)',
  ),
  v('INSTALLMENTS_RECEIVER_PUBLIC_URL', 'checks', url(), 'public URL the sandbox notifies, forwarding to this machine', ROUND_TRIP),
  v('INSTALLMENTS_RECEIVER_PORT', 'checks', port(), 'local port of the notification receiver', ROUND_TRIP),
  v(
    'INSTALLMENTS_SERVICE_SIGNING_CERT_PEM',
    'checks',
    publicKeyPem("the service's notification signing key"),
    "the service's notification signing certificate",
    { checks: 'the notification signature check' },
  ),
  v('INSTALLMENTS_ISSUER_ENDPOINT_URL', 'checks', url({ base: true }), "an issuer's base URL (POST {url}/notifications)", ISSUER),
  v(
    'INSTALLMENTS_ISSUER_ICA',
    'checks',
    contractValue(
      'installments',
      'components/notifications.yaml#/PlanNotification/properties/issuerIca',
      'an issuer ICA of at most 11 characters',
    ),
    "that issuer's ICA",
    ISSUER,
  ),
  v(
    'INSTALLMENTS_ISSUER_CID',
    'checks',
    contractValue(
      'installments',
      'components/notifications.yaml#/PlanNotification/properties/issuerCid',
      'an issuer customer id of at most 10 characters',
    ),
    "that issuer's customer id",
    ISSUER,
  ),

  v('FD_BASE_URL', 'service', url({ base: true }), 'base URL of the deployment; unset: financial data is not part of the certification'),
  v(
    'FD_HEADER_NAMES',
    'optional',
    oneOf(['seed', 'provider']),
    "security header names: seed (the contract's) or provider (their x-provider-name)",
  ),
  v(
    'FD_CONTRACT_VERSION',
    'optional',
    text('a contract version (a folder of schemas/financial-data/versions/, or the base version)'),
    "the contract version to certify (default: the seed's, schemas/financial-data/openapi.yaml)",
  ),
  v(
    'FD_MOCK_VERSION',
    'optional',
    text('a contract version (a folder of schemas/financial-data/versions/, or the base version)'),
    'the version the embedded mock plays (default: FD_CONTRACT_VERSION)',
  ),
  v('FD_APP_KEY_HEADER', 'optional', headerName(), 'overrides the app key header name'),
  v('FD_APP_TOKEN_HEADER', 'optional', headerName(), 'overrides the token header name'),
  v('FD_APP_KEY', 'service', text('the app key, on one line'), 'app key from the developer dashboard', { secret: true }),
  v('FD_PARTNER_ID', 'service', text('the partner id, on one line'), 'the partner the suite authenticates as'),
  v('FD_PARTNER_SECRET', 'service', text('the partner secret, on one line'), "that partner's secret", { secret: true }),
  v('FD_SPARE_PARTNER_ID', 'checks', text('the spare partner id, on one line'), 'a spare partner (never the one above)', SPARE),
  v('FD_SPARE_PARTNER_SECRET', 'checks', text('the spare partner secret, on one line'), 'its secret', { ...SPARE, secret: true }),
  // Read by the institution readers, Connect's components and the Lite Connect URL (their sample requests): a product
  // without them runs without it.
  v('FD_INSTITUTION_ID', 'service', institutionIdValue, 'an institution with branding', {
    for: () => [
      ...pathOperationIds('financial-data', 'institutions'),
      ...pathOperationIds('financial-data', 'connect-components'),
      'GenerateLiteConnectUrl',
    ],
  }),
  v('FD_UNBRANDED_INSTITUTION_ID', 'checks', institutionIdValue, 'an institution without branding', { checks: 'the branding 404 check' }),
  v(
    'FD_ROUTING_NUMBER',
    'service',
    contractValue('financial-data', 'components/institutions.yaml#/schemas/RoutingNumber', 'a routing number of 9 digits'),
    'a 9-digit routing number mapped to an institution',
    { for: () => ['GetInstitutionsByRoutingNumber'] },
  ),
  v(
    'FD_LOCATION_ID_TYPE',
    'optional',
    contractValue(
      'financial-data',
      'components/institution-lists.yaml#/parameters/LocationIdTypeQuery/schema',
      'an idType of at most 100 characters',
    ),
    'idType of the location match (default EIN)',
  ),
  v(
    'FD_LOCATION_ID_VALUE',
    'checks',
    contractValue(
      'financial-data',
      'components/institution-lists.yaml#/parameters/LocationIdValueQuery/schema',
      'an idValue of at most 100 characters',
    ),
    'a merchant identifier GetLocationMatches finds',
    { checks: 'the location match by id' },
  ),
  v('FD_DISPUTED_CUSTOMER_ID', 'checks', customerIdValue, 'a customer with a disputed statement', {
    checks: 'the ModifyCustomer 403 check',
  }),
  v(
    'FD_LINKED_CUSTOMER_ID',
    'checks',
    customerIdValue,
    'a testing customer whose institution logins are linked (FinBank profiles), with its consumer (npm run sandbox:prepare); one set but unfit stops the service (helpers/target/sandbox/prepare.ts)',
    { checks: 'the read-only account, transaction, payments-data and statement checks' },
  ),
  v('FD_SAMPLE_REPORT_ID', 'checks', text('a report id'), 'a report of the partner (any type) the report reads and reissue use', {
    checks: 'the generic conformance checks of the report reads (without it they read an id that names nothing: 404)',
  }),
  v('FD_SAMPLE_PORTFOLIO_ID', 'checks', text('a portfolio id'), 'the portfolio of that report', {
    checks: 'the generic conformance checks of the portfolio reads',
  }),
  v('FD_APPLICATION_ID', 'checks', text('an application id'), 'an approved app registration of the partner (applicationId)', {
    checks: 'the registered-institutions and set-customer-application checks',
  }),
  v(
    'FD_AUTH_DETAILS_UNAVAILABLE_LOGIN_ID',
    'checks',
    contractValue('financial-data', 'components/accounts.yaml#/schemas/InstitutionLoginIdParam', 'an institution login id, digits'),
    'an institution login whose OAuth authorization predates the authorization-details endpoint',
    { checks: 'the authorization-details 3004 check' },
  ),
  v('FD_SBCA_LOCATION_ID', 'checks', text('a location id'), 'a merchant location id the sandbox has small business credit analytics for', {
    checks: 'the SBCA report checks',
  }),
  v(
    'FD_PAY_STATEMENT_ASSET_ID',
    'optional',
    text('an asset id'),
    'a pay statement asset of the worker customer (default: the suite stores one)',
  ),
  v('FD_EXPERIENCE_APP_NAME', 'checks', text('an application name'), 'an application name GetAllExperience knows experiences for', {
    checks: 'the Connect experiences checks',
  }),
  v(
    'FD_REPORT_POLL_MAX_SECONDS',
    'optional',
    integer({ min: 1 }),
    'how long a report is polled before the check fails naming it and its last status (default 600; read on every target, on the mock by its virtual clock)',
  ),
  v(
    'FD_LISTENER_PUBLIC_URL',
    'checks',
    url({ https: true, port: 443 }),
    'public HTTPS URL (port 443) the sandbox calls back, forwarding to this machine',
    LISTENER,
  ),
  v('FD_LISTENER_PORT', 'checks', port(), 'local port of the listener behind FD_LISTENER_PUBLIC_URL', LISTENER),
  v(
    'FD_CONNECT_IN_BROWSER',
    'checks',
    oneOf(['true', 'false']),
    "true when the sandbox's Connect page is the stand-in's (npm run mock -- --as-sandbox and certify:stand-in set it): the suite completes it in chromium to link accounts to a customer a check creates; a real provider's Connect is completed by a person",
    {
      checks:
        'the checks that link accounts to a customer of their own (report eligibility, a customer without a consumer, TxPush and switches on fresh accounts)',
    },
  ),
];

/**
 * Variables a service cannot run without (the sandbox preflight stops with one line naming them): one that only some operations
 * need (`for`) is not asked of a product (SANDBOX_OPERATIONS) that names operations of the service but none of those.
 */
const serviceRequired = (service: string, env: Env = {}): string[] => {
  const listed = (env.SANDBOX_OPERATIONS ?? '').split(',').map((s) => s.trim());
  const own = contractOperationIds().get(service) ?? new Set<string>();
  const slice = listed.filter((id) => own.has(id));
  return ENV_SCHEMA.filter(
    (e) =>
      e.service === service &&
      e.need === 'service' &&
      !/_BASE_URL$/.test(e.name) &&
      (!e.for || slice.length === 0 || e.for().some((id) => slice.includes(id))),
  ).map((e) => e.name);
};

interface ServiceDiagnosis {
  service: string;
  /** Not part of a sandbox certification: its base URL is not set. */
  excluded: boolean;
  missingRequired: string[];
  /** One line per check group that will skip, with the variables it lacks. */
  skipping: string[];
}

type ServiceName = EnvVar['service'];
export const SANDBOX_SERVICES = ['card-enrollment', 'installments', 'financial-data'] as const;

/** Every variable (SCHEMA, its types kept by name for EnvValue). */
export const ENV_SCHEMA: EnvVar[] = SCHEMA;
const BY_NAME = new Map(ENV_SCHEMA.map((e) => [e.name, e]));

/**
 * A variable's value type as its parser gives it (`string[]` for CARD_SERVICE_ID, `KeyObject` for a key): a reader names the
 * variable, never its type; unknown for a name chosen at run time.
 */
export type EnvValue<N extends string> = string extends N
  ? unknown
  : Extract<(typeof SCHEMA)[number], { name: N }> extends EnvVar<N, infer T>
    ? T
    : never;

/** The value type of a read: the schema's for the variable named, unless the caller states one (T). */
type Read<T, N extends string> = [T] extends [never] ? EnvValue<N> : T;

export function envVar(name: string): EnvVar {
  const e = BY_NAME.get(name);
  if (!e) throw new Error(`${name} is not a variable of helpers/config/env-schema.ts`);
  return e;
}

/** Characters a terminal shows as nothing or as a space: control and format characters, spaces other than U+0020, a BOM. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zs}\p{Zl}\p{Zp}\u{FEFF}]/gu;

/**
 * A value as a line shows it: quoted, shortened, every invisible character escaped (`\u200b`) so that a value that looks right
 * shows what is wrong with it, and named once.
 */
const quoted = (value: string) => {
  const short = value.length > 80 ? `${value.slice(0, 77)}...` : value;
  const hidden = [...new Set([...short.matchAll(INVISIBLE)].map((m) => m[0]).filter((c) => c !== ' '))];
  // JSON escapes the control characters; every other invisible one is escaped the same way here.
  const shown = JSON.stringify(short).replace(INVISIBLE, (c) => (c === ' ' ? c : escapeChar(c)));
  return hidden.length
    ? `${shown}, with ${hidden.length > 1 ? 'invisible characters' : 'an invisible character'} (${hidden.map(escapeChar).join(', ')}): delete ${hidden.length > 1 ? 'them' : 'it'}`
    : shown;
};

/** A character as JSON escapes it (`\u200b`). */
const escapeChar = (c: string) => `\\u${c.codePointAt(0)!.toString(16).padStart(4, '0')}`;

/**
 * A value as a one-line error shows it: quoted; a secret, or one holding another variable's secret, by its length only; one
 * equal to another variable's is named so (pasted into the wrong variable).
 */
function showValue(variable: string, value: string, env: Env): string {
  const shape = `a value of ${value.length} character${value.length === 1 ? '' : 's'}`;
  const secretHere =
    Boolean(BY_NAME.get(variable)?.secret) ||
    ENV_SCHEMA.some(
      (e) => e.secret && e.name !== variable && (env[e.name]?.trim().length ?? 0) >= 4 && value.includes(env[e.name]!.trim()),
    );
  const twin = ENV_SCHEMA.find(
    (e) => e.name !== variable && env[e.name] !== undefined && env[e.name]!.trim() !== '' && env[e.name]!.trim() === value.trim(),
  );
  if (twin) return `the value of ${twin.name} (${twin.secret || secretHere ? `${shape}, not shown` : quoted(value)})`;
  return secretHere ? `${shape} (not shown)` : quoted(value);
}

/** A line with every configured secret's value replaced by *** (an answer may echo what it was sent). */
export function hideSecrets(line: string, env: Env): string {
  let out = line;
  for (const e of ENV_SCHEMA) {
    const value = env[e.name]?.trim();
    if (e.secret && value && value.length >= 4) out = out.split(value).join('***');
  }
  return out;
}

function parseOne(e: EnvVar, value: string, env: Env): unknown {
  const show = (v: string) => showValue(e.name, v, env);
  const stray = strayCharacters(value, e.type.block);
  if (stray) throw new ValueError({ variable: e.name, expected: e.type.expected, found: `${show(value)} with ${stray}` });
  try {
    return e.type.parse(value, { variable: e.name, env, show });
  } catch (error) {
    if (error instanceof Mismatch)
      throw new ValueError({ variable: error.variable ?? e.name, expected: error.expected ?? e.type.expected, found: error.found });
    throw error;
  }
}

/** A variable's value read by its type, undefined when unset or empty; a bad value throws ValueError. */
export function readValue<T = never, N extends string = string>(name: N, env: Env): Read<T, N> | undefined {
  const value = env[name];
  if (value === undefined || value === '') return undefined;
  return parseOne(envVar(name), value, env) as Read<T, N>;
}

/** A variable a sandbox run cannot do without: its value by type, or a ValueError naming it. */
export function requireValue<T = never, N extends string = string>(name: N, env: Env): Read<T, N> {
  const value = readValue<T, N>(name, env);
  if (value === undefined)
    throw new ValueError({
      variable: name,
      expected: envVar(name).type.expected,
      found: 'nothing (TARGET=sandbox needs it in .env: see .env.example)',
    });
  return value;
}

/** Pairs of variables that must not hold the same value: the second names the first. */
const DISTINCT: [string, string, string][] = [
  ['FD_PARTNER_ID', 'FD_SPARE_PARTNER_ID', 'a partner other than FD_PARTNER_ID (the destructive checks lock the spare partner out)'],
  [
    'INSTALLMENTS_CONSUMER_KEY',
    'INSTALLMENTS_FORBIDDEN_CONSUMER_KEY',
    'a consumer key other than INSTALLMENTS_CONSUMER_KEY (one the operations refuse)',
  ],
  [
    'INSTALLMENTS_KNOWN_ACQUIRER_ICA',
    'INSTALLMENTS_UNKNOWN_ACQUIRER_ICA',
    'an ICA the sandbox does not know, not INSTALLMENTS_KNOWN_ACQUIRER_ICA',
  ],
  ['CARD_SRC_CLIENT_ID', 'CARD_FOREIGN_SRC_CLIENT_ID', 'a srcClientId registered to another client, not CARD_SRC_CLIENT_ID'],
  ['FD_INSTITUTION_ID', 'FD_UNBRANDED_INSTITUTION_ID', 'an institution without branding, not FD_INSTITUTION_ID'],
];

/** Every bad value among the variables of these services, one Problem per variable at fault. */
export function valueProblems(env: Env, services: readonly ServiceName[]): Problem[] {
  const problems = new Map<string, Problem>();
  for (const e of ENV_SCHEMA.filter((x) => services.includes(x.service))) {
    try {
      readValue(e.name, env);
    } catch (error) {
      if (!(error instanceof ValueError)) throw error;
      if (!problems.has(error.problem.variable)) problems.set(error.problem.variable, error.problem);
    }
  }
  for (const [first, second, expected] of DISTINCT) {
    if (!services.includes(envVar(second).service) || problems.has(second) || !env[second] || env[second] !== env[first]) continue;
    problems.set(second, { variable: second, expected, found: showValue(second, env[second]!, env) });
  }
  return [...problems.values()];
}

/** What a configured service cannot run without, one Problem each (found: nothing). */
export function missingProblems(env: Env, service: ServiceName): Problem[] {
  const set = (name: string) => Boolean(env[name]);
  const mine = ENV_SCHEMA.filter((e) => e.service === service);
  const problems: Problem[] = serviceRequired(service, env)
    .filter((n) => !set(n))
    .map((n) => ({ variable: n, expected: `${envVar(n).description} (${service} cannot run without it)`, found: 'nothing' }));
  for (const group of [...new Set(mine.filter((e) => e.need === 'one-of').map((e) => e.group!))]) {
    const alternatives = ONE_OF[group];
    if (alternatives.some((alt) => alt.every(set))) continue;
    const partial = alternatives.find((alt) => alt.some(set));
    if (partial) {
      for (const name of partial.filter((n) => !set(n)))
        problems.push({
          variable: name,
          expected: `${envVar(name).description} (${partial.filter(set).join(', ')} is set and needs it: ${group})`,
          found: 'nothing',
        });
    } else
      problems.push({
        variable: alternatives.map((alt) => alt.join(' + ')).join(' | '),
        expected: `one of them (the ${group})`,
        found: 'none set',
      });
  }
  return problems;
}

/** The base URL variable of a service: set, the service is part of a sandbox certification. */
const baseUrlVariable = (service: ServiceName): string => ENV_SCHEMA.find((e) => e.service === service && /_BASE_URL$/.test(e.name))!.name;

/** What stops a sandbox run before it starts, a Problem each: a bad general setting; per configured service, what it lacks, bad values. */
export function configurationProblems(env: Env, services: readonly string[]): Problem[] {
  const configured = SANDBOX_SERVICES.filter((s) => services.includes(s) && env[baseUrlVariable(s)]);
  return [
    ...valueProblems(env, ['general']),
    ...(services.length ? (unconfiguredSandbox(env, services) ?? []) : []),
    ...configured.flatMap((s) => [...missingProblems(env, s), ...valueProblems(env, [s])]),
  ];
}

/**
 * A sandbox run whose every service is left out (no base URL: docs/sandbox.md, a service is certified when its variables are
 * set) would run no check against anything: one problem naming the variables that configure them, else none.
 */
export function unconfiguredSandbox(env: Env, services: readonly string[] = []): Problem[] | undefined {
  const asked = SANDBOX_SERVICES.filter((s) => !services.length || services.includes(s));
  if (env.TARGET !== 'sandbox' || asked.some((s) => env[baseUrlVariable(s)])) return undefined;
  const bases = asked.map(baseUrlVariable);
  return [
    {
      variable: 'TARGET',
      expected: 'a service configured for TARGET=sandbox',
      found: `${bases.length > 1 ? `none of ${bases.join(', ')}` : `no ${bases[0]}`} set, so no check would run`,
      fix: `set ${bases.length > 1 ? 'one' : 'it'} with its credentials (.env.example; npm run doctor names what is missing), or unset TARGET to certify the embedded mocks`,
    },
  ];
}

/** What a sandbox run of each service would lack, from the environment given. */
export function diagnose(env: Env): ServiceDiagnosis[] {
  const set = (name: string) => Boolean(env[name]);
  return SANDBOX_SERVICES.map((service) => {
    const mine = ENV_SCHEMA.filter((e) => e.service === service);
    const base = mine.find((e) => /_BASE_URL$/.test(e.name))!;
    const missingRequired = missingProblems(env, service).map((p) =>
      p.found === 'none set' ? `one of ${p.variable} (${p.expected.replace(/^one of them \(the (.*)\)$/, '$1')})` : p.variable,
    );
    const groups = [...new Set(mine.filter((x) => x.need === 'checks').map((x) => x.checks!))];
    const skipping = groups.flatMap((checks) => {
      // Each complete way to run them; none complete: what each way lacks (a key set in one form is never asked for in the other).
      const ways = ONE_OF[checks] ?? [mine.filter((x) => x.checks === checks).map((x) => x.name)];
      if (ways.some((way) => way.every(set))) return [];
      const lacks = ways.map((way) => way.filter((n) => !set(n)));
      const common = lacks[0].filter((n) => lacks.every((l) => l.includes(n)));
      const rest = lacks.map((l) => l.filter((n) => !common.includes(n))).filter((l) => l.length);
      return [`${checks} skip without ${[...common, ...(rest.length ? [rest.map((r) => r.join(' and ')).join(' or ')] : [])].join(', ')}`];
    });
    return { service, excluded: !set(base.name), missingRequired, skipping };
  });
}

export { ConfigError, ValueError, problemLine, type Env, type Problem };
