// A clean-room server (clean-room/<folder>/server.mjs: written from the documents only, by someone
// who never read this suite) started as a sandbox: its one JSON line read, its data sheet (what a
// provider's developer portal tells a partner) mapped onto the suite's .env variables, as a user
// would copy them. Played through the same handle as the stand-ins (mocks/stand-in.ts), so that
// `npm run certify:clean-room` is `certify:stand-in` with another target.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freeLocalPort, type StandInHandle, type StandInService } from '../../mocks/stand-in.js';

type Sheet = Record<string, any>;
interface Announced {
  url: string;
  sheet: Sheet;
  /** The operations a server serves, where it serves a slice of its service. */
  operations?: string[];
}

/** Each service's sheet as the .env variables of its section (.env.example). */
const TO_ENV: Record<StandInService, (s: Sheet, a: Announced) => Record<string, string | undefined>> = {
  'card-enrollment': (s) => ({
    CARD_BASE_URL: s.baseUrl,
    CARD_API_KEY: s.apiKey,
    CARD_SRC_CLIENT_ID: s.srcClientId,
    CARD_SERVICE_ID: (s.serviceIds ?? []).join(','),
    CARD_FOREIGN_SRC_CLIENT_ID: s.foreignSrcClientId,
    CARD_FOREIGN_SERVICE_ID: s.foreignServiceId,
    CARD_KEYS_URL: s.keysUrl,
    CARD_RECEIPT_ID: s.receipts?.[0]?.enrolmentReferenceId,
    CARD_RECEIPT_PAN_BIN: s.receipts?.[0]?.panBin,
    CARD_RECEIPT_PAN_LAST_FOUR: s.receipts?.[0]?.panLastFour,
  }),
  installments: (s) => ({
    INSTALLMENTS_BASE_URL: s.baseUrl,
    INSTALLMENTS_CONSUMER_KEY: s.consumerKey,
    INSTALLMENTS_SIGNING_KEY_PEM: s.signingPrivateKeyPem,
    INSTALLMENTS_FORBIDDEN_CONSUMER_KEY: s.forbiddenConsumerKey,
    INSTALLMENTS_FORBIDDEN_SIGNING_KEY_PEM: s.forbiddenSigningPrivateKeyPem,
    INSTALLMENTS_KEYS_URL: s.keysUrl,
    INSTALLMENTS_ELIGIBLE_PAN: s.testData?.eligibleCardNumbers?.[0],
    INSTALLMENTS_ACCOUNT_RANGES: s.testData?.accountRanges
      ?.map((r: { accountRangeLow: string; accountRangeHigh: string }) => `${r.accountRangeLow}-${r.accountRangeHigh}`)
      .join(','),
    INSTALLMENTS_KNOWN_ACQUIRER_ICA: s.testData?.acquirerICAs?.known?.[0],
    INSTALLMENTS_OTHER_KNOWN_ACQUIRER_ICAS: s.testData?.acquirerICAs?.known?.slice(1).join(','),
    INSTALLMENTS_UNKNOWN_ACQUIRER_ICA: s.testData?.acquirerICAs?.unknown?.[0],
    INSTALLMENTS_USE_CASES: s.productConfiguration?.useCases?.join(','),
    INSTALLMENTS_DISTRIBUTION_PARTNER:
      typeof s.productConfiguration?.distributionPartner === 'boolean' ? String(s.productConfiguration.distributionPartner) : undefined,
  }),
  'financial-data': (s, a) => ({
    FD_BASE_URL: new URL(a.url).origin,
    FD_APP_KEY_HEADER: s.securityHeaders?.appKey,
    FD_APP_TOKEN_HEADER: s.securityHeaders?.appToken,
    FD_APP_KEY: s.appKey,
    FD_PARTNER_ID: s.partnerId,
    FD_PARTNER_SECRET: s.partnerSecret,
    FD_SPARE_PARTNER_ID: s.sparePartnerId,
    FD_SPARE_PARTNER_SECRET: s.sparePartnerSecret,
    FD_INSTITUTION_ID: s.institutions?.[0]?.institutionId,
    // A product without the routing lookup (SANDBOX_OPERATIONS) runs without one (helpers/config/env-schema.ts `for`).
    FD_ROUTING_NUMBER: s.routingNumber,
    FD_LINKED_CUSTOMER_ID: s.testData?.linkedCustomer?.customerId,
  }),
};

/** One clean-room server: the folder it is in and the service it is certified as. */
export interface CleanRoomServer {
  service: StandInService;
  folder: string;
}

/**
 * The clean-room servers as sets, each certified in a run of its own (clean-room/README.md): every folder
 * named `<service>` or `<service>-<anything>` holds a server of that service; set 1 is the first folder
 * of each service (by name, `<service>` before `<service>-2`), set 2 the second, and so on. A run
 * certifies one server per service, since two servers of one service cannot share a run's settings.
 */
export function cleanRoomSets(services: readonly StandInService[], root = path.resolve('clean-room')): CleanRoomServer[][] {
  const folders = fs
    .readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(root, d.name, 'server.mjs')))
    .map((d) => d.name);
  const byService = services.map((service) =>
    folders
      .filter((f) => f === service || f.startsWith(`${service}-`))
      .sort((a, b) => a.length - b.length || a.localeCompare(b, 'en', { numeric: true }))
      .map((folder) => ({ service, folder })),
  );
  const count = Math.max(0, ...byService.map((s) => s.length));
  return Array.from({ length: count }, (_, i) => byService.flatMap((s) => s[i] ?? []));
}

/** Starts clean-room/<folder>/server.mjs on a free port and reads its announcement (one JSON line on stdout). */
export async function startCleanRoom({ service, folder }: CleanRoomServer): Promise<StandInHandle> {
  const server = path.resolve('clean-room', folder, 'server.mjs');
  // The installments issuer the service notifies is the user's side: this machine's receiver, on a port chosen first.
  const receiver = service === 'installments' ? await freeLocalPort() : undefined;
  const child = spawn(process.execPath, [server, '--port', '0', ...(receiver ? ['--issuer-url', `http://127.0.0.1:${receiver}`] : [])], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const announced = await new Promise<Announced>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`${server} did not announce itself within 20 s`)), 20_000);
    child.once('exit', (code) => reject(new Error(`${server} exited ${code} before announcing itself`)));
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      text += chunk;
      const line = text.split('\n')[0];
      if (!text.includes('\n')) return;
      clearTimeout(timer);
      try {
        resolve(JSON.parse(line) as Announced);
      } catch {
        reject(new Error(`${server} announced something other than one JSON line`));
      }
    });
  });
  // A sheet's number (an institution id the provider's document types as an integer) is written as a user copies it.
  const env = Object.fromEntries(
    Object.entries({
      ...TO_ENV[service](announced.sheet, announced),
      ...(announced.operations ? { SANDBOX_OPERATIONS: announced.operations.join(',') } : {}),
    })
      .map(([k, v]) => [k, typeof v === 'number' ? String(v) : v])
      .filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''),
  );
  const origin = new URL(announced.url).origin;
  return {
    service,
    origin,
    baseURL: env[Object.keys(env).find((k) => k.endsWith('_BASE_URL'))!] ?? origin,
    env: () => env,
    // The server is given the issuer's endpoint; seed 001 (POST /notifications to the endpoint the issuer
    // exposes) and provider 2.0.0 (notifyPlan, /notifications) put the notification at its /notifications.
    userSide: (): Record<string, string> =>
      receiver
        ? { INSTALLMENTS_RECEIVER_PUBLIC_URL: `http://127.0.0.1:${receiver}/notifications`, INSTALLMENTS_RECEIVER_PORT: String(receiver) }
        : {},
    // What a clean-room server keeps is its own business: the suite's ledger is the account of what was left.
    inventory: () => [],
    rateLimited: () => 0,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
