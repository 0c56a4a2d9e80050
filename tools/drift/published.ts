// A published OpenAPI document (the provider's, read from a path the user gives by
// tools/diff/documents.ts readDocumentFile; never committed): local $ref resolution, and its schemas
// turned into JSON Schema 2020-12 for the suite's one Ajv instance, so an example can be checked against the document's
// own schema ("is the example consistent with its own document?") as well as against our contract.
import type { ValidateFunction } from 'ajv';
import { ajv } from '../../helpers/contract/ajv.js';
import { deref, type Json } from '../../helpers/contract/contract.js';

/** JSON Schema keywords kept from a published schema; anything else (x-*, nullable, xml...) is dropped. */
const KEEP = new Set(
  `type properties required items enum const format pattern minLength maxLength minimum maximum exclusiveMinimum
  exclusiveMaximum multipleOf minItems maxItems uniqueItems additionalProperties allOf anyOf oneOf not $ref
  minProperties maxProperties default`.split(/\s+/),
);

export class PublishedDocument {
  private readonly validators = new Map<string, ValidateFunction | Error>();
  private readonly idPrefix: string;

  constructor(
    readonly doc: Json,
    name: string,
  ) {
    this.idPrefix = `published://${name}-${Date.now()}/components/schemas/`;
    for (const [key, schema] of Object.entries<Json>(doc.components?.schemas ?? {})) {
      ajv.addSchema(this.toJsonSchema(schema), this.idPrefix + key);
    }
  }

  /** Follows local `$ref`s (responses, request bodies, parameters, examples). */
  deref(node: Json): Json {
    return deref(this.doc, node);
  }

  /** OpenAPI 3.0 schema -> JSON Schema 2020-12 (nullable, boolean exclusive bounds, known formats only). */
  toJsonSchema(node: Json): Json {
    if (Array.isArray(node)) return node.map((n) => this.toJsonSchema(n));
    if (!node || typeof node !== 'object') return node;
    const out: Json = {};
    for (const [key, value] of Object.entries<Json>(node)) {
      if (!KEEP.has(key)) continue;
      if (key === '$ref') {
        const ref = String(value);
        out.$ref = ref.startsWith('#/components/schemas/') ? this.idPrefix + ref.slice('#/components/schemas/'.length) : ref;
      } else if (key === 'properties') {
        out.properties = Object.fromEntries(Object.entries<Json>(value ?? {}).map(([k, v]) => [k, this.toJsonSchema(v)]));
      } else if (key === 'format' && !ajv.formats[String(value)]) {
        continue; // an unknown format is an annotation, not an assertion
      } else if ((key === 'exclusiveMinimum' || key === 'exclusiveMaximum') && typeof value === 'boolean') {
        continue; // 3.0 boolean form: applied below
      } else if (key === 'pattern' && !validPattern(String(value))) {
        continue;
      } else
        out[key] =
          ['items', 'additionalProperties', 'not'].includes(key) || ['allOf', 'anyOf', 'oneOf'].includes(key)
            ? this.toJsonSchema(value)
            : value;
    }
    if (node.exclusiveMinimum === true && typeof node.minimum === 'number') [out.exclusiveMinimum, out.minimum] = [node.minimum, undefined];
    if (node.exclusiveMaximum === true && typeof node.maximum === 'number') [out.exclusiveMaximum, out.maximum] = [node.maximum, undefined];
    for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];

    // Ajv's strict mode wants the type a keyword applies to: the implied one is set; a keyword of another type asserts nothing.
    if (out.type === undefined && impliedType(out)) out.type = impliedType(out);
    dropVacuousKeywords(out);
    // Ajv's strict mode refuses a required name its schema does not define; define it openly.
    for (const name of Array.isArray(out.required) ? out.required : []) {
      out.properties ??= {};
      out.properties[name] ??= {};
    }
    if (node.nullable === true) {
      if (typeof out.type === 'string') out.type = [out.type, 'null'];
      if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
      if (out.$ref || out.allOf || out.oneOf || out.anyOf) return { anyOf: [{ type: 'null' }, out] };
    }
    return out;
  }

  /** Validator of a schema of this document (compiled once); an Error when it cannot be compiled. */
  validator(key: string, schema: Json): ValidateFunction | Error {
    let fn = this.validators.get(key);
    if (!fn) {
      try {
        fn = ajv.compile(this.toJsonSchema(schema));
      } catch (error) {
        fn = new Error(`the document's schema does not compile: ${(error as Error).message.split('\n')[0]}`);
      }
      this.validators.set(key, fn);
    }
    return fn;
  }
}

const KEYWORDS_OF: Record<string, string[]> = {
  object: ['properties', 'required', 'additionalProperties', 'minProperties', 'maxProperties'],
  array: ['items', 'minItems', 'maxItems', 'uniqueItems'],
  string: ['minLength', 'maxLength', 'pattern'],
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
};

function impliedType(schema: Json): string | undefined {
  return Object.keys(KEYWORDS_OF).find((type) => KEYWORDS_OF[type].some((k) => schema[k] !== undefined));
}

function dropVacuousKeywords(schema: Json): void {
  if (schema.type === undefined) return;
  const types = new Set((Array.isArray(schema.type) ? schema.type : [schema.type]).map((t: string) => (t === 'integer' ? 'number' : t)));
  for (const [type, keywords] of Object.entries(KEYWORDS_OF)) {
    if (!types.has(type)) for (const k of keywords) delete schema[k];
  }
}

function validPattern(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}
