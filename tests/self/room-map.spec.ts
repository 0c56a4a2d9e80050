// Covers: docs/architecture.md, its room map against the tree. Every folder under helpers/, tools/
// and mocks/ is named in the map's first column, and every folder the page names under them
// exists: the map a newcomer reads is the floor plan of the code as it is.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../../fixtures/self.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const ROOTS = ['helpers', 'tools', 'mocks'];
const PAGE = path.join(ROOT, 'docs', 'architecture.md');
/** A folder under one of the roots, as the page writes it: `helpers/client/guest/`. */
const FOLDER = /`((?:helpers|tools|mocks)(?:\/[a-z0-9][a-z0-9-]*)+\/)`/g;

function foldersUnder(root: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, root), { recursive: true, withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => `${path.relative(ROOT, path.join(d.parentPath, d.name)).split(path.sep).join('/')}/`);
}

function roomMap(): { mapped: Set<string>; named: Set<string> } {
  const text = fs.readFileSync(PAGE, 'utf8');
  const section = text.slice(text.indexOf('## Room map'), text.indexOf('\n## ', text.indexOf('## Room map') + 1));
  // The map's first column: the folder a row is about.
  const mapped = new Set(
    section
      .split('\n')
      .filter((l) => l.startsWith('| `'))
      .flatMap((l) => [...l.split('|')[1].matchAll(FOLDER)].map((m) => m[1])),
  );
  const named = new Set([...text.matchAll(FOLDER)].map((m) => m[1]));
  return { mapped, named };
}

test('the room map of docs/architecture.md names every folder under helpers/, tools/ and mocks/', () => {
  const { mapped } = roomMap();
  const missing = ROOTS.flatMap(foldersUnder).filter((f) => !mapped.has(f));
  expect(missing, 'folders of the tree without a row in the room map').toEqual([]);
});

test('docs/architecture.md names no folder under helpers/, tools/ or mocks/ that does not exist', () => {
  const { mapped, named } = roomMap();
  expect(mapped.size, 'the room map has rows').toBeGreaterThan(ROOTS.length);
  const absent = [...named].filter((f) => !fs.existsSync(path.join(ROOT, f)) || !fs.statSync(path.join(ROOT, f)).isDirectory());
  expect(absent, 'folders the page names that the tree does not have').toEqual([]);
});
