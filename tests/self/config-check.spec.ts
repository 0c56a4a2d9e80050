// Covers: the configuration check that opens `npm test` (scripts/check-config.ts): a bad .env
// value or a misspelled MOCK_FAULTS id is one line and exit 2 within a second or two, before
// typecheck and lint; a good configuration passes silently. Its main runs in this worker with the
// variables given (runInProcess); its command line is started by every `npm test` (a good
// configuration) and by the e2e commands (a misspelled fault id).
import path from 'node:path';
import { expect, test } from '../../fixtures/self.js';
import { configurationProblems, problemLine, SANDBOX_SERVICES } from '../../helpers/config/env-schema.js';
import { lockFile, readHolder, RUN_LOCK_ENV } from '../../helpers/verdict/run-lock.js';
import { runInProcess } from './commands.known.js';
import { expectOneErrorLine } from './support.known.js';

async function check(env: Record<string, string>): Promise<{ code: number; output: string }> {
  const { main } = await import('../../scripts/check-config.js');
  // The check runs for the run holding this checkout (this worker's), as a command that run starts does.
  const holder = readHolder(lockFile(path.resolve('reports')));
  if (!holder || holder === 'unreadable') throw new Error('no run holds this checkout');
  return runInProcess(main, [], { DOTENV_PATH: '/dev/null', [RUN_LOCK_ENV]: holder.token, ...env });
}

test('a misspelled MOCK_FAULTS id is one line naming it and the nearest known ids, exit 2', async () => {
  const run = await check({ MOCK_FAULTS: 'lock-after-fuor' });
  expectOneErrorLine(run, "unknown fault 'lock-after-fuor'");
  expect(run.output).toContain('lock-after-four');
});

test('a fault belongs to one service: a bare id two catalogues share is refused naming its qualified forms; service:id applies there only', async () => {
  const { unknownFaultsMessage } = await import('../../mocks/index.js');
  const { faultsFor } = await import('../../mocks/kit/faults.js');
  expect(unknownFaultsMessage(['bad-json-crashes'])).toMatch(
    /'bad-json-crashes', a fault of more than one service: name it with its service \(installments:bad-json-crashes, .*financial-data:bad-json-crashes/,
  );
  expect(unknownFaultsMessage(['installments:bad-json-crashes', 'lock-after-four'])).toBeUndefined();
  expect(unknownFaultsMessage(['installments:lock-after-four'])).toContain("unknown fault 'installments:lock-after-four'");
  const catalogue = [{ id: 'bad-json-crashes' }, { id: 'x' }] as never[];
  expect(faultsFor(catalogue, ['card-enrollment:bad-json-crashes', 'x'], 'card-enrollment')).toEqual(['bad-json-crashes', 'x']);
  expect(faultsFor(catalogue, ['card-enrollment:bad-json-crashes'], 'installments')).toEqual([]);
  // A renamed fault answers to the earlier id a recorded measure names (its alias).
  expect(faultsFor([{ id: 'new-name', aliases: ['old-name'] }] as never[], ['old-name'], 's')).toEqual(['new-name']);
  expect(unknownFaultsMessage(['blind-unknown-key-403'])).toBeUndefined();
});

test('a bad TARGET is one configuration line naming it, what was expected and what was found, exit 2', async () => {
  const { code, output } = await check({ MOCK_FAULTS: '', TARGET: 'bogus' });
  expect(code).toBe(2);
  expect(output.trim()).toBe('configuration error: TARGET: expected mock or sandbox, found "bogus"');
});

// The lines the script prints for each bad value.
test("a misspelled SANDBOX_OPERATIONS id is named (it would narrow its service to nothing); the contracts' ids pass", () => {
  expect(configurationProblems({ SANDBOX_OPERATIONS: 'GetCustomer,GetCustomre' }, []).map(problemLine)).toEqual([
    'SANDBOX_OPERATIONS: expected operationIds, comma-separated, found "GetCustomre" as item 2',
  ]);
  expect(configurationProblems({ SANDBOX_OPERATIONS: 'GetCustomer,putCard,savePlan' }, [])).toEqual([]);
});

test('a bad BREAKER_AFTER is one line; a count or off passes', () => {
  expect(configurationProblems({ BREAKER_AFTER: 'sometimes' }, []).map(problemLine)).toEqual([
    'BREAKER_AFTER: expected a positive whole number or off, found "sometimes"',
  ]);
  expect(configurationProblems({ BREAKER_AFTER: 'off' }, [])).toEqual([]);
  expect(configurationProblems({ BREAKER_AFTER: '5' }, [])).toEqual([]);
});

test('on a sandbox every bad value of a configured service is its own line; a secret is never shown', () => {
  const lines = configurationProblems(
    {
      TARGET: 'sandbox',
      CARD_BASE_URL: 'notaurl',
      FD_BASE_URL: 'https://fd.example',
      FD_APP_KEY: ' app-key-with-a-space',
      FD_ROUTING_NUMBER: '12345',
    },
    SANDBOX_SERVICES,
  ).map(problemLine);
  expect(lines.find((l) => l.startsWith('CARD_BASE_URL:'))).toContain('found "notaurl"');
  expect(lines.find((l) => l.startsWith('FD_APP_KEY:'))).toBe(
    'FD_APP_KEY: expected the app key, on one line, found a value of 21 characters (not shown) with a space at its start',
  );
  expect(lines.find((l) => l.startsWith('FD_ROUTING_NUMBER:'))).toContain('found "12345"');
  expect(lines.join('\n')).not.toContain('app-key-with-a-space');
  // Installments is not configured (no base URL): none of its variables is asked for.
  expect(lines.some((l) => l.startsWith('INSTALLMENTS_'))).toBe(false);
});

test('known fault ids and a good configuration pass silently', async () => {
  expect(await check({ MOCK_FAULTS: 'lock-after-four,panBin-whole-pan', TARGET: 'mock' })).toEqual({ code: 0, output: '' });
});
