// Checker: every derived view agrees with what it derives from. Read from the contract: a reader whose
// answer the contract describes as "the most recent <item> of each <kind>" (a portfolio: seed 002,
// Resources - Portfolio) is a view of the lists of the same owner that hold the same items (a reader
// under the same owner id whose answer lists items with the same id, kind and creation date: a
// customer's or a consumer's reports). The view is recomputed from the list: for each kind the list
// holds, the item created last (any of those created in the same second), and no kind the list lacks.
// Pure: a check reads the owner's list and the view one after the other, with nothing written between,
// in every state the list's items reach (in progress, failed, finished). Not in the answer judge: a
// list holds the reports of every portfolio of its owner and says of none which it is in, so only an
// owner the check made, with one portfolio, tells. A paged reader's counts are views too (pagedViews:
// the count of a page and the total of every page, recomputed by reading every page of the set).
import type { Contract, Json, Operation } from '../../contract/contract.js';
import { resolve } from '../negative.js';

export const DERIVED_VIEWS = 'derived-views';

export interface DerivedView {
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

/** Every "latest of each kind" view of a contract, with the lists of the same owner it derives from. */
export function derivedViews(contract: Contract, key = 'type', order = 'createdDate'): DerivedView[] {
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

/**
 * A paged reader: its answer declares a header counting the items of the page and one counting the
 * items of every page (provider 2.0.0 Count, "Number of items in this page", and Total, "Number of
 * items across all pages"), read from the headers' descriptions. Both are views of the set the
 * reader's criteria select: recomputed by reading every page of it.
 */
export interface PagedView {
  reader: Operation;
  /** The header counting the page's items and the one counting every page's (lower case, as an answer's headers are read). */
  count: string;
  total: string;
}

const PAGE_COUNT = /\bnumber of items in this page\b/i;
const ALL_PAGES = /\bnumber of items across all pages\b/i;

/** Every paged reader of a contract, with its two counting headers. */
export function pagedViews(contract: Contract): PagedView[] {
  const doc = (contract as unknown as { document: Json }).document;
  const headerOf = (h: Json): Json => (typeof h?.$ref === 'string' ? doc.components?.headers?.[h.$ref.split('/').pop()!] : h);
  const out: PagedView[] = [];
  for (const [, item] of Object.entries<Json>(doc.paths ?? {}))
    for (const [, op] of Object.entries<Json>(item ?? {})) {
      const headers = Object.entries<Json>(op?.responses?.['200']?.headers ?? {}).map(([name, h]) => ({
        name: name.toLowerCase(),
        text: String(headerOf(h)?.description ?? ''),
      }));
      const count = headers.find((h) => PAGE_COUNT.test(h.text))?.name;
      const total = headers.find((h) => ALL_PAGES.test(h.text))?.name;
      if (op?.operationId && count && total) out.push({ reader: contract.operationOf(op.operationId), count, total });
    }
  return out;
}

/** One page of a paged reader as read: its status, headers and the items it lists. */
export interface Page {
  status: number;
  headers: Record<string, string | undefined>;
  items: readonly unknown[];
}

/**
 * Reads every page of a set at `limit` (one past its end too: an empty page still counts the set) and
 * recomputes both views from the pages: the page's count is its items, the total every page's items
 * together, which must be `size` when the check made the set (else the first page's total is taken).
 * Each problem names the page and the view.
 */
export async function pageProblems(
  what: string,
  view: PagedView,
  read: (offset: number, limit: number) => Promise<Page>,
  limit: number,
  size?: number,
): Promise<string[]> {
  const out: string[] = [];
  const first = await read(0, limit);
  const total = size ?? Number(first.headers[view.total]);
  let seen = 0;
  for (let offset = 0; offset <= total; offset += limit) {
    const page = offset === 0 ? first : await read(offset, limit);
    if (page.status !== 200) {
      out.push(`${what} offset ${offset}: ${page.status}`);
      continue;
    }
    seen += page.items.length;
    const expected = Math.max(0, Math.min(limit, total - offset));
    if (page.items.length !== expected)
      out.push(`${what} offset ${offset} limit ${limit}: ${page.items.length} items, expected ${expected}`);
    if (page.headers[view.total] !== undefined && Number(page.headers[view.total]) !== total)
      out.push(`${what} offset ${offset} limit ${limit}: ${view.total} ${page.headers[view.total]}, expected ${total}`);
    if (page.headers[view.count] !== undefined && Number(page.headers[view.count]) !== page.items.length)
      out.push(`${what} offset ${offset} limit ${limit}: ${view.count} ${page.headers[view.count]} for ${page.items.length} items`);
  }
  if (seen !== total) out.push(`${what}: every page lists ${seen} items, ${view.total} says ${total}`);
  return out;
}
