// What to edit for a change of the diff: the contract file that holds the component or operation
// (schemas/<service>/openapi.yaml, or for a split contract its components/<resource>.yaml and
// paths/<resource>.yaml), the rule catalogue file of each rule resting on it, and the spec files
// of the checks citing those rules. Found by reading the files' text, not by bundling.
import fs from 'node:fs';
import path from 'node:path';
import { rulesParts } from '../../helpers/contract/rules.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

export interface EditIndex {
  /** `schemas/Name`, `parameters/Name`, `responses/Name` -> the contract file defining it. */
  components: Map<string, string>;
  /** operationId -> the contract file defining the operation. */
  operations: Map<string, string>;
  /** rule id -> the catalogue file listing it. */
  rules: Map<string, string>;
}

const SECTIONS = new Set(['schemas', 'parameters', 'responses', 'headers', 'requestBodies', 'securitySchemes']);

function yamlFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? yamlFiles(path.join(dir, e.name)) : e.name.endsWith('.yaml') ? [path.join(dir, e.name)] : []));
}

export function editIndex(service: string, root = ROOT): EditIndex {
  const index: EditIndex = { components: new Map(), operations: new Map(), rules: new Map() };
  const folder = path.join(root, 'schemas', service);
  const rel = (f: string) => path.relative(root, f);
  const catalogue = new Set(rulesParts(service).map((f) => path.resolve(f)));
  // The entry point last: in a split contract it only points at the files defining each component.
  const entry = path.join(folder, 'openapi.yaml');
  for (const file of yamlFiles(folder).sort((a, b) => Number(a === entry) - Number(b === entry) || a.localeCompare(b))) {
    if (catalogue.has(path.resolve(file)) || path.basename(file) === 'deviations.yaml') continue;
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    // A section key (`schemas:` at the top of a components file, or under `components:`) and its
    // entries one indentation step deeper.
    let section: { name: string; indent: number } | undefined;
    for (const line of lines) {
      const m = /^( *)([A-Za-z0-9_.-]+):\s*(#.*)?$/.exec(line);
      const op = /^\s*operationId:\s*['"]?([^'"\s#]+)/.exec(line);
      if (op && !index.operations.has(op[1])) index.operations.set(op[1], rel(file));
      if (!m) continue;
      const indent = m[1].length;
      if (section && indent <= section.indent) section = undefined;
      if (SECTIONS.has(m[2]) && !section) section = { name: m[2], indent };
      else if (section && indent > section.indent) {
        const key = `${section.name}/${m[2]}`;
        // Only the first level under the section (its entries, two spaces in), not their own keys.
        if (indent === section.indent + 2 && !index.components.has(key)) index.components.set(key, rel(file));
      }
    }
  }
  for (const file of rulesParts(service)) {
    if (!fs.existsSync(file)) continue;
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/\bid:\s*['"]?([A-Z][A-Z0-9-]+)/g))
      if (!index.rules.has(m[1])) index.rules.set(m[1], rel(file));
  }
  return index;
}
