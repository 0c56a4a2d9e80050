// A later version as its changes to the base (docs/version-bump.md): schemas/<service>/versions/<version>/overlay.yaml and
// overlay/ parts in name order, each may `remove` nodes (JSON pointers, first) and `merge` a tree (objects member by member,
// other values replaced); its `info.version` becomes the contract's. Shared facts are written once.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { versionFile, versionFolder } from './versions.js';

/** A parsed OpenAPI document or part of one (contract.ts's Json, not imported: contract.ts reads this module). */
type Json = any;

interface Overlay {
  version: string;
  /** JSON pointers (RFC 6901) of the nodes the version no longer has. */
  remove: string[];
  /** What the version adds or replaces, as a part of an OpenAPI document. */
  merge: Json[];
  /** Where it was read from, for errors. */
  label: string;
}

/** Reads a version's overlay; a malformed one is a one-line error naming the file. */
export function readOverlay(service: string, version: string): Overlay {
  const main = versionFile(service, 'overlay.yaml', version);
  const label = path.relative(process.cwd(), main) || main;
  if (!fs.existsSync(main)) throw new Error(`${service} contract ${version}: ${label} is missing`);
  const partsDir = path.join(versionFolder(service, version), 'overlay');
  const parts = fs.existsSync(partsDir)
    ? fs
        .readdirSync(partsDir)
        .filter((f) => f.endsWith('.yaml'))
        .sort()
        .map((f) => path.join(partsDir, f))
    : [];
  const overlay: Overlay = { version, remove: [], merge: [], label };
  for (const file of [main, ...parts]) {
    const doc = parse(fs.readFileSync(file, 'utf8')) ?? {};
    const where = path.relative(process.cwd(), file) || file;
    if (file === main && String(doc.info?.version) !== version)
      throw new Error(`${where}: info.version is ${doc.info?.version}, its folder says ${version}`);
    if (
      doc.remove !== undefined &&
      !(Array.isArray(doc.remove) && doc.remove.every((p: unknown) => typeof p === 'string' && p.startsWith('/')))
    )
      throw new Error(`${where}: remove must be a list of JSON pointers`);
    overlay.remove.push(...(doc.remove ?? []));
    if (doc.merge !== undefined) overlay.merge.push(doc.merge);
  }
  return overlay;
}

const unescapeToken = (token: string) => token.replace(/~1/g, '/').replace(/~0/g, '~');

function mergeInto(target: Json, patch: Json): void {
  for (const [key, value] of Object.entries<Json>(patch)) {
    if (
      value &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      target[key] &&
      typeof target[key] === 'object' &&
      !Array.isArray(target[key])
    )
      mergeInto(target[key], value);
    else target[key] = structuredClone(value);
  }
}

/** The base document with the overlay applied (a copy; the base is left as it is). */
export function applyOverlay(base: Json, overlay: Overlay): Json {
  const document = structuredClone(base);
  for (const pointer of overlay.remove) {
    const tokens = pointer.slice(1).split('/').map(unescapeToken);
    const last = tokens.pop()!;
    const parent = tokens.reduce((node: Json, token) => node?.[token], document);
    if (!parent || !(last in parent)) throw new Error(`${overlay.label}: remove ${pointer}: no such node in the base contract`);
    delete parent[last];
  }
  for (const part of overlay.merge) mergeInto(document, part);
  document.info = { ...document.info, version: overlay.version };
  return document;
}
