// Covers: bad input to what we ship (config, scripts, mock control surface) gets one clear line,
// never a stack trace.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, runCommand, test, userEnv } from '../../../fixtures/self.js';
import { expectOneErrorLine } from '../support.known.js';
import { ConfigError, configOf } from '../../../helpers/config/config.js';
import { runInProcess } from '../commands.known.js';

const noStack = (output: string) => !/\n\s+at .+:\d+:\d+/.test(output);

test('an unknown TARGET stops the run with one configuration line', () => {
  const { code, output } = runCommand('npx', ['playwright', 'test', '--list', '--project', 'self'], { TARGET: 'staging' });
  expect(code).not.toBe(0);
  expect(output).toContain('configuration error: TARGET: expected mock or sandbox, found "staging"');
  expect(noStack(output)).toBe(true);
});

// The command line's wiring is the check above's; the configuration it reads is read here in process.
test('a non-numeric FC_NUM_RUNS stops the run with one configuration line', () => {
  const env = userEnv('/nonexistent/.env', { FC_NUM_RUNS: 'many' });
  expect(() => configOf(env)).toThrow(new ConfigError('FC_NUM_RUNS: expected a positive whole number, found "many"'));
});

// Each script's command line is started once (its wiring: the main runs, one error line, exit 2); its
// other argument errors run its main in this worker (tests/self/error-lines.spec.ts). A row with an
// environment runs in an empty folder: this checkout's reports/ is held by the run of these tests, and
// it may hold blob reports of an earlier CI run.
for (const [script, args, message, env] of [
  ['mutation', ['--bogus'], "unknown argument '--bogus'"],
  ['mock', ['--faults', 'no-such-fault'], "--faults names unknown fault 'no-such-fault'; nearest known:"],
  ['certify', ['--service'], '--service needs a value'],
  ['make-jwe', ['--keys-url', 'http://127.0.0.1:9/keys'], 'cannot read a JWK set'],
  ['mutation-sample', ['--service', 'nope'], "unknown service 'nope'"],
  ['diff', ['--service', 'card-enrollment'], '--service and --to are required'],
  ['drift', ['--service', 'card-enrollment'], '--service and --spec are required'],
  ['replay', ['--collection', '/nonexistent/collection.json'], 'collection not found'],
  ['bench', ['--seconds', '0'], 'error: --seconds must be an integer from 1 to 60'],
  [
    'check-config',
    [],
    "configuration error: MOCK_FAULTS names unknown fault 'lock-after-fuor'",
    { DOTENV_PATH: '/dev/null', MOCK_FAULTS: 'lock-after-fuor' },
  ],
  ['merge', [], 'no blob reports in blob-report/', {}],
] as [string, string[], string, Record<string, string>?][]) {
  test(`scripts/${[script, ...args].join(' ')}${env ? ` (${Object.keys(env).join(', ')} set)` : ''} answers with one error line`, () => {
    const empty = env && fs.mkdtempSync(path.join(os.tmpdir(), `${script}-`));
    const tsx = path.resolve('node_modules/.bin/tsx');
    const { code, output } = runCommand(tsx, [path.resolve(`scripts/${script}.ts`), ...args], env, empty);
    if (empty) fs.rmSync(empty, { recursive: true, force: true });
    expectOneErrorLine({ code, output }, message);
  });
}

test('npm run doctor reads a sandbox .env named by DOTENV_PATH, tells what is missing and exits 1', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'doctor-'));
  const env = path.join(dir, '.env');
  fs.writeFileSync(
    env,
    'TARGET=sandbox\nFD_BASE_URL=https://fd.example\nFD_APP_KEY=k\nFD_PARTNER_ID=p\nFD_PARTNER_SECRET=s\nFD_INSTITUTION_ID=1\n',
  );
  const { code, output } = runCommand('npx', ['tsx', 'scripts/doctor.ts'], { DOTENV_PATH: env });
  fs.rmSync(dir, { recursive: true, force: true });
  expect(code).toBe(1);
  expect(output).toContain(
    'financial-data: cannot run\n  FD_ROUTING_NUMBER: expected a 9-digit routing number mapped to an institution (financial-data cannot run without it), found nothing',
  );
  expect(noStack(output)).toBe(true);
});

// Every script under scripts/: --help (and -h) prints its usage and exits 0, having done nothing.
const SCRIPTS = fs
  .readdirSync(path.resolve('scripts'))
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.replace(/\.ts$/, ''));

test('every script answers --help and -h with its usage and exit 0', async () => {
  expect(SCRIPTS.length).toBeGreaterThan(10);
  for (const script of SCRIPTS) {
    const { main } = (await import(`../../../scripts/${script}.ts`)) as { main: Parameters<typeof runInProcess>[0] };
    for (const flag of ['--help', '-h']) {
      const { code, output } = await runInProcess(main, [flag]);
      expect({ script, flag, code }).toEqual({ script, flag, code: 0 });
      expect(output, `${script} ${flag}`).toMatch(/^Usage: npm (run|test)/);
    }
  }
});

test('a .env in the wrong folder, or DOTENV_PATH naming no file, is named, not silently TARGET=mock', async () => {
  const { dotenvProblem } = await import('../../../helpers/config/config.js');
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'dotenv-'));
  try {
    const here = path.join(root, 'checkout');
    fs.mkdirSync(path.join(here, 'config'), { recursive: true });
    expect(dotenvProblem({}, here), 'no .env anywhere near: nothing to say').toBeUndefined();
    fs.writeFileSync(path.join(here, 'config', '.env'), 'TARGET=sandbox\n');
    expect(dotenvProblem({}, here)).toBe(
      `no .env in ${here}, so none was read (TARGET=mock); found config/.env: move it here, or set DOTENV_PATH=${path.join(here, 'config', '.env')}`,
    );
    fs.writeFileSync(path.join(root, '.env'), 'TARGET=sandbox\n');
    expect(dotenvProblem({}, here)).toMatch(/found \.\.\/\.env, config\/\.env:/);
    fs.writeFileSync(path.join(here, '.env'), 'TARGET=mock\n');
    expect(dotenvProblem({}, here), 'the one read is where it should be').toBeUndefined();
    expect(dotenvProblem({ DOTENV_PATH: path.join(root, 'missing.env') }, here)).toBe(
      `DOTENV_PATH names ${path.join(root, 'missing.env')}, which does not exist: no configuration file was read (TARGET=mock)`,
    );
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
  const { main: doctorMain } = await import('../../../scripts/doctor.js');
  const { output } = await runInProcess(doctorMain, ['--offline'], { DOTENV_PATH: '/nonexistent/.env' });
  expect(output.split('\n')[0]).toBe(
    'configuration file: DOTENV_PATH names /nonexistent/.env, which does not exist: no configuration file was read (TARGET=mock)',
  );
});
