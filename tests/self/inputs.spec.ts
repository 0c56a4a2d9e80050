// Covers: what a new user trips on, each named in one line with what to do and its exit code: the configuration file as one
// reading names it (helpers/config/env-file.ts readEnvFile: UTF-16 read as such, a folder not read), a sandbox with no service
// configured (env-schema.ts unconfiguredSandbox: doctor not ready, certify a configuration error), one argument parser for
// `--service` (tools/cli.ts parseArgs, serviceArgs: a list or the flag repeated, one service where a command takes one, never a
// silent last-wins) and a known flag's bad value, an invisible character shown escaped, an escaped quote, a reports folder that
// cannot be written (verdict/run-lock.ts), a NOT RUN's selected count, a run's .raw folder (guest-log.ts forgetRun), and the
// media types of a body as the contract documents them (mocks/kit/app.ts, installments guard.ts signedUrl).
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../../fixtures/self.js';
import { inTempDir, closing } from './support.known.js';
import { runInProcess } from './commands.known.js';
import { main as doctor } from '../../scripts/doctor.js';
import { main as prepare } from '../../scripts/sandbox-prepare.js';
import { main as standIn } from '../../scripts/certify-stand-in.js';
import { main as diff } from '../../scripts/diff.js';
import { configurationMistakes } from '../../helpers/config/config.js';
import { readEnvFile } from '../../helpers/config/env-file.js';
import { SANDBOX_SERVICES } from '../../helpers/config/env-schema.js';
import { parseArgs, serviceArgs, UsageError } from '../../tools/cli.js';
import { acquireRunLock, RunRefused } from '../../helpers/verdict/run-lock.js';
import { noteSelectedChecks, writeNotRun } from '../../helpers/verdict/certification-report.js';
import { forgetRun, logGuest } from '../../helpers/client/guest/guest-log.js';
import { startCardEnrollmentMock } from '../../mocks/card-enrollment/index.js';
import { signedUrl } from '../../mocks/installments/guard.js';

const CARD_URL = 'https://card.example.test/src/api/digital/payments';
const UNCONFIGURED =
  'TARGET: expected a service configured for TARGET=sandbox, found none of CARD_BASE_URL, INSTALLMENTS_BASE_URL, FD_BASE_URL set, so no check would run: set one with its credentials (.env.example; npm run doctor names what is missing), or unset TARGET to certify the embedded mocks';

test('a .env saved as UTF-16, little or big endian, with or without its BOM, is read as the UTF-8 one is, and named', async () => {
  await inTempDir('inputs-', (dir) => {
    const text = `TARGET=sandbox\nCARD_BASE_URL=${CARD_URL}\n`;
    const le = Buffer.from(text, 'utf16le');
    const be = Buffer.from(le).swap16();
    const forms = {
      'utf16le-bom': Buffer.concat([Buffer.from([0xff, 0xfe]), le]),
      utf16le: le,
      'utf16be-bom': Buffer.concat([Buffer.from([0xfe, 0xff]), be]),
      utf16be: be,
      'utf8-bom': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]),
    };
    for (const [name, bytes] of Object.entries(forms)) {
      const file = path.join(dir, name);
      fs.writeFileSync(file, bytes);
      const read = readEnvFile(file);
      expect(read.text, name).toBe(text);
      expect(read.note, name).toBe(
        name.startsWith('utf16')
          ? `${file} is saved as UTF-16 (a Windows editor's "Unicode"): read as such; save it as UTF-8 to silence this line`
          : undefined,
      );
    }
  });
});

test('doctor: a UTF-16 .env named first, a .env or DOTENV_PATH that is a folder named and exit 2, a sandbox with nothing configured not ready', async () => {
  await inTempDir('inputs-', async (dir) => {
    const utf16 = path.join(dir, 'utf16.env');
    fs.writeFileSync(utf16, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('TARGET=mock\n', 'utf16le')]));
    const named = await runInProcess(doctor, ['--offline'], { DOTENV_PATH: utf16, TARGET: 'mock' });
    expect(named.output.split('\n')[0]).toBe(
      `configuration file: ${utf16} is saved as UTF-16 (a Windows editor's "Unicode"): read as such; save it as UTF-8 to silence this line`,
    );
    const folder = path.join(dir, 'env-folder');
    fs.mkdirSync(folder);
    const viaPath = await runInProcess(doctor, ['--offline'], { DOTENV_PATH: folder, TARGET: 'mock' });
    expect(viaPath).toEqual({
      code: 2,
      output: `configuration file: ${folder} is a folder, not a file: no configuration was read; name the file inside it (DOTENV_PATH=${path.join(folder, '.env')}) or remove the folder\n`,
    });
    // .env in the working folder, a folder.
    fs.mkdirSync(path.join(dir, '.env'));
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      const here = await runInProcess(doctor, ['--offline'], { DOTENV_PATH: '', TARGET: 'mock' });
      expect(here.code).toBe(2);
      expect(here.output).toMatch(/^configuration file: .*\/\.env is a folder, not a file: no configuration was read/);
    } finally {
      process.chdir(cwd);
    }
    const nothing = await runInProcess(doctor, ['--offline'], { DOTENV_PATH: path.join(dir, 'none.env'), TARGET: 'sandbox' });
    expect(nothing.code).toBe(1);
    expect(nothing.output).toContain(`cannot run: ${UNCONFIGURED}\n`);
    expect(nothing.output).not.toMatch(/can run|ready/i);
  });
});

test('certify on a sandbox with no service configured: one configuration error naming what to set, exit 2 (never a run of skipped checks)', () => {
  expect(configurationMistakes({ TARGET: 'sandbox' }, SANDBOX_SERVICES).lines).toContain(`configuration error: ${UNCONFIGURED}`);
  expect(configurationMistakes({ TARGET: 'sandbox' }, SANDBOX_SERVICES).code).toBe(2);
  expect(configurationMistakes({ TARGET: 'sandbox', CARD_BASE_URL: CARD_URL }, ['installments']).lines).toContain(
    'configuration error: TARGET: expected a service configured for TARGET=sandbox, found no INSTALLMENTS_BASE_URL set, so no check would run: set it with its credentials (.env.example; npm run doctor names what is missing), or unset TARGET to certify the embedded mocks',
  );
});

test('--service: a comma list and the flag repeated are one list, a command of one service says so, a value given twice is refused', async () => {
  const usage = 'usage';
  const known = { service: 'list', workers: 'value' } as const;
  expect(parseArgs(['--service', 'installments,card-enrollment'], known, usage).service).toEqual(['installments', 'card-enrollment']);
  expect(parseArgs(['--service', 'installments', '--service', 'card-enrollment'], known, usage).service).toEqual([
    'installments',
    'card-enrollment',
  ]);
  expect(serviceArgs(['installments', 'installments'], usage)).toEqual(['installments']);
  expect(() => parseArgs(['--workers', '2', '--workers', '3'], known, usage)).toThrow(
    new UsageError("--workers was given 2 times ('2', '3'): it takes one value. Usage: usage"),
  );
  const prepareUsage =
    'Usage: npm run sandbox:prepare -- --service <card-enrollment|installments|financial-data> [--env-file .env] [--wait-seconds 900] [--complete-stand-in]';
  expect(await runInProcess(prepare, ['--service', 'financial-data,installments'])).toEqual({
    code: 2,
    output: `error: --service takes one service here, not 2 (financial-data, installments): run it once per service. ${prepareUsage}\n`,
  });
  expect(await runInProcess(prepare, ['--service', 'financial-data', '--service', 'installments'])).toEqual({
    code: 2,
    output: `error: --service was given 2 times ('financial-data', 'installments'): it takes one value. ${prepareUsage}\n`,
  });
  expect((await runInProcess(diff, ['--service', 'installments', '--service', 'card-enrollment', '--to', 'x'])).output).toMatch(
    /^error: --service was given 2 times \('installments', 'card-enrollment'\): it takes one value\./,
  );
});

test('a known flag with a bad value says so, not "unknown argument": --interrupt-after -5', async () => {
  const run = await runInProcess(standIn, ['--interrupt-after', '-5']);
  expect(run.code).toBe(2);
  expect(run.output).toMatch(/^error: --interrupt-after must be an integer of at least 0, not '-5'\. Usage: npm run certify:stand-in/);
});

test('an invisible character in a value is shown escaped and named; an escaped quote inside quotes gets the fix it needs', async () => {
  await inTempDir('inputs-', async (dir) => {
    const env = path.join(dir, 'inputs.env');
    fs.writeFileSync(env, `TARGET=sandbox\nCARD_BASE_URL=${CARD_URL}\u200b\nINSTALLMENTS_BASE_URL="https://inst.example.test/a\\"b"\n`);
    const run = await runInProcess(doctor, ['--offline'], {
      DOTENV_PATH: env,
      TARGET: 'sandbox',
      CARD_BASE_URL: `${CARD_URL}\u200b`,
      INSTALLMENTS_BASE_URL: 'https://inst.example.test/a\\"b',
    });
    expect(run.code).toBe(2);
    expect(run.output).toContain(
      `configuration error: CARD_BASE_URL: expected an absolute http(s) URL ending with /src/api/digital/payments (no trailing /, no query), found "${CARD_URL}\\u200b", with an invisible character (\\u200b): delete it\n`,
    );
    expect(run.output).toContain(
      `configuration error: INSTALLMENTS_BASE_URL: expected a value the .env parser reads as written, found an escaped quote \\" inside the quotes (${env} line 3): the .env parser keeps the backslash in the value: drop the backslash and put the value in single quotes instead\n`,
    );
    expect(run.output, 'never the fix already done').not.toContain('put the whole value inside the quotes');
  });
});

test('a reports folder that cannot be written: what to do, not an errno alone', () => {
  // /sys refuses every new folder (EPERM, as root too): the folder a run cannot write.
  expect(() => acquireRunLock('/sys/suite-reports', 'npm run certify')).toThrow(
    new RunRefused(
      'the reports folder /sys/suite-reports cannot be written (EPERM): every run writes its lock and reports there; make it writable (chmod -R u+w /sys/suite-reports) and run again',
    ),
  );
});

test("a NOT RUN written before any check ended counts the run's selected checks; the run's .raw folder goes once nothing is left to delete", async () => {
  await inTempDir('inputs-', (dir) => {
    const reports = path.join(dir, 'reports');
    noteSelectedChecks(reports, 'run-1', 978);
    const cert = writeNotRun(reports, 'sandbox', 'interrupted by SIGTERM before the first check', [], [], 'run-1');
    expect(cert.checks).toEqual({ selected: 978, run: 0, skipped: 978 });
  });
  const at = new Date().toISOString();
  const raw = (run: string) => path.resolve('reports', '.raw', run);
  const swept = `self-inputs-swept-${process.pid}`;
  const left = `self-inputs-left-${process.pid}`;
  const customer = { service: 'financial-data', kind: 'testing customer', id: '9', at } as const;
  const undo = { operationId: 'DeleteCustomer', path: { customerId: '9' } };
  try {
    for (const run of [swept, left]) {
      fs.mkdirSync(path.join(raw(run), 'states'), { recursive: true });
      fs.writeFileSync(path.join(raw(run), 'coverage-1.jsonl'), '');
      logGuest({ ...customer, event: 'created', operationId: 'AddTestingCustomer', undo }, run);
    }
    logGuest({ ...customer, event: 'deleted' }, swept);
    forgetRun(swept);
    forgetRun(left);
    expect(fs.existsSync(raw(swept)), 'a run whose ledger is swept leaves no folder').toBe(false);
    expect(fs.existsSync(raw(left)), 'a ledger naming something deletable is kept for sandbox:cleanup').toBe(true);
  } finally {
    fs.rmSync(raw(swept), { recursive: true, force: true });
    fs.rmSync(raw(left), { recursive: true, force: true });
  }
});

test('a malformed Content-Type on a body gets the status the operation documents (400 where it documents no 415)', async () => {
  await closing(startCardEnrollmentMock(), async (mock) => {
    for (const type of ['"', '/']) {
      const res = await fetch(`${mock.baseURL}/cards`, { method: 'POST', headers: { 'content-type': type }, body: '{}' });
      expect(res.status, `Content-Type ${type}`).toBe(400);
    }
  });
});

test('an absolute-form request target is the URL the installments mock verifies a signature over; one no URL is made of, kept apart', () => {
  const host = { host: '127.0.0.1:8080' };
  expect(signedUrl({ url: 'http://example.test/installments/offers', headers: host })).toBe('http://example.test/installments/offers');
  expect(signedUrl({ url: '/installments/offers?a=1', headers: host })).toBe('http://127.0.0.1:8080/installments/offers?a=1');
  expect(signedUrl({ url: 'http://[::1', headers: host })).toBe('http://invalid/');
});
