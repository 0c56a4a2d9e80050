// Covers: the financial-data mock's store whose groups are made on first read (mocks/financial-data/deferring-store.ts,
// DeferringIndexedMap): every reader sees what an eager store would hold, in the same order.
import { DeferringIndexedMap } from '../../mocks/financial-data/deferring-store.js';
import { expect, test } from '../../fixtures/self.js';

type Row = { id: number; owner: string };

/** Owner a's rows 1-3 deferred at ranks reserved first, owner b's row 10 set at once after them. */
function store(): { map: DeferringIndexedMap<number, Row, 'owner'>; made: string[] } {
  const made: string[] = [];
  const map = new DeferringIndexedMap<number, Row, 'owner'>({ owner: (r: Row) => r.owner }, 'owner', (r) => r.id);
  map.defer('a', {
    owns: (id) => id >= 1 && id <= 3,
    firstRank: map.reserveRanks(3),
    make: () => {
      made.push('a');
      return [1, 2, 3].map((id) => ({ id, owner: 'a' }));
    },
  });
  map.set(10, { id: 10, owner: 'b' });
  return { map, made };
}

test('a deferred group is made once, on its first read, and sorts at the ranks reserved for it', () => {
  const { map, made } = store();
  expect(made).toEqual([]);
  expect([...map.group('owner', 'b').values()].map((r) => r.id)).toEqual([10]);
  expect(made, 'reading another group makes nothing').toEqual([]);
  expect([...map.group('owner', 'a').values()].map((r) => r.id)).toEqual([1, 2, 3]);
  expect(map.inOrder([...map.group('owner', 'b').items, ...map.group('owner', 'a').items]).map((r) => r.id)).toEqual([1, 2, 3, 10]);
  map.group('owner', 'a');
  expect(made).toEqual(['a']);
});

test('a read, write or delete by one of its keys, and every walk of the store, make the group first', () => {
  expect(store().map.get(2)).toEqual({ id: 2, owner: 'a' });
  expect(store().map.has(3)).toBe(true);
  expect(store().map.get(4)).toBeUndefined();
  const deleted = store().map;
  expect(deleted.delete(1)).toBe(true);
  expect([...deleted.group('owner', 'a').values()].map((r) => r.id)).toEqual([2, 3]);
  const added = store().map;
  added.set(4, { id: 4, owner: 'a' });
  const grouped = [...added.group('owner', 'a').values()].map((r) => r.id);
  expect(grouped, "a record set into the group comes after the group's own").toEqual([1, 2, 3, 4]);
  expect(store().map.size).toBe(4);
  expect([...store().map.keys()].sort((x, y) => x - y)).toEqual([1, 2, 3, 10]);
  expect([...store().map.values()]).toHaveLength(4);
  expect([...store().map.entries()]).toHaveLength(4);
  expect([...store().map]).toHaveLength(4);
  const seen: number[] = [];
  store().map.forEach((_, id) => seen.push(id));
  expect(seen).toHaveLength(4);
  const cleared = store();
  cleared.map.clear();
  expect([...cleared.map.group('owner', 'a').values()]).toEqual([]);
  expect(cleared.made, 'a cleared store makes nothing').toEqual([]);
});
