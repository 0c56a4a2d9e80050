// Covers: every configuration mistake is one line, named by its variable, before any check runs
// (helpers/config/config.ts configurationMistakes, env-file.ts, env-schema.ts), as `npm run doctor --
// --offline` prints it for a .env written with that mistake. docs/configuration.md ("Configuration
// mistakes") holds these rows, and the ones only a target can tell. One row per mistake; no stack, no secret.
import { pooledKeyPair } from '../../helpers/auth/key-pool.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'dotenv';
import forge from 'node-forge';
import { expect, test } from '../../fixtures/self.js';
import { runInProcess } from './commands.known.js';

interface Row {
  mistake: string;
  /** The .env as the user wrote it (KEYSTORE stands for a PKCS#12 keystore's path, PEM for an RSA key's PEM, its line breaks real). */
  file: string;
  /** Variables set in the environment the command runs in, besides the file's. */
  environment?: Record<string, string>;
  /** Lines the doctor prints, each whole. */
  says: string[];
  /** What it must not print (a form asked for while the other is set). */
  never?: RegExp;
  code: 0 | 1 | 2;
}

const FD =
  'TARGET=sandbox\nFD_BASE_URL=https://fd.example.test\nFD_APP_KEY=app-key-1\nFD_PARTNER_ID=p1\nFD_PARTNER_SECRET=s3cret-9\nFD_INSTITUTION_ID=101732\nFD_ROUTING_NUMBER=021000021\n';
const INST =
  'TARGET=sandbox\nINSTALLMENTS_BASE_URL=https://inst.example.test/installments\nINSTALLMENTS_CONSUMER_KEY=ck-1\nINSTALLMENTS_KEYS_URL=https://inst.example.test/keys\n';
/** Installments with its signing key in a keystore (the forms' rows). */
const INST_P12 = `${INST}INSTALLMENTS_SIGNING_KEY_P12=KEYSTORE\nINSTALLMENTS_SIGNING_KEY_PASSWORD=pw-1\n`;
const file = (name: string) => `.env line ${name}`;

/** A row without environment: the mistake, the .env, the exit code, the lines doctor prints, what it must not print where told. */
const row = (mistake: string, file: string, code: Row['code'], says: string[], never?: RegExp) => ({ mistake, file, code, says, never });
/** What a .env a user reads back right prints none of. */
const NO_PROBLEM = /configuration (error|note)/;

const ROWS: Row[] = [
  row('a misspelt service base URL', 'TARGET=sandbox\nINSTALMENTS_BASE_URL=https://inst.example.test/installments\n', 2, [
    `configuration error: INSTALMENTS_BASE_URL: expected a setting of the suite (.env.example lists them), found an unknown name (${file('2')}): did you mean INSTALLMENTS_BASE_URL?`,
  ]),
  row(
    'a name without its underscore',
    `${FD}FD_BASEURL=https://fd.example.test\n`.replace('FD_BASE_URL=https://fd.example.test\n', ''),
    2,
    [
      `configuration error: FD_BASEURL: expected a setting of the suite (.env.example lists them), found an unknown name (${file('7')}): did you mean FD_BASE_URL?`,
    ],
  ),
  row('a name in lower case', 'target=sandbox\n', 2, [
    `configuration error: target: expected a setting of the suite (.env.example lists them), found an unknown name (${file('1')}): did you mean TARGET?`,
  ]),
  {
    ...row('a misspelt name set in the environment', 'TARGET=mock\n', 2, [
      'configuration error: FC_NUM_RUN: expected a setting of the suite (.env.example lists them), found an unknown name set in the environment: did you mean FC_NUM_RUNS?',
    ]),
    environment: { FC_NUM_RUN: '5' },
  },
  row('a name nothing reads', 'TARGET=mock\nMY_NOTES=keep\n', 0, [
    `configuration note: MY_NOTES: expected a setting of the suite (.env.example lists them), found an unknown name (${file('2')}), which nothing reads`,
  ]),
  row('a secret with a # in it, unquoted', FD.replace('FD_PARTNER_SECRET=s3cret-9', 'FD_PARTNER_SECRET=s3cret#9'), 2, [
    `configuration error: FD_PARTNER_SECRET: expected the value as written, found a value the .env parser cut at its # (${file('5')}: an unquoted # starts a comment; 6 of 8 characters read): write it inside double quotes: FD_PARTNER_SECRET="..."`,
  ]),
  row('a value with a # in it, unquoted', 'TARGET=mock\nCARD_SERVICE_ID=wallet#program_2\n', 2, [
    `configuration error: CARD_SERVICE_ID: expected the value as written, found a value the .env parser cut at its # (${file('2')}: an unquoted # starts a comment; 6 of 16 characters read): write it inside double quotes: CARD_SERVICE_ID="wallet#program_2"`,
  ]),
  row('a value starting with #', 'TARGET=mock\nINSTALLMENTS_SIGNING_KEY_PASSWORD=#pass\n', 2, [
    `configuration error: INSTALLMENTS_SIGNING_KEY_PASSWORD: expected the value as written, found a value the .env parser cut at its # (${file('2')}: an unquoted # starts a comment; 0 of 5 characters read): write it inside double quotes: INSTALLMENTS_SIGNING_KEY_PASSWORD="..."`,
  ]),
  row('a comment after a value (a space before the #)', 'TARGET=mock # the embedded mocks\n', 0, [], NO_PROBLEM),
  row(
    'none: a key written over several lines inside its quotes',
    'TARGET=mock\nINSTALLMENTS_SIGNING_KEY_PEM="PEM"\nFC_NUM_RUNS=5\n',
    0,
    [],
    NO_PROBLEM,
  ),
  row('a space inside the quotes', 'TARGET=mock\nCARD_API_KEY="api-key-1 "\n', 2, [
    `configuration error: CARD_API_KEY: expected a value without spaces around it, found spaces inside the quotes (${file('2')}), which the .env parser keeps: remove them inside the quotes`,
  ]),
  row('text after the closing quote', 'TARGET="sandbox" x\n', 2, [
    `configuration error: TARGET: expected a value inside one pair of quotes, found text after the closing quote (${file('1')}): the .env parser kept the quotes in the value: put the whole value inside the quotes`,
  ]),
  row('spaces after an unquoted value', 'TARGET=mock\nFC_NUM_RUNS=5  \n', 0, [
    `configuration note: FC_NUM_RUNS: expected the value as written, found spaces after the value (${file('2')}), which the .env parser drops: if they belong to it, write it inside double quotes: FC_NUM_RUNS="5  "`,
  ]),
  row('a quote never closed', 'TARGET=mock\nCARD_API_KEY="api-key-1\n', 2, [
    `configuration error: CARD_API_KEY: expected a value inside one pair of quotes, found a quote opened on ${file('2')} and never closed: the .env parser kept it in the value: close the quote on line 2`,
  ]),
  row('a quote closed lines below', 'TARGET=mock\nCARD_API_KEY="api-key-1\nCARD_SRC_CLIENT_ID=91bab973-f53b-4519-8240-2ba7a5f1d417"\n', 2, [
    `configuration error: CARD_API_KEY: expected a value on one line, found a quote opened on ${file('2')} and not closed there: the .env parser took the lines below into the value: close the quote on line 2`,
    `configuration error: CARD_SRC_CLIENT_ID: expected its own line read, found ${file('3')} read as part of CARD_API_KEY (a quote left open): close the quote on line 2`,
  ]),
  row('a name alone on its line', 'TARGET=mock\nSANDBOX_OPERATIONS\n', 2, [
    `configuration error: SANDBOX_OPERATIONS: expected NAME=value, found a name alone on line 2 of .env, which is not read: add = and its value, or delete the line`,
  ]),
  row('a variable set twice', 'TARGET=mock\nMODEL_RUNS=10\nMODEL_RUNS=20\n', 0, [
    `configuration note: MODEL_RUNS: expected one line per variable, found lines 2, 3 of .env: line 3 is used: delete the others`,
  ]),
  {
    ...row('the environment hides a .env line', 'TARGET=mock\nFC_NUM_RUNS=100\n', 0, [
      `configuration note: FC_NUM_RUNS: expected the value of ${file('2')}, found the environment's value, which dotenv never overrides: unset FC_NUM_RUNS in the environment, or change it there`,
    ]),
    environment: { FC_NUM_RUNS: '5' },
  },
  row('a customer id not of the documented form', `${FD}FD_LINKED_CUSTOMER_ID=cust-42\n`, 2, [
    '  FD_LINKED_CUSTOMER_ID: expected a customer id, digits (CustomerIdParam in schemas/financial-data/components/customers.yaml), found "cust-42"',
  ]),
  row('an institution login id not of the documented form', `${FD}FD_AUTH_DETAILS_UNAVAILABLE_LOGIN_ID=login-7\n`, 2, [
    '  FD_AUTH_DETAILS_UNAVAILABLE_LOGIN_ID: expected an institution login id, digits (InstitutionLoginIdParam in schemas/financial-data/components/accounts.yaml), found "login-7"',
  ]),
  row('an account range with ends of two lengths', `${INST_P12}INSTALLMENTS_ACCOUNT_RANGES=5110920004100000000-51109200041999\n`, 2, [
    '  INSTALLMENTS_ACCOUNT_RANGES: expected account ranges, comma-separated, found "5110920004100000000-51109200041999" as item 1',
  ]),
  row('a card number with a wrong check digit', `${INST_P12}INSTALLMENTS_ELIGIBLE_PAN=4555551234567890\n`, 2, [
    '  INSTALLMENTS_ELIGIBLE_PAN: expected a card number (primaryAccountNumber, seed 001): 9 to 19 digits ending in its check digit (Luhn), found a value of 16 characters (not shown), whose check digit is wrong',
  ]),
  row('a use case the provider does not name', `${INST_P12}INSTALLMENTS_USE_CASES=DURING\n`, 2, [
    '  INSTALLMENTS_USE_CASES: expected use cases, comma-separated, found "DURING" as item 1',
  ]),
  row('another known acquirer ICA of 5 digits', `${INST_P12}INSTALLMENTS_OTHER_KNOWN_ACQUIRER_ICAS=001234,12345\n`, 2, [
    '  INSTALLMENTS_OTHER_KNOWN_ACQUIRER_ICAS: expected acquirer ICAs, comma-separated, found "12345" as item 2',
  ]),
  row(
    'the signing key as a keystore: its PEM form is never asked for',
    `${INST_P12}INSTALLMENTS_FORBIDDEN_CONSUMER_KEY=ck-2\nINSTALLMENTS_FORBIDDEN_SIGNING_KEY_P12=KEYSTORE\nINSTALLMENTS_FORBIDDEN_SIGNING_KEY_PASSWORD=pw-1\n`,
    0,
    ['installments: values ready (offline: the target was not asked)'],
    /SIGNING_KEY_PEM|the 403 checks skip/,
  ),
  row('no forbidden key in either form', `${INST_P12}`, 0, [
    '  - the 403 checks skip without INSTALLMENTS_FORBIDDEN_CONSUMER_KEY, INSTALLMENTS_FORBIDDEN_SIGNING_KEY_PEM or INSTALLMENTS_FORBIDDEN_SIGNING_KEY_P12',
  ]),
];

let dir: string;
let keystore: string;
let pem: string;

test.beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'config-lines-'));
  // A PKCS#12 keystore holding an RSA key, its password pw-1 (the forms' rows).
  const { privateKey } = pooledKeyPair('self-test');
  pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString().trim();
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, null as unknown as forge.pki.Certificate[], 'pw-1', { algorithm: '3des' });
  keystore = path.join(dir, 'signing.p12');
  fs.writeFileSync(keystore, Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'));
});

test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test('the table holds twenty mistakes and more, each of its own', () => {
  expect(ROWS.length).toBeGreaterThanOrEqual(20);
  expect(new Set(ROWS.map((r) => r.mistake)).size).toBe(ROWS.length);
});

for (const row of ROWS) {
  test(`${row.mistake}: one line naming it, exit ${row.code}`, async () => {
    // The .env of a checkout of its own (its lines read as `.env line N`), loaded as dotenv loads it, the environment's values first.
    const home = fs.mkdtempSync(path.join(dir, 'home-'));
    const text = row.file.replaceAll('KEYSTORE', keystore).replace('"PEM"', `"${pem}"`);
    fs.writeFileSync(path.join(home, '.env'), text);
    const cwd = process.cwd();
    process.chdir(home);
    let result: { code: number; output: string };
    try {
      const { main } = await import('../../scripts/doctor.js');
      result = await runInProcess(main, ['--offline'], { ...parse(text), ...row.environment, DOTENV_PATH: '.env' });
    } finally {
      process.chdir(cwd);
    }
    const lines = result.output.split('\n');
    expect(
      row.says.filter((line) => !lines.includes(line)),
      `lines the doctor did not say, in its output:\n${result.output}`,
    ).toEqual([]);
    if (row.never) expect(result.output).not.toMatch(row.never);
    expect(result.code, result.output).toBe(row.code);
    expect(result.output).not.toMatch(/^\s+at .+[:(]/m);
    const shown = ['s3cret', 'app-key-1', 'api-key-1', 'pass', '4555551234567890'].filter((secret) => result.output.includes(secret));
    expect(shown, 'secrets of the environment the doctor printed').toEqual([]);
  });
}

test('.env.example gives each variable its one-line explanation above it, and copied as .env it is no mistake', () => {
  const lines = fs.readFileSync('.env.example', 'utf8').split('\n');
  const bare = lines.filter((l, i) => /^[A-Z0-9_]+=/.test(l) && !lines[i - 1]?.startsWith('# '));
  expect(bare).toEqual([]);
});
