// Covers: tools/types/generate.ts, the check in `npm test` that the operation types generated from
// the contracts are current: it passes on the tree as committed and names a file edited by hand,
// a file made from other contract files, and a missing file (copies in a temporary folder).
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../../fixtures/self.js';
import { inTempDir } from './support.known.js';
import { GENERATED_DIR, generatedFile, staleTypes } from '../../tools/types/generate.js';

test('the generated operation types are current, and the check names a hand edit, another contract and a missing file', () => {
  expect(staleTypes()).toEqual([]);
  return inTempDir('generated-types-', async (dir) => {
    for (const f of fs.readdirSync(GENERATED_DIR)) fs.copyFileSync(path.join(GENERATED_DIR, f), path.join(dir, f));
    expect(staleTypes(dir)).toEqual([]);
    const card = generatedFile('card-enrollment', dir);
    fs.writeFileSync(card, fs.readFileSync(card, 'utf8').replace('"/cards"', '"/cardz"'));
    const installments = generatedFile('installments', dir);
    fs.writeFileSync(installments, fs.readFileSync(installments, 'utf8').replace(/\(contract \w+,/, '(contract 0000000000000000,'));
    fs.rmSync(generatedFile('financial-data', dir));
    const problems = staleTypes(dir).join('\n');
    expect(problems).toMatch(/card-enrollment\.generated\.ts was edited by hand/);
    expect(problems).toMatch(/installments\.generated\.ts was made from another version of schemas\/installments\//);
    expect(problems).toMatch(/financial-data\.generated\.ts is missing/);
  });
});
