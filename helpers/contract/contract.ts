// Contract loading: one OpenAPI 3.1 document per service (schemas/<service>/openapi.yaml, split
// with $ref once large), bundled with Redocly, compiled into the one Ajv instance.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ValidateFunction } from 'ajv';
import { ajv } from './ajv.js';
import type { OperationId } from './operations.js';
import { applyOverlay, readOverlay } from './overlay.js';
import { baseVersion, chosenVersion, isBaseVersion, SCHEMAS } from './versions.js';

/** An OpenAPI document, or any part of one (a schema, a parameter), as parsed: untyped JSON at this level. The one alias of the suite. */
export type Json = any;

/** The component a node's `$ref` names (its last segment), if it is one. */
export const refName = (node: Json): string | undefined => (typeof node?.$ref === 'string' ? node.$ref.split('/').pop() : undefined);

/**
 * A node with its local `$ref`s followed within `document` (RFC 6901 pointers), stopping early at a node `stop` accepts;
 * undefined where a reference leads nowhere or outside the document.
 */
export function deref(document: Json, node: Json, stop?: (node: Json) => unknown): Json {
  let current = node;
  for (let i = 0; current?.$ref && !stop?.(current) && i < 20; i++) {
    const ref = String(current.$ref);
    if (!ref.startsWith('#/')) return undefined;
    current = ref
      .slice(2)
      .split('/')
      .reduce((acc: Json, key) => acc?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], document);
  }
  return current;
}

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: Json;
  /**
   * `x-made-when-absent`: a request header the target makes of its own when the caller sends none, and answers on every answer
   * declaring it (provider 2.0.0 approvedOffers' Correlation-Id); judged by the header echo check (requestHeaderEchoConformance).
   */
  madeWhenAbsent?: boolean;
}

export interface ResponseSpec {
  status: string;
  /** Media types the contract declares for this status ([] = no body). */
  contentTypes: string[];
  /** Schema of the first media type (the one a JSON body is checked against by default). */
  schema?: Json;
  /** Schema per declared media type (a 401 may be JSON or text/plain, provider 1.35.0). */
  schemas: Record<string, Json | undefined>;
  headers: Record<string, { required: boolean; schema: Json }>;
}

export interface Operation {
  service: string;
  operationId: string;
  method: string;
  /** Path template as in the contract, e.g. /plans/{plan_id}. */
  path: string;
  tags: string[];
  parameters: Parameter[];
  /** The request body; `contentTypes` are the media types its `content` declares, as written. */
  requestBody?: { required: boolean; schema?: Json; contentTypes?: string[] };
  responses: Record<string, ResponseSpec>;
  /** Security requirement alternatives: each lists scheme names that must all be present. */
  security: string[][];
  /** `x-assumption` on the operation or the whole document: the operation rests on a reference page. */
  assumption?: string;
}

/** Strips `x-*` extension keys and points component refs at their Ajv ids. */
function prepare(service: string, node: Json): Json {
  if (Array.isArray(node)) return node.map((n) => prepare(service, n));
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('x-')) continue;
    if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')) {
      out.$ref = schemaId(service, value.slice('#/components/schemas/'.length));
    } else out[key] = prepare(service, value);
  }
  return out;
}

export function schemaId(service: string, name: string): string {
  return `contract://${service}/components/schemas/${name}`;
}

/** Where a check's rule comes from (docs/conventions.md, Sources): the seed, the provider's
 * published document, or a decision of the reference page. */
export type SourceClass = 'seed' | 'provider' | 'assumption';
export const SOURCE_CLASSES: readonly SourceClass[] = ['seed', 'provider', 'assumption'];

export class Contract {
  readonly operations = new Map<string, Operation>();
  readonly version: string;
  /** Class of this service's untagged checks: the document's `x-source` (seed unless it says otherwise). */
  readonly defaultSource: SourceClass;
  readonly title: string;
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(
    readonly service: string,
    readonly document: Json,
  ) {
    this.version = String(document.info?.version ?? 'unknown');
    this.title = String(document.info?.title ?? service);
    const declared = document['x-source'] ?? (document['x-assumption'] ? 'assumption' : 'seed');
    if (!SOURCE_CLASSES.includes(declared))
      throw new Error(`${service} contract: x-source '${declared}' is not one of ${SOURCE_CLASSES.join(', ')}`);
    this.defaultSource = declared;
    for (const [name, schema] of Object.entries<Json>(document.components?.schemas ?? {})) {
      const id = schemaId(service, name);
      if (!ajv.getSchema(id)) ajv.addSchema(prepare(service, schema), id);
    }
    this.readOperations();
  }

  /** Follows a local `$ref` (parameters, responses, request bodies, headers); one that leads nowhere is an error of the contract. */
  private deref(node: Json): Json {
    const current = deref(this.document, node);
    if (current === undefined && node !== undefined) throw new Error(`${this.service}: unresolved $ref ${node.$ref}`);
    return current;
  }

  private readOperations() {
    const globalSecurity = this.document.security ?? [];
    for (const [route, rawItem] of Object.entries<Json>(this.document.paths ?? {})) {
      const item = this.deref(rawItem);
      for (const method of HTTP_METHODS) {
        const op = item[method];
        if (!op) continue;
        const parameters = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p: Json) => {
          const param = this.deref(p);
          return {
            name: param.name,
            in: param.in,
            required: Boolean(param.required),
            schema: param.schema ?? {},
            ...(param['x-made-when-absent'] === true ? { madeWhenAbsent: true } : {}),
          };
        });
        const body = op.requestBody ? this.deref(op.requestBody) : undefined;
        const responses: Record<string, ResponseSpec> = {};
        for (const [status, raw] of Object.entries<Json>(op.responses ?? {})) {
          const response = this.deref(raw);
          const content = response.content ?? {};
          const headers: ResponseSpec['headers'] = {};
          for (const [name, h] of Object.entries<Json>(response.headers ?? {})) {
            const header = this.deref(h);
            headers[name.toLowerCase()] = { required: Boolean(header.required), schema: header.schema ?? {} };
          }
          const media = Object.keys(content);
          const schemas = Object.fromEntries(media.map((m) => [m.toLowerCase(), content[m]?.schema]));
          responses[status] = {
            status,
            contentTypes: media,
            schema: media.length ? content[media[0]].schema : undefined,
            schemas,
            headers,
          };
        }
        const security = (op.security ?? globalSecurity).map((req: Json) => Object.keys(req));
        this.operations.set(op.operationId, {
          service: this.service,
          operationId: op.operationId,
          method: method.toUpperCase(),
          path: route,
          tags: op.tags ?? [],
          parameters,
          requestBody: body
            ? {
                required: Boolean(body.required),
                schema: body.content?.['application/json']?.schema,
                contentTypes: Object.keys(body.content ?? {}),
              }
            : undefined,
          responses,
          security,
          assumption: op['x-assumption'] ?? this.document['x-assumption'],
        });
      }
    }
  }

  /** The operation of a literal id (OperationId: a compile error otherwise); an id read at run time goes through `operationOf`. */
  operation(operationId: OperationId): Operation {
    return this.operationOf(operationId);
  }

  /** The operation of an id read at run time: an unknown one is a one-line error. */
  operationOf(operationId: string): Operation {
    const op = this.operations.get(operationId);
    if (!op) throw new Error(`${this.service}: no operation ${operationId} in the contract`);
    return op;
  }

  /**
   * The operation a concrete path answers to (`/customers/123/accounts` -> `/customers/{customerId}/accounts`), or undefined;
   * a literal segment wins over a path parameter (`/customers/testing` first), as a router matches.
   */
  operationAt(method: string, pathname: string): Operation | undefined {
    const segments = pathname.split('/');
    let best: { op: Operation; params: number } | undefined;
    for (const op of this.operations.values()) {
      if (op.method !== method.toUpperCase()) continue;
      const template = op.path.split('/');
      if (template.length !== segments.length) continue;
      let params = 0;
      const matches = template.every((t, i) => (/^\{[^}]+\}$/.test(t) ? (params++, segments[i] !== '') : t === segments[i]));
      if (matches && (!best || params < best.params)) best = { op, params };
    }
    return best?.op;
  }

  /** Validator for any schema of this contract (inline or `$ref`), compiled once and cached. */
  validator(key: string, schema: Json): ValidateFunction {
    const cacheKey = `${this.service}:${key}`;
    const cached = this.validators.get(cacheKey);
    if (cached) return cached;
    const fn = ajv.compile(prepare(this.service, schema));
    this.validators.set(cacheKey, fn);
    return fn;
  }

  /** Validator for a named component schema (`components.schemas.<name>`). */
  component(name: string): ValidateFunction {
    const fn = ajv.getSchema(schemaId(this.service, name));
    if (!fn) throw new Error(`${this.service}: no component schema ${name}`);
    return fn;
  }

  /** The raw component schema (for tests that read limits from the contract). */
  componentSchema(name: string): Json {
    return this.document.components?.schemas?.[name];
  }

  /** A schema node with its component `$ref`s followed to the schema itself (a node without one as it is). */
  resolveSchema(node: Json): Json {
    let current = node;
    for (let i = 0; i < 10 && typeof current?.$ref === 'string'; i++) current = this.componentSchema(current.$ref.split('/').pop()!);
    return current;
  }

  /** An operation's response body validator at a status (undefined: no body). Typed like `operation` (else `responseValidatorOf`). */
  responseValidator(operationId: OperationId, status: string): ValidateFunction | undefined {
    return this.responseValidatorOf(operationId, status);
  }

  /** `responseValidator` of an id read at run time: an unknown one is a one-line error. */
  responseValidatorOf(operationId: string, status: string): ValidateFunction | undefined {
    const spec = this.operationOf(operationId).responses[status];
    return spec?.schema ? this.validator(`response:${operationId}:${status}`, spec.schema) : undefined;
  }

  /** The validator of an operation's JSON request body (undefined when it declares none); typed like `operation`. */
  requestValidator(operationId: OperationId): ValidateFunction | undefined {
    return this.requestValidatorOf(operationId);
  }

  /** `requestValidator` of an id read at run time: an unknown one is a one-line error. */
  requestValidatorOf(operationId: string): ValidateFunction | undefined {
    const schema = this.operationOf(operationId).requestBody?.schema;
    return schema ? this.validator(`request:${operationId}`, schema) : undefined;
  }
}

const cache = new Map<string, Promise<Contract>>();
// Bundled contracts on disk, keyed by the hash of the contract files: a new worker starts after every failed test, and
// bundling is most of its start-up (a failing run must not cost ten times a passing one). Any edit changes the key.
const DISK_CACHE = path.resolve(import.meta.dirname, '..', '..', 'node_modules', '.cache', 'contract-suite');

/** Hash of a service's contract files (every YAML file under schemas/<service>/ but those `leaveOut` matches): any edit changes it. */
export function contractFilesHash(service: string, leaveOut?: RegExp): string {
  const folder = path.join(SCHEMAS, service);
  const hash = createHash('sha256');
  const files = fs
    .readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => /\.ya?ml$/.test(f) && !leaveOut?.test(f))
    .sort();
  for (const f of files)
    hash
      .update(f)
      .update('\0')
      .update(fs.readFileSync(path.join(folder, f)))
      .update('\0');
  return hash.digest('hex').slice(0, 16);
}

/** A version's contract (the chosen by default: versions.ts) bundled: the base with a later version's overlay (cached on disk). */
export async function bundledDocument(service: string, version: string = chosenVersion(service)): Promise<Json> {
  if (!isBaseVersion(service, version))
    return applyOverlay(await bundledDocument(service, baseVersion(service)), readOverlay(service, version));
  const file = path.join(DISK_CACHE, `${service}-${contractFilesHash(service)}.json`);
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    // Not cached yet (or unreadable): bundle, then cache for the next worker.
  }
  const ref = path.join(SCHEMAS, service, 'openapi.yaml');
  // Loaded only on a cache miss: Redocly is the heaviest module a worker would import (fast on a broken target: a
  // worker restarted after a failed check should cost little).
  const { bundle, loadConfig } = await import('@redocly/openapi-core');
  const config = await loadConfig({});
  const result = await bundle({ ref, config, dereference: false });
  const problems = result.problems.filter((p) => p.severity === 'error');
  if (problems.length) throw new Error(`${service} contract: ${problems[0].message}`);
  try {
    fs.mkdirSync(DISK_CACHE, { recursive: true });
    // Written whole then renamed, so a parallel worker never reads half a file.
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(result.bundle.parsed));
    fs.renameSync(tmp, file);
    // Older versions of this contract are dead weight.
    for (const old of fs.readdirSync(DISK_CACHE))
      if (old.startsWith(`${service}-`) && old.endsWith('.json') && path.join(DISK_CACHE, old) !== file)
        fs.rmSync(path.join(DISK_CACHE, old), { force: true });
  } catch {
    // A read-only tree only loses the cache.
  }
  return result.bundle.parsed;
}

/**
 * Loads (once per process; bundled once per version on disk) a service's contract, the chosen version by default. Another
 * version (a mock's FD_MOCK_VERSION) keeps its schemas apart in the one Ajv instance under `financial-data~1.42.0`.
 */
export function loadContract(service: string, version: string = chosenVersion(service)): Promise<Contract> {
  const key = `${service}@${version}`;
  let pending = cache.get(key);
  if (!pending) {
    const name = version === chosenVersion(service) ? service : `${service}~${version}`;
    pending = bundledDocument(service, version).then((document) => new Contract(name, document));
    cache.set(key, pending);
  }
  return pending;
}
