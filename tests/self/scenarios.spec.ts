// The documented scenarios (helpers/client/properties.ts Scenario): every reference model exports its scenarios beside its
// commands, each naming known shapes and citing statements of its service's index, and `certify --replay` reads a seed as the
// annotation prints it.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { SCENARIO_KINDS, unknownCitations, type Scenario } from '../../helpers/client/properties.js';
import { replayEnv } from '../../scripts/certify.js';

const MODELS = path.resolve('fixtures/models');
const files = fs
  .readdirSync(MODELS, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.model.ts'))
  .sort();

test('every reference model has documented scenarios for each of its command sets, of known shapes, citing statements that exist', async () => {
  const problems: string[] = [];
  for (const file of files) {
    const mod = (await import(path.join(MODELS, file))) as Record<string, unknown>;
    const commands = Object.keys(mod).filter((k) => k.endsWith('Commands'));
    const scenarios = Object.keys(mod).filter((k) => k.endsWith('Scenarios'));
    if (scenarios.length < commands.length) problems.push(`${file}: ${commands.length} command sets, ${scenarios.length} scenario sets`);
    for (const name of scenarios) {
      const list = (mod[name] as () => Scenario<unknown>[])();
      if (!list.length) problems.push(`${file} ${name}: no scenario`);
      for (const s of list) {
        const unknownKinds = s.kinds.filter((k) => !(SCENARIO_KINDS as readonly string[]).includes(k));
        if (!s.kinds.length || unknownKinds.length) problems.push(`${file} ${name} "${s.says}": shapes ${JSON.stringify(s.kinds)}`);
        if (!s.cites.length || unknownCitations(s.cites).length)
          problems.push(`${file} ${name} "${s.says}": cites ${unknownCitations(s.cites).join(', ') || 'nothing'}`);
      }
    }
  }
  expect(files.length).toBeGreaterThan(10);
  expect(problems, problems.join('\n')).toEqual([]);
});

test('certify --replay takes a seed, or a seed and a path for one check named by --grep', () => {
  expect(replayEnv(undefined, undefined)).toEqual({});
  expect(replayEnv('-646531043', undefined)).toEqual({ FC_SEED: '-646531043' });
  expect(replayEnv('11:2:0', 'consumer calls')).toEqual({ FC_SEED: '11', FC_PATH: '2:0' });
  expect(() => replayEnv('11:2', undefined)).toThrow(/--grep/);
  expect(() => replayEnv('2147483648', undefined)).toThrow(/-2147483648 to 2147483647/);
  expect(() => replayEnv('seed', undefined)).toThrow(/<seed>\[:<path>\]/);
});
