// Checker: the pages of every paged reader are windows over one list (index and size parameters, items, counts and headers from
// the contract; an `offset` not called a page index skips items: provider 2.0.0 offset): each page is its slice of one large read,
// in order, each count agrees, one past the end is empty (or a documented 404 where the page count cannot be 0).
import { isDeepStrictEqual } from 'node:util';
import { type Contract, deref, type Json, type Operation } from '../../contract/contract.js';
import { flagOf, movesAloneBeside } from './kit.js';
import { resolve } from '../../contract/schema-walk.js';

/** A read-time date beside the items (an institution list's createdDate: "as of now") moves alone between reads. */
const movesAlone = movesAloneBeside(new Set<string>());

export const PAGING = 'paging';

/** What a count member or header counts, by the name the contract gives it (body members and headers alike). */
const NAMES_OF: Record<CountMeaning, string> = {
  total: 'found total totalrecords totalelements',
  count: 'displaying count numberofelements',
  more: 'moreavailable',
  last: 'last',
  first: 'first',
  empty: 'empty',
  pages: 'totalpages',
  index: 'pagenumber number offset',
  size: 'numberofrecordsperpage size limit',
};
const MEANINGS: Record<string, CountMeaning> = Object.fromEntries(
  Object.entries(NAMES_OF).flatMap(([meaning, names]) => names.split(' ').map((name) => [name, meaning as CountMeaning])),
);
type CountMeaning = 'total' | 'count' | 'more' | 'last' | 'first' | 'empty' | 'pages' | 'index' | 'size';

export interface PagedReader {
  reader: Operation;
  /** The index parameter: a page index from `base`, or an item offset from `base` (0). */
  index: { name: string; base: number; kind: 'page' | 'offset' };
  size: { name: string; default?: number; max?: number };
  /** The answer's array member listing the items; undefined where the answer is the array itself. */
  items?: string;
  /** Count members of the answer body and headers (lower case), by what each counts. */
  members: { name: string; meaning: CountMeaning; in: 'body' | 'header' }[];
  /**
   * What the page past the end is: an empty page; the documented 404 (a page count that cannot be 0); or either, where the
   * provider's schema says a page holds at least one item (minItems 1, `x-documented-items`) and the contract takes an empty
   * 200 too: an empty page, or a refusal its operation documents (400, 404), as the documents allow both.
   */
  pastEnd: 'empty' | 404 | 'empty-or-refused';
  /** The most items the documents let one page hold (the items' maxItems, the provider's own where the contract relaxes it). */
  maxItems?: number;
}

/** The bounds the documents give a paged answer's items: the provider's own (`x-documented-items`) where the contract relaxes them. */
function itemBounds(contract: Contract, items: Json): { minItems?: number; maxItems?: number } {
  const s = resolve(contract, items) ?? {};
  const documented = (s['x-documented-items'] ?? {}) as { minItems?: number; maxItems?: number };
  return { minItems: documented.minItems ?? s.minItems, maxItems: documented.maxItems ?? s.maxItems };
}

const INDEX_NAMES = /^(start|offset|page)$/;
const SIZE_NAMES = /^(limit|pagesize|size|per_page|page_size)$/i;
const PAGE_INDEX = /\bindex of the page\b/i;

const schemaOf = (contract: Contract, s: Json): Json => (s ? (contract.resolveSchema(s) as Json) : undefined);

/** Every paged reader of a contract, with how it pages and what its answer counts. */
export function pagedReaders(contract: Contract): PagedReader[] {
  const doc = (contract as unknown as { document: Json }).document;
  const out: PagedReader[] = [];
  for (const reader of contract.operations.values()) {
    const query = reader.parameters.filter((p) => p.in === 'query');
    const index = query.find((p) => INDEX_NAMES.test(p.name));
    const size = query.find((p) => SIZE_NAMES.test(p.name));
    const ok = reader.responses['200'];
    if (!index || !size || !ok) continue;
    const is = schemaOf(contract, index.schema) ?? {};
    const ss = schemaOf(contract, size.schema) ?? {};
    const text = `${(index as { description?: string }).description ?? ''} ${is.description ?? ''}`;
    const kind = index.name === 'offset' && !PAGE_INDEX.test(text) ? 'offset' : 'page';
    const base = typeof is.minimum === 'number' ? is.minimum : typeof is.default === 'number' ? is.default : kind === 'offset' ? 0 : 1;
    const body = resolve(contract, ok.schema);
    const props = Object.entries<Json>(body?.properties ?? {});
    const arrays = props.filter(([, m]) => resolve(contract, m)?.type === 'array').map(([k]) => k);
    // The items paged: the array a count member's description names ("Number of transactions in this page"), else the only one.
    const counting = props
      .filter(([k]) => MEANINGS[k.toLowerCase()])
      .map(([, m]) => String(m?.description ?? resolve(contract, m)?.description ?? ''))
      .join(' ');
    const named = arrays.filter((a) => new RegExp(`\\b${a}\\b`, 'i').test(counting));
    const itemsMember = named.length === 1 ? named[0] : arrays.length === 1 ? arrays[0] : undefined;
    if (body?.type !== 'array' && !itemsMember) continue;
    const members: PagedReader['members'] = [];
    for (const [name] of props) {
      const meaning = MEANINGS[name.toLowerCase()];
      if (meaning) members.push({ name, meaning, in: 'body' });
    }
    const rawOp = doc.paths?.[reader.path]?.[reader.method.toLowerCase()];
    for (const name of Object.keys(rawOp?.responses?.['200']?.headers ?? {})) {
      const meaning = MEANINGS[name.toLowerCase()];
      if (meaning && deref(doc, rawOp.responses['200'].headers[name])) members.push({ name: name.toLowerCase(), meaning, in: 'header' });
    }
    // A page count that cannot be 0 (a count of minimum 1) makes an empty page no 200 of the contract: its 404 is the page past the end.
    const countMin = props.find(([k]) => MEANINGS[k.toLowerCase()] === 'count')?.[1];
    const bounds = itemBounds(contract, body?.type === 'array' ? ok.schema : body?.properties?.[itemsMember!]);
    const refusable = Boolean(reader.responses['400'] || reader.responses['404']);
    const pastEnd =
      reader.responses['404'] && (resolve(contract, countMin)?.minimum ?? 0) >= 1
        ? 404
        : (bounds.minItems ?? 0) >= 1 && refusable
          ? 'empty-or-refused'
          : 'empty';
    out.push({
      reader,
      index: { name: index.name, base, kind },
      size: {
        name: size.name,
        default: typeof ss.default === 'number' ? ss.default : undefined,
        max: typeof ss.maximum === 'number' ? ss.maximum : undefined,
      },
      items: body?.type === 'array' ? undefined : itemsMember,
      members,
      pastEnd,
      ...(bounds.maxItems !== undefined ? { maxItems: bounds.maxItems } : {}),
    });
  }
  return out;
}

/** One read of a paged reader: its status, headers (lower case) and body. */
interface PageRead {
  status: number;
  headers: Record<string, string | undefined>;
  body: unknown;
}

/** How a check reads a page: the index and size, each left out when undefined. */
type PageReader = (index: number | undefined, size: number | undefined) => Promise<PageRead>;

/** The largest set paged through with a small size (about four reads); a larger one is judged on its first items, its last page and past its end. */
const WINDOWED_AT_MOST = 12;

const itemsOf = (p: PagedReader, body: unknown): unknown[] | undefined => {
  const list = p.items === undefined ? body : (body as Record<string, unknown> | undefined)?.[p.items];
  return Array.isArray(list) ? list : undefined;
};

/** Every page of a paged reader's list at its largest size (at most `cap` reads): the whole list, not a first page. */
export async function everyPage(p: PagedReader, read: PageReader, cap = 20): Promise<PageRead[]> {
  const largest = p.size.max ?? p.size.default;
  const size = largest === undefined || p.maxItems === undefined ? largest : Math.min(largest, p.maxItems);
  const pages: PageRead[] = [];
  for (let i = 0; i < cap; i++) {
    if (p.index.kind === 'offset' && size === undefined && i) break;
    const page = await read(p.index.kind === 'offset' ? p.index.base + i * (size ?? 0) : p.index.base + i, size);
    pages.push(page);
    const items = itemsOf(p, page.body);
    if (page.status !== 200 || !items?.length || (size !== undefined && items.length < size)) break;
  }
  return pages;
}

/**
 * A page that is not its window of the list (provider 2.0.0 offset / limit: the items skipped and the page's cap, over the one
 * answer the query selects): `size`, the page holds another number of items than min(size, what remains) (judged first: the
 * page's size against its size parameter); `slice`, at a place another item of the list; `query`, an item the largest page does
 * not hold as it is (another record, or the same one read otherwise).
 */
export interface WindowProblem {
  problem: string;
  kind: 'size' | 'slice' | 'query';
}

/** The outcome of one reader's check: the problems found, or why it was not judged. */
interface PagingOutcome {
  problems: string[];
  /**
   * Of `problems`, those of a page that is not its window (judged first: what the counts say is judged against the pages). A
   * reader's first such page ends its reads: its later pages would repeat it, and a target's own counts of them are its doing.
   */
  windows?: WindowProblem[];
  leftOut?: string;
  /** The items of the set the large read listed, and the reads made. */
  size?: number;
  reads: number;
}

/** A documented refusal (400, 404) answered where a page would hold no item: what a schema of minItems 1 allows for "nothing". */
const refusedEmpty = (p: PagedReader, r: PageRead) =>
  (r.status === 400 || r.status === 404) && p.reader.responses[String(r.status)] !== undefined;

/** Reads a paged reader's pages and judges each as a window over the large read (`minimum`: the fewest items that tell). */
export async function pagingProblems(p: PagedReader, read: PageReader): Promise<PagingOutcome> {
  const problems: string[] = [];
  const windows: WindowProblem[] = [];
  const notWindow = (problem: string, kind: WindowProblem['kind']) => {
    problems.push(problem);
    windows.push({ problem, kind });
  };
  let reads = 0;
  const get = async (index: number | undefined, size: number | undefined) => {
    reads++;
    return read(index, size);
  };
  // The largest page asked for stays inside what the documents let a page hold (a size's maximum, the items' maxItems).
  const large = Math.min(p.size.max ?? 1000, p.maxItems ?? Number.POSITIVE_INFINITY);
  const full = await get(p.index.base, large);
  const all = itemsOf(p, full.body);
  // An empty list where an empty page is no 200 of the contract (its documented 404): nothing to page yet.
  if (full.status === 404 && p.pastEnd === 404) return { problems, leftOut: 'its list is empty here (its documented 404)', reads, size: 0 };
  if (p.pastEnd === 'empty-or-refused' && refusedEmpty(p, full))
    return { problems, leftOut: `its list is empty here (a documented ${full.status})`, reads, size: 0 };
  if (full.status !== 200 || !all) return { problems, leftOut: `its largest page answered ${full.status}`, reads };
  const totalOf = (r: PageRead) => {
    const m = p.members.find((x) => x.meaning === 'total');
    const v = m ? (m.in === 'header' ? r.headers[m.name] : (r.body as Record<string, unknown>)?.[m.name]) : undefined;
    return v === undefined || v === null || v === '' ? undefined : Number(v);
  };
  // The size of the set: what the large read holds when it is not full, else its total member (if any).
  const total = all.length < large ? all.length : totalOf(full);
  if (all.length < 3) return { problems, leftOut: `its list holds ${all.length} items here (fewer than 3)`, reads, size: all.length };
  const fullBody = (full.body ?? {}) as Record<string, unknown>;
  const counted = new Set(p.members.filter((m) => m.in === 'body').map((m) => m.name));
  const echoes = Array.isArray(full.body)
    ? []
    : Object.keys(fullBody).filter((k) => k !== p.items && !counted.has(k) && (fullBody[k] === null || typeof fullBody[k] !== 'object'));
  const indexOf = (page: number, size: number) => (p.index.kind === 'page' ? p.index.base + page : p.index.base + page * size);
  const judge = (what: string, r: PageRead, page: number, size: number, expected: unknown[] | undefined) => {
    if (r.status !== 200) {
      problems.push(`${what}: ${r.status}, expected a page (200)`);
      return;
    }
    const items = itemsOf(p, r.body) ?? [];
    const from = page * size;
    const holds = total === undefined ? undefined : Math.max(0, Math.min(size, total - from));
    if (holds !== undefined && items.length !== holds)
      notWindow(`${what}: ${items.length} items, expected ${holds} (min(size ${size}, ${total} less ${from}))`, 'size');
    if (items.length > size) notWindow(`${what}: ${items.length} items for a size of ${size}`, 'size');
    // What the answer echoes of the query (the transactions' fromDate, toDate and sort) is the large read's.
    for (const k of echoes) {
      const got = (r.body as Record<string, unknown>)?.[k];
      if (!isDeepStrictEqual(got, fullBody[k]) && !movesAlone(k, fullBody[k], got))
        problems.push(`${what}: ${k} ${JSON.stringify(got)}, the largest page's ${JSON.stringify(fullBody[k])}`);
    }
    if (expected) {
      const at = items.findIndex((item, i) => !isDeepStrictEqual(item, expected[i]));
      if (at >= 0 || (holds !== undefined && items.length === holds && expected.length !== items.length)) {
        // Another item of the list at this place is a slice taken elsewhere; one the list does not hold as it is, another answer.
        const listed = at < 0 || all.some((item) => isDeepStrictEqual(item, items[at]));
        notWindow(
          `${what}: item ${at >= 0 ? at : items.length} is not item ${from + Math.max(at, 0)} of the largest page, member for member (${JSON.stringify(items[Math.max(at, 0)])?.slice(0, 160)})`,
          listed ? 'slice' : 'query',
        );
      }
    }
    for (const m of p.members) {
      const raw = m.in === 'header' ? r.headers[m.name] : (r.body as Record<string, unknown>)?.[m.name];
      if (raw === undefined || raw === null) continue;
      const where = `${what}: ${m.in === 'header' ? 'header ' : ''}${m.name} ${JSON.stringify(raw)}`;
      const more = total === undefined ? undefined : from + items.length < total;
      const pages = total === undefined ? undefined : Math.ceil(total / size);
      const expect = (() => {
        switch (m.meaning) {
          case 'total':
            return total;
          case 'count':
            return items.length;
          case 'more':
            return more;
          case 'last':
            return more === undefined ? undefined : !more;
          case 'first':
            return page === 0;
          case 'empty':
            return items.length === 0;
          case 'pages':
            return pages;
          case 'index':
            return indexOf(page, size);
          case 'size':
            return size;
        }
      })();
      if (expect === undefined) continue;
      const got = typeof expect === 'boolean' ? flagOf(raw) : Number(raw);
      if (got !== expect) problems.push(`${where}, expected ${expect}`);
    }
  };
  // The large read again: a list that moved between the reads is not judged (another worker's objects).
  const done = async (): Promise<PagingOutcome> => {
    const again = await get(p.index.base, large);
    if (!isDeepStrictEqual(itemsOf(p, again.body), all))
      return { problems: [], leftOut: 'its list moved between the reads (another worker)', reads, size: total };
    return { problems, ...(windows.length ? { windows } : {}), reads, size: total };
  };
  // Page by page over the first items at a small size (two items or more a page, three pages or more); the first page that is
  // not its window ends the reads (WindowProblem).
  const window = Math.min(all.length, WINDOWED_AT_MOST);
  const small = Math.max(1, Math.floor(window / 3));
  const pagesInWindow = Math.ceil(window / small);
  for (let page = 0; page < pagesInWindow; page++) {
    judge(
      `${p.index.name}=${indexOf(page, small)} ${p.size.name}=${small}`,
      await get(indexOf(page, small), small),
      page,
      small,
      all.slice(page * small, (page + 1) * small),
    );
    if (windows.length) return done();
  }
  // The smallest page: one item, the first.
  if (small > 1) judge(`${p.index.name}=${p.index.base} ${p.size.name}=1`, await get(p.index.base, 1), 0, 1, all.slice(0, 1));
  // The page the size alone selects is the first (the index's default).
  judge(`${p.size.name}=${small} without ${p.index.name}`, await get(undefined, small), 0, small, all.slice(0, small));
  if (windows.length) return done();
  if (total !== undefined) {
    const last = Math.max(0, Math.ceil(total / small) - 1);
    if (last >= pagesInWindow)
      judge(
        `the last page, ${p.index.name}=${indexOf(last, small)} ${p.size.name}=${small}`,
        await get(indexOf(last, small), small),
        last,
        small,
        total <= large ? all.slice(last * small) : undefined,
      );
    if (windows.length) return done();
    const beyond = Math.ceil(total / small);
    const past = await get(indexOf(beyond, small), small);
    const what = `past the end, ${p.index.name}=${indexOf(beyond, small)} ${p.size.name}=${small}`;
    if (p.pastEnd === 404) {
      if (past.status !== 404)
        problems.push(
          `${what}: ${past.status} with ${itemsOf(p, past.body)?.length ?? 'no'} items, expected the documented 404 (an empty page is no 200 of its schema)`,
        );
    } else if (!(p.pastEnd === 'empty-or-refused' && refusedEmpty(p, past))) judge(what, past, beyond, small, []);
    // At the largest size: a set larger than it goes on in a second page, the rest of it.
    if (total > large)
      judge(`${p.index.name}=${indexOf(1, large)} ${p.size.name}=${large}`, await get(indexOf(1, large), large), 1, large, undefined);
    if (windows.length) return done();
  }
  // Without index and size: the first page of the default size.
  if (p.size.default !== undefined && (p.size.max === undefined || p.size.default <= p.size.max))
    judge(
      `without ${p.index.name} and ${p.size.name} (default size ${p.size.default})`,
      await get(undefined, undefined),
      0,
      p.size.default,
      p.size.default <= large ? all.slice(0, p.size.default) : undefined,
    );
  return done();
}

export const FILTERED_TOTALS = 'filtered-totals';

/** A filter of a paged reader: an optional query parameter other than its index and size. */
export const filtersOf = (p: PagedReader) =>
  p.reader.parameters.filter((x) => x.in === 'query' && !x.required && x.name !== p.index.name && x.name !== p.size.name);

/** A member's name without case and separators: `pre_app_id` is the items' `preAppId`. */
const bare = (name: string) => name.toLowerCase().replace(/[_-]/g, '');

/** The values a check sends a filter, each confirmed valid: the items' lowest and highest, else its enum's ends, else both booleans. */
export function filterValues(
  contract: Contract,
  p: PagedReader,
  filter: { name: string; schema?: Json },
  items: unknown[],
  sampled?: unknown,
): unknown[] {
  const schema = schemaOf(contract, filter.schema) ?? {};
  const valid = contract.validator(`param:${p.reader.operationId}:query:${filter.name}`, filter.schema ?? {});
  // A number written as text (a request id) is sent as the number the filter's schema takes.
  const typed = (v: unknown) =>
    typeof v === 'string' && /^(integer|number)$/.test(schema.type) && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v;
  const held = items
    .flatMap((item) =>
      item && typeof item === 'object'
        ? Object.entries(item as Record<string, unknown>)
            .filter(([k, v]) => bare(k) === bare(filter.name) && (typeof v === 'string' || typeof v === 'number'))
            .map(([, v]) => v)
        : [],
    )
    .map(typed)
    .filter((v) => valid(v));
  const sorted = [...new Set(held)].sort((a, b) =>
    typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b)),
  );
  const candidates = sorted.length
    ? [sorted[0], sorted.at(-1)]
    : Array.isArray(schema.enum)
      ? [schema.enum[0], schema.enum.at(-1)]
      : schema.type === 'boolean'
        ? [true, false]
        : [];
  // The value the check's own sample sends (a request id the items do not show) is sent too.
  return [...new Set([...candidates, typed(sampled)])].filter((v) => v !== undefined && valid(v));
}

/** How a check reads a page under filters: the filters added to the sample's query, the index and size each left out when undefined. */
type FilteredPageReader = (filters: Record<string, unknown>, index: number | undefined, size: number | undefined) => Promise<PageRead>;

/** A list's counts under each filter alone, at its largest page and at a page of one, each against the same or a nearby read. */
export async function filteredTotalProblems(
  p: PagedReader,
  values: Record<string, unknown[]>,
  read: FilteredPageReader,
): Promise<{ problems: string[]; judged: string[]; reads: number }> {
  const problems: string[] = [];
  const judged: string[] = [];
  let reads = 0;
  // The largest page asked for stays inside what the documents let a page hold (a size's maximum, the items' maxItems).
  const large = Math.min(p.size.max ?? 1000, p.maxItems ?? Number.POSITIVE_INFINITY);
  const memberOf = (r: PageRead, m: PagedReader['members'][number]) => {
    const v = m.in === 'header' ? r.headers[m.name] : (r.body as Record<string, unknown> | undefined)?.[m.name];
    return v === undefined || v === null || v === '' ? undefined : v;
  };
  const totalMember = p.members.find((m) => m.meaning === 'total');
  for (const [name, list] of Object.entries(values))
    for (const value of list) {
      const filters = { [name]: value };
      const what = `${name}=${JSON.stringify(value)}`;
      reads++;
      const full = await read(filters, p.index.base, large);
      const items = itemsOf(p, full.body);
      // No items under the filter: an empty 200, or the documented 404 of an empty set (its counts cannot be 0).
      if (full.status !== 200 || !items) continue;
      judged.push(what);
      const total = items.length < large ? items.length : totalMember ? Number(memberOf(full, totalMember)) : undefined;
      for (const m of p.members) {
        const raw = memberOf(full, m);
        if (raw === undefined) continue;
        const expected =
          m.meaning === 'total'
            ? total
            : m.meaning === 'count'
              ? items.length
              : m.meaning === 'pages' && total !== undefined
                ? Math.ceil(total / large)
                : m.meaning === 'more' && total !== undefined
                  ? total > items.length
                  : undefined;
        if (expected === undefined) continue;
        const got = typeof expected === 'boolean' ? flagOf(raw) : Number(raw);
        if (got !== expected)
          problems.push(
            `${what} ${p.size.name}=${large}: ${m.in === 'header' ? 'header ' : ''}${m.name} ${JSON.stringify(raw)}, yet the filter keeps ${items.length} items (expected ${expected})`,
          );
      }
      if (total === undefined || total < 2) continue;
      // At a page of one: the counts of the set are the large read's.
      reads++;
      const one = await read(filters, p.index.base, 1);
      if (one.status !== 200) {
        problems.push(`${what} ${p.size.name}=1: ${one.status}, expected the first page of ${total} items`);
        continue;
      }
      for (const m of p.members) {
        const raw = memberOf(one, m);
        const expected = m.meaning === 'total' ? total : m.meaning === 'pages' ? total : m.meaning === 'more' ? true : undefined;
        if (raw === undefined || expected === undefined) continue;
        const got = typeof expected === 'boolean' ? flagOf(raw) : Number(raw);
        if (got !== expected)
          problems.push(
            `${what} ${p.size.name}=1: ${m.in === 'header' ? 'header ' : ''}${m.name} ${JSON.stringify(raw)}, expected ${expected} (the filter keeps ${total} items)`,
          );
      }
    }
  return { problems, judged, reads };
}

/** One page of a paged reader as read: its status, headers and the items it lists. */
export interface Page {
  status: number;
  headers: Record<string, string | undefined>;
  items: readonly unknown[];
}

/** A paged reader's Count and Total headers over every page (provider 2.0.0: "Number of items in this page", "... across all pages"). */
export async function pageProblems(
  what: string,
  p: PagedReader,
  read: (offset: number, limit: number) => Promise<Page>,
  limit: number,
  size?: number,
): Promise<string[]> {
  const header = (meaning: CountMeaning) => p.members.find((m) => m.in === 'header' && m.meaning === meaning)?.name ?? meaning;
  const [count, all] = [header('count'), header('total')];
  const out: string[] = [];
  const first = await read(0, limit);
  const total = size ?? Number(first.headers[all]);
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
    if (page.headers[all] !== undefined && Number(page.headers[all]) !== total)
      out.push(`${what} offset ${offset} limit ${limit}: ${all} ${page.headers[all]}, expected ${total}`);
    if (page.headers[count] !== undefined && Number(page.headers[count]) !== page.items.length)
      out.push(`${what} offset ${offset} limit ${limit}: ${count} ${page.headers[count]} for ${page.items.length} items`);
  }
  if (seen !== total) out.push(`${what}: every page lists ${seen} items, ${all} says ${total}`);
  return out;
}
