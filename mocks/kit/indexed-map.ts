// A store that keeps its own secondary indexes: a Map (insertion order, as every reader of a mock's
// store expects) whose records are also grouped by the keys its readers filter on (a customer's
// accounts, a partner's customers, an account's transactions). Every write goes through set,
// delete or clear, so an index cannot drift from its store whichever module writes; a reader asks
// for one group and pays for what that group holds, never for the whole store. The records'
// grouping fields must not change while stored (customer, partner, account and login ids never
// do); a record whose grouping key changed on a set moves to the end of its new group.

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
type GroupKey = string | number;
const keysOf = <V>(keyOf: IndexKey<V>, value: V): readonly GroupKey[] => {
  const k = keyOf(value);
  return k === undefined ? [] : typeof k === 'object' ? k : [k];
};

export class IndexedMap<K, V, I extends string = string> extends Map<K, V> {
  private readonly indexes: Map<I, { keyOf: IndexKey<V>; groups: Map<GroupKey, Group<K, V>> }> = new Map();
  /**
   * The group keys each record was filed under, per index: a record changed in place (a renamed
   * customer) and set again leaves the groups of its old keys, which its new fields no longer tell.
   */
  private readonly filed = new Map<K, (readonly GroupKey[])[]>();
  /** Insertion rank of each key, so records gathered from several groups can be put back in store order. */
  private readonly ranks = new Map<K, number>();
  private nextRank = 0;

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

  /** @internal Reserves `count` ranks for records set later with setAtRank. */
  protected reserve(count: number): number {
    const first = this.nextRank;
    this.nextRank += count;
    return first;
  }

  /** @internal set, at a rank reserved before. */
  protected setAtRank(key: K, value: V, rank: number): void {
    this.set(key, value);
    this.ranks.set(key, rank);
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

/** The records of one group made only when the group is first read (see DeferringIndexedMap). */
export interface DeferredGroup<K, V> {
  /** Whether a key is one of the group's records (a read by key makes the group). */
  owns(key: K): boolean;
  /** The first of the ranks reserved for its records (reserveRanks), in the order make() gives them. */
  firstRank: number;
  make(): V[];
}

/**
 * An IndexedMap some of whose groups (of one index) are made on their first read: a group read,
 * a read, write or delete by one of its keys, or any walk of the whole store. Its records are then
 * what they would have been had they been set at once, at the ranks reserved for them, so that no
 * reader can tell. A linked portfolio's transactions (thousands per customer, most never read by a
 * check) held every worker's mock at about 900 MB and cost a fifth of its CPU in collection.
 */
export class DeferringIndexedMap<K, V, I extends string = string> extends IndexedMap<K, V, I> {
  private readonly deferred = new Map<GroupKey, DeferredGroup<K, V>>();
  private readonly deferIndex: I;
  private readonly groupKeyOf: IndexKey<V>;
  private readonly keyOfRecord: (value: V) => K;
  /** Set while a deferred group's own records are set (no other group to make then). */
  private making = false;

  constructor(indexes: Record<I, IndexKey<V>>, deferIndex: I, keyOfRecord: (value: V) => K) {
    super(indexes);
    this.deferIndex = deferIndex;
    this.groupKeyOf = indexes[deferIndex];
    this.keyOfRecord = keyOfRecord;
  }

  /** Reserves `count` ranks for records set later, in order (a deferred group's). */
  reserveRanks(count: number): number {
    return this.reserve(count);
  }

  /** Defers the group `key` of the deferring index: made on its first read. */
  defer(key: GroupKey, group: DeferredGroup<K, V>): void {
    this.deferred.set(key, group);
  }

  private make(key: GroupKey): void {
    const group = this.deferred.get(key);
    if (!group) return;
    this.deferred.delete(key);
    let rank = group.firstRank;
    this.making = true;
    try {
      for (const value of group.make()) this.setAtRank(this.keyOfRecord(value), value, rank++);
    } finally {
      this.making = false;
    }
  }

  private makeOwnerOf(key: K): void {
    if (!this.deferred?.size || super.has(key)) return;
    for (const [groupKey, group] of this.deferred) {
      if (group.owns(key)) return this.make(groupKey);
    }
  }

  private makeAll(): void {
    for (const key of [...(this.deferred?.keys() ?? [])]) this.make(key);
  }

  override group(index: I, key: GroupKey): Group<K, V> {
    if (index === this.deferIndex) this.make(key);
    return super.group(index, key);
  }

  override get(key: K): V | undefined {
    this.makeOwnerOf(key);
    return super.get(key);
  }

  override has(key: K): boolean {
    this.makeOwnerOf(key);
    return super.has(key);
  }

  override set(key: K, value: V): this {
    // A record set into a deferred group comes after the group's own records, as it would have.
    if (this.deferred?.size && !this.making) for (const k of keysOf(this.groupKeyOf, value)) this.make(k);
    return super.set(key, value);
  }

  override delete(key: K): boolean {
    this.makeOwnerOf(key);
    return super.delete(key);
  }

  override clear(): void {
    this.deferred?.clear();
    super.clear();
  }

  override get size(): number {
    this.makeAll();
    return super.size;
  }

  override keys(): MapIterator<K> {
    this.makeAll();
    return super.keys();
  }

  override values(): MapIterator<V> {
    this.makeAll();
    return super.values();
  }

  override entries(): MapIterator<[K, V]> {
    this.makeAll();
    return super.entries();
  }

  override [Symbol.iterator](): MapIterator<[K, V]> {
    this.makeAll();
    return super[Symbol.iterator]();
  }

  override forEach(callback: (value: V, key: K, map: Map<K, V>) => void, thisArg?: unknown): void {
    this.makeAll();
    super.forEach(callback, thisArg);
  }
}
