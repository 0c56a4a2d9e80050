// Covers: the configuration-mistake matrix. Each mistake a user makes in .env for a sandbox
// certification is run against the loopback sandbox stand-ins (mocks/stand-in.ts) through doctor
// (helpers/run/doctor.ts) and certify's preflight (its configuration check, then the global setup's
// judgement, helpers/run/sandbox-start.ts), in process: one line naming the variable, its exit code
// (or verdict), no stack frame, no secret value. Mistakes marked `issue` are the eighteen a user met
// through `npm run certify` before this matrix existed.
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { request, type APIRequestContext } from '@playwright/test';
import forge from 'node-forge';
import { expect, linkCheckout, test, userEnv } from '../../../fixtures/self.js';
import { loopback, spawnCollect, inTempDir } from '../support.known.js';
import { configurationProblems, ENV_SCHEMA, problemLine, type Env } from '../../../helpers/config/env-schema.js';
import { doctor } from '../../../helpers/run/doctor.js';
import { withCheckDigit } from '../../../helpers/config/luhn.js';
import { sandboxStart } from '../../../helpers/run/sandbox-start.js';
import {
  connectUrl,
  createLinkableCustomer,
  ensureConsumer,
  fdSession,
  FINBANK_PROFILE,
  REPORT_ACCOUNT_TYPES,
} from '../../../helpers/target/sandbox/prepare.js';
import { newConsumer, newCustomer } from '../../../fixtures/examples/financial-data.js';
import { startStandIn, toDotenv, type StandInHandle, type StandInService } from '../../../mocks/stand-in.js';

/** The stand-in's FinBank banks (Connect adds their accounts; tests/self/e2e/stand-in.spec.ts). */
const FINBANK_INSTITUTIONS = ['101732', '102105'];

// One worker runs the matrix in order: the stand-ins are started once.
test.describe.configure({ mode: 'default' });

type Service = StandInService;
/** doctor: 0 ready, 1 cannot run (missing, or the target says no), 2 malformed. certify: 2 configuration error, 5 NOT RUN, 0 the run goes on. */
interface Outcome {
  doctor: 0 | 1 | 2;
  certify: 0 | 2 | 5;
}
const MALFORMED: Outcome = { doctor: 2, certify: 2 };
const MISSING: Outcome = { doctor: 1, certify: 2 };
const NOT_READY: Outcome = { doctor: 1, certify: 5 };
const RUNS: Outcome = { doctor: 0, certify: 0 };
/** Test data the target does not hold as configured: doctor proves it (helpers/target/sandbox/holdings.ts); the preflight does not judge it. */
const NOT_HELD: Outcome = { doctor: 1, certify: 0 };

interface World {
  env: Record<Service, Record<string, string>>;
  origin: Record<Service, string>;
  /** A loopback server answering the wrong things (helper routes below). */
  odd: string;
  /** A port nobody listens on. */
  closed: string;
  files: { keystore: string; text: string };
  pem: { expiredCert: string; ecPrivate: string; rsaPublic: string; otherRsaPrivate: string };
  /** A port taken, for the duration of a case. */
  takePort: () => Promise<{ port: number; release: () => Promise<void> }>;
  /** Customers of the financial data stand-in's partner, prepared as sandbox:prepare does or left unfit. */
  fd: PreparedCustomers;
}

/** The linked customers of the prepared-data cases (FD_LINKED_CUSTOMER_ID): one fit, the others each unfit one way. */
interface PreparedCustomers {
  /** A testing customer with its consumer and both FinBank banks linked through Connect: what sandbox:prepare leaves. */
  fit: string;
  /** As fit, its savings accounts deleted since. */
  withoutSavings: string;
  /** As fit, every account deleted since. */
  withoutAccounts: string;
  /** As fit, its checking and savings accounts deleted since (the other types kept). */
  withoutReportTypes: string;
  /** Linked, but never given a consumer. */
  withoutConsumer: string;
  /** An active (not testing) customer with a consumer. */
  active: string;
  /** As fit, the customer deleted since. */
  deleted: string;
}

interface Mistake {
  title: string;
  /** The line must name it (each of them, one line each, for two variables swapped). */
  variable: string | string[];
  service: Service;
  outcome: Outcome;
  /** One of the eighteen mistakes of the issue that brought this matrix. */
  issue?: true;
  /** Changes to the stand-in's good environment (undefined removes a variable). */
  env: (w: World) => Promise<Record<string, string | undefined>> | Record<string, string | undefined>;
  /** Text the line must hold besides the variable. */
  says?: RegExp;
}

const P12_PASSWORD = 'keystore-pass-42';
const P12_ALIAS = 'signing';
const p12 = (w: World) => ({
  INSTALLMENTS_SIGNING_KEY_PEM: undefined,
  INSTALLMENTS_SIGNING_KEY_P12: w.files.keystore,
  INSTALLMENTS_SIGNING_KEY_PASSWORD: P12_PASSWORD,
  INSTALLMENTS_SIGNING_KEY_ALIAS: P12_ALIAS,
});
/** The acquirer ICAs unset: doctor proves the other held data without waiting out an effectuation (helpers/target/sandbox/holdings.ts). */
const NO_ICAS = { INSTALLMENTS_KNOWN_ACQUIRER_ICA: undefined, INSTALLMENTS_UNKNOWN_ACQUIRER_ICA: undefined };
const swap = (env: Record<string, string>, a: string, b: string) => ({ [a]: env[b], [b]: env[a] });

type More = Partial<Pick<Mistake, 'variable' | 'service'>>;
/**
 * A row of the table: the title (`[issue] ` first for one of the eighteen mistakes of the issue that
 * brought this matrix), the outcome, the text the line must hold besides the variable (where told), the
 * changes to the stand-in's good environment. The variable is the title's first word, its service the variable's, unless told.
 */
function m(
  title: string,
  outcome: Outcome,
  ...row: [says: RegExp, env: Mistake['env'], more?: More] | [env: Mistake['env'], more?: More]
): Mistake {
  const [says, env, more = {}] =
    row[0] instanceof RegExp ? (row as [RegExp, Mistake['env'], More?]) : [undefined, ...(row as [Mistake['env'], More?])];
  const variable = more.variable ?? title.replace(/^\[issue\] /, '').split(/[ =]/)[0];
  const owner = ENV_SCHEMA.find((e) => e.name === [variable].flat()[0])!.service;
  // A general setting is judged in a certification of card enrollment.
  const service = more.service ?? (owner === 'general' ? 'card-enrollment' : owner);
  return { title, issue: title.startsWith('[issue] ') || undefined, outcome, env, says, variable, service: service as Service };
}

const MISTAKES: Mistake[] = [
  // ---- general settings
  m('[issue] TARGET misspelt', MALFORMED, /found "sandbx"/, () => ({ TARGET: 'sandbx' })),
  m('TARGET with a stray space', MALFORMED, /a space at its end/, () => ({ TARGET: 'sandbox ' })),
  m('[issue] FC_NUM_RUNS not a number', MALFORMED, () => ({ FC_NUM_RUNS: 'abc' })),
  m('FC_SEED a fraction', MALFORMED, () => ({ FC_SEED: '1.5' })),
  m('SANDBOX_MAX_RPS negative', MALFORMED, () => ({ SANDBOX_MAX_RPS: '-1' })),
  m('ALLOW_DESTRUCTIVE yes', MALFORMED, () => ({ ALLOW_DESTRUCTIVE: 'yes' })),
  m('SANDBOX_CUSTOMER_QUOTA with a stray quote', MALFORMED, /stray quote/, () => ({ SANDBOX_CUSTOMER_QUOTA: '"100' }), {
    service: 'financial-data',
  }),

  // ---- card enrollment
  m('[issue] CARD_BASE_URL not a URL', MALFORMED, () => ({ CARD_BASE_URL: 'notaurl' })),
  m('[issue] CARD_BASE_URL unreachable', NOT_READY, /ECONNREFUSED/, (w) => ({ CARD_BASE_URL: `${w.closed}/src/api/digital/payments` })),
  m('[issue] CARD_BASE_URL answering 404 everywhere', NOT_READY, /every operation answers 404/, (w) => ({
    CARD_BASE_URL: `${w.origin['card-enrollment']}/v9/src/api/digital/payments`,
  })),
  m('CARD_BASE_URL with a trailing slash', MALFORMED, (w) => ({ CARD_BASE_URL: `${w.env['card-enrollment'].CARD_BASE_URL}/` })),
  m('CARD_API_KEY refused', NOT_READY, /401/, () => ({ CARD_API_KEY: 'not-the-registered-api-key' })),
  m('CARD_API_KEY with a stray space', MALFORMED, /not shown/, (w) => ({ CARD_API_KEY: `${w.env['card-enrollment'].CARD_API_KEY} ` })),
  m('CARD_SRC_CLIENT_ID in upper case', MALFORMED, (w) => ({
    CARD_SRC_CLIENT_ID: w.env['card-enrollment'].CARD_SRC_CLIENT_ID.toUpperCase(),
  })),
  m('CARD_SRC_CLIENT_ID and CARD_SERVICE_ID swapped', MALFORMED, (w) =>
    swap(w.env['card-enrollment'], 'CARD_SRC_CLIENT_ID', 'CARD_SERVICE_ID'),
  ),
  m(
    'CARD_RECEIPT_PAN_BIN and CARD_RECEIPT_PAN_LAST_FOUR swapped',
    MALFORMED,
    (w) => swap(w.env['card-enrollment'], 'CARD_RECEIPT_PAN_BIN', 'CARD_RECEIPT_PAN_LAST_FOUR'),
    { variable: ['CARD_RECEIPT_PAN_BIN', 'CARD_RECEIPT_PAN_LAST_FOUR'] },
  ),
  m('[issue] CARD_KEYS_URL answering 404', NOT_READY, /found 404/, (w) => ({
    CARD_KEYS_URL: `${w.origin['card-enrollment']}/no-keys-here`,
  })),
  m('[issue] CARD_KEYS_URL unreachable', NOT_READY, /ECONNREFUSED/, (w) => ({ CARD_KEYS_URL: `${w.closed}/keys` })),
  m('CARD_KEYS_URL answering an HTML page', NOT_READY, /200 with text\/html/, (w) => ({ CARD_KEYS_URL: `${w.odd}/html` })),
  m('CARD_KEYS_URL holding only a signing key and an EC key', NOT_READY, /no usable key among its 2/, (w) => ({
    CARD_KEYS_URL: `${w.odd}/keys-unusable`,
  })),
  m('CARD_KEYS_URL answering JSON that is not a key set', NOT_READY, /not a JWK set/, (w) => ({ CARD_KEYS_URL: `${w.odd}/not-a-set` })),
  m('[issue] CARD_ENCRYPTION_JWK not JSON', MALFORMED, /not JSON/, () => ({ CARD_KEYS_URL: undefined, CARD_ENCRYPTION_JWK: '{kty: RSA' })),
  m('CARD_ENCRYPTION_JWK without kid', MALFORMED, /without kid/, (w) => ({
    CARD_KEYS_URL: undefined,
    CARD_ENCRYPTION_JWK: JSON.stringify(jwkOf(w.pem.rsaPublic)),
  })),
  m('[issue] CARD_ENCRYPTION_PEM not a key', MALFORMED, () => ({
    CARD_KEYS_URL: undefined,
    CARD_ENCRYPTION_PEM: '-----BEGIN PUBLIC KEY-----\\nbm90IGEga2V5\\n-----END PUBLIC KEY-----',
    CARD_ENCRYPTION_KID: 'k1',
  })),
  m('CARD_ENCRYPTION_PEM an expired certificate', MALFORMED, /expired on/, (w) => ({
    CARD_KEYS_URL: undefined,
    CARD_ENCRYPTION_PEM: w.pem.expiredCert,
    CARD_ENCRYPTION_KID: 'k1',
  })),
  m('CARD_ENCRYPTION_PEM a private key', MALFORMED, /a private key/, (w) => ({
    CARD_KEYS_URL: undefined,
    CARD_ENCRYPTION_PEM: w.pem.otherRsaPrivate,
    CARD_ENCRYPTION_KID: 'k1',
  })),
  m(
    'CARD_ENCRYPTION_PEM without its kid',
    MISSING,
    /found nothing/,
    (w) => ({ CARD_KEYS_URL: undefined, CARD_ENCRYPTION_PEM: w.pem.rsaPublic }),
    { variable: 'CARD_ENCRYPTION_KID' },
  ),

  // ---- installments
  m('[issue] INSTALLMENTS_SIGNING_KEY_PEM not a key', MALFORMED, () => ({
    INSTALLMENTS_SIGNING_KEY_PEM: '-----BEGIN PRIVATE KEY-----\\nbm90IGEga2V5\\n-----END PRIVATE KEY-----',
  })),
  m('INSTALLMENTS_SIGNING_KEY_PEM an EC key', MALFORMED, /an EC private key/, (w) => ({ INSTALLMENTS_SIGNING_KEY_PEM: w.pem.ecPrivate })),
  m('INSTALLMENTS_SIGNING_KEY_PEM a public key', MALFORMED, /not a private key/, (w) => ({
    INSTALLMENTS_SIGNING_KEY_PEM: w.pem.rsaPublic,
  })),
  m('INSTALLMENTS_SIGNING_KEY_PEM not the registered key', NOT_READY, /401/, (w) => ({
    INSTALLMENTS_SIGNING_KEY_PEM: w.pem.otherRsaPrivate,
  })),
  m('[issue] INSTALLMENTS_SIGNING_KEY_P12 that does not exist', MALFORMED, /no file at/, (w) => ({
    ...p12(w),
    INSTALLMENTS_SIGNING_KEY_P12: '/no/such/keystore.p12',
  })),
  m('INSTALLMENTS_SIGNING_KEY_PASSWORD wrong', MALFORMED, /does not open it/, (w) => ({
    ...p12(w),
    INSTALLMENTS_SIGNING_KEY_PASSWORD: 'not-the-password',
  })),
  m('INSTALLMENTS_SIGNING_KEY_ALIAS wrong', MALFORMED, /"signing"/, (w) => ({ ...p12(w), INSTALLMENTS_SIGNING_KEY_ALIAS: 'signer' })),
  m('INSTALLMENTS_SIGNING_KEY_P12 a text file', MALFORMED, /not a PKCS#12 keystore/, (w) => ({
    ...p12(w),
    INSTALLMENTS_SIGNING_KEY_P12: w.files.text,
  })),
  m('[issue] INSTALLMENTS_ENCRYPTION_JWK a symmetric ("oct") key', MALFORMED, /symmetric \("oct"\)/, () => ({
    INSTALLMENTS_KEYS_URL: undefined,
    INSTALLMENTS_ENCRYPTION_JWK: JSON.stringify({ kty: 'oct', k: 'c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0', kid: 'sym-1' }),
  })),
  m('INSTALLMENTS_ENCRYPTION_JWK the signing key', MALFORMED, /alg "RS256"/, (w) => ({
    INSTALLMENTS_KEYS_URL: undefined,
    INSTALLMENTS_ENCRYPTION_JWK: JSON.stringify({ ...jwkOf(w.pem.rsaPublic), kid: 'svc', use: 'sig', alg: 'RS256' }),
  })),
  m('INSTALLMENTS_BASE_URL and INSTALLMENTS_KEYS_URL swapped', MALFORMED, (w) =>
    swap(w.env.installments, 'INSTALLMENTS_BASE_URL', 'INSTALLMENTS_KEYS_URL'),
  ),
  m('INSTALLMENTS_BASE_URL unreachable', NOT_READY, (w) => ({ INSTALLMENTS_BASE_URL: `${w.closed}/installments` })),
  m('INSTALLMENTS_CONSUMER_KEY unknown', NOT_READY, /401/, () => ({ INSTALLMENTS_CONSUMER_KEY: 'unknown-consumer-key-0001' })),
  m('INSTALLMENTS_FORBIDDEN_CONSUMER_KEY the allowed one', MALFORMED, (w) => ({
    INSTALLMENTS_FORBIDDEN_CONSUMER_KEY: w.env.installments.INSTALLMENTS_CONSUMER_KEY,
  })),
  m('INSTALLMENTS_KNOWN_ACQUIRER_ICA of 5 digits', MALFORMED, () => ({ INSTALLMENTS_KNOWN_ACQUIRER_ICA: '12345' })),
  m('INSTALLMENTS_RECEIVER_PORT in use', NOT_READY, /in use/, async (w) => ({
    INSTALLMENTS_RECEIVER_PUBLIC_URL: 'https://issuer.example.test/hook',
    INSTALLMENTS_RECEIVER_PORT: String((await w.takePort()).port),
  })),
  m('INSTALLMENTS_RECEIVER_PORT out of range', MALFORMED, () => ({
    INSTALLMENTS_RECEIVER_PUBLIC_URL: 'https://issuer.example.test/hook',
    INSTALLMENTS_RECEIVER_PORT: '70000',
  })),
  m('INSTALLMENTS_ELIGIBLE_PAN with spaces', MALFORMED, /not shown/, (w) => ({
    INSTALLMENTS_ELIGIBLE_PAN: w.env.installments.INSTALLMENTS_ELIGIBLE_PAN.replace(/(\d{4})(?=\d)/g, '$1 '),
  })),

  // ---- financial data
  m('[issue] FD_HEADER_NAMES not a set', MALFORMED, () => ({ FD_HEADER_NAMES: 'bogus' })),
  m(
    '[issue] FD_HEADER_NAMES=provider where the target asks for Partner-App-Key: the fix is seed',
    NOT_READY,
    /: set FD_HEADER_NAMES=seed( |$)/,
    (w) => ({ FD_BASE_URL: `${w.odd}/seed-names`, FD_HEADER_NAMES: 'provider' }),
  ),
  m(
    'FD_HEADER_NAMES=seed where the target asks for Finicity-App-Key: the fix is provider',
    NOT_READY,
    /: set FD_HEADER_NAMES=provider( |$)/,
    () => ({ FD_HEADER_NAMES: 'seed' }),
  ),
  m('FD_APP_KEY wrong', NOT_READY, /401/, () => ({ FD_APP_KEY: 'not-the-app-key-0000' })),
  m('[issue] FD_PARTNER_SECRET wrong', NOT_READY, /401/, () => ({ FD_PARTNER_SECRET: 'not-the-partner-secret' })),
  m('FD_PARTNER_ID and FD_PARTNER_SECRET swapped', NOT_READY, /401/, (w) =>
    swap(w.env['financial-data'], 'FD_PARTNER_ID', 'FD_PARTNER_SECRET'),
  ),
  m('[issue] FD_BASE_URL answering 404 everywhere', NOT_READY, /every operation answers 404/, (w) => ({
    FD_BASE_URL: `${w.origin['financial-data']}/wrong/prefix`,
  })),
  m('[issue] FD_BASE_URL unreachable', NOT_READY, /ECONNREFUSED/, (w) => ({ FD_BASE_URL: w.closed })),
  m('FD_BASE_URL with a trailing slash', MALFORMED, (w) => ({ FD_BASE_URL: `${w.env['financial-data'].FD_BASE_URL}/` })),
  m('FD_ROUTING_NUMBER of 8 digits', MALFORMED, () => ({ FD_ROUTING_NUMBER: '12345678' })),
  m('FD_INSTITUTION_ID not a number', MALFORMED, () => ({ FD_INSTITUTION_ID: 'FinBank' })),
  m('FD_LISTENER_PUBLIC_URL over http', MALFORMED, () => ({
    FD_LISTENER_PUBLIC_URL: 'http://listener.example.test',
    FD_LISTENER_PORT: '18443',
  })),
  m("FD_SPARE_PARTNER_ID the suite's own partner", MALFORMED, (w) => ({ FD_SPARE_PARTNER_ID: w.env['financial-data'].FD_PARTNER_ID })),
  m('FD_APP_KEY in quotes a .env left', MALFORMED, /quotes around it/, (w) => ({ FD_APP_KEY: `'${w.env['financial-data'].FD_APP_KEY}'` })),
  m('FD_APP_KEY_HEADER with a space', MALFORMED, () => ({ FD_APP_KEY_HEADER: 'Finicity App Key' })),
  m(
    '[issue] financial data test data missing (FD_LINKED_CUSTOMER_ID unset)',
    NOT_READY,
    /FD_LINKED_CUSTOMER_ID: expected the linked testing customer .*found none set.*sandbox:prepare -- --service financial-data/,
    () => ({ FD_LINKED_CUSTOMER_ID: undefined }),
    { variable: 'FD_LINKED_CUSTOMER_ID' },
  ),
  m('FD_LINKED_CUSTOMER_ID not of the documented form', MALFORMED, /expected a customer id, digits .*found "cust-42"/, () => ({
    FD_LINKED_CUSTOMER_ID: 'cust-42',
  })),
  // ---- what the sandbox holds, as the settings describe it: doctor proves each with a request the contract accepts whole
  m("CARD_SRC_CLIENT_ID another client's", NOT_READY, /found 403 to a whole enrollment/, (w) => ({
    CARD_SRC_CLIENT_ID: w.env['card-enrollment'].CARD_FOREIGN_SRC_CLIENT_ID,
    CARD_FOREIGN_SRC_CLIENT_ID: undefined,
  })),
  m('CARD_SERVICE_ID naming a service nobody has', NOT_READY, /found 400 to a whole enrollment .*serviceId/, () => ({
    CARD_SERVICE_ID: 'no-such-service',
  })),
  m("CARD_FOREIGN_SERVICE_ID the client's own", NOT_HELD, /found 200: it is this client's own/, (w) => ({
    CARD_FOREIGN_SERVICE_ID: w.env['card-enrollment'].CARD_SERVICE_ID.split(',')[0],
  })),
  m(
    "CARD_RECEIPT_PAN_LAST_FOUR not the receipt account's",
    NOT_HELD,
    /found "0000", where the receipt enrollment answered "\d{4}"/,
    () => ({ CARD_RECEIPT_PAN_LAST_FOUR: '0000' }),
  ),
  m(
    'INSTALLMENTS_ACCOUNT_RANGES with a range the target does not hold',
    NOT_HELD,
    /found range 1 \(5110920004100000000-5110920004199999999\): 200, the card inside it not registered/,
    () => ({ INSTALLMENTS_ACCOUNT_RANGES: '5110920004100000000-5110920004199999999', ...NO_ICAS }),
  ),
  m(
    'INSTALLMENTS_ELIGIBLE_PAN a card no PAN list holds',
    NOT_HELD,
    /expected a card the target offers installments for, found 404 to approvedOffers .*\(the card is not shown\)/,
    () => ({ INSTALLMENTS_ELIGIBLE_PAN: withCheckDigit('455555123456789'), ...NO_ICAS }),
  ),
  m('INSTALLMENTS_ELIGIBLE_PAN with a wrong check digit', MALFORMED, /whose check digit is wrong/, (w) => ({
    INSTALLMENTS_ELIGIBLE_PAN: `${w.env.installments.INSTALLMENTS_ELIGIBLE_PAN.slice(0, -1)}${(Number(w.env.installments.INSTALLMENTS_ELIGIBLE_PAN.slice(-1)) + 1) % 10}`,
  })),
  m(
    'INSTALLMENTS_USE_CASES without the DURING_PURCHASE the target requires',
    NOT_HELD,
    /the target refuses a plan without transactionOffers .*its product includes DURING_PURCHASE/,
    () => ({ INSTALLMENTS_USE_CASES: 'POST_PURCHASE', ...NO_ICAS }),
  ),
  m(
    'INSTALLMENTS_KNOWN_ACQUIRER_ICA and INSTALLMENTS_UNKNOWN_ACQUIRER_ICA swapped',
    NOT_HELD,
    /effectuated (ERROR \(INVALID_ACQUIRER_ICA\)|COMPLETED)$/,
    (w) => swap(w.env.installments, 'INSTALLMENTS_KNOWN_ACQUIRER_ICA', 'INSTALLMENTS_UNKNOWN_ACQUIRER_ICA'),
    { variable: ['INSTALLMENTS_KNOWN_ACQUIRER_ICA', 'INSTALLMENTS_UNKNOWN_ACQUIRER_ICA'] },
  ),
  m('FD_ROUTING_NUMBER mapped to no institution', NOT_HELD, /GetInstitutionsByRoutingNumber 404: no institution maps it/, () => ({
    FD_ROUTING_NUMBER: '123456789',
  })),
  m('FD_DISPUTED_CUSTOMER_ID of no customer', NOT_HELD, /GetCustomer 404: deleted, or another partner's/, () => ({
    FD_DISPUTED_CUSTOMER_ID: '9999999999',
  })),
  // ---- the prepared test data (FD_LINKED_CUSTOMER_ID, what sandbox:prepare writes): unfit stops the service
  m(
    'FD_LINKED_CUSTOMER_ID of no customer',
    NOT_READY,
    /found no customer 9999999999 for partner \S+ \(GetCustomer 404.*: run npm run sandbox:prepare -- --service financial-data/,
    () => ({ FD_LINKED_CUSTOMER_ID: '9999999999' }),
  ),
  m(
    'FD_LINKED_CUSTOMER_ID of a prepared customer deleted since',
    NOT_READY,
    /found no customer \d+ for partner .*deleted, or another partner's.*sandbox:prepare -- --service financial-data/,
    (w) => ({ FD_LINKED_CUSTOMER_ID: w.fd.deleted }),
  ),
  m(
    'FD_LINKED_CUSTOMER_ID of a prepared customer whose accounts were removed',
    NOT_READY,
    /has no active account .*reports answer 400\): run npm run sandbox:prepare -- --service financial-data/,
    (w) => ({ FD_LINKED_CUSTOMER_ID: w.fd.withoutAccounts }),
  ),
  m(
    'FD_LINKED_CUSTOMER_ID of a customer left without checking or savings accounts',
    NOT_READY,
    /has no active checking or savings account \(only .*creditCard.*: reports answer 400\)/,
    (w) => ({ FD_LINKED_CUSTOMER_ID: w.fd.withoutReportTypes }),
  ),
  m('FD_LINKED_CUSTOMER_ID of a linked customer without a consumer', NOT_READY, /has no consumer/, (w) => ({
    FD_LINKED_CUSTOMER_ID: w.fd.withoutConsumer,
  })),
  m('FD_LINKED_CUSTOMER_ID of an active customer', NOT_READY, /is an active customer, not a testing one/, (w) => ({
    FD_LINKED_CUSTOMER_ID: w.fd.active,
  })),
  m(
    'FD_LINKED_CUSTOMER_ID of a prepared customer that lost its savings accounts (partly fit: the checks reading one are not run)',
    RUNS,
    /has no active savings account: the checks that read one are NOT RUN/,
    (w) => ({ FD_LINKED_CUSTOMER_ID: w.fd.withoutSavings }),
  ),
];

/** The public JWK of a PEM public key (no kid: a case adds what it needs). */
function jwkOf(pem: string): Record<string, unknown> {
  return { ...createPublicKey(pem).export({ format: 'jwk' }) };
}

/** A self-signed certificate of an RSA key, valid between the two dates (forge: node:crypto makes no certificates). */
function certificate(privateKey: KeyObject, notBefore: Date, notAfter: Date): string {
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  cert.serialNumber = '01';
  cert.validity.notBefore = notBefore;
  cert.validity.notAfter = notAfter;
  cert.setSubject([{ name: 'commonName', value: 'contract-suite test' }]);
  cert.setIssuer([{ name: 'commonName', value: 'contract-suite test' }]);
  cert.sign(key, forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

let world: World;
const standIns: StandInHandle[] = [];
const closers: (() => Promise<void> | void)[] = [];
/** Ports a case holds; given back after it. */
const taken: (() => Promise<void>)[] = [];
let dir: string;

test.beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'config-mistakes-'));
  for (const service of ['card-enrollment', 'installments', 'financial-data'] as const) standIns.push(await startStandIn(service));
  const [card, inst, fd] = standIns;
  // Wrong answers a keys URL or a target can give (status, content type, keys nobody can use), and
  // a target with the seed's header names (as the embedded mock has by default).
  const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const odd = await loopback((req, res) => {
    const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.url === '/html') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Sign in</body></html>');
    if (req.url === '/not-a-set') return json(200, { status: 'ok' });
    if (req.url === '/keys-unusable')
      return json(200, {
        keys: [
          { ...rsa.publicKey.export({ format: 'jwk' }), kid: 'sig-1', use: 'sig' },
          { ...ec.publicKey.export({ format: 'jwk' }), kid: 'ec-1' },
        ],
      });
    if (req.url?.startsWith('/seed-names/')) {
      if (!req.headers['partner-app-key']) return json(401, { code: 401, message: 'Missing parameter (Partner-App-Key)' });
      return json(404, { code: 404, message: 'not found' });
    }
    return json(404, { message: 'not found' });
  });
  closers.push(odd.close);
  // A port that was free a moment ago and is closed again: nothing answers there.
  const probe = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => probe.once('listening', resolve));
  const closedPort = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  // A PKCS#12 keystore holding the stand-in's registered signing key under an alias, with a password.
  const signing = createPrivateKey(inst.env().INSTALLMENTS_SIGNING_KEY_PEM);
  const forgeKey = forge.pki.privateKeyFromPem(signing.export({ type: 'pkcs1', format: 'pem' }).toString());
  const now = Date.now();
  const certPem = certificate(signing, new Date(now - 86_400_000), new Date(now + 365 * 86_400_000));
  const asn1 = forge.pkcs12.toPkcs12Asn1(forgeKey, [forge.pki.certificateFromPem(certPem)], P12_PASSWORD, {
    friendlyName: P12_ALIAS,
    algorithm: '3des',
  });
  const keystore = path.join(dir, 'signing.p12');
  fs.writeFileSync(keystore, Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'));
  const text = path.join(dir, 'notes.txt');
  fs.writeFileSync(text, 'this is not a keystore\n');
  const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const fdEnv = fd.env();
  const prepared = await prepareCustomers({ TARGET: 'sandbox', ...fdEnv }, fd.origin);
  world = {
    fd: prepared,
    // Financial data as a user leaves it after sandbox:prepare: every mistake differs from a ready configuration in one place.
    env: { 'card-enrollment': card.env(), installments: inst.env(), 'financial-data': { ...fdEnv, FD_LINKED_CUSTOMER_ID: prepared.fit } },
    origin: { 'card-enrollment': card.origin, installments: inst.origin, 'financial-data': fd.origin },
    odd: odd.url,
    closed: `http://127.0.0.1:${closedPort}`,
    files: { keystore, text },
    pem: {
      expiredCert: certificate(other.privateKey, new Date(now - 3 * 365 * 86_400_000), new Date(now - 365 * 86_400_000)),
      ecPrivate: ec.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      rsaPublic: rsa.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      otherRsaPrivate: other.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    },
    takePort: async () => {
      const server = net.createServer().listen(0, '0.0.0.0');
      await new Promise((resolve) => server.once('listening', resolve));
      const release = () => new Promise<void>((resolve) => server.close(() => resolve()));
      taken.push(release);
      return { port: (server.address() as AddressInfo).port, release };
    },
  };
});

test.afterEach(async () => {
  for (const release of taken.splice(0)) await release();
});

test.afterAll(async () => {
  for (const close of closers.splice(0)) await close();
  await Promise.all(standIns.splice(0).map((h) => h.close()));
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The environment of a sandbox certification of one service, the mistake applied. */
async function environment(m: Pick<Mistake, 'service' | 'env'>): Promise<Env> {
  const env: Record<string, string | undefined> = { TARGET: 'sandbox', ...world.env[m.service] };
  for (const [name, value] of Object.entries(await m.env(world))) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

/**
 * What `npm run sandbox:prepare -- --service financial-data --complete-stand-in` makes, made in
 * process (the Connect form posted as the page's browser would post it: tests/self/e2e/stand-in.spec.ts
 * completes it in a real browser), and the customers unfit in each way a stale FD_LINKED_CUSTOMER_ID is.
 */
async function prepareCustomers(env: Env, origin: string): Promise<PreparedCustomers> {
  const context = await request.newContext();
  try {
    const { api, partnerId } = await fdSession(context, env);
    const linked = async (consumer = true) => {
      const customerId = consumer
        ? await createLinkableCustomer(api, newCustomer(), newConsumer())
        : String((await api.call('AddTestingCustomer', { body: newCustomer() })).body.id);
      const link = new URL(await connectUrl(api, partnerId, customerId));
      for (const institutionId of FINBANK_INSTITUTIONS) {
        const res = await fetch(`${origin}${link.pathname}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ institutionId, ...FINBANK_PROFILE }).toString(),
        });
        expect(await res.text()).toContain('id="connect-result">linked<');
      }
      return customerId;
    };
    const dropAccounts = async (customerId: string, types?: string[]) => {
      const res = await api.call('GetCustomerAccounts', { path: { customerId } });
      for (const a of res.body.accounts as { id: string | number; type: string }[])
        if (!types || types.includes(a.type))
          expect((await api.call('DeleteCustomerAccount', { path: { customerId, accountId: String(a.id) } })).status).toBe(204);
      return customerId;
    };
    const active = String((await api.call('AddCustomer', { body: newCustomer() })).body.id);
    await ensureConsumer(api, active, newConsumer());
    const deleted = await linked();
    expect((await api.call('DeleteCustomer', { path: { customerId: deleted } })).status).toBe(204);
    return {
      fit: await linked(),
      withoutSavings: await dropAccounts(await linked(), ['savings']),
      withoutAccounts: await dropAccounts(await linked()),
      withoutReportTypes: await dropAccounts(await linked(), [...REPORT_ACCOUNT_TYPES]),
      withoutConsumer: await linked(false),
      active,
      deleted,
    };
  } finally {
    await context.dispose();
  }
}

const withRequest =
  (request: APIRequestContext) =>
  <T>(use: (r: APIRequestContext) => Promise<T>) =>
    use(request);

/** `npm run certify -- --service <s>` up to its first check: certify's own configuration check, then the global setup's judgement. */
async function certifyPreflight(env: Env, service: Service, request: APIRequestContext): Promise<{ code: number; lines: string[] }> {
  const problems = configurationProblems(env, [service]);
  if (problems.length) return { code: 2, lines: problems.map((p) => `configuration error: ${problemLine(p)}`) };
  const start = await sandboxStart(env, [service], { workers: 2, withRequest: withRequest(request) });
  const lines = start.lines.map((l) => l.text);
  return { code: start.stop?.code ?? (start.allStopped ? 5 : 0), lines };
}

/** What must never be printed: every secret of the environment (and each line of a PEM key's body). */
function secretsOf(env: Env): string[] {
  return ENV_SCHEMA.filter((e) => e.secret && env[e.name])
    .flatMap((e) => {
      const value = env[e.name]!.replace(/\\n/g, '\n').trim();
      return value.includes('-----BEGIN')
        ? value.split('\n').filter((l) => l.length >= 32 && !l.startsWith('-----'))
        : [value.replace(/^['"]|['"]$/g, '')];
    })
    .filter((s) => s.length >= 4);
}

/** The lines that report a problem (the one-line form `VAR: expected ..., found ...`). */
const problemLines = (lines: string[]) => lines.filter((l) => /: expected .+, found /.test(l));

function expectClean(output: string[], env: Env, what: string) {
  const text = output.join('\n');
  expect(text, `${what}: no stack frame`).not.toMatch(/^\s+at .+[:(]/m);
  for (const secret of secretsOf(env)) expect(text.includes(secret), `${what}: a secret value in the output`).toBe(false);
}

test('the matrix holds at least 40 mistakes across the three services and the general settings, the eighteen of the issue among them', () => {
  expect(MISTAKES.length).toBeGreaterThanOrEqual(40);
  expect(MISTAKES.filter((m) => m.issue)).toHaveLength(18);
  for (const service of ['card-enrollment', 'installments', 'financial-data'])
    expect(MISTAKES.some((m) => m.service === service)).toBe(true);
  expect(MISTAKES.some((m) => ENV_SCHEMA.find((e) => e.name === m.variable)?.service === 'general')).toBe(true);
  expect(new Set(MISTAKES.map((m) => m.title)).size).toBe(MISTAKES.length);
});

/** The controls: a configuration as a user leaves it is ready for doctor and certify; doctor's line for `variable`, where told. */
const CONTROLS: { title: string; service: Service; env?: Mistake['env']; variable?: string; line?: (w: World) => string | RegExp }[] = [
  ...(['card-enrollment', 'installments', 'financial-data'] as const).map((service) => ({
    title: `the ${service} stand-in as configured, what its settings describe held`,
    service,
  })),
  {
    title: 'the installments signing key from a PKCS#12 keystore with its password and alias',
    service: 'installments',
    env: p12,
    variable: 'INSTALLMENTS_SIGNING_KEY_P12',
    line: () => '  INSTALLMENTS_CONSUMER_KEY and INSTALLMENTS_SIGNING_KEY_P12: ready (POST /merchants/searches was not refused)',
  },
  {
    title: 'a financial data customer as sandbox:prepare leaves it, named with its consumer and account types',
    service: 'financial-data',
    env: (w) => ({ FD_LINKED_CUSTOMER_ID: w.fd.fit }),
    variable: 'FD_LINKED_CUSTOMER_ID',
    line: (w) =>
      new RegExp(
        `^  FD_LINKED_CUSTOMER_ID: ready \\(customer ${w.fd.fit}: a testing customer with consumer \\S+, reports readable; active accounts: .*checking.*\\)$`,
      ),
  },
];

for (const c of CONTROLS)
  test(`control: ${c.title}: ready for doctor and certify`, async ({ request }) => {
    const env = await environment({ service: c.service, env: c.env ?? (() => ({})) });
    // doctor proves what the stand-in holds once per service (an effectuation takes a minute).
    const d = await doctor(env, { offline: false, holdings: !c.env });
    expect(d.code, d.lines.join('\n')).toBe(0);
    // Base URL, credentials and key or test data ready; with what the stand-in holds proven, its lines too.
    expect(d.lines.filter((l) => /: ready \(/.test(l)).length, d.lines.join('\n')).toBeGreaterThan(c.env ? 2 : 4);
    expect(problemLines(d.lines), d.lines.join('\n')).toEqual([]);
    const line = c.line?.(world);
    if (c.variable)
      expect(d.lines.filter((l) => l.includes(c.variable!))).toEqual([typeof line === 'string' ? line : expect.stringMatching(line!)]);
    const certify = await certifyPreflight(env, c.service, request);
    expect(certify.code, certify.lines.join('\n')).toBe(0);
    expect(problemLines(certify.lines)).toEqual([]);
    if (c.variable) expect(certify.lines.filter((l) => l.includes(c.variable!))).toEqual([]);
    expectClean(d.lines, env, 'doctor');
  });

for (const m of MISTAKES) {
  test(`${m.title}: one line naming ${[m.variable].flat().join(' and ')} from doctor and certify`, async ({ request }) => {
    const env = await environment(m);
    const variables = [m.variable].flat();
    const names = (line: string) => variables.some((v) => line.includes(v));

    // doctor, online: it proves what the sandbox holds only where the mistake is about it (an effectuation takes a minute).
    const d = await doctor(env, { offline: false, holdings: m.outcome === NOT_HELD });
    const dOut = d.lines.join('\n');
    expect(d.code, dOut).toBe(m.outcome.doctor);
    const dLines = m.outcome === RUNS ? d.lines.filter((l) => variables.some((v) => l.includes(`${v} `))) : problemLines(d.lines);
    expect(dLines, dOut).toHaveLength(variables.length);
    for (const line of dLines) {
      expect(names(line), line).toBe(true);
      if (m.says) expect(line).toMatch(m.says);
    }
    expectClean(d.lines, env, 'doctor');

    // certify --service <s>, up to its first check
    const c = await certifyPreflight(env, m.service, request);
    const cOut = c.lines.join('\n');
    expect(c.code, cOut).toBe(m.outcome.certify);
    const cLines =
      m.outcome === RUNS
        ? c.lines.filter((l) => variables.some((v) => l.includes(`${v} `)))
        : c.lines.filter((l) => /^(configuration error|preflight): /.test(l));
    // What the sandbox holds is doctor's to prove: the run starts, and its checks meet it.
    expect(cLines, cOut).toHaveLength(m.outcome === NOT_HELD ? 0 : variables.length);
    for (const line of cLines) {
      expect(names(line), line).toBe(true);
      if (m.says) expect(line).toMatch(m.says);
    }
    expectClean(c.lines, env, 'certify');

    // doctor --offline: a malformed value is found without asking the target
    if (m.outcome === MALFORMED) {
      const offline = await doctor(env, { offline: true });
      expect(offline.code).toBe(2);
      expect(problemLines(offline.lines).filter(names)).toHaveLength(variables.length);
    }
  });
}

// One mistake through the real command (a Playwright start costs seconds of CPU), for the glue
// around the functions above: in a checkout of its own, `npm run certify -- --service
// card-enrollment` with the .env a user wrote, the global setup stopping the run.
test('end to end: npm run certify with a keys URL answering 404: one line naming CARD_KEYS_URL, NOT RUN (exit 5), the report says why, no stack, no secret', async () => {
  await inTempDir('certify-mistake-', async (home) => {
    linkCheckout(home);
    const dotenv = path.join(home, '.env');
    // Not spawnSync: the stand-ins answer from this process, which must stay free to.
    const certify = async (env: Record<string, string>) => {
      fs.writeFileSync(dotenv, `TARGET=sandbox\n${toDotenv(env)}`);
      const args = ['--import', 'tsx', 'scripts/certify.ts', '--service', 'card-enrollment', '--workers', '1'];
      const { code, output } = await spawnCollect(process.execPath, args, { cwd: home, env: userEnv(dotenv) });
      const lines = output.split('\n').filter((l) => l.trim() && !/npm warn/i.test(l));
      return { code, lines, report: fs.readFileSync(path.join(home, 'reports', 'certification.md'), 'utf8') };
    };
    const card = world.env['card-enrollment'];

    const keys404 = await certify({ ...card, CARD_KEYS_URL: `${world.origin['card-enrollment']}/no-keys-here` });
    expect(keys404.code, keys404.lines.join('\n')).toBe(5);
    expect(keys404.lines.filter((l) => l.startsWith('preflight: '))).toEqual([
      expect.stringMatching(
        /^preflight: card-enrollment: CARD_KEYS_URL: expected a JWK set at that URL \(200, JSON\).*, found 404 \(application\/json\) \(its checks are not run\)$/,
      ),
    ]);
    expect(keys404.lines.at(-1)).toMatch(
      /^VERDICT: NOT RUN \(card-enrollment stopped by the preflight: CARD_KEYS_URL: .*found 404.*\) for sandbox/,
    );
    expect(keys404.report).toContain('CARD_KEYS_URL');
    expect(keys404.lines.join('\n')).not.toMatch(/^\s+at .+[:(]/m);
    expect(keys404.lines.join('\n').includes(card.CARD_API_KEY)).toBe(false);
  });
});
