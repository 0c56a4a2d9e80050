// Reading the two documents of a contract diff: a published OpenAPI document from a path (YAML or
// JSON, parsed with Redocly's YAML reader, several times faster than the `yaml` package on a 2 MB
// document), or the suite's own bundled contract. Bad input is one line (tools/cli.ts).
import fs from 'node:fs';
import path from 'node:path';
import { parseYaml } from '@redocly/openapi-core';
import { loadContract, type Json } from '../../helpers/contract/contract.js';

export class DocumentError extends Error {}

export interface DiffDocument {
  /** What the report calls it: a file path, or `the suite's contract`. */
  label: string;
  title: string;
  version: string;
  doc: Json;
}

// Stray control characters occur in public mirrors (reference/installments.md); YAML refuses them.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this strips from a document label
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/g;

export function readDocumentFile(file: string): DiffDocument {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new DocumentError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  let doc: Json;
  try {
    doc = parseYaml(text.replace(CONTROL, ''));
  } catch (error) {
    throw new DocumentError(`${file} is not YAML or JSON: ${(error as Error).message.split('\n')[0]}`);
  }
  const label = path.relative(process.cwd(), path.resolve(file)) || file;
  // A provider facts file (tools/diff/provider-facts.ts) is compared as the skeleton document it holds.
  if (doc && typeof doc === 'object' && typeof doc.sha256 === 'string' && doc.source && doc.document && typeof doc.document === 'object')
    return asDocument(doc.document, `${label} (provider facts of ${doc.source.file} ${doc.source.version})`);
  return asDocument(doc, label);
}

export function asDocument(doc: Json, label: string): DiffDocument {
  if (!doc || typeof doc !== 'object' || !/^3\./.test(String(doc.openapi ?? '')) || typeof doc.paths !== 'object' || doc.paths === null) {
    throw new DocumentError(`${label} is not an OpenAPI 3.x document (no 'openapi: 3.x' and 'paths')`);
  }
  return { label, title: String(doc.info?.title ?? ''), version: String(doc.info?.version ?? ''), doc };
}

/** The suite's own contract of a service, bundled as the suite uses it. */
export async function suiteDocument(service: string): Promise<DiffDocument> {
  const contract = await loadContract(service);
  return asDocument(contract.document, `the suite's contract (schemas/${service})`);
}
