// Checker: an index the contract orders by age keeps that order over its whole range (provider 1.35.0
// StatementIndexParameter and StatementIndexesParameter: 1 is the most recent statement, each step back one month), on
// every version: each dated index strictly older than the one below it. A version answering a PDF is left out.
import type { Contract, Json, Operation } from '../../contract/contract.js';
import { resolve } from '../../contract/schema-walk.js';

export const INDEX_ORDER = 'index-order';

/** The first value is the most recent; the rest go back in time. */
const MOST_RECENT_FIRST = /\bmost recent\b/i;
/** A date of the read, not of what is read: moves with every call (kit.ts, movesAloneBeside). */
const READ_TIME = /^asOf/;

interface IndexOrdered {
  reader: Operation;
  /** The query parameter ordering by age, and the values it takes in ascending order. */
  index: string;
  values: number[];
  /** Whether it takes a comma-separated list of values (one read for the whole range). */
  list: boolean;
  /** The answer's array member holding the items, the member echoing the index and the one dating each item; undefined where the answer is no JSON object (a file). */
  items?: string;
  echo?: string;
  date?: string;
}

const textOf = (contract: Contract, node: Json): string => {
  const s = node ? (contract.resolveSchema(node) as Json) : undefined;
  return `${node?.description ?? ''} ${s?.description ?? ''}`;
};

/** Every reader whose contract orders an index by age, with how to read its range and what dates it. */
export function indexOrderedReaders(contract: Contract): IndexOrdered[] {
  const out: IndexOrdered[] = [];
  for (const reader of contract.operations.values()) {
    if (reader.method !== 'GET') continue;
    for (const p of reader.parameters.filter((x) => x.in === 'query')) {
      if (!MOST_RECENT_FIRST.test(`${(p as { description?: string }).description ?? ''} ${textOf(contract, p.schema)}`)) continue;
      const valid = contract.validator(`param:${reader.operationId}:query:${p.name}`, p.schema ?? {});
      const typed = resolve(contract, p.schema)?.type;
      const form = (n: number) => (typed === 'string' ? String(n) : n);
      const values = Array.from({ length: 101 }, (_, n) => n).filter((n) => valid(form(n)));
      if (values.length < 2) continue;
      const list = typed === 'string' && valid(values.slice(0, 2).join(','));
      const ok = reader.responses['200'];
      const body = resolve(contract, ok?.schema);
      const arrays = Object.entries<Json>(body?.properties ?? {}).filter(([, m]) => resolve(contract, m)?.type === 'array');
      let found: Pick<IndexOrdered, 'items' | 'echo' | 'date'> = {};
      for (const [member, m] of arrays) {
        const props = Object.keys(resolve(contract, resolve(contract, m).items)?.properties ?? {});
        const date = props.find((k) => /Date$/.test(k) && !READ_TIME.test(k));
        if (props.includes(p.name) && date) found = { items: member, echo: p.name, date };
      }
      out.push({ reader, index: p.name, values, list, ...found });
    }
  }
  return out;
}

/** One read of an index-ordered reader: its status and body. */
interface IndexRead {
  status: number;
  body: unknown;
}

const dateOf = (v: unknown): number | undefined => {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string' || !v) return undefined;
  const t = Date.parse(v);
  return Number.isNaN(t) ? undefined : t / 1000;
};

/** Reads an index's whole range and judges its order: each dated item strictly older than the one before (an undated one not judged). */
export async function indexOrderProblems(
  o: IndexOrdered,
  what: string,
  read: (value: string | number) => Promise<IndexRead>,
): Promise<{ problems: string[]; dated: number; reads: number }> {
  const problems: string[] = [];
  const answers: IndexRead[] = [];
  if (o.list) answers.push(await read(o.values.join(',')));
  else for (const v of o.values) answers.push(await read(v));
  const dated = new Map<number, { at: number; raw: unknown }>();
  for (const a of answers) {
    if (a.status !== 200) {
      problems.push(`${what}: ${o.index} over ${o.values[0]}..${o.values.at(-1)} answered ${a.status}`);
      continue;
    }
    const items = (a.body as Record<string, unknown> | undefined)?.[o.items!];
    for (const item of Array.isArray(items) ? (items as Record<string, unknown>[]) : []) {
      const index = Number(item?.[o.echo!]);
      const at = dateOf(item?.[o.date!]);
      if (Number.isFinite(index) && at !== undefined && !dated.has(index)) dated.set(index, { at, raw: item[o.date!] });
    }
  }
  const byIndex = [...dated.entries()].sort(([a], [b]) => a - b);
  for (let i = 1; i < byIndex.length; i++) {
    const [lower, before] = byIndex[i - 1];
    const [higher, after] = byIndex[i];
    if (!(after.at < before.at))
      problems.push(
        `${what}: ${o.index} ${higher} dated ${o.date} ${JSON.stringify(after.raw)}, not older than ${o.index} ${lower} (${JSON.stringify(before.raw)})`,
      );
  }
  return { problems, dated: dated.size, reads: answers.length };
}
