// A provider's published Postman collection, read from the path the user gives (`npm run replay`):
// checked to be a Postman v2 collection, never copied anywhere. The replay runs an in-memory copy
// whose base URL variables point at the embedded mock.
import fs from 'node:fs';

/** The collection as parsed (Postman collection format v2.0 / v2.1: info, item, variable, event, auth). */
export interface PostmanCollection {
  info: { name?: string; schema: string };
  item: unknown[];
  variable?: { key?: string; value?: unknown; disabled?: boolean }[];
  [member: string]: unknown;
}

/** Bad input (file, format, service): one line for the command (tools/cli.ts prints the first line, exit 2). */
export class ReplayInputError extends Error {}

// The schema URL every v2 export names (https://schema.getpostman.com/json/collection/v2.1.0/collection.json).
const V2_SCHEMA = /\/collection\/v2\.[0-9]+\.[0-9]+\//;

/** Reads and checks the collection file: it exists, is JSON, and is a Postman v2 collection. */
export function readCollection(file: string): PostmanCollection {
  if (!fs.existsSync(file)) throw new ReplayInputError(`collection not found: ${file}`);
  if (!fs.statSync(file).isFile()) throw new ReplayInputError(`collection is not a file: ${file}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ReplayInputError(`${file} is not JSON: ${(error as Error).message.split('\n')[0]}`);
  }
  const doc = parsed as Partial<PostmanCollection> | null;
  const schema = doc && typeof doc === 'object' && doc.info && typeof doc.info === 'object' ? doc.info.schema : undefined;
  if (typeof schema !== 'string' || !V2_SCHEMA.test(schema) || !Array.isArray(doc!.item)) {
    throw new ReplayInputError(`${file} is not a Postman v2 collection (expected info.schema naming collection/v2.x and an item list)`);
  }
  return doc as PostmanCollection;
}

/** A collection variable naming the API's base URL: baseUrl, base_url, apiUrl, hostUrl, serverUrl, host. */
const isBaseUrlVariable = (key: string): boolean => /^((base|api|host|server|gateway)[-_]?(url|uri)|host)$/i.test(key);

/** A copy of the collection whose base URL variables name `baseURL`; the names it changed. */
export function pointedAt(collection: PostmanCollection, baseURL: string): { collection: PostmanCollection; overridden: string[] } {
  const copy = structuredClone(collection);
  const overridden: string[] = [];
  for (const v of copy.variable ?? []) {
    if (!v.key || v.disabled || !isBaseUrlVariable(v.key)) continue;
    v.value = baseURL;
    overridden.push(v.key);
  }
  return { collection: copy, overridden };
}

/** The origins of absolute URLs the collection writes outside its base URL variables: routed to a local receiver, never the Internet. */
export function outboundOrigins(collection: PostmanCollection): string[] {
  const found = new Set<string>();
  for (const match of JSON.stringify(collection).matchAll(/https?:\/\/[A-Za-z0-9.-]+(?::[0-9]+)?/g)) {
    try {
      found.add(new URL(match[0]).origin);
    } catch {
      // not a URL after all
    }
  }
  return [...found];
}
