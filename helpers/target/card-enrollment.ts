// What the card enrollment specs need to know about a target: where it is, a registered client,
// and the encryption key. For mocks it comes from the mock's fixture; for a sandbox from .env.
import { requireEnv, suiteConfig } from '../config/config.js';
import { readValue } from '../config/env-schema.js';
import { keyFromJwks, type EncryptionKey } from '../auth/jwe.js';
import { configuredEncryptionKey } from './keys.js';
import { MockControl, mockTarget, sandboxTarget, type TargetBase } from './mock-control.js';
import { loadContract } from '../contract/contract.js';
import { limitOf } from '../contract/facts.js';
import { registerSecret } from '../secrets/redact.js';

export interface CardTarget extends TargetBase {
  apiKey: string;
  srcClientId: string;
  /** Every srcClientId registered to the key (reference, the mock's world: API key -> srcClientIds), the first being srcClientId. */
  srcClientIds: string[];
  serviceId: string;
  serviceIds: string[];
  /** A srcClientId registered to another client (403, reference A2); absent when unknown. */
  foreignSrcClientId?: string;
  /** A serviceId registered to another client only (reference, the mock's world: allowed serviceIds per client); absent when unknown. */
  foreignServiceId?: string;
  /**
   * The ids of other clients by request member, which the caller must not name as its own (reference A2: the mock's world's;
   * a sandbox's CARD_FOREIGN_SRC_CLIENT_ID and CARD_FOREIGN_SERVICE_ID).
   */
  foreignIds: Record<string, string[]>;
  /** That other client as it calls (reference A2: API key -> srcClientIds -> serviceIds), the origin judged per caller; mock only. */
  otherClient?: { apiKey: string; srcClientId: string; serviceId: string };
  /** A push-account receipt the target knows, with its PAN digits (A5); the whole PAN on the mock, so no answer may carry it. */
  receipt?: KnownReceipt;
  /** Every receipt the target knows (the mock: two accounts), `receipt` first: checked on each, so another receipt's answer shows. */
  receipts: KnownReceipt[];
  encryptionKey: EncryptionKey;
  /** The published key as a client fetches it now (the mock's GET /keys; a sandbox's configured key, its keys URL fetched again). */
  publishedKey: () => Promise<EncryptionKey>;
}

/** A push-account receipt the target knows and the PAN digits of the account it stands for (A5). */
interface KnownReceipt {
  id: string;
  panBin?: string;
  panLastFour?: string;
  primaryAccountNumber?: string;
}

interface CardMockWorld {
  clients: { apiKey: string; srcClientIds: string[]; serviceIds: string[] }[];
  receipts: { enrolmentReferenceId: string; primaryAccountNumber: string }[];
}

export async function cardTargetFromMock(mock: {
  baseURL: string;
  origin: string;
  keysURL: string;
  world: CardMockWorld;
}): Promise<CardTarget> {
  const [mine, other] = mock.world.clients;
  mock.world.clients.forEach((c) => registerSecret(c.apiKey));
  const jwks = await (await fetch(mock.keysURL)).json();
  const binLength = limitOf(await loadContract('card-enrollment'), 'panBinDigits');
  const receipts: KnownReceipt[] = mock.world.receipts.map((r) => ({
    id: r.enrolmentReferenceId,
    panBin: r.primaryAccountNumber.slice(0, binLength),
    panLastFour: r.primaryAccountNumber.slice(-4),
    primaryAccountNumber: r.primaryAccountNumber,
  }));
  // The mock always holds a second client (reference A2): without its srcClientId the origin check
  // would skip, as on a sandbox lacking the data, and a mock that lost it would pass unseen.
  const foreignSrcClientId = other?.srcClientIds[0];
  if (!foreignSrcClientId)
    throw new Error("the card enrollment mock's world has no srcClientId of a second client (the origin check needs one)");
  return {
    ...mockTarget(mock.baseURL, new MockControl(mock.origin)),
    apiKey: mine.apiKey,
    srcClientId: mine.srcClientIds[0],
    srcClientIds: mine.srcClientIds,
    serviceId: mine.serviceIds[0],
    serviceIds: mine.serviceIds,
    foreignSrcClientId,
    foreignServiceId: other.serviceIds.find((s) => !mine.serviceIds.includes(s)),
    foreignIds: {
      srcClientId: mock.world.clients.slice(1).flatMap((c) => c.srcClientIds.filter((id) => !mine.srcClientIds.includes(id))),
      serviceId: mock.world.clients.slice(1).flatMap((c) => c.serviceIds.filter((id) => !mine.serviceIds.includes(id))),
    },
    otherClient: { apiKey: other.apiKey, srcClientId: foreignSrcClientId, serviceId: other.serviceIds[0] },
    receipt: receipts[0],
    receipts,
    encryptionKey: await keyFromJwks(jwks),
    publishedKey: async () => keyFromJwks(await (await fetch(mock.keysURL)).json()),
  };
}

export async function cardTargetFromEnv(): Promise<CardTarget> {
  const { env } = suiteConfig();
  const apiKey = requireEnv('CARD_API_KEY', env);
  registerSecret(apiKey);
  const serviceIds = requireEnv('CARD_SERVICE_ID', env);
  const receiptId = readValue('CARD_RECEIPT_ID', env);
  const receipt = receiptId
    ? {
        id: receiptId,
        panBin: readValue('CARD_RECEIPT_PAN_BIN', env),
        panLastFour: readValue('CARD_RECEIPT_PAN_LAST_FOUR', env),
      }
    : undefined;
  return {
    ...sandboxTarget('CARD_BASE_URL', env),
    apiKey,
    srcClientId: requireEnv('CARD_SRC_CLIENT_ID', env),
    srcClientIds: [requireEnv('CARD_SRC_CLIENT_ID', env)],
    serviceId: serviceIds[0],
    serviceIds,
    foreignSrcClientId: readValue('CARD_FOREIGN_SRC_CLIENT_ID', env),
    foreignServiceId: readValue('CARD_FOREIGN_SERVICE_ID', env),
    foreignIds: {
      srcClientId: [readValue('CARD_FOREIGN_SRC_CLIENT_ID', env)].filter((id): id is string => !!id),
      serviceId: [readValue('CARD_FOREIGN_SERVICE_ID', env)].filter((id): id is string => !!id),
    },
    receipt,
    receipts: receipt ? [receipt] : [],
    encryptionKey: (await configuredEncryptionKey('CARD', env)).key,
    publishedKey: async () => (await configuredEncryptionKey('CARD', env)).key,
  };
}
