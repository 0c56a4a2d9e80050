// The transaction store: an IndexedMap whose groups of one index can be made on their first read; only this mock defers records.
import { IndexedMap, keysOf, type Group, type GroupKey, type IndexKey } from '../kit/indexed-map.js';

/** The records of one group made only when the group is first read (see DeferringIndexedMap). */
export interface DeferredGroup<K, V> {
  /** Whether a key is one of the group's records (a read by key makes the group). */
  owns(key: K): boolean;
  /** The first of the ranks reserved for its records (reserveRanks), in the order make() gives them. */
  firstRank: number;
  make(): V[];
}

/**
 * An IndexedMap some of whose groups are made on their first read (a group read, a keyed read, write or delete, any walk), exactly as
 * if set at once at their reserved ranks: a portfolio's thousands of mostly unread transactions would otherwise cost memory and CPU.
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
    const first = this.nextRank;
    this.nextRank += count;
    return first;
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
      for (const value of group.make()) {
        const key = this.keyOfRecord(value);
        this.set(key, value);
        this.ranks.set(key, rank++);
      }
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
