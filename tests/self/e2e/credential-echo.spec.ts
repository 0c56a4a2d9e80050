// Covers: a credential a target echoes in a member of its own fails the run under the service's
// sensitive-data rule and is in clear in no output of the run. A nested run in a checkout of its own
// (fixtures/self.ts linkCheckout), as CI runs it, of four checks each calling the one operation a fault
// of mocks/<service>/sensitive-echo.faults.ts bends at the kit's reply seam; every file the run wrote and
// its console are searched, apart from the suite's leak scan, for every credential the mocks issue (by
// their fixed prefixes, state.ts of each mock), while each echo's marker was seen. A fifth check quotes
// secrets in its assertion's message, expected value and output: the run's first reporter masks them.
import fs from 'node:fs';
import path from 'node:path';
import { directCommand, expect, linkCheckout, NESTED_RUN_MS, test, userEnv, withoutReportFiles } from '../../../fixtures/self.js';
import { spawnCollect, inTempDir } from '../support.known.js';
import { TEST_PANS } from '../../../fixtures/examples/card-enrollment.js';
import { blobTexts } from '../../../helpers/verdict/zip.js';
import { ACCOUNT_NUMBER_PREFIX } from '../../../mocks/financial-data/portfolio.js';

const CARD = TEST_PANS[1];

const FD_SPEC = `
import { expect, newCustomer, rules, test } from '../../fixtures/financial-data.js';
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
test('an assertion that quotes an answer', rules('FD-PAY-ACCOUNT-NUMBER@pay-ach'), async ({ fdApi, fd, linkedCustomer }) => {
  const v1 = await fdApi.call('GetAccountACHDetails', {
    path: { customerId: linkedCustomer.customerId, accountId: linkedCustomer.account('checking').id },
  });
  const quoted = \`\${v1.body.realAccountNumber} for \${fd.appKey} and card ${CARD}\`;
  console.log(\`printed: \${quoted}\`);
  expect(v1.text, \`GetAccountACHDetails: the answer \${v1.text} quotes \${quoted}\`).toBe(quoted);
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
  ['a full account number', new RegExp(`(?<![0-9])${ACCOUNT_NUMBER_PREFIX}[0-9]{4}(?![0-9])`, 'g')],
  ['a test card number', new RegExp(CARD, 'g')],
];

const filesUnder = (dir: string): string[] =>
  !fs.existsSync(dir)
    ? []
    : fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));

test('a credential echoed in a member of its own fails under the sensitive-data rule and is in clear in no output of the run', async () => {
  test.setTimeout(NESTED_RUN_MS + 60_000);
  await inTempDir('credential-echo-', async (dir) => {
    linkCheckout(dir, { 'financial-data/echo.spec.ts': FD_SPEC, 'installments/echo.spec.ts': IN_SPEC });
    const { command, args } = directCommand('npx', ['playwright', 'test', '--project', 'financial-data', '--project', 'installments']);
    const { code, output: console } = await spawnCollect(command, args, {
      cwd: dir,
      env: { ...withoutReportFiles(userEnv(path.join(dir, 'no.env'))), TARGET: 'mock', CI: '1', MOCK_FAULTS: FAULTS.join(',') },
      timeout: NESTED_RUN_MS,
    });
    expect(code, console.slice(-3000)).toBe(1);

    // Each fault is one cause, under its service's sensitive-data rule, on its operation.
    const certification = JSON.parse(fs.readFileSync(path.join(dir, 'reports/certification.json'), 'utf8'));
    const causes = certification.services.flatMap((s: { failures: { cause: string }[] }) => s.failures.map((g) => g.cause)).sort();
    expect(causes).toEqual([
      'FD-OBJ-SENSITIVE: GetCustomer',
      'FD-OBJ-SENSITIVE: GetCustomers',
      'FD-OBJ-SENSITIVE: GetInstitution',
      'FD-PAY-ACCOUNT-NUMBER: operation not told',
      'IN-OBJ-SENSITIVE: getPlan',
    ]);

    // Every output, as text: the files of reports/ and test-results/, each attachment inside the blob report, the console.
    const outputs: [string, string][] = [
      ...[...filesUnder(path.join(dir, 'reports')), ...filesUnder(path.join(dir, 'test-results'))].map(
        (f) => [path.relative(dir, f), fs.readFileSync(f, 'utf8')] as [string, string],
      ),
      ...filesUnder(path.join(dir, 'blob-report')).flatMap((f) =>
        blobTexts(f).map(({ where, text }) => [`${path.relative(dir, f)}#${where}`, text] as [string, string]),
      ),
      ['console', console],
    ];
    const kinds = (pattern: RegExp) => new Set(outputs.filter(([name]) => pattern.test(name)).map(([name]) => name)).size;
    // The run wrote every kind of output searched.
    expect([kinds(/certification\.(md|json|html)$/), kinds(/junit\.xml$/)]).toEqual([3, 1]);
    expect(kinds(/allure-results/) * kinds(/blob-report/)).toBeGreaterThan(0);
    const found = CREDENTIALS.flatMap(([what, pattern]) =>
      outputs.filter(([, text]) => (text.match(pattern) ?? []).length).map(([name]) => `${what} in ${name}`),
    );
    expect(found).toEqual([]);
    // The quoting check failed on its assertion, its message kept with the values masked.
    const events = outputs
      .filter(([name]) => name.endsWith('#report.jsonl'))
      .map(([, text]) => text)
      .join('\n');
    expect(events).toMatch(/the answer .*quotes \[REDACTED\] for \[REDACTED\] and card \*{12}1111/);
    // Not by luck: the echoes were seen, each marked where its exchange is kept.
    const all = outputs.map(([, text]) => text).join('\n');
    for (const kind of ['token', 'key', 'secret']) expect(all).toContain(`[REDACTED: full ${kind} echoed]`);
  });
});
