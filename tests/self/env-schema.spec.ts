// Covers: helpers/config/env-schema.ts and `npm run doctor`: .env.example documents exactly the variables
// of the schema; the doctor names what a sandbox run lacks before it starts, in one line each.
import fs from 'node:fs';
import { expect, test } from '../../fixtures/self.js';
import { diagnose, ENV_SCHEMA, missingProblems } from '../../helpers/config/env-schema.js';
import { runInProcess } from './commands.known.js';

test('.env.example lists every variable of the schema and no other', () => {
  const example = fs
    .readFileSync('.env.example', 'utf8')
    .split('\n')
    .map((l) => /^([A-Z0-9_]+)=/.exec(l)?.[1])
    .filter(Boolean);
  expect([...example].sort()).toEqual(ENV_SCHEMA.map((e) => e.name).sort());
});

test('diagnose names the missing required variables, unmet key forms and the checks that will skip', () => {
  const d = diagnose({
    CARD_BASE_URL: 'https://sbx.example',
    CARD_API_KEY: 'k',
    CARD_ENCRYPTION_PEM: 'pem',
    FD_BASE_URL: 'https://fd.example',
  });
  const card = d.find((x) => x.service === 'card-enrollment')!;
  expect(card.excluded).toBe(false);
  // The PEM is set: what it lacks is its kid.
  expect(card.missingRequired).toEqual(['CARD_SRC_CLIENT_ID', 'CARD_SERVICE_ID', 'CARD_ENCRYPTION_KID']);
  expect(d.find((x) => x.service === 'installments')!.missingRequired).toContain(
    'one of INSTALLMENTS_SIGNING_KEY_PEM | INSTALLMENTS_SIGNING_KEY_P12 (installments signing key)',
  );
  expect(card.skipping).toContain('the receipt-path checks skip without CARD_RECEIPT_ID');
  expect(d.find((x) => x.service === 'installments')!.excluded).toBe(true);
  const fd = d.find((x) => x.service === 'financial-data')!;
  expect(fd.missingRequired).toContain('FD_APP_KEY');
  expect(fd.skipping).toContain('the location match by id skip without FD_LOCATION_ID_VALUE');
});

// Its main run in this worker with the variables a sandbox .env would set; its command line, reading that .env, is started by the e2e commands.
test('npm run doctor tells a sandbox user what is missing and exits 1', async () => {
  const env = {
    DOTENV_PATH: '/nonexistent/.env',
    TARGET: 'sandbox',
    FD_BASE_URL: 'https://fd.example',
    FD_APP_KEY: 'k',
    FD_PARTNER_ID: 'p',
    FD_PARTNER_SECRET: 's',
    FD_INSTITUTION_ID: '1',
  };
  const { main } = await import('../../scripts/doctor.js');
  const { code, output } = await runInProcess(main, [], env);
  expect(code).toBe(1);
  expect(output).toContain(
    'financial-data: cannot run\n  FD_ROUTING_NUMBER: expected a 9-digit routing number mapped to an institution (financial-data cannot run without it), found nothing',
  );
  expect(output).toContain('the location match by id skip without FD_LOCATION_ID_VALUE');
  expect(output).toContain('card-enrollment: not part of this certification');
  expect(output).not.toMatch(/\n\s+at .+:\d+:\d+/);
});

test('a product of some operations (SANDBOX_OPERATIONS) is asked only the settings its operations read: no institution or routing number without their readers', () => {
  const base = { TARGET: 'sandbox', FD_BASE_URL: 'https://fd.example', FD_APP_KEY: 'k', FD_PARTNER_ID: 'p', FD_PARTNER_SECRET: 's' };
  const missing = (env: Record<string, string>) => missingProblems(env, 'financial-data').map((p) => p.variable);
  expect(missing(base)).toEqual(['FD_INSTITUTION_ID', 'FD_ROUTING_NUMBER']);
  expect(missing({ ...base, SANDBOX_OPERATIONS: 'CreateToken,GetCustomers,GetCustomerAccounts' })).toEqual([]);
  expect(missing({ ...base, SANDBOX_OPERATIONS: 'CreateToken,GetInstitution' })).toEqual(['FD_INSTITUTION_ID']);
  // A product naming only another service's operations takes financial data whole.
  expect(missing({ ...base, SANDBOX_OPERATIONS: 'putCard' })).toEqual(['FD_INSTITUTION_ID', 'FD_ROUTING_NUMBER']);
});
