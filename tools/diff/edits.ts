// What to edit for a change of the diff: the contract file that holds the component or operation
// (schemas/<service>/openapi.yaml, or for a split contract its components/<resource>.yaml and
// paths/<resource>.yaml), the rule catalogue file of each rule resting on it, and the spec files
// of the checks citing those rules. Found by reading the files' text, not by bundling.
import fs from 'node:fs';
import path from 'node:path';
import type { Json } from '../../helpers/contract/contract.js';
import { rulesParts } from '../../helpers/contract/rules.js';
import { componentUsers } from './normalize.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

export interface EditIndex {
  /** `schemas/Name`, `parameters/Name`, `responses/Name` -> the contract file defining it. */
  components: Map<string, string>;
  /** operationId -> the contract file defining the operation. */
  operations: Map<string, string>;
  /** rule id -> the catalogue file listing it. */
  rules: Map<string, string>;
  /**
   * `schemas/Name`, `responses/Name`... -> the operations of our contract that reach it (through
   * any chain of $refs): who else an edit of a shared component changes (componentUsers).
   */
  users?: Map<string, Set<string>>;
  /** operationId -> the operation as our contract writes it (its responses and parameters, $refs unresolved). */
  operationNodes?: Map<string, Json>;
  /** Our contract, bundled. */
  document?: Json;
}

/** The component an operation's own entry (`response 404`, `query parameter limit`) points at in our contract, if it is a $ref. */
export function entryComponent(index: EditIndex, operationId: string, place: string): string | undefined {
  const op = index.operationNodes?.get(operationId);
  if (!op) return undefined;
  const ref = (node: Json): string | undefined =>
    typeof node?.$ref === 'string' && node.$ref.startsWith('#/components/') ? node.$ref.slice('#/components/'.length) : undefined;
  const status = /^response (\S+)/.exec(place)?.[1];
  if (status) return ref(op.responses?.[status]);
  const param = /^(\S+) parameter (\S+)/.exec(place);
  if (!param) return undefined;
  return (op.parameters ?? []).map(ref).find((name: string | undefined) => {
    const node = name?.startsWith('parameters/') ? index.document?.components?.parameters?.[name.slice('parameters/'.length)] : undefined;
    return node?.in === param[1] && node?.name === param[2];
  });
}

/** What an edit index knows of our contract's document itself: who uses each component, each operation. */
export const documentIndex = (doc: Json): Pick<EditIndex, 'users' | 'operationNodes' | 'document'> => ({
  users: componentUsers(doc),
  operationNodes: operationNodes(doc),
  document: doc,
});

/** Each operation of a document by its operationId. */
function operationNodes(doc: Json): Map<string, Json> {
  const out = new Map<string, Json>();
  for (const item of Object.values<Json>(doc.paths ?? {}))
    for (const [method, op] of Object.entries<Json>(item ?? {}))
      if (method !== 'parameters' && typeof op?.operationId === 'string') out.set(op.operationId, op);
  return out;
}

const SECTIONS = new Set(['schemas', 'parameters', 'responses', 'headers', 'requestBodies', 'securitySchemes']);

function yamlFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? yamlFiles(path.join(dir, e.name)) : e.name.endsWith('.yaml') ? [path.join(dir, e.name)] : []));
}

export function editIndex(service: string, root = ROOT, contract?: Json): EditIndex {
  const index: EditIndex = {
    components: new Map(),
    operations: new Map(),
    rules: new Map(),
    ...(contract ? documentIndex(contract) : {}),
  };
  const folder = path.join(root, 'schemas', service);
  const rel = (f: string) => path.relative(root, f);
  const catalogue = new Set(rulesParts(service).map((f) => path.resolve(f)));
  // The entry point last: in a split contract it only points at the files defining each component.
  const entry = path.join(folder, 'openapi.yaml');
  for (const file of yamlFiles(folder).sort((a, b) => Number(a === entry) - Number(b === entry) || a.localeCompare(b))) {
    if (catalogue.has(path.resolve(file)) || path.basename(file) === 'deviations.yaml') continue;
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    // A section key (`schemas:` of a components file, or under `components:`), its entries one step deeper.
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
