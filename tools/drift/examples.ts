// Every example a published OpenAPI document gives for an operation: explicit media-type examples
// (`example`, `examples.<name>.value`), parameter examples, and bodies assembled from the
// property-level examples of the schema (what a reader of the rendered documentation sees as the
// sample body when no explicit one is given).
import type { PublishedDocument } from './published.js';
import { HTTP_METHODS, type Json } from '../../helpers/contract/contract.js';

type ExampleKind = 'request' | 'response' | 'parameter';

export interface PublishedExample {
  kind: ExampleKind;
  /** Response status, or `in:name` of a parameter. */
  at: string;
  mediaType?: string;
  /** `example`, `examples.<name>`, or `assembled` from property-level examples. */
  origin: string;
  value: unknown;
  /** The document's own schema for the value (to tell an inconsistent example from a strict contract). */
  schema?: Json;
}

export interface PublishedOperation {
  operationId?: string;
  method: string;
  path: string;
  examples: PublishedExample[];
}

export function publishedOperations(doc: PublishedDocument): PublishedOperation[] {
  const out: PublishedOperation[] = [];
  for (const [path, rawItem] of Object.entries<Json>(doc.doc.paths ?? {})) {
    const item = doc.deref(rawItem) ?? {};
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!op) continue;
      const examples: PublishedExample[] = [];
      for (const raw of [...(item.parameters ?? []), ...(op.parameters ?? [])]) {
        const p = doc.deref(raw);
        if (!p?.name) continue;
        const schema = p.schema;
        const values =
          p.example !== undefined
            ? [['example', p.example]]
            : Object.entries<Json>(p.examples ?? {}).map(([n, e]) => [`examples.${n}`, doc.deref(e)?.value]);
        const fromSchema = values.length === 0 && schema ? doc.deref(schema)?.example : undefined;
        if (fromSchema !== undefined) values.push(['schema example', fromSchema]);
        for (const [origin, value] of values)
          if (value !== undefined) examples.push({ kind: 'parameter', at: `${p.in}:${p.name}`, origin, value, schema });
      }
      const body = op.requestBody ? doc.deref(op.requestBody) : undefined;
      examples.push(...mediaExamples(doc, 'request', 'request', body?.content));
      for (const [status, raw] of Object.entries<Json>(op.responses ?? {}))
        examples.push(...mediaExamples(doc, 'response', status, doc.deref(raw)?.content));
      out.push({ operationId: op.operationId, method: method.toUpperCase(), path, examples });
    }
  }
  return out;
}

function mediaExamples(doc: PublishedDocument, kind: 'request' | 'response', at: string, content: Json): PublishedExample[] {
  const out: PublishedExample[] = [];
  for (const [mediaType, media] of Object.entries<Json>(content ?? {})) {
    const schema = media?.schema;
    const explicit: [string, unknown][] = [];
    if (media?.example !== undefined) explicit.push(['example', media.example]);
    for (const [name, e] of Object.entries<Json>(media?.examples ?? {})) {
      const value = doc.deref(e)?.value;
      if (value !== undefined) explicit.push([`examples.${name}`, value]);
    }
    for (const [origin, value] of explicit) out.push({ kind, at, mediaType, origin, value, schema });
    if (!schema) continue;
    const assembled = assemble(doc, schema, kind, 0, new Set());
    // Only a body that rests on at least one published property example counts as an example
    // of the document; one built from types alone would be our invention.
    if (assembled.fromExample && !explicit.some(([, v]) => JSON.stringify(v) === JSON.stringify(assembled.value))) {
      out.push({ kind, at, mediaType, origin: 'assembled', value: assembled.value, schema });
    }
  }
  return out;
}

interface Assembled {
  value: unknown;
  fromExample: boolean;
}

const NONE: Assembled = { value: undefined, fromExample: false };

/** Builds a value from the schema's examples; required members without one get a value from their type. */
function assemble(doc: PublishedDocument, raw: Json, side: 'request' | 'response', depth: number, seen: Set<string>): Assembled {
  const ref = typeof raw?.$ref === 'string' ? raw.$ref : undefined;
  if (ref && (seen.has(ref) || depth > 12)) return NONE;
  const schema = doc.deref(raw);
  if (!schema || typeof schema !== 'object') return NONE;
  const trail = ref ? new Set([...seen, ref]) : seen;
  if (schema.example !== undefined) return { value: schema.example, fromExample: true };
  if (Array.isArray(schema.allOf)) {
    const parts = schema.allOf.map((s: Json) => assemble(doc, s, side, depth + 1, trail));
    const objects = parts.filter((p: Assembled) => p.value && typeof p.value === 'object' && !Array.isArray(p.value));
    if (objects.length)
      return {
        value: Object.assign({}, ...objects.map((p: Assembled) => p.value)),
        fromExample: parts.some((p: Assembled) => p.fromExample),
      };
    return parts.find((p: Assembled) => p.value !== undefined) ?? NONE;
  }
  const choice = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(choice) && choice.length) return assemble(doc, choice[0], side, depth + 1, trail);
  if (schema.type === 'array' || schema.items) {
    const item = assemble(doc, schema.items ?? {}, side, depth + 1, trail);
    return item.value === undefined ? NONE : { value: [item.value], fromExample: item.fromExample };
  }
  if (schema.type === 'object' || schema.properties) {
    const required = new Set<string>(schema.required ?? []);
    const value: Record<string, unknown> = {};
    let fromExample = false;
    for (const [name, prop] of Object.entries<Json>(schema.properties ?? {})) {
      const resolved = doc.deref(prop) ?? {};
      if ((side === 'request' && resolved.readOnly) || (side === 'response' && resolved.writeOnly)) continue;
      let member = assemble(doc, prop, side, depth + 1, trail);
      if (member.value === undefined && required.has(name)) member = { value: fromType(doc, prop), fromExample: false };
      if (member.value === undefined) continue;
      value[name] = member.value;
      fromExample ||= member.fromExample;
    }
    return { value, fromExample };
  }
  return NONE;
}

/** A value of the schema's type for a required member that has no example (Swagger UI's way). */
function fromType(doc: PublishedDocument, raw: Json): unknown {
  const schema = doc.deref(raw) ?? {};
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  const choice = schema.allOf?.[0] ?? schema.oneOf?.[0] ?? schema.anyOf?.[0];
  if (choice) return fromType(doc, choice);
  switch (schema.type) {
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 0;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return {};
    default: {
      const byFormat: Record<string, string> = {
        'date-time': '2024-01-01T00:00:00Z',
        'date-time-local': '2024-01-01T00:00:00',
        date: '2024-01-01',
        email: 'user@example.com',
        uri: 'https://example.com',
        uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
      };
      const text = byFormat[schema.format] ?? 'string';
      return typeof schema.maxLength === 'number' || typeof schema.minLength === 'number'
        ? text.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? undefined)
        : text;
    }
  }
}
