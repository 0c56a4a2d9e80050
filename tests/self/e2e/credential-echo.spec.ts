// Covers: a credential a target echoes in a member of its own fails the run under the service's
// sensitive-data rule and is in clear in no output of the run (issue of the certification's truth:
// nothing sensitive in clear). A nested run in a checkout of its own (fixtures/self.ts linkCheckout),
// as CI runs it (JUnit and a blob report too), of four checks, each calling the one operation a fault
// of mocks/<service>/sensitive-echo.faults.ts bends at the kit's reply seam: the financial data token
// (GetCustomer), app key (GetCustomers) and partner secret (GetInstitution), the installments consumer
// key (getPlan). Every file the run wrote (the certification, coverage, JUnit, Allure results,
// test-results, each attachment inside the blob report) and its console are searched, independently
// of the suite's own leak scan, for every credential the mocks issue, by their shapes (each mock
// credential has a fixed prefix: state.ts of each mock): none may be there, while the echoes were
// seen (each one's marker is).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { directCommand, expect, linkCheckout, NESTED_RUN_MS, test, userEnv, withoutReportFiles } from '../../../fixtures/self.js';

const FD_SPEC = `
import { newCustomer, rules, test } from '../../fixtures/financial-data.js';
test('GetCustomer of a new customer', rules('FD-OBJ-SENSITIVE'), async ({ fdApi }) => {
  const made = await fdApi.call('AddTestingCustomer', { body: newCustomer() });
  await fdApi.call('GetCustomer', { path: { customerId: made.body.id } });
});
test('GetCustomers', rules('FD-OBJ-SENSITIVE'), async ({ fdApi }) => {
  await fdApi.call('GetCustomers', {});
});
test('GetInstitution', rules('FD-OBJ-SENSITIVE'), async ({ fdApi, fd }) => {
  await fdApi.call('GetInstitution', { path: { institutionId: String(fd.institutions.branded) } });
});
`;
const IN_SPEC = `
import { rules, test } from '../../fixtures/installments.js';
test('getPlan of a new plan', rules('IN-OBJ-SENSITIVE'), async ({ instApi, instReq }) => {
  const { planId } = await instReq.createPlan(instApi);
  await instApi.call('getPlan', { path: { plan_id: planId } });
});
`;
const FAULTS = [
  'fd-obj-sensitive-token-in-customer',
  'fd-obj-sensitive-app-key-in-customers',
  'fd-obj-sensitive-secret-in-institution',
  'in-obj-sensitive-consumer-key-in-plan',
];

/** Every credential the mocks issue, by its shape (mocks/financial-data/state.ts, mocks/installments/state.ts). */
const CREDENTIALS: [string, RegExp][] = [
  ['a financial data token', /fdtk_[A-Za-z0-9_-]{32}/g],
  ['a financial data app key', /fdak_[0-9a-f]{36}/g],
  ['a financial data partner secret', /fdPs!?[0-9a-f]{24}9/g],
  ['an installments consumer key', /(?<![A-Za-z0-9_-])ik_[A-Za-z0-9_-]{24}(?![A-Za-z0-9_-])/g],
];

/** The entries of a zip file (its central directory), each inflated. */
function unzip(file: string): { name: string; data: Buffer }[] {
  const zip = fs.readFileSync(file);
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const entries: { name: string; data: Buffer }[] = [];
  let at = zip.readUInt32LE(end + 16);
  for (let n = zip.readUInt16LE(end + 10); n > 0; n--) {
    const [method, size, nameLength, extra, comment, local] = [
      zip.readUInt16LE(at + 10),
      zip.readUInt32LE(at + 20),
      zip.readUInt16LE(at + 28),
      zip.readUInt16LE(at + 30),
      zip.readUInt16LE(at + 32),
      zip.readUInt32LE(at + 42),
    ];
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + size);
    entries.push({ name, data: method === 8 ? inflateRawSync(raw) : raw });
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}

/** The texts of a blob report: each line of its events, and each attachment it carries inline (base64). */
function blobTexts(file: string): string[] {
  const texts: string[] = [];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        if (k === 'base64' && typeof x === 'string') texts.push(Buffer.from(x, 'base64').toString('utf8'));
        else walk(x);
      }
  };
  for (const { data } of unzip(file)) {
    const text = data.toString('utf8');
    texts.push(text);
    for (const line of text.split('\n')) if (line.trim().startsWith('{')) walk(JSON.parse(line));
  }
  return texts;
}

const filesUnder = (dir: string): string[] =>
  !fs.existsSync(dir)
    ? []
    : fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));

test('a credential echoed in a member of its own fails under the sensitive-data rule and is in clear in no output of the run', async () => {
  test.setTimeout(NESTED_RUN_MS + 60_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'credential-echo-'));
  try {
    linkCheckout(dir, { 'financial-data/echo.spec.ts': FD_SPEC, 'installments/echo.spec.ts': IN_SPEC });
    const { command, args } = directCommand('npx', ['playwright', 'test', '--project', 'financial-data', '--project', 'installments']);
    const child = spawn(command, args, {
      cwd: dir,
      env: { ...withoutReportFiles(userEnv(path.join(dir, 'no.env'))), TARGET: 'mock', CI: '1', MOCK_FAULTS: FAULTS.join(',') },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: NESTED_RUN_MS,
    });
    let console = '';
    child.stdout.on('data', (c: Buffer) => (console += c.toString()));
    child.stderr.on('data', (c: Buffer) => (console += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code, console.slice(-3000)).toBe(1);

    // Each fault is one cause, under its service's sensitive-data rule, on its operation.
    const certification = JSON.parse(fs.readFileSync(path.join(dir, 'reports/certification.json'), 'utf8'));
    const causes = certification.services.flatMap((s: { failures: { cause: string }[] }) => s.failures.map((g) => g.cause)).sort();
    expect(causes).toEqual([
      'FD-OBJ-SENSITIVE: GetCustomer',
      'FD-OBJ-SENSITIVE: GetCustomers',
      'FD-OBJ-SENSITIVE: GetInstitution',
      'IN-OBJ-SENSITIVE: getPlan',
    ]);

    // Every output, as text: the files of reports/ and test-results/, each attachment inside the blob report, the console.
    const outputs: [string, string][] = [
      ...[...filesUnder(path.join(dir, 'reports')), ...filesUnder(path.join(dir, 'test-results'))].map(
        (f) => [path.relative(dir, f), fs.readFileSync(f, 'utf8')] as [string, string],
      ),
      ...filesUnder(path.join(dir, 'blob-report')).flatMap((f) =>
        blobTexts(f).map((t, i) => [`${path.relative(dir, f)}#${i}`, t] as [string, string]),
      ),
      ['console', console],
    ];
    const kinds = (pattern: RegExp) => new Set(outputs.filter(([name]) => pattern.test(name)).map(([name]) => name)).size;
    // The run wrote every kind of output searched.
    expect([kinds(/certification\.(md|json|html)$/), kinds(/junit\.xml$/), kinds(/allure-results/), kinds(/blob-report/)]).toEqual([
      3,
      1,
      expect.any(Number),
      expect.any(Number),
    ]);
    expect(kinds(/allure-results/) * kinds(/blob-report/)).toBeGreaterThan(0);
    const found = CREDENTIALS.flatMap(([what, pattern]) =>
      outputs.filter(([, text]) => (text.match(pattern) ?? []).length).map(([name]) => `${what} in ${name}`),
    );
    expect(found).toEqual([]);
    // Not by luck: the echoes were seen, each marked where its exchange is kept.
    const all = outputs.map(([, text]) => text).join('\n');
    for (const kind of ['token', 'key', 'secret']) expect(all).toContain(`[REDACTED: full ${kind} echoed]`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
