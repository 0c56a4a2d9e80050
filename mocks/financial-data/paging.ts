// Paging of list bodies (reference, Conventions): `start` is the 1-based page index, `limit` the
// page size (default 25); the body carries found, displaying and moreAvailable.
export function page<T>(items: T[], query: { start?: number; limit?: number }, ignoreStart = false) {
  const limit = query.limit ?? 25;
  const start = ignoreStart ? 1 : query.start ?? 1;
  const slice = items.slice((start - 1) * limit, start * limit);
  return { found: items.length, displaying: slice.length, moreAvailable: start * limit < items.length, slice };
}
