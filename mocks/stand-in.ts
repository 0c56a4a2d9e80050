// The sandbox stand-in: an embedded mock run as the provider's test environment would be (TARGET=sandbox, env() in the process
// environment). Unlike the plain mock: no control surface (every /__mock/ route answers the service's 404); an optional per-IP rate
// limit (token bucket, 429 with Retry-After); the virtual clock follows real time; financial data takes the provider's header names,
// the Test the APIs page limits (the contract's x-limits), and accounts only through the Connect pages (https on its own port).
import { createHash } from 'node:crypto';
import net from 'node:net';
import { CARD_FAULTS, startCardEnrollmentMock } from './card-enrollment/index.js';
import { EXPERIENCE_APP_NAME } from './financial-data/connect.records.js';
import { FD_FAULTS, startFinancialDataMock } from './financial-data/index.js';
import { findAccount, TEST_APPLICATION_ID, type FdState } from './financial-data/state.js';
import { INSTALLMENTS_FAULTS, startInstallmentsMock } from './installments/index.js';
import { faultsFor } from './kit/faults.js';
import { loadContract } from '../helpers/contract/contract.js';
import { limitOf } from '../helpers/contract/facts.js';

export type StandInService = 'card-enrollment' | 'installments' | 'financial-data';

export interface StandInOptions {
  port?: number;
  /** Fault ids read at run time (a command line): those of the service's catalogue are switched on. */
  faults?: readonly string[];
  /** requests per second per client IP before 429; 0 or undefined = no limit */
  requestsPerSecond?: number;
}

export interface StandInObject {
  kind: string;
  id: string;
  /** true when the provider API offers no operation to delete it */
  undeletable?: boolean;
}

export interface StandInHandle {
  service: StandInService;
  origin: string;
  baseURL: string;
  close(): Promise<void>;
  /** The .env variables a user copies from the provider's dashboard and documents, never data the suite creates; read live. */
  env(): Record<string, string>;
  /**
   * The user's own side, which this machine plays: the listener behind a public URL delivered to `port`; installments, the test
   * issuer endpoint; financial data, FD_CONNECT_IN_BROWSER and ALLOW_DESTRUCTIVE. Never in env(): none of it comes from the provider.
   */
  userSide(port: number): Record<string, string>;
  /** Objects created through the API since start and still present, read from the live state. */
  inventory(): StandInObject[];
  /** How many requests were answered 429 by the rate limit so far. */
  rateLimited(): number;
}

/** The public origin of a financial data user's listener on the stand-in (HTTPS on port 443, as FD_LISTENER_PUBLIC_URL must be). */
const STAND_IN_LISTENER_ORIGIN = 'https://listener.stand-in.test';

/** A well-formed acquirer ICA the installments stand-in knows nothing of (the mock's fixture uses it too). */
const UNKNOWN_ACQUIRER_ICA = '999999';

export async function startStandIn(service: StandInService, options: StandInOptions = {}): Promise<StandInHandle> {
  const rps = options.requestsPerSecond ?? 0;
  if (!Number.isFinite(rps) || rps < 0)
    throw new RangeError(`requestsPerSecond must be a non-negative number, not ${options.requestsPerSecond}`);
  const start = { port: options.port, standIn: { requestsPerSecond: rps } };
  const faults = options.faults ?? [];
  switch (service) {
    case 'card-enrollment': {
      const mock = await startCardEnrollmentMock({ ...start, faults: faultsFor(CARD_FAULTS, faults, 'card-enrollment') });
      const [mine, other] = mock.world.clients;
      const receipt = mock.world.receipts[0];
      const panBin = limitOf(await loadContract('card-enrollment'), 'panBinDigits');
      return {
        service,
        origin: mock.origin,
        baseURL: mock.baseURL,
        close: mock.close,
        env: () => ({
          CARD_BASE_URL: mock.baseURL,
          CARD_API_KEY: mine.apiKey,
          CARD_SRC_CLIENT_ID: mine.srcClientIds[0],
          CARD_SERVICE_ID: mine.serviceIds.join(','),
          // The card encryption key: the JWK set the service publishes (one complete alternative of the group).
          CARD_KEYS_URL: mock.keysURL,
          CARD_FOREIGN_SRC_CLIENT_ID: other.srcClientIds[0],
          CARD_FOREIGN_SERVICE_ID: other.serviceIds[0],
          CARD_RECEIPT_ID: receipt.enrolmentReferenceId,
          CARD_RECEIPT_PAN_BIN: receipt.primaryAccountNumber.slice(0, panBin),
          CARD_RECEIPT_PAN_LAST_FOUR: receipt.primaryAccountNumber.slice(-4),
        }),
        // Card enrollment calls nobody back.
        userSide: () => ({}),
        // Enrolling a card keeps nothing the caller could later find or delete (cards.ts answers and forgets).
        inventory: () => [],
        rateLimited: () => mock.context.rateLimited ?? 0,
      };
    }
    case 'installments': {
      const mock = await startInstallmentsMock({ ...start, faults: faultsFor(INSTALLMENTS_FAULTS, faults, 'installments') });
      const { world } = mock;
      const [mine, forbidden] = world.keys;
      const issuer = world.issuers[0];
      const initialLists = new Set(world.panLists.keys());
      return {
        service,
        origin: mock.origin,
        baseURL: mock.baseURL,
        close: mock.close,
        env: () => ({
          INSTALLMENTS_BASE_URL: mock.baseURL,
          INSTALLMENTS_CONSUMER_KEY: mine.consumerKey,
          INSTALLMENTS_SIGNING_KEY_PEM: mine.privateKeyPem,
          INSTALLMENTS_KEYS_URL: mock.keysURL,
          INSTALLMENTS_FORBIDDEN_CONSUMER_KEY: forbidden.consumerKey,
          INSTALLMENTS_FORBIDDEN_SIGNING_KEY_PEM: forbidden.privateKeyPem,
          // Inside the issuer's account range, which the pre-registered certification PAN list covers.
          INSTALLMENTS_ELIGIBLE_PAN: `${issuer.accountRange.accountRangeLow.slice(0, 6)}1600014792`,
          // Every range but the issuer's (state.ts): a stand-in keeps every list of the run, so a check needing a free range takes its own.
          INSTALLMENTS_ACCOUNT_RANGES: world.accountRanges
            .filter(
              (r) =>
                r.accountRangeLow !== issuer.accountRange.accountRangeLow || r.accountRangeHigh !== issuer.accountRange.accountRangeHigh,
            )
            .map((r) => `${r.accountRangeLow}-${r.accountRangeHigh}`)
            .join(','),
          INSTALLMENTS_KNOWN_ACQUIRER_ICA: world.acquirerIcas[0],
          INSTALLMENTS_UNKNOWN_ACQUIRER_ICA: UNKNOWN_ACQUIRER_ICA,
          // The public key the service signs its notifications with, as the provider publishes it.
          INSTALLMENTS_SERVICE_SIGNING_CERT_PEM: world.serviceKey.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
        }),
        userSide: (port) => {
          // The issuer's notifications reach the suite's receiver; the issuer checks certify the stand-in's test issuer.
          mock.context.deliveries.route(new URL(issuer.notificationUrl).origin, `http://127.0.0.1:${port}`);
          return {
            INSTALLMENTS_RECEIVER_PUBLIC_URL: issuer.notificationUrl,
            INSTALLMENTS_RECEIVER_PORT: String(port),
            INSTALLMENTS_ISSUER_ENDPOINT_URL: mock.issuerBaseURL,
            INSTALLMENTS_ISSUER_ICA: issuer.issuerIca,
            INSTALLMENTS_ISSUER_CID: issuer.issuerCid,
          };
        },
        inventory: () => {
          const out: StandInObject[] = [];
          for (const list of world.panLists.values()) {
            // No operation deletes a PAN list; its PANs are deregistered one by one (deregisterPans).
            if (!initialLists.has(list.panListId)) out.push({ kind: 'pan-list', id: list.panListId, undeletable: true });
            // Never the PAN itself: the list, the last four digits and a digest tell them apart.
            for (const pan of list.pans)
              out.push({
                kind: 'registered-pan',
                id: `${list.panListId}:${pan.slice(-4)}:${createHash('sha256').update(pan).digest('hex').slice(0, 12)}`,
              });
          }
          for (const requestId of new Set(world.participations.map((p) => p.requestId)))
            out.push({ kind: 'merchant-participation', id: requestId, undeletable: true });
          for (const id of world.offerTransactions.keys()) out.push({ kind: 'offer-transaction', id, undeletable: true });
          for (const id of world.plans.keys()) out.push({ kind: 'plan', id, undeletable: true });
          return out;
        },
        rateLimited: () => mock.context.rateLimited ?? 0,
      };
    }
    case 'financial-data': {
      const mock = await startFinancialDataMock({ ...start, faults: faultsFor(FD_FAULTS, faults, 'financial-data') });
      const { world } = mock;
      const [partner, spare] = world.partners.values();
      const branded = world.institutions.find((i) => i.branding)!;
      const unbranded = world.institutions.find((i) => !i.branding);
      const disputed = [...world.customers.values()].find((c) => c.disputed);
      const location = world.locations[0];
      const initial = snapshot(world);
      return {
        service,
        origin: mock.origin,
        baseURL: mock.baseURL,
        close: mock.close,
        env: () => ({
          FD_BASE_URL: mock.baseURL,
          FD_HEADER_NAMES: 'provider',
          FD_APP_KEY: world.appKeys[0],
          FD_PARTNER_ID: partner.id,
          FD_PARTNER_SECRET: partner.secret,
          FD_SPARE_PARTNER_ID: spare.id,
          FD_SPARE_PARTNER_SECRET: spare.secret,
          FD_INSTITUTION_ID: branded.id,
          ...(unbranded ? { FD_UNBRANDED_INSTITUTION_ID: unbranded.id } : {}),
          FD_ROUTING_NUMBER: branded.routingNumbers[0],
          FD_LOCATION_ID_TYPE: location.idType,
          FD_LOCATION_ID_VALUE: location.idValue,
          FD_SBCA_LOCATION_ID: location.locationId,
          FD_EXPERIENCE_APP_NAME: EXPERIENCE_APP_NAME,
          // The partner's approved test application, as the dashboard lists it (approval is the provider's, a day after registration).
          FD_APPLICATION_ID: TEST_APPLICATION_ID,
          ...(disputed && world.customers.has(disputed.id) ? { FD_DISPUTED_CUSTOMER_ID: disputed.id } : {}),
        }),
        userSide: (port) => {
          mock.context.deliveries.route(STAND_IN_LISTENER_ORIGIN, `http://127.0.0.1:${port}`);
          return {
            FD_LISTENER_PUBLIC_URL: STAND_IN_LISTENER_ORIGIN,
            FD_LISTENER_PORT: String(port),
            // The stand-in's Connect page is made to be completed by a browser the suite drives.
            FD_CONNECT_IN_BROWSER: 'true',
            // Our own stand-in may lock its spare partner and change its secret (a user's sandbox only with ALLOW_DESTRUCTIVE=true).
            ALLOW_DESTRUCTIVE: 'true',
          };
        },
        inventory: () => fdInventory(world, initial),
        rateLimited: () => mock.context.rateLimited ?? 0,
      };
    }
    default:
      throw new Error(`unknown service '${service as string}' (known: card-enrollment, installments, financial-data)`);
  }
}

/** What the financial data state holds at start (seeded customers, sample consumer and report, test app): not created through the API. */
function snapshot(world: FdState) {
  return {
    customers: new Set(world.customers.keys()),
    consumers: new Set(world.consumers.keys()),
    businesses: new Set(world.businesses.keys()),
    apps: new Set(world.appRegistrations.apps.keys()),
    reports: new Set(world.reports.reports.keys()),
  };
}

/** What a run created and left in the financial data state (mocks/financial-data/state.ts), read-only. */
function fdInventory(world: FdState, initial: ReturnType<typeof snapshot>): StandInObject[] {
  const out: StandInObject[] = [];
  for (const id of world.customers.keys()) if (!initial.customers.has(id)) out.push({ kind: 'customer', id });
  for (const s of world.webhooks.subscriptions.values()) if (!s.deleted) out.push({ kind: 'webhook-subscription', id: s.subscriptionId });
  // A subscription of an account gone (deleted, or its customer deleted) went with it; one a fault disabled but kept is gone too.
  for (const s of world.txpush.subscriptions.values()) {
    if (!world.faultMemory.disabledSubscriptions.has(s.id) && findAccount(world, s.customerId, s.accountId))
      out.push({ kind: 'txpush-subscription', id: String(s.id) });
  }
  for (const k of world.accessKeys.keys.values()) if (!k.revoked) out.push({ kind: 'third-party-access-key', id: k.receiptId });
  for (const c of world.connectComponents.configurations.values()) if (!c.deleted) out.push({ kind: 'connect-configuration', id: c.id });
  // The provider API deletes none of these.
  for (const id of world.consumers.keys()) if (!initial.consumers.has(id)) out.push({ kind: 'consumer', id, undeletable: true });
  for (const id of world.businesses.keys()) if (!initial.businesses.has(id)) out.push({ kind: 'business', id, undeletable: true });
  for (const id of world.appRegistrations.apps.keys())
    if (!initial.apps.has(id)) out.push({ kind: 'app-registration', id: String(id), undeletable: true });
  for (const id of world.reports.reports.keys()) if (!initial.reports.has(id)) out.push({ kind: 'report', id, undeletable: true });
  // Stored pay statements are the assets with a label (statement PDFs have none).
  for (const [id, a] of world.statements.assets) if (a.label !== undefined) out.push({ kind: 'pay-statement', id, undeletable: true });
  return out;
}

/** The variables as .env lines dotenv reads back to the same values (double-quoted, \n and \r escaped); a `"` or `\` is refused. */
export function toDotenv(env: Record<string, string>): string {
  return (
    Object.entries(env)
      .map(([name, value]) => {
        if (/["\\]/.test(value)) throw new Error(`${name}: a value with a double quote or a backslash cannot be written for dotenv`);
        return `${name}="${value.replace(/\n/g, '\\n').replace(/\r/g, '\\r')}"`;
      })
      .join('\n') + '\n'
  );
}

/** A local port free now, for the user side's listener (userSide): the system's choice, released at once. */
export function freeLocalPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '0.0.0.0', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
