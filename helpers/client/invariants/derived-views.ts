// Checker: every derived view agrees with what it derives from: "the most recent <item> of each <kind>" (seed 002,
// Resources - Portfolio) recomputed from its owner's lists, per kind the item created last; only an owner the check made
// tells, so not in the answer judge. Counts are views too (paging.ts pageProblems, countedLists).
import type { Contract, Json, Operation } from '../../contract/contract.js';
import { flagOf } from './kit.js';
import { resolve } from '../../contract/schema-walk.js';

export const DERIVED_VIEWS = 'derived-views';

interface DerivedView {
  view: Operation;
  /** The view's member holding the derived items (`reports`). */
  member: string;
  /** The member naming an item's kind (`type`) and the one ordering items by creation (`createdDate`). */
  key: string;
  order: string;
  /** The path parameter naming the owner both the view and its sources are read under (`customerId`). */
  owner: string;
  /** The list readers of the same owner the view derives from, each with its member holding the items. */
  sources: { operation: Operation; member: string }[];
}

const LATEST_OF_EACH = /\b(most recent|latest)\b.*\bof each\b/i;

/** The arrays of an answer whose items carry `id`, `key` and `order`: the array member's name and what its items' id refers to (the same object kind). */
function itemArrays(contract: Contract, schema: Json, key: string, order: string): { member: string; idRef: string }[] {
  const s = resolve(contract, schema);
  return Object.entries<Json>(s?.properties ?? {}).flatMap(([member, m]) => {
    const r = resolve(contract, m);
    const items = r?.type === 'array' ? resolve(contract, r.items) : undefined;
    if (!items?.properties || !['id', key, order].every((k) => k in items.properties)) return [];
    return [{ member, idRef: String(items.properties.id?.$ref ?? '') }];
  });
}

/** Every "latest of each kind" view of a contract (the kind its items' `type`, their age `createdDate`), with the lists of the same owner it derives from. */
export function derivedViews(contract: Contract): DerivedView[] {
  const [key, order] = ['type', 'createdDate'];
  const out: DerivedView[] = [];
  const gets = [...contract.operations.values()].filter((o) => o.method === 'GET' && o.responses['200']?.schema);
  for (const view of gets) {
    const schema = view.responses['200'].schema;
    const resolved = resolve(contract, schema);
    const text = [
      schema?.description,
      resolved?.description,
      ...((resolved?.allOf ?? []) as Json[]).map((p) => resolve(contract, p)?.description),
    ]
      .filter(Boolean)
      .join(' ');
    if (!LATEST_OF_EACH.test(text)) continue;
    const [derived] = itemArrays(contract, schema, key, order);
    const owner = view.parameters.find((p) => p.in === 'path')?.name;
    if (!derived?.idRef || !owner) continue;
    // The lists read under the owner alone whose items are the same objects (their ids refer to the same schema).
    const sources = gets
      .filter(
        (o) =>
          o !== view &&
          o.parameters
            .filter((p) => p.in === 'path')
            .map((p) => p.name)
            .join() === owner,
      )
      .flatMap((o) =>
        itemArrays(contract, o.responses['200'].schema, key, order)
          .filter((a) => a.idRef === derived.idRef)
          .map((a) => ({ operation: o, member: a.member })),
      );
    if (sources.length) out.push({ view, member: derived.member, key, order, owner, sources });
  }
  return out;
}

/** The makers of a view's kinds: POSTs whose 201 or 202 item is made into it (ReportType is prose: each kind read from its maker). */
export function kindMakersOf(contract: Contract, dv: DerivedView): Operation[] {
  const idRef = String(
    resolve(contract, resolve(contract, resolve(contract, dv.view.responses['200'].schema)?.properties?.[dv.member])?.items)?.properties?.id
      ?.$ref ?? '',
  );
  const into = dv.view.parameters.filter((p) => p.in === 'path' && p.name !== dv.owner).map((p) => p.name);
  return [...contract.operations.values()].filter((op) => {
    if (op.method !== 'POST') return false;
    const ok = op.responses['202'] ?? op.responses['201'];
    const props = resolve(contract, ok?.schema)?.properties ?? {};
    return String(props.id?.$ref ?? '') === idRef && dv.key in props && into.length > 0 && into.every((m) => m in props);
  });
}

type Item = Record<string, unknown>;

/** Where a view's items differ from the latest of each kind of the list it derives from, one line each. */
export function derivedProblems(dv: DerivedView, viewItems: readonly Item[], listItems: readonly Item[]): string[] {
  const latest = new Map<string, { at: number; ids: Set<string> }>();
  for (const item of listItems) {
    const kind = String(item[dv.key]);
    const at = Number(item[dv.order]);
    const seen = latest.get(kind);
    if (!seen || at > seen.at) latest.set(kind, { at, ids: new Set([String(item.id)]) });
    else if (at === seen.at) seen.ids.add(String(item.id));
  }
  const out: string[] = [];
  const shown = new Map<string, string[]>();
  for (const item of viewItems) shown.set(String(item[dv.key]), [...(shown.get(String(item[dv.key])) ?? []), String(item.id)]);
  for (const [kind, ids] of shown) {
    const expected = latest.get(kind);
    if (!expected) out.push(`${dv.member} shows a ${kind} (${ids.join(', ')}) the list has none of`);
    else if (ids.length > 1) out.push(`${dv.member} shows ${ids.length} of kind ${kind} (${ids.join(', ')}), not the latest one`);
    else if (!expected.ids.has(ids[0]))
      out.push(`${dv.member} shows ${kind} ${ids[0]}, not the one the list created last (${[...expected.ids].join(' or ')})`);
  }
  for (const kind of latest.keys())
    if (!shown.has(kind)) out.push(`${dv.member} shows no ${kind}, yet the list has ${[...latest.get(kind)!.ids].join(' or ')}`);
  return out;
}

/** A counted list (provider 1.35.0 FoundResults, DisplayingResults, MoreResultsAvailable): page one moreAvailable iff found is more. */
interface CountedList {
  reader: Operation;
  /** The array member holding the items counted. */
  items: string;
  found?: string;
  displaying?: string;
  more?: string;
  /** The page-index parameter (`start`, from 1) and the page-size one (`limit`), where the reader takes them. */
  start?: string;
  limit?: string;
}

const COUNT_ALL = /\b(total number of \w+ matching|matching the request \(all pages\))/i;
const COUNT_PAGE = /\bnumber of \w+ in this page\b/i;
const MORE_PAGES = /\b(more pages are available|a later page holds)\b/i;

/** Each member's description, gathered over an answer schema and the parts it is made of (a member redeclared by a part keeps the first description given). */
function memberTexts(contract: Contract, schema: Json, depth = 0): Map<string, string> {
  const out = new Map<string, string>();
  if (!schema || depth > 6) return out;
  const node = typeof schema.$ref === 'string' ? contract.resolveSchema(schema) : schema;
  for (const part of (node?.allOf ?? []) as Json[])
    for (const [k, v] of memberTexts(contract, part, depth + 1)) if (v && !out.get(k)) out.set(k, v);
  for (const [k, v] of Object.entries<Json>(node?.properties ?? {})) {
    const text = String(v?.description ?? resolve(contract, v)?.description ?? '');
    if (text && !out.get(k)) out.set(k, text);
    else if (!out.has(k)) out.set(k, '');
  }
  return out;
}

/** Every counted list of a contract: the GET readers whose 200 answer describes a count or a flag over the items it lists. */
export function countedLists(contract: Contract): CountedList[] {
  const out: CountedList[] = [];
  for (const reader of contract.operations.values()) {
    const schema = reader.method === 'GET' ? reader.responses['200']?.schema : undefined;
    if (!schema) continue;
    const texts = [...memberTexts(contract, schema)];
    const of = (re: RegExp) => texts.find(([, t]) => re.test(t))?.[0];
    const found = of(COUNT_ALL);
    const displaying = of(COUNT_PAGE);
    const more = of(MORE_PAGES);
    if (!displaying && !more) continue;
    const merged = resolve(contract, schema);
    const arrays = Object.entries<Json>(merged?.properties ?? {})
      .filter(([, m]) => resolve(contract, m)?.type === 'array')
      .map(([k]) => k);
    // The items counted: the array the count names ("Number of transactions in this page"), else the only one.
    const named = arrays.find((a) => new RegExp(`\\b${a}\\b`, 'i').test(texts.find(([k]) => k === displaying)?.[1] ?? ''));
    const items = named ?? (arrays.length === 1 ? arrays[0] : undefined);
    if (!items) continue;
    const query = (name: string) => reader.parameters.find((p) => p.in === 'query' && p.name === name);
    const start = query('start');
    // A page index (provider 1.35.0 StartParameter: "Index of the page of results to return, starting at 1"), not an offset.
    const pageIndex =
      start && /\bindex of the page\b/i.test(String((contract.resolveSchema(start.schema ?? {}) as Json)?.description ?? ''));
    out.push({
      reader,
      items,
      found,
      displaying,
      more,
      start: pageIndex ? 'start' : undefined,
      limit: query('limit') ? 'limit' : undefined,
    });
  }
  return out;
}

const COUNT_NAME = /^(total\w*|count|numberOf\w+)$/;

/** The readers with an integer count member (`total`, `count`) no description read here explains: each paged its own way, left out. */
export function otherCountedReaders(contract: Contract): { reader: Operation; members: string[] }[] {
  const counted = new Set(countedLists(contract).map((l) => l.reader));
  const out: { reader: Operation; members: string[] }[] = [];
  for (const reader of contract.operations.values()) {
    const schema = reader.method === 'GET' && !counted.has(reader) ? reader.responses['200']?.schema : undefined;
    const props = Object.entries<Json>(resolve(contract, schema)?.properties ?? {});
    const members = props.filter(([k, m]) => COUNT_NAME.test(k) && resolve(contract, m)?.type === 'integer').map(([k]) => k);
    if (members.length && props.some(([, m]) => resolve(contract, m)?.type === 'array')) out.push({ reader, members });
  }
  return out;
}

/** Where one answer of a counted list disagrees with its items, one line each (a member it lacks is the schema check's). */
export function countProblems(list: CountedList, body: unknown, firstPage: boolean): string[] {
  if (!body || typeof body !== 'object') return [];
  const b = body as Record<string, unknown>;
  const items = Array.isArray(b[list.items]) ? (b[list.items] as unknown[]).length : undefined;
  if (items === undefined) return [];
  const out: string[] = [];
  const found = list.found !== undefined && typeof b[list.found] === 'number' ? (b[list.found] as number) : undefined;
  const displaying = list.displaying !== undefined ? b[list.displaying] : undefined;
  const more = list.more !== undefined ? flagOf(b[list.more]) : undefined;
  if (typeof displaying === 'number' && displaying !== items)
    out.push(`${list.displaying} ${displaying} for ${items} ${list.items} listed`);
  if (found !== undefined && found < items) out.push(`${list.found} ${found} for ${items} ${list.items} listed`);
  if (firstPage && found !== undefined && more !== undefined && more !== found > items)
    out.push(`${list.more} ${b[list.more!]} on the first page, yet ${list.found} ${found} and ${items} ${list.items} listed`);
  return out;
}

/** One answer of a counted list as read: its status and body. */
interface CountedPage {
  status: number;
  body: unknown;
}

/**
 * The page of a counted list that ends its set short of the limit asked (provider 1.35.0 DisplayingResults: the number of
 * records in this page, not the page size): the smallest limit past one that does not divide `found`, at its last page.
 * Its counts are recomputed from its items; on the mock (`exact`, nothing moves between reads) it holds exactly the rest of
 * the set, and moreAvailable says no later page.
 */
export async function lastPageProblems(
  list: CountedList,
  found: number,
  read: (start: number, limit: number) => Promise<CountedPage>,
  exact: boolean,
): Promise<string[]> {
  if (!list.start || !list.limit || found < 1) return [];
  let limit = 2;
  while (found % limit === 0) limit++;
  const page = Math.ceil(found / limit);
  const rest = found - (page - 1) * limit;
  const what = `its last page ${list.start}=${page} at ${list.limit}=${limit} (${rest} of ${found} left)`;
  const res = await read(page, limit);
  if (res.status !== 200) return exact ? [`${what}: ${res.status}`] : [];
  const b = (res.body ?? {}) as Record<string, unknown>;
  const out = countProblems(list, b, false).map((p) => `${what}: ${p}`);
  if (!exact) return out;
  const items = Array.isArray(b[list.items]) ? (b[list.items] as unknown[]).length : 0;
  if (items !== rest) out.push(`${what}: ${items} ${list.items} listed`);
  const more = list.more ? flagOf(b[list.more]) : undefined;
  if (more === true) out.push(`${what}: ${list.more} ${b[list.more!]} on the last page`);
  return out;
}

/** Reads every page a counted list's first answer counts (and one past the end) and recomputes its views from the pages. */
export async function countedPageProblems(
  list: CountedList,
  found: number,
  read: (start: number, limit: number) => Promise<CountedPage>,
): Promise<string[]> {
  const out: string[] = [];
  const limit = Math.max(1, Math.ceil(found / 3));
  const pages = Math.ceil(found / limit);
  const ids = new Set<string>();
  let seen = 0;
  for (let page = 1; page <= pages + 1; page++) {
    const what = `page ${list.start}=${page} at ${list.limit}=${limit}`;
    const res = await read(page, limit);
    if (res.status !== 200) {
      if (page <= pages) out.push(`${what}: ${res.status}`);
      continue;
    }
    const b = (res.body ?? {}) as Record<string, unknown>;
    const items = (Array.isArray(b[list.items]) ? b[list.items] : []) as Record<string, unknown>[];
    for (const item of items) ids.add(String(item?.id ?? JSON.stringify(item)));
    seen += items.length;
    out.push(...countProblems(list, b, false).map((p) => `${what}: ${p}`));
    const expected = Math.max(0, Math.min(limit, found - (page - 1) * limit));
    if (items.length !== expected) out.push(`${what}: ${items.length} ${list.items}, expected ${expected} of ${found}`);
    if (list.found && typeof b[list.found] === 'number' && b[list.found] !== found)
      out.push(`${what}: ${list.found} ${b[list.found]}, the first page's ${found}`);
    const more = list.more ? flagOf(b[list.more]) : undefined;
    if (more !== undefined && more !== page < pages) out.push(`${what}: ${list.more} ${b[list.more!]} on page ${page} of ${pages}`);
  }
  if (seen !== found || ids.size !== found)
    out.push(`every page lists ${seen} ${list.items} (${ids.size} distinct), ${list.found} says ${found}`);
  return out;
}
