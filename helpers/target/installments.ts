// What the installments specs need to know about a target: where it is, the signing credentials
// (an allowed consumer key, optionally a registered key without rights), the JWE key, a card the
// target offers installments for, the issuer the notifications go to, and the issuer endpoint
// to certify. For mocks it comes from the mock's in-process handle; for a sandbox from .env.
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { requireEnv, suiteConfig } from '../config/config.js';
import { keyFromJwk, keyFromJwks, keyFromPem, type EncryptionKey } from '../auth/jwe.js';
import { MockControl } from './mock-control.js';
import { publicKeyOf, signingKeyFromP12, signingKeyFromPem, type SigningCredentials } from '../auth/oauth1.js';
import { registerSecret } from '../secrets/redact.js';

export type Capability = 'faults' | 'clock' | 'control';

export interface IssuerSide {
  issuerIca: string;
  issuerCid: string;
}

export interface InstallmentsTarget {
  kind: 'mock' | 'sandbox';
  baseURL: string;
  has(capability: Capability): boolean;
  control?: MockControl;
  signer: SigningCredentials;
  /** A registered consumer key not allowed for any operation (403); absent when unknown. */
  forbidden?: SigningCredentials;
  encryptionKey: EncryptionKey;
  /** A card inside a registered account range with an issuer configured (offers, plans, notification). */
  eligiblePan?: string;
  /** An acquirer ICA the target knows (effectuation COMPLETED) and a well-formed one it does not (ERROR). */
  knownAcquirerIca?: string;
  unknownAcquirerIca?: string;
  /** The issuer the target notifies for eligiblePan, and the public URL it notifies. */
  issuer?: IssuerSide & { notificationUrl?: string };
  /** Public key the service signs notifications with (checks the round-trip signature). */
  serviceSigningKey?: KeyObject;
  /** An issuer's notification endpoint to certify (base URL; the path is /notifications). */
  issuerEndpoint?: IssuerSide & { baseURL: string };
}

/** Fresh credentials nobody registered: a well-formed signature from an unknown consumer key. */
export function strangerCredentials(): SigningCredentials {
  strangerKey ??= generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  return { consumerKey: `stranger-${crypto.randomUUID()}`, signingKey: strangerKey };
}
let strangerKey: string | undefined;

export interface InstallmentsMockInfo {
  baseURL: string;
  origin: string;
  keysURL: string;
  issuerBaseURL: string;
  world: {
    keys: { consumerKey: string; privateKeyPem: string }[];
    acquirerIcas: string[];
    issuers: { issuerIca: string; issuerCid: string; accountRange: { accountRangeLow: string }; notificationUrl: string }[];
  };
}

export async function installmentsTargetFromMock(mock: InstallmentsMockInfo): Promise<InstallmentsTarget> {
  const [mine, other] = mock.world.keys.map((k) => ({ consumerKey: k.consumerKey, signingKey: k.privateKeyPem }));
  [mine, other].forEach((k) => registerSecret(k.consumerKey));
  const jwks = (await (await fetch(mock.keysURL)).json()) as { keys: { use?: string; [k: string]: unknown }[] };
  const issuer = mock.world.issuers[0];
  return {
    kind: 'mock',
    baseURL: mock.baseURL,
    has: () => true,
    control: new MockControl(mock.origin),
    signer: mine,
    forbidden: other,
    encryptionKey: await keyFromJwks(jwks),
    // Inside the issuer's account range, which the mock's certification PAN list registers.
    eligiblePan: `${issuer.accountRange.accountRangeLow.slice(0, 6)}1600014792`,
    knownAcquirerIca: mock.world.acquirerIcas[0],
    unknownAcquirerIca: '999999',
    issuer: { issuerIca: issuer.issuerIca, issuerCid: issuer.issuerCid, notificationUrl: issuer.notificationUrl },
    serviceSigningKey: publicKeyOf(jwks.keys.find((k) => k.use === 'sig')!),
    issuerEndpoint: { baseURL: mock.issuerBaseURL, issuerIca: issuer.issuerIca, issuerCid: issuer.issuerCid },
  };
}

function credentialsFromEnv(prefix: string, env: Readonly<Record<string, string | undefined>>): SigningCredentials | undefined {
  const consumerKey = env[`${prefix}_CONSUMER_KEY`];
  if (!consumerKey) return undefined;
  registerSecret(consumerKey);
  const pem = env[`${prefix}_SIGNING_KEY_PEM`];
  const p12 = env[`${prefix}_SIGNING_KEY_P12`];
  if (pem) return { consumerKey, signingKey: signingKeyFromPem(pem) };
  if (p12) return { consumerKey, signingKey: signingKeyFromP12(p12, env[`${prefix}_SIGNING_KEY_PASSWORD`] ?? '', env[`${prefix}_SIGNING_KEY_ALIAS`] || undefined) };
  throw new Error(`${prefix}_CONSUMER_KEY needs ${prefix}_SIGNING_KEY_PEM or ${prefix}_SIGNING_KEY_P12 in .env`);
}

async function encryptionKeyFromEnv(env: Readonly<Record<string, string | undefined>>): Promise<EncryptionKey> {
  if (env.INSTALLMENTS_ENCRYPTION_JWK) return keyFromJwk(env.INSTALLMENTS_ENCRYPTION_JWK);
  if (env.INSTALLMENTS_ENCRYPTION_PEM) return keyFromPem(env.INSTALLMENTS_ENCRYPTION_PEM, requireEnv('INSTALLMENTS_ENCRYPTION_KID'));
  return keyFromJwks(await (await fetch(requireEnv('INSTALLMENTS_KEYS_URL'))).json());
}

export async function installmentsTargetFromEnv(): Promise<InstallmentsTarget> {
  const env = suiteConfig().env;
  requireEnv('INSTALLMENTS_CONSUMER_KEY');
  const ica = env.INSTALLMENTS_ISSUER_ICA;
  return {
    kind: 'sandbox',
    baseURL: requireEnv('INSTALLMENTS_BASE_URL'),
    has: () => false,
    signer: credentialsFromEnv('INSTALLMENTS', env)!,
    forbidden: credentialsFromEnv('INSTALLMENTS_FORBIDDEN', env),
    encryptionKey: await encryptionKeyFromEnv(env),
    eligiblePan: env.INSTALLMENTS_ELIGIBLE_PAN || undefined,
    knownAcquirerIca: env.INSTALLMENTS_KNOWN_ACQUIRER_ICA || undefined,
    unknownAcquirerIca: env.INSTALLMENTS_UNKNOWN_ACQUIRER_ICA || undefined,
    issuer: ica ? { issuerIca: ica, issuerCid: env.INSTALLMENTS_ISSUER_CID ?? '' } : undefined,
    serviceSigningKey: env.INSTALLMENTS_SERVICE_SIGNING_CERT_PEM ? publicKeyOf(env.INSTALLMENTS_SERVICE_SIGNING_CERT_PEM.replace(/\\n/g, '\n')) : undefined,
    issuerEndpoint: env.INSTALLMENTS_ISSUER_ENDPOINT_URL && ica
      ? { baseURL: env.INSTALLMENTS_ISSUER_ENDPOINT_URL, issuerIca: ica, issuerCid: env.INSTALLMENTS_ISSUER_CID ?? '' }
      : undefined,
  };
}
