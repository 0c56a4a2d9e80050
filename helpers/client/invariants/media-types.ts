// Property (FD-PROP-MEDIA-SAME; seed 002, Report retrieval: Accept selects JSON or PDF; Statements: application/octet-stream,
// provider 1.35.0): an object reads the same in every media type its reader offers, JSON member by member, a PDF by its text.
import { inflateSync } from 'node:zlib';
import type { Contract, Json, Operation } from '../../contract/contract.js';
import { leavesOf } from './kit.js';
import { escapeRegExp } from '../../contract/writers.js';

export const MEDIA_SAME = 'media-types';

/** An operation answering one status in more than one media type, as the contract declares them. */
export interface MediaReader {
  operation: Operation;
  status: string;
  mediaTypes: string[];
}

/** Every operation whose success answer the contract offers in more than one media type. */
export function mediaReadersOf(contract: Contract): MediaReader[] {
  const out: MediaReader[] = [];
  for (const operation of contract.operations.values())
    for (const r of Object.values(operation.responses))
      if (/^2/.test(r.status) && r.contentTypes.length > 1) out.push({ operation, status: r.status, mediaTypes: [...r.contentTypes] });
  return out;
}

const isJsonType = (mediaType: string) => /[/+]json$/i.test(mediaType);

/** The media type of an answer, without its parameters. */
const mediaTypeOf = (res: { headers: Record<string, string> }) => (res.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();

/** Undoes a PDF literal string's escapes (ISO 32000-1, 7.3.4.2). */
function unescapePdf(s: string): string {
  return s.replace(/\\(\d{1,3}|.)/gs, (_, c: string) => {
    if (/^\d/.test(c)) return String.fromCharCode(Number.parseInt(c, 8));
    return ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' } as Record<string, string>)[c] ?? c;
  });
}

/** The text a PDF's pages draw: the literal strings of Tj, TJ, ' and " (ISO 32000-1 9.4.3), FlateDecode inflated; else the bytes' text. */
export function pdfText(bytes: Buffer): string {
  const raw = bytes.toString('latin1');
  if (!raw.startsWith('%PDF-')) return raw;
  const lines: string[] = [];
  const streams = /<<((?:(?!>>\s*stream).)*?)>>\s*stream\r?\n/gs;
  for (let m = streams.exec(raw); m; m = streams.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    let content = raw.slice(start, end);
    if (/\/FlateDecode/.test(m[1]))
      try {
        content = inflateSync(Buffer.from(content, 'latin1')).toString('latin1');
      } catch {
        continue; // a stream this reading cannot inflate (an image, a font): no text of it is compared
      }
    const shown = /\[((?:\\.|[^\]\\])*)\]\s*TJ|\(((?:\\.|[^\\)])*)\)\s*(?:Tj|'|")/gs;
    for (let s = shown.exec(content); s; s = shown.exec(content)) {
      if (s[2] !== undefined) lines.push(unescapePdf(s[2]));
      else lines.push([...s[1].matchAll(/\(((?:\\.|[^\\)])*)\)/gs)].map((p) => unescapePdf(p[1])).join(''));
    }
  }
  return lines.length ? lines.join('\n') : raw;
}

/** What one read of the object shows in one media type: a JSON body, or the text of any other form. */
type Form = { mediaType: string; json: unknown } | { mediaType: string; text: string };

/** The form an answer is in: JSON read as its body, a PDF as the text it draws, anything else as its text. */
export function formOf(res: { headers: Record<string, string>; body: unknown; bytes: Buffer; text: string }): Form {
  const mediaType = mediaTypeOf(res);
  if (isJsonType(mediaType)) return { mediaType, json: res.body };
  return { mediaType, text: res.bytes.subarray(0, 5).toString('latin1') === '%PDF-' ? pdfText(res.bytes) : res.text };
}

/** The schema of a JSON leaf (dotted, array indexes as numbers), through `$ref`, `allOf`, `oneOf` and `anyOf`. */
function schemasAt(contract: Contract, schema: Json, segments: readonly string[]): Json[] {
  const node = contract.resolveSchema(schema);
  if (!node || typeof node !== 'object') return [];
  const branches = [...(node.allOf ?? []), ...(node.oneOf ?? []), ...(node.anyOf ?? [])].flatMap((b: Json) =>
    schemasAt(contract, b, segments),
  );
  if (!segments.length) return [node, ...branches];
  const [head, ...rest] = segments;
  const next = /^\d+$/.test(head) ? node.items : node.properties?.[head];
  return [...(next === undefined ? [] : schemasAt(contract, next, rest)), ...branches];
}

/** The values a leaf's schema closes it to (its `enum`), or undefined. */
function enumAt(contract: Contract, schema: Json, dotted: string): string[] | undefined {
  const found = schemasAt(contract, schema, dotted ? dotted.split('.') : []).find((s) => Array.isArray(s.enum));
  return found?.enum.map(String);
}

/** A value's words: `inProgress` as `in progress`, `voaHistory` as `voa history`. */
const wordsOf = (s: string) =>
  s
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\s]+/g, ' ')
    .toLowerCase();

/** Whether a text starts with a value as a whole word (any case), or with its words one after the other (`In Progress`). */
function startsWithValue(text: string, value: string): boolean {
  if (!value) return false;
  const spaced = wordsOf(value).split(' ').map(escapeRegExp).join('[\\s_-]+');
  return new RegExp(`^(${escapeRegExp(value)}|${spaced})(?![A-Za-z0-9])`, 'i').test(text);
}

/** What a text states after each mention of a member by name or words (`customer id`), `:`, `#` or `=` between, to its line's end. */
function statedAfter(text: string, member: string): string[] {
  const idOf = /^(.+?)_?id$/i.exec(member)?.[1];
  const names = [...new Set([member, wordsOf(member), ...(idOf ? [wordsOf(idOf)] : [])])];
  const label = names.map((l) => l.split(' ').map(escapeRegExp).join('[\\s_-]*')).join('|');
  const stated = new RegExp(`(?:^|[^A-Za-z0-9])(?:${label})(?:${idOf ? '\\s*id' : '(?!)'})?[ \\t]*[:#=]?\\s*([^\\n]*)`, 'gi');
  return [...text.matchAll(stated)].map((m) => m[1]);
}

/** The shape of an identifier's value: its length and the classes of its characters. */
const shapeOf = (s: string) => `${s.length}:${/^\d+$/.test(s) ? 'digits' : /^[A-Za-z0-9]+$/.test(s) ? 'alnum' : 'other'}`;

/** What a text form states otherwise than JSON where its reads agree: enum values, identifiers; dates and amounts unread (no source). */
export function textFormProblems(contract: Contract, schema: Json, json: unknown, stable: ReadonlySet<string>, text: string): string[] {
  const leaves = [...leavesOf(json)].filter(([p, v]) => stable.has(p) && (typeof v === 'string' || typeof v === 'number'));
  const held = new Set(leaves.map(([, v]) => String(v).toLowerCase()));
  const problems: string[] = [];
  for (const [at, value] of leaves) {
    const name = at.split('.').at(-1)!;
    const mine = String(value);
    const values = enumAt(contract, schema, at);
    const isId = /.(_?id)$/i.test(name);
    if (!values && !isId) continue;
    for (const after of statedAfter(text, name)) {
      const theirs = values ? values.find((v) => startsWithValue(after, v)) : /^[A-Za-z0-9-]+/.exec(after)?.[0];
      if (theirs === undefined || theirs === mine || held.has(theirs.toLowerCase())) continue;
      if (!values && shapeOf(theirs) !== shapeOf(mine)) continue;
      problems.push(`${at}: the JSON form reads ${JSON.stringify(mine)}, the other form states ${JSON.stringify(theirs)}`);
    }
  }
  return [...new Set(problems)];
}

/** Two text forms of one document (a PDF and the same bytes as an octet stream): the lines one shows and the other does not. */
export function textFormsDiffer(a: string, b: string): string[] {
  const la = new Set(a.split('\n'));
  const lb = new Set(b.split('\n'));
  return [
    ...[...la].filter((l) => !lb.has(l)).map((l) => `only the first form shows ${JSON.stringify(l.slice(0, 120))}`),
    ...[...lb].filter((l) => !la.has(l)).map((l) => `only the second form shows ${JSON.stringify(l.slice(0, 120))}`),
  ];
}

/** The leaves two JSON reads of one object agree on (a leaf that moved between them is not compared). */
export function stableLeaves(first: unknown, second: unknown): Set<string> {
  const a = leavesOf(first);
  const b = leavesOf(second);
  return new Set([...a.keys()].filter((p) => b.has(p) && a.get(p) === b.get(p)));
}
