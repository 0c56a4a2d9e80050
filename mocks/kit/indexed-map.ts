// A Map (insertion order) that keeps its own secondary indexes by the keys its readers filter on; every write goes through set,
// delete or clear, so an index cannot drift and a reader pays for its group only. A record whose key changed moves to its new group's end.

/** The records of one group, in the store's insertion order. */
export class Group<K, V> {
  readonly items = new Map<K, V>();
  private array: V[] | undefined;

  get size(): number {
    return this.items.size;
  }

  values(): IterableIterator<V> {
    return this.items.values();
  }

  /** Every record, in order (one array kept until the group changes). */
  all(): readonly V[] {
    this.array ??= [...this.items.values()];
    return this.array;
  }

  /** The size under the name paging reads (paging.ts takes a group or an array). */
  get length(): number {
    return this.items.size;
  }

  /** Array.prototype.slice over the group, without copying it when a page is near its start. */
  slice(from: number, to: number): V[] {
    if (this.array || from < 0 || to < 0 || from > NEAR_START) return this.all().slice(from, to);
    const out: V[] = [];
    let i = 0;
    for (const v of this.items.values()) {
      if (i >= to) break;
      if (i++ >= from) out.push(v);
    }
    return out;
  }

  /** @internal the store's writes */
  put(key: K, value: V): void {
    this.items.set(key, value);
    this.array = undefined;
  }

  /** @internal the store's writes */
  drop(key: K): void {
    if (this.items.delete(key)) this.array = undefined;
  }
}

/** Below this offset a page is read by walking the group's Map rather than building its array. */
const NEAR_START = 1000;

const EMPTY = new Group<never, never>();

/** The key of a record in one index (several: it is in each group; none or undefined: in no group). */
export type IndexKey<V> = (value: V) => string | number | undefined | readonly (string | number)[];
export type GroupKey = string | number;
export const keysOf = <V>(keyOf: IndexKey<V>, value: V): readonly GroupKey[] => {
  const k = keyOf(value);
  return k === undefined ? [] : typeof k === 'object' ? k : [k];
};

export class IndexedMap<K, V, I extends string = string> extends Map<K, V> {
  private readonly indexes: Map<I, { keyOf: IndexKey<V>; groups: Map<GroupKey, Group<K, V>> }> = new Map();
  /** The keys each record was filed under, per index, so a record changed in place and set again leaves its old groups. */
  private readonly filed = new Map<K, (readonly GroupKey[])[]>();
  /** Insertion rank of each key, so records gathered from several groups can be put back in store order. */
  protected readonly ranks = new Map<K, number>();
  protected nextRank = 0;

  constructor(indexes: Record<I, IndexKey<V>>) {
    super();
    for (const [name, keyOf] of Object.entries(indexes) as [I, IndexKey<V>][]) this.indexes.set(name, { keyOf, groups: new Map() });
  }

  /** The records whose `index` key is `key`, in insertion order (an empty group when none). */
  group(index: I, key: GroupKey): Group<K, V> {
    return this.indexes.get(index)?.groups.get(key) ?? (EMPTY as unknown as Group<K, V>);
  }

  /** Records of this store gathered from several groups, put back in the store's insertion order. */
  inOrder(records: Iterable<[K, V]>): V[] {
    return [...records].sort(([a], [b]) => (this.ranks.get(a) ?? 0) - (this.ranks.get(b) ?? 0)).map(([, v]) => v);
  }

  override set(key: K, value: V): this {
    // Map's constructor would call set before the fields exist (never with entries here).
    if (!this.indexes) return super.set(key, value);
    if (!super.has(key)) this.ranks.set(key, this.nextRank++);
    super.set(key, value);
    const before = this.filed.get(key);
    const after: (readonly GroupKey[])[] = [];
    let i = 0;
    for (const { keyOf, groups } of this.indexes.values()) {
      const keys = keysOf(keyOf, value);
      after.push(keys);
      for (const old of before?.[i] ?? []) if (!keys.includes(old)) this.remove(groups, old, key);
      for (const k of keys) {
        let group = groups.get(k);
        if (!group) groups.set(k, (group = new Group<K, V>()));
        group.put(key, value);
      }
      i++;
    }
    this.filed.set(key, after);
    return this;
  }

  override delete(key: K): boolean {
    if (!super.has(key)) return false;
    const before = this.filed.get(key) ?? [];
    let i = 0;
    for (const { groups } of this.indexes.values()) for (const k of before[i++] ?? []) this.remove(groups, k, key);
    this.filed.delete(key);
    this.ranks.delete(key);
    return super.delete(key);
  }

  override clear(): void {
    for (const index of this.indexes?.values() ?? []) index.groups.clear();
    this.filed?.clear();
    this.ranks?.clear();
    super.clear();
  }

  private remove(groups: Map<GroupKey, Group<K, V>>, groupKey: GroupKey, key: K): void {
    const group = groups.get(groupKey);
    if (!group) return;
    group.drop(key);
    if (group.size === 0) groups.delete(groupKey);
  }
}
