// `npm run make-jwe -- [--keys-url <url>] [--pan <digits>] [--month MM] [--year YYYY] [--cvc <code>] [--request]`
// Encrypts a Card into the compact JWE that POST /cards takes as encryptedCard (RSA-OAEP-256 /
// A128GCM, kid from the JWK set). With --request it prints a whole request body for the running
// standalone mock (`npm run mock`), built from .mock/credentials.json.
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { encryptJson, keyFromJwks } from '../helpers/auth/jwe.js';
import { parseArgs, runMain, UsageError, type CommandMain } from '../tools/cli.js';

const USAGE = 'npm run make-jwe -- [--keys-url <url>] [--pan <digits>] [--month MM] [--year YYYY] [--cvc <code>] [--request]';

export const main: CommandMain = async (argv, io) => {
  const args = parseArgs(argv, { 'keys-url': 'value', pan: 'value', month: 'value', year: 'value', cvc: 'value', request: 'flag' }, USAGE);
  const keysURL = (args['keys-url'] as string | undefined) ?? 'http://127.0.0.1:4010/keys';
  let jwks: unknown;
  try {
    jwks = await (await fetch(keysURL, { signal: AbortSignal.timeout(5000) })).json();
  } catch {
    throw new UsageError(`cannot read a JWK set at ${keysURL} (start the mock with \`npm run mock\` or pass --keys-url)`);
  }
  const card = {
    primaryAccountNumber: (args.pan as string | undefined) ?? '5204731600014792',
    panExpirationMonth: (args.month as string | undefined) ?? '09',
    panExpirationYear: (args.year as string | undefined) ?? '2031',
    cardSecurityCode: (args.cvc as string | undefined) ?? '123',
  };
  const jwe = await encryptJson(card, await keyFromJwks(jwks as { keys: [] }));
  if (!args.request) {
    io.out(jwe);
    return 0;
  }
  if (!fs.existsSync('.mock/credentials.json')) throw new UsageError('.mock/credentials.json not found: start `npm run mock` first');
  const world = JSON.parse(fs.readFileSync('.mock/credentials.json', 'utf8'))['card-enrollment'];
  const client = world?.clients?.[0];
  if (!client) throw new UsageError('no card-enrollment client in .mock/credentials.json');
  io.out(
    JSON.stringify(
      {
        srcClientId: client.srcClientIds[0],
        srcCorrelationId: randomUUID(),
        serviceId: client.serviceIds[0],
        consumer: {
          consumerIdentity: { identityType: 'EMAIL_ADDRESS', identityValue: 'jane.doe@example.com' },
          mobileNumber: { countryCode: '1', phoneNumber: '5550100' },
          countryCode: 'US',
          languageCode: 'en',
          firstName: 'Jane',
          lastName: 'Doe',
        },
        complianceSettings: {
          privacy: { latestVersionUri: 'https://src.example.test/privacy/v3' },
          tnc: { latestVersionUri: 'https://src.example.test/terms/v7' },
        },
        cardSource: 'CARDHOLDER',
        encryptedCard: jwe,
      },
      null,
      2,
    ),
  );
  return 0;
};

runMain(import.meta.url, main);
