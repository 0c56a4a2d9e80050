// What the installments specs know of a target (the mock's handle, or .env): where it is, the signing credentials (an allowed
// key, optionally one without rights), the JWE key, an eligible card, the notified issuer, the issuer endpoint to certify.
import type { KeyObject } from 'node:crypto';
import { pooledKeyPair } from '../auth/key-pool.js';
import { requireEnv, suiteConfig } from '../config/config.js';
import { readValue, ValueError, type Env } from '../config/env-schema.js';
import { keyFromJwks, type EncryptionKey } from '../auth/jwe.js';
import { MockControl, mockTarget, sandboxTarget, type TargetBase } from './mock-control.js';
import { publicKeyOf, signingKeyPem, type SigningCredentials } from '../auth/oauth1.js';
import { configuredEncryptionKey } from './keys.js';
import { registerSecret } from '../secrets/redact.js';

export interface AccountRange {
  accountRangeLow: string;
  accountRangeHigh: string;
}

interface IssuerSide {
  issuerIca: string;
  issuerCid: string;
}

export interface InstallmentsTarget extends TargetBase {
  signer: SigningCredentials;
  /** A registered consumer key not allowed for any operation (403); absent when unknown. */
  forbidden?: SigningCredentials;
  encryptionKey: EncryptionKey;
  /** A card inside a registered account range with an issuer configured (offers, plans, notification). */
  eligiblePan?: string;
  /** An acquirer ICA the target knows (effectuation COMPLETED) and a well-formed one it does not (ERROR). */
  knownAcquirerIca?: string;
  unknownAcquirerIca?: string;
  /** Every acquirer ICA the target knows, knownAcquirerIca first (the mock's: one of 6, 9 and 11 digits, each read back). */
  knownAcquirerIcas: string[];
  /** The issuer the target notifies for eligiblePan, and the public URL it notifies. */
  issuer?: IssuerSide & { notificationUrl?: string };
  /** Ranges a check may register a PAN list with and make cards in (INSTALLMENTS_ACCOUNT_RANGES; the mock's, less the issuer's). */
  accountRanges: AccountRange[];
  /** The account range the issuer is configured for, where the suite knows it (the mock's world; a sandbox does not publish it). */
  issuerAccountRange?: { accountRangeLow: string; accountRangeHigh: string };
  /** Public key the service signs notifications with (checks the round-trip signature). */
  serviceSigningKey?: KeyObject;
  /** An issuer's notification endpoint to certify (base URL; the path is /notifications). */
  issuerEndpoint?: IssuerSide & { baseURL: string };
}

/** Fresh credentials nobody registered: a well-formed signature from an unknown consumer key. */
export function strangerCredentials(): SigningCredentials {
  strangerKey ??= pooledKeyPair('installments-stranger').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  return { consumerKey: `stranger-${crypto.randomUUID()}`, signingKey: strangerKey };
}
let strangerKey: string | undefined;

interface InstallmentsMockInfo {
  baseURL: string;
  origin: string;
  keysURL: string;
  issuerBaseURL: string;
  world: {
    keys: { consumerKey: string; privateKeyPem: string }[];
    acquirerIcas: string[];
    accountRanges: AccountRange[];
    issuers: {
      issuerIca: string;
      issuerCid: string;
      accountRange: { accountRangeLow: string; accountRangeHigh: string };
      notificationUrl: string;
    }[];
  };
}

export async function installmentsTargetFromMock(mock: InstallmentsMockInfo): Promise<InstallmentsTarget> {
  const [mine, other] = mock.world.keys.map((k) => ({ consumerKey: k.consumerKey, signingKey: k.privateKeyPem }));
  [mine, other].forEach((k) => registerSecret(k.consumerKey));
  const jwks = (await (await fetch(mock.keysURL)).json()) as { keys: { use?: string; [k: string]: unknown }[] };
  const issuer = mock.world.issuers[0];
  return {
    ...mockTarget(mock.baseURL, new MockControl(mock.origin)),
    signer: mine,
    forbidden: other,
    encryptionKey: await keyFromJwks(jwks),
    // Inside the issuer's account range, which the mock's certification PAN list registers.
    eligiblePan: `${issuer.accountRange.accountRangeLow.slice(0, 6)}1600014792`,
    accountRanges: mock.world.accountRanges.filter(
      (r) => r.accountRangeLow !== issuer.accountRange.accountRangeLow || r.accountRangeHigh !== issuer.accountRange.accountRangeHigh,
    ),
    knownAcquirerIca: mock.world.acquirerIcas[0],
    knownAcquirerIcas: [...mock.world.acquirerIcas],
    unknownAcquirerIca: '999999',
    issuer: { issuerIca: issuer.issuerIca, issuerCid: issuer.issuerCid, notificationUrl: issuer.notificationUrl },
    issuerAccountRange: { ...issuer.accountRange },
    serviceSigningKey: publicKeyOf(jwks.keys.find((k) => k.use === 'sig')!),
    issuerEndpoint: { baseURL: mock.issuerBaseURL, issuerIca: issuer.issuerIca, issuerCid: issuer.issuerCid },
  };
}

type SignerPrefix = 'INSTALLMENTS' | 'INSTALLMENTS_FORBIDDEN';

/** Which variable holds the signing key of a consumer key (a PEM, or a PKCS#12 keystore). */
export const signingKeyVariable = (prefix: SignerPrefix, env: Env): string =>
  env[`${prefix}_SIGNING_KEY_PEM`] || !env[`${prefix}_SIGNING_KEY_P12`] ? `${prefix}_SIGNING_KEY_PEM` : `${prefix}_SIGNING_KEY_P12`;

/** A consumer key and its signing key from .env, each read by its type; undefined when the consumer key is unset. */
export function signingCredentials(prefix: SignerPrefix, env: Env): SigningCredentials | undefined {
  const consumerKey = readValue<string>(`${prefix}_CONSUMER_KEY`, env);
  if (!consumerKey) return undefined;
  registerSecret(consumerKey);
  const variable = signingKeyVariable(prefix, env);
  const key = readValue<KeyObject>(variable, env);
  if (!key)
    throw new ValueError({
      variable,
      expected: `the signing key of ${prefix}_CONSUMER_KEY (${prefix}_SIGNING_KEY_PEM, or ${prefix}_SIGNING_KEY_P12 with its password)`,
      found: 'nothing',
    });
  return { consumerKey, signingKey: signingKeyPem(key) };
}

export async function installmentsTargetFromEnv(): Promise<InstallmentsTarget> {
  const { env } = suiteConfig();
  requireEnv('INSTALLMENTS_CONSUMER_KEY', env);
  const ica = readValue('INSTALLMENTS_ISSUER_ICA', env);
  const cid = readValue('INSTALLMENTS_ISSUER_CID', env) ?? '';
  const endpoint = readValue('INSTALLMENTS_ISSUER_ENDPOINT_URL', env);
  return {
    ...sandboxTarget('INSTALLMENTS_BASE_URL', env),
    signer: signingCredentials('INSTALLMENTS', env)!,
    forbidden: signingCredentials('INSTALLMENTS_FORBIDDEN', env),
    encryptionKey: (await configuredEncryptionKey('INSTALLMENTS', env)).key,
    eligiblePan: readValue('INSTALLMENTS_ELIGIBLE_PAN', env),
    accountRanges: readValue('INSTALLMENTS_ACCOUNT_RANGES', env) ?? [],
    knownAcquirerIca: readValue('INSTALLMENTS_KNOWN_ACQUIRER_ICA', env),
    knownAcquirerIcas: [
      readValue('INSTALLMENTS_KNOWN_ACQUIRER_ICA', env),
      ...(readValue('INSTALLMENTS_OTHER_KNOWN_ACQUIRER_ICAS', env) ?? []),
    ].filter((v) => v !== undefined),
    unknownAcquirerIca: readValue('INSTALLMENTS_UNKNOWN_ACQUIRER_ICA', env),
    issuer: ica ? { issuerIca: ica, issuerCid: cid } : undefined,
    serviceSigningKey: readValue('INSTALLMENTS_SERVICE_SIGNING_CERT_PEM', env),
    issuerEndpoint: endpoint && ica ? { baseURL: endpoint, issuerIca: ica, issuerCid: cid } : undefined,
  };
}

/** The use cases of the partner's carded product (INSTALLMENTS_USE_CASES, read by its type): DURING_PURCHASE when unset. */
export const configuredUseCases = (env: Env): string[] => readValue('INSTALLMENTS_USE_CASES', env) ?? ['DURING_PURCHASE'];

/** Whether the partner is classified as a distribution partner (INSTALLMENTS_DISTRIBUTION_PARTNER): false when unset. */
export const configuredDistributionPartner = (env: Env): boolean => readValue('INSTALLMENTS_DISTRIBUTION_PARTNER', env) === 'true';

/** An offer of an offers answer, as a plan selects it. */
export interface OfferLike {
  offerId: string;
  tenure: number;
  frequency: string;
  provider: { providerId?: string };
  [member: string]: unknown;
}

/** What the offers call a plan selects from presented: the transaction it sent and the offers it answered. */
export interface Presented {
  transaction?: Record<string, unknown>;
  merchant?: Record<string, unknown>;
  offers?: { offerId: string }[];
}

const pick = (from: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(keys.filter((k) => from[k] !== undefined).map((k) => [k, from[k]]));

/**
 * The selection of `offer` as the provider takes it (the card is the caller's): the offers call's values unchanged (provider
 * 2.0.0, POST /plans: "without any changes"), what Mastercard Installments Payment Services makes mandatory (OfferIdField,
 * PlanInstallmentInformation with feeValue, SchedulePayment), and `transactionOffers` where `offersPresented` (During Purchase,
 * TransactionOffers; a distribution partner, InvalidPresentedOffersDSP); the merchant's name encrypted with the card (POST
 * /plans). Shared by the checks and `npm run doctor` (helpers/target/sandbox/holdings.ts).
 */
export function planSelection(
  offerTransactionId: string,
  offer: OfferLike,
  offersPresented: boolean,
  presented: Presented & { transaction: Record<string, unknown> },
): Record<string, any> {
  const schedule = Array.isArray(offer.schedulePayments) ? (offer.schedulePayments as Record<string, unknown>[]) : undefined;
  const { name: _name, ...merchant } = presented.merchant ?? {};
  return {
    providerId: offer.provider.providerId,
    offerTransactionId,
    offerId: offer.offerId,
    ...(offersPresented ? { transactionOffers: (presented.offers ?? [offer]).map((o) => ({ offerId: o.offerId })) } : {}),
    ...(Object.keys(merchant).length ? { merchant } : {}),
    // No localDateTime: provider 2.0.0 states two forms of it for a plan (conflicts.yaml
    // IN-DEVIATION-PLAN-LOCAL-DATETIME-FORM), and a plan without one is taken on either reading.
    transaction: { ...pick(presented.transaction, ['amount', 'currency']), amountType: 'PURCHASE' },
    planInstallmentInformation: pick(offer, [
      'frequency',
      'tenure',
      'apr',
      'feeValue',
      'firstInstallmentAmount',
      'otherInstallmentAmount',
      'totalAmount',
    ]),
    ...(schedule ? { schedulePayments: schedule.map((s) => pick(s, ['installmentAmount', 'dueDate', 'installmentNumber'])) } : {}),
  };
}
